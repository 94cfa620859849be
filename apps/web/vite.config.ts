import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { notificationsViewAlias } from './notifications-view.ts';

/**
 * Everything the Fastify server answers (http/spa.ts SERVER_PREFIXES); the SPA owns every other
 * path, /payments/sandbox/… (the sandbox payment screen) included.
 */
const API_ORIGIN = 'http://127.0.0.1:3000';
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  ['/api', '/token', '/media', '/backoffice', '/payments/razorpay', '/healthz'].map((path) => [path, { target: API_ORIGIN }]),
);

// Run from apps/web (npm run build -w @frameport/web): the build lands in apps/web/dist.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: notificationsViewAlias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read (and removed) by scripts/prerender.mjs: which chunks a prerendered page's screens need.
    manifest: true,
    rolldownOptions: {
      // Every Tabler icon the app uses goes in one chunk (23 kB, 6 kB Brotli): otherwise rolldown
      // made a 0.2–1 kB chunk for each set of lazy screens sharing an icon, and a signed-in
      // /products loaded 15 of them. One chunk, unlike inlining (87cf243), copies nothing. Measured
      // with bench:bundles: /products 149 → 134 files and 237.0 → 235.6 kB of script; every screen
      // loads fewer files, /login 0.7 kB more script. Mantine's helpers as a group were tried too:
      // fewer files but more script on every screen (docs/products-profile.md).
      output: { codeSplitting: { groups: [{ name: 'icons', test: /\/node_modules\/@tabler\/icons-react\// }] } },
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
});
