import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

/** What the user had done with the stand-in trigger by the time the real component arrived. */
export type Intent = {
  /** The stand-in had the focus: the real trigger takes it. */
  focused: boolean;
  /**
   * How it was asked open: 'click' (a click, Enter, Space or ArrowDown: the real trigger is clicked,
   * so it opens as a click opens it) or 'hover' (with `hoverDelay`, a mouse rested on it: it mounts
   * open, as a hover opens it, and closes when the mouse leaves).
   */
  open: 'click' | 'hover';
};

type Loaded<T> = { module: T; intent: Intent };

/**
 * A header control whose code is not part of the first paint (Mantine's Menu brings Popover and
 * floating-ui): the screen draws a plain stand-in trigger with the same look and name. Its chunk
 * starts loading at the first sign of interest (a pointer over it, the focus) and the real
 * component replaces the stand-in when the user asks for it: a click, Enter, Space or ArrowDown,
 * or (`hoverDelay`, menus that open on hover) a mouse resting on it that long. It opens at once
 * then, with the focus where the stand-in had it, so nothing asked before the chunk arrived is
 * lost. The stand-in is swapped only on a whole click, never between a press and its release.
 */
export function useLoadOnIntent<T>(load: () => Promise<T>, options: { hoverDelay?: number } = {}) {
  const { hoverDelay } = options;
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const pending = useRef<Promise<T> | null>(null);
  const asked = useRef(false);
  const hoverTimer = useRef<number | undefined>(undefined);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      window.clearTimeout(hoverTimer.current);
    };
  }, []);

  const preload = useCallback(() => {
    // A chunk that failed to arrive (offline for a moment): the next sign of interest tries again.
    pending.current ??= load().catch((error: unknown) => {
      pending.current = null;
      throw error;
    });
    return pending.current;
  }, [load]);

  const how = useRef<Intent['open']>('hover');
  const ask = useCallback((open: Intent['open']) => {
    // A click after a hover asked it open still opens it as a click does.
    if (open === 'click') how.current = 'click';
    if (asked.current) return;
    asked.current = true;
    preload().then(
      (module) => {
        if (!alive.current) return;
        const focused = triggerRef.current !== null && document.activeElement === triggerRef.current;
        setLoaded({ module, intent: { focused, open: how.current } });
      },
      () => {
        asked.current = false;
      },
    );
  }, [preload]);

  const triggerProps = {
    ref: triggerRef,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    onPointerEnter: (event: PointerEvent) => {
      void preload().catch(() => undefined);
      if (hoverDelay !== undefined && event.pointerType === 'mouse') {
        window.clearTimeout(hoverTimer.current);
        hoverTimer.current = window.setTimeout(() => ask('hover'), hoverDelay);
      }
    },
    onPointerLeave: () => window.clearTimeout(hoverTimer.current),
    onFocus: () => void preload().catch(() => undefined),
    onClick: () => ask('click'),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
      event.preventDefault();
      ask('click');
    },
  };
  return { loaded, triggerProps };
}
