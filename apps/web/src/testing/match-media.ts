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
