/**
 * The back office screens' own texts (the API's refusals come from packages/domain's deskMessages
 * through the server). Kept in the feature: importing deskMessages from the domain barrel into the
 * web would put it into the chunk every retailer screen loads.
 */
export const adminTexts = {
  queueLoadFailed: 'The orders could not be loaded',
  noOrders: 'No orders yet.',
  noOrdersMatch: 'No orders match these filters.',
  tryOtherFilters: 'Try other filters, or clear them to see every order.',
  clearFilters: 'Clear filters',
  orderNotFound: 'Order not found.',
  orderLoadFailed: 'The order could not be loaded',
  retailerNotFound: 'Retailer not found.',
  creditLoadFailed: "The retailer's credit could not be loaded",
  creditSaved: (businessName: string) => `Credit terms saved for ${businessName}.`,
  creditSaveFailed: 'The credit terms could not be saved',
  confirmHold: (businessName: string) =>
    `Put ${businessName} on credit hold? Their orders cannot be confirmed until the hold is released.`,
  putOnHold: 'Put on hold',
  creditReadOnly: 'Only accounts or an admin can change credit terms.',
  neverUpdated: 'Not changed since the retailer was set up.',
} as const;
