import { formatInr, rupeesToPaise, sumPaise, type InvoicePaymentStatus, type Paise } from '@frameport/domain';
import type { InvoiceRow } from '@frameport/domain/contract';

/** Rupees from the wire as '₹1,249.50'. */
export const inr = (rupees: number) => formatInr(rupeesToPaise(rupees));

const dateFormatter = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' as '05 Mar 2026' (a calendar date: no time zone shift). */
export function formatInvoiceDate(date: string): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(at) ? date : dateFormatter.format(new Date(at));
}

/**
 * How each payment status looks (spec section 4): the row's background (Paid green, Partially Paid
 * light yellow, Unpaid light red) and the status badge, whose white text is above 6:1 on each
 * colour. The status is always written too: colour is never the only signal (UI.md).
 */
export const STATUS_LOOK: Record<InvoicePaymentStatus, { rowBackground: string; badge: string }> = {
  Paid: { rowBackground: '#d3f9d8', badge: '#1e6b31' },
  'Partially Paid': { rowBackground: '#fff3bf', badge: '#8a5300' },
  Unpaid: { rowBackground: '#ffe3e3', badge: '#b42318' },
};

/** Text for 'N days overdue': above 4.5:1 on white and on every row colour. */
export const OVERDUE_TEXT = '#9b1c1c';

/** An invoice with something left to pay. */
export const isOpen = (row: Pick<InvoiceRow, 'BalanceAmount'>) => row.BalanceAmount > 0;

export function balanceOf(rows: readonly Pick<InvoiceRow, 'BalanceAmount'>[]): Paise {
  return sumPaise(rows.map((row) => rupeesToPaise(row.BalanceAmount)));
}

/** What the pay form pays towards: the chosen open invoices, or (none chosen) every open invoice. */
export type PayScope = {
  /** The chosen invoice numbers, in the order of `open`; null when none is chosen. */
  invoiceNos: string[] | null;
  duePaise: Paise;
  /** 'Paying 2 selected invoices' / 'Paying towards all open invoices, oldest first'. */
  description: string;
};

export function payScope(open: readonly InvoiceRow[], selected: ReadonlySet<string>): PayScope {
  const chosen = open.filter((row) => selected.has(row.InvoiceNo));
  if (chosen.length === 0) {
    return { invoiceNos: null, duePaise: balanceOf(open), description: 'Paying towards all open invoices, oldest first' };
  }
  return {
    invoiceNos: chosen.map((row) => row.InvoiceNo),
    duePaise: balanceOf(chosen),
    description: `Paying ${chosen.length} selected ${chosen.length === 1 ? 'invoice' : 'invoices'}`,
  };
}

