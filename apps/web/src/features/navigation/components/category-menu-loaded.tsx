import { Menu } from '@mantine/core';
import { Link } from '../../../lib/router.tsx';
import { useIntentOnMount } from '../../../lib/use-intent-on-mount.ts';
import type { Intent } from '../../../lib/load-on-intent.ts';
import { emptyCategoriesText, type CategoriesState, type NavLinkItem } from '../links.ts';
import { CategoryMenuButton } from './category-menu.tsx';

type CategoryMenuLoadedProps = {
  label: string;
  links: NavLinkItem[];
  state: CategoriesState;
  intent: Intent;
};

/** The Frames / Sunglasses menu itself (`CategoryMenu` draws its button until this chunk arrives). */
export function CategoryMenuLoaded({ label, links, state, intent }: CategoryMenuLoadedProps) {
  const targetRef = useIntentOnMount(intent);
  return (
    <Menu
      trigger="click-hover"
      openDelay={80}
      closeDelay={160}
      position="bottom-start"
      offset={6}
      width={220}
      shadow="md"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
      loop
      // A mouse that rested on the stand-in: open as a hover opens it (closes when the mouse leaves).
      defaultOpened={intent.open === 'hover'}
    >
      <Menu.Target>
        <CategoryMenuButton ref={targetRef} label={label} />
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
        {links.length === 0 && <Menu.Item disabled>{emptyCategoriesText(state)}</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}
