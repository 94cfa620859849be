/**
 * The catalogue desk's styles through the API (/api/admin/products, /api/admin/catalogue/masters):
 * create, edit, (de)activate, bulk, validation, roles, list filters, audit, and the catalogue seeing
 * a change at once while past orders keep the style. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { AdminProductDetail, AdminProductsResponse, StyleInput } from '@frameport/domain/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, config, priceChanges, productColours, productImages, products } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createRetailer, createStaffUser } from '../../test/factories.ts';
import { headersFor, placeOrder, type Headers } from '../../test/invoices.ts';
import { ensureTestMasters, styleInput, type TestMasters } from './test-masters.ts';

let t: TestApp;
let m: TestMasters;
let admin: Headers;
let warehouse: Headers;
let accounts: Headers;
let sales: Headers;
let retailer: Headers;
let adminId: number;

beforeAll(async () => {
  t = await buildTestApp();
  m = await ensureTestMasters(t.db);
  const a = await createStaffUser(t.db, 'admin');
  adminId = a.userId;
  admin = await headersFor(t, a);
  warehouse = await headersFor(t, await createStaffUser(t.db, 'warehouse'));
  accounts = await headersFor(t, await createStaffUser(t.db, 'accounts'));
  const r = await createRetailer(t.db, { stateCode: '36' });
  retailer = await headersFor(t, r);
  sales = await headersFor(t, await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r.retailerId] }));
});
afterAll(async () => t.close());

type Envelope<T> = { Status: number; Error: { Message: string } | null; Data: T };

async function call<T>(headers: Headers, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  const response = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
}

async function create(input: StyleInput | Record<string, unknown>): Promise<AdminProductDetail> {
  const { status, body } = await call<AdminProductDetail>(admin, 'POST', '/api/admin/products', input);
  expect(status, JSON.stringify(body)).toBe(201);
  return body.Data;
}

/** The refusal's status and message for creating `input`. */
async function refusal(input: unknown, headers = admin) {
  const { status, body } = await call<unknown>(headers, 'POST', '/api/admin/products', input);
  return { status, error: body.Error?.Message };
}

describe('create', () => {
  it('creates a style with two colours: 201 with the detail, FP code, GST from the table, stock, audit', async () => {
    const detail = await create(styleInput(m, 'API-AV-3001'));
    expect(detail).toMatchObject({
      modelNumber: 'API-AV-3001',
      brandId: m.brands['Urban Optix'],
      frameType: 'Full Rim',
      hsnCode: '9003',
      gstRatePercent: 5,
      netPrice: 1299,
      isActive: true,
      genderIds: [m.genders.Men],
      tags: ['Street Style', 'New Arrival'],
      releaseDate: '2026-11-01',
    });
    expect(detail.productCode).toMatch(/^FP\d{6}$/);
    expect(detail.colours).toMatchObject([
      { colourCode: 'C1', frameColour: 'Jet Black', frameColourHex: '#111111', templeColour: 'Jet Black', stock: 12, lowStockThreshold: null, effectiveLowStockThreshold: 5, images: [] },
      { colourCode: 'C2', frameColour: 'Havana Tortoise', templeColour: 'Rose Gold', stock: 0, lowStockThreshold: 3, effectiveLowStockThreshold: 3 },
    ]);
    expect(detail.created).toMatchObject({ by: { userId: adminId, name: 'Admin User', role: 'admin' }, at: '2026-11-20T10:00:00.000Z' });
    expect(detail.audit).toHaveLength(1);
    expect(detail.audit[0]).toMatchObject({ action: 'product.create', by: { userId: adminId } });
    // Numbered after the highest FP code.
    const next = await create(styleInput(m, 'API-AV-3002'));
    expect(Number(next.productCode.slice(2))).toBe(Number(detail.productCode.slice(2)) + 1);
  });

  it('refuses a model number already used, in any case (409), naming the style', async () => {
    const first = await create(styleInput(m, 'API-DUP-1'));
    expect(await refusal(styleInput(m, 'api-dup-1'))).toEqual({
      status: 409,
      error: `Model number api-dup-1 is already used by ${first.productCode} (${first.productName}).`,
    });
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await t.db.$count(products);
    const base = styleInput(m, 'API-BAD-1');
    const cases: [unknown, number, string][] = [
      [{ ...base, hsnCode: '90A' }, 400, 'HSN code must be 4 to 8 digits.'],
      [{ ...base, netPrice: 0 }, 400, 'Net price must be more than ₹0.'],
      [{ ...base, netPrice: 10.555 }, 400, 'Net price can have at most 2 decimals.'],
      [{ ...base, eyeSizeMm: 20 }, 400, 'Eye size must be between 30 and 75.'],
      [{ ...base, noseBridgeMm: 40 }, 400, 'Bridge must be between 10 and 30.'],
      [{ ...base, armLengthMm: 99 }, 400, 'Temple length must be between 100 and 165.'],
      [{ ...base, modelNumber: '' }, 400, 'Please enter the model number.'],
      [{ ...base, modelNumber: 'AB<script>' }, 400, 'A model number may hold letters, digits, - / . and spaces only.'],
      [{ ...base, colours: [] }, 400, 'A style needs at least one colour.'],
      [{ ...base, colours: [{ ...base.colours[0], colourCode: 'X1' }] }, 400, 'Colour code must be C1 to C99.'],
      [{ ...base, brandId: 999_999 }, 400, 'Brand #999999 does not exist. Please pick one from the list.'],
      [{ ...base, frameShapeId: 999_999 }, 400, 'Frame shape #999999 does not exist. Please pick one from the list.'],
      [{ ...base, materialId: 999_999 }, 400, 'Frame material #999999 does not exist. Please pick one from the list.'],
      [{ ...base, sizeId: 999_999 }, 400, 'Size #999999 does not exist. Please pick one from the list.'],
      [{ ...base, genderIds: [999_999] }, 400, 'Gender #999999 does not exist. Please pick one from the list.'],
      [{ ...base, productTypeId: 99 }, 400, 'Product type #99 does not exist. Please pick one from the list.'],
      [
        { ...base, colours: [{ ...base.colours[0], templeColourId: 999_999 }] },
        400,
        'Temple colour #999999 does not exist. Please pick one from the list.',
      ],
      [{ ...base, colours: [base.colours[0], { ...base.colours[1], colourCode: 'c1' }] }, 400, 'Colour code C1 is listed twice.'],
      [{ ...base, productTypeId: 4, frameType: 'Half Rim' }, 400, 'An accessory has no frame type: please leave Frame type empty.'],
      [
        { ...base, hsnCode: '123456' },
        400,
        'No GST rate is in force today for HSN 123456. Add the HSN to the GST rates table first, or check the code.',
      ],
      [{ ...base, gstRatePercent: 18 }, 400, 'The GST rate in force today for HSN 9003 is 5%, not 18%.'],
    ];
    for (const [input, status, error] of cases) expect(await refusal(input), error).toEqual({ status, error });
    expect(await t.db.$count(products)).toBe(before);
  });

  it('takes an accessory without frame type; a gstRatePercent equal to the rate in force is accepted', async () => {
    const detail = await create(styleInput(m, 'API-ACC-1', { productTypeId: 4, frameType: null, hsnCode: '4202', gstRatePercent: 18 }));
    expect(detail).toMatchObject({ productTypeId: 4, frameType: null, gstRatePercent: 18 });
  });
});

describe('patch', () => {
  it('changes the fields given and keeps the rest; adds a colour; a price applies today with its history; stock untouched', async () => {
    const created = await create(styleInput(m, 'API-PT-1'));
    const [c1, c2] = created.colours;
    const { status, body } = await call<AdminProductDetail>(admin, 'PATCH', `/api/admin/products/${created.id}`, {
      productName: 'Urban Optix Aviator Pro',
      netPrice: 1399.5,
      colours: [
        { id: c1!.id, colourCode: 'C1', frameColourId: m.colours['Rose Gold'], templeColourId: c1!.templeColourId, openingStock: 500 },
        { colourCode: 'C3', frameColourId: m.colours['Jet Black'], templeColourId: m.colours['Jet Black'], openingStock: 7 },
      ],
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const after = body.Data;
    expect(after).toMatchObject({
      productName: 'Urban Optix Aviator Pro',
      netPrice: 1399.5,
      frameType: 'Full Rim',
      eyeSizeMm: 52,
      tags: ['Street Style', 'New Arrival'],
      description: 'An aviator in acetate.',
    });
    expect(after.colours.map((c) => [c.colourCode, c.frameColour, c.stock, c.lowStockThreshold])).toEqual([
      ['C1', 'Rose Gold', 12, null],
      ['C2', 'Havana Tortoise', 0, 3],
      ['C3', 'Jet Black', 7, null],
    ]);
    expect(after.colours[1]!.id).toBe(c2!.id);
    const prices = await t.db.select().from(priceChanges).where(eq(priceChanges.productId, created.id)).orderBy(desc(priceChanges.id));
    expect(prices[0]).toMatchObject({ netPricePaise: 139_950, previousPricePaise: 129_900, effectiveFrom: '2026-11-20', createdByUserId: adminId });
    expect(after.audit[0]).toMatchObject({
      action: 'product.update',
      details: {
        before: { productName: 'Urban Optix Aviator API-PT-1', netPrice: 1299, 'C1.frameColour': 'Jet Black', C3: null },
        after: {
          productName: 'Urban Optix Aviator Pro',
          netPrice: 1399.5,
          'C1.frameColour': 'Rose Gold',
          C3: { frameColour: 'Jet Black', templeColour: 'Jet Black', lowStockThreshold: null, openingStock: 7 },
        },
      },
    });
    expect(after.updated).toMatchObject({ by: { userId: adminId } });
    const [row] = await t.db.select({ keywords: products.searchKeywords }).from(products).where(eq(products.id, created.id));
    expect(row!.keywords).toContain('Rose Gold Havana Tortoise Jet Black');
  });

  it('a PATCH that changes nothing writes no audit row; swapping two colour codes works', async () => {
    const created = await create(styleInput(m, 'API-PT-2'));
    const same = await call<AdminProductDetail>(admin, 'PATCH', `/api/admin/products/${created.id}`, { productName: created.productName });
    expect(same.status).toBe(200);
    expect(same.body.Data.audit).toHaveLength(1);
    const [c1, c2] = created.colours;
    const swapped = await call<AdminProductDetail>(admin, 'PATCH', `/api/admin/products/${created.id}`, {
      colours: [
        { id: c1!.id, colourCode: 'C2', frameColourId: c1!.frameColourId, templeColourId: c1!.templeColourId },
        { id: c2!.id, colourCode: 'C1', frameColourId: c2!.frameColourId, templeColourId: c2!.templeColourId },
      ],
    });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body.Data.colours.map((c) => [c.colourCode, c.id])).toEqual([
      ['C1', c2!.id],
      ['C2', c1!.id],
    ]);
  });

  it('refuses a duplicate model number, a colour of another style, a code another colour has, an unknown style', async () => {
    const one = await create(styleInput(m, 'API-PT-3'));
    const two = await create(styleInput(m, 'API-PT-4'));
    const dup = await call(admin, 'PATCH', `/api/admin/products/${two.id}`, { modelNumber: 'api-pt-3' });
    expect(dup).toMatchObject({ status: 409, body: { Error: { Message: `Model number api-pt-3 is already used by ${one.productCode} (${one.productName}).` } } });
    const foreign = one.colours[0]!;
    const notOurs = await call(admin, 'PATCH', `/api/admin/products/${two.id}`, {
      colours: [{ id: foreign.id, colourCode: 'C5', frameColourId: foreign.frameColourId, templeColourId: foreign.templeColourId }],
    });
    expect(notOurs).toMatchObject({ status: 400, body: { Error: { Message: `Colour #${foreign.id} is not a colour of this style.` } } });
    const taken = await call(admin, 'PATCH', `/api/admin/products/${two.id}`, {
      colours: [{ colourCode: 'C2', frameColourId: m.colours['Jet Black'], templeColourId: m.colours['Jet Black'] }],
    });
    expect(taken).toMatchObject({ status: 400, body: { Error: { Message: 'Colour code C2 is already used by another colour of this style.' } } });
    expect(await call(admin, 'PATCH', '/api/admin/products/999999', { productName: 'Nobody' })).toMatchObject({
      status: 404,
      body: { Error: { Message: 'Style not found.' } },
    });
    // Its own model number in another case is no conflict.
    const recased = await call<AdminProductDetail>(admin, 'PATCH', `/api/admin/products/${two.id}`, { modelNumber: 'api-pt-4' });
    expect(recased.status).toBe(200);
    expect(recased.body.Data.modelNumber).toBe('api-pt-4');
  });
});

describe('deactivate, activate, bulk', () => {
  it('deactivates and activates one style, audited once per change', async () => {
    const created = await create(styleInput(m, 'API-DA-1'));
    const off = await call<AdminProductDetail>(admin, 'POST', `/api/admin/products/${created.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.Data.isActive).toBe(false);
    expect(off.body.Data.audit[0]).toMatchObject({ action: 'product.deactivate', details: { before: { isActive: true }, after: { isActive: false } } });
    const again = await call<AdminProductDetail>(admin, 'POST', `/api/admin/products/${created.id}/deactivate`);
    expect(again.body.Data.audit).toHaveLength(2);
    const on = await call<AdminProductDetail>(admin, 'POST', `/api/admin/products/${created.id}/activate`);
    expect(on.body.Data.isActive).toBe(true);
    expect(on.body.Data.audit[0]!.action).toBe('product.activate');
    expect((await call(admin, 'POST', '/api/admin/products/999999/deactivate')).status).toBe(404);
  });

  it('bulk: counts changed and unchanged; an unknown id refuses the lot', async () => {
    const a = await create(styleInput(m, 'API-BK-1'));
    const b = await create(styleInput(m, 'API-BK-2'));
    await call(admin, 'POST', `/api/admin/products/${b.id}/deactivate`);
    const res = await call<{ changed: number; unchanged: number }>(admin, 'POST', '/api/admin/products/bulk', { ids: [a.id, b.id], action: 'deactivate' });
    expect(res).toMatchObject({ status: 200, body: { Data: { changed: 1, unchanged: 1 } } });
    const refused = await call(admin, 'POST', '/api/admin/products/bulk', { ids: [a.id, 999_999], action: 'activate' });
    expect(refused).toMatchObject({ status: 404, body: { Error: { Message: 'No style with id 999999.' } } });
    const [row] = await t.db.select({ isActive: products.isActive }).from(products).where(eq(products.id, a.id));
    expect(row!.isActive).toBe(false);
    expect((await call(admin, 'POST', '/api/admin/products/bulk', { ids: [], action: 'activate' })).body.Error?.Message).toBe('Please select at least one style.');
  });
});

describe('roles', () => {
  it('warehouse reads styles and masters but cannot write (403); accounts, sales executives and retailers get 403 everywhere', async () => {
    const style = await create(styleInput(m, 'API-RL-1'));
    const reads: [string, string][] = [
      ['GET', '/api/admin/products'],
      ['GET', `/api/admin/products/${style.id}`],
      ['GET', '/api/admin/catalogue/masters'],
    ];
    const writes: [string, string, unknown][] = [
      ['POST', '/api/admin/products', styleInput(m, 'API-RL-2')],
      ['PATCH', `/api/admin/products/${style.id}`, { productName: 'Nope Frame' }],
      ['POST', `/api/admin/products/${style.id}/deactivate`, undefined],
      ['POST', `/api/admin/products/${style.id}/activate`, undefined],
      ['POST', '/api/admin/products/bulk', { ids: [style.id], action: 'deactivate' }],
    ];
    for (const [method, url] of reads) expect((await call(warehouse, method as 'GET', url)).status, url).toBe(200);
    for (const [method, url, payload] of writes) expect((await call(warehouse, method as 'POST', url, payload)).status, url).toBe(403);
    for (const headers of [accounts, sales, retailer]) {
      for (const [method, url] of reads) expect((await call(headers, method as 'GET', url)).status, url).toBe(403);
      for (const [method, url, payload] of writes) expect((await call(headers, method as 'POST', url, payload)).status, url).toBe(403);
    }
    const [row] = await t.db.select({ name: products.productName, active: products.isActive }).from(products).where(eq(products.id, style.id));
    expect(row).toEqual({ name: style.productName, active: true });
  });
});

describe('list', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const lumen = m.brands['Lumen Park']!;
    const a = await create(styleInput(m, 'LST-RD-100', { productName: 'Lumen Round Classic', brandId: lumen, frameShapeId: m.shapes.Round!, netPrice: 500, genderIds: [m.genders.Women!] }));
    const b = await create(styleInput(m, 'LST-RD-200', { productName: 'Lumen Round Zeta', brandId: lumen, frameShapeId: m.shapes.Round!, netPrice: 900, materialId: m.materials.Titanium! }));
    const c = await create(
      styleInput(m, 'LST-AV-300', {
        productName: 'Lumen Aviator Sun',
        brandId: lumen,
        productTypeId: 2,
        hsnCode: '900410',
        netPrice: 700,
        colours: [{ colourCode: 'C1', frameColourId: m.colours['Jet Black']!, templeColourId: m.colours['Jet Black']!, openingStock: 0, lowStockThreshold: null }],
      }),
    );
    // b: every colour well stocked (C2 above its own threshold).
    await t.db.update(productColours).set({ availableStockQuantity: 50 }).where(eq(productColours.productId, b.id));
    await t.db.insert(productImages).values({ productColourId: a.colours[0]!.id, url: '/media/uploads/x.webp', imageName: 'x.webp', priority: 0, imageType: 'thumbnail' });
    ids = { a: a.id, b: b.id, c: c.id };
  });

  const list = async (query: string) => {
    const { status, body } = await call<AdminProductsResponse>(admin, 'GET', `/api/admin/products?brandId=${m.brands['Lumen Park']}&${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.Data;
  };
  const idsOf = (r: AdminProductsResponse) => r.products.map((p) => p.id);

  it('filters by text (model number with or without hyphens, name, brand), type, shape, material, gender, availability', async () => {
    expect(idsOf(await list('q=lst-rd&sort=model'))).toEqual([ids.a, ids.b]);
    expect(idsOf(await list('q=LSTRD200'))).toEqual([ids.b]);
    expect(idsOf(await list('q=zeta'))).toEqual([ids.b]);
    expect((await list('q=lumen park')).totalCount).toBe(3);
    expect(idsOf(await list('q=%25'))).toEqual([]);
    expect(idsOf(await list('productTypeId=2'))).toEqual([ids.c]);
    expect(idsOf(await list(`frameShapeId=${m.shapes.Round}&sort=model`))).toEqual([ids.a, ids.b]);
    expect(idsOf(await list(`materialId=${m.materials.Titanium}`))).toEqual([ids.b]);
    expect(idsOf(await list(`genderId=${m.genders.Women}`))).toEqual([ids.a]);
    expect(idsOf(await list('availability=outOfStock'))).toEqual([ids.c]);
    expect(idsOf(await list('availability=inStock&sort=model'))).toEqual([ids.a, ids.b]);
    // a: C2 has 0 ≤ its threshold 3; c: 0 ≤ the default 5; b: 50 each.
    expect(idsOf(await list('availability=lowStock&sort=model'))).toEqual([ids.c, ids.a]);
  });

  it('lowStock follows config LowStockThreshold', async () => {
    await t.db.insert(config).values({ configKey: 'LowStockThreshold', configValue: '60' }).onConflictDoUpdate({ target: config.configKey, set: { configValue: '60' } });
    try {
      expect(idsOf(await list('availability=lowStock&sort=model'))).toEqual([ids.c, ids.a, ids.b]);
    } finally {
      await t.db.delete(config).where(eq(config.configKey, 'LowStockThreshold'));
    }
  });

  it('sorts, pages and answers each row', async () => {
    expect(idsOf(await list('sort=priceAsc'))).toEqual([ids.a, ids.c, ids.b]);
    expect(idsOf(await list('sort=priceDesc'))).toEqual([ids.b, ids.c, ids.a]);
    expect(idsOf(await list('sort=name'))).toEqual([ids.c, ids.a, ids.b]);
    expect(idsOf(await list('sort=newest'))).toEqual([ids.c, ids.b, ids.a]);
    expect(idsOf(await list('sort=stockAsc'))).toEqual([ids.c, ids.a, ids.b]);
    const page2 = await list('sort=model&pageSize=2&pageNumber=2');
    expect(page2).toMatchObject({ totalCount: 3, pageNumber: 2, pageSize: 2 });
    expect(idsOf(page2)).toEqual([ids.b]);
    const row = (await list('sort=model&pageSize=1')).products[0]!;
    expect(row).toMatchObject({
      id: ids.c,
      modelNumber: 'LST-AV-300',
      brand: 'Lumen Park',
      productType: 'Sunglasses',
      frameShape: 'Aviator',
      netPrice: 700,
      gstRatePercent: 18,
      colourCount: 1,
      totalStock: 0,
      lowStockColours: 1,
      isActive: true,
      nextPrice: null,
      thumbnailUrl: null,
    });
    expect((await list('q=classic')).products[0]).toMatchObject({ thumbnailUrl: '/media/uploads/x.webp', totalStock: 12, lowStockColours: 1 });
  });

  it('active, inactive, all', async () => {
    await call(admin, 'POST', `/api/admin/products/${ids.b}/deactivate`);
    try {
      expect(idsOf(await list('sort=model'))).toEqual([ids.c, ids.a]);
      expect(idsOf(await list('active=inactive'))).toEqual([ids.b]);
      expect((await list('active=all')).totalCount).toBe(3);
    } finally {
      await call(admin, 'POST', `/api/admin/products/${ids.b}/activate`);
    }
  });
});

describe('masters', () => {
  it('lists the form’s masters and the GST rates in force today', async () => {
    const { status, body } = await call<{ brands: { id: number; name: string }[]; gstRates: { hsnPrefix: string; ratePercent: number }[]; frameTypes: string[]; defaultLowStockThreshold: number }>(
      warehouse,
      'GET',
      '/api/admin/catalogue/masters',
    );
    expect(status).toBe(200);
    expect(body.Data.brands).toContainEqual({ id: m.brands['Urban Optix'], name: 'Urban Optix' });
    expect(body.Data.frameTypes).toEqual(['Full Rim', 'Half Rim', 'Rimless']);
    expect(body.Data.gstRates).toContainEqual({ hsnPrefix: '9003', ratePercent: 5 });
    expect(body.Data.gstRates).toContainEqual({ hsnPrefix: '900410', ratePercent: 18 });
    expect(body.Data.gstRates.filter((r) => r.hsnPrefix === '9003')).toHaveLength(1);
    expect(body.Data.defaultLowStockThreshold).toBe(5);
  });
});

describe('the catalogue sees it at once', () => {
  it('a deactivated style leaves getAll and search at once (through the cache); a past order still shows it', async () => {
    const style = await create(styleInput(m, 'CACHE-AV-9001', { productName: 'Cachetest Aviator' }));
    const search = async () => {
      const url = `/api/Product/getAll?search=${encodeURIComponent('searchText=Cachetest')}&pageNumber=1&pageSize=14`;
      const response = await t.app.inject({ url, headers: retailer });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Envelope<{ searchResults: { value: { productId: number }[] } }>>().Data.searchResults.value.map((p) => p.productId);
    };
    const all = async () => {
      const response = await t.app.inject({ url: '/api/Product/getAll?pageNumber=1&pageSize=100', headers: retailer });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Envelope<{ searchResults: { value: { productId: number }[] } }>>().Data.searchResults.value.map((p) => p.productId);
    };
    expect(await search()).toEqual([style.id]);
    expect(await search()).toEqual([style.id]); // now cached
    expect(await all()).toContain(style.id);
    const orderId = await placeOrder(t, retailer, [{ productId: style.id, colorVariant: 'C1', quantity: 2 }]);

    await call(admin, 'POST', `/api/admin/products/${style.id}/deactivate`);
    expect(await search()).toEqual([]);
    expect(await all()).not.toContain(style.id);
    const details = await t.app.inject({ url: `/api/Order/getOrderDetails?orderId=${orderId}`, headers: retailer });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json<Envelope<{ lines: unknown[] }>>().Data.lines).toMatchObject([
      { ProductID: style.id, ProductName: 'Cachetest Aviator', ProductCode: style.productCode, ColorVariant: 'C1', ProductQty: 2 },
    ]);

    await call(admin, 'POST', `/api/admin/products/${style.id}/activate`);
    expect(await search()).toEqual([style.id]);
  });

  it('the detail lists every audit row about the style, newest first, including other writers’ (entity product)', async () => {
    const style = await create(styleInput(m, 'AUD-AV-1'));
    await t.db.insert(auditLog).values({ actorUserId: adminId, action: 'product.price.schedule', entity: 'product', entityId: String(style.id), details: { note: 'S2' }, createdAt: new Date('2026-11-20T11:00:00Z') });
    const { body } = await call<AdminProductDetail>(admin, 'GET', `/api/admin/products/${style.id}`);
    expect(body.Data.audit.map((a) => a.action)).toEqual(['product.price.schedule', 'product.create']);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(style.id))))).toHaveLength(2);
  });
});
