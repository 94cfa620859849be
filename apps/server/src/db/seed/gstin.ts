/** Valid demo GSTINs, built with the domain's check character (domain-india.md §3.1). */
import { GSTIN_PATTERN, gstinCheckCharacter } from '@frameport/domain';

/** stateCode '36' + PAN 'AAPFU0939F' + entity '1' → '36AAPFU0939F1Z' + check. */
export function makeGstin(stateCode: string, pan: string, entity = '1'): string {
  const body = `${stateCode}${pan}${entity}Z`;
  return body + gstinCheckCharacter(body);
}

export function isValidGstin(gstin: string): boolean {
  return GSTIN_PATTERN.test(gstin) && gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}
