import { messages } from '@frameport/domain/messages';
import type { MouseEvent } from 'react';
import { NavigationDrawer } from '../../../components/navigation-drawer.tsx';
import classes from './marketing-header.module.css';
import { NavigationLinks } from './navigation-links.tsx';

type MarketingDrawerProps = {
  opened: boolean;
  onClose: () => void;
  onLogin: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/**
 * The side menu of the public header below 768 px. Its own module, loaded on the first tap of the
 * burger: the Drawer (with its scroll area and focus trap) is most of the header's code, and a
 * phone opening /homepage should not wait for it.
 */
export default function MarketingDrawer({ opened, onClose, onLogin }: MarketingDrawerProps) {
  return (
    <NavigationDrawer opened={opened} onClose={onClose} id="public-navigation" position="right">
      <nav aria-label={messages.nav.main}>
        <NavigationLinks onLogin={onLogin} onNavigate={onClose} className={classes.drawerLinks} />
      </nav>
    </NavigationDrawer>
  );
}
