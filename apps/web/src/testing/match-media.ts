import { vi } from 'vitest';

/**
 * A MediaQueryList as jsdom lacks it (Mantine measures with matchMedia): `matches` is what the
 * test decides for that query. The setup installs one that matches nothing; a test wanting a
 * desktop width or reduced motion mocks `window.matchMedia` with its own `matches`.
 */
export function fakeMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  } as unknown as MediaQueryList;
}

/**
 * `window.matchMedia` for a screen `width` px wide: a query of min-width and max-width in em or px
 * (Mantine's breakpoints) matches as that screen's would; any other query matches nothing.
 */
export function matchMediaAtWidth(width: number): (query: string) => MediaQueryList {
  return (query: string) => {
    const bounds = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(em|px)\)/g)];
    const matches =
      bounds.length > 0 &&
      bounds.every(([, side, value, unit]) => {
        const px = Number(value) * (unit === 'em' ? 16 : 1);
        return side === 'min' ? width >= px : width <= px;
      });
    return fakeMediaQueryList(query, matches);
  };
}
