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
import { AsyncLocalStorage } from 'node:async_hooks';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
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

/**
 * The database cannot serve now, whatever the statement: the server is down or restarting
 * (08xxx connection exceptions, 57P01-57P03 shutdown, ECONNREFUSED and friends), out of
 * resources (53xxx: 53100 disk full, 53200 out of memory, 53300 too many connections), a
 * read-only standby after a failover (25006), or the pool gave up waiting for a connection.
 * Worth a retry in a moment, unlike a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!(current instanceof Error) || seen.has(current)) continue;
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (/^(08|53)[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '25006'].includes(code)) return true;
      if (UNREACHABLE_CODES.has(code)) return true;
    }
    if (POOL_FAILURE_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
    // drizzle wraps the driver's error in `cause`; a dual-stack connect fails with an AggregateError.
    pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return false;
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres's own failures, which carry no code. */
const POOL_FAILURE_MESSAGES = [
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations in src/db/migrations (idempotent), inside `exclusive`. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process does start-up work on this database: on PostgreSQL under
   * a session advisory lock held on a connection of its own (replicas starting together wait
   * for each other); on PGlite the folder lock already makes this process the only one.
   * Re-entrant: `migrate()` inside `work` does not wait for itself.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
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
  /**
   * node-postgres: how long a query waits for a connection (a free one in the pool, or a new one)
   * before it fails as unavailable (503), instead of waiting for ever. Default 10 s.
   */
  connectTimeoutMs?: number;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** The advisory lock key for start-up work (migrations, the demo seed): "frameport" folded into an int8. */
const STARTUP_LOCK_KEY = '7308044403170079860';

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
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax ?? 10, options.connectTimeoutMs ?? 10_000);
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
    exclusive: (work) => work(),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** The lock file in a PGlite data folder: who holds the folder. */
export const DATA_DIR_LOCK_FILE = 'frameport.lock';

type LockHolder = { pid: number; host: string; startedAt: string | null };

/** Another process (or another open in this one) holds the data folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const who =
      holder.pid === process.pid && holder.host === hostname()
        ? `this process (PID ${holder.pid}) already has it open`
        : `it is in use by process ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`}`;
    super(
      `The data folder ${dataDir} cannot be opened: ${who}. Only one Frameport process (server, npm run seed, ` +
        `the explain tool) may use a data folder at a time: stop that process first, or set DATA_DIR to another folder.` +
        (holder.host === hostname()
          ? ''
          : ` If that process is no longer running, delete ${path.join(dataDir, DATA_DIR_LOCK_FILE)}.`),
    );
    this.name = 'DataDirLockedError';
  }
}

/** Folders this process holds (two opens in one process would share the one PID in the file). */
const heldDataDirs = new Set<string>();

/** Linux: a process's start time (clock ticks since boot), so a PID reused after a crash is not taken for the holder. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) is parenthesised and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startedAt = processStartTime(holder.pid);
  return holder.startedAt === null || startedAt === null || startedAt === holder.startedAt;
}

/** The lock file's text and holder (null when unreadable: half-written by a process that died writing it). */
function readLock(file: string): { text: string; holder: LockHolder | null } {
  const text = readFileSync(file, 'utf8');
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return { text, holder: null };
    const startedAt = typeof parsed.startedAt === 'string' ? parsed.startedAt : null;
    return { text, holder: { pid: parsed.pid, host: parsed.host, startedAt } };
  } catch {
    return { text, holder: null };
  }
}

/**
 * PGlite has no inter-process lock: two processes on one folder both write to it and lose each
 * other's commits without an error. So a lock file, created exclusively (O_EXCL), names the holder;
 * a holder that is gone (its PID is dead, or reused by a process started later) is taken over, so
 * a `kill -9` never leaves the folder locked. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const folder = path.resolve(dataDir);
  const file = path.join(folder, DATA_DIR_LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: hostname(), startedAt: processStartTime(process.pid) };
  if (heldDataDirs.has(folder)) throw new DataDirLockedError(dataDir, me);
  const content = JSON.stringify(me);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, content);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
    }
    let lock: ReturnType<typeof readLock>;
    try {
      lock = readLock(file);
    } catch {
      continue; // released between our create and our read
    }
    const { holder } = lock;
    // Our own PID in the file, yet not held here: left by an earlier process with the same PID (a container's PID 1).
    const mine = holder !== null && holder.pid === process.pid && holder.host === me.host;
    if (holder !== null && !mine && (holder.host !== me.host || isRunning(holder))) {
      throw new DataDirLockedError(dataDir, holder);
    }
    // Stale: remove it unless another starter has replaced it meanwhile, then create again.
    try {
      if (readFileSync(file, 'utf8') === lock.text) unlinkSync(file);
    } catch {
      // already gone
    }
  }
  heldDataDirs.add(folder);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldDataDirs.delete(folder);
    process.off('exit', release);
    try {
      if (readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      // already removed
    }
  };
  // A process that exits without closing (an uncaught error) frees the folder too; kill -9 leaves a stale file.
  process.on('exit', release);
  return release;
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = lockDataDir(options.dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(
      pgliteOptions({
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
        ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
      }),
    );
  } catch (error) {
    release();
    throw error;
  }
  const database = wrapPglite(client);
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(databaseUrl: string, poolMax: number, connectTimeoutMs: number): Promise<Database> {
  installPgInt8Parser();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax, connectionTimeoutMillis: connectTimeoutMs });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', (err) => {
    console.error('postgres pool error:', err.message);
  });
  const nodeDb = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  const db: Db = nodeDb;
  let closed = false;
  const holding = new AsyncLocalStorage<true>();
  async function exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (holding.getStore()) return work();
    // Not a pool connection: the lock must outlive nothing but `work`, and `work` needs the whole pool (poolMax may be 1).
    const connection = new pg.Client({ connectionString: databaseUrl });
    connection.on('error', () => {});
    await connection.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      return await holding.run(true, work);
    } finally {
      // Ending the session releases the lock even when the unlock cannot be sent.
      await connection.end().catch(() => {});
    }
  }
  return {
    db,
    kind: 'postgres',
    async migrate() {
      await exclusive(() => migratePg(nodeDb, { migrationsFolder: MIGRATIONS_FOLDER }));
    },
    exclusive,
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
