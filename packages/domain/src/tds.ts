/**
 * Tax deducted at source by a buyer under section 194Q of the Income-tax Act: 0.1 % of what it
 * pays for goods. CBDT circular 13/2021 (para 4.5): when GST is shown separately on the invoice,
 * the tax is on the value excluding GST, i.e. the invoice's taxable value. Section 288B: the tax is
 * rounded to the nearest rupee. Buyers round their own way (some to the paisa, some up), so the
 * settlement accepts up to one rupee above our figure.
 */
import { assertPaise, type Paise } from './money.ts';

/** The rate of section 194Q, in percent. */
export const TDS_194Q_PERCENT = 0.1;
/** How far a recorded deduction may exceed our 194Q figure (a buyer that rounds up): one rupee. */
export const TDS_ROUNDING_TOLERANCE_PAISE: Paise = 100;

/** 0.1 % of the taxable value (paise), rounded to the nearest rupee (half up): a multiple of 100 paise. */
export function tds194QPaise(taxablePaise: Paise): Paise {
  assertPaise(taxablePaise, 'taxablePaise');
  if (taxablePaise <= 0) return 0;
  // taxable × 0.1 % in rupees = taxable paise / 100 000; half up to a whole rupee, back in paise.
  const rupees = (BigInt(taxablePaise) + 50_000n) / 100_000n;
  return Number(rupees * 100n);
}

/** The most a deduction against an invoice of this taxable value may be: the 194Q figure plus the rounding tolerance. */
export function maxTds194QPaise(taxablePaise: Paise): Paise {
  return tds194QPaise(taxablePaise) + TDS_ROUNDING_TOLERANCE_PAISE;
}
