/**
 * The rules of the retailers desk (issue 18): a GSTIN checked for format and check character, its
 * state against the billing state and its PAN against the one given (domain-india.md §3), and
 * receivables aged in buckets by days past due. Texts in retailer-messages.ts.
 */
import { daysOverdue } from './invoices.ts';
import { assertPaise, type Paise } from './money.ts';
import { retailerMessages } from './retailer-messages.ts';

/**
 * Where a retailer stands. `Pending`: proposed by a sales executive, waiting for an admin;
 * `Rejected`: an admin refused the proposal (with a reason); `Blocked`: cannot sign in (with a
 * reason). Credit hold is not a status of its own in the table: it is the order desk's flag on an
 * `Active` retailer (browse and keep a cart, place nothing), shown as "Credit hold" by
 * `retailerStanding`.
 */
export const RETAILER_STATUSES = ['Pending', 'Active', 'Blocked', 'Rejected'] as const;
export type RetailerStatus = (typeof RETAILER_STATUSES)[number];
/** What the desk shows: the status, or `Credit hold` for an active retailer on hold. */
export const RETAILER_STANDINGS = ['Pending', 'Active', 'Credit hold', 'Blocked', 'Rejected'] as const;
export type RetailerStanding = (typeof RETAILER_STANDINGS)[number];
export function retailerStanding(retailer: { status: RetailerStatus; creditHold: boolean }): RetailerStanding {
  return retailer.status === 'Active' && retailer.creditHold ? 'Credit hold' : retailer.status;
}

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A normal taxpayer's GSTIN: state code, PAN, entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** What people type (spaces, lower case) as the GSTIN or PAN is stored: upper case, no spaces. */
export function normaliseTaxId(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** The 15th character of a GSTIN from its first 14 (Luhn mod 36, factors 1, 2, 1, 2, …). */
export function gstinCheckCharacter(first14: string): string {
  if (first14.length !== 14) throw new RangeError('a GSTIN check character needs the first 14 characters');
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = GSTIN_ALPHABET.indexOf(first14[i]!);
    if (value < 0) throw new RangeError(`not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

export const gstinStateCode = (gstin: string): string => gstin.slice(0, 2);
export const gstinPan = (gstin: string): string => gstin.slice(2, 12);

/**
 * Why a GSTIN cannot be taken for a retailer billed in `billingStateCode` with `pan` (when given),
 * or null when it can. A valid check character does not mean the registration is active.
 */
export function gstinProblem(raw: string, context: { billingStateCode?: string | null; pan?: string | null } = {}): string | null {
  const gstin = normaliseTaxId(raw);
  const text = retailerMessages.gstin;
  if (!GSTIN_PATTERN.test(gstin)) return text.format;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return text.checksum;
  const billing = context.billingStateCode?.padStart(2, '0');
  if (billing && gstinStateCode(gstin) !== billing) return text.stateMismatch(gstinStateCode(gstin), billing);
  const pan = context.pan ? normaliseTaxId(context.pan) : null;
  if (pan && gstinPan(gstin) !== pan) return text.panMismatch;
  return null;
}

export function panProblem(raw: string): string | null {
  return PAN_PATTERN.test(normaliseTaxId(raw)) ? null : retailerMessages.pan.format;
}

// ── Receivables ageing ──────────────────────────────────────────────────────────────────────

/** Ageing buckets by whole days past the due date: not yet due, then 1–30, 31–60, 61–90, over 90. */
export const AGEING_BUCKETS = ['notDue', 'd1to30', 'd31to60', 'd61to90', 'd90plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  notDue: 'Not due',
  d1to30: '1–30 days',
  d31to60: '31–60 days',
  d61to90: '61–90 days',
  d90plus: 'Over 90 days',
};

export function ageingBucketOf(dueDate: string, today: string): AgeingBucket {
  const days = daysOverdue(dueDate, today);
  if (days <= 0) return 'notDue';
  if (days <= 30) return 'd1to30';
  if (days <= 60) return 'd31to60';
  if (days <= 90) return 'd61to90';
  return 'd90plus';
}

export type Ageing = Record<AgeingBucket, Paise> & { total: Paise };

/** Open balances (paise) by bucket on `today`, and their total; a settled invoice (0 open) adds nothing. */
export function ageReceivables(invoices: Iterable<{ dueDate: string; openPaise: Paise }>, today: string): Ageing {
  const ageing: Ageing = { notDue: 0, d1to30: 0, d31to60: 0, d61to90: 0, d90plus: 0, total: 0 };
  for (const invoice of invoices) {
    assertPaise(invoice.openPaise, 'openPaise');
    if (invoice.openPaise === 0) continue;
    ageing[ageingBucketOf(invoice.dueDate, today)] += invoice.openPaise;
    ageing.total += invoice.openPaise;
  }
  return ageing;
}

// ── Whom a retailer calls ───────────────────────────────────────────────────────────────────

/** Who a blocked or held retailer is told to call: its sales executive, or the distributor's accounts team. */
export type RetailerContact = {
  kind: 'salesExecutive' | 'accounts';
  name: string;
  phone: string | null;
  email: string | null;
};

/** 'your sales executive Ravi Kumar on 9876543210', 'our accounts team (Frameport …) on +91 40 4012 3456'. */
export function contactPhrase(contact: RetailerContact): string {
  const who = contact.kind === 'salesExecutive' ? `your sales executive ${contact.name}` : `our accounts team (${contact.name})`;
  if (contact.phone) return `${who} on ${contact.phone}`;
  if (contact.email) return `${who} at ${contact.email}`;
  return who;
}
