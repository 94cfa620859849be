import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { notificationsViewAlias } from './notifications-view.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: notificationsViewAlias },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // Route tests render whole screens in jsdom; on a busy 2-core CI machine (server and web
    // suites run side by side) 5 s is not always enough. Assertions keep their own waits.
    testTimeout: 20_000,
  },
});
