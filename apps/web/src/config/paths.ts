/** The app's paths that more than one feature links to (one place, so a link never drifts from its route). */
export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
export const PURCHASE_ORDER_PATH = '/purchase-order';
export const EXPRESS_CHECKOUT_PATH = '/express-checkout';
/** A sales executive's short form for proposing a new retailer (it waits for an admin's approval). */
export const PROPOSE_RETAILER_PATH = '/propose-retailer';
/** A sales executive's own cockpit: their retailers' balances and orders, one tap to order for one. */
export const MY_RETAILERS_PATH = '/my-retailers';
/** /products with this hash opens its filters on arrival (the spec's /catalog-filter leads there). */
export const CATALOGUE_FILTERS_HASH = '#filters';

/** The profile screen's tabs, chosen by a URL flag (spec section 2; no flag is My Profile). */
export const PROFILE_LINKS = {
  profile: '/profile',
  orders: '/profile?order=true',
  /** Where a sales executive chooses the retailer they order for. */
  switchUser: '/profile?switch-user=true',
  changePassword: '/profile?change-password=true',
  invoices: '/profile?my-invoices=true',
} as const;

/** The back office (staff only): its own lazy chunks under /admin. */
export const ADMIN_PATH = '/admin';
export const ADMIN_LINKS = {
  orders: `${ADMIN_PATH}/orders`,
  order: (id: number) => `${ADMIN_PATH}/orders/${id}`,
  retailerCredit: (retailerId: number) => `${ADMIN_PATH}/retailers/${retailerId}/credit`,
  // The catalogue desk (issue 17).
  products: `${ADMIN_PATH}/products`,
  newProduct: `${ADMIN_PATH}/products/new`,
  product: (id: number) => `${ADMIN_PATH}/products/${id}`,
  stock: `${ADMIN_PATH}/stock`,
  imports: `${ADMIN_PATH}/imports`,
  importJob: (id: number) => `${ADMIN_PATH}/imports/${id}`,
  gstRates: `${ADMIN_PATH}/gst-rates`,
  discounts: `${ADMIN_PATH}/discounts`,
  content: `${ADMIN_PATH}/content`,
  // Back office III (issue 18).
  receivables: `${ADMIN_PATH}/receivables`,
  receivablesRetailer: (retailerId: number) => `${ADMIN_PATH}/receivables/${retailerId}`,
  audit: `${ADMIN_PATH}/audit`,
  salesReport: `${ADMIN_PATH}/reports/sales`,
  gstSummary: `${ADMIN_PATH}/reports/gst`,
  salesTeam: `${ADMIN_PATH}/sales-team`,
  salesExecutive: (id: number) => `${ADMIN_PATH}/sales-team/${id}`,
  staff: `${ADMIN_PATH}/staff`,
  /** The retailers list; `query` is its URL filters, e.g. `status=Pending`. */
  retailers: (query = '') => `${ADMIN_PATH}/retailers${query === '' ? '' : `?${query}`}`,
  newRetailer: `${ADMIN_PATH}/retailers/new`,
  retailer: (id: number) => `${ADMIN_PATH}/retailers/${id}`,
  editRetailer: (id: number) => `${ADMIN_PATH}/retailers/${id}/edit`,
} as const;
