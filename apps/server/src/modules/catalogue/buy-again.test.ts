import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUY_AGAIN_LIMIT, type BuyAgainProduct, type Product } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { orders, productColours, products } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser, ensureCorporateDetails, loginAs } from '../../test/factories.ts';

/** GET /api/Product/getBuyAgain: a retailer's most ordered styles, through the real server. */

type Headers = { authorization: string };
type Line = { productId: number; colour: string; quantity: number };

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await ensureCorporateDetails(t.db);
});

afterAll(async () => {
  await t?.close();
});

async function retailer(stateCode: '36' | '29' = '36') {
  const user = await createRetailer(t.db, { stateCode });
  const { headers } = await loginAs(t.app, user);
  return { ...user, headers };
}

/** Places one order of `lines` for the retailer through the cart; answers the order id. */
async function order(headers: Headers, lines: Line[]): Promise<number> {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/Product/addItemsToCart',
    headers,
    payload: { Products: lines.map((line) => ({ ProductId: line.productId, ColorVariant: line.colour, Quantity: line.quantity })) },
  });
  expect(added.statusCode, added.body).toBe(200);
  const cart = await t.app.inject({ url: '/api/Product/getCartItems', headers });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/Order/placeOrder',
    headers,
    payload: { CartId: cart.json().Data.billToInfo.CartId, Note: '', Email: null },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().Data.OrderID;
}

async function buyAgain(headers: Headers, email?: string) {
  return t.app.inject({ url: `/api/Product/getBuyAgain${email ? `?email=${encodeURIComponent(email)}` : ''}`, headers });
}

async function buyAgainOf(headers: Headers, email?: string): Promise<BuyAgainProduct[]> {
  const response = await buyAgain(headers, email);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().Status).toBe(0);
  return response.json().Data.products;
}

describe('GET /api/Product/getBuyAgain', () => {
  it('lists the styles a retailer ordered most, by pieces over all its orders, in the catalogue shape priced for it', async () => {
    const asha = await retailer();
    const [a, b, c] = [await createProduct(t.db, { stocks: [100, 100] }), await createProduct(t.db, { stocks: [100] }), await createProduct(t.db, { stocks: [100] })];
    await order(asha.headers, [
      { productId: a.productId, colour: 'C1', quantity: 2 },
      { productId: b.productId, colour: 'C1', quantity: 5 },
      { productId: c.productId, colour: 'C1', quantity: 1 },
    ]);
    // A second order: A now has 2 + 4 = 6 pieces over two colours, more than B's 5.
    await order(asha.headers, [{ productId: a.productId, colour: 'C2', quantity: 4 }]);

    const list = await buyAgainOf(asha.headers);

    expect(list.map((product) => [product.productId, product.piecesOrdered])).toEqual([
      [a.productId, 6],
      [b.productId, 5],
      [c.productId, 1],
    ]);
    // The catalogue's own product, as the retailer's getAll/get answers it (prices and discounts for it).
    const [first] = list;
    const { piecesOrdered, ...product } = first!;
    expect(piecesOrdered).toBe(6);
    const catalogue = await t.app.inject({ url: `/api/Product/get?id=${a.productId}`, headers: asha.headers });
    expect(product).toEqual(catalogue.json<{ Data: Product }>().Data);
  });

  it(`shows at most ${BUY_AGAIN_LIMIT} styles`, async () => {
    const asha = await retailer();
    const made = [];
    for (let index = 0; index < BUY_AGAIN_LIMIT + 1; index++) made.push(await createProduct(t.db, { stocks: [50] }));
    // Style i ordered i + 1 pieces: the first one (1 piece) is the one left out.
    await order(
      asha.headers,
      made.map((product, index) => ({ productId: product.productId, colour: 'C1', quantity: index + 1 })),
    );

    const list = await buyAgainOf(asha.headers);

    expect(list.map((product) => product.productId)).toEqual(made.slice(1).reverse().map((product) => product.productId));
  });

  it('leaves out styles no longer sold or out of stock, and the colours out of stock', async () => {
    const asha = await retailer();
    const twoColours = await createProduct(t.db, { stocks: [40, 40] });
    const soldOut = await createProduct(t.db, { stocks: [40] });
    const retired = await createProduct(t.db, { stocks: [40] });
    await order(asha.headers, [
      { productId: twoColours.productId, colour: 'C1', quantity: 3 },
      { productId: soldOut.productId, colour: 'C1', quantity: 9 },
      { productId: retired.productId, colour: 'C1', quantity: 8 },
    ]);
    await t.db.update(productColours).set({ availableStockQuantity: 0 }).where(eq(productColours.productId, soldOut.productId));
    await t.db.update(productColours).set({ availableStockQuantity: 0 }).where(eq(productColours.id, twoColours.variants[0]!.id));
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, retired.productId));

    const list = await buyAgainOf(asha.headers);

    expect(list.map((product) => product.productId)).toEqual([twoColours.productId]);
    expect(list[0]!.productColor.map((colour) => [colour.colorVariant, colour.availableStockQuantity])).toEqual([['C2', 40]]);
    expect(list[0]!.isAvailable).toBe(true);
  });

  it('does not count cancelled orders, and never another retailer’s orders', async () => {
    const asha = await retailer();
    const other = await retailer('29');
    const mine = await createProduct(t.db, { stocks: [60] });
    const cancelled = await createProduct(t.db, { stocks: [60] });
    const theirs = await createProduct(t.db, { stocks: [60] });
    await order(asha.headers, [{ productId: mine.productId, colour: 'C1', quantity: 1 }]);
    const cancelledId = await order(asha.headers, [{ productId: cancelled.productId, colour: 'C1', quantity: 7 }]);
    await t.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, cancelledId));
    await order(other.headers, [
      { productId: theirs.productId, colour: 'C1', quantity: 20 },
      { productId: mine.productId, colour: 'C1', quantity: 20 },
    ]);

    expect((await buyAgainOf(asha.headers)).map((product) => [product.productId, product.piecesOrdered])).toEqual([[mine.productId, 1]]);
    expect((await buyAgainOf(other.headers)).map((product) => [product.productId, product.piecesOrdered])).toEqual([
      [mine.productId, 20],
      [theirs.productId, 20],
    ].sort((x, y) => y[0]! - x[0]!));
  });

  it('is empty for a retailer with no past orders', async () => {
    const asha = await retailer();
    expect(await buyAgainOf(asha.headers)).toEqual([]);
  });

  it('answers a sales executive for a linked retailer only (403 otherwise), and asks one to choose a retailer first (400)', async () => {
    const linked = await retailer();
    const unlinked = await retailer();
    const product = await createProduct(t.db, { stocks: [30] });
    await order(linked.headers, [{ productId: product.productId, colour: 'C1', quantity: 2 }]);
    await order(unlinked.headers, [{ productId: product.productId, colour: 'C1', quantity: 3 }]);
    const staff = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [linked.retailerId] });
    const { headers: sales } = await loginAs(t.app, staff);

    expect((await buyAgainOf(sales, linked.email)).map((p) => [p.productId, p.piecesOrdered])).toEqual([[product.productId, 2]]);

    const refused = await buyAgain(sales, unlinked.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Status: 1, Data: null });
    expect(refused.body).not.toContain(`"piecesOrdered"`);

    const nobody = await buyAgain(sales);
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().Error.Message).toBe(messages.cart.chooseRetailer);

    // A retailer cannot read another retailer's list by naming it.
    const named = await buyAgain(linked.headers, unlinked.email);
    expect(named.statusCode).toBe(403);
  });

  it('is described in /api/docs', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const get = document.paths['/api/Product/getBuyAgain']?.get;
    expect(get?.description).toContain('most pieces ordered first');
    expect(Object.keys(get?.responses ?? {})).toContain('200');
  });

  it('needs a session (401)', async () => {
    const response = await t.app.inject({ url: '/api/Product/getBuyAgain' });
    expect(response.statusCode).toBe(401);
  });
});
