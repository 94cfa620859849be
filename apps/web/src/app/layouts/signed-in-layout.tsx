import { messages } from '@frameport/domain/messages';
import { Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, usePathname } from '../../lib/router.tsx';
import { AppScrollRestoration } from '../scroll-restoration.tsx';
import { useResetOnOtherTabSwitch } from '../../features/acting/reset-queries.ts';
import { OrderBar } from '../../features/cart/components/order-bar.tsx';
import { OrderDrawer } from '../../features/cart/components/order-drawer.tsx';
import { dismissRecentAdd } from '../../features/cart/recent-add.ts';
import { catalogueQueries } from '../../features/catalogue/api.ts';
import { categoryNavigation, frameLinks, sunglassesLinks } from '../../features/navigation/links.ts';
import { EXPRESS_CHECKOUT_PATH, HOME_PATH, PURCHASE_ORDER_PATH } from '../../config/paths.ts';
import { SignedInFooter } from './signed-in-footer.tsx';
import { SignedInHeader } from './signed-in-header.tsx';
import classes from './signed-in-layout.module.css';

/**
 * The screens where products are added to the order: on a phone they keep the running order in a
 * bar at the bottom (the catalogue, a product, express checkout, and /home's Buy again and new arrivals).
 */
// The phone's slide-out menu is not on the first paint: its chunk (Drawer, focus trap, scroll lock)
// loads on the first tap of the burger (issue 19 item 4: the initial script).
const SignedInNavigation = lazy(async () => ({ default: (await import('./signed-in-navigation.tsx')).SignedInNavigation }));

const ORDER_BAR_PATHS = new Set([HOME_PATH, '/products', '/product-details', EXPRESS_CHECKOUT_PATH]);

/**
 * Every signed-in screen: sticky header, the screen, footer, and the phone's slide-out menu.
 * The gender categories for the menus and the footer come from the catalogue's filters.
 * The running order is mounted here once, shown by route: the phone's bottom bar, and the
 * desktop's drawer after an add (on any screen but the purchase order itself).
 */
export function SignedInLayout() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpened && !drawerUsed) setDrawerUsed(true);
  useResetOnOtherTabSwitch();
  const filters = useQuery(catalogueQueries.filters());
  const navigation = filters.data ? categoryNavigation(filters.data) : null;
  const frames = navigation ? frameLinks(navigation) : [];
  const sunglasses = navigation ? sunglassesLinks(navigation) : [];
  const categories = filters.isPending ? 'loading' : filters.isError ? 'error' : 'ready';
  const pathname = usePathname();
  // Another screen: the last add's confirmation has done its job.
  useEffect(() => dismissRecentAdd, [pathname]);

  return (
    <div className={classes.shell}>
      {/* New pages start at the top (a footer link must not land mid-page); Back restores the position. */}
      <AppScrollRestoration />
      <a href="#main" className="skip-link">
        {messages.nav.skipToContent}
      </a>
      <SignedInHeader
        frames={frames}
        sunglasses={sunglasses}
        categories={categories}
        menuOpened={drawerOpened}
        onToggleMenu={drawer.toggle}
      />

      <main id="main" tabIndex={-1} className={classes.main}>
        <Container size="xl">
          <Outlet />
        </Container>
      </main>

      <SignedInFooter products={frames} productsLoading={filters.isPending} />

      {ORDER_BAR_PATHS.has(pathname) && <OrderBar />}
      {pathname !== PURCHASE_ORDER_PATH && <OrderDrawer />}

      {drawerUsed && (
        <Suspense fallback={null}>
          <SignedInNavigation opened={drawerOpened} onClose={drawer.close} frames={frames} sunglasses={sunglasses} categories={categories} />
        </Suspense>
      )}
    </div>
  );
}
