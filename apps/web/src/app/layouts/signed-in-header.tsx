import { formatInr, rupeesToPaise } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { Box, Burger, Container, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/router.tsx';
import { BrandMark } from '../../components/brand-mark.tsx';
import { useActing } from '../../lib/use-acting.ts';
import { ProfileMenu } from '../../features/auth/components/profile-menu.tsx';
import { cartQueries } from '../../features/cart/api.ts';
import type { CategoriesState, NavLinkItem } from '../../features/navigation/links.ts';
import { ActingIndicator } from '../../features/navigation/components/acting-indicator.tsx';
import { CategoryMenu } from '../../features/navigation/components/category-menu.tsx';
import { HeaderSearch } from '../../features/navigation/components/header-search.tsx';
import { OrderLinks, type CartSummary } from '../../features/navigation/components/order-links.tsx';
import classes from './signed-in-layout.module.css';

type SignedInHeaderProps = {
  frames: NavLinkItem[];
  sunglasses: NavLinkItem[];
  categories: CategoriesState;
  menuOpened: boolean;
  onToggleMenu: () => void;
};

/**
 * The sticky header. From 768 px: logo, Frames and Sunglasses menus, search, express checkout,
 * purchase order, profile. Below: burger (the slide-out menu), logo, search, purchase order, profile.
 * The order shortcuts wait until the user can order (a sales executive first chooses a retailer);
 * while acting for one, a strip under the bar names them.
 */
export function SignedInHeader({ frames, sunglasses, categories, menuOpened, onToggleMenu }: SignedInHeaderProps) {
  const { email, canOrder, retailer } = useActing();
  // Every cart change invalidates cartQueries.all, so the badge follows the cart.
  const count = useQuery({ ...cartQueries.count(email), enabled: canOrder });
  const cart: CartSummary | null = count.data
    ? {
        lines: count.data.CartCount,
        totalQuantity: count.data.TotalQuantity,
        totalValue: formatInr(rupeesToPaise(count.data.CartTotalWithGST)),
      }
    : null;
  return (
    <header className={classes.header}>
      <Container size="xl" className={classes.bar}>
        <Group gap={6} wrap="nowrap" className={classes.barStart}>
          <Burger
            hiddenFrom="sm"
            opened={menuOpened}
            onClick={onToggleMenu}
            color="white"
            size="sm"
            // The lines stay small; the button is a 44×44 px target (it shows on phones only).
            w={44}
            h={44}
            aria-label={messages.nav.openNavigation}
            aria-expanded={menuOpened}
          />
          <Link to="/home" className={classes.brandLink}>
            <BrandMark tone="light" />
          </Link>
          <Box component="nav" aria-label={messages.nav.main} visibleFrom="sm" className={classes.mainNav}>
            <CategoryMenu label={messages.nav.frames} links={frames} state={categories} />
            <CategoryMenu label={messages.nav.sunglasses} links={sunglasses} state={categories} />
          </Box>
        </Group>
        <Group gap={4} wrap="nowrap" className={classes.barEnd}>
          <HeaderSearch />
          {canOrder && <OrderLinks cart={cart} />}
          <ProfileMenu />
        </Group>
      </Container>
      {retailer !== null && <ActingIndicator businessName={retailer.businessName} />}
    </header>
  );
}
