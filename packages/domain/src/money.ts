/**
 * Money is a whole number of paise (₹1 = 100 paise). Arithmetic stays in integers;
 * rupees appear only on the wire (`paiseToRupees`) and on screen (`formatInr`).
 * Every rounding here is explicit: half away from zero, which is half-up for the
 * non-negative amounts an order carries.
 */

/** A whole number of paise. A plain alias, so literals and arithmetic need no casts. */
export type Paise = number;

/** Throws a RangeError unless `value` is a whole number of paise within ±Number.MAX_SAFE_INTEGER. */
export function assertPaise(value: number, name = 'paise'): asserts value is Paise {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a safe integer number of paise, got ${String(value)}`);
  }
}

/** Rupees (at most two decimals meant, more are rounded) to paise, half away from zero. */
export function rupeesToPaise(rupees: number): Paise {
  const { mantissa, exponent } = exactDecimal(rupees, 'rupees');
  return toSafePaise(scaleRounded(mantissa, exponent + 2));
}

/** Paise to rupees for the wire: 124950 → 1249.5 (at most two decimals). */
export function paiseToRupees(paise: Paise): number {
  assertPaise(paise);
  // The quotient is correctly rounded, so it is the double nearest to the 2-decimal value.
  return paise / 100 + 0;
}

/** Line value: unit price × quantity. */
export function mulQty(unitPaise: Paise, quantity: number): Paise {
  assertPaise(unitPaise, 'unitPaise');
  if (!Number.isSafeInteger(quantity)) {
    throw new RangeError(`quantity must be an integer, got ${String(quantity)}`);
  }
  return toSafePaise(BigInt(unitPaise) * BigInt(quantity));
}

/** `percent`% of `paise`, rounded to the paisa (half up). Exact for any decimal percent, e.g. 2.5 or 0.125. */
export function percentOf(paise: Paise, percent: number): Paise {
  return fractionOfPercent(paise, percent, 1n);
}

/** Half of `percent`% of `paise` in one rounding: the CGST (or SGST) share of a GST rate. */
export function halfPercentOf(paise: Paise, percent: number): Paise {
  return fractionOfPercent(paise, percent, 2n);
}

export function sumPaise(list: readonly Paise[]): Paise {
  let total = 0n;
  for (const paise of list) {
    assertPaise(paise);
    total += BigInt(paise);
  }
  return toSafePaise(total);
}

/**
 * Indian grouping with the rupee sign: 12499900 → '₹1,24,999.00', -500000 → '-₹5,000.00'. Display only.
 * Written out, as `formatCount` is, and exact for every safe integer (no division in floating point).
 */
export function formatInr(paise: Paise): string {
  assertPaise(paise);
  const magnitude = Math.abs(paise);
  const fraction = magnitude % 100;
  const rupees = (magnitude - fraction) / 100;
  return `${paise < 0 ? '-' : ''}₹${groupIndian(String(rupees))}.${String(fraction).padStart(2, '0')}`;
}

/**
 * A whole number in Indian grouping, as Intl.NumberFormat('en-IN') writes it: 1234567 → '12,34,567'.
 * Written out rather than through Intl: a page's first Intl formatter loads ICU's locale data, 25–35 ms
 * of main thread in Chromium on this machine (issue 19 item 4: /products' load), and the catalogue,
 * the product page and the purchase order need nothing else from it (dates on the order and invoice
 * screens still use Intl.DateTimeFormat). money.test.ts checks both against Intl.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) throw new RangeError(`count must be a safe integer, got ${String(count)}`);
  return `${count < 0 ? '-' : ''}${groupIndian(String(Math.abs(count)))}`;
}

/** '1234567' → '12,34,567': the last three digits, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** A percentage for labels, without trailing zeros: 2.5 → '2.5', 18 → '18'. */
export function formatPercent(percent: number): string {
  if (!Number.isFinite(percent)) throw new RangeError(`percent must be finite, got ${String(percent)}`);
  return String(percent + 0);
}

function fractionOfPercent(paise: Paise, percent: number, divisor: bigint): Paise {
  assertPaise(paise);
  const { mantissa, exponent } = exactDecimal(percent, 'percent');
  // paise × mantissa × 10^exponent / (100 × divisor), rounded once.
  const numerator = BigInt(paise) * mantissa;
  const shift = exponent - 2;
  if (shift >= 0) return toSafePaise(roundDiv(numerator * 10n ** BigInt(shift), divisor));
  return toSafePaise(roundDiv(numerator, divisor * 10n ** BigInt(-shift)));
}

/**
 * The number as the decimal JavaScript prints for it (the shortest that reads back the same),
 * so 1.005 means 1.005 rather than its binary neighbour 1.00499999…: value = mantissa × 10^exponent.
 */
function exactDecimal(value: number, name: string): { mantissa: bigint; exponent: number } {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, got ${String(value)}`);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (match === null) throw new RangeError(`${name} is not a decimal number: ${String(value)}`);
  const [, sign = '', whole = '0', fraction = '', power = '0'] = match;
  const digits = BigInt(whole + fraction);
  return { mantissa: sign === '-' ? -digits : digits, exponent: Number(power) - fraction.length };
}

/** mantissa × 10^exponent rounded to an integer, half away from zero. */
function scaleRounded(mantissa: bigint, exponent: number): bigint {
  if (exponent >= 0) return mantissa * 10n ** BigInt(exponent);
  return roundDiv(mantissa, 10n ** BigInt(-exponent));
}

/** numerator / divisor (divisor > 0) rounded half away from zero. */
function roundDiv(numerator: bigint, divisor: bigint): bigint {
  const quotient = numerator / divisor; // truncates toward zero
  const remainder = numerator % divisor;
  const twice = remainder < 0n ? -2n * remainder : 2n * remainder;
  if (twice < divisor) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function toSafePaise(value: bigint): Paise {
  if (value > MAX_SAFE || value < -MAX_SAFE) {
    throw new RangeError(`amount ${value.toString()} paise is beyond Number.MAX_SAFE_INTEGER`);
  }
  return Number(value);
}
