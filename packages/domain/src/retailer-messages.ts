/**
 * The retailers desk's texts (back office III): refusals the API sends and the screens show. Staff
 * and sales executives read them while a shop owner waits, so each says what is wrong and how to
 * check it.
 */
export const retailerMessages = {
  gstin: {
    format: 'Enter the 15-character GSTIN as on the registration certificate, e.g. 36AAPFU0939F1ZW.',
    checksum: 'This GSTIN’s last character does not match the rest: one of its characters is mistyped. Check it against the registration certificate.',
    stateMismatch: (gstinState: string, billingState: string) =>
      `This GSTIN is registered in state code ${gstinState}, but the billing address is in state code ${billingState}. Use the GSTIN of the billing state, or correct the address.`,
    panMismatch: 'The PAN inside this GSTIN (characters 3 to 12) is not the PAN given. Check both against the certificates.',
  },
  pan: {
    format: 'Enter the 10-character PAN, e.g. AAPFU0939F.',
  },
};
