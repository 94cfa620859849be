import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { emptyCategoriesText, type CategoriesState, type NavLinkItem } from '../links.ts';
import classes from './header.module.css';

type CategoryMenuProps = {
  label: string;
  links: NavLinkItem[];
  /** Without links, a disabled row says why (loading, failed, none). */
  state: CategoriesState;
};

/**
 * A header dropdown (Frames, Sunglasses): opens on click, hover, Enter or Space; arrow keys move
 * between the links; Escape closes it and gives focus back to the button.
 */
export function CategoryMenu({ label, links, state }: CategoryMenuProps) {
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
    >
      <Menu.Target>
        <UnstyledButton className={classes.menuTrigger}>
          {label}
          <IconChevronDown size={16} stroke={2} aria-hidden="true" className={classes.menuChevron} />
        </UnstyledButton>
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
