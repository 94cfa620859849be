/**
 * Order and invoice numbers: one series each per financial year ('2026-27', see financialYearOf),
 * both starting with the company's prefix. The server numbers with these, and so does the seed.
 */

const SERIES_PREFIX = 'FP';

/** The digits an order serial is padded to; a longer serial keeps all its digits. */
export const ORDER_SERIAL_DIGITS = 6;

/** 'FP/2026-27/': what every order reference of a financial year starts with. */
export function orderRefPrefix(financialYear: string): string {
  return `${SERIES_PREFIX}/${financialYear}/`;
}

/** 'FP/2026-27/000123' (placing an order builds the same in SQL, from order_number_seq). */
export function formatOrderRefNo(financialYear: string, n: number): string {
  return `${orderRefPrefix(financialYear)}${String(n).padStart(ORDER_SERIAL_DIGITS, '0')}`;
}

/** 'FP/26-27/00001' (14 characters): one series per financial year, starting with a letter. */
export function formatInvoiceNo(financialYear: string, n: number): string {
  if (!/^\d{4}-\d{2}$/.test(financialYear)) throw new RangeError(`financial year must look like 2026-27, got ${financialYear}`);
  if (!Number.isInteger(n) || n < 1 || n > 99_999) throw new RangeError(`invoice serial must be 1..99999, got ${String(n)}`);
  return `${SERIES_PREFIX}/${financialYear.slice(2)}/${String(n).padStart(5, '0')}`;
}
