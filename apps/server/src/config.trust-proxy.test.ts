/**
 * TRUST_PROXY decides whose word the client's address is: the socket's (default), or the
 * X-Forwarded-For entries appended by a known number of proxies or by proxies at known addresses.
 * `true` (trust every hop) is refused: any client could then choose its own address. The address
 * is observed where it matters, in the session row a sign-in writes.
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { sessions } from './db/schema.ts';
import { buildTestApp } from './test/app.ts';
import { createRetailer } from './test/factories.ts';

describe('TRUST_PROXY in the configuration', () => {
  it('is false by default, a hop count, or a list of proxy addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', 'TRUE', 'yes', 'on'])('refuses %s, saying why and what to set instead', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: TRUST_PROXY=true would trust every X-Forwarded-For hop/);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow('TRUST_PROXY=1 behind one nginx or load balancer');
  });

  it.each(['10.0.0.300', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/2', '11'])('refuses %s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

/** A server with this TRUST_PROXY, and the address a sign-in from `from` with that X-Forwarded-For leaves in its session row. */
async function withTrustProxy(trustProxy: string | undefined, check: (seen: (from: string, forwardedFor?: string) => Promise<string | null>) => Promise<void>) {
  const t = await buildTestApp({ env: trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy } });
  try {
    const user = await createRetailer(t.db);
    await check(async (from, forwardedFor) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/token',
        remoteAddress: from,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
        payload: new URLSearchParams({ grant_type: 'password', username: user.email, password: user.password }).toString(),
      });
      expect(response.statusCode, response.body).toBe(200);
      const [session] = await t.db.select({ ip: sessions.ip }).from(sessions).where(eq(sessions.userId, user.userId)).orderBy(desc(sessions.id)).limit(1);
      return session?.ip ?? null;
    });
  } finally {
    await t.close();
  }
}

describe('the client address the server records', () => {
  const forged = '198.51.100.66, 203.0.113.7';

  it('by default is the socket peer: X-Forwarded-For is ignored', async () => {
    await withTrustProxy(undefined, async (seen) => {
      expect(await seen('192.0.2.10', forged)).toBe('192.0.2.10');
    });
  });

  it('behind one proxy (TRUST_PROXY=1) is the address that proxy appended, not what the client wrote before it', async () => {
    await withTrustProxy('1', async (seen) => {
      // nginx appends the address it saw ($proxy_add_x_forwarded_for) to whatever the client sent.
      expect(await seen('10.0.0.5', forged)).toBe('203.0.113.7');
      expect(await seen('10.0.0.5')).toBe('10.0.0.5');
    });
  });

  it('with a list, only proxies at those addresses are believed', async () => {
    await withTrustProxy('10.0.0.5,10.1.0.0/16', async (seen) => {
      // A load balancer in 10.1.0.0/16 in front of nginx at 10.0.0.5: the client is the first address neither wrote.
      expect(await seen('10.0.0.5', `${forged}, 10.1.2.3`)).toBe('203.0.113.7');
      // Someone reaching the server directly is no listed proxy: its header is ignored.
      expect(await seen('192.0.2.10', forged)).toBe('192.0.2.10');
    });
  });
});
