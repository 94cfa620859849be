import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COMPANY_STATE_CODE_DEFAULT } from './gst.ts';
import { cartTotals, gstByRate, lineTotals, singleGstRates, type CartTotals, type LineInput } from './line-totals.ts';

const inTelangana = { billToStateCode: '36', companyStateCode: COMPANY_STATE_CODE_DEFAULT };
const inKarnataka = { billToStateCode: '29', companyStateCode: COMPANY_STATE_CODE_DEFAULT };

/** domain-india §1.7: 10 frames at ₹1,000 less 10% (₹100 a frame), 5% GST. */
const frames = { unitPricePaise: 100000, quantity: 10, discountPerUnitPaise: 10000, gstRatePercent: 5 };
/** 5 sunglasses at ₹1,000, 18% GST. */
const sunglasses = { unitPricePaise: 100000, quantity: 5, discountPerUnitPaise: 0, gstRatePercent: 18 };

describe('lineTotals', () => {
  it('taxes the discounted value inside Telangana (domain-india §1.7)', () => {
    expect(lineTotals({ ...frames, ...inTelangana })).toEqual({
      kind: 'intra',
      quantity: 10,
      grossPaise: 1000000,
      discountPaise: 100000,
      taxablePaise: 900000,
      cgst: 22500,
      sgst: 22500,
      igst: 0,
      cgstRate: 2.5,
      sgstRate: 2.5,
      igstRate: 0,
      taxPaise: 45000,
      totalPaise: 945000,
    });
  });

  it('charges IGST outside Telangana (domain-india §1.7)', () => {
    const line = lineTotals({ ...frames, ...inKarnataka });
    expect([line.kind, line.igst, line.igstRate, line.cgst, line.sgst, line.totalPaise]).toEqual(['inter', 45000, 5, 0, 0, 945000]);
  });

  it('rounds GST on the line’s taxable value, not per unit', () => {
    // 3 × ₹411.50 = ₹1,234.50 → CGST 30.8625 → ₹30.86 (per unit it would be 3 × 10.29 = 30.87).
    const line = lineTotals({ unitPricePaise: 41150, quantity: 3, discountPerUnitPaise: 0, gstRatePercent: 5, ...inTelangana });
    expect([line.cgst, line.sgst, line.taxPaise, line.totalPaise]).toEqual([3086, 3086, 6172, 129622]);
  });

  it('is all zero for a zero quantity', () => {
    const line = lineTotals({ ...frames, quantity: 0, ...inTelangana });
    expect([line.grossPaise, line.taxablePaise, line.taxPaise, line.totalPaise]).toEqual([0, 0, 0, 0]);
  });

  it('rejects bad quantities and discounts', () => {
    const base = { ...frames, ...inTelangana };
    expect(() => lineTotals({ ...base, quantity: -1 })).toThrow(RangeError);
    expect(() => lineTotals({ ...base, quantity: 1.5 })).toThrow(RangeError);
    expect(() => lineTotals({ ...base, discountPerUnitPaise: -1 })).toThrow(RangeError);
    expect(() => lineTotals({ ...base, discountPerUnitPaise: 100001 })).toThrow(RangeError);
    expect(() => lineTotals({ ...base, unitPricePaise: 99.5 })).toThrow(RangeError);
  });
});

describe('cartTotals', () => {
  it('sums the worked example of domain-india §1.7 inside Telangana', () => {
    const totals = cartTotals([lineTotals({ ...frames, ...inTelangana }), lineTotals({ ...sunglasses, ...inTelangana })]);
    expect(totals).toEqual({
      quantity: 15,
      grossPaise: 1500000,
      discountPaise: 100000,
      subtotalPaise: 1400000,
      cgst: 67500,
      sgst: 67500,
      igst: 0,
      taxPaise: 135000,
      totalPaise: 1535000,
    });
  });

  it('sums the worked example of domain-india §1.7 outside Telangana', () => {
    const totals = cartTotals([lineTotals({ ...frames, ...inKarnataka }), lineTotals({ ...sunglasses, ...inKarnataka })]);
    expect([totals.subtotalPaise, totals.igst, totals.cgst, totals.sgst, totals.totalPaise]).toEqual([1400000, 135000, 0, 0, 1535000]);
  });

  it('is zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({
      quantity: 0,
      grossPaise: 0,
      discountPaise: 0,
      subtotalPaise: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      taxPaise: 0,
      totalPaise: 0,
    });
  });
});

describe('gstByRate', () => {
  it('gives a mixed Telangana cart one group per rate (domain-india §1.7: 5% frames, 18% sunglasses)', () => {
    const byRate = gstByRate([lineTotals({ ...sunglasses, ...inTelangana }), lineTotals({ ...frames, ...inTelangana })]);
    expect(byRate).toEqual([
      { kind: 'intra', ratePercent: 5, taxablePaise: 900000, cgst: 22500, sgst: 22500, igst: 0, cgstRate: 2.5, sgstRate: 2.5, igstRate: 0, taxPaise: 45000 },
      { kind: 'intra', ratePercent: 18, taxablePaise: 500000, cgst: 45000, sgst: 45000, igst: 0, cgstRate: 9, sgstRate: 9, igstRate: 0, taxPaise: 90000 },
    ]);
    expect(singleGstRates(byRate)).toBeNull();
  });

  it('gives the same cart outside Telangana IGST 5% and IGST 18%', () => {
    const byRate = gstByRate([lineTotals({ ...frames, ...inKarnataka }), lineTotals({ ...sunglasses, ...inKarnataka })]);
    expect(byRate.map((g) => [g.igstRate, g.taxablePaise, g.igst, g.cgst])).toEqual([
      [5, 900000, 45000, 0],
      [18, 500000, 90000, 0],
    ]);
  });

  it('sums the lines of one rate into one group, whose rates are the cart’s rates', () => {
    const byRate = gstByRate([lineTotals({ ...frames, ...inTelangana }), lineTotals({ ...frames, quantity: 3, ...inTelangana })]);
    expect(byRate).toHaveLength(1);
    expect(byRate[0]!.taxablePaise).toBe(900000 + 270000);
    expect(singleGstRates(byRate)).toEqual({ cgstRate: 2.5, sgstRate: 2.5, igstRate: 0 });
  });

  it('leaves out lines with nothing taxable; no taxed line means rates of 0', () => {
    const free = lineTotals({ ...sunglasses, unitPricePaise: 0, ...inTelangana });
    expect(gstByRate([free])).toEqual([]);
    expect(singleGstRates([])).toEqual({ cgstRate: 0, sgstRate: 0, igstRate: 0 });
    expect(gstByRate([free, lineTotals({ ...frames, ...inTelangana })]).map((g) => g.ratePercent)).toEqual([5]);
  });
});

describe('line and cart totals properties', () => {
  const lineInput: fc.Arbitrary<LineInput> = fc
    .record({
      unitPricePaise: fc.integer({ min: 0, max: 10 ** 8 }),
      discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
      quantity: fc.integer({ min: 0, max: 100 }),
      gstRatePercent: fc.constantFrom(0, 0.25, 3, 5, 12, 18, 28, 40),
      billToStateCode: fc.constantFrom('36', 36, '29', '7', 4),
    })
    .map(({ discountShare, ...line }) => ({
      ...line,
      discountPerUnitPaise: Math.floor(line.unitPricePaise * discountShare),
      companyStateCode: COMPANY_STATE_CODE_DEFAULT,
    }));
  const lines = fc.array(lineInput, { maxLength: 20 });

  const add = (a: CartTotals, b: CartTotals): CartTotals => ({
    quantity: a.quantity + b.quantity,
    grossPaise: a.grossPaise + b.grossPaise,
    discountPaise: a.discountPaise + b.discountPaise,
    subtotalPaise: a.subtotalPaise + b.subtotalPaise,
    cgst: a.cgst + b.cgst,
    sgst: a.sgst + b.sgst,
    igst: a.igst + b.igst,
    taxPaise: a.taxPaise + b.taxPaise,
    totalPaise: a.totalPaise + b.totalPaise,
  });

  it('totals of a concatenation equal the sum of the totals of the parts', () => {
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const whole = cartTotals([...a, ...b].map(lineTotals));
        expect(whole).toEqual(add(cartTotals(a.map(lineTotals)), cartTotals(b.map(lineTotals))));
      }),
    );
  });

  it('total = taxable + tax, tax = cgst + sgst + igst, taxable = gross − discount, for lines and carts', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const computed = ls.map(lineTotals);
        const totals = cartTotals(computed);
        for (const t of [...computed, { ...totals, taxablePaise: totals.subtotalPaise }]) {
          expect(t.totalPaise).toBe(t.taxablePaise + t.taxPaise);
          expect(t.taxPaise).toBe(t.cgst + t.sgst + t.igst);
          expect(t.taxablePaise).toBe(t.grossPaise - t.discountPaise);
          expect(t.taxablePaise).toBeGreaterThanOrEqual(0);
        }
        expect(totals.cgst).toBe(totals.sgst);
      }),
    );
  });

  it('the per-rate groups add up to the cart totals to the paisa', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const computed = ls.map(lineTotals);
        const totals = cartTotals(computed);
        const byRate = gstByRate(computed);
        const sum = (pick: (g: (typeof byRate)[number]) => number) => byRate.reduce((s, g) => s + pick(g), 0);
        expect([sum((g) => g.taxablePaise), sum((g) => g.cgst), sum((g) => g.sgst), sum((g) => g.igst), sum((g) => g.taxPaise)]).toEqual([
          totals.subtotalPaise,
          totals.cgst,
          totals.sgst,
          totals.igst,
          totals.taxPaise,
        ]);
        expect(new Set(byRate.map((g) => `${g.kind}:${g.ratePercent}`)).size).toBe(byRate.length);
      }),
    );
  });

  it('charges either CGST + SGST or IGST on a line, never both', () => {
    fc.assert(
      fc.property(lineInput, (input) => {
        const line = lineTotals(input);
        return line.kind === 'intra' ? line.igst === 0 : line.cgst === 0 && line.sgst === 0;
      }),
    );
  });
});
