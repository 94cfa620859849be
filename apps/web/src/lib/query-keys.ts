/**
 * The acting retailer's email: null while a retailer orders for itself. A sales executive acting
 * for a retailer passes that retailer's email; it is part of every key, so switching retailer never
 * shows another retailer's cart.
 */
export type ActingEmail = string | null;

/** The `email` query parameter of a call made for the acting retailer (none when ordering for yourself). */
export const actingEmailQuery = (email: ActingEmail) => (email === null ? {} : { email });

/**
 * The roots of the query keys that a mutation in one feature must refresh in another's (placing an
 * order changes the cart, the order list and stock). Each feature builds its own keys under its
 * root, so invalidating a root reaches every query below it.
 */
export const queryRoots = {
  profile: () => ['profile'] as const,
  cart: (email: ActingEmail) => ['cart', { email }] as const,
  orders: (email: ActingEmail) => ['orders', { email }] as const,
  catalogue: () => ['catalogue'] as const,
  catalogueSearches: () => [...queryRoots.catalogue(), 'search'] as const,
  catalogueProducts: () => [...queryRoots.catalogue(), 'product'] as const,
  expressModels: () => ['express', 'model'] as const,
};

/**
 * Every query whose answer shows stock: catalogue pages, product pages (with their related
 * products and inventory) and express checkout's model suggestions. Stock is shared by all
 * retailers, so these are refreshed whoever the order was placed for.
 */
export const stockQueryRoots = () => [queryRoots.catalogueSearches(), queryRoots.catalogueProducts(), queryRoots.expressModels()];
