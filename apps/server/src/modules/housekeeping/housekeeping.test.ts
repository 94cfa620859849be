import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  emailChangeRequests,
  heartbeats,
  idempotencyKeys,
  loginAttempts,
  loginKnownAddresses,
  loginThrottle,
  mailOutbox,
  passwordResetTokens,
  paymentEvents,
  sessions,
} from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createRetailer } from '../../test/factories.ts';
import { createHousekeeping, MAIL_BODY_REMOVED, RETENTION_RULES } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await buildTestApp();
  userId = (await createRetailer(t.db)).userId;
});

afterAll(async () => {
  await t?.close();
});

function keptDays(table: string): number {
  const rule = RETENTION_RULES.find((r) => r.table === table);
  if (!rule) throw new Error(`no retention rule for ${table}`);
  return rule.keptDays;
}

/** A minute past the table's window (purged), and a minute inside it (kept), by the test clock. */
function edges(table: string) {
  const cutoff = t.clock.now().getTime() - keptDays(table) * DAY_MS;
  return { old: new Date(cutoff - MINUTE_MS), recent: new Date(cutoff + MINUTE_MS) };
}

const unique = () => randomBytes(8).toString('hex');

/** Rows on both sides of every table's window; returns what each table must keep. */
async function seedBothSides() {
  const mark = unique();
  const kept: Record<string, string[]> = {};

  const attempts = edges('login_attempts');
  await t.db.insert(loginAttempts).values([
    ...Array.from({ length: 5 }, (_, i) => ({ key: `old-${i}:${mark}`, attemptedAt: attempts.old })),
    { key: `recent:${mark}`, attemptedAt: attempts.recent },
  ]);
  kept.login_attempts = [`recent:${mark}`];

  const throttle = edges('login_throttle');
  await t.db.insert(loginThrottle).values([
    { key: `old:${mark}`, windowStartedAt: throttle.old, attempts: 3, updatedAt: throttle.old },
    // Its window started long ago, but its last attempt is recent: still counting.
    { key: `recent:${mark}`, windowStartedAt: attempts.old, attempts: 3, updatedAt: throttle.recent },
  ]);
  kept.login_throttle = [`recent:${mark}`];

  const known = edges('login_known_addresses');
  await t.db.insert(loginKnownAddresses).values([
    { userId, ip: `old-${mark}`, lastSucceededAt: known.old },
    { userId, ip: `recent-${mark}`, lastSucceededAt: known.recent },
  ]);
  kept.login_known_addresses = [`recent-${mark}`];

  const session = edges('sessions');
  const live = new Date(t.clock.now().getTime() + DAY_MS);
  await t.db.insert(sessions).values([
    { userId, tokenHash: `expired-old-${mark}`, createdAt: session.old, expiresAt: session.old },
    { userId, tokenHash: `revoked-old-${mark}`, createdAt: session.old, expiresAt: live, revokedAt: session.old },
    { userId, tokenHash: `expired-recent-${mark}`, createdAt: session.old, expiresAt: session.recent },
    { userId, tokenHash: `revoked-recent-${mark}`, createdAt: session.old, expiresAt: live, revokedAt: session.recent },
    { userId, tokenHash: `live-${mark}`, createdAt: session.old, expiresAt: live },
  ]);
  kept.sessions = [`expired-recent-${mark}`, `revoked-recent-${mark}`, `live-${mark}`];

  const reset = edges('password_reset_tokens');
  await t.db.insert(passwordResetTokens).values([
    { userId, tokenHash: `old-${mark}`, expiresAt: reset.old, usedAt: reset.old },
    { userId, tokenHash: `recent-${mark}`, expiresAt: reset.recent },
  ]);
  kept.password_reset_tokens = [`recent-${mark}`];

  const change = edges('email_change_requests');
  await t.db.insert(emailChangeRequests).values([
    { userId, newEmail: `old-${mark}@frameport.test`, tokenHash: `old-${mark}`, expiresAt: change.old },
    { userId, newEmail: `recent-${mark}@frameport.test`, tokenHash: `recent-${mark}`, expiresAt: change.recent },
  ]);
  kept.email_change_requests = [`recent-${mark}`];

  const events = edges('payment_events');
  await t.db.insert(paymentEvents).values([
    { provider: 'razorpay', eventId: `old-${mark}`, event: 'payment_link.paid', receivedAt: events.old },
    { provider: 'razorpay', eventId: `recent-${mark}`, event: 'payment_link.paid', receivedAt: events.recent },
  ]);
  kept.payment_events = [`recent-${mark}`];

  const beats = edges('heartbeats');
  await t.db.insert(heartbeats).values([
    { instance: `old-${mark}`, beatAt: beats.old },
    { instance: `recent-${mark}`, beatAt: beats.recent },
  ]);
  kept.heartbeats = [`recent-${mark}`];

  const keys = edges('idempotency_keys');
  await t.db.insert(idempotencyKeys).values([
    { userId, key: `old-${mark}`, request: 'POST /api/admin/orders/1/confirm', statusCode: 200, response: {}, createdAt: keys.old },
    { userId, key: `recent-${mark}`, request: 'POST /api/admin/orders/1/confirm', statusCode: 200, response: {}, createdAt: keys.recent },
  ]);
  kept.idempotency_keys = [`recent-${mark}`];

  const mail = edges('mail_outbox');
  const body = { subject: `Order ${mark}`, textBody: 'Ship to 12 Test Street', htmlBody: '<p>Ship to 12 Test Street</p>' };
  const attachments = [{ filename: 'invoice.pdf', contentType: 'application/pdf', contentBase64: 'JVBERi0=' }];
  await t.db.insert(mailOutbox).values([
    { ...body, toAddress: `old-${mark}@frameport.test`, status: 'sent', createdAt: mail.old, sentAt: mail.old, attachments },
    { ...body, toAddress: `recent-${mark}@frameport.test`, status: 'sent', createdAt: mail.recent, sentAt: mail.recent, attachments },
  ]);

  return { mark, kept };
}

/** What is left of the seeded rows, table by table (the identifying column of each). */
async function leftOf(mark: string) {
  const like = `%${mark}%`;
  const column = async (query: ReturnType<typeof sql>) =>
    ((await t.db.execute(query)) as unknown as { rows: Array<{ v: string }> }).rows.map((row) => row.v).sort();
  return {
    login_attempts: await column(sql`select key as v from login_attempts where key like ${like}`),
    login_throttle: await column(sql`select key as v from login_throttle where key like ${like}`),
    login_known_addresses: await column(sql`select ip as v from login_known_addresses where ip like ${like}`),
    sessions: await column(sql`select token_hash as v from sessions where token_hash like ${like}`),
    password_reset_tokens: await column(sql`select token_hash as v from password_reset_tokens where token_hash like ${like}`),
    email_change_requests: await column(sql`select token_hash as v from email_change_requests where token_hash like ${like}`),
    payment_events: await column(sql`select event_id as v from payment_events where event_id like ${like}`),
    heartbeats: await column(sql`select instance as v from heartbeats where instance like ${like}`),
    idempotency_keys: await column(sql`select key as v from idempotency_keys where key like ${like}`),
  };
}

async function mailsOf(mark: string) {
  const rows = await t.db.select().from(mailOutbox).where(sql`${mailOutbox.subject} = ${`Order ${mark}`}`);
  return Object.fromEntries(rows.map((row) => [row.toAddress.split('-')[0], row]));
}

function silentLogger() {
  const lines: Array<{ fields: unknown; msg?: string }> = [];
  const record = (fields: unknown, msg?: string) => void lines.push({ fields, msg });
  return { lines, logger: { info: record, debug: record, error: record } };
}

describe('housekeeping: rows past their window', () => {
  it('removes exactly the rows past each window and keeps the recent ones, in batches', async () => {
    const { mark, kept } = await seedBothSides();
    const { lines, logger } = silentLogger();
    const housekeeping = createHousekeeping({ db: t.db, clock: t.clock, logger, batchSize: 2 });

    const removed = await housekeeping.purge();
    expect(removed).toMatchObject({
      login_attempts: 5,
      login_throttle: 1,
      login_known_addresses: 1,
      sessions: 2,
      password_reset_tokens: 1,
      email_change_requests: 1,
      mail_outbox: 1,
      payment_events: 1,
      heartbeats: 1,
      idempotency_keys: 1,
    });
    expect(await leftOf(mark)).toEqual(Object.fromEntries(Object.entries(kept).map(([table, rows]) => [table, rows.sort()])));

    // A mail keeps who, what and when; its body and attachments go.
    const mails = await mailsOf(mark);
    expect(mails.old).toMatchObject({ status: 'sent', subject: `Order ${mark}`, textBody: MAIL_BODY_REMOVED, htmlBody: null, attachments: null });
    expect(mails.old!.sentAt).toBeInstanceOf(Date);
    expect(mails.recent).toMatchObject({ textBody: 'Ship to 12 Test Street', htmlBody: '<p>Ship to 12 Test Street</p>' });
    expect(mails.recent!.attachments).toHaveLength(1);

    // Nothing more to do: a second run removes nothing (the blanked mail is not counted again).
    const again = await housekeeping.purge();
    expect(Object.values(again!).every((n) => n === 0)).toBe(true);
    expect(lines).toEqual([]);
  });

  it('the clock moving on moves the window: what was recent goes later', async () => {
    const { mark } = await seedBothSides();
    const housekeeping = createHousekeeping({ db: t.db, clock: t.clock, logger: silentLogger().logger });
    await housekeeping.purge();
    t.clock.advance(91 * DAY_MS);
    try {
      await housekeeping.purge();
      const left = await leftOf(mark);
      // 91 days on, every seeded row is past its window, the session that was live then too.
      expect(left).toEqual({
        login_attempts: [],
        login_throttle: [],
        login_known_addresses: [],
        sessions: [],
        password_reset_tokens: [],
        email_change_requests: [],
        payment_events: [],
        heartbeats: [],
        idempotency_keys: [],
      });
    } finally {
      t.clock.advance(-91 * DAY_MS);
    }
  });

  it('two replicas purging at once remove every old row once, without an error', async () => {
    const { mark, kept } = await seedBothSides();
    const a = createHousekeeping({ db: t.db, clock: t.clock, logger: silentLogger().logger, batchSize: 1 });
    const b = createHousekeeping({ db: t.db, clock: t.clock, logger: silentLogger().logger, batchSize: 1 });
    const results = await Promise.all([a.purge(), b.purge()]);
    expect(results.some((result) => result !== null)).toBe(true);
    // Whatever one stood aside from, a later run finishes.
    await a.purge();
    expect(await leftOf(mark)).toEqual(Object.fromEntries(Object.entries(kept).map(([table, rows]) => [table, rows.sort()])));
  });

  it.runIf(process.env.TEST_DATABASE_URL)('stands aside while another replica holds the purge lock (PostgreSQL)', async () => {
    const { mark } = await seedBothSides();
    const housekeeping = createHousekeeping({ db: t.db, clock: t.clock, logger: silentLogger().logger });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const other = t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7525362640842614117)`);
      holding();
      await released;
    });
    await held;
    try {
      expect(await housekeeping.purge()).toBeNull();
      expect((await leftOf(mark)).login_attempts).toHaveLength(6);
    } finally {
      release();
      await other;
    }
    expect((await housekeeping.purge())!.login_attempts).toBe(5);
  });

  it('runs on its schedule, logs what it removed, and stops', async () => {
    await seedBothSides();
    const { lines, logger } = silentLogger();
    const housekeeping = createHousekeeping({ db: t.db, clock: t.clock, logger });
    housekeeping.start({ intervalMs: 60 * MINUTE_MS, firstRunAfterMs: 0 });
    await vi.waitFor(() => expect(lines.map((line) => line.msg)).toContain('housekeeping: 15 rows past their retention removed'), {
      timeout: 10_000,
    });
    await housekeeping.stop();
    const ran = lines.find((line) => line.msg?.endsWith('removed'));
    expect(ran!.fields).toMatchObject({ total: 15, removed: { login_attempts: 5, sessions: 2, mail_outbox: 1 } });
    expect(() => housekeeping.start({ intervalMs: 1, firstRunAfterMs: 0 })).toThrow(/already started or stopped/);
  });
});

describe('the server keeps the schedule', () => {
  it('starts it with HOUSEKEEPING_INTERVAL_MINUTES and leaves it off at 0', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const scheduled = () => lines.map((line) => JSON.parse(line) as { msg: string }).filter((line) => line.msg === 'housekeeping scheduled');

    const on = await buildTestApp({ logger: pino({ level: 'info' }, sink), env: { HOUSEKEEPING_INTERVAL_MINUTES: '15' } });
    await on.close();
    expect(scheduled()).toEqual([expect.objectContaining({ intervalMinutes: 15, firstRunInSeconds: 60 })]);

    lines.length = 0;
    const off = await buildTestApp({ logger: pino({ level: 'info' }, sink) });
    await off.close();
    expect(scheduled()).toEqual([]);
  });
});
