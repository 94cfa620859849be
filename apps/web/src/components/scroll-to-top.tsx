import { ActionIcon, Affix } from '@mantine/core';
import { useReducedMotion, useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';

/** The arrow appears once the page has scrolled further than this (spec section 9). */
export const SCROLL_TO_TOP_AFTER_PX = 600;

/** A floating "back to top" button; smooth unless the user prefers reduced motion. */
export function ScrollToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  const reduceMotion = useReducedMotion();
  if (scroll.y <= SCROLL_TO_TOP_AFTER_PX) return null;
  return (
    // Above the payment sandbox's bar and the phone's order bar when they are there (their module.css files).
    <Affix position={{ bottom: 'calc(24px + var(--sandbox-notice-height, 0px) + var(--order-bar-height, 0px))', right: 20 }} zIndex={150}>
      <ActionIcon
        size={44}
        radius="xl"
        variant="filled"
        aria-label="Scroll to top"
        onClick={() => {
          if (reduceMotion) window.scrollTo({ top: 0, behavior: 'auto' });
          else scrollTo({ y: 0 });
        }}
        style={{ boxShadow: 'var(--mantine-shadow-md)' }}
      >
        <IconArrowUp size={22} aria-hidden="true" />
      </ActionIcon>
    </Affix>
  );
}
