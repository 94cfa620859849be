import { z } from 'zod/mini';
import { text } from './text.ts';
import { dbId, rupees } from './primitives.ts';
import { INVOICE_PAYMENT_STATUSES, PAYMENT_LINK_STATES } from '../invoices.ts';

/**
 * Invoice and payment contract (spec sections 3, 4, 7 "Invoice and payment", 8). These calls live
 * under /backoffice/LensMaster/ with the spec's field names. Like every other call they answer in
 * the `{ Status, Error, Data }` envelope (decision 008): `Data` carries the spec's reply fields
 * (`result`, `stores`, `message`, ...). Failures (bad amount, not your retailer) are the usual
 * failure envelope with a 400 / 403 / 404 and the spec's message. Money is rupees on the wire.
 */

/** 'YYYY-MM-DD' */
const isoDate = text().check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date as YYYY-MM-DD'));

/** The `Type` the web sends with each call (informational: the server serves one report). */
export const INVOICE_REPORT_TYPE = 'Stock invoice report for website';
export const PAYMENT_REQUEST_TYPE = 'Stock';
/** The spec's default start of the invoice report. */
export const INVOICE_REPORT_FROM_DATE = '2021-07-01';

/** One invoice as the report lists it (spec section 3, Invoice), plus a few fields the web uses. */
export const InvoiceRowSchema = z.object({
  InvoiceID: z.number().check(z.int()),
  InvoiceNo: text(),
  /** 'YYYY-MM-DD' */
  InvoiceDate: text(),
  InvoiceAmount: rupees,
  PaymentAmount: rupees,
  BalanceAmount: rupees,
  PaymentStatus: z.enum(INVOICE_PAYMENT_STATUSES),
  /** Server path of the tax invoice PDF; fetch it with the bearer token. */
  DocumentURL: text(),
  OrderID: z.number().check(z.int()),
  OrderRefNo: text(),
  /** 'YYYY-MM-DD': invoice date plus the credit period. */
  DueDate: text(),
  /** Days past DueDate with a balance left; 0 when not overdue. */
  DaysOverdue: z.number().check(z.int()),
});
export type InvoiceRow = z.infer<typeof InvoiceRowSchema>;

/** POST /backoffice/LensMaster/LensInvoiceReport */
export const LensInvoiceReportBodySchema = z.object({
  Type: z.optional(text().check(z.trim(), z.maxLength(100))),
  /** Default '2021-07-01'. */
  FromDate: z.optional(isoDate),
  /** Default today (India). */
  ToDate: z.optional(isoDate),
  RetailerID: dbId,
});
export type LensInvoiceReportBody = z.infer<typeof LensInvoiceReportBodySchema>;

export const LensInvoiceReportResponseSchema = z.object({
  /** True when at least one invoice is listed. */
  result: z.boolean(),
  /** A JSON string: InvoiceRow[], newest first (read it with `parseInvoiceStores`). */
  stores: text(),
  /** '' with invoices, 'Invoices not found.' without. */
  message: text(),
});
export type LensInvoiceReportResponse = z.infer<typeof LensInvoiceReportResponseSchema>;

const InvoiceRowsSchema = z.array(InvoiceRowSchema);

/** The report's `stores` text as rows; throws a ZodError (or SyntaxError) when it is not. */
export function parseInvoiceStores(stores: string): InvoiceRow[] {
  return InvoiceRowsSchema.parse(JSON.parse(stores));
}

/** POST /backoffice/LensMaster/RazorpaymentRequest */
export const RazorpaymentRequestBodySchema = z.object({
  Type: z.optional(text().check(z.trim(), z.maxLength(100))),
  /**
   * Rupees as typed or as a number. Checked by `checkAmountToPay` against the total due of the
   * chosen invoices (or of all open invoices), so the messages are the spec's.
   */
  TransactionAmount: z.nullish(z.union([z.number(), text().check(z.maxLength(32))])),
  /** 10-digit mobile number for the payment page (optional; the retailer's phone otherwise). */
  MobileNO: z.nullish(text().check(z.trim(), z.maxLength(20))),
  RetailerID: dbId,
  /** Ours, beyond the spec: pay these invoices (oldest first). Absent: all open invoices, oldest first. */
  InvoiceNos: z.optional(z.array(text().check(z.trim(), z.minLength(1), z.maxLength(16))).check(z.maxLength(200))),
});
export type RazorpaymentRequestBody = z.infer<typeof RazorpaymentRequestBodySchema>;

export const RazorpaymentRequestResponseSchema = z.object({
  result: z.boolean(),
  message: text(),
  paymentLinkId: text(),
  transactionNo: text(),
  /** Ours: the payment page to open: the sandbox page (a path on this server) or Razorpay's short_url. */
  paymentUrl: text(),
  /** Ours: the amount of the link, rupees. */
  amount: rupees,
});
export type RazorpaymentRequestResponse = z.infer<typeof RazorpaymentRequestResponseSchema>;

/** POST /backoffice/LensMaster/GetRazorpaymentStatus */
export const GetRazorpaymentStatusBodySchema = z.object({
  PaymentLinkID: text().check(z.trim(), z.minLength(1), z.maxLength(64)),
});

export const GetRazorpaymentStatusResponseSchema = z.object({
  /** True once the payment is received (and applied to the invoices). */
  result: z.boolean(),
  message: text(),
  /** Ours: where the link stands. */
  status: z.enum(PAYMENT_LINK_STATES),
  transactionNo: text(),
  amount: rupees,
});
export type GetRazorpaymentStatusResponse = z.infer<typeof GetRazorpaymentStatusResponseSchema>;

/** POST /backoffice/LensMaster/AccountStatement (ours, beyond the spec). */
export const AccountStatementBodySchema = z.object({
  RetailerID: dbId,
  /** Default: 90 days before ToDate. */
  FromDate: z.optional(isoDate),
  /** Default today (India). */
  ToDate: z.optional(isoDate),
});

export const StatementEntrySchema = z.object({
  /** 'YYYY-MM-DD' */
  Date: text(),
  /** 'TDS': tax the retailer deducted at source (section 194Q) from a payment, recorded against the invoice. */
  Kind: z.enum(['Invoice', 'Payment', 'TDS']),
  /** Invoice number, the payment's transactionNo, or for TDS the invoice number it was deducted from. */
  Reference: text(),
  /** Invoice amount (what the retailer owes more). */
  Debit: rupees,
  /** Payment amount (what the retailer paid). */
  Credit: rupees,
  /** Outstanding after this entry. */
  Balance: rupees,
  /** Ours: a payment made in the payment sandbox (no money moved); false for invoices and real payments. */
  Sandbox: z.boolean(),
});
export type StatementEntry = z.infer<typeof StatementEntrySchema>;

export const AccountStatementResponseSchema = z.object({
  RetailerID: z.number().check(z.int()),
  BusinessName: text(),
  FromDate: text(),
  ToDate: text(),
  CreditDays: z.number().check(z.int()),
  /** Balance of every open invoice. */
  TotalOutstanding: rupees,
  /** Balance of open invoices past their due date. */
  Overdue: rupees,
  /** Outstanding that is not yet due. */
  NotYetDue: rupees,
  /** Money received that no invoice could take. */
  Credit: rupees,
  /** Outstanding before FromDate. */
  OpeningBalance: rupees,
  /** Outstanding at the end of ToDate. */
  ClosingBalance: rupees,
  /** Open invoices, oldest first (what "pay several at once" chooses from). */
  OpenInvoices: z.array(InvoiceRowSchema),
  /** Invoices and payments between FromDate and ToDate, oldest first, with the running balance. */
  Entries: z.array(StatementEntrySchema),
});
export type AccountStatement = z.infer<typeof AccountStatementResponseSchema>;

/** GET /backoffice/LensMaster/InvoiceDocument/:invoiceId: the tax invoice PDF. */
export const InvoiceDocumentParamsSchema = z.object({ invoiceId: dbId });

/** The document path of an invoice (the report's DocumentURL). */
export function invoiceDocumentPath(invoiceId: number): string {
  return `/backoffice/LensMaster/InvoiceDocument/${invoiceId}`;
}
