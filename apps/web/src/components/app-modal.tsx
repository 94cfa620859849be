import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

type AppModalProps = Omit<ModalRootProps, 'title' | 'children'> & {
  title: ReactNode;
  /** The close button's accessible name, e.g. 'Close filters'. */
  closeLabel: string;
  children: ReactNode;
  bodyClassName?: string;
};

/**
 * Mantine's Modal with its header kept out of the landmarks: Modal.Header is a <header>, which
 * would be a second "banner" beside the site header (axe: landmark-no-duplicate-banner).
 * Focus trap, Escape and focus return are Mantine's.
 */
export function AppModal({ title, closeLabel, children, bodyClassName, ...rootProps }: AppModalProps) {
  return (
    <Modal.Root {...rootProps}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="none">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={closeLabel} />
        </Modal.Header>
        <Modal.Body className={bodyClassName}>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
