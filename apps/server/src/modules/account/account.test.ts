import { Writable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@frameport/domain/messages';
import { sessions, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createRetailer, createStaffUser, loginAs, type TestUser } from '../../test/factories.ts';
import { hashToken } from './service.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function tokenRequest(t: TestApp, fields: Record<string, string>, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/token',
    headers: FORM,
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: ip,
  });
}

let t: TestApp;
let logLines: string[];
let retailer: TestUser;
let otherRetailer: TestUser;

beforeAll(async () => {
  logLines = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({ logger: pino({ level: 'trace' }, sink) });
  retailer = await createRetailer(t.db, { stateCode: '36', businessName: 'Vision Point Opticals' });
  otherRetailer = await createRetailer(t.db, { stateCode: '29' });
});

afterAll(async () => {
  await t.close();
});

describe('POST /token', () => {
  it('signs in with the password grant and stores only a hash of the token', async () => {
    const response = await tokenRequest(t, { grant_type: 'password', username: retailer.email, password: retailer.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 86400, userName: retailer.email });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(body['.expires']).getTime() - new Date(body['.issued']).getTime()).toBe(86_400_000);

    const stored = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(body.access_token)));
    expect(stored).toHaveLength(1);
    const all = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(all.some((row) => row.tokenHash === body.access_token)).toBe(false);
  });

  it('accepts the username in any letter case and keeps a remember-me session for 30 days', async () => {
    const response = await tokenRequest(t, {
      grant_type: 'password',
      username: `  ${retailer.email.toUpperCase()} `,
      password: retailer.password,
      remember_me: 'true',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().expires_in).toBe(30 * 86400);
  });

  it('stores passwords as argon2id hashes', async () => {
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, retailer.userId));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
  });

  it('answers an unknown user and a wrong password with the same error', async () => {
    const unknown = await tokenRequest(t, { grant_type: 'password', username: 'nobody@example.test', password: 'Whatever@1' }, '10.0.1.1');
    const wrong = await tokenRequest(t, { grant_type: 'password', username: otherRetailer.email, password: 'Wrong@1234' }, '10.0.1.2');
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'invalid_grant', error_description: messages.login.badCredentials });
    expect(wrong.json()).toEqual(unknown.json());
  });

  describe('bad input gets a clear error and stores nothing', () => {
    async function sessionCount() {
      const [row] = await t.db.select({ n: count() }).from(sessions);
      return row?.n ?? 0;
    }

    it.each([
      ['missing password', { grant_type: 'password', username: 'a@b.co' }],
      ['missing username', { grant_type: 'password', password: 'Secret@123' }],
    ])('%s → 400 invalid_request', async (_label, fields) => {
      const before = await sessionCount();
      const response = await tokenRequest(t, fields as Record<string, string>, '10.0.2.1');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_request', error_description: messages.login.missingFields });
      expect(await sessionCount()).toBe(before);
    });

    it.each([
      ['no grant_type', {}],
      ['an empty grant_type', { grant_type: '' }],
    ])('%s, even with the right credentials → 400 invalid_request and no session (RFC 6749 5.2)', async (_label, grant) => {
      const before = await sessionCount();
      const response = await tokenRequest(t, { ...grant, username: retailer.email, password: retailer.password }, '10.0.2.3');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_request', error_description: messages.login.grantTypeRequired });
      expect(await sessionCount()).toBe(before);
    });

    it('an empty body → 400 invalid_request', async () => {
      const response = await tokenRequest(t, {}, '10.0.2.1');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_request', error_description: messages.login.grantTypeRequired });
    });

    it.each(['foo', 'client_credentials', 'PASSWORD'])('grant_type=%s → 400 unsupported_grant_type and no session', async (grant) => {
      const before = await sessionCount();
      const response = await tokenRequest(t, { grant_type: grant, username: retailer.email, password: retailer.password }, '10.0.2.4');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'unsupported_grant_type', error_description: messages.login.unsupportedGrant });
      expect(await sessionCount()).toBe(before);
    });

    it('a 1 MB password → 400 with a clear message, never the envelope or a stack trace', async () => {
      const before = await sessionCount();
      const huge = 'p'.repeat(1024 * 1024);
      const response = await tokenRequest(t, { grant_type: 'password', username: retailer.email, password: huge }, '10.0.2.2');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_request', error_description: messages.http.tooLarge });
      expect(await sessionCount()).toBe(before);
    });

    it('a JSON body with an empty object → 400 invalid_request', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/token', payload: {} });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_request');
    });

    it('malformed JSON → 400 invalid_request in the OAuth shape', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/token',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_request', error_description: messages.http.malformedJson });
    });

    it.each([
      ["' OR 1=1 --", 'Anything@1'],
      ['admin@frameport.test\'; DROP TABLE users; --', 'x'],
      ['<script>alert(1)</script>@x.co', '<img src=x onerror=alert(1)>'],
    ])('SQL or HTML in the username (%s) → the same 400 and no session', async (username, password) => {
      const before = await sessionCount();
      const response = await tokenRequest(t, { grant_type: 'password', username, password }, '10.0.3.1');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_grant', error_description: messages.login.badCredentials });
      expect(await sessionCount()).toBe(before);
      const [usersLeft] = await t.db.select({ n: count() }).from(users);
      expect(usersLeft?.n).toBeGreaterThanOrEqual(2);
    });
  });

  it('never writes a password to the log', async () => {
    const password = 'VerySecret#Pass9';
    await tokenRequest(t, { grant_type: 'password', username: retailer.email, password });
    await tokenRequest(t, { grant_type: 'password', username: 'x@y.co', password: `${password}-x` });
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(password);
  });

  it('answers 429 to an address after 5 failures at one username, even with the right password, until the window passes', async () => {
    const target = await createRetailer(t.db);
    for (let i = 0; i < 5; i += 1) {
      const response = await tokenRequest(t, { grant_type: 'password', username: target.email, password: 'Wrong@1234' }, '10.1.0.1');
      expect(response.statusCode).toBe(400);
    }
    const blocked = await tokenRequest(t, { grant_type: 'password', username: target.email, password: target.password }, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'too_many_attempts', error_description: messages.login.tooManyAttempts });
    expect(blocked.headers['retry-after']).toBe('900');

    // 5 failures from one address do not lock the account: its owner elsewhere signs in (throttle.test.ts has the rest).
    const elsewhere = await tokenRequest(t, { grant_type: 'password', username: target.email, password: target.password }, '10.1.1.1');
    expect(elsewhere.statusCode).toBe(200);

    t.clock.advance(16 * 60 * 1000);
    const later = await tokenRequest(t, { grant_type: 'password', username: target.email, password: target.password }, '10.1.0.1');
    expect(later.statusCode).toBe(200);
  });

  it('answers 429 after repeated failures from one address, whatever the username', async () => {
    for (let i = 0; i < 30; i += 1) {
      await tokenRequest(t, { grant_type: 'password', username: `guess${i}@example.test`, password: 'Wrong@1234' }, '10.9.9.9');
    }
    const blocked = await tokenRequest(t, { grant_type: 'password', username: retailer.email, password: retailer.password }, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await tokenRequest(t, { grant_type: 'password', username: retailer.email, password: retailer.password }, '10.9.9.10');
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('a token expires after one day; a remember-me token lasts 30 days', async () => {
    const short = await loginAs(t.app, retailer);
    const long = await loginAs(t.app, retailer, true);
    t.clock.advance(25 * 60 * 60 * 1000);
    const expired = await t.app.inject({ url: '/api/Account/getUserProfile', headers: short.headers });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ Status: 1, Error: { Message: messages.http.unauthorized, StackTrace: null }, Data: null });
    const remembered = await t.app.inject({ url: '/api/Account/getUserProfile', headers: long.headers });
    expect(remembered.statusCode).toBe(200);
  });

  it('logout revokes the token', async () => {
    const { headers } = await loginAs(t.app, retailer);
    const out = await t.app.inject({ method: 'POST', url: '/api/Account/logout', headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ Status: 0, Error: null, Data: { message: 'You have been logged out.' } });
    const after = await t.app.inject({ url: '/api/Account/getUserProfile', headers });
    expect(after.statusCode).toBe(401);
  });

  it.each([
    ['no token', undefined],
    ['a malformed header', 'Token abc'],
    ['an unknown token', `Bearer ${'A'.repeat(43)}`],
  ])('%s → 401 with the envelope', async (_label, authorization) => {
    const response = await t.app.inject({
      url: '/api/Account/getUserProfile',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().Error.Message).toBe(messages.http.unauthorized);
  });
});

describe('GET /api/Account/getUserProfile', () => {
  it("answers the spec's UserProfile for a retailer", async () => {
    const { headers } = await loginAs(t.app, retailer);
    const response = await t.app.inject({ url: '/api/Account/getUserProfile', headers });
    expect(response.statusCode).toBe(200);
    const { Status, Error, Data } = response.json();
    expect(Status).toBe(0);
    expect(Error).toBeNull();
    expect(Data).toMatchObject({
      BusinessName: 'Vision Point Opticals',
      UserId: retailer.userId,
      RetailerID: retailer.retailerId,
      UserName: retailer.email,
      Email: retailer.email,
      Name: 'Asha Rao',
      PhoneNumber: '9876543210',
      City: 'Hyderabad',
      StateName: 'Telangana',
      CountryName: 'India',
      PinCode: '500001',
      RoleID: 2,
      RoleName: 'Retailer',
      MaxLimitPerVariant: 20,
      MaxOrderQuantity: 500,
      MaxOrderValue: 500000,
    });
    expect(Data.shippingAddressResponse).toHaveLength(1);
    expect(Data.shippingAddressResponse[0]).toMatchObject({ City: 'Hyderabad', StateName: 'Telangana', Pin: '500001' });
    expect(Data).not.toHaveProperty('passwordHash');
  });

  it('a retailer passing its own email is fine; another retailer’s email is 403', async () => {
    const { headers } = await loginAs(t.app, retailer);
    const own = await t.app.inject({ url: `/api/Account/getUserProfile?email=${encodeURIComponent(retailer.email.toUpperCase())}`, headers });
    expect(own.statusCode).toBe(200);
    const other = await t.app.inject({ url: `/api/Account/getUserProfile?email=${encodeURIComponent(otherRetailer.email)}`, headers });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ Status: 1, Error: { Message: messages.http.forbidden, StackTrace: null }, Data: null });
  });

  it('a sales executive reads its own profile, a linked retailer’s, and never an unlinked one', async () => {
    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [retailer.retailerId!] });
    const { headers } = await loginAs(t.app, sales);
    const self = await t.app.inject({ url: '/api/Account/getUserProfile', headers });
    expect(self.json().Data).toMatchObject({ RoleName: 'Sales Executive', RetailerID: null, BusinessName: null, RoleID: 3 });

    const linked = await t.app.inject({ url: `/api/Account/getUserProfile?email=${encodeURIComponent(retailer.email)}`, headers });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().Data).toMatchObject({ RetailerID: retailer.retailerId, BusinessName: 'Vision Point Opticals' });

    const unlinked = await t.app.inject({ url: `/api/Account/getUserProfile?email=${encodeURIComponent(otherRetailer.email)}`, headers });
    expect(unlinked.statusCode).toBe(403);
    const unknown = await t.app.inject({ url: '/api/Account/getUserProfile?email=nobody%40example.test', headers });
    expect(unknown.statusCode).toBe(403);
  });
});
