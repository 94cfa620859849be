import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatCount,
  formatInr,
  formatPercent,
  halfPercentOf,
  mulQty,
  paiseToRupees,
  percentOf,
  rupeesToPaise,
  sumPaise,
} from './money.ts';

/** Paise for which the 2-decimal rupee value is exactly representable as a shortest decimal (15 digits). */
const wirePaise = fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 });
const percents = fc.constantFrom(0, 0.1, 0.125, 0.25, 1.25, 1.5, 2.5, 3, 5, 6, 9, 12, 12.75, 14, 18, 20, 28, 40, 100);

describe('rupeesToPaise', () => {
  it('converts whole and fractional rupees', () => {
    expect(rupeesToPaise(1249.5)).toBe(124950);
    expect(rupeesToPaise(0)).toBe(0);
    expect(rupeesToPaise(0.01)).toBe(1);
    expect(rupeesToPaise(124999)).toBe(12499900);
  });

  it('rounds the third decimal half away from zero, as written', () => {
    expect(rupeesToPaise(1.005)).toBe(101);
    expect(rupeesToPaise(1.004)).toBe(100);
    expect(rupeesToPaise(-1.005)).toBe(-101);
    expect(rupeesToPaise(0.125)).toBe(13);
    expect(rupeesToPaise(2.675)).toBe(268);
  });

  it('never yields negative zero', () => {
    expect(Object.is(rupeesToPaise(-0.001), 0)).toBe(true);
    expect(Object.is(rupeesToPaise(-0), 0)).toBe(true);
  });

  it('handles exponent notation', () => {
    expect(rupeesToPaise(1e-7)).toBe(0);
    expect(rupeesToPaise(1e10)).toBe(1e12);
  });

  it('rejects NaN, infinities and amounts beyond safe integers', () => {
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
    expect(() => rupeesToPaise(1e20)).toThrow(RangeError);
  });

  it('round-trips with paiseToRupees (property)', () => {
    fc.assert(fc.property(wirePaise, (paise) => rupeesToPaise(paiseToRupees(paise)) === paise));
  });
});

describe('paiseToRupees', () => {
  it('gives at most two decimals on the wire', () => {
    expect(paiseToRupees(124950)).toBe(1249.5);
    expect(JSON.stringify(paiseToRupees(124950))).toBe('1249.5');
    expect(paiseToRupees(1)).toBe(0.01);
    expect(paiseToRupees(-500000)).toBe(-5000);
  });

  it('rejects non-integer or unsafe paise', () => {
    expect(() => paiseToRupees(1.5)).toThrow(RangeError);
    expect(() => paiseToRupees(Number.NaN)).toThrow(RangeError);
    expect(() => paiseToRupees(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('prints as a plain number with at most two decimals (property)', () => {
    fc.assert(
      fc.property(wirePaise, (paise) => /^-?\d+(\.\d{1,2})?$/.test(JSON.stringify(paiseToRupees(paise)))),
    );
  });
});

describe('mulQty', () => {
  it('multiplies unit price by quantity', () => {
    expect(mulQty(124950, 3)).toBe(374850);
    expect(mulQty(124950, 0)).toBe(0);
  });

  it('rejects fractions and overflow', () => {
    expect(() => mulQty(100.5, 2)).toThrow(RangeError);
    expect(() => mulQty(100, 1.5)).toThrow(RangeError);
    expect(() => mulQty(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });

  it('distributes over quantity (property)', () => {
    const unit = fc.integer({ min: 0, max: 10 ** 9 });
    const qty = fc.integer({ min: 0, max: 10 ** 4 });
    fc.assert(fc.property(unit, qty, qty, (u, a, b) => mulQty(u, a + b) === mulQty(u, a) + mulQty(u, b)));
  });
});

describe('percentOf', () => {
  it('rounds half up to the paisa', () => {
    expect(percentOf(123450, 5)).toBe(6173); // 6172.5
    expect(percentOf(123450, 2.5)).toBe(3086); // 3086.25
    expect(percentOf(900000, 10)).toBe(90000);
    expect(percentOf(1, 50)).toBe(1); // 0.5
    expect(percentOf(1, 49.99)).toBe(0); // 0.4999
  });

  it('avoids float error where naive maths goes wrong', () => {
    // 3000 × 1.15 / 100 is 34.5 exactly; in floats it is 34.49999999999999, which Math.round takes down.
    expect(Math.round((3000 * 1.15) / 100)).toBe(34);
    expect(percentOf(3000, 1.15)).toBe(35);
    expect(percentOf(5500, 0.7)).toBe(39);
    expect(percentOf(3000, 4.35)).toBe(131);
    expect(percentOf(750, 8.2)).toBe(62);
  });

  it('is symmetric for negative amounts', () => {
    expect(percentOf(-123450, 5)).toBe(-6173);
  });

  it('rejects non-finite percentages', () => {
    expect(() => percentOf(100, Number.NaN)).toThrow(RangeError);
    expect(() => percentOf(100, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('equals exact rational rounding (property)', () => {
    const paise = fc.integer({ min: 0, max: 10 ** 11 });
    // Percent with up to 4 decimals, as an integer number of ten-thousandths.
    const scaledPercent = fc.integer({ min: 0, max: 100_0000 });
    fc.assert(
      fc.property(paise, scaledPercent, (p, s) => {
        const percent = s / 10_000;
        const exact = BigInt(p) * BigInt(s); // × 10^-6
        const down = exact / 1_000_000n;
        const expected = exact % 1_000_000n >= 500_000n ? down + 1n : down;
        return percentOf(p, percent) === Number(expected);
      }),
    );
  });

  it('stays within half a paisa of the real value and never exceeds the amount at ≤ 100% (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), percents, (p, percent) => {
        const result = percentOf(p, percent);
        return Math.abs(result - (p * percent) / 100) <= 0.5 + 1e-6 * p && result >= 0 && result <= p;
      }),
    );
  });
});

describe('halfPercentOf', () => {
  it('rounds half the rate once', () => {
    expect(halfPercentOf(123450, 5)).toBe(3086); // 3086.25
    expect(halfPercentOf(900000, 5)).toBe(22500);
    expect(halfPercentOf(500000, 18)).toBe(45000);
    expect(halfPercentOf(1, 100)).toBe(1); // 0.5
  });

  it('equals percentOf at half the rate (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), percents, (p, percent) => {
        return halfPercentOf(p, percent) === percentOf(p, percent / 2);
      }),
    );
  });
});

describe('sumPaise', () => {
  it('adds integer paise', () => {
    expect(sumPaise([])).toBe(0);
    expect(sumPaise([1, 2, 3])).toBe(6);
    expect(sumPaise([22500, 22500, -1])).toBe(44999);
  });

  it('rejects fractions and overflow', () => {
    expect(() => sumPaise([1, 0.5])).toThrow(RangeError);
    expect(() => sumPaise([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });

  it('is associative over concatenation (property)', () => {
    const list = fc.array(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), { maxLength: 50 });
    fc.assert(fc.property(list, list, (a, b) => sumPaise([...a, ...b]) === sumPaise(a) + sumPaise(b)));
  });
});

describe('formatInr', () => {
  it('writes what Intl.NumberFormat en-IN writes (property)', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    // Up to ₹10¹¹, where the rupees as a double still carry every paisa.
    fc.assert(fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (paise) => formatInr(paise) === intl.format(paise / 100)));
    expect(formatInr(Number.MAX_SAFE_INTEGER)).toBe('₹9,00,71,99,25,47,409.91');
  });

  it('uses Indian grouping and two decimals', () => {
    expect(formatInr(12499900)).toBe('₹1,24,999.00');
    expect(formatInr(123450)).toBe('₹1,234.50');
    expect(formatInr(123456700)).toBe('₹12,34,567.00');
    expect(formatInr(5)).toBe('₹0.05');
    expect(formatInr(0)).toBe('₹0.00');
  });

  it('puts the minus before the rupee sign and never shows negative zero', () => {
    expect(formatInr(-500000)).toBe('-₹5,000.00');
    expect(formatInr(-0)).toBe('₹0.00');
  });

  it('rejects non-integer paise', () => {
    expect(() => formatInr(1.5)).toThrow(RangeError);
  });

  it('always shows exactly the paise given (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), (paise) => {
        const digits = formatInr(paise).replace(/[^\d-]/g, '');
        return BigInt(digits) === BigInt(paise);
      }),
    );
  });
});

describe('formatPercent', () => {
  it('drops trailing zeros', () => {
    expect(formatPercent(2.5)).toBe('2.5');
    expect(formatPercent(9)).toBe('9');
    expect(formatPercent(18.0)).toBe('18');
    expect(formatPercent(0.125)).toBe('0.125');
    expect(formatPercent(-0)).toBe('0');
  });
});

describe('formatCount', () => {
  it('groups as Indian numbers are written', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(100000)).toBe('1,00,000');
    expect(formatCount(12345678)).toBe('1,23,45,678');
    expect(formatCount(-1234)).toBe('-1,234');
  });

  it('writes what Intl.NumberFormat en-IN writes (property)', () => {
    const intl = new Intl.NumberFormat('en-IN');
    fc.assert(fc.property(fc.maxSafeInteger(), fc.integer({ min: -(10 ** 6), max: 10 ** 6 }), (large, small) => {
      return formatCount(large) === intl.format(large) && formatCount(small) === intl.format(small);
    }));
  });

  it('rejects what is not a whole number', () => {
    expect(() => formatCount(1.5)).toThrow(RangeError);
    expect(() => formatCount(Number.NaN)).toThrow(RangeError);
  });
});
