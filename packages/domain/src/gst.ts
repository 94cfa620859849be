import { assertPaise, formatPercent, halfPercentOf, percentOf, type Paise } from './money.ts';

/** Telangana: the supplier's GST state code (domain-india.md §1.1). Configuration passes the real one in. */
export const COMPANY_STATE_CODE_DEFAULT = '36';

export type StateCode = string | number;

export type IntraStateGst = {
  kind: 'intra';
  cgst: Paise;
  sgst: Paise;
  cgstRate: number;
  sgstRate: number;
  igst: 0;
  igstRate: 0;
  total: Paise;
};

export type InterStateGst = {
  kind: 'inter';
  igst: Paise;
  igstRate: number;
  cgst: 0;
  sgst: 0;
  cgstRate: 0;
  sgstRate: 0;
  total: Paise;
};

export type GstSplit = IntraStateGst | InterStateGst;

export type SplitGstInput = {
  taxablePaise: Paise;
  ratePercent: number;
  billToStateCode: StateCode;
  companyStateCode: StateCode;
};

export type TaxLine = { label: string; paise: Paise };

/** A GST state code as two digits: 7, '7' and '07' all become '07'. Throws a RangeError otherwise (including '', 0). */
export function normaliseStateCode(code: StateCode): string {
  const normalised = String(code).trim().padStart(2, '0');
  if (!/^\d{2}$/.test(normalised) || normalised === '00') {
    throw new RangeError(`GST state code must be 2 digits, got ${JSON.stringify(String(code))}`);
  }
  return normalised;
}

/** Same State/UT as the supplier → CGST + SGST; otherwise IGST (domain-india.md §1.1). */
export function isIntraState(billToStateCode: StateCode, companyStateCode: StateCode): boolean {
  return normaliseStateCode(billToStateCode) === normaliseStateCode(companyStateCode);
}

/**
 * GST on one line's taxable value, each component rounded to the paisa half-up (domain-india.md §1.6):
 * CGST = SGST = round(taxable × rate/2 / 100), IGST = round(taxable × rate / 100).
 * Intra-state tax is therefore always even in paise and may differ from IGST by one paisa.
 */
export function splitGst({ taxablePaise, ratePercent, billToStateCode, companyStateCode }: SplitGstInput): GstSplit {
  assertPaise(taxablePaise, 'taxablePaise');
  assertGstRate(ratePercent);
  const rate = ratePercent + 0; // no negative zero in labels
  if (isIntraState(billToStateCode, companyStateCode)) {
    const half = halfPercentOf(taxablePaise, rate);
    const halfRate = rate / 2;
    return { kind: 'intra', cgst: half, sgst: half, cgstRate: halfRate, sgstRate: halfRate, igst: 0, igstRate: 0, total: half + half };
  }
  const igst = percentOf(taxablePaise, rate);
  return { kind: 'inter', igst, igstRate: rate, cgst: 0, sgst: 0, cgstRate: 0, sgstRate: 0, total: igst };
}

/** The rate of each head for a GST rate: CGST and SGST half of it within the State, else IGST all of it (as `splitGst`). */
export function gstHeadRates(
  ratePercent: number,
  billToStateCode: StateCode,
  companyStateCode: StateCode,
): Pick<GstSplit, 'cgstRate' | 'sgstRate' | 'igstRate'> {
  const { cgstRate, sgstRate, igstRate } = splitGst({ taxablePaise: 0, ratePercent, billToStateCode, companyStateCode });
  return { cgstRate, sgstRate, igstRate };
}

/** What to print for the tax: 'CGST 2.5%' and 'SGST 2.5%', or 'IGST 5%'; never just "tax". */
export function taxLines(split: GstSplit): TaxLine[] {
  if (split.kind === 'intra') {
    return [
      { label: `CGST ${formatPercent(split.cgstRate)}%`, paise: split.cgst },
      { label: `SGST ${formatPercent(split.sgstRate)}%`, paise: split.sgst },
    ];
  }
  return [{ label: `IGST ${formatPercent(split.igstRate)}%`, paise: split.igst }];
}

function assertGstRate(ratePercent: number): void {
  if (!Number.isFinite(ratePercent) || ratePercent < 0 || ratePercent > 100) {
    throw new RangeError(`GST rate must be a percentage from 0 to 100, got ${String(ratePercent)}`);
  }
}
