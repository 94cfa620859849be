import { Suspense } from 'react';
import { Navigate, useLocation, usePathname, useRoutes, type RouteObject } from '../lib/router.tsx';
import { CATALOGUE_FILTERS_HASH, HOME_PATH, PROFILE_LINKS } from '../config/paths.ts';
import { MARKETING_PATHS } from '../features/marketing/links.ts';
import { RequireSession } from './guards.tsx';
import { PageLoader } from './layouts/page-loader.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteErrorBoundary } from './routes/route-error.tsx';
import { lazyRoute, preloadRoutes } from './lazy-route.tsx';

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
    Component: lazyRoute(async () => (await import('./routes/home.tsx')).HomeRoute),
  },
  {
    path: 'products',
    Component: lazyRoute(async () => (await import('./routes/products.tsx')).ProductsRoute),
  },
  {
    path: 'product-details',
    Component: lazyRoute(async () => (await import('./routes/product-details.tsx')).ProductDetailsRoute),
  },
  {
    path: 'purchase-order',
    Component: lazyRoute(async () => (await import('./routes/purchase-order.tsx')).PurchaseOrderRoute),
  },
  {
    path: 'profile',
    Component: lazyRoute(async () => (await import('./routes/profile.tsx')).ProfileRoute),
  },
  {
    path: 'my-orders',
    Component: lazyRoute(async () => (await import('./routes/my-orders.tsx')).MyOrdersRoute),
  },
  {
    path: 'propose-retailer',
    Component: lazyRoute(async () => (await import('./routes/propose-retailer.tsx')).ProposeRetailerRoute),
  },
  {
    path: 'express-checkout',
    Component: lazyRoute(async () => (await import('./routes/express-checkout.tsx')).ExpressCheckoutRoute),
  },
  {
    path: 'my-retailers',
    Component: lazyRoute(async () => (await import('./routes/my-retailers.tsx')).MyRetailersRoute),
  },
  {
    path: 'support',
    Component: lazyRoute(async () => (await import('./routes/support.tsx')).SupportRoute),
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
 * the staff check travel with the entry, in the build's 'app' chunk: vite.config.ts), and the
 * signed-in screens none of the marketing pages' code, the front page's included (3 kB). /homepage
 * and /login arrive prerendered (app/prerender.tsx): their markup paints before any script, and
 * their HTML preloads their lazy modules.
 * The back office (/admin, staff only: RequireStaff) has its own layout and lazy chunks; the
 * ordering app imports none of it, so a retailer's screens do not grow with it.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <Navigate to={MARKETING_PATHS.home} replace /> },
      {
        Component: lazyRoute(async () => (await import('./layouts/marketing-layout.tsx')).MarketingLayout),
        children: [
          {
            path: 'homepage',
            Component: lazyRoute(async () => (await import('./routes/marketing/homepage.tsx')).HomepageRoute),
          },
          {
            path: 'about',
            Component: lazyRoute(async () => (await import('./routes/marketing/about.tsx')).AboutRoute),
          },
          {
            path: 'brands',
            Component: lazyRoute(async () => (await import('./routes/marketing/brands.tsx')).BrandsRoute),
          },
          {
            path: 'careers',
            Component: lazyRoute(async () => (await import('./routes/marketing/careers.tsx')).CareersRoute),
          },
          {
            path: 'news-room',
            Component: lazyRoute(async () => (await import('./routes/marketing/news-room.tsx')).NewsRoomRoute),
          },
          {
            path: 'contact',
            Component: lazyRoute(async () => (await import('./routes/marketing/contact.tsx')).ContactRoute),
          },
          {
            path: 'privacy-policy',
            Component: lazyRoute(async () => (await import('./routes/marketing/privacy-policy.tsx')).PrivacyPolicyRoute),
          },
          {
            path: 'cookie-policy',
            Component: lazyRoute(async () => (await import('./routes/marketing/cookie-policy.tsx')).CookiePolicyRoute),
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          {
            path: 'login',
            Component: lazyRoute(async () => (await import('./routes/login.tsx')).LoginRoute),
          },
          {
            path: 'resetpassword',
            Component: lazyRoute(async () => (await import('./routes/reset-password.tsx')).ResetPasswordRoute),
          },
          {
            // The payment sandbox's page (opened in a new window by Pay invoices): it asks a signed-out
            // visitor to sign in, as only the link's retailer or someone acting for it may pay.
            path: 'payments/sandbox/:linkId',
            Component: lazyRoute(async () => (await import('./routes/sandbox-payment.tsx')).SandboxPaymentRoute),
          },
          {
            path: 'confirm-email',
            Component: lazyRoute(async () => (await import('./routes/confirm-email.tsx')).ConfirmEmailRoute),
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            // The back office (staff only): its routes and lazy chunks, none of which the ordering app
            // imports, are a module of their own (routes/admin/routes.tsx).
            path: 'admin/*',
            Component: lazyRoute(async () => (await import('./routes/admin/routes.tsx')).AdminRoutes),
          },
          {
            // Staff who have just signed in go on to /admin from here.
            Component: lazyRoute(async () => (await import('./staff-guards.tsx')).StaffLanding),
            children: [
              {
                Component: lazyRoute(async () => (await import('./layouts/signed-in-layout.tsx')).SignedInLayout),
                children: [
                  {
                    // Errors inside a screen keep the header and footer around them.
                    element: <RouteErrorBoundary />,
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
 * The code of every lazy route `pathname` matches (the staff check, the layout, the screen), loaded
 * at once (lazy-route.tsx). main.tsx and the prerender wait for it: hydrating prerendered markup
 * needs the same tree on the first render, and a signed-in screen's first-paint shell is replaced
 * by the screen, not a loader.
 */
export function preloadMatchedRoutes(pathname: string): Promise<unknown> {
  return preloadRoutes(routes, pathname);
}

/**
 * The routes at the router's address. Until the first screen's code is in, the page loader; after
 * that a navigation keeps the screen on show while the next one's code loads (the router renders in
 * a transition: app-router.tsx).
 */
export function AppRoutes() {
  preloadMatchedRoutes(usePathname()).catch(() => undefined);
  return <Suspense fallback={<PageLoader />}>{useRoutes(routes)}</Suspense>;
}
