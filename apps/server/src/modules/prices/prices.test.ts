import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueDeskMessages } from '@frameport/domain';
import type { CartResponse, GstRateChangeResponse, GstRatesResponse, PriceChangeResponse, ProductPrices } from '@frameport/domain/contract';
import { auditLog, cartLines, orderLines, priceChanges, products } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser } from '../../test/factories.ts';
import { headersFor, placeOrder, type Headers } from '../../test/invoices.ts';
import { createPriceScheduler } from './scheduler.ts';
import { schedulePrice } from './service.ts';

const text = catalogueDeskMessages;
let t: TestApp;
let admin: Headers;
let adminId: number;
let warehouse: Headers;
const START = '2026-11-20T10:00:00.000Z'; // India: 20 Nov 2026, 15:30

beforeAll(async () => {
  t = await buildTestApp();
  const a = await createStaffUser(t.db, 'admin');
  adminId = a.userId;
  admin = await headersFor(t, a);
  warehouse = await headersFor(t, await createStaffUser(t.db, 'warehouse'));
});

afterAll(async () => {
  await t?.close();
});

async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json<{ Status: number; Error: { Message: string } | null; Data: T }>(), raw: res.body };
}

async function priceOf(productId: number): Promise<number> {
  const [row] = await t.db.select({ p: products.netPricePaise }).from(products).where(eq(products.id, productId));
  return row!.p;
}

const scheduler = () => createPriceScheduler({ db: t.db, clock: t.clock, logger: t.app.log });

describe('prices of a style', () => {
  it('changes the price today at once, with history and an audit row on the style', async () => {
    t.clock.set(START);
    const { productId } = await createProduct(t.db, { netPricePaise: 100_000 });
    const res = await call<PriceChangeResponse>('POST', `/api/admin/products/${productId}/prices`, admin, { netPrice: 1250.5, effectiveFrom: '2026-11-20' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.Data.netPrice).toBe(1250.5);
    expect(res.body.Data.change).toMatchObject({ status: 'applied', netPrice: 1250.5, previousNetPrice: 1000, effectiveFrom: '2026-11-20' });
    expect(res.body.Data.change.created.by.userId).toBe(adminId);
    expect(res.body.Data.history[0]!.id).toBe(res.body.Data.change.id);
    expect(await priceOf(productId)).toBe(125_050);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(productId))));
    expect(audit.map((a) => a.action)).toEqual(['price.change']);
    expect(audit[0]!.details).toMatchObject({ before: { netPrice: 1000 }, after: { netPrice: 1250.5 } });
  });

  it('refuses a day before today, a bad day, a zero price and a warehouse caller, changing nothing', async () => {
    t.clock.set(START);
    const { productId } = await createProduct(t.db, { netPricePaise: 100_000 });
    const url = `/api/admin/products/${productId}/prices`;
    const past = await call('POST', url, admin, { netPrice: 900, effectiveFrom: '2026-11-19' });
    expect(past.status).toBe(400);
    expect(past.body.Error!.Message).toBe(text.prices.effectiveInPast);
    expect((await call('POST', url, admin, { netPrice: 900, effectiveFrom: '2026-11-31' })).status).toBe(400);
    expect((await call('POST', url, admin, { netPrice: 0, effectiveFrom: '2026-11-25' })).status).toBe(400);
    expect((await call('POST', url, admin, { netPrice: 9.999, effectiveFrom: '2026-11-25' })).status).toBe(400);
    expect((await call('POST', url, warehouse, { netPrice: 900, effectiveFrom: '2026-11-25' })).status).toBe(403);
    expect((await call('POST', `/api/admin/products/999999/prices`, admin, { netPrice: 900, effectiveFrom: '2026-11-25' })).status).toBe(404);
    expect(await priceOf(productId)).toBe(100_000);
    expect(await t.db.select().from(priceChanges).where(eq(priceChanges.productId, productId))).toHaveLength(0);
    // The warehouse may read.
    const read = await call<ProductPrices>('GET', url, warehouse);
    expect(read.status).toBe(200);
    expect(read.body.Data).toMatchObject({ netPrice: 1000, scheduled: [], history: [], today: '2026-11-20' });
  });

  it('schedules a later day, replaces a second schedule for that day, cancels, and refuses to cancel an applied one', async () => {
    t.clock.set(START);
    const { productId } = await createProduct(t.db, { netPricePaise: 100_000 });
    const url = `/api/admin/products/${productId}/prices`;
    const first = await call<PriceChangeResponse>('POST', url, admin, { netPrice: 1100, effectiveFrom: '2026-12-01' });
    expect(first.body.Data.change.status).toBe('scheduled');
    expect(first.body.Data.netPrice).toBe(1000);
    const second = await call<PriceChangeResponse>('POST', url, admin, { netPrice: 1150, effectiveFrom: '2026-12-01' });
    expect(second.body.Data.replacedId).toBe(first.body.Data.change.id);
    expect(second.body.Data.scheduled.map((c) => c.netPrice)).toEqual([1150]);
    const [cancelled] = await t.db.select().from(priceChanges).where(eq(priceChanges.id, first.body.Data.change.id));
    expect(cancelled!.cancelledAt).not.toBeNull();
    expect(await priceOf(productId)).toBe(100_000);

    const gone = await call<ProductPrices>('DELETE', `/api/admin/price-changes/${second.body.Data.change.id}`, admin);
    expect(gone.status).toBe(200);
    expect(gone.body.Data.scheduled).toEqual([]);
    expect((await call('DELETE', `/api/admin/price-changes/${second.body.Data.change.id}`, admin)).body.Error!.Message).toBe(text.prices.alreadyCancelled);
    expect((await call('DELETE', `/api/admin/price-changes/${second.body.Data.change.id}`, warehouse)).status).toBe(403);

    const today = await call<PriceChangeResponse>('POST', url, admin, { netPrice: 1200, effectiveFrom: '2026-11-20' });
    const applied = await call('DELETE', `/api/admin/price-changes/${today.body.Data.change.id}`, admin);
    expect(applied.status).toBe(409);
    expect(applied.body.Error!.Message).toBe(text.prices.alreadyApplied);
    const actions = (await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(productId))))).map((a) => a.action);
    expect(actions).toEqual(['price.schedule', 'price.schedule', 'price.cancel', 'price.change']);
  });

  it('schedulePrice (for imports) says unchanged when nothing would change, and writes nothing', async () => {
    t.clock.set(START);
    const { productId } = await createProduct(t.db, { netPricePaise: 100_000 });
    const at = t.clock.now();
    const base = { productId, actorUserId: adminId, at, importJobId: undefined };
    const same = await t.db.transaction((tx) => schedulePrice(tx, { ...base, netPricePaise: 100_000, effectiveFrom: '2026-11-20' }));
    expect(same).toMatchObject({ unchanged: true, applied: true });
    const later = await t.db.transaction((tx) => schedulePrice(tx, { ...base, netPricePaise: 120_000, effectiveFrom: '2026-12-05' }));
    expect(later).toMatchObject({ unchanged: false, applied: false, replacedId: null });
    const again = await t.db.transaction((tx) => schedulePrice(tx, { ...base, netPricePaise: 120_000, effectiveFrom: '2026-12-05' }));
    expect(again).toEqual({ unchanged: true, applied: false, priceChangeId: later.priceChangeId, replacedId: null });
    expect(await t.db.select().from(priceChanges).where(eq(priceChanges.productId, productId))).toHaveLength(1);
  });
});

describe('the scheduler', () => {
  it('applies a future price when the clock passes its day, once, with the price it replaced', async () => {
    t.clock.set(START);
    const { productId } = await createProduct(t.db, { netPricePaise: 100_000 });
    const res = await call<PriceChangeResponse>('POST', `/api/admin/products/${productId}/prices`, admin, { netPrice: 1300, effectiveFrom: '2026-11-22' });
    expect((await scheduler().runOnce()).pricesApplied).toBe(0);
    // 21 Nov 23:59 in India: not yet.
    t.clock.set('2026-11-21T18:29:00.000Z');
    await scheduler().runOnce();
    expect(await priceOf(productId)).toBe(100_000);
    // 22 Nov 00:01 in India.
    t.clock.set('2026-11-21T18:31:00.000Z');
    const run = await scheduler().runOnce();
    expect(run.pricesApplied).toBeGreaterThanOrEqual(1);
    expect(await priceOf(productId)).toBe(130_000);
    const read = await call<ProductPrices>('GET', `/api/admin/products/${productId}/prices`, admin);
    expect(read.body.Data.scheduled).toEqual([]);
    expect(read.body.Data.history[0]).toMatchObject({ id: res.body.Data.change.id, status: 'applied', previousNetPrice: 1000, appliedAt: '2026-11-21T18:31:00.000Z' });
    const applies = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(productId)), eq(auditLog.action, 'price.apply')));
    expect(applies).toHaveLength(1);
    expect(applies[0]!.actorUserId).toBeNull();
    expect((await scheduler().runOnce()).pricesApplied).toBe(0);
    t.clock.set(START);
  });

  it('two schedulers racing apply each change once', async () => {
    t.clock.set(START);
    const styles = await Promise.all([1, 2, 3].map(() => createProduct(t.db, { netPricePaise: 100_000 })));
    for (const [i, s] of styles.entries()) {
      await call('POST', `/api/admin/products/${s.productId}/prices`, admin, { netPrice: 1000 + (i + 1) * 100, effectiveFrom: '2026-11-23' });
    }
    t.clock.set('2026-11-23T01:00:00.000Z');
    const [a, b] = await Promise.all([scheduler().runOnce(), scheduler().runOnce()]);
    const ids = styles.map((s) => String(s.productId));
    const applies = (await t.db.select().from(auditLog).where(eq(auditLog.action, 'price.apply'))).filter((r) => ids.includes(r.entityId!));
    expect(applies).toHaveLength(3);
    expect(a.pricesApplied + b.pricesApplied).toBeGreaterThanOrEqual(3);
    for (const [i, s] of styles.entries()) expect(await priceOf(s.productId)).toBe(100_000 + (i + 1) * 10_000);
    t.clock.set(START);
  });
});

describe('carts and orders', () => {
  it('a cart re-prices at once and shows the previous price; a new quantity clears it; a placed order keeps its price', async () => {
    t.clock.set(START);
    const { productId } = await createProduct(t.db, { netPricePaise: 100_000, stocks: [50] });
    const shop = await createRetailer(t.db);
    const headers = await headersFor(t, shop);
    const orderId = await placeOrder(t, headers, [{ productId, quantity: 2 }]);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/Product/addItemsToCart',
      headers,
      payload: { Products: [{ ProductId: productId, ColorVariant: 'C1', Quantity: 1 }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const cartOf = async () => (await call<CartResponse>('GET', '/api/Product/getCartItems', headers)).body.Data;
    expect((await cartOf()).cartItems[0]).toMatchObject({ ProductPrice: 1000, PreviousNetPrice: null });

    await call('POST', `/api/admin/products/${productId}/prices`, admin, { netPrice: 1200, effectiveFrom: '2026-11-20' });
    const line = (await cartOf()).cartItems[0]!;
    expect(line).toMatchObject({ ProductPrice: 1200, PreviousNetPrice: 1000 });
    expect(line.costPriceWithoutGST).toBe(1200);

    const [order] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(order!.unitPricePaise).toBe(100_000);

    const updated = await t.app.inject({
      method: 'POST',
      url: '/api/Product/updateItemsToCart',
      headers,
      payload: { lines: [{ CartProductDetailID: line.CartProductDetailId, Quantity: 3 }] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await cartOf()).cartItems[0]).toMatchObject({ ProductPrice: 1200, PreviousNetPrice: null, CartProductTotQuantity: 3 });
    const [stored] = await t.db.select().from(cartLines).where(eq(cartLines.id, line.CartProductDetailId));
    expect(stored!.netPricePaiseAtAdd).toBe(120_000);
  });
});

describe('GST by HSN', () => {
  it('lists the table with states and the active styles each entry applies to; the warehouse may read, not write', async () => {
    t.clock.set(START);
    await createProduct(t.db);
    const res = await call<GstRatesResponse>('GET', '/api/admin/gst-rates', warehouse);
    expect(res.status).toBe(200);
    const frames = res.body.Data.entries.filter((e) => e.hsnPrefix === '9003');
    expect(frames.map((e) => [e.ratePercent, e.state])).toEqual([
      [12, 'past'],
      [5, 'current'],
    ]);
    expect(frames[1]!.activeStyles).toBeGreaterThan(0);
    expect(frames[0]!.activeStyles).toBe(0);
    expect((await call('POST', '/api/admin/gst-rates', warehouse, { hsnPrefix: '9003', ratePercent: 12, validFrom: '2027-01-01' })).status).toBe(403);
  });

  it('refuses an overlap, a rate off the slabs, a start in the past; closes the current entry and opens the next, applied on its day', async () => {
    t.clock.set(START);
    const { productId } = await createProduct(t.db, { netPricePaise: 100_000 });
    const overlap = await call('POST', '/api/admin/gst-rates', admin, { hsnPrefix: '9003', ratePercent: 12, validFrom: '2027-01-01' });
    expect(overlap.status).toBe(409);
    expect(overlap.body.Error!.Message).toBe(text.gst.overlap('9003', '2025-09-22', null));
    expect((await call('POST', '/api/admin/gst-rates', admin, { hsnPrefix: '9003', ratePercent: 7, validFrom: '2027-01-01' })).status).toBe(400);
    const past = await call('POST', '/api/admin/gst-rates', admin, { hsnPrefix: '8888', ratePercent: 5, validFrom: '2026-11-01' });
    expect(past.body.Error!.Message).toBe(text.gst.validFromInPast);

    const list = await call<GstRatesResponse>('GET', '/api/admin/gst-rates', admin);
    const current = list.body.Data.entries.find((e) => e.hsnPrefix === '9003' && e.state === 'current')!;
    const tooEarly = await call('PATCH', `/api/admin/gst-rates/${current.id}`, admin, { validTo: '2026-11-01' });
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.Error!.Message).toBe(text.gst.validToInPast('2026-11-19'));
    const closed = await call<GstRateChangeResponse>('PATCH', `/api/admin/gst-rates/${current.id}`, admin, { validTo: '2026-12-31' });
    expect(closed.status, closed.raw).toBe(200);
    expect(closed.body.Data.entry).toMatchObject({ validTo: '2026-12-31', state: 'current' });
    expect(closed.body.Data.entry!.updated!.by.userId).toBe(adminId);
    const next = await call<GstRateChangeResponse>('POST', '/api/admin/gst-rates', admin, {
      hsnPrefix: '9003',
      ratePercent: 12,
      validFrom: '2027-01-01',
      notification: 'Notification 99/2026-Central Tax (Rate)',
    });
    expect(next.status, next.raw).toBe(200);
    expect(next.body.Data.entry).toMatchObject({ state: 'future', deletable: true, ratePercent: 12 });
    expect(next.body.Data.entry!.activeStyles).toBeGreaterThan(0);
    expect(next.body.Data.stylesUpdated).toBe(0);

    const rateOf = async () => Number((await t.db.select({ r: products.gstRatePercent }).from(products).where(eq(products.id, productId)))[0]!.r);
    expect(await rateOf()).toBe(5);
    t.clock.set('2026-12-31T18:29:00.000Z');
    await scheduler().runOnce();
    expect(await rateOf()).toBe(5);
    t.clock.set('2026-12-31T18:31:00.000Z');
    const run = await scheduler().runOnce();
    expect(run.gstStylesUpdated).toBeGreaterThan(0);
    expect(await rateOf()).toBe(12);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(productId)), eq(auditLog.action, 'product.gst_rate')));
    expect(audit[0]!.details).toMatchObject({ before: { gstRatePercent: 5 }, after: { gstRatePercent: 12 } });
    expect((await scheduler().runOnce()).gstStylesUpdated).toBe(0);

    // In force now: it cannot be deleted; before its day it could have been.
    const inForce = await call('DELETE', `/api/admin/gst-rates/${next.body.Data.entry!.id}`, admin);
    expect(inForce.status).toBe(409);
    expect(inForce.body.Error!.Message).toBe(text.gst.deleteInForce);
  });

  it('a change in force today re-rates the styles at once; a future entry may be deleted', async () => {
    // After the previous test's 12 % for 9003 came into force (the clock never goes back past a change it applied).
    t.clock.set('2027-01-02T10:00:00.000Z');
    const { productId } = await createProduct(t.db, { netPricePaise: 50_000 });
    await t.db.update(products).set({ hsnCode: '420292', gstRatePercent: 18 }).where(eq(products.id, productId));
    const today = await call<GstRateChangeResponse>('POST', '/api/admin/gst-rates', admin, { hsnPrefix: '420292', ratePercent: 5, validFrom: '2027-01-02' });
    expect(today.status, today.raw).toBe(200);
    expect(today.body.Data.stylesUpdated).toBe(1);
    expect(today.body.Data.entry).toMatchObject({ state: 'current', activeStyles: 1, deletable: false });
    expect(Number((await t.db.select({ r: products.gstRatePercent }).from(products).where(eq(products.id, productId)))[0]!.r)).toBe(5);

    const later = await call<GstRateChangeResponse>('POST', '/api/admin/gst-rates', admin, { hsnPrefix: '6307', ratePercent: 12, validFrom: '2027-02-01', validTo: '2027-01-20' });
    expect(later.status).toBe(400);
    expect(later.body.Error!.Message).toBe(text.gst.validToBeforeFrom);
    const future = await call<GstRateChangeResponse>('POST', '/api/admin/gst-rates', admin, { hsnPrefix: '630790', ratePercent: 12, validFrom: '2027-02-01' });
    const removed = await call<GstRateChangeResponse>('DELETE', `/api/admin/gst-rates/${future.body.Data.entry!.id}`, admin);
    expect(removed.status).toBe(200);
    expect(removed.body.Data.entries.some((e) => e.id === future.body.Data.entry!.id)).toBe(false);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'gst_rate'), eq(auditLog.entityId, String(future.body.Data.entry!.id))));
    expect(audit.map((a) => a.action)).toEqual(['gst_rate.create', 'gst_rate.delete']);
  });
});
