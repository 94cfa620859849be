import { z } from 'zod/mini';
import { text } from './text.ts';
import { dbId, rupees } from './primitives.ts';
import { EWAY_BILL_NUMBER_PATTERN, HOLD_KINDS, ORDER_STATUSES, SHIPMENT_STATUSES } from '../order-desk.ts';

/**
 * The order desk (back office, `/api/admin/...`): the queue, one order with its lines, shipments,
 * history, audit and the retailer's credit position, and the actions on them. camelCase fields
 * (new calls, not the spec's); money is rupees on the wire like everywhere else; dates 'YYYY-MM-DD'.
 * Every action answers the order as it now is (AdminOrderDetail), so a screen redraws from one answer.
 */

/** 'YYYY-MM-DD' */
export const deskDate = text().check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date as YYYY-MM-DD'));
const id = z.number().check(z.int());
const reason = text().check(z.trim(), z.minLength(3, 'Please give a reason (at least 3 characters).'), z.maxLength(500));
const who = z.object({ userId: z.nullable(id), name: text(), role: z.nullable(text()) });
/** Who did something and when (ISO 8601). */
export const StampSchema = z.object({ by: who, at: text() });
export type Stamp = z.infer<typeof StampSchema>;

export const AdminIdempotencyHeadersSchema = z.object({
  'idempotency-key': z.optional(
    text().check(z.trim(), z.regex(/^[A-Za-z0-9._:-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits or . _ : -')),
  ),
});

export const OrderIdParamsSchema = z.object({ id: dbId });
export const OrderLineParamsSchema = z.object({ id: dbId, lineId: dbId });
export const ShipmentIdParamsSchema = z.object({ id: dbId });
export const RetailerIdParamsSchema = z.object({ id: dbId });

// ── The queue ───────────────────────────────────────────────────────────────────────────────

export const AdminOrdersQuerySchema = z.object({
  status: z.optional(z.enum(ORDER_STATUSES)),
  /** Order ref, retailer name, email or GSTIN (part of it). */
  q: z.optional(text().check(z.trim(), z.maxLength(100))),
  stateId: z.optional(dbId),
  salesExecutiveId: z.optional(dbId),
  /** Placed on or after this day (India). */
  from: z.optional(deskDate),
  /** Placed on or before this day (India). */
  to: z.optional(deskDate),
  pageNumber: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

export const AdminOrderRowSchema = z.object({
  id,
  orderRefNo: text(),
  placedAt: text(),
  status: z.enum(ORDER_STATUSES),
  holdKind: z.nullable(z.enum(HOLD_KINDS)),
  holdReason: z.nullable(text()),
  retailerId: id,
  retailerName: text(),
  retailerEmail: text(),
  gstin: z.nullable(text()),
  city: text(),
  stateName: text(),
  salesExecutives: z.array(text()),
  totalQuantity: z.number().check(z.int()),
  /** Pieces dispatched so far. */
  dispatchedQuantity: z.number().check(z.int()),
  /** Order value with GST. */
  total: rupees,
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

export const AdminOrdersResponseSchema = z.object({
  orders: z.array(AdminOrderRowSchema),
  totalCount: z.number().check(z.int()),
  pageNumber: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  /** Orders per status under the other filters (the status filter left out), for the tabs. */
  counts: z.record(z.enum(ORDER_STATUSES), z.number().check(z.int())),
});
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponseSchema>;

// ── One order ───────────────────────────────────────────────────────────────────────────────

export const CreditPositionSchema = z.object({
  retailerId: id,
  creditLimit: rupees,
  /** The retailer's own terms, or the default when it has none. */
  paymentTermsDays: z.number().check(z.int()),
  paymentTermsDefault: z.boolean(),
  creditHold: z.boolean(),
  creditHoldReason: z.nullable(text()),
  /** Unpaid invoice balances. */
  outstanding: rupees,
  /** Confirmed orders' value not yet invoiced. */
  onOrder: rupees,
  /** limit − outstanding − on order (negative when over). */
  available: rupees,
  overdue: rupees,
  /** Days the oldest unpaid invoice is past due; 0 when none is. */
  oldestOverdueDays: z.number().check(z.int()),
  oldestOverdueInvoiceNo: z.nullable(text()),
});
export type CreditPositionView = z.infer<typeof CreditPositionSchema>;

export const AdminOrderLineSchema = z.object({
  id,
  productId: id,
  productCode: text(),
  productName: text(),
  modelName: text(),
  colourName: text(),
  colorVariant: text(),
  sizeName: z.nullable(text()),
  hsnCode: text(),
  gstRate: z.number(),
  imageUrl: z.nullable(text()),
  isFree: z.boolean(),
  /** Ordered (after edits). */
  quantity: z.number().check(z.int()),
  cancelledQuantity: z.number().check(z.int()),
  /** In any shipment (packing, packed, dispatched or delivered). */
  inShipmentsQuantity: z.number().check(z.int()),
  /** In a packed shipment (or one further on): the line can no longer be edited. */
  packedQuantity: z.number().check(z.int()),
  dispatchedQuantity: z.number().check(z.int()),
  deliveredQuantity: z.number().check(z.int()),
  /** Ordered − cancelled − dispatched. */
  backorderedQuantity: z.number().check(z.int()),
  /** Not cancelled and in no shipment: what a new shipment can take. */
  openQuantity: z.number().check(z.int()),
  expectedDate: z.nullable(text()),
  unitPrice: rupees,
  discountPerUnit: rupees,
  taxable: rupees,
  total: rupees,
});
export type AdminOrderLine = z.infer<typeof AdminOrderLineSchema>;

export const AdminShipmentSchema = z.object({
  id,
  shipmentNo: z.number().check(z.int()),
  status: z.enum(SHIPMENT_STATUSES),
  /**
   * What it carries of each order line, and the GST rate its invoice charged (dispatched: the rate in
   * force on the invoice date) or would charge if dispatched today. It may differ from the rate the
   * order line was placed at (`AdminOrderLine.gstRate`) when GST changed in between.
   */
  lines: z.array(z.object({ orderLineId: id, quantity: z.number().check(z.int()), gstRate: z.number() })),
  boxes: z.nullable(z.number().check(z.int())),
  transporter: z.nullable(text()),
  docketNo: z.nullable(text()),
  vehicleNo: z.nullable(text()),
  dispatchDate: z.nullable(text()),
  ewayBillNo: z.nullable(text()),
  deliveredOn: z.nullable(text()),
  receivedBy: z.nullable(text()),
  /** Consignment value with GST (what its invoice bills, or will bill). */
  value: rupees,
  needsEwayBill: z.boolean(),
  /**
   * Its tax invoice once dispatched; `registration` is the e-invoice's IRN, Ack No. and Ack Date
   * (ISO 8601) once recorded (PUT /api/admin/invoices/:id/irn), else null.
   */
  invoice: z.nullable(
    z.object({
      id,
      invoiceNo: text(),
      invoiceDate: text(),
      amount: rupees,
      registration: z.nullable(z.object({ irn: text(), ackNo: text(), ackDate: text() })),
    }),
  ),
  created: StampSchema,
  packed: z.nullable(StampSchema),
  dispatched: z.nullable(StampSchema),
  delivered: z.nullable(StampSchema),
});
export type AdminShipment = z.infer<typeof AdminShipmentSchema>;

export const OrderHistoryEntrySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  note: z.nullable(text()),
  by: z.nullable(who),
  at: text(),
});
export const AuditEntrySchema = z.object({
  id,
  action: text(),
  by: z.nullable(who),
  at: text(),
  details: z.nullable(z.record(z.string(), z.unknown())),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** What the caller may do to this order now (its status and the caller's role): the screen shows just these. */
export const AdminOrderActionsSchema = z.object({
  confirm: z.boolean(),
  /** May confirm past a failed credit check (accounts, admin). */
  override: z.boolean(),
  hold: z.boolean(),
  release: z.boolean(),
  cancel: z.boolean(),
  cancelLine: z.boolean(),
  edit: z.boolean(),
  /** May save an edit that raises a confirmed order past the credit check (admin). */
  editPastCredit: z.boolean(),
  ship: z.boolean(),
});

export const AdminOrderDetailSchema = z.object({
  id,
  orderRefNo: text(),
  status: z.enum(ORDER_STATUSES),
  placedAt: text(),
  placedBy: who,
  note: z.nullable(text()),
  hold: z.nullable(z.object({ kind: z.enum(HOLD_KINDS), reason: text(), by: z.nullable(who), at: text() })),
  confirmed: z.nullable(z.object({ by: z.nullable(who), at: text(), overrideReason: z.nullable(text()) })),
  cancelled: z.nullable(z.object({ by: z.nullable(who), at: text(), reason: text() })),
  retailer: z.object({
    id,
    businessName: text(),
    email: text(),
    phone: text(),
    gstin: z.nullable(text()),
    stateName: text(),
    salesExecutives: z.array(z.object({ userId: id, name: text(), email: text() })),
  }),
  billTo: z.object({
    businessName: text(),
    address: text(),
    city: text(),
    state: text(),
    stateCode: text(),
    pinCode: text(),
    gstin: z.nullable(text()),
  }),
  shipTo: z.nullable(
    z.object({ name: text(), address: text(), city: text(), state: text(), stateCode: text(), pinCode: text(), phone: z.nullable(text()) }),
  ),
  totals: z.object({
    quantity: z.number().check(z.int()),
    gross: rupees,
    discount: rupees,
    taxable: rupees,
    cgst: rupees,
    sgst: rupees,
    igst: rupees,
    total: rupees,
  }),
  lines: z.array(AdminOrderLineSchema),
  shipments: z.array(AdminShipmentSchema),
  history: z.array(OrderHistoryEntrySchema),
  audit: z.array(AuditEntrySchema),
  credit: CreditPositionSchema,
  /** Would confirming now pass the credit check? The reasons when not. */
  creditCheck: z.object({ ok: z.boolean(), reasons: z.array(text()) }),
  actions: AdminOrderActionsSchema,
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

// ── Actions ─────────────────────────────────────────────────────────────────────────────────

export const ConfirmOrderBodySchema = z._default(z.object({ override: z.optional(z.object({ reason })) }), {});
export const HoldOrderBodySchema = z.object({ kind: z._default(z.enum(HOLD_KINDS), 'note'), reason });
export const CancelOrderBodySchema = z.object({ reason });
export const CancelLineBodySchema = z.object({ reason });
export const ExpectedDateBodySchema = z.object({ expectedDate: z.nullable(deskDate) });

/**
 * PUT …/lines: the order's lines as they should be. A line kept names its `orderLineId`; a new one
 * its model number (`productCode`) and colour (`colorVariant`). A line left out, or given quantity
 * 0, is removed. Priced as the retailer's cart would be priced now.
 */
export const EditLinesBodySchema = z.object({
  lines: z
    .array(
      z.union([
        z.object({ orderLineId: dbId, quantity: z.number().check(z.int(), z.gte(0), z.lte(100000)) }),
        z.object({
          productCode: text().check(z.trim(), z.minLength(1), z.maxLength(100)),
          colorVariant: text().check(z.trim(), z.minLength(1), z.maxLength(20)),
          quantity: z.number().check(z.int(), z.gte(1), z.lte(100000)),
        }),
      ]),
    )
    .check(z.minLength(1), z.maxLength(500)),
  note: z.optional(text().check(z.trim(), z.maxLength(500))),
  /** Raising a confirmed order past the credit check: an admin may save it anyway with a reason. */
  override: z.optional(z.object({ reason })),
});
export type EditLinesBody = z.infer<typeof EditLinesBodySchema>;

export const CreateShipmentBodySchema = z.object({
  lines: z
    .array(z.object({ orderLineId: dbId, quantity: z.number().check(z.int(), z.gte(1), z.lte(100000)) }))
    .check(z.minLength(1), z.maxLength(500)),
});
export const PackShipmentBodySchema = z._default(z.object({ boxes: z._default(z.number().check(z.int(), z.gte(1), z.lte(999)), 1) }), {
  boxes: 1,
});
export const DispatchShipmentBodySchema = z.object({
  transporter: text().check(z.trim(), z.minLength(1, 'Please enter the transporter.'), z.maxLength(100)),
  docketNo: text().check(z.trim(), z.minLength(1, 'Please enter the docket / AWB number.'), z.maxLength(50)),
  vehicleNo: z.nullish(text().check(z.trim(), z.maxLength(20))),
  dispatchDate: deskDate,
  ewayBillNo: z.union([
    z.nullish(text().check(z.trim(), z.regex(EWAY_BILL_NUMBER_PATTERN, 'An e-way bill number is 12 digits.'))),
    z.pipe(
      z.literal(''),
      z.transform(() => null),
    ),
  ]),
});
export type DispatchShipmentBody = z.infer<typeof DispatchShipmentBodySchema>;
export const DeliverShipmentBodySchema = z.object({
  deliveredOn: deskDate,
  receivedBy: text().check(z.trim(), z.minLength(1, 'Please enter who received it.'), z.maxLength(100)),
});

// ── Credit ──────────────────────────────────────────────────────────────────────────────────

export const RetailerCreditSchema = z.extend(CreditPositionSchema, {
  businessName: text(),
  /** The configured default payment terms. */
  defaultPaymentTermsDays: z.number().check(z.int()),
  updated: z.nullable(StampSchema),
});
export type RetailerCredit = z.infer<typeof RetailerCreditSchema>;

export const UpdateCreditBodySchema = z
  .object({
    creditLimit: z.number().check(z.gte(0), z.lte(100_000_000), z.multipleOf(0.01, 'At most 2 decimals.')),
    /** null: the default terms. */
    paymentTermsDays: z.nullable(z.number().check(z.int(), z.gte(0), z.lte(365))),
    creditHold: z.boolean(),
    creditHoldReason: z.optional(z.nullable(text().check(z.trim(), z.maxLength(500)))),
  })
  .check(
    z.refine((body) => !body.creditHold || (body.creditHoldReason ?? '').length >= 3, {
      message: 'Please give the reason for the credit hold.',
      path: ['creditHoldReason'],
    }),
  );
export type UpdateCreditBody = z.infer<typeof UpdateCreditBodySchema>;

// ── E-invoice (INV-01) ──────────────────────────────────────────────────────────────────────

export const InvoiceIdParamsSchema = z.object({ id: dbId });
export const EInvoiceRangeQuerySchema = z.object({ from: deskDate, to: deskDate });
/** Recording the IRP's answer once the invoice is registered. */
export const RecordIrnBodySchema = z.object({
  irn: text().check(z.trim(), z.regex(/^[0-9a-f]{64}$/i, 'An IRN is 64 hexadecimal characters.')),
  ackNo: text().check(z.trim(), z.regex(/^\d{1,20}$/, 'The acknowledgement number is digits.')),
  /** ISO 8601 or 'YYYY-MM-DD HH:mm:ss' as the IRP sends it. */
  ackDate: text().check(z.trim(), z.minLength(10), z.maxLength(30)),
  signedQrCode: text().check(z.trim(), z.minLength(1), z.maxLength(5000)),
});

/**
 * The INV-01 (version 1.1) document as Frameport writes it: the fields of NIC's schema it fills
 * (apps/server/src/modules/invoices/e-invoice.ts maps them; the published schema is stored beside it).
 * Amounts are rupees with at most 2 decimals; dates 'dd/mm/yyyy'. A download, not an envelope.
 */
const einvAddress = {
  Addr1: text(),
  Addr2: z.optional(text()),
  Loc: text(),
  Stcd: text(),
};
export const EInvoiceDocumentSchema = z.object({
  Version: z.literal('1.1'),
  TranDtls: z.object({ TaxSch: z.literal('GST'), SupTyp: z.literal('B2B'), RegRev: z.literal('N'), IgstOnIntra: z.literal('N') }),
  DocDtls: z.object({ Typ: z.literal('INV'), No: text(), Dt: text() }),
  SellerDtls: z.object({
    Gstin: text(),
    LglNm: text(),
    ...einvAddress,
    Pin: z.number().check(z.int()),
    Ph: z.optional(text()),
    Em: z.optional(text()),
  }),
  BuyerDtls: z.object({ Gstin: text(), LglNm: text(), Pos: text(), ...einvAddress, Pin: z.optional(z.number().check(z.int())) }),
  ShipDtls: z.optional(z.object({ LglNm: text(), ...einvAddress, Pin: z.number().check(z.int()) })),
  ItemList: z.array(
    z.object({
      SlNo: text(),
      PrdDesc: text(),
      IsServc: z.literal('N'),
      HsnCd: text(),
      Qty: z.number(),
      Unit: text(),
      UnitPrice: z.number(),
      TotAmt: z.number(),
      Discount: z.number(),
      AssAmt: z.number(),
      GstRt: z.number(),
      IgstAmt: z.number(),
      CgstAmt: z.number(),
      SgstAmt: z.number(),
      TotItemVal: z.number(),
    }),
  ),
  ValDtls: z.object({
    AssVal: z.number(),
    CgstVal: z.number(),
    SgstVal: z.number(),
    IgstVal: z.number(),
    Discount: z.number(),
    RndOffAmt: z.number(),
    TotInvVal: z.number(),
  }),
});
export type EInvoiceDocument = z.infer<typeof EInvoiceDocumentSchema>;

/** An invoice the bulk download left out, and why (no buyer GSTIN, already registered, …). */
export const EInvoiceSkippedSchema = z.object({ invoiceId: id, invoiceNo: text(), invoiceDate: text(), reasons: z.array(text()) });
export type EInvoiceSkipped = z.infer<typeof EInvoiceSkippedSchema>;
/** The bulk download: the INV-01 documents of the invoices dated from..to (oldest first), and those left out. */
export const EInvoiceBulkSchema = z.object({
  from: text(),
  to: text(),
  documents: z.array(EInvoiceDocumentSchema),
  skipped: z.array(EInvoiceSkippedSchema),
});
export type EInvoiceBulk = z.infer<typeof EInvoiceBulkSchema>;

/** An invoice's registration as recorded (ackDate ISO 8601). */
export const EInvoiceRegistrationSchema = z.object({
  invoiceId: id,
  invoiceNo: text(),
  irn: text(),
  ackNo: text(),
  ackDate: text(),
  signedQrCode: text(),
});
export type EInvoiceRegistration = z.infer<typeof EInvoiceRegistrationSchema>;
