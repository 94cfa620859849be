import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { productColours, retailers, salesExecutiveRetailers, states } from '../../db/schema.ts';
import { DEMO_EMAILS, DEMO_PASSWORDS, seedDemo } from '../../db/seed/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loginAs } from '../../test/factories.ts';

/** The end-to-end tests' fresh accounts, on the demo data the e2e server runs on. */
let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp({ env: { TEST_SEEDING: 'true' } });
  await seedDemo(t.db, { products: 10, now: new Date('2026-11-01') });
  admin = (await loginAs(t.app, { email: DEMO_EMAILS.admin, password: DEMO_PASSWORDS.admin })).headers;
});

afterAll(async () => {
  await t?.close();
});

async function post<T>(url: string, payload: Record<string, unknown> = {}) {
  const response = await t.app.inject({ method: 'POST', url, headers: admin, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: T }>().Data;
}

type Account = { email: string; password: string; userId: number };
type Retailer = Account & { businessName: string; phone: string; stateCode: string; retailerId: number };

describe('POST /api/test/retailers and /api/test/sales-executives', () => {
  it('makes a fresh retailer in the state asked for, with the demo limits and password, linked to a fresh sales executive', async () => {
    const sales = await post<Account>('/api/test/sales-executives');
    const karnataka = await post<Retailer>('/api/test/retailers', { stateCode: '29', salesExecutiveUserId: sales.userId });
    const telangana = await post<Retailer>('/api/test/retailers', { stateCode: '36' });
    expect(karnataka.email).not.toBe(telangana.email);
    expect(karnataka.businessName).not.toBe(telangana.businessName);

    const [row] = await t.db
      .select({ stateCode: states.stateCode, perVariant: retailers.maxLimitPerVariant, quantity: retailers.maxOrderQuantity, value: retailers.maxOrderValuePaise })
      .from(retailers)
      .innerJoin(states, eq(states.id, retailers.stateId))
      .where(eq(retailers.id, karnataka.retailerId));
    expect(row).toEqual({ stateCode: '29', perVariant: 20, quantity: 500, value: 50_000_000 });

    // Each signs in with its password and sees itself; the sales executive may act for the linked one only.
    const asKarnataka = await loginAs(t.app, karnataka);
    const profile = await t.app.inject({ url: '/api/Account/getUserProfile', headers: asKarnataka.headers });
    expect(profile.json().Data.BusinessName).toBe(karnataka.businessName);
    const asSales = await loginAs(t.app, sales);
    const list = (await t.app.inject({ url: '/api/Account/getRetailersList', headers: asSales.headers })).json().Data as { BusinessName: string }[];
    expect(list.map((retailer) => retailer.BusinessName)).toEqual([karnataka.businessName]);
    await loginAs(t.app, telangana);
    const links = await t.db
      .select()
      .from(salesExecutiveRetailers)
      .where(eq(salesExecutiveRetailers.salesExecutiveUserId, sales.userId));
    expect(links).toHaveLength(1);
  });

  it('links only to a sales executive: another user id is 404', async () => {
    const retailer = await post<Retailer>('/api/test/retailers', { stateCode: '36' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/retailers',
      headers: admin,
      payload: { stateCode: '36', salesExecutiveUserId: retailer.userId },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(fail(messages.http.notFound));
  });

  it('takes only Telangana (36) or Karnataka (29)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/retailers', headers: admin, payload: { stateCode: '27' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('PUT /api/test/stock', () => {
  it('sets one colour’s stock, which a cart line above it then shows; an unknown colour is 404', async () => {
    const retailer = await post<Retailer>('/api/test/retailers', { stateCode: '36' });
    const asRetailer = (await loginAs(t.app, retailer)).headers;
    const [colour] = await t.db.select().from(productColours).limit(1);
    const put = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/test/stock', headers: admin, payload });
    expect((await put({ productId: colour!.productId, colorVariant: colour!.colorVariant, availableStockQuantity: 5 })).statusCode).toBe(200);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/Product/addItemsToCart',
      headers: asRetailer,
      payload: { Products: [{ ProductId: colour!.productId, ColorVariant: colour!.colorVariant, Quantity: 4 }] },
    });
    expect(added.statusCode, added.body).toBe(200);

    const lowered = await put({ productId: colour!.productId, colorVariant: colour!.colorVariant, availableStockQuantity: 2 });
    expect(lowered.json()).toEqual({ Status: 0, Error: null, Data: { availableStockQuantity: 2 } });
    const cart = (await t.app.inject({ url: '/api/Product/getCartItems', headers: asRetailer })).json().Data;
    expect(cart.cartItems[0].QuantityProblem).toBe(messages.quantity.placeOrderStock(2));
    expect(cart.LinesToChange).toBe(1);

    const unknown = await put({ productId: colour!.productId, colorVariant: 'C99', availableStockQuantity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(fail(messages.http.notFound));
  });
});
