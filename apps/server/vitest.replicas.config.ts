import { defineConfig } from 'vitest/config';

// `npm run test:replicas`: the scale-out test (server processes on one PostgreSQL), apart from
// the server project because it needs a PostgreSQL server and takes a minute.
export default defineConfig({
  test: {
    name: 'replicas',
    include: ['src/**/*.replicas.ts'],
    testTimeout: 60000,
    hookTimeout: 240000,
    pool: 'forks',
  },
});
