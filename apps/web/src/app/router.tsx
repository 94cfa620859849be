import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireSession, RootRedirect } from './guards.tsx';
import { PageLoader } from './layouts/page-loader.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteErrorPage } from './routes/route-error.tsx';

/**
 * Public routes sit in a bare layout; signed-in routes sit behind `RequireSession` in the
 * header/footer layout. Screens are lazy modules so a phone on /login loads no home-page code.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { index: true, element: <RootRedirect /> },
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
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/signed-in-layout.tsx')).SignedInLayout }),
            children: [
              {
                // Errors inside a screen keep the header and footer around them.
                errorElement: <RouteErrorPage />,
                children: [
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
                    path: 'express-checkout',
                    lazy: async () => ({ Component: (await import('./routes/express-checkout.tsx')).ExpressCheckoutRoute }),
                  },
                  {
                    path: 'support',
                    lazy: async () => ({ Component: (await import('./routes/support.tsx')).SupportRoute }),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
