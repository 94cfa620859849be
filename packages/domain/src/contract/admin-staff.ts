import { z } from 'zod/mini';
import { text } from './text.ts';
import { dbId, rupees } from './primitives.ts';
import { EMAIL_MAX_LENGTH, isValidEmail, isValidPhone, normalisePhone } from '../validation.ts';
import { RETAILER_STANDINGS } from '../retailers.ts';
import { staffMessages } from '../staff-messages.ts';

/**
 * The sales team and staff users (back office III, issue 18 items 4 and 5; `/api/admin/...`,
 * admin only): sales executives with their retailers, moving retailers between them, a retailer's
 * sales executives, and the distributor's staff users (admin, accounts, warehouse). camelCase
 * fields, money in rupees, moments as ISO 8601. New users get a mail with a link to set a password,
 * never a password.
 */

const m = staffMessages;
const id = z.number().check(z.int());

/** The roles a staff user is created with (a sales executive has its own calls). */
export const STAFF_USER_ROLES = ['admin', 'accounts', 'warehouse'] as const;
export type StaffUserRole = (typeof STAFF_USER_ROLES)[number];
/** The roles the staff users list shows: the staff and the sales executives. */
export const STAFF_LIST_ROLES = ['admin', 'accounts', 'warehouse', 'salesexecutive'] as const;
export type StaffListRole = (typeof STAFF_LIST_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffListRole, string> = {
  admin: 'Admin',
  accounts: 'Accounts',
  warehouse: 'Warehouse',
  salesexecutive: 'Sales executive',
};

/** Most links a retailer may have, and most retailers one move takes. */
export const MAX_SALES_EXECUTIVES_PER_RETAILER = 20;
export const MAX_RETAILERS_PER_MOVE = 500;

const personName = text().check(z.trim(), z.minLength(1, m.name.required), z.maxLength(120, m.name.tooLong));
const email = text().check(z.trim(), z.maxLength(EMAIL_MAX_LENGTH, m.email.invalid), z.refine(isValidEmail, m.email.invalid));
/** A mobile number as people type it (+91, spaces); stored as its 10 digits. */
const phone = z.pipe(
  text().check(z.trim(), z.refine(isValidPhone, m.phone.invalid)),
  z.transform((value) => normalisePhone(value) ?? value),
);

const pageNumber = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000)), 1);
const pageSize = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50);
/** `active`: only active users (`true`), only deactivated ones (`false`), or all (`all`, the default). */
const activeFilter = z._default(z.enum(['true', 'false', 'all']), 'all');

export const UserIdParamsSchema = z.object({ id: dbId });

// ── Sales executives ─────────────────────────────────────────────────────────────────────────

export const SalesExecutivesQuerySchema = z.object({
  /** Name, email or phone (part of it). */
  q: z.optional(text().check(z.trim(), z.maxLength(100))),
  active: activeFilter,
  pageNumber,
  pageSize,
});
export type SalesExecutivesQuery = z.infer<typeof SalesExecutivesQuerySchema>;

export const SalesExecutiveRowSchema = z.object({
  id,
  name: text(),
  email: text(),
  phone: z.nullable(text()),
  active: z.boolean(),
  /** Retailers linked to this sales executive. */
  retailerCount: z.number().check(z.int()),
  /** Unpaid invoice balances of those retailers. */
  outstanding: rupees,
  lastSignInAt: z.nullable(text()),
});
export type SalesExecutiveRow = z.infer<typeof SalesExecutiveRowSchema>;

export const SalesExecutivesResponseSchema = z.object({
  salesExecutives: z.array(SalesExecutiveRowSchema),
  totalCount: z.number().check(z.int()),
  pageNumber: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
});
export type SalesExecutivesResponse = z.infer<typeof SalesExecutivesResponseSchema>;

export const LinkedRetailerSchema = z.object({
  id,
  businessName: text(),
  email: text(),
  city: text(),
  stateName: text(),
  /** Where it stands: its status, or `Credit hold` for an active retailer on hold. */
  standing: z.enum(RETAILER_STANDINGS),
  outstanding: rupees,
  /** The other sales executives linked to it (names). */
  alsoWith: z.array(text()),
});
export type LinkedRetailer = z.infer<typeof LinkedRetailerSchema>;

export const SalesExecutiveDetailSchema = z.extend(SalesExecutiveRowSchema, {
  createdAt: text(),
  /** Sign-in sessions not ended or expired. */
  openSessions: z.number().check(z.int()),
  retailers: z.array(LinkedRetailerSchema),
});
export type SalesExecutiveDetail = z.infer<typeof SalesExecutiveDetailSchema>;

export const CreateSalesExecutiveBodySchema = z.object({ name: personName, email, phone });
export type CreateSalesExecutiveBody = z.input<typeof CreateSalesExecutiveBodySchema>;

/** A change to a sales executive: the message to show and the sales executive as it now is. */
export const SalesExecutiveResultSchema = z.object({ message: text(), salesExecutive: SalesExecutiveDetailSchema });
export type SalesExecutiveResult = z.infer<typeof SalesExecutiveResultSchema>;

export const MoveRetailersBodySchema = z.object({
  retailerIds: z.array(dbId, { error: m.move.none }).check(
    z.minLength(1, m.move.none),
    z.maxLength(MAX_RETAILERS_PER_MOVE, m.move.tooMany),
    z.refine((ids) => new Set(ids).size === ids.length, m.links.duplicate),
  ),
  toSalesExecutiveId: dbId,
});
export type MoveRetailersBody = z.input<typeof MoveRetailersBodySchema>;

export const MoveRetailersResultSchema = z.object({
  message: text(),
  moved: z.number().check(z.int()),
  /** The sales executive they left, as it now is. */
  salesExecutive: SalesExecutiveDetailSchema,
});
export type MoveRetailersResult = z.infer<typeof MoveRetailersResultSchema>;

// ── A retailer's sales executives ────────────────────────────────────────────────────────────

export const RetailerSalesExecutivesBodySchema = z.object({
  /** Replaces the retailer's links; empty leaves the retailer with no sales executive. */
  salesExecutiveIds: z.array(dbId).check(
    z.maxLength(MAX_SALES_EXECUTIVES_PER_RETAILER, m.links.tooMany),
    z.refine((ids) => new Set(ids).size === ids.length, m.links.duplicate),
  ),
});
export type RetailerSalesExecutivesBody = z.input<typeof RetailerSalesExecutivesBodySchema>;

export const RetailerLinkedSalesExecutiveSchema = z.object({ id, name: text(), email: text(), active: z.boolean() });
export const RetailerSalesExecutivesResultSchema = z.object({
  message: text(),
  retailerId: id,
  salesExecutives: z.array(RetailerLinkedSalesExecutiveSchema),
});
export type RetailerSalesExecutivesResult = z.infer<typeof RetailerSalesExecutivesResultSchema>;

// ── Staff users ──────────────────────────────────────────────────────────────────────────────

export const StaffUsersQuerySchema = z.object({
  role: z.optional(z.enum(STAFF_LIST_ROLES)),
  /** Name, email or phone (part of it). */
  q: z.optional(text().check(z.trim(), z.maxLength(100))),
  active: activeFilter,
  pageNumber,
  pageSize,
});
export type StaffUsersQuery = z.infer<typeof StaffUsersQuerySchema>;

export const StaffUserRowSchema = z.object({
  id,
  name: text(),
  email: text(),
  phone: z.nullable(text()),
  role: z.enum(STAFF_LIST_ROLES),
  active: z.boolean(),
  lastSignInAt: z.nullable(text()),
  createdAt: text(),
  openSessions: z.number().check(z.int()),
  /** Too many failed sign-ins lately: Unlock lets it sign in again at once. */
  signInLocked: z.boolean(),
});
export type StaffUserRow = z.infer<typeof StaffUserRowSchema>;

export const StaffUsersResponseSchema = z.object({
  users: z.array(StaffUserRowSchema),
  totalCount: z.number().check(z.int()),
  pageNumber: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
});
export type StaffUsersResponse = z.infer<typeof StaffUsersResponseSchema>;

export const CreateStaffUserBodySchema = z.object({
  name: personName,
  email,
  phone,
  role: z.enum(STAFF_USER_ROLES, { error: m.role.invalid }),
});
export type CreateStaffUserBody = z.input<typeof CreateStaffUserBodySchema>;

export const StaffUserResultSchema = z.object({ message: text(), user: StaffUserRowSchema });
export type StaffUserResult = z.infer<typeof StaffUserResultSchema>;

export const EndSessionsResultSchema = z.object({ message: text(), sessionsEnded: z.number().check(z.int()), user: StaffUserRowSchema });
export type EndSessionsResult = z.infer<typeof EndSessionsResultSchema>;
