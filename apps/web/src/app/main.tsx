// First: before any import below builds a zod schema.
import './zod-config.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserHistory } from 'history';
import { createQueryClient } from '../lib/query-client.ts';
import { getSessionState } from '../lib/session.ts';
import './mantine-styles.ts';
import './global.css';
import './touch-targets.css';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './app-router.tsx';
import { AppRoutes, preloadMatchedRoutes } from './router.tsx';

/** How long the first render of a signed-in screen waits for its data once its code is in. */
const FIRST_DATA_WAIT_MS = 300;

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

// The server sends /homepage and /login with their markup already in #root (app/prerender.tsx),
// as a visitor sees them: hydrated as it is, once the screen's code is in. Anywhere else, or when
// a session will make the page differ (a signed-in user leaves /login at once), the app renders
// from scratch (the signed-in screens' HTML holds only the header's bar: replaced, not hydrated).
const prerenderedFor = container.dataset.prerendered;
const hydrate = prerenderedFor === window.location.pathname && getSessionState().session === null;
// A signed-in screen's HTML painted the header's bar (layouts/first-paint-shell.tsx): with a session,
// its code is loaded first, so the first render replaces the bar with the screen, not with a loader.
const shell = container.dataset.shell === 'signed-in' && getSessionState().session !== null;
const queryClient = createQueryClient();
if (hydrate) await preloadMatchedRoutes(window.location.pathname);
if (shell) await codeAndFirstData();

/**
 * The screen's code, and the data its first render reads (app/first-screen-data.ts), so that render
 * draws the screen rather than skeletons. The data gets FIRST_DATA_WAIT_MS more once the code is in:
 * an answer still out by then is drawn when it comes, as on any later screen.
 */
async function codeAndFirstData() {
  const code = preloadMatchedRoutes(window.location.pathname);
  // Should this module not load, the screen loads its data itself, as it always can.
  const data = import('./first-screen-data.ts')
    .then(({ primeFirstScreen }) => primeFirstScreen(queryClient, window.location))
    .catch(() => undefined);
  await code;
  await Promise.race([data, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]);
}

const history = createBrowserHistory();
const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <AppRouter history={history} hydrating={hydrate}>
        <AppRoutes />
      </AppRouter>
    </AppProvider>
  </StrictMode>
);
// In a transition either way: React renders in slices, so the page stays responsive meanwhile.
if (hydrate) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  // Prerendered markup stays on screen until React replaces it with its first commit.
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
}
