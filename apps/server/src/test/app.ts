import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../app.ts';
import { fixedClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase } from './db.ts';

/**
 * The real server on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * driven through `app.inject`. One per test file; close it in afterAll.
 */
export async function buildTestApp(options: { logger?: FastifyBaseLogger; webDistDir?: string } = {}) {
  const database = await createTestDatabase();
  const clock = fixedClock('2026-11-20T10:00:00.000Z');
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    webDistDir: options.webDistDir ?? '/nonexistent-web-build',
  };
  const app = await buildApp({ config, database, clock, logger: options.logger ?? false });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
