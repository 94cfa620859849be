/**
 * npm run seed -- [--products 10000] [--seed 20260401] [--reset]
 *
 * Seeds the demo data into DATABASE_URL, or the embedded PGlite in DATA_DIR (default ./data),
 * both read through loadConfig(). Migrates first. Refuses a non-empty database unless --reset.
 *
 * On PGlite it refuses a DATA_DIR that a running server holds (db/client.ts lockDataDir), naming
 * the server's PID: stop the server first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { DataDirLockedError, openDatabase } from '../client.ts';
import { DEFAULT_PRODUCTS, DEFAULT_SEED, isDatabaseEmpty, resetDatabase, seedDemo } from './index.ts';

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log('Usage: npm run seed -- [--products 2500] [--seed 20260401] [--reset]');
    return 0;
  }
  const products = values.products === undefined ? DEFAULT_PRODUCTS : Number(values.products);
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  if (!Number.isInteger(products) || products < 10 || products > 100_000) {
    console.error('--products must be an integer between 10 and 100000');
    return 2;
  }
  if (!Number.isInteger(seed)) {
    console.error('--seed must be an integer');
    return 2;
  }

  const config = loadConfig();
  const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Seeding ${target}`);

  const started = performance.now();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: 2,
  });
  try {
    await database.migrate();
    console.log(`migrated in ${Math.round(performance.now() - started)} ms`);
    if (!(await isDatabaseEmpty(database.db))) {
      if (!values.reset) {
        console.error('The database is not empty. Run again with --reset to delete ALL data and reseed.');
        return 1;
      }
      const t = performance.now();
      await resetDatabase(database.db);
      console.log(`reset in ${Math.round(performance.now() - t)} ms`);
    }
    const summary = await seedDemo(database.db, { products, seed });
    console.log('seeded:');
    console.table(summary);
    console.log(`total ${Math.round(performance.now() - started)} ms`);
    console.log('Demo logins: retailer@frameport.test / Retailer@123, retailer.blr@frameport.test / Retailer@123,');
    console.log('             sales@frameport.test / Sales@12345, admin@frameport.test / Admin@12345,');
    console.log('             warehouse@frameport.test / Warehouse@123, accounts@frameport.test / Accounts@123');
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof DataDirLockedError ? error.message : error);
    process.exitCode = 1;
  },
);
