import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reloadSession } from '../lib/session.ts';
import { fakeMediaQueryList } from './match-media.ts';

// A route screen arrives through a chain of lazy modules (session guard, staff check, layout,
// screen): the first render of a file transforms them cold, which takes more than the default
// 1 s wait on a busy 2-core machine. The waits are for behaviour, not speed (speed is bench/'s).
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks what Mantine measures with.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => fakeMediaQueryList(query, false)),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
// AppScrollRestoration and the scroll-to-top button scroll the window; jsdom does not implement it.
window.scrollTo = (() => {}) as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  notifications.clean(); // the toast store is module-wide
  notifications.cleanQueue();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie = 'config=; Max-Age=0; Path=/'; // lib/app-config.ts's day-long copy of getConfig
  reloadSession();
});
