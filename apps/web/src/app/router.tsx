import { createBrowserRouter, matchRoutes, Navigate, useLocation, type RouteObject } from 'react-router';
import { CATALOGUE_FILTERS_HASH, HOME_PATH, PROFILE_LINKS } from '../config/paths.ts';
import { MARKETING_PATHS } from '../features/marketing/links.ts';
import { RequireSession } from './guards.tsx';
import { PageLoader } from './layouts/page-loader.tsx';
import { MarketingLayout } from './layouts/marketing-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { HomepageRoute } from './routes/marketing/homepage.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteErrorPage } from './routes/route-error.tsx';

/**
 * The spec's other addresses of screens this app has under one name (spec section 2: /catalog,
 * /catalog-filter, /view-order, /slider), so an old bookmark or link lands on the screen it meant
 * instead of the not-found page. The catalogue's two keep their query string (its filters);
 * /catalog-filter also opens the filters (features/catalogue/use-filters-on-arrival.ts).
 */
function RedirectTo({ to, keepSearch = false, hash = '' }: { to: string; keepSearch?: boolean; hash?: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${keepSearch ? search : ''}${hash}`} replace />;
}

const SPEC_ALIASES: RouteObject[] = [
  { path: 'catalog', element: <RedirectTo to="/products" keepSearch /> },
  { path: 'catalog-filter', element: <RedirectTo to="/products" keepSearch hash={CATALOGUE_FILTERS_HASH} /> },
  { path: 'view-order', element: <RedirectTo to={PROFILE_LINKS.orders} /> },
  { path: 'slider', element: <RedirectTo to={HOME_PATH} /> },
];

/**
 * The signed-in screens (in the internal header/footer layout): each is written to HTML that paints
 * the header's bar before any script (app/prerender.tsx, SIGNED_IN_PATHS).
 */
const SIGNED_IN_SCREENS: RouteObject[] = [
  {
    path: 'home',
    lazy: async () => ({ Component: (await import('./routes/home.tsx')).HomeRoute }),
  },
  {
    path: 'products',
    lazy: async () => ({ Component: (await import('./routes/products.tsx')).ProductsRoute }),
  },
  {
    path: 'product-details',
    lazy: async () => ({ Component: (await import('./routes/product-details.tsx')).ProductDetailsRoute }),
  },
  {
    path: 'purchase-order',
    lazy: async () => ({ Component: (await import('./routes/purchase-order.tsx')).PurchaseOrderRoute }),
  },
  {
    path: 'profile',
    lazy: async () => ({ Component: (await import('./routes/profile.tsx')).ProfileRoute }),
  },
  {
    path: 'my-orders',
    lazy: async () => ({ Component: (await import('./routes/my-orders.tsx')).MyOrdersRoute }),
  },
  {
    path: 'propose-retailer',
    lazy: async () => ({ Component: (await import('./routes/propose-retailer.tsx')).ProposeRetailerRoute }),
  },
  {
    path: 'express-checkout',
    lazy: async () => ({ Component: (await import('./routes/express-checkout.tsx')).ExpressCheckoutRoute }),
  },
  {
    path: 'my-retailers',
    lazy: async () => ({ Component: (await import('./routes/my-retailers.tsx')).MyRetailersRoute }),
  },
  {
    path: 'support',
    lazy: async () => ({ Component: (await import('./routes/support.tsx')).SupportRoute }),
  },
];

/** The addresses of the signed-in screens, '/home' …: each has a first-paint shell (app/prerender.tsx). */
export const SIGNED_IN_PATHS = SIGNED_IN_SCREENS.map((screen) => `/${screen.path}`);

/**
 * Spec section 2's layouts: the marketing pages in the public header/footer layout for everyone,
 * /login, /resetpassword, /confirm-email and the payment sandbox's page bare, signed-in routes behind
 * `RequireSession` in the internal header/footer layout; around them all, the sandbox notice
 * (RootLayout). Screens are lazy modules so a phone on /login loads no home-page code, and the
 * marketing pages load none of the signed-in screens or the login form (the signed-in layout and
 * the staff check travel with the entry, in the build's 'app' chunk: vite.config.ts); except
 * /homepage (with the marketing layout), the site's front page, which is in the main bundle. /homepage and
 * /login arrive prerendered (app/prerender.tsx): their markup paints before any script.
 * The back office (/admin, staff only: RequireStaff) has its own layout and lazy chunks; the
 * ordering app imports none of it, so a retailer's screens do not grow with it.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { index: true, element: <Navigate to={MARKETING_PATHS.home} replace /> },
      {
        Component: MarketingLayout,
        children: [
          { path: 'homepage', Component: HomepageRoute },
          {
            path: 'about',
            lazy: async () => ({ Component: (await import('./routes/marketing/about.tsx')).AboutRoute }),
          },
          {
            path: 'brands',
            lazy: async () => ({ Component: (await import('./routes/marketing/brands.tsx')).BrandsRoute }),
          },
          {
            path: 'careers',
            lazy: async () => ({ Component: (await import('./routes/marketing/careers.tsx')).CareersRoute }),
          },
          {
            path: 'news-room',
            lazy: async () => ({ Component: (await import('./routes/marketing/news-room.tsx')).NewsRoomRoute }),
          },
          {
            path: 'contact',
            lazy: async () => ({ Component: (await import('./routes/marketing/contact.tsx')).ContactRoute }),
          },
          {
            path: 'privacy-policy',
            lazy: async () => ({ Component: (await import('./routes/marketing/privacy-policy.tsx')).PrivacyPolicyRoute }),
          },
          {
            path: 'cookie-policy',
            lazy: async () => ({ Component: (await import('./routes/marketing/cookie-policy.tsx')).CookiePolicyRoute }),
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('./routes/login.tsx')).LoginRoute }),
          },
          {
            path: 'resetpassword',
            lazy: async () => ({ Component: (await import('./routes/reset-password.tsx')).ResetPasswordRoute }),
          },
          {
            // The payment sandbox's page (opened in a new window by Pay invoices): it asks a signed-out
            // visitor to sign in, as only the link's retailer or someone acting for it may pay.
            path: 'payments/sandbox/:linkId',
            lazy: async () => ({ Component: (await import('./routes/sandbox-payment.tsx')).SandboxPaymentRoute }),
          },
          {
            path: 'confirm-email',
            lazy: async () => ({ Component: (await import('./routes/confirm-email.tsx')).ConfirmEmailRoute }),
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            // The back office (staff only): its own lazy chunks, none of which the ordering app imports.
            path: 'admin',
            lazy: async () => ({ Component: (await import('./staff-guards.tsx')).RequireStaff }),
            children: [
              {
                lazy: async () => ({ Component: (await import('./routes/admin/layout.tsx')).AdminLayout }),
                children: [
                  {
                    errorElement: <RouteErrorPage />,
                    children: [
                      {
                        index: true,
                        lazy: async () => ({ Component: (await import('./routes/admin/dashboard.tsx')).AdminDashboardRoute }),
                      },
                      {
                        path: 'orders',
                        lazy: async () => ({ Component: (await import('./routes/admin/orders.tsx')).AdminOrdersRoute }),
                      },
                      {
                        path: 'orders/:id',
                        lazy: async () => ({ Component: (await import('./routes/admin/order.tsx')).AdminOrderRoute }),
                      },
                      {
                        path: 'products',
                        lazy: async () => ({ Component: (await import('./routes/admin/products.tsx')).AdminProductsRoute }),
                      },
                      {
                        path: 'products/new',
                        lazy: async () => ({ Component: (await import('./routes/admin/product-new.tsx')).AdminNewProductRoute }),
                      },
                      {
                        path: 'products/:id',
                        lazy: async () => ({ Component: (await import('./routes/admin/product.tsx')).AdminProductRoute }),
                      },
                      {
                        path: 'retailers',
                        lazy: async () => ({ Component: (await import('./routes/admin/retailers.tsx')).AdminRetailersRoute }),
                      },
                      {
                        path: 'retailers/new',
                        lazy: async () => ({ Component: (await import('./routes/admin/retailers-new.tsx')).AdminNewRetailerRoute }),
                      },
                      {
                        path: 'retailers/:id',
                        lazy: async () => ({ Component: (await import('./routes/admin/retailers-detail.tsx')).AdminRetailerRoute }),
                      },
                      {
                        path: 'retailers/:id/edit',
                        lazy: async () => ({ Component: (await import('./routes/admin/retailers-edit.tsx')).AdminEditRetailerRoute }),
                      },
                      {
                        path: 'retailers/:id/credit',
                        lazy: async () => ({ Component: (await import('./routes/admin/credit.tsx')).AdminCreditRoute }),
                      },
                      {
                        path: 'stock',
                        lazy: async () => ({ Component: (await import('./routes/admin/stock.tsx')).AdminStockRoute }),
                      },
                      {
                        path: 'gst-rates',
                        lazy: async () => ({ Component: (await import('./routes/admin/gst-rates.tsx')).AdminGstRatesRoute }),
                      },
                      {
                        path: 'discounts',
                        lazy: async () => ({ Component: (await import('./routes/admin/discounts.tsx')).AdminDiscountsRoute }),
                      },
                      {
                        path: 'imports',
                        lazy: async () => ({ Component: (await import('./routes/admin/imports.tsx')).AdminImportsRoute }),
                      },
                      {
                        path: 'imports/:id',
                        lazy: async () => ({ Component: (await import('./routes/admin/import-job.tsx')).AdminImportJobRoute }),
                      },
                      {
                        path: 'receivables',
                        lazy: async () => ({ Component: (await import('./routes/admin/receivables.tsx')).AdminReceivablesRoute }),
                      },
                      {
                        path: 'receivables/:retailerId',
                        lazy: async () => ({ Component: (await import('./routes/admin/receivables-retailer.tsx')).AdminReceivablesRetailerRoute }),
                      },
                      {
                        path: 'audit',
                        lazy: async () => ({ Component: (await import('./routes/admin/audit.tsx')).AdminAuditRoute }),
                      },
                      {
                        path: 'reports/sales',
                        lazy: async () => ({ Component: (await import('./routes/admin/sales-report.tsx')).AdminSalesReportRoute }),
                      },
                      {
                        path: 'reports/gst',
                        lazy: async () => ({ Component: (await import('./routes/admin/gst-summary.tsx')).AdminGstSummaryRoute }),
                      },
                      {
                        path: 'sales-team',
                        lazy: async () => ({ Component: (await import('./routes/admin/sales-team.tsx')).AdminSalesTeamRoute }),
                      },
                      {
                        path: 'sales-team/:id',
                        lazy: async () => ({ Component: (await import('./routes/admin/sales-team-detail.tsx')).AdminSalesExecutiveRoute }),
                      },
                      {
                        path: 'staff',
                        lazy: async () => ({ Component: (await import('./routes/admin/staff.tsx')).AdminStaffRoute }),
                      },
                      {
                        path: 'content',
                        lazy: async () => ({ Component: (await import('./routes/admin/content.tsx')).AdminContentRoute }),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          {
            // Staff who have just signed in go on to /admin from here.
            lazy: async () => ({ Component: (await import('./staff-guards.tsx')).StaffLanding }),
            children: [
              {
                lazy: async () => ({ Component: (await import('./layouts/signed-in-layout.tsx')).SignedInLayout }),
                children: [
                  {
                    // Errors inside a screen keep the header and footer around them.
                    errorElement: <RouteErrorPage />,
                    children: SIGNED_IN_SCREENS,
                  },
                ],
              },
            ],
          },
        ],
      },
      ...SPEC_ALIASES,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * `hydrating`: the page arrived prerendered. React Router then treats it as server-rendered and
 * leaves the scroll position alone on the first render (it would jump to the top, undoing a
 * scroll made before the app was there).
 */
export function createAppRouter({ hydrating = false } = {}) {
  return createBrowserRouter(routes, hydrating ? { hydrationData: {} } : undefined);
}

/**
 * Loads the lazy screens `pathname` matches into `routes` before a router is made from them, so
 * it renders them at once instead of a loader: hydrating prerendered markup needs the same tree
 * on the first render (React Router's documented way of hydrating lazy routes).
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
