import { z } from 'zod/mini';
import { text } from './text.ts';
import { dbId, rupees } from './primitives.ts';
import { AuditEntrySchema } from './admin-orders.ts';
import { AgeingSchema } from './admin-reports.ts';
import { RETAILER_STANDINGS, RETAILER_STATUSES, normaliseTaxId } from '../retailers.ts';
import { retailerMessages } from '../retailer-messages.ts';
import { EMAIL_MAX_LENGTH, isValidEmail, normalisePhone } from '../validation.ts';
import { ORDER_STATUSES } from '../order-desk.ts';

/**
 * The retailers desk (`/api/admin/retailers`, issue 18): list, CSV export, one retailer's page,
 * create and edit (admin), approve or reject a sales executive's proposal (admin), block and unblock
 * (admin, accounts); and `POST /api/Account/proposeRetailer` for a sales executive. camelCase
 * fields; money is rupees on the wire; moments ISO 8601. Credit limit, payment terms and credit hold
 * are set on the credit page (`/api/admin/retailers/:id/credit`), linked sales executives by
 * `PUT /api/admin/retailers/:id/sales-executives`: they are shown here, not written.
 */

const id = z.number().check(z.int());
const m = retailerMessages;

// ── Fields of a retailer as a form sends them ───────────────────────────────────────────────

const businessName = text().check(
  z.trim(),
  z.minLength(2, m.form.businessNameRequired),
  z.maxLength(200, 'A business name has at most 200 characters.'),
);
const firstName = text().check(
  z.trim(),
  z.minLength(1, m.form.contactNameRequired),
  z.maxLength(100, 'A name has at most 100 characters.'),
);
const lastName = text().check(z.trim(), z.maxLength(100, 'A name has at most 100 characters.'));
const email = z.pipe(
  text().check(z.trim(), z.maxLength(EMAIL_MAX_LENGTH, m.form.emailInvalid), z.refine(isValidEmail, m.form.emailInvalid)),
  z.transform((v) => v.toLowerCase()),
);
/** A mobile number; stored as its 10 digits. */
const phone = z.pipe(
  text().check(
    z.maxLength(20, m.form.phoneInvalid),
    z.refine((v) => normalisePhone(v) !== null, m.form.phoneInvalid),
  ),
  z.transform((v) => normalisePhone(v)!),
);
const optionalPhone = z.nullable(
  z.pipe(
    z
      .pipe(
        text().check(z.maxLength(20, m.form.phoneInvalid)),
        z.transform((v) => v.trim()),
      )
      .check(z.refine((v) => v === '' || normalisePhone(v) !== null, m.form.phoneInvalid)),
    z.transform((v) => (v === '' ? null : normalisePhone(v)!)),
  ),
);
const address = text().check(z.trim(), z.minLength(3, m.form.addressRequired), z.maxLength(500, 'An address has at most 500 characters.'));
const pinCode = text().check(z.trim(), z.regex(/^[1-9][0-9]{5}$/, m.form.pinInvalid));
/** A GSTIN or PAN as typed (spaces, lower case allowed): normalised, and null when blank. */
function taxId(maxLength: number, message: string) {
  return z.nullable(
    z.pipe(
      text().check(z.maxLength(maxLength, message)),
      z.transform((v) => {
        const normalised = normaliseTaxId(v);
        return normalised === '' ? null : normalised;
      }),
    ),
  );
}
/** GSTIN as typed (spaces, lower case allowed): stored upper case; format, check character, state and PAN checked by the server. */
const gstin = taxId(30, m.gstin.format);
const pan = taxId(20, m.pan.format);
const limit = z
  .number({ error: m.form.limitPositive })
  .check(z.int(m.form.limitPositive), z.gte(1, m.form.limitPositive), z.lte(1_000_000, m.form.limitPositive));
const orderValue = z
  .number({ error: m.form.orderValueRange })
  .check(z.gte(0, m.form.orderValueRange), z.lte(100_000_000, m.form.orderValueRange));

/**
 * A sales executive's short form (`POST /api/Account/proposeRetailer`): the shop, its contact and
 * billing address, GSTIN and PAN. The GSTIN (when given) must have a valid check character, the
 * billing state's code and the PAN given; GSTIN and email must be new.
 */
export const ProposeRetailerBodySchema = z.object({
  businessName,
  firstName,
  lastName: z._default(lastName, ''),
  email,
  phone,
  address,
  stateId: dbId,
  cityId: dbId,
  pinCode,
  gstin: z._default(gstin, null),
  pan: z._default(pan, null),
});
export type ProposeRetailerBody = z.infer<typeof ProposeRetailerBodySchema>;
export type ProposeRetailerInput = z.input<typeof ProposeRetailerBodySchema>;

export const ProposeRetailerResponseSchema = z.object({
  message: text(),
  retailerId: id,
  status: z.enum(RETAILER_STATUSES),
});
export type ProposeRetailerResponse = z.infer<typeof ProposeRetailerResponseSchema>;

/** POST /api/admin/retailers (admin): an Active retailer and its sign-in user, who gets a mail to set a password. */
export const AdminRetailerCreateSchema = z.extend(ProposeRetailerBodySchema, {
  alternatePhone: z._default(optionalPhone, null),
  /** Pieces of one colour in one order. */
  maxLimitPerVariant: z._default(limit, 20),
  /** Pieces in one order. */
  maxOrderQuantity: z._default(limit, 500),
  /** Rupees, one order's value with GST. */
  maxOrderValue: z._default(orderValue, 500_000),
  /** Sales executives (user ids) to link it to; more can be linked later. */
  salesExecutiveIds: z._default(z.array(dbId).check(z.maxLength(20)), []),
});
export type AdminRetailerCreate = z.infer<typeof AdminRetailerCreateSchema>;
export type AdminRetailerCreateInput = z.input<typeof AdminRetailerCreateSchema>;

/**
 * PATCH /api/admin/retailers/:id (admin): any of the business details, contact, billing address,
 * GSTIN/PAN (checked as on create, against the address as it will be) and limits. The email is the
 * retailer's and its sign-in user's (both change).
 */
const AdminRetailerFieldsSchema = z.object({
  businessName,
  firstName,
  lastName,
  email,
  phone,
  alternatePhone: optionalPhone,
  address,
  stateId: dbId,
  cityId: dbId,
  pinCode,
  gstin,
  pan,
  maxLimitPerVariant: limit,
  maxOrderQuantity: limit,
  maxOrderValue: orderValue,
});
/** The fields an edit may change (the edit form sends only those that differ). */
export const ADMIN_RETAILER_PATCH_FIELDS = z.keyof(AdminRetailerFieldsSchema).options;
export const AdminRetailerPatchSchema = z
  .partial(AdminRetailerFieldsSchema)
  .check(z.refine((patch) => Object.values(patch).some((v) => v !== undefined), m.form.nothingToChange));
export type AdminRetailerPatch = z.infer<typeof AdminRetailerPatchSchema>;
export type AdminRetailerPatchInput = z.input<typeof AdminRetailerPatchSchema>;

const reason = text().check(z.trim(), z.minLength(3, m.status.reasonRequired), z.maxLength(500, 'A reason has at most 500 characters.'));
/** POST …/reject and …/block. */
export const RetailerReasonBodySchema = z.object({ reason });
export type RetailerReasonBody = z.infer<typeof RetailerReasonBodySchema>;

export const AdminRetailerIdParamsSchema = z.object({ id: dbId });

// ── The list ────────────────────────────────────────────────────────────────────────────────

/** name A→Z, city A→Z, createdAt newest first, outstanding largest first (direction turns any round). */
export const ADMIN_RETAILER_SORTS = ['name', 'city', 'createdAt', 'outstanding'] as const;
export type AdminRetailerSort = (typeof ADMIN_RETAILER_SORTS)[number];

export const AdminRetailersFilterSchema = z.object({
  /** Business name, contact name, email, GSTIN or city (part of it, any case). */
  q: z.optional(text().check(z.trim(), z.maxLength(100))),
  stateId: z.optional(dbId),
  /** Retailers linked to this sales executive (user id). */
  salesExecutiveId: z.optional(dbId),
  /** Pending, Active (not on credit hold), Credit hold, Blocked or Rejected. */
  status: z.optional(z.enum(RETAILER_STANDINGS)),
});
export type AdminRetailersFilter = z.infer<typeof AdminRetailersFilterSchema>;

export const AdminRetailersQuerySchema = z.extend(AdminRetailersFilterSchema, {
  sort: z._default(z.enum(ADMIN_RETAILER_SORTS), 'name'),
  /** Default: asc for name and city, desc for createdAt and outstanding. */
  direction: z.optional(z.enum(['asc', 'desc'])),
  pageNumber: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
});
export type AdminRetailersQuery = z.infer<typeof AdminRetailersQuerySchema>;

/** GET /api/admin/retailers/export.csv: the list's filters and sort, every matching row. */
export const AdminRetailersExportQuerySchema = z.omit(AdminRetailersQuerySchema, { pageNumber: true, pageSize: true });
export type AdminRetailersExportQuery = z.infer<typeof AdminRetailersExportQuerySchema>;

export const RetailerSalesExecutiveSchema = z.object({ userId: id, name: text(), email: text(), phone: z.nullable(text()) });

export const AdminRetailerRowSchema = z.object({
  id,
  businessName: text(),
  /** The contact person. */
  contactName: text(),
  email: text(),
  phone: text(),
  city: text(),
  stateName: text(),
  gstin: z.nullable(text()),
  status: z.enum(RETAILER_STATUSES),
  /** The status, or 'Credit hold' for an Active retailer on hold. */
  standing: z.enum(RETAILER_STANDINGS),
  salesExecutives: z.array(text()),
  /** Unpaid invoice balances, rupees. */
  outstanding: rupees,
  createdAt: text(),
});
export type AdminRetailerRow = z.infer<typeof AdminRetailerRowSchema>;

export const AdminRetailersResponseSchema = z.object({
  retailers: z.array(AdminRetailerRowSchema),
  totalCount: z.number().check(z.int()),
  pageNumber: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  /** Retailers per standing under the other filters (status left out), for the tabs. */
  counts: z.record(z.enum(RETAILER_STANDINGS), z.number().check(z.int())),
});
export type AdminRetailersResponse = z.infer<typeof AdminRetailersResponseSchema>;

// ── One retailer ────────────────────────────────────────────────────────────────────────────

const who = z.object({ userId: z.nullable(id), name: text(), role: z.nullable(text()) });

export const AdminRetailerAddressSchema = z.object({
  id,
  name: text(),
  address: text(),
  cityId: id,
  city: text(),
  stateId: id,
  stateName: text(),
  pinCode: text(),
  phone: text(),
  isDefault: z.boolean(),
});

export const AdminRetailerUserSchema = z.object({
  id,
  name: text(),
  email: text(),
  phone: z.nullable(text()),
  isActive: z.boolean(),
  lastLoginAt: z.nullable(text()),
  /** Locked out by too many wrong passwords (the account's admin unlock opens it). */
  locked: z.boolean(),
  /** Open sessions now. */
  activeSessions: z.number().check(z.int()),
  /** Has never set a password (waits for the welcome link). */
  awaitingPassword: z.boolean(),
});

export const AdminRetailerOrderSchema = z.object({
  id,
  orderRefNo: text(),
  placedAt: text(),
  status: z.enum(ORDER_STATUSES),
  totalQuantity: z.number().check(z.int()),
  total: rupees,
});

export const AdminRetailerInvoiceSchema = z.object({
  id,
  invoiceNo: text(),
  invoiceDate: text(),
  dueDate: text(),
  total: rupees,
  /** Still to pay. */
  balance: rupees,
  paymentStatus: text(),
  /** Whole days past due; 0 when not due or paid. */
  daysOverdue: z.number().check(z.int()),
});

export const AdminRetailerDetailSchema = z.object({
  id,
  businessName: text(),
  firstName: text(),
  lastName: text(),
  email: text(),
  phone: text(),
  alternatePhone: z.nullable(text()),
  gstin: z.nullable(text()),
  pan: z.nullable(text()),
  billing: z.object({
    address: text(),
    cityId: id,
    city: text(),
    stateId: id,
    stateName: text(),
    stateCode: text(),
    pinCode: text(),
  }),
  shippingAddresses: z.array(AdminRetailerAddressSchema),
  limits: z.object({ maxLimitPerVariant: z.number().check(z.int()), maxOrderQuantity: z.number().check(z.int()), maxOrderValue: rupees }),
  credit: z.object({
    creditLimit: rupees,
    /** The retailer's own, or null when the default applies. */
    paymentTermsDays: z.nullable(z.number().check(z.int())),
    paymentTermsDefaultDays: z.number().check(z.int()),
    creditHold: z.boolean(),
    creditHoldReason: z.nullable(text()),
  }),
  status: z.enum(RETAILER_STATUSES),
  standing: z.enum(RETAILER_STANDINGS),
  statusReason: z.nullable(text()),
  /** The last change of status (null for one never changed since it was created or seeded). */
  statusChanged: z.nullable(z.object({ by: z.nullable(who), at: text() })),
  proposedBy: z.nullable(who),
  createdAt: text(),
  salesExecutives: z.array(RetailerSalesExecutiveSchema),
  users: z.array(AdminRetailerUserSchema),
  recentOrders: z.array(AdminRetailerOrderSchema),
  recentInvoices: z.array(AdminRetailerInvoiceSchema),
  /** Unpaid balances by days past due, on today in India. */
  outstanding: z.extend(AgeingSchema, { asOf: text(), openInvoices: z.number().check(z.int()) }),
  /** The newest 20 audit entries about this retailer. */
  audit: z.array(AuditEntrySchema),
  /** What the caller may do now (status and role). */
  actions: z.object({
    edit: z.boolean(),
    approve: z.boolean(),
    reject: z.boolean(),
    block: z.boolean(),
    unblock: z.boolean(),
  }),
});
export type AdminRetailerDetail = z.infer<typeof AdminRetailerDetailSchema>;

// ── Cart and checkout: why a retailer cannot order ──────────────────────────────────────────
// In a module of their own: the cart's contract needs them, and importing this file for them
// brought the back office's schemas (and their imports) into every retailer's first screen.
export { OrderingBlockedSchema, RetailerContactSchema, type OrderingBlocked } from './ordering-blocked.ts';
