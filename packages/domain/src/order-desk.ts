import type { LineTotals } from './line-totals.ts';
import { sumPaise, type Paise } from './money.ts';
import { splitGst, type StateCode } from './gst.ts';

/**
 * The order's life after it is placed, written once for the server and the web: the statuses, how
 * the header status is derived from the decisions and the shipments, which actions each status
 * allows, the e-way bill threshold, and how a shipment's invoice takes its share of a line.
 */

/** Every status an order header can show. Only the desk's decisions are stored; the rest is derived. */
export const ORDER_STATUSES = [
  'Placed',
  'Confirmed',
  'On hold',
  'Partially dispatched',
  'Dispatched',
  'Delivered',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Why an order is on hold. */
export const HOLD_KINDS = ['credit', 'stock', 'note'] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];
export const HOLD_KIND_LABELS: Record<HoldKind, string> = { credit: 'Credit', stock: 'Stock', note: 'Note' };

/** A shipment: Packing → Packed → Dispatched → Delivered (a packed one can go back to Packing). */
export const SHIPMENT_STATUSES = ['Packing', 'Packed', 'Dispatched', 'Delivered'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Rule 138: a consignment whose value (invoice value including GST) exceeds ₹50,000 needs an e-way bill. */
export const EWAY_BILL_THRESHOLD_PAISE: Paise = 5_000_000;
export const needsEwayBill = (consignmentValuePaise: Paise): boolean => consignmentValuePaise > EWAY_BILL_THRESHOLD_PAISE;
/** An e-way bill number: 12 digits. */
export const EWAY_BILL_NUMBER_PATTERN = /^\d{12}$/;

/** What the desk has decided about an order (stored); the header status follows from it and the shipments. */
export type OrderDecisions = {
  confirmed: boolean;
  onHold: boolean;
  cancelled: boolean;
};

/** One line's quantities: ordered (after edits), cancelled, and what its shipments carry. */
export type LineQuantities = {
  quantity: number;
  cancelledQuantity: number;
  /** In a shipment that is Dispatched or Delivered. */
  dispatchedQuantity: number;
  /** In a shipment that is Delivered. */
  deliveredQuantity: number;
};

/** Pieces of a line still to be dispatched: ordered, less cancelled, less dispatched. */
export const backorderedOf = (line: LineQuantities): number =>
  Math.max(0, line.quantity - line.cancelledQuantity - line.dispatchedQuantity);

/**
 * The header status, derived: never set by hand out of step with the shipments.
 * - Something dispatched: Delivered when every billable piece has been delivered, Dispatched when
 *   every billable piece has left, else Partially dispatched.
 * - Nothing dispatched: Cancelled (the order, or every piece of it, was cancelled), else On hold,
 *   Confirmed or Placed, from the decisions.
 */
export function deriveOrderStatus(decisions: OrderDecisions, lines: readonly LineQuantities[]): OrderStatus {
  const billable = lines.reduce((n, line) => n + Math.max(0, line.quantity - line.cancelledQuantity), 0);
  const dispatched = lines.reduce((n, line) => n + line.dispatchedQuantity, 0);
  const delivered = lines.reduce((n, line) => n + line.deliveredQuantity, 0);
  if (dispatched > 0) {
    if (dispatched >= billable) return delivered >= billable ? 'Delivered' : 'Dispatched';
    return 'Partially dispatched';
  }
  if (decisions.cancelled || billable === 0) return 'Cancelled';
  if (decisions.onHold) return 'On hold';
  return decisions.confirmed ? 'Confirmed' : 'Placed';
}

/** The desk's actions and the statuses each one starts from (anything else is a 409). */
export const ORDER_ACTIONS_FROM = {
  confirm: ['Placed', 'On hold'],
  hold: ['Placed', 'Confirmed'],
  release: ['On hold'],
  /** Cancelling the whole order: only while nothing has been dispatched. */
  cancel: ['Placed', 'On hold', 'Confirmed'],
  /** Cancelling a line's open (unshipped) pieces. */
  cancelLine: ['Placed', 'On hold', 'Confirmed', 'Partially dispatched'],
  /** Changing quantities, removing or adding lines: until the lines are packed. */
  edit: ['Placed', 'On hold', 'Confirmed'],
  /** Making a shipment (and packing, dispatching it): the order is confirmed and not on hold. */
  ship: ['Confirmed', 'Partially dispatched'],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderAction = keyof typeof ORDER_ACTIONS_FROM;

export function canDo(action: OrderAction, status: OrderStatus): boolean {
  return (ORDER_ACTIONS_FROM[action] as readonly OrderStatus[]).includes(status);
}

/** An order line as its shipments' invoices need it: its prices and what it already billed. */
export type BillableLine = {
  unitPricePaise: Paise;
  discountPerUnitPaise: Paise;
  gstRatePercent: number;
  billToStateCode: StateCode;
  companyStateCode: StateCode;
  /** The line's billable pieces (ordered less cancelled) and their stored totals. */
  billableQuantity: number;
  totals: Pick<LineTotals, 'taxablePaise' | 'cgst' | 'sgst' | 'igst' | 'totalPaise'>;
  /** What earlier shipments' invoices of this line took. */
  billed: BilledSoFar;
};

/** GST billed by earlier invoices of a line: the pieces and the tax of each head. */
export type BilledGst = { quantity: number; cgst: Paise; sgst: Paise; igst: Paise };

/**
 * What earlier shipments' invoices of a line took, all rates together. `atOtherRates` is the part of
 * it (pieces and tax, already counted in the figures above) that was invoiced at a GST rate other
 * than the line's own, because another rate was in force on those invoices' dates; absent or zero
 * when every earlier invoice used the line's rate.
 */
export type BilledSoFar = { quantity: number; taxablePaise: Paise; cgst: Paise; sgst: Paise; igst: Paise; atOtherRates?: BilledGst };

export type ShipmentLineTotals = {
  /** The GST rate the share is taxed at (the invoice's rate). */
  gstRatePercent: number;
  quantity: number;
  taxablePaise: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  totalPaise: Paise;
};

/** `total × part ÷ whole`, rounded half up, exactly (BigInt: no float error on large amounts). */
function shareOf(total: Paise, part: number, whole: number): Paise {
  const numerator = 2n * BigInt(total) * BigInt(part) + BigInt(whole);
  return Number(numerator / (2n * BigInt(whole)));
}

/**
 * A shipment's share of a line, for its invoice, taxed at `invoiceRatePercent`: the GST rate in
 * force on the invoice's date for the line's HSN code (the order line's own rate by default, and
 * when the rate table has no entry for the code).
 *
 * The taxable value is shared out by pieces, cumulatively: after this shipment the line has billed
 * its taxable value × (pieces billed ÷ billable pieces), rounded, and this shipment's share is that
 * less what earlier shipments billed; so the shares of a fully shipped line add up to its taxable
 * value to the paisa (the last one takes what is left) and none is ever negative.
 *
 * At the line's own rate the GST is shared out the same way over the pieces invoiced at that rate,
 * so a line shipped wholly at its rate bills its stored CGST, SGST and IGST to the paisa and each
 * share is within a paisa per component of its own GST. At another rate (GST changed between the
 * order and the invoice) the share is taxed on its own (`splitGst` of its taxable value at that
 * rate, CGST + SGST or IGST as the line): the order's snapshot does not hold that rate's tax.
 */
export function shipmentLineTotals(line: BillableLine, quantity: number, invoiceRatePercent: number = line.gstRatePercent): ShipmentLineTotals {
  if (!Number.isSafeInteger(quantity) || quantity <= 0) throw new RangeError(`quantity must be a positive integer, got ${quantity}`);
  const left = line.billableQuantity - line.billed.quantity;
  if (quantity > left) throw new RangeError(`shipping ${quantity} of a line with ${left} left to bill`);
  const after = line.billed.quantity + quantity;
  const upTo = (total: Paise, billed: Paise, pieces: number) => Math.max(0, shareOf(total, pieces, line.billableQuantity) - billed);
  const taxablePaise = upTo(line.totals.taxablePaise, line.billed.taxablePaise, after);
  const rate = invoiceRatePercent + 0;
  if (rate === line.gstRatePercent) {
    const other = line.billed.atOtherRates ?? { quantity: 0, cgst: 0, sgst: 0, igst: 0 };
    const atLineRate = line.billed.quantity - other.quantity + quantity;
    const cgst = upTo(line.totals.cgst, line.billed.cgst - other.cgst, atLineRate);
    const sgst = upTo(line.totals.sgst, line.billed.sgst - other.sgst, atLineRate);
    const igst = upTo(line.totals.igst, line.billed.igst - other.igst, atLineRate);
    return { gstRatePercent: rate, quantity, taxablePaise, cgst, sgst, igst, totalPaise: sumPaise([taxablePaise, cgst, sgst, igst]) };
  }
  const gst = splitGst({ taxablePaise, ratePercent: rate, billToStateCode: line.billToStateCode, companyStateCode: line.companyStateCode });
  return {
    gstRatePercent: rate,
    quantity,
    taxablePaise,
    cgst: gst.cgst,
    sgst: gst.sgst,
    igst: gst.igst,
    totalPaise: sumPaise([taxablePaise, gst.total]),
  };
}

/** A retailer's credit terms and book, for the credit check. */
export type CreditBook = {
  creditLimitPaise: Paise;
  creditHold: boolean;
  creditHoldReason: string | null;
  /** Balance of unpaid invoices. */
  outstandingPaise: Paise;
  /** Confirmed orders' value not yet invoiced (what will be billed on dispatch). */
  onOrderPaise: Paise;
  /** Balance of invoices past their due date. */
  overduePaise: Paise;
  /** Days the oldest unpaid invoice is past its due date (0 when none is). */
  oldestOverdueDays: number;
};

export type CreditPosition = CreditBook & { availablePaise: Paise };

export function creditPosition(book: CreditBook): CreditPosition {
  return { ...book, availablePaise: book.creditLimitPaise - book.outstandingPaise - book.onOrderPaise };
}

export type CreditRefusal =
  | { reason: 'hold'; holdReason: string | null }
  | { reason: 'limit'; shortPaise: Paise }
  | { reason: 'overdue'; days: number; overduePaise: Paise };

/**
 * Why confirming an order of `orderPaise` would breach the retailer's credit, or null when it
 * would not: a credit hold, outstanding plus on order plus this order above the limit, or an
 * unpaid invoice past its due date. Every reason that applies, hold first.
 */
export function creditRefusals(position: CreditPosition, orderPaise: Paise): CreditRefusal[] {
  const refusals: CreditRefusal[] = [];
  if (position.creditHold) refusals.push({ reason: 'hold', holdReason: position.creditHoldReason });
  const short = orderPaise - position.availablePaise;
  if (short > 0) refusals.push({ reason: 'limit', shortPaise: short });
  if (position.oldestOverdueDays > 0) {
    refusals.push({ reason: 'overdue', days: position.oldestOverdueDays, overduePaise: position.overduePaise });
  }
  return refusals;
}
