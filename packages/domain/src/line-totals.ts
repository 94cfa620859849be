import { splitGst, type GstSplit, type StateCode } from './gst.ts';
import { assertPaise, mulQty, sumPaise, type Paise } from './money.ts';

export type LineInput = {
  unitPricePaise: Paise;
  quantity: number;
  /** The picked discount on one unit (`pickDiscount`), 0 when none. */
  discountPerUnitPaise: Paise;
  gstRatePercent: number;
  billToStateCode: StateCode;
  companyStateCode: StateCode;
};

export type LineTotals = {
  kind: GstSplit['kind'];
  quantity: number;
  /** quantity × unit price */
  grossPaise: Paise;
  /** quantity × discount per unit */
  discountPaise: Paise;
  /** gross − discount: the value GST is charged on (domain-india.md §1.5) */
  taxablePaise: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  /** cgst + sgst + igst */
  taxPaise: Paise;
  /** taxable + tax */
  totalPaise: Paise;
};

export type CartTotals = {
  quantity: number;
  grossPaise: Paise;
  discountPaise: Paise;
  /** Sum of the lines' taxable values. */
  subtotalPaise: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  taxPaise: Paise;
  totalPaise: Paise;
};

/** One cart or order line: discount per unit, then GST on the line's taxable value, rounded per component. */
export function lineTotals(line: LineInput): LineTotals {
  const { unitPricePaise, quantity, discountPerUnitPaise } = line;
  assertPaise(unitPricePaise, 'unitPricePaise');
  assertPaise(discountPerUnitPaise, 'discountPerUnitPaise');
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`quantity must be a non-negative integer, got ${String(quantity)}`);
  }
  if (discountPerUnitPaise < 0 || discountPerUnitPaise > unitPricePaise) {
    throw new RangeError(`discount per unit ${discountPerUnitPaise} must lie between 0 and the unit price ${unitPricePaise}`);
  }
  const grossPaise = mulQty(unitPricePaise, quantity);
  const discountPaise = mulQty(discountPerUnitPaise, quantity);
  const taxablePaise = mulQty(unitPricePaise - discountPerUnitPaise, quantity);
  const gst = splitGst({
    taxablePaise,
    ratePercent: line.gstRatePercent,
    billToStateCode: line.billToStateCode,
    companyStateCode: line.companyStateCode,
  });
  return {
    kind: gst.kind,
    quantity,
    grossPaise,
    discountPaise,
    taxablePaise,
    cgst: gst.cgst,
    sgst: gst.sgst,
    igst: gst.igst,
    cgstRate: gst.cgstRate,
    sgstRate: gst.sgstRate,
    igstRate: gst.igstRate,
    taxPaise: gst.total,
    totalPaise: sumPaise([taxablePaise, gst.total]),
  };
}

/** The cart's payment summary: every amount is the sum of the lines' amounts (domain-india.md §1.5). */
export function cartTotals(lines: readonly LineTotals[]): CartTotals {
  const sum = (pick: (line: LineTotals) => Paise): Paise => sumPaise(lines.map(pick));
  return {
    quantity: lines.reduce((count, line) => count + line.quantity, 0),
    grossPaise: sum((line) => line.grossPaise),
    discountPaise: sum((line) => line.discountPaise),
    subtotalPaise: sum((line) => line.taxablePaise),
    cgst: sum((line) => line.cgst),
    sgst: sum((line) => line.sgst),
    igst: sum((line) => line.igst),
    taxPaise: sum((line) => line.taxPaise),
    totalPaise: sum((line) => line.totalPaise),
  };
}

/**
 * The GST of the lines taxed at one rate. A cart mixing 5% frames and 18% sunglasses has two, and
 * only these per-rate amounts can be checked against a rate ("CGST 2.5% on ₹X"); the cart's total
 * CGST over both is at no single rate.
 */
export type GstAtRate = {
  kind: LineTotals['kind'];
  /** The full GST rate of these lines: CGST + SGST, or IGST. */
  ratePercent: number;
  /** Their taxable value (after discount, before GST). */
  taxablePaise: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  taxPaise: Paise;
};

/**
 * The lines' GST grouped by rate (and by CGST + SGST or IGST), lowest rate first. Each group's
 * amounts are the sums of its lines' amounts, so the groups add up to `cartTotals` to the paisa.
 * Lines with no taxable value (free lines) carry no GST and make no group.
 */
export function gstByRate(lines: readonly LineTotals[]): GstAtRate[] {
  const groups = new Map<string, LineTotals[]>();
  for (const line of lines) {
    if (line.taxablePaise === 0) continue;
    const key = `${line.kind}:${line.cgstRate + line.sgstRate + line.igstRate}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return [...groups.values()]
    .map((group): GstAtRate => {
      const [first] = group as [LineTotals, ...LineTotals[]];
      const sum = (pick: (line: LineTotals) => Paise): Paise => sumPaise(group.map(pick));
      return {
        kind: first.kind,
        ratePercent: first.cgstRate + first.sgstRate + first.igstRate,
        taxablePaise: sum((line) => line.taxablePaise),
        cgst: sum((line) => line.cgst),
        sgst: sum((line) => line.sgst),
        igst: sum((line) => line.igst),
        cgstRate: first.cgstRate,
        sgstRate: first.sgstRate,
        igstRate: first.igstRate,
        taxPaise: sum((line) => line.taxPaise),
      };
    })
    .sort((a, b) => a.ratePercent - b.ratePercent || a.kind.localeCompare(b.kind));
}

export type GstRates = { cgstRate: number; sgstRate: number; igstRate: number };

/**
 * The one set of rates every taxed line shares, or null when the lines are taxed at more than one
 * rate (no single rate describes a mixed cart). No taxed line: all rates 0.
 */
export function singleGstRates(byRate: readonly GstAtRate[]): GstRates | null {
  if (byRate.length > 1) return null;
  const [only] = byRate;
  return { cgstRate: only?.cgstRate ?? 0, sgstRate: only?.sgstRate ?? 0, igstRate: only?.igstRate ?? 0 };
}
