import { istDateOf } from '@frameport/domain';
import {
  AccountStatementResponseSchema,
  GetRazorpaymentStatusResponseSchema,
  INVOICE_REPORT_FROM_DATE,
  INVOICE_REPORT_TYPE,
  LensInvoiceReportResponseSchema,
  parseInvoiceStores,
  PAYMENT_REQUEST_TYPE,
  RazorpaymentRequestResponseSchema,
  type InvoiceRow,
} from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { ApiError, apiFetch, fetchFile } from '../../lib/api-client.ts';

/**
 * The invoice and payment calls (spec section 7, under /backoffice/LensMaster/). Every call names
 * the acting retailer by its RetailerID (from the acting retailer's profile), and so does every
 * query key: a sales executive switching retailer never sees another retailer's invoices.
 */

const BASE = '/backoffice/LensMaster';

/** What the invoice report gives the screen: the rows (newest first) and the server's message. */
export type InvoiceReport = { rows: InvoiceRow[]; message: string };

/** A statement period, 'YYYY-MM-DD' both ends. */
export type DateRange = { from: string; to: string };

/** The statement's default period: the last 90 days up to today (India). */
export const STATEMENT_DEFAULT_DAYS = 90;

/** Today in India, 'YYYY-MM-DD'. */
export function todayInIndia(now: Date = new Date()): string {
  return istDateOf(now);
}

/** 'YYYY-MM-DD' moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function defaultStatementRange(now: Date = new Date()): DateRange {
  const to = todayInIndia(now);
  return { from: addDays(to, -STATEMENT_DEFAULT_DAYS), to };
}

export const invoiceQueries = {
  all: (retailerId: number) => ['invoices', { retailerId }] as const,

  /** POST LensInvoiceReport from the spec's first date to today: every invoice, newest first. */
  report: (retailerId: number, toDate: string) =>
    queryOptions({
      queryKey: [...invoiceQueries.all(retailerId), 'report', { toDate }] as const,
      queryFn: async ({ signal }): Promise<InvoiceReport> => {
        const reply = await apiFetch(`${BASE}/LensInvoiceReport`, {
          method: 'POST',
          body: { Type: INVOICE_REPORT_TYPE, FromDate: INVOICE_REPORT_FROM_DATE, ToDate: toDate, RetailerID: retailerId },
          schema: LensInvoiceReportResponseSchema,
          signal,
        });
        return { rows: readStores(reply.stores), message: reply.message };
      },
    }),

  /** POST AccountStatement for a period (ours, beyond the spec). */
  statement: (retailerId: number, range: DateRange) =>
    queryOptions({
      queryKey: [...invoiceQueries.all(retailerId), 'statement', range] as const,
      queryFn: ({ signal }) =>
        apiFetch(`${BASE}/AccountStatement`, {
          method: 'POST',
          body: { RetailerID: retailerId, FromDate: range.from, ToDate: range.to },
          schema: AccountStatementResponseSchema,
          signal,
        }),
      // A new period keeps the old one on screen while it loads.
      placeholderData: keepPreviousData,
    }),
};

/** The report's `stores` text as rows; an unreadable text is the generic error, like any contract drift. */
function readStores(stores: string): InvoiceRow[] {
  if (stores.trim() === '') return [];
  try {
    return parseInvoiceStores(stores);
  } catch (error) {
    console.error('Invoice report stores do not match the contract', error);
    throw new ApiError(200, messages.http.unexpected, { cause: error });
  }
}

export type PaymentRequest = {
  retailerId: number;
  /** Rupees (at most 2 decimals), already checked with checkAmountToPay. */
  amount: number;
  /** The chosen invoices; null pays towards every open invoice, oldest first. */
  invoiceNos: string[] | null;
};

/**
 * POST RazorpaymentRequest: creates a payment link for the amount. A reply whose `result` is false
 * made no link: it fails with its message, like a failure envelope (spec: "Payment failure shows
 * the server message").
 */
export function useCreatePaymentLink() {
  return useMutation({
    mutationFn: async ({ retailerId, amount, invoiceNos }: PaymentRequest) => {
      const reply = await apiFetch(`${BASE}/RazorpaymentRequest`, {
        method: 'POST',
        body: {
          Type: PAYMENT_REQUEST_TYPE,
          TransactionAmount: amount,
          RetailerID: retailerId,
          ...(invoiceNos === null ? {} : { InvoiceNos: invoiceNos }),
        },
        schema: RazorpaymentRequestResponseSchema,
      });
      if (!reply.result) throw new ApiError(200, reply.message || messages.http.unexpected);
      return reply;
    },
  });
}

/** POST GetRazorpaymentStatus: where a payment link stands (`result` is true once paid). */
export function usePaymentStatus() {
  return useMutation({
    mutationFn: (paymentLinkId: string) =>
      apiFetch(`${BASE}/GetRazorpaymentStatus`, {
        method: 'POST',
        body: { PaymentLinkID: paymentLinkId },
        schema: GetRazorpaymentStatusResponseSchema,
      }),
  });
}

/** The invoice's tax-invoice PDF (its DocumentURL needs the bearer token). */
export function fetchInvoicePdf(row: Pick<InvoiceRow, 'DocumentURL'>): Promise<Blob> {
  return fetchFile(row.DocumentURL, { accept: 'application/pdf' });
}
