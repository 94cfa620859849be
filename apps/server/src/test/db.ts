/**
 * Fresh, migrated databases for server tests.
 *
 * - `TEST_DATABASE_URL` set (e.g. postgres://postgres@127.0.0.1:5432/postgres): creates a
 *   uniquely named database `frameport_test_<pid>_<random>` on that server, migrates it, and
 *   drops it on close().
 * - otherwise: an in-memory PGlite loaded from a migrated template dump (about 0.8 s instead of
 *   3.5 s for initdb + migrate). The dump is made once and cached in the OS temp folder, keyed
 *   by a hash of the migration files, so every test process (Vitest forks) reuses it.
 *
 * Usage (one database per test file):
 *   let database: TestDatabase;
 *   beforeAll(async () => { database = await createTestDatabase(); });
 *   afterAll(async () => { await database.close(); });
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase, pgliteOptions, wrapPglite, type Database } from '../db/client.ts';

export type TestDatabase = Database & { name: string };

let templateDump: Promise<Blob> | undefined;

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}

async function buildTemplate(): Promise<Blob> {
  const template = await PGlite.create(pgliteOptions());
  try {
    await wrapPglite(template).migrate();
    const dump = await template.dumpDataDir('none');
    return new Blob([await dump.arrayBuffer()]);
  } finally {
    await template.close();
  }
}

function pgliteTemplate(): Promise<Blob> {
  templateDump ??= (async () => {
    const file = join(tmpdir(), `frameport-pglite-template-${migrationsHash()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const dump = await buildTemplate();
      // Write then rename, so a parallel process never reads a half-written file.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      try {
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file);
      } catch (error) {
        console.warn('test db: could not cache the PGlite template:', (error as Error).message);
      }
      return dump;
    }
  })();
  return templateDump;
}

async function openPgliteFromTemplate(): Promise<Database> {
  const loadDataDir = await pgliteTemplate();
  try {
    return wrapPglite(await PGlite.create(pgliteOptions({ loadDataDir })));
  } catch (error) {
    // A stale or corrupt cached dump (e.g. after a PGlite upgrade): rebuild once, in memory.
    console.warn('test db: cached PGlite template failed to load, rebuilding:', (error as Error).message);
    templateDump = buildTemplate();
    return wrapPglite(await PGlite.create(pgliteOptions({ loadDataDir: await templateDump })));
  }
}

function quoteIdent(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const name = `frameport_test_${process.pid}_${randomBytes(4).toString('hex')}`;

  if (!serverUrl) {
    return { ...(await openPgliteFromTemplate()), name };
  }

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 5 });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    await dropDatabase(serverUrl, name);
    throw error;
  }
  return {
    ...database,
    name,
    async close() {
      await database.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

async function dropDatabase(serverUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
