import { useReducedMotion } from '@mantine/hooks';
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect, useState, type FocusEvent } from 'react';

/** How long a banner stays before the next one (the spec does not give the interval). */
export const AUTOPLAY_MS = 6000;

/**
 * Autoplay for a banner carousel (@mantine/carousel on embla): a slide turns every AUTOPLAY_MS,
 * the wait restarts whenever the slide changes (timer, control, swipe or key), and it pauses under
 * the pointer or keyboard focus, on the pause button, and always with reduced motion (WCAG 2.2.2).
 * Spread `containerProps` on the element around the carousel and pass `setEmbla` to `getEmblaApi`.
 */
export function useCarouselAutoplay() {
  const reduceMotion = useReducedMotion();
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const autoplay = !reduceMotion;
  const running = autoplay && playing && !hovered && !focused && embla !== null;

  useEffect(() => {
    if (!running || embla === null) return;
    const next = () => embla.scrollNext();
    let timer = window.setTimeout(next, AUTOPLAY_MS);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(next, AUTOPLAY_MS);
    };
    embla.on('select', restart);
    return () => {
      window.clearTimeout(timer);
      embla.off('select', restart);
    };
  }, [running, embla]);

  const containerProps = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
    },
  };

  return {
    reduceMotion,
    /** False with reduced motion: then there is no autoplay and no pause button. */
    autoplay,
    playing,
    togglePlaying: () => setPlaying((value) => !value),
    setEmbla,
    containerProps,
  };
}
