import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineTotals } from './line-totals.ts';
import {
  backorderedOf,
  canDo,
  deriveOrderStatus,
  EWAY_BILL_THRESHOLD_PAISE,
  needsEwayBill,
  shipmentLineTotals,
  type BillableLine,
  type LineQuantities,
  type OrderDecisions,
  type ShipmentLineTotals,
} from './order-desk.ts';

const TELANGANA = '36';
const KARNATAKA = '29';

const decisions = fc.record<OrderDecisions>({ confirmed: fc.boolean(), onHold: fc.boolean(), cancelled: fc.boolean() });

/** A line in any consistent state: cancelled ≤ ordered, delivered ≤ dispatched ≤ ordered − cancelled. */
const lineQuantities: fc.Arbitrary<LineQuantities> = fc
  .record({ quantity: fc.integer({ min: 1, max: 50 }), cancelled: fc.nat(), dispatched: fc.nat(), delivered: fc.nat() })
  .map(({ quantity, cancelled, dispatched, delivered }) => {
    const cancelledQuantity = cancelled % (quantity + 1);
    const dispatchedQuantity = dispatched % (quantity - cancelledQuantity + 1);
    const deliveredQuantity = delivered % (dispatchedQuantity + 1);
    return { quantity, cancelledQuantity, dispatchedQuantity, deliveredQuantity };
  });
const lines = fc.array(lineQuantities, { minLength: 1, maxLength: 8 });

const sum = (values: readonly LineQuantities[], pick: (line: LineQuantities) => number) => values.reduce((n, line) => n + pick(line), 0);
const billableOf = (line: LineQuantities) => line.quantity - line.cancelledQuantity;

describe('deriveOrderStatus', () => {
  it('is Delivered exactly when something was dispatched and every billable piece has been delivered', () => {
    fc.assert(
      fc.property(decisions, lines, (d, ls) => {
        const everythingDelivered = ls.every((line) => line.deliveredQuantity === billableOf(line));
        const somethingDispatched = sum(ls, (line) => line.dispatchedQuantity) > 0;
        expect(deriveOrderStatus(d, ls) === 'Delivered').toBe(somethingDispatched && everythingDelivered);
      }),
    );
  });

  it('is never Cancelled, On hold, Confirmed or Placed once something has been dispatched, whatever the decisions say', () => {
    fc.assert(
      fc.property(decisions, lines, (d, ls) => {
        fc.pre(sum(ls, (line) => line.dispatchedQuantity) > 0);
        expect(['Partially dispatched', 'Dispatched', 'Delivered']).toContain(deriveOrderStatus(d, ls));
      }),
    );
  });

  it('is Dispatched or Delivered exactly when nothing is backordered (and something left), Partially dispatched otherwise', () => {
    fc.assert(
      fc.property(decisions, lines, (d, ls) => {
        fc.pre(sum(ls, (line) => line.dispatchedQuantity) > 0);
        const status = deriveOrderStatus(d, ls);
        const backordered = sum(ls, backorderedOf);
        expect(status === 'Partially dispatched').toBe(backordered > 0);
      }),
    );
  });

  it('follows the decisions while nothing is dispatched: cancelled (or nothing billable) → Cancelled, then hold, then confirmed', () => {
    fc.assert(
      fc.property(decisions, lines, (d, ls) => {
        const undispatched = ls.map((line) => ({ ...line, dispatchedQuantity: 0, deliveredQuantity: 0 }));
        const nothingBillable = undispatched.every((line) => billableOf(line) === 0);
        const expected = d.cancelled || nothingBillable ? 'Cancelled' : d.onHold ? 'On hold' : d.confirmed ? 'Confirmed' : 'Placed';
        expect(deriveOrderStatus(d, undispatched)).toBe(expected);
      }),
    );
  });

  it('lets an order be shipped only from Confirmed or Partially dispatched', () => {
    fc.assert(
      fc.property(decisions, lines, (d, ls) => {
        const status = deriveOrderStatus(d, ls);
        expect(canDo('ship', status)).toBe(status === 'Confirmed' || status === 'Partially dispatched');
        // Cancelling the whole order is never possible once something left the warehouse.
        if (sum(ls, (line) => line.dispatchedQuantity) > 0) expect(canDo('cancel', status)).toBe(false);
      }),
    );
  });
});

describe('needsEwayBill', () => {
  it('needs one above ₹50,000.00 only: ₹50,000.00 is not over the threshold, ₹50,000.01 is', () => {
    expect(EWAY_BILL_THRESHOLD_PAISE).toBe(5_000_000);
    expect(needsEwayBill(5_000_000)).toBe(false);
    expect(needsEwayBill(5_000_001)).toBe(true);
    expect(needsEwayBill(0)).toBe(false);
  });
});

/** A priced order line as the order stores it: its totals are lineTotals of its billable pieces. */
const billableLine = fc
  .record({
    // Any price from one paisa to ₹50,000 a piece: tiny prices with many one-piece shipments are where
    // rounding per share would go wrong (20 shipments of one piece at ₹0.10 and 5%).
    unitPricePaise: fc.integer({ min: 1, max: 5_000_000 }),
    discountShare: fc.integer({ min: 0, max: 100 }),
    gstRatePercent: fc.constantFrom(0, 3, 5, 12, 18, 28),
    interState: fc.boolean(),
    billableQuantity: fc.integer({ min: 1, max: 200 }),
  })
  .map(({ unitPricePaise, discountShare, gstRatePercent, interState, billableQuantity }) => {
    const base = {
      unitPricePaise,
      discountPerUnitPaise: Math.floor((unitPricePaise * discountShare) / 200),
      gstRatePercent,
      billToStateCode: interState ? KARNATAKA : TELANGANA,
      companyStateCode: TELANGANA,
    };
    const t = lineTotals({ ...base, quantity: billableQuantity });
    return {
      ...base,
      billableQuantity,
      totals: { taxablePaise: t.taxablePaise, cgst: t.cgst, sgst: t.sgst, igst: t.igst, totalPaise: t.totalPaise },
      billed: { quantity: 0, taxablePaise: 0, cgst: 0, sgst: 0, igst: 0 },
    } satisfies BillableLine;
  });

/** The line and a split of its billable pieces into shipments (each at least one piece). */
const lineAndSplit = billableLine.chain((line) =>
  fc
    .array(fc.integer({ min: 1, max: line.billableQuantity }), { minLength: 0, maxLength: Math.min(line.billableQuantity - 1, 30) })
    .map((cuts) => {
      const points = [...new Set(cuts.filter((cut) => cut < line.billableQuantity))].sort((a, b) => a - b);
      const parts: number[] = [];
      let from = 0;
      for (const point of [...points, line.billableQuantity]) {
        parts.push(point - from);
        from = point;
      }
      return { line, parts };
    }),
);

/** Ships the parts in order, each invoice billing what the earlier ones left, as the dispatch does. */
function shipAll(line: BillableLine, parts: readonly number[]): ShipmentLineTotals[] {
  const billed = { quantity: 0, taxablePaise: 0, cgst: 0, sgst: 0, igst: 0 };
  return parts.map((quantity) => {
    const share = shipmentLineTotals({ ...line, billed: { ...billed } }, quantity);
    billed.quantity += share.quantity;
    billed.taxablePaise += share.taxablePaise;
    billed.cgst += share.cgst;
    billed.sgst += share.sgst;
    billed.igst += share.igst;
    return share;
  });
}

describe('shipmentLineTotals', () => {
  it('splits a line over any number of shipments into shares that add up exactly to the line’s totals', () => {
    fc.assert(
      fc.property(lineAndSplit, ({ line, parts }) => {
        const shares = shipAll(line, parts);
        const total = (pick: (share: ShipmentLineTotals) => number) => shares.reduce((n, share) => n + pick(share), 0);
        expect(total((share) => share.quantity)).toBe(line.billableQuantity);
        expect(total((share) => share.taxablePaise)).toBe(line.totals.taxablePaise);
        expect(total((share) => share.cgst)).toBe(line.totals.cgst);
        expect(total((share) => share.sgst)).toBe(line.totals.sgst);
        expect(total((share) => share.igst)).toBe(line.totals.igst);
        expect(total((share) => share.totalPaise)).toBe(line.totals.totalPaise);
      }),
      { numRuns: 300 },
    );
  });

  it('gives every share non-negative money, its total the sum of its parts, and the one tax kind of the line', () => {
    fc.assert(
      fc.property(lineAndSplit, ({ line, parts }) => {
        for (const share of shipAll(line, parts)) {
          for (const value of [share.taxablePaise, share.cgst, share.sgst, share.igst, share.totalPaise]) {
            expect(Number.isSafeInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(share.totalPaise).toBe(share.taxablePaise + share.cgst + share.sgst + share.igst);
          if (line.billToStateCode === line.companyStateCode) expect(share.igst).toBe(0);
          else expect(share.cgst + share.sgst).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('prices each share within a paisa per tax of a line of that many pieces, and its taxable value exactly', () => {
    fc.assert(
      fc.property(lineAndSplit, ({ line, parts }) => {
        shipAll(line, parts).forEach((share, index) => {
          const alone = lineTotals({ ...line, quantity: parts[index]! });
          expect(share.taxablePaise).toBe(alone.taxablePaise);
          for (const tax of ['cgst', 'sgst', 'igst'] as const) expect(Math.abs(share[tax] - alone[tax])).toBeLessThanOrEqual(1);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every share of 20 one-piece shipments at ₹0.10 and 5% non-negative (the case rounding per share broke)', () => {
    const base = { unitPricePaise: 10, discountPerUnitPaise: 0, gstRatePercent: 5, billToStateCode: TELANGANA, companyStateCode: TELANGANA };
    const t = lineTotals({ ...base, quantity: 20 });
    const line = {
      ...base,
      billableQuantity: 20,
      totals: { taxablePaise: t.taxablePaise, cgst: t.cgst, sgst: t.sgst, igst: t.igst, totalPaise: t.totalPaise },
      billed: { quantity: 0, taxablePaise: 0, cgst: 0, sgst: 0, igst: 0 },
    } satisfies BillableLine;
    const shares = shipAll(line, Array.from({ length: 20 }, () => 1));
    expect(shares.every((share) => share.cgst >= 0 && share.sgst >= 0)).toBe(true);
    expect(shares.reduce((n, share) => n + share.totalPaise, 0)).toBe(t.totalPaise);
  });

  /**
   * Ships the parts in order, each at its own invoice rate, as the dispatch does: what earlier
   * invoices took at rates other than the line's is passed as `atOtherRates`.
   */
  function shipAtRates(line: BillableLine, parts: readonly { quantity: number; rate: number }[]): ShipmentLineTotals[] {
    const billed = { quantity: 0, taxablePaise: 0, cgst: 0, sgst: 0, igst: 0, atOtherRates: { quantity: 0, cgst: 0, sgst: 0, igst: 0 } };
    return parts.map(({ quantity, rate }) => {
      const share = shipmentLineTotals({ ...line, billed: { ...billed, atOtherRates: { ...billed.atOtherRates } } }, quantity, rate);
      billed.quantity += share.quantity;
      billed.taxablePaise += share.taxablePaise;
      billed.cgst += share.cgst;
      billed.sgst += share.sgst;
      billed.igst += share.igst;
      if (share.gstRatePercent !== line.gstRatePercent) {
        billed.atOtherRates.quantity += share.quantity;
        billed.atOtherRates.cgst += share.cgst;
        billed.atOtherRates.sgst += share.sgst;
        billed.atOtherRates.igst += share.igst;
      }
      return share;
    });
  }

  it('taxes a share invoiced at another rate (GST changed since the order) as a line of its pieces at that rate', () => {
    fc.assert(
      fc.property(lineAndSplit, fc.constantFrom(0, 5, 12, 18, 28), ({ line, parts }, rate) => {
        fc.pre(rate !== line.gstRatePercent);
        const shares = shipAtRates(line, parts.map((quantity) => ({ quantity, rate })));
        shares.forEach((share, index) => {
          const alone = lineTotals({ ...line, gstRatePercent: rate, quantity: parts[index]! });
          expect(share.gstRatePercent).toBe(rate);
          expect(share.taxablePaise).toBe(alone.taxablePaise);
          expect([share.cgst, share.sgst, share.igst]).toEqual([alone.cgst, alone.sgst, alone.igst]);
          expect(share.totalPaise).toBe(alone.totalPaise);
        });
        // The taxable value still adds up to the line's, to the paisa.
        expect(shares.reduce((n, share) => n + share.taxablePaise, 0)).toBe(line.totals.taxablePaise);
      }),
      { numRuns: 200 },
    );
  });

  it('mixes rates in any order: taxable adds up to the line, the line-rate shares stay within a paisa of their own GST', () => {
    fc.assert(
      fc.property(lineAndSplit, fc.constantFrom(0, 5, 12, 18), fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }), ({ line, parts }, other, atOther) => {
        fc.pre(other !== line.gstRatePercent);
        const plan = parts.map((quantity, index) => ({ quantity, rate: atOther[index] ? other : line.gstRatePercent }));
        const shares = shipAtRates(line, plan);
        expect(shares.reduce((n, share) => n + share.taxablePaise, 0)).toBe(line.totals.taxablePaise);
        shares.forEach((share, index) => {
          const alone = lineTotals({ ...line, gstRatePercent: plan[index]!.rate, quantity: plan[index]!.quantity });
          expect(share.gstRatePercent).toBe(plan[index]!.rate);
          for (const tax of ['cgst', 'sgst', 'igst'] as const) {
            expect(share[tax]).toBeGreaterThanOrEqual(0);
            expect(Math.abs(share[tax] - alone[tax])).toBeLessThanOrEqual(1);
          }
          expect(share.totalPaise).toBe(share.taxablePaise + share.cgst + share.sgst + share.igst);
        });
        // Every share at the line's rate: exactly the stored totals (the snapshot), as before.
        if (plan.every((part) => part.rate === line.gstRatePercent)) {
          expect(shares.reduce((n, share) => n + share.totalPaise, 0)).toBe(line.totals.totalPaise);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('bills ₹1,000 of frames ordered at 12% and invoiced after the change at 5%: CGST 2.5% + SGST 2.5%, or IGST 5%', () => {
    const base = { unitPricePaise: 100_000, discountPerUnitPaise: 0, gstRatePercent: 12, companyStateCode: TELANGANA };
    for (const [billTo, expected] of [
      [TELANGANA, { cgst: 2_500, sgst: 2_500, igst: 0, totalPaise: 105_000 }],
      [KARNATAKA, { cgst: 0, sgst: 0, igst: 5_000, totalPaise: 105_000 }],
    ] as const) {
      const t = lineTotals({ ...base, billToStateCode: billTo, quantity: 1 });
      const line = {
        ...base,
        billToStateCode: billTo,
        billableQuantity: 1,
        totals: { taxablePaise: t.taxablePaise, cgst: t.cgst, sgst: t.sgst, igst: t.igst, totalPaise: t.totalPaise },
        billed: { quantity: 0, taxablePaise: 0, cgst: 0, sgst: 0, igst: 0 },
      } satisfies BillableLine;
      expect(shipmentLineTotals(line, 1, 5)).toEqual({ gstRatePercent: 5, quantity: 1, taxablePaise: 100_000, ...expected });
      expect(shipmentLineTotals(line, 1).totalPaise).toBe(112_000);
    }
  });

  it('refuses a share of no pieces, a fraction, or more than the line has left to bill', () => {
    fc.assert(
      fc.property(billableLine, (line) => {
        expect(() => shipmentLineTotals(line, 0)).toThrow(RangeError);
        expect(() => shipmentLineTotals(line, 1.5)).toThrow(RangeError);
        expect(() => shipmentLineTotals(line, line.billableQuantity + 1)).toThrow(RangeError);
        const billedAll = { ...line, billed: { ...line.totals, quantity: line.billableQuantity } };
        expect(() => shipmentLineTotals(billedAll, 1)).toThrow(RangeError);
      }),
    );
  });
});
