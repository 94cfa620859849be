import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/** Everything the Fastify server answers; the SPA owns every other path. */
const API_ORIGIN = 'http://127.0.0.1:3000';
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  ['/api', '/token', '/media', '/backoffice', '/payments', '/healthz'].map((path) => [path, { target: API_ORIGIN }]),
);

// Run from apps/web (npm run build -w @frameport/web): the build lands in apps/web/dist.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // zod and its jitless setting (app/zod-config.ts) in one chunk: every chunk that builds a
        // schema imports it, so the setting is in force before the first schema is built (the CSP
        // forbids the eval zod would otherwise try).
        manualChunks(id) {
          if (id.includes('/node_modules/zod/') || id.endsWith('/src/app/zod-config.ts')) return 'zod';
          return undefined;
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
