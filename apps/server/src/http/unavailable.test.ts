import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@frameport/domain/messages';
import { buildApp } from '../app.ts';
import { fixedClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, queryRows } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { createRetailer, loginAs } from '../test/factories.ts';

const unavailable = { Status: 1, Error: { Message: messages.http.unavailable, StackTrace: null }, Data: null };

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a database that does not answer', () => {
  it('answers 503 with Retry-After and a readable message, and /healthz 503', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'frameport-unavailable-'));
    const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/frameport`, poolMax: 1 });
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), webDistDir: '/nonexistent-web-build' };
    const app = await buildApp({ config, database, clock: fixedClock('2026-11-20T10:00:00.000Z'), logger: false });
    try {
      const profile = await app.inject({ url: '/api/Account/getUserProfile', headers: { authorization: 'Bearer a-token-of-the-right-shape-0123456789' } });
      expect(profile.statusCode).toBe(503);
      expect(profile.headers['retry-after']).toBe('5');
      expect(profile.json()).toEqual(unavailable);

      // /token answers in its OAuth shape: 503 temporarily_unavailable (RFC 6749 5.2), worth a retry.
      const signIn = await app.inject({
        method: 'POST',
        url: '/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=password&username=retailer%40frameport.test&password=Retailer%40123',
      });
      expect(signIn.statusCode).toBe(503);
      expect(signIn.headers['retry-after']).toBe('5');
      expect(signIn.json()).toEqual({ error: 'temporarily_unavailable', error_description: messages.http.unavailable });

      const health = await app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable', failed: 'read' });
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL pool with no connection free', () => {
  it('answers 503 when a request waits longer than the connect timeout, not for ever', async () => {
    const base = await buildTestApp();
    const user = await createRetailer(base.db);
    const { headers } = await loginAs(base.app, user);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${base.database.name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 1, connectTimeoutMs: 300 });
    const config = { ...base.config, webDistDir: '/nonexistent-web-build' };
    const app = await buildApp({ config, database, clock: base.clock, logger: false });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The pool's only connection, busy in a long transaction.
    const busy = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
    });
    try {
      const profile = await app.inject({ url: '/api/Account/getUserProfile', headers });
      expect(profile.statusCode).toBe(503);
      expect(profile.headers['retry-after']).toBe('5');
      expect(profile.json()).toEqual(unavailable);
    } finally {
      release();
      await busy;
    }
    expect((await app.inject({ url: '/api/Account/getUserProfile', headers })).statusCode).toBe(200);
    await app.close();
    await database.close();
    await base.close();
  });
});

describe('a database that refuses writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // What PostgreSQL answers when its disk is full ("could not extend file"), raised by the real
    // database through the real driver: a trigger stands in for the full disk.
    await t.db.execute(sql`
      create function disk_full() returns trigger language plpgsql as $$
      begin
        raise exception using errcode = '53100', message = 'could not extend file "base/1/2": No space left on device';
      end $$`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 with Retry-After, changes nothing, and works again once the disk has room', async () => {
    const user = await createRetailer(t.db);
    const { headers } = await loginAs(t.app, user);
    await t.db.execute(sql`create trigger disk_full before update on sessions for each row execute function disk_full()`);

    const logout = await t.app.inject({ method: 'POST', url: '/api/Account/logout', headers });
    expect(logout.statusCode).toBe(503);
    expect(logout.headers['retry-after']).toBe('5');
    expect(logout.json()).toEqual(unavailable);

    await t.db.execute(sql`drop trigger disk_full on sessions`);
    // The session was not revoked: the refused sign-out changed nothing.
    expect((await t.app.inject({ url: '/api/Account/getUserProfile', headers })).statusCode).toBe(200);
  });

  it('makes /healthz unhealthy while reads still work, so a load balancer stops sending orders', async () => {
    const healthy = await t.app.inject({ url: '/healthz' });
    expect(healthy.statusCode).toBe(200);
    const [beat] = await queryRows<{ n: number }>(t.db, sql`select count(*) as n from heartbeats`);
    expect(beat?.n).toBe(1);

    await t.db.execute(sql`create trigger disk_full before insert or update on heartbeats for each row execute function disk_full()`);
    try {
      const health = await t.app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable', failed: 'write' });
      expect(await queryRows(t.db, sql`select 1 as n`)).toEqual([{ n: 1 }]);
    } finally {
      await t.db.execute(sql`drop trigger disk_full on heartbeats`);
    }
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('answers 503 when PostgreSQL ends the connection (57P01), and the next request works', async () => {
    const user = await createRetailer(t.db);
    const { headers } = await loginAs(t.app, user);
    await t.db.execute(sql`
      create function shut_down() returns trigger language plpgsql as $$
      begin
        perform pg_terminate_backend(pg_backend_pid());
        return new;
      end $$`);
    await t.db.execute(sql`create trigger shut_down before update on sessions for each row execute function shut_down()`);
    try {
      const logout = await t.app.inject({ method: 'POST', url: '/api/Account/logout', headers });
      expect(logout.statusCode).toBe(503);
      expect(logout.headers['retry-after']).toBe('5');
      expect(logout.json()).toEqual(unavailable);
    } finally {
      await t.db.execute(sql`drop trigger shut_down on sessions`);
    }
    expect((await t.app.inject({ url: '/api/Account/getUserProfile', headers })).statusCode).toBe(200);
  });
});
