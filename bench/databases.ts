/**
 * The databases a benchmark runs on: a fresh embedded PGlite in a temporary folder, and a fresh
 * PostgreSQL database (created, then dropped) when a server answers at BENCH_POSTGRES_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';

export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Runs `use` on a fresh PGlite in a temporary folder, removed afterwards. */
export async function withPglite<T>(use: (database: Database) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'frameport-bench-'));
  try {
    const database = await openDatabase({ dataDir: dir });
    try {
      return await use(database);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `use` on a new, empty PostgreSQL database, dropped afterwards. */
export async function withPostgres<T>(use: (database: Database) => Promise<T>, poolMax = 10): Promise<T> {
  const name = `frameport_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolMax });
    try {
      return await use(database);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** PGlite, then PostgreSQL when one answers; BENCH_BACKEND=pglite or =postgres runs only that one. */
export async function onEachBackend(use: (backend: 'PGlite' | 'PostgreSQL', database: Database) => Promise<void>, poolMax?: number) {
  const only = process.env.BENCH_BACKEND?.toLowerCase();
  if (only !== 'postgres') await withPglite((database) => use('PGlite', database));
  if (only === 'pglite') return;
  if (await postgresAnswers()) await withPostgres((database) => use('PostgreSQL', database), poolMax);
  else console.log('\nPostgreSQL does not answer: PGlite only.');
}

/** Where a benchmark's own server process finds its database: a PGlite folder or a PostgreSQL URL. */
export type DatabaseLocation = { dataDir: string } | { databaseUrl: string };

/**
 * For benchmarks whose server runs in a process of its own (it opens the database itself): a fresh
 * PGlite folder, then a new PostgreSQL database `<prefix>_<pid>` when one answers, each removed
 * afterwards; BENCH_BACKEND=pglite or =postgres runs only that one.
 */
export async function onEachBackendLocation(prefix: string, use: (backend: 'PGlite' | 'PostgreSQL', location: DatabaseLocation) => Promise<void>) {
  const only = process.env.BENCH_BACKEND?.toLowerCase();
  if (only !== 'postgres') {
    const dir = mkdtempSync(path.join(tmpdir(), `${prefix.replaceAll('_', '-')}-`));
    try {
      await use('PGlite', { dataDir: dir });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (only === 'pglite') return;
  if (!(await postgresAnswers())) {
    console.log('\nPostgreSQL does not answer: PGlite only.');
    return;
  }
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    await use('PostgreSQL', { databaseUrl: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
