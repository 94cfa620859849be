import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../app.ts';
import { fixedClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

/**
 * The real server on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * driven through `app.inject`. One per test file; close it in afterAll.
 *
 * `dataDir` (where uploads are stored) defaults to a fresh temporary folder that is removed
 * when the app closes, so no test ever writes into ./data. With `smtpUrl` (see test/smtp.ts) mails
 * go out through that SMTP server as well as into the outbox. With `database`, the app runs on that
 * database (another app's: two replicas in one process) and close() leaves it open.
 */
export async function buildTestApp(
  options: {
    logger?: FastifyBaseLogger;
    webDistDir?: string;
    dataDir?: string;
    smtpUrl?: string;
    /** More environment for loadConfig, e.g. PAYMENTS_PROVIDER=razorpay and its keys. */
    env?: Record<string, string>;
    database?: TestDatabase;
  } = {},
) {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'frameport-test-data-'));
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  const clock = fixedClock('2026-11-20T10:00:00.000Z');
  const config = {
    // No purge timer and no price scheduler unless a test asks: measured against the test clock they would change rows a test made.
    ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, SMTP_URL: options.smtpUrl, HOUSEKEEPING_INTERVAL_MINUTES: '0', PRICE_SCHEDULER_INTERVAL_MINUTES: '0', ...options.env }),
    webDistDir: options.webDistDir ?? '/nonexistent-web-build',
  };
  const app = await buildApp({ config, database, clock, logger: options.logger ?? false });
  // Removed with the app (also when a test closes only the app), never left in the temp folder.
  if (ownsDataDir) app.addHook('onClose', async () => rmSync(dataDir, { recursive: true, force: true }));
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    clock,
    config,
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
