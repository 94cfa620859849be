import { z } from 'zod';
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
export const deskDate = text().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date as YYYY-MM-DD');
const id = z.number().int();
const reason = text().trim().min(3, 'Please give a reason (at least 3 characters).').max(500);
const who = z.object({ userId: id.nullable(), name: text(), role: text().nullable() });
/** Who did something and when (ISO 8601). */
export const StampSchema = z.object({ by: who, at: text() });
export type Stamp = z.infer<typeof StampSchema>;

export const AdminIdempotencyHeadersSchema = z.object({
  'idempotency-key': text()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits or . _ : -')
    .optional(),
});

export const OrderIdParamsSchema = z.object({ id: dbId });
export const OrderLineParamsSchema = z.object({ id: dbId, lineId: dbId });
export const ShipmentIdParamsSchema = z.object({ id: dbId });
export const RetailerIdParamsSchema = z.object({ id: dbId });

// ── The queue ───────────────────────────────────────────────────────────────────────────────

export const AdminOrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  /** Order ref, retailer name, email or GSTIN (part of it). */
  q: text().trim().max(100).optional(),
  stateId: dbId.optional(),
  salesExecutiveId: dbId.optional(),
  /** Placed on or after this day (India). */
  from: deskDate.optional(),
  /** Placed on or before this day (India). */
  to: deskDate.optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

export const AdminOrderRowSchema = z.object({
  id,
  orderRefNo: text(),
  placedAt: text(),
  status: z.enum(ORDER_STATUSES),
  holdKind: z.enum(HOLD_KINDS).nullable(),
  holdReason: text().nullable(),
  retailerId: id,
  retailerName: text(),
  retailerEmail: text(),
  gstin: text().nullable(),
  city: text(),
  stateName: text(),
  salesExecutives: z.array(text()),
  totalQuantity: z.number().int(),
  /** Pieces dispatched so far. */
  dispatchedQuantity: z.number().int(),
  /** Order value with GST. */
  total: rupees,
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

export const AdminOrdersResponseSchema = z.object({
  orders: z.array(AdminOrderRowSchema),
  totalCount: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  /** Orders per status under the other filters (the status filter left out), for the tabs. */
  counts: z.record(z.enum(ORDER_STATUSES), z.number().int()),
});
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponseSchema>;

// ── One order ───────────────────────────────────────────────────────────────────────────────

export const CreditPositionSchema = z.object({
  retailerId: id,
  creditLimit: rupees,
  /** The retailer's own terms, or the default when it has none. */
  paymentTermsDays: z.number().int(),
  paymentTermsDefault: z.boolean(),
  creditHold: z.boolean(),
  creditHoldReason: text().nullable(),
  /** Unpaid invoice balances. */
  outstanding: rupees,
  /** Confirmed orders' value not yet invoiced. */
  onOrder: rupees,
  /** limit − outstanding − on order (negative when over). */
  available: rupees,
  overdue: rupees,
  /** Days the oldest unpaid invoice is past due; 0 when none is. */
  oldestOverdueDays: z.number().int(),
  oldestOverdueInvoiceNo: text().nullable(),
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
  sizeName: text().nullable(),
  hsnCode: text(),
  gstRate: z.number(),
  imageUrl: text().nullable(),
  isFree: z.boolean(),
  /** Ordered (after edits). */
  quantity: z.number().int(),
  cancelledQuantity: z.number().int(),
  /** In any shipment (packing, packed, dispatched or delivered). */
  inShipmentsQuantity: z.number().int(),
  /** In a packed shipment (or one further on): the line can no longer be edited. */
  packedQuantity: z.number().int(),
  dispatchedQuantity: z.number().int(),
  deliveredQuantity: z.number().int(),
  /** Ordered − cancelled − dispatched. */
  backorderedQuantity: z.number().int(),
  /** Not cancelled and in no shipment: what a new shipment can take. */
  openQuantity: z.number().int(),
  expectedDate: text().nullable(),
  unitPrice: rupees,
  discountPerUnit: rupees,
  taxable: rupees,
  total: rupees,
});
export type AdminOrderLine = z.infer<typeof AdminOrderLineSchema>;

export const AdminShipmentSchema = z.object({
  id,
  shipmentNo: z.number().int(),
  status: z.enum(SHIPMENT_STATUSES),
  /**
   * What it carries of each order line, and the GST rate its invoice charged (dispatched: the rate in
   * force on the invoice date) or would charge if dispatched today. It may differ from the rate the
   * order line was placed at (`AdminOrderLine.gstRate`) when GST changed in between.
   */
  lines: z.array(z.object({ orderLineId: id, quantity: z.number().int(), gstRate: z.number() })),
  boxes: z.number().int().nullable(),
  transporter: text().nullable(),
  docketNo: text().nullable(),
  vehicleNo: text().nullable(),
  dispatchDate: text().nullable(),
  ewayBillNo: text().nullable(),
  deliveredOn: text().nullable(),
  receivedBy: text().nullable(),
  /** Consignment value with GST (what its invoice bills, or will bill). */
  value: rupees,
  needsEwayBill: z.boolean(),
  /**
   * Its tax invoice once dispatched; `registration` is the e-invoice's IRN, Ack No. and Ack Date
   * (ISO 8601) once recorded (PUT /api/admin/invoices/:id/irn), else null.
   */
  invoice: z
    .object({
      id,
      invoiceNo: text(),
      invoiceDate: text(),
      amount: rupees,
      registration: z.object({ irn: text(), ackNo: text(), ackDate: text() }).nullable(),
    })
    .nullable(),
  created: StampSchema,
  packed: StampSchema.nullable(),
  dispatched: StampSchema.nullable(),
  delivered: StampSchema.nullable(),
});
export type AdminShipment = z.infer<typeof AdminShipmentSchema>;

export const OrderHistoryEntrySchema = z.object({ status: z.enum(ORDER_STATUSES), note: text().nullable(), by: who.nullable(), at: text() });
export const AuditEntrySchema = z.object({
  id,
  action: text(),
  by: who.nullable(),
  at: text(),
  details: z.record(z.string(), z.unknown()).nullable(),
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
  note: text().nullable(),
  hold: z.object({ kind: z.enum(HOLD_KINDS), reason: text(), by: who.nullable(), at: text() }).nullable(),
  confirmed: z.object({ by: who.nullable(), at: text(), overrideReason: text().nullable() }).nullable(),
  cancelled: z.object({ by: who.nullable(), at: text(), reason: text() }).nullable(),
  retailer: z.object({
    id,
    businessName: text(),
    email: text(),
    phone: text(),
    gstin: text().nullable(),
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
    gstin: text().nullable(),
  }),
  shipTo: z
    .object({ name: text(), address: text(), city: text(), state: text(), stateCode: text(), pinCode: text(), phone: text().nullable() })
    .nullable(),
  totals: z.object({
    quantity: z.number().int(),
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

export const ConfirmOrderBodySchema = z
  .object({ override: z.object({ reason }).optional() })
  .default({});
export const HoldOrderBodySchema = z.object({ kind: z.enum(HOLD_KINDS).default('note'), reason });
export const CancelOrderBodySchema = z.object({ reason });
export const CancelLineBodySchema = z.object({ reason });
export const ExpectedDateBodySchema = z.object({ expectedDate: deskDate.nullable() });

/**
 * PUT …/lines: the order's lines as they should be. A line kept names its `orderLineId`; a new one
 * its model number (`productCode`) and colour (`colorVariant`). A line left out, or given quantity
 * 0, is removed. Priced as the retailer's cart would be priced now.
 */
export const EditLinesBodySchema = z.object({
  lines: z
    .array(
      z.union([
        z.object({ orderLineId: dbId, quantity: z.number().int().min(0).max(100000) }),
        z.object({
          productCode: text().trim().min(1).max(100),
          colorVariant: text().trim().min(1).max(20),
          quantity: z.number().int().min(1).max(100000),
        }),
      ]),
    )
    .min(1)
    .max(500),
  note: text().trim().max(500).optional(),
  /** Raising a confirmed order past the credit check: an admin may save it anyway with a reason. */
  override: z.object({ reason }).optional(),
});
export type EditLinesBody = z.infer<typeof EditLinesBodySchema>;

export const CreateShipmentBodySchema = z.object({
  lines: z
    .array(z.object({ orderLineId: dbId, quantity: z.number().int().min(1).max(100000) }))
    .min(1)
    .max(500),
});
export const PackShipmentBodySchema = z.object({ boxes: z.number().int().min(1).max(999).default(1) }).default({ boxes: 1 });
export const DispatchShipmentBodySchema = z.object({
  transporter: text().trim().min(1, 'Please enter the transporter.').max(100),
  docketNo: text().trim().min(1, 'Please enter the docket / AWB number.').max(50),
  vehicleNo: text().trim().max(20).nullish(),
  dispatchDate: deskDate,
  ewayBillNo: text()
    .trim()
    .regex(EWAY_BILL_NUMBER_PATTERN, 'An e-way bill number is 12 digits.')
    .nullish()
    .or(z.literal('').transform(() => null)),
});
export type DispatchShipmentBody = z.infer<typeof DispatchShipmentBodySchema>;
export const DeliverShipmentBodySchema = z.object({
  deliveredOn: deskDate,
  receivedBy: text().trim().min(1, 'Please enter who received it.').max(100),
});

// ── Credit ──────────────────────────────────────────────────────────────────────────────────

export const RetailerCreditSchema = CreditPositionSchema.extend({
  businessName: text(),
  /** The configured default payment terms. */
  defaultPaymentTermsDays: z.number().int(),
  updated: StampSchema.nullable(),
});
export type RetailerCredit = z.infer<typeof RetailerCreditSchema>;

export const UpdateCreditBodySchema = z
  .object({
    creditLimit: z.number().min(0).max(100_000_000).multipleOf(0.01, 'At most 2 decimals.'),
    /** null: the default terms. */
    paymentTermsDays: z.number().int().min(0).max(365).nullable(),
    creditHold: z.boolean(),
    creditHoldReason: text().trim().max(500).nullable().optional(),
  })
  .refine((body) => !body.creditHold || (body.creditHoldReason ?? '').length >= 3, {
    message: 'Please give the reason for the credit hold.',
    path: ['creditHoldReason'],
  });
export type UpdateCreditBody = z.infer<typeof UpdateCreditBodySchema>;

// ── E-invoice (INV-01) ──────────────────────────────────────────────────────────────────────

export const InvoiceIdParamsSchema = z.object({ id: dbId });
export const EInvoiceRangeQuerySchema = z.object({ from: deskDate, to: deskDate });
/** Recording the IRP's answer once the invoice is registered. */
export const RecordIrnBodySchema = z.object({
  irn: text().trim().regex(/^[0-9a-f]{64}$/i, 'An IRN is 64 hexadecimal characters.'),
  ackNo: text().trim().regex(/^\d{1,20}$/, 'The acknowledgement number is digits.'),
  /** ISO 8601 or 'YYYY-MM-DD HH:mm:ss' as the IRP sends it. */
  ackDate: text().trim().min(10).max(30),
  signedQrCode: text().trim().min(1).max(5000),
});

/**
 * The INV-01 (version 1.1) document as Frameport writes it: the fields of NIC's schema it fills
 * (apps/server/src/modules/invoices/e-invoice.ts maps them; the published schema is stored beside it).
 * Amounts are rupees with at most 2 decimals; dates 'dd/mm/yyyy'. A download, not an envelope.
 */
const einvAddress = {
  Addr1: text(),
  Addr2: text().optional(),
  Loc: text(),
  Stcd: text(),
};
export const EInvoiceDocumentSchema = z.object({
  Version: z.literal('1.1'),
  TranDtls: z.object({ TaxSch: z.literal('GST'), SupTyp: z.literal('B2B'), RegRev: z.literal('N'), IgstOnIntra: z.literal('N') }),
  DocDtls: z.object({ Typ: z.literal('INV'), No: text(), Dt: text() }),
  SellerDtls: z.object({ Gstin: text(), LglNm: text(), ...einvAddress, Pin: z.number().int(), Ph: text().optional(), Em: text().optional() }),
  BuyerDtls: z.object({ Gstin: text(), LglNm: text(), Pos: text(), ...einvAddress, Pin: z.number().int().optional() }),
  ShipDtls: z.object({ LglNm: text(), ...einvAddress, Pin: z.number().int() }).optional(),
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
