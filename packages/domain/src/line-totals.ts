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
