/** GSTIN check character (Luhn mod 36, domain-india.md §3.1), for generating valid demo GSTINs. */
const CH = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function gstinCheckChar(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) throw new RangeError(`GSTIN body must be 14 characters [0-9A-Z]: ${first14}`);
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const p = CH.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return CH[(36 - (sum % 36)) % 36]!;
}

/** stateCode '36' + PAN 'AAPFU0939F' + entity '1' → '36AAPFU0939F1Z' + check. */
export function makeGstin(stateCode: string, pan: string, entity = '1'): string {
  const body = `${stateCode}${pan}${entity}Z`;
  return body + gstinCheckChar(body);
}

export function isValidGstin(gstin: string): boolean {
  return /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin) && gstinCheckChar(gstin.slice(0, 14)) === gstin[14];
}
