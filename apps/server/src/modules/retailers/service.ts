/**
 * What the retailers module publishes to other modules: whether a retailer may order (the cart's
 * notice, placing an order's refusal) and whom it is told to call (sign-in of a blocked shop).
 */
export { distributorContact, orderingBlocked, retailerContact } from './standing.ts';
