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

/**
 * The browser build inlines small shared chunks into the chunks that import them (rolldown's
 * experimentalInlineCommonChunks, below 8,000 bytes before minifying). With ~60 lazy screens, the
 * automatic splitting made a chunk for every set of screens sharing a module, so a signed-in
 * /products loaded 149 files, most of them 0.1–5 kB: each one more request (six at a time over
 * HTTP/1.1) and one more modulepreload for boot.js to add. Inlined: 38 files and the same bytes
 * (bench:bundles, docs/products-profile.md). It needs `preserveEntrySignatures: false` (main.tsx
 * exports nothing) and runs modules in source order across chunks (strictExecutionOrder, which it
 * turns on). Not for the SSR build of scripts/prerender.mjs, whose entry's exports it reads.
 */
const CLIENT_CHUNKS = {
  preserveEntrySignatures: false,
  output: {
    codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8000 } },
  },
} as const;

// Run from apps/web (npm run build -w @frameport/web): the build lands in apps/web/dist.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: { alias: notificationsViewAlias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read (and removed) by scripts/prerender.mjs: which chunks a prerendered page's screens need.
    manifest: true,
    rolldownOptions: {
      ...(isSsrBuild ? {} : CLIENT_CHUNKS),
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
