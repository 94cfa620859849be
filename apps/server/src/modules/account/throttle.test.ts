/**
 * The sign-in and forgot-password throttle under parallel requests, through the real server on a
 * real database (PGlite, or PostgreSQL with TEST_DATABASE_URL, where transactions really overlap).
 *
 * argon2's `verify` is wrapped, not replaced: every call is counted (and can be held back by a
 * gate) and then runs the real verification, so "verified" below means a real argon2 check ran.
 */
import type * as Argon2 from '@node-rs/argon2';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@frameport/domain/messages';
import { auditLog, loginThrottle, passwordResetTokens } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createRetailer, createStaffUser, loginAs, type TestUser } from '../../test/factories.ts';
import {
  ACCOUNT_IDLE_RESET_MS,
  ACCOUNT_LIMIT,
  ADDRESS_LIMIT,
  MAX_FORGOT_PER_EMAIL,
  MAX_FORGOT_PER_IP,
  PAIR_LIMIT,
  passwordVerifications,
  QueueFullError,
  signInKeys,
  throttledAddress,
  VERIFY_CONCURRENCY,
  VERIFY_MAX_WAITING,
  VERIFY_PER_ACCOUNT,
  VerificationQueue,
} from './throttle.ts';

const argon2 = vi.hoisted(() => ({ calls: 0, inFlight: 0, peak: 0, gate: null as Promise<void> | null }));

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: async (...args: Parameters<typeof real.verify>) => {
      argon2.calls += 1;
      argon2.inFlight += 1;
      argon2.peak = Math.max(argon2.peak, argon2.inFlight);
      try {
        if (argon2.gate) await argon2.gate;
        return await real.verify(...args);
      } finally {
        argon2.inFlight -= 1;
      }
    },
  };
});

/** How long to wait for requests sent at once to reach the queue (a loaded 2-core machine). */
const PATIENCE = { timeout: 30_000, interval: 20 };

/** Holds every argon2 verification back until the returned function is called. */
function closeGate(): () => void {
  let open!: () => void;
  argon2.gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    argon2.gate = null;
    open();
  };
}

let t: TestApp;
let addressCounter = 0;
/** A fresh address for every call that does not name one, so the per-address limit bites only where tested. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.${100 + Math.floor(addressCounter / 60000)}.${Math.floor(addressCounter / 250) % 240}.${(addressCounter % 250) + 1}`;
}

function signIn(email: string, password: string, ip = freshAddress(), fields: Record<string, string> = { grant_type: 'password' }) {
  return t.app.inject({
    method: 'POST',
    url: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...fields, username: email, password }).toString(),
    remoteAddress: ip,
  });
}

function forgot(email: string, ip = freshAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/Account/forgotPassword', payload: { email }, remoteAddress: ip });
}

async function counter(key: string): Promise<number> {
  const [row] = await t.db.select({ attempts: loginThrottle.attempts }).from(loginThrottle).where(eq(loginThrottle.key, key));
  return row?.attempts ?? 0;
}

function statuses(responses: { statusCode: number }[]): Record<number, number> {
  const tally: Record<number, number> = {};
  for (const response of responses) tally[response.statusCode] = (tally[response.statusCode] ?? 0) + 1;
  return tally;
}

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('sign-in attempts sent at once', () => {
  it('25 wrong passwords at once for one account from one address: 5 verified, 20 refused with 429 before any check', async () => {
    const user = await createRetailer(t.db);
    const ip = '10.1.1.1';
    const before = argon2.calls;
    const responses = await Promise.all(Array.from({ length: 25 }, () => signIn(user.email, 'Wrong@1234', ip)));
    expect(argon2.calls - before).toBe(PAIR_LIMIT);
    expect(statuses(responses)).toEqual({ 400: PAIR_LIMIT, 429: 25 - PAIR_LIMIT });
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json()).toEqual({ error: 'too_many_attempts', error_description: messages.login.tooManyAttempts });
    expect(refused.headers['retry-after']).toBe('900');
    // Refused attempts count against nothing: the account's counter holds the 5 verified ones only.
    expect(await counter(signInKeys.account(user.email))).toBe(PAIR_LIMIT);

    // That address is done with this account for now, even with the right password; another address is not.
    expect((await signIn(user.email, user.password, ip)).statusCode).toBe(429);
    expect((await signIn(user.email, user.password, '10.1.1.2')).statusCode).toBe(200);
  });

  it('40 wrong passwords at once from one address at 40 accounts: 30 verified, the rest 429', async () => {
    const ip = '10.2.2.2';
    const before = argon2.calls;
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(`spray${i}.${Date.now()}@example.test`, 'Wrong@1234', ip)),
    );
    expect(argon2.calls - before).toBe(ADDRESS_LIMIT);
    expect(statuses(responses)).toEqual({ 400: ADDRESS_LIMIT, 429: 40 - ADDRESS_LIMIT });
  });

  it('verifies at most 2 passwords of one account at once; the others wait their turn and are answered', async () => {
    const user = await createRetailer(t.db);
    const open = closeGate();
    argon2.peak = 0;
    const pending = Array.from({ length: PAIR_LIMIT }, () => signIn(user.email, 'Wrong@1234'));
    try {
      await vi.waitFor(() => {
        expect(passwordVerifications.stats(user.email)).toMatchObject({
          runningForKey: VERIFY_PER_ACCOUNT,
          waitingForKey: PAIR_LIMIT - VERIFY_PER_ACCOUNT,
        });
      }, PATIENCE);
      expect(argon2.inFlight).toBe(VERIFY_PER_ACCOUNT);
    } finally {
      open();
    }
    expect(statuses(await Promise.all(pending))).toEqual({ 400: PAIR_LIMIT });
    expect(argon2.peak).toBe(VERIFY_PER_ACCOUNT);
  });

  it('answers 503 at once when too many verifications wait, and does not count that attempt', async () => {
    const open = closeGate();
    const queued = VERIFY_CONCURRENCY + VERIFY_MAX_WAITING;
    const pending = Array.from({ length: queued }, (_, i) => signIn(`queued${i}.${Date.now()}@example.test`, 'Wrong@1234'));
    let overflow;
    const ip = '10.3.3.3';
    const email = `overflow.${Date.now()}@example.test`;
    try {
      await vi.waitFor(() => {
        expect(passwordVerifications.stats()).toMatchObject({ running: VERIFY_CONCURRENCY, waiting: VERIFY_MAX_WAITING });
      }, PATIENCE);
      overflow = await signIn(email, 'Wrong@1234', ip);
    } finally {
      open();
    }
    expect(overflow.statusCode).toBe(503);
    expect(overflow.json()).toEqual({ error: 'temporarily_unavailable', error_description: messages.login.busy });
    expect(overflow.headers['retry-after']).toBe('1');
    expect(await counter(signInKeys.pair(email, ip))).toBe(0);
    expect(await counter(signInKeys.account(email))).toBe(0);
    expect(statuses(await Promise.all(pending))).toEqual({ 400: queued });
  });
});

describe('ChangePassword checks the current password in the same queue', () => {
  it('at most 2 at once for one account, and 503 with the envelope when too many wait', async () => {
    const user = await createRetailer(t.db);
    const { headers } = await loginAs(t.app, user);
    const change = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Account/ChangePassword',
        headers,
        payload: { CurrentPassword: 'Wrong@1234', NewPassword: 'Fresh#Pass42' },
      });
    const open = closeGate();
    const pending = Array.from({ length: 3 }, () => change());
    const fillers: Promise<unknown>[] = [];
    let overflow;
    try {
      await vi.waitFor(() => {
        expect(passwordVerifications.stats(user.email)).toMatchObject({ runningForKey: VERIFY_PER_ACCOUNT, waitingForKey: 1 });
      }, PATIENCE);
      expect(argon2.inFlight).toBe(VERIFY_PER_ACCOUNT);
      // Fill the rest of the queue with sign-ins at other accounts, then one more change is refused at once.
      const free = VERIFY_MAX_WAITING - passwordVerifications.stats().waiting;
      for (let i = 0; i < free; i += 1) fillers.push(signIn(`filler${i}.${Date.now()}@example.test`, 'Wrong@1234'));
      await vi.waitFor(() => expect(passwordVerifications.stats().waiting).toBe(VERIFY_MAX_WAITING), PATIENCE);
      overflow = await change();
    } finally {
      open();
    }
    expect(overflow.statusCode).toBe(503);
    expect(overflow.headers['retry-after']).toBe('1');
    expect(overflow.json()).toEqual({ Status: 1, Error: { Message: messages.login.busy, StackTrace: null }, Data: null });
    const answers = await Promise.all(pending);
    expect(answers.map((answer) => answer.json().Error?.Message)).toEqual(Array(3).fill(messages.password.wrongCurrent));
    await Promise.all(fillers);
  });
});

describe('an account under attack from many addresses', () => {
  /** ACCOUNT_LIMIT wrong passwords from addresses that each stay under their own limits. */
  async function attack(user: TestUser) {
    const perAddress = PAIR_LIMIT - 1;
    for (let sent = 0; sent < ACCOUNT_LIMIT; sent += perAddress) {
      const ip = freshAddress();
      const batch = Math.min(perAddress, ACCOUNT_LIMIT - sent);
      const responses = await Promise.all(Array.from({ length: batch }, () => signIn(user.email, 'Wrong@1234', ip)));
      expect(statuses(responses)).toEqual({ 400: batch });
    }
  }

  it('keeps its owner signing in from an address used before, and slows everyone else down more and more', async () => {
    const user = await createRetailer(t.db);
    const home = '10.4.4.4';
    expect((await signIn(user.email, user.password, home)).statusCode).toBe(200);
    await attack(user);

    // The ceiling is reached: a new address is refused without a check, and each try after waits twice as long.
    const retryAfters: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const refused = await signIn(user.email, 'Wrong@1234');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: 'too_many_attempts', error_description: messages.login.accountThrottled });
      retryAfters.push(refused.headers['retry-after'] as string);
      t.clock.advance(Number(refused.headers['retry-after']) * 1000);
      const before = argon2.calls;
      expect((await signIn(user.email, 'Wrong@1234')).statusCode).toBe(400);
      expect(argon2.calls - before).toBe(1);
    }
    expect(retryAfters).toEqual(['2', '4', '8']);
    // The owner's right password from a new address is refused like any other try…
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
    // …but from the address it signed in from before, the owner gets in at once.
    expect((await signIn(user.email, user.password, home)).statusCode).toBe(200);

    // An hour without attempts and the account counter starts again.
    t.clock.advance(ACCOUNT_IDLE_RESET_MS);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('a known address still has its own limit of 5 tries', async () => {
    const user = await createRetailer(t.db);
    const home = '10.5.5.5';
    expect((await signIn(user.email, user.password, home)).statusCode).toBe(200);
    for (let i = 0; i < PAIR_LIMIT; i += 1) expect((await signIn(user.email, 'Wrong@1234', home)).statusCode).toBe(400);
    expect((await signIn(user.email, user.password, home)).statusCode).toBe(429);
  });

  it('a successful sign-in clears its own address’s tries and gives back its attempt', async () => {
    const user = await createRetailer(t.db);
    const ip = '10.6.6.6';
    for (let i = 0; i < PAIR_LIMIT - 1; i += 1) await signIn(user.email, 'Wrong@1234', ip);
    expect((await signIn(user.email, user.password, ip)).statusCode).toBe(200);
    expect(await counter(signInKeys.pair(user.email, ip))).toBe(0);
    expect(await counter(signInKeys.account(user.email))).toBe(PAIR_LIMIT - 1);
    expect(await counter(signInKeys.address(ip))).toBe(PAIR_LIMIT - 1);
  });
});

describe('IPv6 addresses', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
  ])('%s is throttled as %s', (ip, expected) => {
    expect(throttledAddress(ip)).toBe(expected);
  });

  it('counts every address of one /64 network as one address', async () => {
    const user = await createRetailer(t.db);
    for (let i = 1; i <= PAIR_LIMIT; i += 1) {
      expect((await signIn(user.email, 'Wrong@1234', `2001:db8:7:7::${i.toString(16)}`)).statusCode).toBe(400);
    }
    expect((await signIn(user.email, user.password, '2001:db8:7:7:ffff::1')).statusCode).toBe(429);
    expect((await signIn(user.email, user.password, '2001:db8:7:8::1')).statusCode).toBe(200);
  });
});

describe('POST /api/admin/accounts/:userId/unlock', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createStaffUser(t.db, 'admin');
  });

  function unlock(userId: number | string, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'POST', url: `/api/admin/accounts/${userId}/unlock`, headers });
  }

  it('forgets every counter of the account, and only of that account, and audits who did it', async () => {
    const suffix = Date.now();
    // '_' is a wildcard in LIKE: the neighbour's counters must survive the unlock.
    const user = await createRetailer(t.db, { email: `lock_me.${suffix}@example.test` });
    const neighbour = await createRetailer(t.db, { email: `lockXme.${suffix}@example.test` });
    const ip = '10.7.7.7';
    for (const who of [user, neighbour]) {
      for (let i = 0; i < PAIR_LIMIT; i += 1) await signIn(who.email, 'Wrong@1234', ip);
      expect((await forgot(who.email)).statusCode).toBe(200);
    }
    expect((await signIn(user.email, user.password, ip)).statusCode).toBe(429);

    const { headers } = await loginAs(t.app, admin);
    const response = await unlock(user.userId, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Status: 0,
      Error: null,
      // The account's own counter, its pair with the address, its reset request.
      Data: { message: messages.login.unlocked(user.email), UserId: user.userId, Email: user.email, countersCleared: 3 },
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.unlockSignIn'), eq(auditLog.entityId, String(user.userId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: admin.userId, entity: 'user', details: { email: user.email, countersCleared: 3 } });
    expect(audit[0]!.createdAt).toEqual(t.clock.now());

    expect((await signIn(user.email, user.password, ip)).statusCode).toBe(200);
    expect((await signIn(neighbour.email, neighbour.password, ip)).statusCode).toBe(429);
    expect(await counter(signInKeys.account(neighbour.email.toLowerCase()))).toBe(PAIR_LIMIT);
  });

  it('is for admins only', async () => {
    const retailer = await createRetailer(t.db);
    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [retailer.retailerId] });
    for (const caller of [retailer, sales]) {
      const response = await unlock(retailer.userId, (await loginAs(t.app, caller)).headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ Status: 1, Error: { Message: messages.http.forbidden, StackTrace: null }, Data: null });
    }
    expect((await unlock(retailer.userId)).statusCode).toBe(401);
    const [row] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.unlockSignIn'), eq(auditLog.entityId, String(retailer.userId))));
    expect(row?.n).toBe(0);
  });

  it('an unknown user is 404 and a malformed id 400, with the envelope', async () => {
    const { headers } = await loginAs(t.app, admin);
    const unknown = await unlock(2_000_000_000, headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Error.Message).toBe(messages.login.accountNotFound);
    const malformed = await unlock('abc', headers);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ Status: 1, Data: null });
  });
});

describe('forgot-password requests sent at once', () => {
  it('10 at once for one email: 3 answered and mailed, 7 refused, the same for a known and an unknown email', async () => {
    const user = await createRetailer(t.db);
    const unknown = `nobody.${Date.now()}@example.test`;
    const tallies = [];
    for (const email of [user.email, unknown]) {
      const responses = await Promise.all(Array.from({ length: 10 }, () => forgot(email)));
      tallies.push(statuses(responses));
      expect(responses.find((response) => response.statusCode === 429)!.json()).toEqual({
        Status: 1,
        Error: { Message: messages.http.rateLimited, StackTrace: null },
        Data: null,
      });
    }
    expect(tallies).toEqual([
      { 200: MAX_FORGOT_PER_EMAIL, 429: 10 - MAX_FORGOT_PER_EMAIL },
      { 200: MAX_FORGOT_PER_EMAIL, 429: 10 - MAX_FORGOT_PER_EMAIL },
    ]);
    const [tokens] = await t.db.select({ n: count() }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.userId));
    expect(tokens?.n).toBe(MAX_FORGOT_PER_EMAIL);
  });

  it('25 at once from one address: 20 answered, 5 refused', async () => {
    const ip = '10.8.8.8';
    const responses = await Promise.all(Array.from({ length: 25 }, (_, i) => forgot(`many${i}.${Date.now()}@example.test`, ip)));
    expect(statuses(responses)).toEqual({ 200: MAX_FORGOT_PER_IP, 429: 25 - MAX_FORGOT_PER_IP });
  });
});

describe('VerificationQueue', () => {
  function deferred() {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  }

  it('runs at most `concurrency` tasks, at most `perKey` of one key, in arrival order, and refuses past `maxWaiting`', async () => {
    const queue = new VerificationQueue({ concurrency: 2, perKey: 1, maxWaiting: 2 });
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const task = (name: string, key: string) => {
      const gate = deferred();
      gates.set(name, gate);
      return queue.run(key, async () => {
        started.push(name);
        await gate.promise;
        return name;
      });
    };
    const a1 = task('a1', 'a');
    const a2 = task('a2', 'a'); // waits: key a is busy
    const b1 = task('b1', 'b'); // runs: a slot is free and key b is not busy
    const c1 = task('c1', 'c'); // waits: both slots taken
    await expect(task('d1', 'd')).rejects.toBeInstanceOf(QueueFullError);
    await Promise.resolve();
    expect(started).toEqual(['a1', 'b1']);
    expect(queue.stats('a')).toEqual({ running: 2, waiting: 2, runningForKey: 1, waitingForKey: 1 });

    gates.get('b1')!.resolve();
    await b1;
    // b1's slot goes to a2? No: key a is still busy with a1, so to c1, the next that can run.
    await vi.waitFor(() => expect(started).toEqual(['a1', 'b1', 'c1']));
    gates.get('a1')!.resolve();
    await a1;
    await vi.waitFor(() => expect(started).toEqual(['a1', 'b1', 'c1', 'a2']));
    gates.get('a2')!.resolve();
    gates.get('c1')!.resolve();
    expect(await Promise.all([a2, c1])).toEqual(['a2', 'c1']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, runningForKey: 0, waitingForKey: 0 });
  });

  it('frees the slot of a task that throws', async () => {
    const queue = new VerificationQueue({ concurrency: 1, perKey: 1, maxWaiting: 1 });
    await expect(queue.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run('a', async () => 'next')).toBe('next');
  });
});
