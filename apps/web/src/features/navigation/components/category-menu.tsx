import { UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useLoadOnIntent } from '../../../lib/load-on-intent.ts';
import type { CategoriesState, NavLinkItem } from '../links.ts';
import classes from './header.module.css';

type CategoryMenuProps = {
  label: string;
  links: NavLinkItem[];
  /** Without links, a disabled row says why (loading, failed, none). */
  state: CategoriesState;
};

/** The menu's button: the stand-in of the first paint and the menu's own target alike. */
export const CategoryMenuButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'> & { label: string }>(
  function CategoryMenuButton({ label, ...props }, ref) {
    return (
      <UnstyledButton {...props} ref={ref} className={classes.menuTrigger}>
        {label}
        <IconChevronDown size={16} stroke={2} aria-hidden="true" className={classes.menuChevron} />
      </UnstyledButton>
    );
  },
);

const loadMenu = () => import('./category-menu-loaded.tsx');

/**
 * A header dropdown (Frames, Sunglasses): opens on click, hover, Enter or Space; arrow keys move
 * between the links; Escape closes it and gives focus back to the button. The first paint draws
 * the button alone; the menu's code (Mantine's Menu, Popover, floating-ui) loads when a pointer,
 * the focus or a key first reaches it (`useLoadOnIntent`).
 */
export function CategoryMenu(props: CategoryMenuProps) {
  const { loaded, triggerProps } = useLoadOnIntent(loadMenu, { hoverDelay: 80 });
  if (loaded) return <loaded.module.CategoryMenuLoaded {...props} intent={loaded.intent} />;
  return <CategoryMenuButton label={props.label} {...triggerProps} />;
}
