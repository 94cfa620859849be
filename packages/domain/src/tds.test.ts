import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxTds194QPaise, tds194QPaise, TDS_ROUNDING_TOLERANCE_PAISE } from './tds.ts';

describe('tds194QPaise: 0.1 % of the taxable value, to the nearest rupee', () => {
  it('takes 0.1 % of the value without GST and rounds half up to the rupee', () => {
    // ₹1,00,000 taxable → ₹100.
    expect(tds194QPaise(10_000_000)).toBe(10_000);
    // ₹1,23,456.78 → ₹123.45678 → ₹123.
    expect(tds194QPaise(12_345_678)).toBe(12_300);
    // ₹1,23,500.00 → ₹123.50 → ₹124 (half up).
    expect(tds194QPaise(12_350_000)).toBe(12_400);
    // ₹1,23,499.99 → ₹123.49999 → ₹123.
    expect(tds194QPaise(12_349_999)).toBe(12_300);
    // Under ₹500 taxable the tax rounds to nothing.
    expect(tds194QPaise(49_999)).toBe(0);
    expect(tds194QPaise(50_000)).toBe(100);
    expect(tds194QPaise(0)).toBe(0);
  });

  it('refuses a value that is not whole paise', () => {
    expect(() => tds194QPaise(10.5)).toThrow(RangeError);
  });

  it('property: whole rupees, within half a rupee of the exact 0.1 %, never falling as the value grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000_00 }), fc.integer({ min: 0, max: 1_000_000 }), (taxable, more) => {
        const tds = tds194QPaise(taxable);
        expect(tds % 100).toBe(0);
        // |tds − taxable / 1000| ≤ 50 paise, in integers: |1000·tds − taxable| ≤ 50 000.
        expect(Math.abs(1000 * tds - taxable)).toBeLessThanOrEqual(50_000);
        expect(tds194QPaise(taxable + more)).toBeGreaterThanOrEqual(tds);
        expect(maxTds194QPaise(taxable)).toBe(tds + TDS_ROUNDING_TOLERANCE_PAISE);
      }),
    );
  });
});
