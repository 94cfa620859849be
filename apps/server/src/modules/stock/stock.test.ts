/**
 * Stock on the catalogue desk through the real server: adjustments (refusals, concurrency,
 * idempotency, audit), a variant's movements with balances (orders included), the low-stock view
 * and its CSV, the import's setStockLevel, and the catalogue showing a change at once.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueDeskMessages, DEFAULT_LOW_STOCK_THRESHOLD, neutraliseCell } from '@frameport/domain';
import type { LowStockResponse, Product, StockAdjustmentResponse, StockMovementsResponse } from '@frameport/domain/contract';
import { auditLog, config, orders, productColours, products, stockMovements } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser, type TestUser } from '../../test/factories.ts';
import { headersFor, placeOrder, type Headers } from '../../test/invoices.ts';
import { adjustStock, setStockLevel } from './service.ts';

let t: TestApp;
let admin: Headers;
let adminUser: TestUser;
let warehouse: Headers;
let warehouseUser: TestUser;
let accounts: Headers;
let sales: Headers;
let retailer: Headers;
let retailerUser: TestUser & { retailerId: number };

beforeAll(async () => {
  t = await buildTestApp();
  adminUser = await createStaffUser(t.db, 'admin');
  admin = await headersFor(t, adminUser);
  warehouseUser = await createStaffUser(t.db, 'warehouse');
  warehouse = await headersFor(t, warehouseUser);
  accounts = await headersFor(t, await createStaffUser(t.db, 'accounts'));
  sales = await headersFor(t, await createStaffUser(t.db, 'salesexecutive'));
  retailerUser = await createRetailer(t.db, { stateCode: '36' });
  retailer = await headersFor(t, retailerUser);
});

afterAll(async () => {
  await t?.close();
});

const tag = () => randomBytes(4).toString('hex');

async function aVariant(stock = 10, extra: { name?: string } = {}) {
  const product = await createProduct(t.db, { stocks: [stock, stock], ...extra });
  return { productId: product.productId, id: product.variants[0]!.id, otherId: product.variants[1]!.id };
}

function adjust(headers: Headers, payload: Record<string, unknown>, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/stock-adjustments',
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    payload,
  });
}

async function stockOf(id: number): Promise<number> {
  const [row] = await t.db.select({ stock: productColours.availableStockQuantity }).from(productColours).where(eq(productColours.id, id));
  return row!.stock;
}

async function movementsOf(id: number) {
  return t.db.select().from(stockMovements).where(eq(stockMovements.productColourId, id)).orderBy(asc(stockMovements.id));
}

describe('POST /api/admin/stock-adjustments', () => {
  it('records a delivery: the new stock, a movement with reason, note and who, one audit row on the style', async () => {
    const v = await aVariant(10);
    const response = await adjust(warehouse, { productColourId: v.id, change: 25, reason: 'delivery', note: 'Challan 4471' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ Data: StockAdjustmentResponse }>().Data;
    expect(answer).toMatchObject({
      productColourId: v.id,
      stock: 35,
      movement: {
        productColourId: v.id,
        change: 25,
        balance: 35,
        reason: 'delivery',
        reasonLabel: 'Delivery received',
        note: 'Challan 4471',
        orderId: null,
        orderRefNo: null,
        by: { userId: warehouseUser.userId, name: 'Warehouse Person', role: 'warehouse' },
        at: t.clock.now().toISOString(),
      },
    });
    expect(await stockOf(v.id)).toBe(35);
    expect(await stockOf(v.otherId)).toBe(10);
    const movements = await movementsOf(v.id);
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ delta: 25, reason: 'delivery', note: 'Challan 4471', userId: warehouseUser.userId });
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(v.productId))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'stock.adjust',
      actorUserId: warehouseUser.userId,
      details: { productColourId: v.id, colourCode: 'C1', before: { stock: 10 }, after: { stock: 35 }, change: 25, reason: 'delivery' },
    });
  });

  it('takes stock out for damage and a count correction, down to exactly 0', async () => {
    const v = await aVariant(6);
    expect((await adjust(admin, { productColourId: v.id, change: -2, reason: 'damaged' })).statusCode).toBe(200);
    const last = await adjust(admin, { productColourId: v.id, change: -4, reason: 'count', note: '' });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().Data.stock).toBe(0);
    expect(last.json().Data.movement).toMatchObject({ reasonLabel: 'Count correction', note: null, balance: 0 });
  });

  it('refuses a change that would take the stock below 0 (409 naming what is left) and changes nothing', async () => {
    const v = await aVariant(3);
    const response = await adjust(warehouse, { productColourId: v.id, change: -4, reason: 'damaged' });
    expect(response.statusCode).toBe(409);
    const [product] = await t.db.select({ model: products.modelName }).from(products).where(eq(products.id, v.productId));
    expect(response.json().Error.Message).toBe(catalogueDeskMessages.stock.belowZero(3, `${product!.model} C1`));
    expect(response.json().Error.Message).toMatch(/^Only 3 in stock: /);
    expect(await stockOf(v.id)).toBe(3);
    expect(await movementsOf(v.id)).toEqual([]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(v.productId)))).toEqual([]);
  });

  it.each([
    [{ change: 0, reason: 'delivery' }, 'Change cannot be 0.'],
    [{ change: 1.5, reason: 'delivery' }, 'Change must be a whole number of pieces.'],
    [{ change: '5', reason: 'delivery' }, 'Change must be a whole number of pieces.'],
    [{ change: 5, reason: 'stolen' }, 'Please choose a reason'],
    [{ change: 5 }, 'Please choose a reason'],
    [{ change: 5, reason: 'delivery', note: 'x'.repeat(301) }, 'A note has at most 300 characters.'],
  ])('refuses %j with 400 "%s" and changes nothing', async (body, message) => {
    const v = await aVariant(5);
    const response = await adjust(admin, { productColourId: v.id, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().Error.Message).toContain(message);
    expect(await stockOf(v.id)).toBe(5);
    expect(await movementsOf(v.id)).toEqual([]);
  });

  it('answers 404 for a variant that does not exist', async () => {
    const response = await adjust(admin, { productColourId: 2_000_000_000, change: 1, reason: 'delivery' });
    expect(response.statusCode).toBe(404);
    expect(response.json().Error.Message).toBe(catalogueDeskMessages.stock.variantNotFound);
  });

  it('counts two adjustments made at the same moment, both', async () => {
    const v = await aVariant(10);
    const [a, b, c] = await Promise.all([
      adjust(admin, { productColourId: v.id, change: 7, reason: 'delivery' }),
      adjust(warehouse, { productColourId: v.id, change: -3, reason: 'damaged' }),
      adjust(warehouse, { productColourId: v.id, change: 5, reason: 'returned' }),
    ]);
    expect([a!.statusCode, b!.statusCode, c!.statusCode]).toEqual([200, 200, 200]);
    expect(await stockOf(v.id)).toBe(19);
    const movements = await movementsOf(v.id);
    expect(movements.map((m) => m.delta).sort((x, y) => x - y)).toEqual([-3, 5, 7]);
    // Each answer's stock is what its own change left: the three are distinct steps from 10 to 19.
    const stocks = [a!, b!, c!].map((r) => r.json().Data.stock as number);
    expect(new Set(stocks).size).toBe(3);
    expect(stocks).toContain(19);
  });

  it('does not let two removals together take more than there is: one is refused', async () => {
    const v = await aVariant(5);
    const answers = await Promise.all([
      adjust(admin, { productColourId: v.id, change: -4, reason: 'damaged' }),
      adjust(warehouse, { productColourId: v.id, change: -4, reason: 'count' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(v.id)).toBe(1);
    expect(await movementsOf(v.id)).toHaveLength(1);
  });

  it('is idempotent under an Idempotency-Key: a retry answers the first answer and changes nothing', async () => {
    const v = await aVariant(10);
    const key = `adj-${tag()}`;
    const first = await adjust(warehouse, { productColourId: v.id, change: 4, reason: 'delivery' }, key);
    const again = await adjust(warehouse, { productColourId: v.id, change: 4, reason: 'delivery' }, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().Data).toEqual(first.json().Data);
    expect(await stockOf(v.id)).toBe(14);
    expect(await movementsOf(v.id)).toHaveLength(1);
    const [twoAtOnce1, twoAtOnce2] = await Promise.all([
      adjust(admin, { productColourId: v.id, change: 1, reason: 'returned' }, `adj-${tag()}-x`),
      adjust(admin, { productColourId: v.id, change: 1, reason: 'returned' }, `adj-${tag()}-y`),
    ]);
    expect([twoAtOnce1!.statusCode, twoAtOnce2!.statusCode]).toEqual([200, 200]);
    expect(await stockOf(v.id)).toBe(16);
  });

  it('is for admin and warehouse staff only: accounts, a sales executive and a retailer get 403', async () => {
    const v = await aVariant(10);
    for (const headers of [accounts, sales, retailer]) {
      const response = await adjust(headers, { productColourId: v.id, change: 1, reason: 'delivery' });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/stock-adjustments', payload: { productColourId: v.id, change: 1, reason: 'delivery' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await stockOf(v.id)).toBe(10);
  });

  it('shows in the catalogue at once: getAll and the product page have the new stock', async () => {
    const name = `Stocktest ${tag()}`;
    const v = await aVariant(10, { name });
    const [product] = await t.db.select({ code: products.productCode }).from(products).where(eq(products.id, v.productId));
    const page = async () => {
      const response = await t.app.inject({
        url: `/api/Product/getAll?search=${encodeURIComponent(`searchText=${product!.code}`)}&pageNumber=1&pageSize=5`,
        headers: retailer,
      });
      expect(response.statusCode, response.body).toBe(200);
      const found = (response.json().Data.searchResults.value as Product[]).find((p) => p.productId === v.productId);
      return found!.productColor.find((c) => c.productColorId === v.id)!.availableStockQuantity;
    };
    const detail = async () => {
      const response = await t.app.inject({ url: `/api/Product/get?id=${v.productId}`, headers: retailer });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().Data as Product).productColor.find((c) => c.productColorId === v.id)!.availableStockQuantity;
    };
    expect(await page()).toBe(10);
    expect(await detail()).toBe(10);
    expect((await adjust(warehouse, { productColourId: v.id, change: 12, reason: 'delivery' })).statusCode).toBe(200);
    expect(await page()).toBe(22);
    expect(await detail()).toBe(22);
  });
});

describe('GET /api/admin/product-colours/:id/stock-movements', () => {
  it('lists every movement newest first with the stock after each, the order ref of an order and who', async () => {
    const v = await aVariant(20);
    expect((await adjust(warehouse, { productColourId: v.id, change: 5, reason: 'delivery', note: 'DN-1' })).statusCode).toBe(200);
    t.clock.advance(60_000);
    const orderId = await placeOrder(t, retailer, [{ productId: v.productId, colorVariant: 'C1', quantity: 3 }]);
    t.clock.advance(60_000);
    expect((await adjust(admin, { productColourId: v.id, change: -2, reason: 'damaged' })).statusCode).toBe(200);

    const response = await t.app.inject({ url: `/api/admin/product-colours/${v.id}/stock-movements`, headers: warehouse });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ Data: StockMovementsResponse }>().Data;
    expect(body.variant).toMatchObject({ productColourId: v.id, productId: v.productId, colourCode: 'C1', stock: 20, effectiveLowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD });
    expect(body.totalCount).toBe(3);
    expect(body.movements.map((m) => [m.change, m.balance, m.reason, m.reasonLabel])).toEqual([
      [-2, 20, 'damaged', 'Damaged'],
      [-3, 22, 'order', 'Order placed'],
      [5, 25, 'delivery', 'Delivery received'],
    ]);
    const [orderRow] = await t.db.select({ ref: orders.orderRefNo }).from(orders).where(eq(orders.id, orderId));
    expect(body.movements[1]).toMatchObject({ orderId, orderRefNo: orderRow!.ref, by: { userId: retailerUser.userId } });
    expect(body.movements[2]).toMatchObject({ note: 'DN-1', by: { name: 'Warehouse Person', role: 'warehouse' } });

    const page2 = await t.app.inject({ url: `/api/admin/product-colours/${v.id}/stock-movements?pageNumber=2&pageSize=2`, headers: admin });
    const second = page2.json<{ Data: StockMovementsResponse }>().Data;
    expect(second.totalCount).toBe(3);
    expect(second.movements.map((m) => [m.change, m.balance])).toEqual([[5, 25]]);
  });

  it('answers 404 for an unknown variant and 403 to accounts', async () => {
    expect((await t.app.inject({ url: '/api/admin/product-colours/2000000000/stock-movements', headers: admin })).statusCode).toBe(404);
    const v = await aVariant(1);
    expect((await t.app.inject({ url: `/api/admin/product-colours/${v.id}/stock-movements`, headers: accounts })).statusCode).toBe(403);
  });
});

describe('GET /api/admin/stock/low', () => {
  async function low(query: string, headers: Headers = warehouse) {
    const response = await t.app.inject({ url: `/api/admin/stock/low?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ Data: LowStockResponse }>().Data;
  }

  it('lists variants at or below their own threshold, else the default, lowest first; the query threshold overrides', async () => {
    const mark = tag();
    const p = await createProduct(t.db, { stocks: [5, 6, 2, 9], name: `Lowtest ${mark}` });
    // C4 has its own threshold 10: 9 is low; C2 (6) is above the default 5; C1 (5) is at it.
    await t.db.update(productColours).set({ lowStockThreshold: 10 }).where(eq(productColours.id, p.variants[3]!.id));
    const body = await low(`q=${mark}`);
    expect(body.defaultThreshold).toBe(DEFAULT_LOW_STOCK_THRESHOLD);
    expect(body.rows.map((r) => [r.colourCode, r.stock, r.threshold])).toEqual([
      ['C3', 2, 5],
      ['C1', 5, 5],
      ['C4', 9, 10],
    ]);
    expect(body.totalCount).toBe(3);
    const overridden = await low(`q=${mark}&threshold=2`);
    expect(overridden.rows.map((r) => r.colourCode)).toEqual(['C3']);
    const paged = await low(`q=${mark}&pageSize=1&pageNumber=2`);
    expect(paged.rows.map((r) => r.colourCode)).toEqual(['C1']);
    expect(paged.totalCount).toBe(3);
    const past = await low(`q=${mark}&pageSize=2&pageNumber=5`);
    expect(past).toMatchObject({ rows: [], totalCount: 3 });
  });

  it('takes the default from config LowStockThreshold when set', async () => {
    const mark = tag();
    await createProduct(t.db, { stocks: [7, 8, 9], name: `Cfgtest ${mark}` });
    await t.db.insert(config).values({ configKey: 'LowStockThreshold', configValue: '8', description: 'Low stock at or below' });
    try {
      const body = await low(`q=${mark}`);
      expect(body.defaultThreshold).toBe(8);
      expect(body.rows.map((r) => r.stock)).toEqual([7, 8]);
    } finally {
      await t.db.delete(config).where(eq(config.configKey, 'LowStockThreshold'));
    }
  });

  it('lists active styles by default; inactive or all on request; filters by brand', async () => {
    const mark = tag();
    const on = await createProduct(t.db, { stocks: [1], name: `Acttest on ${mark}` });
    const off = await createProduct(t.db, { stocks: [1], name: `Acttest off ${mark}` });
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, off.productId));
    expect((await low(`q=${mark}`)).rows.map((r) => r.productId)).toEqual([on.productId]);
    expect((await low(`q=${mark}&active=inactive`)).rows.map((r) => [r.productId, r.isActive])).toEqual([[off.productId, false]]);
    expect((await low(`q=${mark}&active=all`)).totalCount).toBe(2);
    const [brand] = await t.db.select({ id: products.brandId }).from(products).where(eq(products.id, on.productId));
    expect((await low(`q=${mark}&brandId=${brand!.id}`)).totalCount).toBe(1);
    expect((await low(`q=${mark}&brandId=${brand!.id + 1000}`)).totalCount).toBe(0);
  });

  it('downloads a CSV of every matching row, with the date in its name and formula cells neutralised', async () => {
    const mark = tag();
    const evil = `=HYPERLINK("http://evil.example","x") ${mark}`;
    await createProduct(t.db, { stocks: [0, 3], name: evil });
    const response = await t.app.inject({ url: `/api/admin/stock/low?q=${mark}&format=csv&pageSize=1`, headers: warehouse });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="low-stock-2026-11-20.csv"');
    const text = response.body.replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Model number,Product name,Brand,Colour code,Frame colour,Stock,Threshold,Active');
    // Both rows, though pageSize=1: the CSV is every matching row.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"") ${mark}"`);
    expect(lines[1]).toMatch(/,C1,Test Black,0,5,Yes$/);
    expect(lines[2]).toMatch(/,C2,Test Black,3,5,Yes$/);
    expect(neutraliseCell(evil)).toBe(`'${evil}`);
  });

  it('refuses a bad format and is 403 for accounts and retailers', async () => {
    const bad = await t.app.inject({ url: '/api/admin/stock/low?format=pdf', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error.Message).toBe('format must be json or csv.');
    for (const headers of [accounts, retailer]) {
      expect((await t.app.inject({ url: '/api/admin/stock/low', headers })).statusCode).toBe(403);
    }
  });
});

describe('adjustStock and setStockLevel (the import helper uses them)', () => {
  it('sets a level with one import movement and audit row; the same level again changes nothing', async () => {
    const v = await aVariant(10);
    const at = t.clock.now();
    const first = await t.db.transaction((tx) => setStockLevel(tx, { productColourId: v.id, level: 4, actorUserId: adminUser.userId, at, importJobId: 77 }));
    expect(first).toEqual({ changed: true, before: 10, after: 4 });
    const again = await t.db.transaction((tx) => setStockLevel(tx, { productColourId: v.id, level: 4, actorUserId: adminUser.userId, at, importJobId: 78 }));
    expect(again).toEqual({ changed: false, before: 4, after: 4 });
    const movements = await movementsOf(v.id);
    expect(movements).toHaveLength(1);
    expect(movements[0]).toMatchObject({ delta: -6, reason: 'import', note: 'Import #77' });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(v.productId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'stock.import', details: { importJobId: 77, before: { stock: 10 }, after: { stock: 4 } } });
    await expect(
      t.db.transaction((tx) => setStockLevel(tx, { productColourId: v.id, level: -1, actorUserId: adminUser.userId, at })),
    ).rejects.toThrow('Stock must be a whole number, 0 or more.');
  });

  it('rolls back with the caller’s transaction', async () => {
    const v = await aVariant(10);
    await expect(
      t.db.transaction(async (tx) => {
        await adjustStock(tx, { productColourId: v.id, change: 3, reason: 'delivery', note: null, actorUserId: adminUser.userId, at: t.clock.now() });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await stockOf(v.id)).toBe(10);
    expect(await movementsOf(v.id)).toEqual([]);
  });
});
