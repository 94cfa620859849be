import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { mantineStableIds } from './mantine-ids.ts';
import { notificationsViewAlias } from './notifications-view.ts';

/**
 * Everything the Fastify server answers (http/spa.ts SERVER_PREFIXES); the SPA owns every other
 * path, /payments/sandbox/… (the sandbox payment screen) included.
 */
const API_ORIGIN = 'http://127.0.0.1:3000';
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  ['/api', '/token', '/media', '/backoffice', '/payments/razorpay', '/healthz'].map((path) => [path, { target: API_ORIGIN }]),
);

/** A style sheet's module id, as Vite's CSS plugin matches it. */
const STYLE_MODULE = /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/;

/**
 * The style sheets of the components several ordering screens draw in their first render (the
 * product card and what it is made of, the quantity entry, the card grid, the payments sandbox's
 * notice), in the 'app' group below: their rules go in the app's sheet, after Mantine's, and each
 * component's script, holding no sheet any more, is copied into the screens that read it (inline
 * common chunks). Each was a sheet and a script of its own, two requests in a phone's lanes of six
 * before the screen could draw (docs/products-profile.md, fourteenth pass).
 */
const ORDERING_SHEETS =
  /\/src\/(components\/(quantity-input|price)|features\/catalogue\/components\/(product-card|product-image|colour-swatches|in-order-marker|product-grid)|features\/payments\/components\/sandbox-notice)\.module\.css$/;

// Run from apps/web (npm run build -w @frameport/web): the build lands in apps/web/dist.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [mantineStableIds()])],
  resolve: { alias: notificationsViewAlias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read (and removed) by scripts/prerender.mjs: which chunks a prerendered page's screens need.
    manifest: true,
    rolldownOptions: {
      // Two groups; a module lives in one chunk, so nothing is copied (87cf243 copied, and was reverted).
      // - Every Tabler icon the app uses in one chunk (23 kB, 6 kB Brotli): otherwise rolldown made a
      //   0.2–1 kB chunk for each set of lazy screens sharing an icon.
      // - 'app': the signed-in layout and the staff check (loaded on every signed-in screen) with what
      //   they import (rolldown takes a group's dependencies along), and the entry's first imports.
      //   Without it, rolldown made a chunk for every set of the ~60 lazy screens sharing a module: a
      //   signed-in /products loaded 134 files, and a phone on a mobile network waits a round trip for
      //   each six of them (HTTP/1.1). With it: 67 files and 24 kB less script (fewer chunk seams),
      //   /login 86 → 41 files; the cards show 1.4 s sooner at 4× CPU on a 150 ms, 1.6 Mb/s network
      //   (docs/products-profile.md, seventh pass). The entry imports the group's chunk, so it runs
      //   first: hence zod-config.ts in it (its first module: zod's `jitless` before any schema is
      //   built; e2e/public.spec.ts fails on the CSP violation otherwise) and Mantine's base styles
      //   (mantine-styles.ts, global.css, touch-targets.css), so its sheet starts with them and every
      //   CSS module comes after, as the cascade needs.
      output: {
        codeSplitting: {
          // The browser's build copies each automatic common chunk under 24 KiB of source into the
          // chunks that read it, a registry in rolldown's runtime keeping one execution and one state
          // per module (rolldown's "inline common chunks", experimental; it turns on
          // strictExecutionOrder and needs the entry's exports dropped: preserveEntrySignatures
          // below). A signed-in /products loaded 47 script files, 30 of them Mantine's and the app's
          // 1–2 kB pieces shared by some set of screens; now 20, for 3 kB more script. On a phone's
          // network each six files cost a round trip (HTTP/1.1): Lighthouse mobile /products 74 → 81,
          // /purchase-order 84 → 93, /login 90 → 93, LCP 0.4–0.7 s sooner on every signed-in screen
          // (docs/products-profile.md, eleventh pass). Chunks holding styles stay files, as Vite's
          // CSS plugin needs. Not in the prerender's server build, whose exports scripts/prerender.mjs
          // reads.
          ...(isSsrBuild ? {} : { experimentalInlineCommonChunks: { maxSize: 24 * 1024, exclude: STYLE_MODULE } }),
          groups: [
            { name: 'icons', test: /\/node_modules\/@tabler\/icons-react\//, priority: 2 },
            {
              name: 'app',
              test: new RegExp(
                [
                  /\/src\/app\/(zod-config\.ts|mantine-styles\.ts|global\.css|touch-targets\.css|staff-guards\.tsx|layouts\/signed-in-layout\.tsx)$/.source,
                  ORDERING_SHEETS.source,
                ].join('|'),
              ),
              priority: 1,
            },
          ],
        },
      },
      // The entry's exports (none are read) may go: inline common chunks needs it.
      ...(isSsrBuild ? {} : { preserveEntrySignatures: false }),
      // An import cycle in our code (web, domain) fails the build: bulletproof-react's
      // import/no-cycle, from the bundler since eslint-plugin-import is not installed. A library's
      // own cycles are its business.
      checks: { circularDependency: true },
      onLog(level, log, handler) {
        if (log.code !== 'CIRCULAR_DEPENDENCY') return handler(level, log);
        if (log.ids?.some((id) => !id.includes('/node_modules/'))) throw new Error(log.message);
      },
    },
  },
  server: { proxy },
  preview: { proxy },
}));
