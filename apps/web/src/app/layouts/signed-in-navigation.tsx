import { useMounted } from '@mantine/hooks';
import { NavigationDrawer } from '../../components/navigation-drawer.tsx';
import { logout } from '../../features/auth/api.ts';
import { MobileNavigation } from '../../features/navigation/components/mobile-navigation.tsx';
import type { CategoriesState, NavLinkItem } from '../../features/navigation/links.ts';

type SignedInNavigationProps = {
  opened: boolean;
  onClose: () => void;
  frames: NavLinkItem[];
  sunglasses: NavLinkItem[];
  categories: CategoriesState;
};

/**
 * The phone's slide-out menu, in a chunk of its own: the signed-in layout loads it on the first tap
 * of the burger (the drawer is not part of the first paint). It mounts closed and opens a frame
 * later, so that first opening slides in like every other.
 */
export function SignedInNavigation({ opened, onClose, frames, sunglasses, categories }: SignedInNavigationProps) {
  const mounted = useMounted();
  return (
    <NavigationDrawer opened={mounted && opened} onClose={onClose}>
      <MobileNavigation frames={frames} sunglasses={sunglasses} categories={categories} onNavigate={onClose} onLogout={logout} />
    </NavigationDrawer>
  );
}
