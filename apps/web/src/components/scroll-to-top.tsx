import { ActionIcon, Affix } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { afterNextPaint } from '../lib/after-next-paint.ts';

/** The arrow appears once the page has scrolled further than this (spec section 9). */
export const SCROLL_TO_TOP_AFTER_PX = 600;

/**
 * Whether the window has scrolled further than `px`. Re-renders only when that changes, not on every
 * scroll event (Mantine's useWindowScroll sets its state on each one). The position is read in scroll
 * events and once after the first paint (Back may open the page scrolled), when layout is clean:
 * read in the mount effect, as useWindowScroll does, `scrollY` made the browser lay out the page the
 * render had just filled there and then (75 ms of a catalogue load's main thread, issue 19 item 4).
 */
export function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const check = () => setPast(window.scrollY > px);
    window.addEventListener('scroll', check, { passive: true });
    const cancel = afterNextPaint(check);
    return () => {
      window.removeEventListener('scroll', check);
      cancel();
    };
  }, [px]);
  return past;
}

/** A floating "back to top" button; smooth unless the user prefers reduced motion. */
export function ScrollToTop() {
  const shown = useScrolledPast(SCROLL_TO_TOP_AFTER_PX);
  const reduceMotion = useReducedMotion();
  if (!shown) return null;
  return (
    // Above the payment sandbox's bar and the phone's order bar when they are there (their module.css files).
    <Affix position={{ bottom: 'calc(24px + var(--sandbox-notice-height, 0px) + var(--order-bar-height, 0px))', right: 20 }} zIndex={150}>
      <ActionIcon
        size={44}
        radius="xl"
        variant="filled"
        aria-label="Scroll to top"
        onClick={() => window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' })}
        style={{ boxShadow: 'var(--mantine-shadow-md)' }}
      >
        <IconArrowUp size={22} aria-hidden="true" />
      </ActionIcon>
    </Affix>
  );
}
