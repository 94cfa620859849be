import { defineConfig } from 'drizzle-kit';

// Generate only: `npm run db:generate` (from the repo root). Migrations are applied in code
// by `Database.migrate()` (src/db/client.ts), never with `drizzle-kit migrate`: drizzle-kit's
// PGlite loads no extensions and our 0000 migration needs pg_trgm.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema.ts',
  out: './apps/server/src/db/migrations',
  casing: 'snake_case',
});
