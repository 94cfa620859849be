import { messages } from '@frameport/domain/messages';
import { Box, Burger, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from '../../../lib/router.tsx';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { useHydrated } from '../../../components/use-hydrated.ts';
import { MARKETING_PATHS } from '../links.ts';
import { partnerLogin } from '../partner-login.ts';
import classes from './marketing-header.module.css';
import { NavigationLinks } from './navigation-links.tsx';

const MarketingDrawer = lazy(() => import('./marketing-drawer.tsx'));

/**
 * The public header (spec section 2): About, Careers, News Room, Partner Log-in, Contact Us.
 * Below 768 px the links move into a side drawer opened by the burger.
 */
export function MarketingHeader() {
  const [opened, drawer] = useDisclosure(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const wantDrawer = () => setDrawerWanted(true);
  const navigate = useNavigate();
  // The prerendered /homepage: the burger needs the app, so it waits for it (app/prerender.tsx).
  const hydrated = useHydrated();

  // A real link to /login underneath, so a middle click or a crawler still reaches it.
  const openLogin = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    drawer.close();
    partnerLogin.open(navigate);
  };

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.bar}>
        <Link to={MARKETING_PATHS.home} className={classes.brandLink}>
          <BrandMark tone="light" />
        </Link>
        <Box component="nav" aria-label={messages.nav.main} visibleFrom="sm">
          <NavigationLinks onLogin={openLogin} className={classes.inlineLinks} />
        </Box>
        <Burger
          hiddenFrom="sm"
          disabled={!hydrated}
          opened={opened}
          onClick={() => {
            wantDrawer();
            drawer.toggle();
          }}
          onPointerEnter={wantDrawer}
          onFocus={wantDrawer}
          color="white"
          size="sm"
          aria-label={messages.nav.openNavigation}
          aria-expanded={opened}
          aria-controls="public-navigation"
        />
      </Container>

      {/* The drawer's code loads on the first tap of the burger (or when the pointer comes near it). */}
      {drawerWanted && (
        <Suspense fallback={null}>
          <MarketingDrawer opened={opened} onClose={drawer.close} onLogin={openLogin} />
        </Suspense>
      )}
    </header>
  );
}
