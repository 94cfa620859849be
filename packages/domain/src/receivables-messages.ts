import { formatInr, type Paise } from './money.ts';

/**
 * The receivables desk's texts (back office III): refusals of the TDS settlement and the payment
 * reminder, and the audit log screen's. Accounts staff read them with the retailer on the phone.
 */
export const receivablesMessages = {
  retailerNotFound: 'Retailer not found.',
  invoiceNotFound: 'Invoice not found.',
  reminder: {
    nothingDue: 'This retailer owes nothing: there is nothing to remind it of.',
    noEmail: 'This retailer has no email address to send a reminder to. Add one on its page first.',
  },
  tds: {
    alreadyPaid: 'This invoice is paid in full: there is nothing left for a TDS deduction to settle.',
    alreadyRecorded: 'A TDS deduction is already recorded against this invoice. An invoice can have one.',
    moreThanBalance: (balancePaise: Paise) =>
      `The deduction is more than the invoice's open balance of ${formatInr(balancePaise)}.`,
    moreThan194Q: (tdsPaise: Paise, maxPaise: Paise) =>
      `The deduction is more than 194Q allows for this invoice: 0.1 % of its taxable value is ${formatInr(tdsPaise)} (at most ${formatInr(maxPaise)} with rounding).`,
  },
};
