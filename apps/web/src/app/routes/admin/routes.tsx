import { usePathname, useRoutes, type RouteObject } from '../../../lib/router.tsx';
import { lazyRoute, preloadRoutes } from '../../lazy-route.tsx';
import { RequireStaff } from '../../staff-guards.tsx';
import { NotFoundPage } from '../not-found.tsx';
import { RouteErrorBoundary } from '../route-error.tsx';

/**
 * The back office's routes under /admin (staff only: RequireStaff), with its own layout and a lazy
 * chunk per screen. A module of its own, loaded when an address under /admin is first opened
 * (router.tsx), so the ordering app's first script carries none of this table or the names of its
 * chunks (2.5 kB Brotli). Matched in order (lib/router.tsx): a static path comes before a parameter
 * at the same place ('products/new' before 'products/:id').
 */
const adminRoutes: RouteObject[] = [
  {
    Component: RequireStaff,
    children: [
      {
        Component: lazyRoute(async () => (await import('./layout.tsx')).AdminLayout),
        children: [
          {
            element: <RouteErrorBoundary />,
            children: [
              {
                index: true,
                Component: lazyRoute(async () => (await import('./dashboard.tsx')).AdminDashboardRoute),
              },
              {
                path: 'orders',
                Component: lazyRoute(async () => (await import('./orders.tsx')).AdminOrdersRoute),
              },
              {
                path: 'orders/:id',
                Component: lazyRoute(async () => (await import('./order.tsx')).AdminOrderRoute),
              },
              {
                path: 'products',
                Component: lazyRoute(async () => (await import('./products.tsx')).AdminProductsRoute),
              },
              {
                path: 'products/new',
                Component: lazyRoute(async () => (await import('./product-new.tsx')).AdminNewProductRoute),
              },
              {
                path: 'products/:id',
                Component: lazyRoute(async () => (await import('./product.tsx')).AdminProductRoute),
              },
              {
                path: 'retailers',
                Component: lazyRoute(async () => (await import('./retailers.tsx')).AdminRetailersRoute),
              },
              {
                path: 'retailers/new',
                Component: lazyRoute(async () => (await import('./retailers-new.tsx')).AdminNewRetailerRoute),
              },
              {
                path: 'retailers/:id',
                Component: lazyRoute(async () => (await import('./retailers-detail.tsx')).AdminRetailerRoute),
              },
              {
                path: 'retailers/:id/edit',
                Component: lazyRoute(async () => (await import('./retailers-edit.tsx')).AdminEditRetailerRoute),
              },
              {
                path: 'retailers/:id/credit',
                Component: lazyRoute(async () => (await import('./credit.tsx')).AdminCreditRoute),
              },
              {
                path: 'stock',
                Component: lazyRoute(async () => (await import('./stock.tsx')).AdminStockRoute),
              },
              {
                path: 'gst-rates',
                Component: lazyRoute(async () => (await import('./gst-rates.tsx')).AdminGstRatesRoute),
              },
              {
                path: 'discounts',
                Component: lazyRoute(async () => (await import('./discounts.tsx')).AdminDiscountsRoute),
              },
              {
                path: 'imports',
                Component: lazyRoute(async () => (await import('./imports.tsx')).AdminImportsRoute),
              },
              {
                path: 'imports/:id',
                Component: lazyRoute(async () => (await import('./import-job.tsx')).AdminImportJobRoute),
              },
              {
                path: 'receivables',
                Component: lazyRoute(async () => (await import('./receivables.tsx')).AdminReceivablesRoute),
              },
              {
                path: 'receivables/:retailerId',
                Component: lazyRoute(async () => (await import('./receivables-retailer.tsx')).AdminReceivablesRetailerRoute),
              },
              {
                path: 'audit',
                Component: lazyRoute(async () => (await import('./audit.tsx')).AdminAuditRoute),
              },
              {
                path: 'reports/sales',
                Component: lazyRoute(async () => (await import('./sales-report.tsx')).AdminSalesReportRoute),
              },
              {
                path: 'reports/gst',
                Component: lazyRoute(async () => (await import('./gst-summary.tsx')).AdminGstSummaryRoute),
              },
              {
                path: 'sales-team',
                Component: lazyRoute(async () => (await import('./sales-team.tsx')).AdminSalesTeamRoute),
              },
              {
                path: 'sales-team/:id',
                Component: lazyRoute(async () => (await import('./sales-team-detail.tsx')).AdminSalesExecutiveRoute),
              },
              {
                path: 'staff',
                Component: lazyRoute(async () => (await import('./staff.tsx')).AdminStaffRoute),
              },
              {
                path: 'content',
                Component: lazyRoute(async () => (await import('./content.tsx')).AdminContentRoute),
              },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * The back office at the router's address (a descendant of router.tsx's `admin/*`). The layout and
 * the screen the address matches load together, not the screen once the layout has rendered; while
 * they load, the router's transition keeps the screen on show (the page loader on a first load).
 */
export function AdminRoutes() {
  preloadRoutes(adminRoutes, usePathname(), '/admin').catch(() => undefined);
  return useRoutes(adminRoutes);
}
