import { messages } from '@frameport/domain/messages';
import { Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Outlet, ScrollRestoration } from 'react-router';
import { NavigationDrawer } from '../../components/navigation-drawer.tsx';
import { useResetOnOtherTabSwitch } from '../../features/acting/reset-queries.ts';
import { logout } from '../../features/auth/api.ts';
import { catalogueQueries } from '../../features/catalogue/api.ts';
import { MobileNavigation } from '../../features/navigation/components/mobile-navigation.tsx';
import { categoryNavigation, frameLinks, sunglassesLinks } from '../../features/navigation/links.ts';
import { SignedInFooter } from './signed-in-footer.tsx';
import { SignedInHeader } from './signed-in-header.tsx';
import classes from './signed-in-layout.module.css';

/**
 * Every signed-in screen: sticky header, the screen, footer, and the phone's slide-out menu.
 * The gender categories for the menus and the footer come from the catalogue's filters.
 */
export function SignedInLayout() {
  const [drawerOpened, drawer] = useDisclosure(false);
  useResetOnOtherTabSwitch();
  const filters = useQuery(catalogueQueries.filters());
  const navigation = filters.data ? categoryNavigation(filters.data) : null;
  const frames = navigation ? frameLinks(navigation) : [];
  const sunglasses = navigation ? sunglassesLinks(navigation) : [];
  const categories = filters.isPending ? 'loading' : filters.isError ? 'error' : 'ready';

  return (
    <div className={classes.shell}>
      {/* New pages start at the top (a footer link must not land mid-page); Back restores the position. */}
      <ScrollRestoration />
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

      <NavigationDrawer opened={drawerOpened} onClose={drawer.close}>
        <MobileNavigation
          frames={frames}
          sunglasses={sunglasses}
          categories={categories}
          onNavigate={drawer.close}
          onLogout={logout}
        />
      </NavigationDrawer>
    </div>
  );
}
