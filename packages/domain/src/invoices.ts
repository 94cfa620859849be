import { assertPaise, rupeesToPaise, type Paise } from './money.ts';
import { messages } from './messages.ts';

/**
 * Invoice and payment rules, written once for the server and the web: what a retailer may pay,
 * how a payment is spread over open invoices, due dates (numbering: numbering.ts).
 */

/** Unpaid → Partially Paid → Paid, derived from the amounts (the database derives it the same way). */
export const INVOICE_PAYMENT_STATUSES = ['Unpaid', 'Partially Paid', 'Paid'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

/** Where a payment link stands, at the provider and in our book. */
export const PAYMENT_LINK_STATES = ['created', 'paid', 'failed', 'expired', 'cancelled'] as const;

export function paymentStatusOf(amountPaise: Paise, paidPaise: Paise): InvoicePaymentStatus {
  if (paidPaise >= amountPaise) return 'Paid';
  return paidPaise === 0 ? 'Unpaid' : 'Partially Paid';
}

/** Days from the invoice date to its due date (the company's credit period). */
export const DEFAULT_CREDIT_DAYS = 30;

/** The spec's payment-result delay: the first automatic status read waits this long. */
export const PAYMENT_STATUS_DELAY_MS = 20_000;

/** Page sizes of the invoice table (spec section 9). */
export const INVOICE_PAGE_SIZES = [10, 20, 30, 50, 100, 200] as const;

/** Rule 46: 1 to 16 letters, digits, '-' or '/'. */
export const INVOICE_NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;

const IST_OFFSET_MS = 330 * 60_000;

/** The calendar date in India of a moment: '2026-11-22'. */
export function istDateOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Financial year (1 April – 31 March, India time) of a moment: '2026-27'. */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** Invoice date 'YYYY-MM-DD' plus the credit period: the due date, 'YYYY-MM-DD'. */
export function dueDateOf(invoiceDate: string, creditDays: number = DEFAULT_CREDIT_DAYS): string {
  const at = Date.parse(`${invoiceDate}T00:00:00Z`);
  if (Number.isNaN(at)) throw new RangeError(`not a date: ${invoiceDate}`);
  return new Date(at + creditDays * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days an invoice is past its due date on `today` (0 when not yet due). */
export function daysOverdue(dueDate: string, today: string): number {
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000;
  return days > 0 ? days : 0;
}

export type AmountToPay = { ok: true; paise: Paise } | { ok: false; message: string };

/**
 * The amount a retailer typed (rupees, as typed or as a number) against what is due: empty gives
 * 'Please enter amount to pay', more than due gives the spec's 'Your amout to pay not greater…'.
 * The due total is compared in paise, i.e. rounded to 2 decimals as the spec asks.
 */
export function checkAmountToPay(input: number | string | null | undefined, duePaise: Paise): AmountToPay {
  assertPaise(duePaise, 'duePaise');
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : 'x') : (input ?? '').trim();
  if (text === '') return { ok: false, message: messages.payment.amountRequired };
  if (!/^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(text)) return { ok: false, message: messages.payment.amountDecimals };
  const rupees = Number(text);
  if (!Number.isFinite(rupees) || rupees > 1e13) return { ok: false, message: messages.payment.amountTooHigh };
  const paise = rupeesToPaise(rupees);
  if (paise / 100 !== rupees) return { ok: false, message: messages.payment.amountDecimals };
  if (paise <= 0) return { ok: false, message: messages.payment.amountNotPositive };
  if (paise > duePaise) return { ok: false, message: messages.payment.amountTooHigh };
  return { ok: true, paise };
}

export interface OpenInvoice {
  id: number;
  /** 'YYYY-MM-DD' */
  invoiceDate: string;
  balancePaise: Paise;
}

export interface Allocation {
  invoiceId: number;
  amountPaise: Paise;
}

/**
 * Spreads a received payment over open invoices: the chosen ones first, then (if money is left,
 * e.g. a chosen invoice was paid meanwhile through another link) every other open invoice; each
 * group oldest first (invoice date, then id). What no invoice can take is returned as unapplied,
 * a credit on the account. Never allocates more than an invoice's balance.
 */
export function allocatePayment(
  amountPaise: Paise,
  open: readonly OpenInvoice[],
  chosen: readonly number[] | null = null,
): { allocations: Allocation[]; unappliedPaise: Paise } {
  assertPaise(amountPaise, 'amountPaise');
  const byAge = [...open]
    .filter((invoice) => invoice.balancePaise > 0)
    .sort((a, b) => (a.invoiceDate === b.invoiceDate ? a.id - b.id : a.invoiceDate < b.invoiceDate ? -1 : 1));
  const chosenSet = new Set(chosen ?? []);
  const ordered = chosen === null ? byAge : [...byAge.filter((i) => chosenSet.has(i.id)), ...byAge.filter((i) => !chosenSet.has(i.id))];
  let left = amountPaise;
  const allocations: Allocation[] = [];
  for (const invoice of ordered) {
    if (left <= 0) break;
    const take = Math.min(left, invoice.balancePaise);
    allocations.push({ invoiceId: invoice.id, amountPaise: take });
    left -= take;
  }
  return { allocations, unappliedPaise: left };
}
