/**
 * GET /api/admin/audit and /api/admin/audit.csv through the real server: filters (who, what,
 * retailer as entity or on behalf of, India days), newest first, keyset pages that neither skip
 * nor repeat a row (rows in the same millisecond too), the lists for the filters, the CSV with
 * formula cells neutralised, and admin only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../db/audit.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createRetailer, createStaffUser } from '../../test/factories.ts';
import { headersFor, type Headers } from '../../test/invoices.ts';

let t: TestApp;
let admin: Headers;
let adminUser: { userId: number };
let clerk: { userId: number };
let shop: Awaited<ReturnType<typeof createRetailer>>;
let other: Awaited<ReturnType<typeof createRetailer>>;

beforeAll(async () => {
  t = await buildTestApp();
  adminUser = await createStaffUser(t.db, 'admin');
  admin = await headersFor(t, adminUser);
  clerk = await createStaffUser(t.db, 'accounts');
  shop = await createRetailer(t.db, { businessName: 'Audit Trail Opticals' });
  other = await createRetailer(t.db, { businessName: 'Other Opticals' });
  const at = (iso: string) => new Date(iso);
  // 18 Nov 23:00 IST = 18 Nov 17:30 UTC; 19 Nov 00:30 IST = 18 Nov 19:00 UTC.
  await recordAudit(t.db, { actorUserId: clerk.userId, action: 'retailer.credit', entity: 'retailer', entityId: String(shop.retailerId), details: { before: { creditHold: false }, after: { creditHold: true } }, at: at('2026-11-18T17:30:00Z') });
  await recordAudit(t.db, { actorUserId: adminUser.userId, action: 'order.confirm', entity: 'order', entityId: '77', onBehalfOfRetailerId: shop.retailerId, details: { note: '=cmd|x' }, at: at('2026-11-18T19:00:00Z') });
  await recordAudit(t.db, { actorUserId: clerk.userId, action: 'retailer.credit', entity: 'retailer', entityId: String(other.retailerId), details: {}, at: at('2026-11-19T10:00:00Z') });
  // Five rows in one millisecond: pages of two must still show each exactly once.
  for (let i = 0; i < 5; i++) {
    await recordAudit(t.db, { actorUserId: clerk.userId, action: 'invoice.tds', entity: 'invoice', entityId: String(100 + i), details: { i }, at: at('2026-11-20T09:00:00Z') });
  }
});

afterAll(async () => {
  await t?.close();
});

const list = (query: string, headers: Headers = admin) => t.app.inject({ url: `/api/admin/audit${query}`, headers });

describe('GET /api/admin/audit', () => {
  it('newest first, with who, for whom, the entity and the details; the filter lists', async () => {
    const response = await list('');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json().Data;
    const mine = body.entries.filter((entry: { action: string }) => ['retailer.credit', 'order.confirm', 'invoice.tds'].includes(entry.action));
    expect(mine).toHaveLength(8);
    const times = body.entries.map((entry: { at: string }) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    const confirm = body.entries.find((entry: { action: string }) => entry.action === 'order.confirm');
    expect(confirm).toMatchObject({ actor: { id: adminUser.userId, role: 'admin' }, onBehalfOf: { id: shop.retailerId, name: 'Audit Trail Opticals' }, entity: 'order', entityId: '77', details: { note: '=cmd|x' } });
    const credit = body.entries.find((entry: { action: string; entityId: string }) => entry.action === 'retailer.credit' && entry.entityId === String(shop.retailerId));
    expect(credit).toMatchObject({ entityName: 'Audit Trail Opticals', details: { before: { creditHold: false }, after: { creditHold: true } }, at: '2026-11-18T17:30:00.000Z' });
    expect(body.actions).toEqual(expect.arrayContaining(['invoice.tds', 'order.confirm', 'retailer.credit']));
    expect([...body.actions].sort()).toEqual(body.actions);
    expect(body.actors.map((actor: { id: number }) => actor.id)).toEqual(expect.arrayContaining([adminUser.userId, clerk.userId]));
    expect(body.nextCursor).toBeNull();
  });

  it('filters by who, what, retailer (its own rows and those done on its behalf) and India days', async () => {
    const byAdmin = (await list(`?actorUserId=${adminUser.userId}`)).json().Data.entries;
    expect(byAdmin.map((entry: { action: string }) => entry.action)).toEqual(['order.confirm']);
    const credit = (await list('?action=retailer.credit')).json().Data.entries;
    expect(credit.map((entry: { entityId: string }) => entry.entityId)).toEqual([String(other.retailerId), String(shop.retailerId)]);
    const forShop = (await list(`?retailerId=${shop.retailerId}`)).json().Data;
    expect(forShop.entries.map((entry: { action: string }) => entry.action)).toEqual(['order.confirm', 'retailer.credit']);
    expect(forShop.retailer).toEqual({ id: shop.retailerId, name: 'Audit Trail Opticals' });
    // 18 Nov in India ends at 18:30 UTC: the 23:00 IST row is on the 18th, the 00:30 IST one on the 19th.
    const on18 = (await list('?from=2026-11-18&to=2026-11-18')).json().Data.entries;
    expect(on18.map((entry: { action: string }) => entry.action)).toEqual(['retailer.credit']);
    const on19 = (await list('?from=2026-11-19&to=2026-11-19')).json().Data.entries;
    expect(on19.map((entry: { action: string }) => entry.action)).toEqual(['retailer.credit', 'order.confirm']);
  });

  it('pages by cursor without skipping or repeating rows written in the same millisecond', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const response = await list(`?action=invoice.tds&limit=25${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json().Data;
      seen.push(...body.entries.map((entry: { entityId: string }) => entry.entityId));
      cursor = body.nextCursor;
      pages++;
      if (pages > 5) break;
    }
    expect(seen).toHaveLength(5);
    // With 25 a page all five fit; write 30 more and page through 25 + 10.
    for (let i = 0; i < 30; i++) await recordAudit(t.db, { actorUserId: clerk.userId, action: 'page.test', entityId: String(i), at: new Date('2026-11-20T09:30:00Z') });
    const first = (await list('?action=page.test&limit=25')).json().Data;
    expect(first.entries).toHaveLength(25);
    const second = (await list(`?action=page.test&limit=25&cursor=${first.nextCursor}`)).json().Data;
    expect(second.entries).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.entries, ...second.entries].map((entry: { id: number }) => entry.id);
    expect(new Set(ids).size).toBe(30);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('refuses a bad cursor, a reversed range, a limit not offered, and anyone but admin', async () => {
    const bad = await list('?cursor=bm9wZQ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error.Message).toMatch(/first page/);
    expect((await list('?from=2026-11-20&to=2026-11-01')).statusCode).toBe(400);
    expect((await list('?limit=7')).statusCode).toBe(400);
    expect((await list('?from=2026-02-30')).statusCode).toBe(400);
    for (const role of ['accounts', 'warehouse', 'salesexecutive'] as const) {
      const headers = await headersFor(t, await createStaffUser(t.db, role));
      expect((await list('', headers)).statusCode, role).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/audit.csv', headers })).statusCode, role).toBe(403);
    }
    expect((await list('', await headersFor(t, shop))).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/audit.csv', () => {
  it('the same filters as a CSV, newest first, times in India, details as JSON, formula cells neutralised', async () => {
    const response = await t.app.inject({ url: `/api/admin/audit.csv?retailerId=${shop.retailerId}`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log-2026-11-20.csv"');
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('When (India),Who,Email,Role,On behalf of,Action,Entity,Entity id,Entity name,Details,IP');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^2026-11-19 00:30:00,.*,admin,Audit Trail Opticals,order\.confirm,order,77,,/);
    expect(lines[2]).toMatch(/^2026-11-18 23:00:00,.*,accounts,,retailer\.credit,retailer,\d+,Audit Trail Opticals,/);
    expect(lines[1]).toContain('"{""note"":""=cmd|x""}"');
  });
});
