/**
 * Rows past their window are removed on a schedule (docs/decisions/011-secrets-in-logs-and-tables.md).
 * Every replica runs the timer; each batch is one short transaction that first takes
 * `pg_try_advisory_xact_lock`, so while one replica purges the others skip their turn, and every
 * statement is idempotent (a crash or a second purger leaves nothing half done). Batches keep each
 * transaction short: on PGlite a transaction holds the only connection.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { IDEMPOTENCY_KEY_TTL_MS } from '../../http/idempotency.ts';
import { createRepeater } from '../../repeat.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per statement: a batch takes milliseconds, so sign-ins and orders never wait behind it. */
export const PURGE_BATCH_SIZE = 500;
/** "housekee" folded into an int8: distinct from the start-up lock in db/client.ts. */
const PURGE_LOCK_KEY = '7525362640842614117';
/** The first purge waits until start-up (warming, the first requests) is over. */
export const HOUSEKEEPING_FIRST_RUN_AFTER_MS = 60_000;
/** What a mail row says once its body is gone. */
export const MAIL_BODY_REMOVED = '[body removed after 30 days]';

export type RetentionRule = {
  table: string;
  /** The README's words: what is removed and when. */
  removes: string;
  keptDays: number;
  /** One batch: removes (or blanks) at most `limit` rows older than `cutoff`, returning one row each. */
  batch: (cutoff: Date, limit: number) => SQL;
};

/** Deletes at most `limit` rows of `table` matching `where`; locked rows are someone else's, left for the next run. */
function deleteBatch(table: string, where: SQL, limit: number): SQL {
  const name = sql.identifier(table);
  return sql`delete from ${name} where ctid in (select ctid from ${name} where ${where} limit ${limit} for update skip locked) returning 1 as removed`;
}

/** Every table that grows without bound, with how long its rows are worth keeping. The README's table mirrors this. */
export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    table: 'login_attempts',
    removes: 'sign-in and reset attempts (the counters before `login_throttle`)',
    keptDays: 30,
    batch: (cutoff, limit) => deleteBatch('login_attempts', sql`attempted_at < ${cutoff}`, limit),
  },
  {
    table: 'login_throttle',
    // The longest throttle window is an hour (throttle.ts): a day after its last attempt a counter counts nothing.
    removes: 'throttle counters, a day after their last attempt',
    keptDays: 1,
    batch: (cutoff, limit) => deleteBatch('login_throttle', sql`updated_at < ${cutoff}`, limit),
  },
  {
    table: 'login_known_addresses',
    // As long as throttle.ts lets a known address pass (KNOWN_ADDRESS_TTL_MS).
    removes: 'addresses an account signed in from, after the last successful sign-in from there',
    keptDays: 90,
    batch: (cutoff, limit) => deleteBatch('login_known_addresses', sql`last_succeeded_at < ${cutoff}`, limit),
  },
  {
    table: 'sessions',
    removes: 'sessions, after they expired or were signed out',
    keptDays: 30,
    batch: (cutoff, limit) => deleteBatch('sessions', sql`(expires_at < ${cutoff} or revoked_at < ${cutoff})`, limit),
  },
  {
    table: 'password_reset_tokens',
    removes: 'reset tokens (hashes), after they expired (used ones expire within the hour too)',
    keptDays: 7,
    batch: (cutoff, limit) => deleteBatch('password_reset_tokens', sql`expires_at < ${cutoff}`, limit),
  },
  {
    table: 'email_change_requests',
    removes: 'email-change requests, after their link expired (used or cancelled ones too)',
    keptDays: 7,
    batch: (cutoff, limit) => deleteBatch('email_change_requests', sql`expires_at < ${cutoff}`, limit),
  },
  {
    table: 'mail_outbox',
    removes: 'mail bodies and attachments; who, subject, status and dates stay',
    keptDays: 30,
    batch: (cutoff, limit) =>
      sql`update mail_outbox set text_body = ${MAIL_BODY_REMOVED}, html_body = null, attachments = null
          where id in (select id from mail_outbox
                       where created_at < ${cutoff}
                         and (text_body <> ${MAIL_BODY_REMOVED} or html_body is not null or attachments is not null)
                       limit ${limit} for update skip locked)
          returning 1 as removed`,
  },
  {
    table: 'heartbeats',
    // A server that closes removes its own row; one killed leaves it. A live server's next beat re-creates it (an upsert).
    removes: 'health-check beats of servers that stopped without closing (`kill -9`)',
    keptDays: 1,
    batch: (cutoff, limit) => deleteBatch('heartbeats', sql`beat_at < ${cutoff}`, limit),
  },
  {
    table: 'payment_events',
    // Providers retry a webhook for a day at most; a later replay is harmless (a payment applies once, by applied_at).
    removes: 'webhook event ids kept to spot duplicates',
    keptDays: 90,
    batch: (cutoff, limit) => deleteBatch('payment_events', sql`received_at < ${cutoff}`, limit),
  },
  {
    table: 'idempotency_keys',
    // A retry comes within minutes; after the TTL a key is forgotten and the same key is a new call.
    removes: "the back office's Idempotency-Keys and the answers stored with them",
    keptDays: IDEMPOTENCY_KEY_TTL_MS / DAY_MS,
    batch: (cutoff, limit) => deleteBatch('idempotency_keys', sql`created_at < ${cutoff}`, limit),
  },
];

type Logger = Pick<FastifyBaseLogger, 'info' | 'debug' | 'error'>;

export type HousekeepingDeps = { db: Db; clock: Clock; logger: Logger; rules?: readonly RetentionRule[]; batchSize?: number };

/** Rows removed (or blanked) per table; null when another replica was purging and this run stood aside. */
export type PurgeResult = Record<string, number> | null;

export function createHousekeeping({ db, clock, logger, rules = RETENTION_RULES, batchSize = PURGE_BATCH_SIZE }: HousekeepingDeps) {

  /** One batch under the lock: the number of rows it removed, or null when another replica holds the lock. */
  async function batch(rule: RetentionRule, cutoff: Date): Promise<number | null> {
    return db.transaction(async (tx) => {
      const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_KEY}::bigint) as locked`);
      if (!lock?.locked) return null;
      return (await queryRows(tx, rule.batch(cutoff, batchSize))).length;
    });
  }

  /** Removes every row past its window, batch by batch; stops early when another replica is purging or the server is closing. */
  async function purge(): Promise<PurgeResult> {
    const now = clock.now().getTime();
    const removed: Record<string, number> = {};
    for (const rule of rules) {
      const cutoff = new Date(now - rule.keptDays * DAY_MS);
      let count: number | null = batchSize;
      removed[rule.table] = 0;
      while (count === batchSize && !repeater.stopped) {
        count = await batch(rule, cutoff);
        if (count === null) return null;
        removed[rule.table] = (removed[rule.table] ?? 0) + count;
      }
    }
    return removed;
  }

  async function run(): Promise<void> {
    const started = performance.now();
    try {
      const removed = await purge();
      if (removed === null) {
        logger.debug('housekeeping: another replica is purging; this one skips its turn');
        return;
      }
      const total = Object.values(removed).reduce((sum, n) => sum + n, 0);
      logger.info({ removed, total, ms: Math.round(performance.now() - started) }, `housekeeping: ${total} rows past their retention removed`);
    } catch (error) {
      logger.error({ err: error }, 'housekeeping: purge failed; the next run tries again');
    }
  }

  const repeater = createRepeater('housekeeping', run);

  return {
    purge,
    /** Purges every `intervalMs`, the first time after `firstRunAfterMs`; the next run is timed from the end of the last. */
    start({ intervalMs, firstRunAfterMs }: { intervalMs: number; firstRunAfterMs: number }): void {
      logger.info({ intervalMinutes: intervalMs / 60_000, firstRunInSeconds: firstRunAfterMs / 1000 }, 'housekeeping scheduled');
      repeater.start(firstRunAfterMs, intervalMs);
    },
    /** No further run starts; resolves when a run in progress has finished its current batch. */
    stop: (): Promise<void> => repeater.stop(),
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
