import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { fixedClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { MIGRATIONS_FOLDER, openDatabase, queryRows, type Database } from './client.ts';
import { prepareDatabase } from './seed/index.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const REPLICAS = 3;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Replicas started together on one empty PostgreSQL (main.ts's steps: open, build, prepare, answer). */
describe.runIf(serverUrl)('N replicas starting at once on one empty PostgreSQL', () => {
  const name = `frameport_test_start_${process.pid}_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'frameport-replicas-'));
  const opened: Array<{ app?: App; database?: Database }> = [];

  afterAll(async () => {
    for (const replica of opened) {
      await replica.app?.close();
      await replica.database?.close();
    }
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('all become healthy; one migrates and seeds, the others wait for it', async () => {
    await admin(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const seedLogs: number[] = [];

    const startReplica = async (replica: number) => {
      const slot: { app?: App; database?: Database } = {};
      opened.push(slot);
      slot.database = await openDatabase({ databaseUrl: url.toString(), poolMax: 3 });
      const config = {
        ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: url.toString() }),
        webDistDir: '/nonexistent-web-build',
      };
      slot.app = await buildApp({ config, database: slot.database, clock: fixedClock('2026-11-20T10:00:00.000Z'), logger: false });
      const log = {
        info(_fields: object, message: string) {
          if (message === 'demo data seeded') seedLogs.push(replica);
        },
      };
      const summary = await prepareDatabase(slot.database, { seedProducts: 10, log });
      const health = await slot.app.inject({ url: '/healthz' });
      return { summary, health: health.statusCode };
    };

    const results = await Promise.all(Array.from({ length: REPLICAS }, (_, replica) => startReplica(replica)));

    expect(results.map((result) => result.health)).toEqual(Array(REPLICAS).fill(200));
    expect(seedLogs).toHaveLength(1);
    const seeded = results.filter((result) => result.summary !== null);
    expect(seeded).toHaveLength(1);
    const db = opened[0]!.database!.db;
    const [counts] = await queryRows<{ products: number; users: number; migrations: number }>(
      db,
      sql`select (select count(*) from products) as products, (select count(*) from users) as users,
        (select count(*) from drizzle.__drizzle_migrations) as migrations`,
    );
    expect(counts).toEqual({
      products: seeded[0]!.summary!.products,
      users: seeded[0]!.summary!.users,
      migrations: readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith('.sql')).length,
    });
  }, 180_000);
});
