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
  form: {
    businessNameRequired: 'Please enter the business name (at least 2 characters).',
    contactNameRequired: 'Please enter the contact person’s name.',
    emailInvalid: 'Please enter a valid email address, e.g. name@shop.in.',
    phoneInvalid: 'Please enter a 10-digit mobile number starting with 6, 7, 8 or 9.',
    addressRequired: 'Please enter the billing address.',
    pinInvalid: 'Please enter the 6-digit PIN code (it does not start with 0).',
    limitPositive: 'Enter a whole number of at least 1.',
    orderValueRange: 'Enter an amount from ₹0 to ₹10,00,00,000.',
    nothingToChange: 'Nothing to save: change at least one field.',
    unknownState: 'Please choose the state from the list.',
    unknownCity: 'Please choose a city of the chosen state.',
  },
  duplicate: {
    gstin: 'Another retailer already has this GSTIN. Search the retailers list for it: the shop may already be registered (or waiting for approval).',
    email: 'This email is already used by a retailer or a user. Each retailer signs in with its own email: use another one, or search the retailers list for this one.',
  },
  status: {
    reasonRequired: 'Please give a reason (at least 3 characters).',
    notPending: (status: string) => `This retailer is ${status}, not waiting for approval: only a Pending retailer can be approved or rejected.`,
    notActiveToBlock: (status: string) => `This retailer is ${status}: only an Active retailer can be blocked.`,
    notBlocked: (status: string) => `This retailer is ${status}, not Blocked: there is nothing to unblock.`,
    notFound: 'No such retailer.',
    notYours: 'This retailer is not linked to you. Ask an admin to link it if you look after this shop.',
    notActiveForActing: (status: string) =>
      status === 'Pending'
        ? 'This retailer is waiting for approval: nobody can order for it until an admin approves it.'
        : `This retailer is ${status}: nobody can act for it. Ask an admin or the accounts team.`,
  },
  signIn: {
    pending: 'Your shop’s registration is waiting for approval. You will get an email with a link to set your password once it is approved.',
    rejected: 'Your shop’s registration was not approved. Please contact your sales executive or our accounts team for details.',
    blocked: (contact: string) => `Your shop’s account is blocked, so you cannot sign in. Please call ${contact} to sort it out.`,
  },
  ordering: {
    creditHold: (reason: string | null, contact: string) => {
      // The reason is staff's free text, often a sentence of its own: drop its closing full stop so the bracket reads "(… cleared)." not "(… cleared.).".
      const said = reason?.trim().replace(/[.\s]+$/u, '') ?? '';
      return `Orders cannot be placed while your account is on credit hold${said ? ` (${said})` : ''}. You can keep adding to your cart. Please call ${contact} to release the hold.`;
    },
    blocked: (contact: string) => `Orders cannot be placed: your shop’s account is blocked. Please call ${contact}.`,
    pending: 'Orders cannot be placed: this shop is waiting for an admin’s approval.',
    rejected: 'Orders cannot be placed: this shop’s registration was not approved.',
  },
  proposal: {
    proposed: 'Thank you: the retailer is proposed and waits for an admin’s approval. Its owner gets an email to set a password once it is approved.',
  },
  mail: {
    welcomeSubject: 'Welcome to Frameport: set your password',
    rejectedSubject: (businessName: string) => `Retailer not approved: ${businessName}`,
  },
};
