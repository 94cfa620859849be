/**
 * One database handle for both backends:
 * - PGlite (embedded PostgreSQL in WebAssembly) in `dataDir`, or in memory when no dataDir;
 * - node-postgres `pg.Pool` when `databaseUrl` is given.
 *
 * Both are typed as `Db = PgDatabase<PgQueryResultHKT, typeof schema>` (a union of the two
 * driver types breaks `.returning({...})`), with `casing: 'snake_case'`.
 *
 * Numbers:
 * - `bigint({ mode: 'number' })` columns (all `*_paise`) come back as JS numbers through drizzle.
 * - Raw int8 results (`count(*)`, `sum(int4)`) are parsed to JS numbers on both drivers here.
 * - `sum()` / `avg()` of a bigint or numeric column is `numeric` in PostgreSQL and arrives as a
 *   string on both drivers. Always map raw aggregates explicitly, e.g.
 *   `sql<number>\`coalesce(sum(${orders.totalPaise}), 0)\`.mapWith(Number)` — that is correct on
 *   both backends whatever the SQL type.
 *
 * PGlite has ONE connection: never use `db` inside `db.transaction(async (tx) => ...)` (it
 * deadlocks), and never await network I/O inside a transaction.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => ...)`; it has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either a Db or a Tx: for helpers that work in or out of a transaction. */
export type DbOrTx = Db | Tx;

/**
 * Runs a raw SQL statement and returns its rows, on either driver. (With the shared `Db` type,
 * `db.execute()` is typed `unknown`; both drivers answer `{ rows }`.) Column names are the SQL
 * names (snake_case) and values are raw driver values: int8 → number, numeric → string,
 * timestamptz → string. Prefer the query builder; use this for the odd raw statement.
 */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** PostgreSQL's unique_violation (23505), whether the driver's error is thrown bare or wrapped (drizzle's `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations in src/db/migrations (idempotent). */
  migrate(): Promise<void>;
  /** `select 1`; throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://... — when set, node-postgres is used and dataDir is ignored. */
  databaseUrl?: string;
  /** PGlite data directory (created recursively). Undefined = in memory. */
  dataDir?: string;
  /** PGlite: start from a `dumpDataDir()` tarball (fast test databases). */
  pgliteLoadDataDir?: Blob | File;
  /** node-postgres pool size (default 10). */
  poolMax?: number;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

const INT8_OID = 20;
const parseInt8 = (value: string): number => Number(value);

/** node-postgres type parsers: drizzle passes its own per-query `types` that fall back to the
 * global `pg.types`, so int8 → number has to be registered globally (idempotent). */
let pgInt8ParserInstalled = false;
function installPgInt8Parser() {
  if (pgInt8ParserInstalled) return;
  pg.types.setTypeParser(INT8_OID, parseInt8);
  pgInt8ParserInstalled = true;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax ?? 10);
  return openPglite(options);
}

/** The PGlite constructor options we always use (only pg_trgm: see stack-notes 1h). */
export function pgliteOptions(extra: { dataDir?: string; loadDataDir?: Blob | File } = {}) {
  return {
    ...(extra.dataDir ? { dataDir: extra.dataDir } : {}),
    ...(extra.loadDataDir ? { loadDataDir: extra.loadDataDir } : {}),
    extensions: { pg_trgm },
    parsers: { [INT8_OID]: parseInt8 },
  };
}

/** Wraps an existing PGlite instance (e.g. from `clone()`) as a Database. */
export function wrapPglite(client: PGlite): Database {
  const db: Db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema, casing: 'snake_case' }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(
    pgliteOptions({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
    }),
  );
  return wrapPglite(client);
}

async function openPostgres(databaseUrl: string, poolMax: number): Promise<Database> {
  installPgInt8Parser();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', (err) => {
    console.error('postgres pool error:', err.message);
  });
  const nodeDb = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  const db: Db = nodeDb;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      await migratePg(nodeDb, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
