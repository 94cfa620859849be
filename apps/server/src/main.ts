import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/seed/index.ts';

/** read config → open db → migrate → seed if empty → listen; closes cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }),
    poolMax: config.databasePoolMax,
  });

  const app = await buildApp({ config, database, clock: systemClock });
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  app.log.info(`database: ${where}`);
  await prepareDatabase(database, { seedProducts: config.seedDemo ? config.seedProducts : null, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      // PGlite flushes its data directory on close: a clean close keeps every write.
      await database.close();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
