import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from './brand-mark.tsx';

type NavigationDrawerProps = {
  opened: boolean;
  onClose: () => void;
  /** The id the burger's aria-controls names. */
  id?: string;
  position?: 'left' | 'right';
  children: ReactNode;
};

/** The phone side menu of both headers (below 768 px): the brand, a close button, then the links. */
export function NavigationDrawer({ opened, onClose, id, position, children }: NavigationDrawerProps) {
  return (
    <Drawer.Root opened={opened} onClose={onClose} position={position} size="80%" hiddenFrom="sm">
      <Drawer.Overlay />
      <Drawer.Content id={id}>
        {/* role="none": a second <header> banner landmark inside the dialog would confuse screen readers. */}
        <Drawer.Header role="none">
          <Drawer.Title>
            <BrandMark />
          </Drawer.Title>
          <Drawer.CloseButton aria-label="Close navigation" />
        </Drawer.Header>
        <Drawer.Body px={0}>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
