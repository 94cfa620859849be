import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/seed/index.ts';

/** How long requests in flight may take to finish once SIGTERM arrives (a load balancer's drain is longer). */
const SHUTDOWN_GRACE_MS = 10_000;
/** Then how long the rest of the close (mail, stores, database) may take. */
const SHUTDOWN_CLOSE_MS = 20_000;

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
    // Ctrl+C under `npm start` reaches this process twice (from the terminal and from start.mjs):
    // the second must not cut short what the first began.
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // app.close() stops accepting connections, answers 503 to new requests on open ones, waits for
    // those in flight, then runs the onClose hooks (queued mail flushed, stores closed). A request
    // stuck past the grace period loses its connection; a close stuck after that ends the process.
    const force = setTimeout(() => {
      app.log.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still in flight after the grace period: closing their connections');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    const abandon = setTimeout(() => {
      app.log.error('shutdown did not finish: exiting without a clean close');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + SHUTDOWN_CLOSE_MS);
    abandon.unref();
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'error while closing the server');
    }
    clearTimeout(force);
    try {
      // PGlite flushes its data directory on close: a clean close keeps every write.
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'error while closing the database');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
