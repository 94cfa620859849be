import { useEffect, useRef } from 'react';
import type { Intent } from './load-on-intent.ts';

/**
 * For the real component that replaced a stand-in trigger (`useLoadOnIntent`): the ref for its
 * trigger, which takes the focus the stand-in had and, when a click or key had asked for it open,
 * is clicked once, so it opens the way a click opens it (focus moved in, given back on close).
 * A hover's intent is the component's own to honour (`defaultOpened`).
 */
export function useIntentOnMount(intent: Intent) {
  const targetRef = useRef<HTMLButtonElement>(null);
  // What happened before the chunk arrived: acted on once, on mount.
  const first = useRef(intent);
  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    if (first.current.focused) target.focus();
    if (first.current.open === 'click') target.click();
  }, []);
  return targetRef;
}
