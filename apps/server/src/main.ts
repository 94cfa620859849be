import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { isDatabaseEmpty, seedDemo } from './db/seed/index.ts';

/** read config → open db → migrate → seed if empty → listen; closes cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }),
    poolMax: config.databasePoolMax,
  });
  await database.migrate();

  const app = await buildApp({ config, database, clock: systemClock });
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  app.log.info(`database: ${where}`);

  if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
    const started = performance.now();
    app.log.info('empty database: seeding the demo catalogue and accounts');
    const summary = await seedDemo(database.db, { products: config.seedProducts });
    app.log.info({ summary, ms: Math.round(performance.now() - started) }, 'demo data seeded');
  }

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
