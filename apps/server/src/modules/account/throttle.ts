/**
 * Throttling for sign-in and password-reset requests (docs/decisions/009-sign-in-throttle.md).
 *
 * Counters live in `login_throttle`, one row per key, so they hold across replicas. An attempt is
 * counted BEFORE any password is verified: parallel attempts cannot all slip under a limit. The
 * rows of one attempt are locked (in key order, so two attempts never wait on each other in a
 * cycle), checked together and only then incremented together: an attempt refused by one key
 * counts against none, so hammering one (account, address) pair does not raise the account's
 * counter and lock its owner out.
 *
 * The argon2 verifications themselves are capped in the process (VerificationQueue): CPU is a
 * per-replica resource, so each replica queues its own.
 */
import { isIPv6 } from 'node:net';
import { availableParallelism } from 'node:os';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { messages } from '@frameport/domain/messages';
import type { DbOrTx } from '../../db/client.ts';
import { loginKnownAddresses, loginThrottle } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { verifyPassword } from '../../adapters/password-hash.ts';

/** Per (account, address) pair: the guesses one address may make at one account. */
export const PAIR_LIMIT = 5;
export const PAIR_WINDOW_MS = 15 * 60 * 1000;
/** Per address, whatever the account: bounds how many accounts one address can try. */
export const ADDRESS_LIMIT = 30;
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000;
/**
 * Per account, from every address together: a ceiling far above what its owner ever reaches, so
 * attackers elsewhere cannot lock the owner out with a handful of tries. Past it each further
 * attempt waits twice as long as the one before (2 s, 4 s, … up to 15 minutes); the counter resets
 * after an hour without attempts. Addresses the account signed in from before pass the ceiling.
 */
export const ACCOUNT_LIMIT = 100;
export const ACCOUNT_IDLE_RESET_MS = 60 * 60 * 1000;
export const ACCOUNT_FIRST_DELAY_MS = 2_000;
export const ACCOUNT_MAX_DELAY_MS = 15 * 60 * 1000;
/** How long a successful sign-in makes its address "known" to the account. */
export const KNOWN_ADDRESS_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** Forgot-password requests: per email and per address, each in an hour. */
export const FORGOT_WINDOW_MS = 60 * 60 * 1000;
export const MAX_FORGOT_PER_EMAIL = 3;
export const MAX_FORGOT_PER_IP = 20;

export type ThrottleRule = {
  key: string;
  limit: number;
  /**
   * fixed: `limit` attempts per window, the window starting at its first attempt.
   * progressive: `limit` attempts, then one more per doubling delay; resets after `windowMs` idle.
   */
  kind: 'fixed' | 'progressive';
  windowMs: number;
  /** Counted, never refusing (a known address and the account ceiling). */
  countOnly?: boolean;
};

/** One counted attempt on one key: the window it was counted in, so it can be given back. */
export type CountedAttempt = { key: string; windowStartedAt: Date };

export type Admission =
  | { allowed: true; counted: CountedAttempt[] }
  | { allowed: false; refusedBy: ThrottleRule; retryAfterSeconds: number };

/**
 * The address a limit applies to: an IPv4 address as it is (also when written as IPv6, ::ffff:a.b.c.d),
 * an IPv6 address by its /64 network. One subscriber gets a whole /64 and can send from any of its
 * 2^64 addresses, so counting single IPv6 addresses would let one machine pass every address limit.
 */
export function throttledAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  // Groups of the address; an embedded IPv4 tail (…:1.2.3.4) is the last two groups.
  const groups = (part: string) => (part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])));
  const [left = '', right] = address.split('::');
  const head = groups(left);
  const full = right === undefined ? head : [...head, ...Array<string>(8 - head.length - groups(right).length).fill('0'), ...groups(right)];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** Keys name the address as throttledAddress() gives it; `email` lower-cased. */
export const signInKeys = {
  pair: (email: string, ip: string) => `pair:${email}|${throttledAddress(ip)}`,
  account: (email: string) => `user:${email}`,
  address: (ip: string) => `ip:${throttledAddress(ip)}`,
};

export const forgotKeys = {
  email: (email: string) => `forgot:${email}`,
  address: (ip: string) => `forgot-ip:${throttledAddress(ip)}`,
};

/** The rules of one sign-in attempt; `email` lower-cased. */
export function signInRules(email: string, ip: string, knownAddress: boolean): ThrottleRule[] {
  return [
    { key: signInKeys.pair(email, ip), limit: PAIR_LIMIT, kind: 'fixed', windowMs: PAIR_WINDOW_MS },
    { key: signInKeys.address(ip), limit: ADDRESS_LIMIT, kind: 'fixed', windowMs: ADDRESS_WINDOW_MS },
    {
      key: signInKeys.account(email),
      limit: ACCOUNT_LIMIT,
      kind: 'progressive',
      windowMs: ACCOUNT_IDLE_RESET_MS,
      countOnly: knownAddress,
    },
  ];
}

export function forgotRules(email: string, ip: string): ThrottleRule[] {
  return [
    { key: forgotKeys.email(email), limit: MAX_FORGOT_PER_EMAIL, kind: 'fixed', windowMs: FORGOT_WINDOW_MS },
    { key: forgotKeys.address(ip), limit: MAX_FORGOT_PER_IP, kind: 'fixed', windowMs: FORGOT_WINDOW_MS },
  ];
}

/** The wait past the account ceiling before attempt number `limit + 1 + over`. */
export function progressiveDelayMs(over: number): number {
  return Math.min(ACCOUNT_FIRST_DELAY_MS * 2 ** Math.min(over, 30), ACCOUNT_MAX_DELAY_MS);
}

type Row = { key: string; windowStartedAt: Date; attempts: number; updatedAt: Date };
type Verdict = { expired: boolean; waitMs: number };

function judge(rule: ThrottleRule, row: Row, now: Date): Verdict {
  const t = now.getTime();
  if (rule.kind === 'fixed') {
    const endsAt = row.windowStartedAt.getTime() + rule.windowMs;
    if (t >= endsAt) return { expired: true, waitMs: 0 };
    return { expired: false, waitMs: row.attempts < rule.limit ? 0 : endsAt - t };
  }
  if (t >= row.updatedAt.getTime() + rule.windowMs) return { expired: true, waitMs: 0 };
  if (row.attempts < rule.limit) return { expired: false, waitMs: 0 };
  const nextAt = row.updatedAt.getTime() + progressiveDelayMs(row.attempts - rule.limit);
  return { expired: false, waitMs: Math.max(0, nextAt - t) };
}

/**
 * Counts one attempt against every rule, or refuses it (counting nothing) when any rule is spent.
 * Runs in one transaction with the rows locked, so concurrent attempts on any replica are counted
 * one after the other.
 */
export async function admit(db: DbOrTx, now: Date, rules: ThrottleRule[]): Promise<Admission> {
  const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = sorted.map((rule) => rule.key);
  return db.transaction(async (tx) => {
    await tx
      .insert(loginThrottle)
      .values(keys.map((key) => ({ key, windowStartedAt: now, attempts: 0, updatedAt: now })))
      .onConflictDoNothing();
    const rows = await tx
      .select({
        key: loginThrottle.key,
        windowStartedAt: loginThrottle.windowStartedAt,
        attempts: loginThrottle.attempts,
        updatedAt: loginThrottle.updatedAt,
      })
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, keys))
      .orderBy(asc(loginThrottle.key))
      .for('update');
    const byKey = new Map(rows.map((row) => [row.key, row]));

    const verdicts = sorted.map((rule) => {
      const row = byKey.get(rule.key) ?? { key: rule.key, windowStartedAt: now, attempts: 0, updatedAt: now };
      return { rule, row, verdict: judge(rule, row, now) };
    });
    const refusal = verdicts
      .filter(({ rule, verdict }) => !rule.countOnly && verdict.waitMs > 0)
      .sort((a, b) => b.verdict.waitMs - a.verdict.waitMs)[0];
    if (refusal) {
      return {
        allowed: false as const,
        refusedBy: refusal.rule,
        retryAfterSeconds: Math.max(1, Math.ceil(refusal.verdict.waitMs / 1000)),
      };
    }

    const counted: CountedAttempt[] = [];
    for (const { rule, row, verdict } of verdicts) {
      const windowStartedAt = verdict.expired ? now : row.windowStartedAt;
      const values = { attempts: verdict.expired ? 1 : row.attempts + 1, windowStartedAt, updatedAt: now };
      // An upsert: a row cleared (sign-in, unlock) between the insert and the lock is written again.
      await tx
        .insert(loginThrottle)
        .values({ key: rule.key, ...values })
        .onConflictDoUpdate({ target: loginThrottle.key, set: values });
      counted.push({ key: rule.key, windowStartedAt });
    }
    return { allowed: true as const, counted };
  });
}

/** Gives back counted attempts (a successful sign-in, or one never verified), in the window they were counted in. */
export async function giveBack(db: DbOrTx, attempts: CountedAttempt[]): Promise<void> {
  for (const { key, windowStartedAt } of attempts) {
    await db
      .update(loginThrottle)
      .set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` })
      .where(and(eq(loginThrottle.key, key), eq(loginThrottle.windowStartedAt, windowStartedAt)));
  }
}

/**
 * After a successful attempt: the `forget` key is cleared, the others get their attempt back. In key
 * order, the order admit() locks in, so this never waits on an admit() that waits on it.
 */
export async function settleSuccess(db: DbOrTx, attempts: CountedAttempt[], forget: string): Promise<void> {
  for (const attempt of [...attempts].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    if (attempt.key === forget) await clearKeys(db, [forget]);
    else await giveBack(db, [attempt]);
  }
}

/** Forgets the counters of these keys. */
export async function clearKeys(db: DbOrTx, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const removed = await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys)).returning({ key: loginThrottle.key });
  return removed.length;
}

/**
 * Forgets every sign-in and reset counter of an account (lower-cased email): its own, its pairs
 * with every address, its reset requests. The rows are locked in key order first, as admit() locks
 * them, so a sign-in attempt running at the same moment cannot deadlock with this.
 */
export async function clearAccount(db: DbOrTx, email: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ key: loginThrottle.key })
      .from(loginThrottle)
      .where(
        or(
          inArray(loginThrottle.key, [signInKeys.account(email), forgotKeys.email(email)]),
          // starts_with, not LIKE: '_' and '%' are valid in an email and would match other accounts.
          sql`starts_with(${loginThrottle.key}, ${signInKeys.pair(email, '')})`,
        ),
      )
      .orderBy(asc(loginThrottle.key))
      .for('update');
    return clearKeys(
      tx,
      rows.map((row) => row.key),
    );
  });
}

export async function isKnownAddress(db: DbOrTx, userId: number, ip: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ ip: loginKnownAddresses.ip })
    .from(loginKnownAddresses)
    .where(
      and(
        eq(loginKnownAddresses.userId, userId),
        eq(loginKnownAddresses.ip, throttledAddress(ip)),
        gt(loginKnownAddresses.lastSucceededAt, new Date(now.getTime() - KNOWN_ADDRESS_TTL_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function rememberAddress(db: DbOrTx, userId: number, ip: string, now: Date): Promise<void> {
  await db
    .insert(loginKnownAddresses)
    .values({ userId, ip: throttledAddress(ip), lastSucceededAt: now })
    .onConflictDoUpdate({
      target: [loginKnownAddresses.userId, loginKnownAddresses.ip],
      set: { lastSucceededAt: now },
    });
}

/** Thrown by VerificationQueue.run when the queue is full: answer at once instead of piling up. */
export class QueueFullError extends Error {
  constructor() {
    super('password verification queue is full');
    this.name = 'QueueFullError';
  }
}

type Waiter = { key: string; start: () => void };

/**
 * At most `concurrency` tasks at once, at most `perKey` of them for one key (one account), the
 * rest waiting in arrival order; when `maxWaiting` already wait, a new task is refused at once.
 */
export class VerificationQueue {
  private running = 0;
  private readonly runningByKey = new Map<string, number>();
  private readonly waiting: Waiter[] = [];

  constructor(readonly options: { concurrency: number; perKey: number; maxWaiting: number }) {}

  stats(key?: string) {
    return {
      running: this.running,
      waiting: this.waiting.length,
      runningForKey: key === undefined ? 0 : (this.runningByKey.get(key) ?? 0),
      waitingForKey: key === undefined ? 0 : this.waiting.filter((waiter) => waiter.key === key).length,
    };
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if (this.canStart(key)) {
      this.take(key);
    } else {
      if (this.waiting.length >= this.options.maxWaiting) throw new QueueFullError();
      // The slot is taken for this task by the one that frees it (startNext), so nothing overtakes it.
      await new Promise<void>((resolve) => this.waiting.push({ key, start: resolve }));
    }
    try {
      return await task();
    } finally {
      this.running -= 1;
      const left = (this.runningByKey.get(key) ?? 1) - 1;
      if (left === 0) this.runningByKey.delete(key);
      else this.runningByKey.set(key, left);
      this.startNext();
    }
  }

  private canStart(key: string): boolean {
    return this.running < this.options.concurrency && (this.runningByKey.get(key) ?? 0) < this.options.perKey;
  }

  private take(key: string): void {
    this.running += 1;
    this.runningByKey.set(key, (this.runningByKey.get(key) ?? 0) + 1);
  }

  private startNext(): void {
    for (;;) {
      const index = this.waiting.findIndex((waiter) => this.canStart(waiter.key));
      if (index === -1) return;
      const [next] = this.waiting.splice(index, 1);
      this.take(next!.key);
      next!.start();
    }
  }
}

const CORES = Math.max(1, availableParallelism());
/** argon2 verifications at once in this process: one per core, leaving libuv's other threads to I/O and compression. */
export const VERIFY_CONCURRENCY = CORES;
/** Of them, for one account: enough for its owner, too few for a burst at it to take the process. */
export const VERIFY_PER_ACCOUNT = 2;
/**
 * Verifications waiting for a core: 16 per core is about half a second of work (30 ms each), enough
 * for a morning's rush of sign-ins; past it, sign-in answers 503 at once rather than pile up.
 */
export const VERIFY_MAX_WAITING = 16 * CORES;

/** One queue per process: every app built in it shares the same CPUs. */
export const passwordVerifications = new VerificationQueue({
  concurrency: VERIFY_CONCURRENCY,
  perKey: VERIFY_PER_ACCOUNT,
  maxWaiting: VERIFY_MAX_WAITING,
});

/**
 * A password check of a signed-in user (changing the password), in the same queue as sign-in:
 * `email` is the account's key there. A full queue is 503 with Retry-After, in the envelope.
 */
export async function verifyInQueue(email: string, passwordHash: string, password: string): Promise<boolean> {
  try {
    return await passwordVerifications.run(email.toLowerCase(), () => verifyPassword(passwordHash, password));
  } catch (error) {
    if (error instanceof QueueFullError) throw new AppError('unavailable', messages.login.busy, { retryAfterSeconds: 1 });
    throw error;
  }
}

/**
 * Whether the account (lower-cased email) is locked out now: past the account-wide ceiling of
 * failed sign-ins, within its window (the admin's unlock clears it). For the desk's user list.
 */
export async function isAccountLocked(db: DbOrTx, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ attempts: loginThrottle.attempts, updatedAt: loginThrottle.updatedAt })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, signInKeys.account(email)));
  if (!row || row.attempts < ACCOUNT_LIMIT) return false;
  return now.getTime() < row.updatedAt.getTime() + ACCOUNT_IDLE_RESET_MS;
}
