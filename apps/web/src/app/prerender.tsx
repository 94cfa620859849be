/**
 * The build's server-side entry (scripts/prerender.mjs): renders the first screens, /homepage and
 * /login, and the other public marketing pages to HTML once per build, so a phone paints their
 * heading from the HTML and CSS alone, before any script has arrived; main.tsx then hydrates that
 * markup instead of rendering anew.
 * Rendered as a visitor (no session, no data): what each page shows before its first request.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from 'history';
import { PrerenderedHeadContext } from '../features/marketing/components/page-meta.tsx';
import { MARKETING_PATHS } from '../features/marketing/links.ts';
import { LOGIN_PATH } from '../config/paths.ts';
import { FirstPaintShell } from './layouts/first-paint-shell.tsx';
import { earlyRequestsFor } from './early-requests.ts';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './app-router.tsx';
import { AppRoutes, preloadMatchedRoutes, SIGNED_IN_PATHS } from './router.tsx';

/** A marketing page (router.tsx: its layout and its screen are lazy), by its file under routes/marketing/. */
const marketingPage = (path: string, file: string) => ({
  path,
  lazyModules: ['src/app/layouts/marketing-layout.tsx', `src/app/routes/marketing/${file}.tsx`],
});

/**
 * The pages, with the source modules of their lazy screens: the build preloads those modules'
 * chunks and links their CSS in the page's HTML (scripts/prerender.mjs reads the Vite manifest).
 * /homepage and /login are the first screens; the other public marketing pages are the same
 * visitor's HTML, so crawlers and a phone read them before any script too.
 */
export const PRERENDERED_PAGES = [
  marketingPage(MARKETING_PATHS.home, 'homepage'),
  { path: LOGIN_PATH, lazyModules: ['src/app/routes/login.tsx'] },
  marketingPage(MARKETING_PATHS.about, 'about'),
  marketingPage(MARKETING_PATHS.brands, 'brands'),
  marketingPage(MARKETING_PATHS.careers, 'careers'),
  marketingPage(MARKETING_PATHS.newsRoom, 'news-room'),
  marketingPage(MARKETING_PATHS.contact, 'contact'),
  marketingPage(MARKETING_PATHS.privacy, 'privacy-policy'),
  marketingPage(MARKETING_PATHS.cookies, 'cookie-policy'),
];

/**
 * The signed-in screens' first paint: each address of SIGNED_IN_PATHS gets the header's bar
 * (FirstPaintShell) in its HTML, painted with the layout's styles: they are in the sheet of the
 * build's 'app' chunk, which index.html links (vite.config.ts); `cssModules` adds the layout chunk's
 * own sheet, should a build give it one, not the sheets of everything the layout imports. It
 * preloads what the app's first render there needs (`lazyModules`: the staff check, the layout, the
 * screen, first-screen-data.ts, which asks for the screen's first data, and the payments sandbox
 * notice every signed-in page shows), and the style sheets those modules add. The server cannot tell
 * whether the visitor is signed in (the session is in the browser), so a visitor who is not sees
 * the same bar until the app sends them to /login. `early`: the GETs boot.js starts
 * at once for a signed-in visitor (app/early-requests.ts).
 */
export const SIGNED_IN_SHELLS = SIGNED_IN_PATHS.map((path) => ({
  path,
  cssModules: ['src/app/layouts/signed-in-layout.tsx'],
  lazyModules: ['src/app/staff-guards.tsx', 'src/app/layouts/signed-in-layout.tsx', `src/app/routes${path}.tsx`, 'src/app/first-screen-data.ts', 'src/features/payments/components/sandbox-notice.tsx'],
  early: earlyRequestsFor(path),
}));

/** The markup of FirstPaintShell for #root (the same on every signed-in address). */
export function renderSignedInShell(): string {
  return renderToString(
    <StrictMode>
      <AppProvider>
        <FirstPaintShell />
      </AppProvider>
    </StrictMode>,
  );
}

export type PrerenderedPage = {
  /** The page's <title> text, or null when it renders none. */
  title: string | null;
  /** The page's meta description (PageMeta), or null to keep index.html's. */
  description: string | null;
  /** The markup for #root, without the hoisted <title>. */
  html: string;
};

const HOISTED_TITLE = /^<title>([^<]*)<\/title>/;

export async function renderPage(pathname: string): Promise<PrerenderedPage> {
  await preloadMatchedRoutes(pathname);
  const history = createMemoryHistory({ initialEntries: [pathname] });
  let description: string | null = null;
  const markup = renderToString(
    <StrictMode>
      <PrerenderedHeadContext value={(head) => (description = head.description)}>
        <AppProvider>
          <AppRouter history={history}>
            <AppRoutes />
          </AppRouter>
        </AppProvider>
      </PrerenderedHeadContext>
    </StrictMode>,
  );
  // React emits a rendered <title> first; the page's <head> is where it belongs.
  const title = HOISTED_TITLE.exec(markup);
  return {
    title: title?.[1] ?? null,
    description,
    html: title === null ? markup : markup.slice(title[0].length),
  };
}
