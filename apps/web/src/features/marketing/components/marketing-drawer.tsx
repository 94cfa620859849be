import { Drawer } from '@mantine/core';
import type { MouseEvent } from 'react';
import { BrandMark } from '../../../components/brand-mark.tsx';
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
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="80%" hiddenFrom="sm">
      <Drawer.Overlay />
      <Drawer.Content id="public-navigation">
        {/* role="none": a second <header> banner landmark inside the dialog would confuse screen readers. */}
        <Drawer.Header role="none">
          <Drawer.Title>
            <BrandMark />
          </Drawer.Title>
          <Drawer.CloseButton aria-label="Close navigation" />
        </Drawer.Header>
        <Drawer.Body px={0}>
          <nav aria-label="Main">
            <NavigationLinks onLogin={onLogin} onNavigate={onClose} className={classes.drawerLinks} />
          </nav>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
