import { messages } from '@frameport/domain/messages';
import { Anchor, NavLink, Paper, Text } from '@mantine/core';
import { IconBolt, IconEyeglass, IconHome, IconLogout, IconShoppingCart, IconSunglasses } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from '../../../lib/router.tsx';
import { EXPRESS_CHECKOUT_PATH, PROFILE_LINKS, PURCHASE_ORDER_PATH } from '../../../config/paths.ts';
import { useActing } from '../../../lib/use-acting.ts';
import { lensLoginEntry, profileMenuEntries } from '../../../components/profile-menu-entries.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';
import { emptyCategoriesText, type CategoriesState, type NavLinkItem } from '../links.ts';

type MobileNavigationProps = {
  frames: NavLinkItem[];
  sunglasses: NavLinkItem[];
  categories: CategoriesState;
  /** Called after a link is followed (the drawer closes). */
  onNavigate: () => void;
  onLogout: () => void;
};

/**
 * The phone's slide-out menu (below 768 px): who a sales executive acts for, Home, Frames and
 * Sunglasses by gender, order links (once the user can order), the profile menu's entries (with
 * the lens product's login when configured), Logout.
 */
export function MobileNavigation({ frames, sunglasses, categories, onNavigate, onLogout }: MobileNavigationProps) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const acting = useActing();
  const lensLogin = lensLoginEntry(useAppConfig().lensLoginUrl);

  return (
    <nav aria-label="Menu">
      {acting.retailer !== null && (
        <Paper bg="yellow.1" radius={0} px="md" py="xs" mb={4}>
          <Text size="sm">
            {messages.switchUser.actingFor} <strong>{acting.retailer.businessName}</strong>
          </Text>
          <Anchor component={Link} to={PROFILE_LINKS.switchUser} size="sm" fw={600} onClick={onNavigate}>
            {messages.account.switchUser}
          </Anchor>
        </Paper>
      )}
      <NavLink
        component={Link}
        to="/home"
        label={messages.nav.home}
        leftSection={<IconHome size={18} aria-hidden="true" />}
        active={pathname === '/home'}
        onClick={onNavigate}
      />
      <CategoryGroup
        label={messages.nav.frames}
        icon={<IconEyeglass size={18} aria-hidden="true" />}
        links={frames}
        state={categories}
        here={here}
        onNavigate={onNavigate}
      />
      <CategoryGroup
        label={messages.nav.sunglasses}
        icon={<IconSunglasses size={18} aria-hidden="true" />}
        links={sunglasses}
        state={categories}
        here={here}
        onNavigate={onNavigate}
      />
      {acting.canOrder && (
        <>
          <NavLink
            component={Link}
            to={PURCHASE_ORDER_PATH}
            label={messages.nav.purchaseOrder}
            leftSection={<IconShoppingCart size={18} aria-hidden="true" />}
            active={pathname === PURCHASE_ORDER_PATH}
            onClick={onNavigate}
          />
          <NavLink
            component={Link}
            to={EXPRESS_CHECKOUT_PATH}
            label={messages.nav.expressCheckout}
            leftSection={<IconBolt size={18} aria-hidden="true" />}
            active={pathname === EXPRESS_CHECKOUT_PATH}
            onClick={onNavigate}
          />
        </>
      )}
      {profileMenuEntries(acting).map((entry) => (
        <NavLink
          key={entry.to}
          component={Link}
          to={entry.to}
          label={entry.label}
          leftSection={entry.icon}
          active={here === entry.to}
          onClick={onNavigate}
        />
      ))}
      {lensLogin && (
        <NavLink
          component="a"
          href={lensLogin.href}
          target={lensLogin.target}
          rel={lensLogin.rel}
          label={lensLogin.label}
          aria-label={`${lensLogin.label} ${messages.account.opensInNewTab}`}
          leftSection={lensLogin.icon}
          onClick={onNavigate}
        />
      )}
      <NavLink
        component="button"
        type="button"
        label={messages.account.logout}
        leftSection={<IconLogout size={18} aria-hidden="true" />}
        onClick={onLogout}
      />
    </nav>
  );
}

type CategoryGroupProps = {
  label: string;
  icon: ReactNode;
  links: NavLinkItem[];
  state: CategoriesState;
  here: string;
  onNavigate: () => void;
};

function CategoryGroup({ label, icon, links, state, here, onNavigate }: CategoryGroupProps) {
  const [opened, setOpened] = useState(() => links.some((link) => link.to === here));
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      leftSection={icon}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset={34}
    >
      {links.map((link) => (
        <NavLink
          key={link.to}
          component={Link}
          to={link.to}
          label={link.label}
          active={link.to === here}
          onClick={onNavigate}
        />
      ))}
      {links.length === 0 && <NavLink component="span" label={emptyCategoriesText(state)} disabled />}
    </NavLink>
  );
}
