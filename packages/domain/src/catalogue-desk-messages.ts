import { formatPercent } from './money.ts';

/**
 * The catalogue desk's texts (back office II): refusals the API sends and the screens show. Staff
 * read them, so they name the style, the colour or the rule and what to do next.
 */
export const catalogueDeskMessages = {
  product: {
    notFound: 'Style not found.',
    modelNumberTaken: (modelNumber: string, usedBy: string) => `Model number ${modelNumber} is already used by ${usedBy}.`,
    /** A master picked by id that does not exist: `what` is 'Brand', 'Frame colour', ... */
    unknownMaster: (what: string, id: number) => `${what} #${id} does not exist. Please pick one from the list.`,
    colourCodeTwice: (code: string) => `Colour code ${code} is listed twice.`,
    colourNotOfStyle: (id: number) => `Colour #${id} is not a colour of this style.`,
    colourCodeTaken: (code: string) => `Colour code ${code} is already used by another colour of this style.`,
    accessoryFrameType: 'An accessory has no frame type: please leave Frame type empty.',
    noGstRate: (hsnCode: string) =>
      `No GST rate is in force today for HSN ${hsnCode}. Add the HSN to the GST rates table first, or check the code.`,
    gstRateMismatch: (hsnCode: string, inForce: number, given: number) =>
      `The GST rate in force today for HSN ${hsnCode} is ${formatPercent(inForce)}%, not ${formatPercent(given)}%.`,
    nothingSelected: 'Please select at least one style.',
    bulkUnknown: (ids: readonly number[]) => `No style with id ${ids.join(', ')}.`,
  },
  stock: {
    variantNotFound: 'Colour variant not found.',
    belowZero: (left: number, label: string) =>
      `Only ${left} in stock: ${label} cannot go below 0. Record a count correction if the shelf holds fewer.`,
    csvFileName: (day: string) => `low-stock-${day}.csv`,
  },
  discounts: {
    notFound: 'Discount rule not found.',
    stateNotFound: 'That state does not exist.',
    nameRequired: 'Please enter a name for the rule.',
    percentageRange: 'Percentage must be more than 0 and at most 100.',
    percentageDecimals: 'Percentage can have at most 2 decimals.',
    percentageRequired: 'Please enter the percentage.',
    amountPositive: 'Amount must be more than ₹0.',
    amountRequired: 'Please enter the amount.',
    amountDecimals: 'Amount can have at most 2 decimals.',
    priceNegative: 'A price band cannot start or end below ₹0.',
    priceBand: 'The price band’s "from" must not be more than its "to".',
    validity: 'The rule must start on or before the day it ends.',
    dateFormat: 'Please enter a date as YYYY-MM-DD (or a date and time).',
    ended: 'This rule has ended and can no longer be changed: create a new rule instead (orders keep the discount they got).',
    alreadyEnded: 'This rule has already ended.',
    allStates: 'all states',
    /** "312 styles get 10% off in Telangana". */
    preview: (count: number, label: string, where: string) =>
      `${count.toLocaleString('en-IN')} ${count === 1 ? 'style gets' : 'styles get'} ${label} in ${where}`,
  },
  dates: {
    invalid: 'Please enter a real date as YYYY-MM-DD.',
  },
  prices: {
    productNotFound: 'Style not found.',
    changeNotFound: 'Price change not found.',
    effectiveInPast: 'The effective date must be today or later.',
    alreadyApplied: 'This price change has already applied: schedule a new price instead.',
    alreadyCancelled: 'This price change was already cancelled.',
  },
  gst: {
    prefixFormat: 'HSN prefix must be 2 to 8 digits.',
    rateNotSlab: 'GST rate must be one of 0, 0.25, 3, 5, 12, 18, 28 or 40 %.',
    notFound: 'GST rate entry not found.',
    validToBeforeFrom: 'The last day cannot be before the first day.',
    validFromInPast: 'A new rate starts today or later: the days already invoiced keep their rate.',
    overlap: (prefix: string, from: string, to: string | null) =>
      `HSN ${prefix} already has a rate from ${from}${to ? ` to ${to}` : ' with no end date'}. Close that entry the day before the new one starts.`,
    validToInPast: (earliest: string) =>
      `This entry has been in force: its last day can be ${earliest} (yesterday) at the earliest, so the days already invoiced keep their rate.`,
    deleteInForce: 'This entry has been in force: close it with a last day instead of deleting it.',
  },
} as const;
