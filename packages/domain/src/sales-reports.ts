import { isIntraState, normaliseStateCode, type StateCode } from './gst.ts';
import { sumPaise, type Paise } from './money.ts';

/**
 * The sales and GST reports' rules (back office III), once for the server and the screens: the
 * periods a report covers (India days), the week a day belongs to, and how invoiced lines fold
 * into the GST summary an accountant files (GSTR-1 / GSTR-3B) by rate and by place of supply.
 * The tax itself is never recomputed here: the summary adds up the amounts the invoices charged.
 */

/** The longest date range one sales report covers (three years: a financial year with room either side). */
export const SALES_REPORT_MAX_DAYS = 1096;

export const salesReportMessages = {
  range: {
    order: 'The "from" date must be on or before the "to" date.',
    tooLong: (days: number) => `Choose a period of at most ${days.toLocaleString('en-IN')} days.`,
  },
  month: 'Please choose a month as YYYY-MM.',
  noSalesExecutive: 'No sales executive',
  unknownBrand: 'Unknown brand',
};

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  const at = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== day) throw new RangeError(`not a date: ${day}`);
  return at / DAY_MS;
}

function dayOf(number: number): string {
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted: 1 for a single day, 0 or less when `to` is before `from`. */
export function daysInRange(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** 'YYYY-MM-DD' plus (or minus) whole days. */
export function addDays(day: string, days: number): string {
  return dayOf(dayNumber(day) + days);
}

/** The Monday of the week a day falls in (weeks run Monday to Sunday, as ISO 8601 and Indian payrolls count them). */
export function weekStartOf(day: string): string {
  const number = dayNumber(day);
  // 1 Jan 1970 was a Thursday: (n + 3) mod 7 is 0 on Mondays.
  return dayOf(number - ((((number + 3) % 7) + 7) % 7));
}

/** Every week's Monday from the week of `from` to the week of `to`, oldest first. */
export function weeksBetween(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let week = weekStartOf(from); week <= to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

export type DayRange = { from: string; to: string };

/** The first and last day of a month 'YYYY-MM'. */
export function monthRange(month: string): DayRange {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new RangeError(`not a month: ${month}`);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 1 ? `${year - 1}-12` : `${year}-${String(monthNumber - 1).padStart(2, '0')}`;
}

export const REPORT_PERIODS = ['thisMonth', 'lastMonth', 'thisFinancialYear'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisFinancialYear: 'This financial year',
};

/**
 * A preset period on `today` (India): this month (1st to today), last month (all of it), this
 * financial year (1 April to today).
 */
export function reportPeriod(period: ReportPeriod, today: string): DayRange {
  dayNumber(today);
  const month = today.slice(0, 7);
  if (period === 'thisMonth') return { from: `${month}-01`, to: today };
  if (period === 'lastMonth') return monthRange(previousMonth(month));
  const year = Number(today.slice(0, 4));
  const startYear = Number(today.slice(5, 7)) >= 4 ? year : year - 1;
  return { from: `${startYear}-04-01`, to: today };
}

// ── The GST summary ─────────────────────────────────────────────────────────────────────────

/** What one invoice charged on its lines at one rate. */
export type GstSummaryInput = {
  invoiceId: number;
  /** The bill-to State's code on the invoice's order: the place of supply the tax was charged for. */
  placeOfSupplyCode: StateCode;
  placeOfSupplyName: string;
  /** The supplier's State code at the time (the order's): with the place of supply it decides CGST + SGST or IGST. */
  companyStateCode: StateCode;
  /** The GST rate the lines were billed at (CGST + SGST, or IGST). */
  ratePercent: number;
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
};

export type GstHeads = { taxablePaise: Paise; cgstPaise: Paise; sgstPaise: Paise; igstPaise: Paise; taxPaise: Paise };

export type GstRateGroup = GstHeads & {
  ratePercent: number;
  /** Taxable value supplied within the State (CGST + SGST) and to other States (IGST): GSTR-3B's split. */
  intraTaxablePaise: Paise;
  interTaxablePaise: Paise;
  /** Invoices with a line at this rate (an invoice with lines at two rates counts under both). */
  invoices: number;
};

export type GstStateGroup = GstHeads & {
  stateCode: string;
  stateName: string;
  kind: 'intra' | 'inter';
  invoices: number;
};

export type GstSummary = {
  byRate: GstRateGroup[];
  byState: GstStateGroup[];
  /** Each head over every line once: equal to the sum of byRate and to the sum of byState. */
  totals: GstHeads & { invoices: number };
};

function invoicesIn(rows: readonly GstSummaryInput[]): number {
  return new Set(rows.map((row) => row.invoiceId)).size;
}

function headsOf(rows: readonly GstSummaryInput[]): GstHeads {
  const cgstPaise = sumPaise(rows.map((row) => row.cgstPaise));
  const sgstPaise = sumPaise(rows.map((row) => row.sgstPaise));
  const igstPaise = sumPaise(rows.map((row) => row.igstPaise));
  return {
    taxablePaise: sumPaise(rows.map((row) => row.taxablePaise)),
    cgstPaise,
    sgstPaise,
    igstPaise,
    taxPaise: sumPaise([cgstPaise, sgstPaise, igstPaise]),
  };
}

function groupBy<K>(rows: readonly GstSummaryInput[], keyOf: (row: GstSummaryInput) => K): Map<K, GstSummaryInput[]> {
  const groups = new Map<K, GstSummaryInput[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * Folds the period's invoices (each one's lines summed per rate) into the summary by rate
 * (lowest first) and by place of supply (largest taxable value first). Every figure is a sum of
 * the invoices' own amounts, so both tables add up to the totals to the paisa. Lines with no
 * taxable value and no tax (free lines) add nothing.
 */
export function summariseGst(rows: readonly GstSummaryInput[]): GstSummary {
  const charged = rows.filter((row) => row.taxablePaise !== 0 || row.cgstPaise !== 0 || row.sgstPaise !== 0 || row.igstPaise !== 0);
  const intra = (row: GstSummaryInput) => isIntraState(row.placeOfSupplyCode, row.companyStateCode);
  const byRate = [...groupBy(charged, (row) => row.ratePercent).entries()]
    .map(([ratePercent, group]): GstRateGroup => ({
      ratePercent,
      ...headsOf(group),
      intraTaxablePaise: sumPaise(group.filter(intra).map((row) => row.taxablePaise)),
      interTaxablePaise: sumPaise(group.filter((row) => !intra(row)).map((row) => row.taxablePaise)),
      invoices: invoicesIn(group),
    }))
    .sort((a, b) => a.ratePercent - b.ratePercent);
  const byState = [...groupBy(charged, (row) => normaliseStateCode(row.placeOfSupplyCode)).entries()]
    .map(([stateCode, group]): GstStateGroup => {
      const first = group[0] as GstSummaryInput;
      return {
        stateCode,
        stateName: first.placeOfSupplyName,
        kind: intra(first) ? 'intra' : 'inter',
        ...headsOf(group),
        invoices: invoicesIn(group),
      };
    })
    .sort((a, b) => b.taxablePaise - a.taxablePaise || a.stateCode.localeCompare(b.stateCode));
  return { byRate, byState, totals: { ...headsOf(charged), invoices: invoicesIn(charged) } };
}
