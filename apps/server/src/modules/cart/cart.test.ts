import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '@frameport/domain/contract';
import { fail } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { auditLog, cartLines, carts, discountRules, productColours, retailers, states } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser, loginAs, HSN_NOT_IN_GST_TABLE } from '../../test/factories.ts';
import { CART_LINE_TTL_MS } from '../pricing/service.ts';

type Headers = { authorization: string };

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const paise = (rupees: number) => Math.round(rupees * 100);

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown) {
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function retailer(stateCode: '36' | '29' = '36') {
  const user = await createRetailer(t.db, { stateCode });
  // Remember-me: tests move the clock past a day.
  const { headers } = await loginAs(t.app, user, true);
  return { ...user, headers };
}

async function add(headers: Headers, products: { ProductId: number; ColorVariant: string; Quantity: number }[], Email?: string) {
  return call('POST', '/api/Product/addItemsToCart', headers, { Products: products, ...(Email ? { Email } : {}) });
}

async function cartOf(headers: Headers, email?: string): Promise<CartResponse> {
  const response = await call('GET', `/api/Product/getCartItems${email ? `?email=${encodeURIComponent(email)}` : ''}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: CartResponse }>().Data;
}

describe('addItemsToCart and getCartItems', () => {
  it('prices a Telangana cart with CGST + SGST and the state discount, totals adding up to the paisa', async () => {
    const r = await retailer('36');
    const [telangana] = await t.db.select().from(states).where(eq(states.stateCode, '36'));
    const product = await createProduct(t.db, { netPricePaise: 123_456, stocks: [10, 10] });
    await t.db.insert(discountRules).values({
      name: 'Telangana 10%',
      stateId: telangana!.id,
      usePercentage: true,
      discountPercentage: 10,
      priceFromPaise: 123_456,
      priceToPaise: 123_456,
    });
    const response = await add(r.headers, [
      { ProductId: product.productId, ColorVariant: 'C1', Quantity: 3 },
      { ProductId: product.productId, ColorVariant: 'C2', Quantity: 0 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ Status: 0, Data: { message: messages.cart.added, skipped: [], CartCount: 1 } });

    const cart = await cartOf(r.headers);
    expect(cart.cartItems).toHaveLength(1);
    const [line] = cart.cartItems;
    expect(line).toMatchObject({
      ProductID: product.productId,
      ColorVariant: 'C1',
      CartProductTotQuantity: 3,
      ProductPrice: 1234.56,
      Discount: { DiscountName: 'Telangana 10%', UsePercentage: '1', DiscountPercentage: 10, TotalDiscount: 123.46 },
      costPriceWithoutGST: 3333.3,
      CGSTValue: 83.33,
      SGSTValue: 83.33,
      IGSTValue: 0,
      CGSTRate: 2.5,
      SGSTRate: 2.5,
      IGSTRate: 0,
      CartProductTotPrice: 3499.96,
      IsExpired: false,
      ExpiresAt: new Date(t.clock.now().getTime() + CART_LINE_TTL_MS).toISOString(),
      availableStockQuantity: 10,
    });
    expect(cart).toMatchObject({
      cartItemsCount: 1,
      CartTotPrice: 3333.3,
      TotalCGSTValue: 83.33,
      TotalSGSTValue: 83.33,
      TotalIGSTValue: 0,
      cartTotalGSTAmt: 166.66,
      CartProductTotPricewithGST: 3499.96,
      rates: { cGSTRate: 2.5, sGSTRate: 2.5, iGSTRate: 0 },
      billToInfo: { GSTStateCode: '36', State: 'Telangana', BusinessName: 'Test Opticals' },
      ExpiryNotice: messages.cart.expiryNotice,
    });
  });

  it('applies a discount rule only within its validity dates (as of the clock)', async () => {
    const r = await retailer('36');
    const [telangana] = await t.db.select().from(states).where(eq(states.stateCode, '36'));
    const product = await createProduct(t.db, { netPricePaise: 77_700, stocks: [10] });
    const now = t.clock.now().getTime();
    const [rule] = await t.db
      .insert(discountRules)
      .values({
        name: 'Telangana festival 5%',
        stateId: telangana!.id,
        usePercentage: true,
        discountPercentage: 5,
        priceFromPaise: 77_700,
        priceToPaise: 77_700,
        validFrom: new Date(now + 86_400_000),
      })
      .returning();
    expect((await add(r.headers, [{ ProductId: product.productId, ColorVariant: 'C1', Quantity: 1 }])).statusCode).toBe(200);
    expect((await cartOf(r.headers)).cartItems[0]!.Discount).toBeNull();

    await t.db.update(discountRules).set({ validFrom: new Date(now - 86_400_000), validTo: new Date(now + 86_400_000) }).where(eq(discountRules.id, rule!.id));
    expect((await cartOf(r.headers)).cartItems[0]!.Discount).toMatchObject({ DiscountName: 'Telangana festival 5%', TotalDiscount: 38.85 });

    await t.db.update(discountRules).set({ validTo: new Date(now - 1000) }).where(eq(discountRules.id, rule!.id));
    expect((await cartOf(r.headers)).cartItems[0]!.Discount).toBeNull();
  });

  it('charges IGST to a Karnataka retailer; cart totals equal the sum of the lines', async () => {
    const r = await retailer('29');
    const a = await createProduct(t.db, { netPricePaise: 99_999, gstRatePercent: 12, hsnCode: HSN_NOT_IN_GST_TABLE });
    const b = await createProduct(t.db, { netPricePaise: 33_333, gstRatePercent: 5 });
    expect((await add(r.headers, [
      { ProductId: a.productId, ColorVariant: 'C1', Quantity: 3 },
      { ProductId: b.productId, ColorVariant: 'c1', Quantity: 7 },
    ])).statusCode).toBe(200);
    const cart = await cartOf(r.headers);
    expect(cart.cartItems).toHaveLength(2);
    for (const line of cart.cartItems) {
      expect(line.CGSTValue + line.SGSTValue).toBe(0);
      expect(line.IGSTValue).toBeGreaterThan(0);
    }
    const sum = (pick: (l: CartResponse['cartItems'][number]) => number) =>
      cart.cartItems.reduce((total, l) => total + paise(pick(l)), 0);
    expect(paise(cart.CartProductTotPricewithGST)).toBe(sum((l) => l.CartProductTotPrice));
    expect(paise(cart.TotalIGSTValue)).toBe(sum((l) => l.IGSTValue));
    expect(paise(cart.CartTotPrice)).toBe(sum((l) => l.costPriceWithoutGST));
    // 299,997 paise × 12% = 35,999.64 → 36,000 paise; 233,331 × 5% = 11,666.55 → 11,667
    expect(paise(cart.TotalIGSTValue)).toBe(36_000 + 11_667);
    expect(cart.billToInfo.GSTStateCode).toBe('29');
  });

  it('answers the range message for a quantity outside 0–100 or not whole, storing nothing', async () => {
    const r = await retailer();
    const p = await createProduct(t.db);
    for (const Quantity of [101, -1, 1.5]) {
      const response = await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity }]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(fail(messages.quantity.range));
    }
    expect((await cartOf(r.headers)).cartItems).toHaveLength(0);
  });

  it('needs at least one non-zero line', async () => {
    const r = await retailer();
    const p = await createProduct(t.db);
    const response = await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 0 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fail(messages.cart.nothingToAdd));
  });

  it('skips lines above the stock left (counting the cart) and names them; all above stock is 409 storing nothing', async () => {
    const r = await retailer();
    const p = await createProduct(t.db, { stocks: [5, 2] });
    const first = await add(r.headers, [
      { ProductId: p.productId, ColorVariant: 'C1', Quantity: 4 },
      { ProductId: p.productId, ColorVariant: 'C2', Quantity: 3 },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json().Data.skipped).toEqual([
      { ProductId: p.productId, ColorVariant: 'C2', Message: messages.quantity.onlyInStock(2) },
    ]);
    // 4 already in the cart: 2 more would be 6 > 5.
    const second = await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 2 }]);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual(fail(messages.quantity.onlyInStock(5)));
    const cart = await cartOf(r.headers);
    expect(cart.cartItems.map((l) => [l.ColorVariant, l.CartProductTotQuantity])).toEqual([['C1', 4]]);
  });

  it('adds to the existing line, keeping its added_at (topping up does not extend expiry)', async () => {
    const r = await retailer();
    const p = await createProduct(t.db);
    await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 2 }]);
    const before = (await cartOf(r.headers)).cartItems[0]!;
    t.clock.advance(60 * 60 * 1000);
    await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 3 }]);
    const after = (await cartOf(r.headers)).cartItems;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ CartProductTotQuantity: 5, ExpiresAt: before.ExpiresAt });
  });

  it('enforces MaxLimitPerVariant, MaxOrderQuantity and MaxOrderValue counting the cart', async () => {
    const r = await retailer();
    await t.db
      .update(retailers)
      .set({ maxLimitPerVariant: 5, maxOrderQuantity: 8, maxOrderValuePaise: 900_000 })
      .where(eq(retailers.id, r.retailerId));
    const p = await createProduct(t.db, { stocks: [50, 50, 50], netPricePaise: 100_000, gstRatePercent: 5 });
    expect((await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 4 }])).statusCode).toBe(200);
    const limit = await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 2 }]);
    expect(limit.statusCode).toBe(409);
    expect(limit.json()).toEqual(fail(messages.quantity.modelLimitOf(5)));
    // 4 + 5 = 9 pieces > 8
    const quantity = await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C2', Quantity: 5 }]);
    expect(quantity.json()).toEqual(fail(messages.quantity.orderQuantityLimit));
    // 8 pieces × ₹1,050 = ₹8,400 ≤ ₹9,000 passes; then value limit with a dearer product
    expect((await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C2', Quantity: 4 }])).statusCode).toBe(200);
    await t.db.update(retailers).set({ maxOrderQuantity: 500 }).where(eq(retailers.id, r.retailerId));
    const value = await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C3', Quantity: 1 }]);
    expect(value.statusCode).toBe(409);
    expect(value.json()).toEqual(fail(messages.quantity.orderValueLimit));
    expect((await cartOf(r.headers)).cartItems.map((l) => l.CartProductTotQuantity)).toEqual([4, 4]);
  });
});

describe('GST per rate (a cart mixing 5% frames and 18% sunglasses)', () => {
  /** ₹1,234.50 frames at 5% and ₹999.99 sunglasses at 18%: odd paise, so rounding per line shows. */
  async function mixedCart(stateCode: '36' | '29') {
    const r = await retailer(stateCode);
    const frame = await createProduct(t.db, { netPricePaise: 123_450, gstRatePercent: 5, stocks: [20] });
    const sunglass = await createProduct(t.db, { netPricePaise: 99_999, gstRatePercent: 18, productTypeId: 2, stocks: [20] });
    const accessory = await createProduct(t.db, { netPricePaise: 35_055, gstRatePercent: 18, productTypeId: 4, stocks: [20] });
    expect((await add(r.headers, [
      { ProductId: frame.productId, ColorVariant: 'C1', Quantity: 3 },
      { ProductId: sunglass.productId, ColorVariant: 'C1', Quantity: 7 },
      { ProductId: accessory.productId, ColorVariant: 'C1', Quantity: 1 },
    ])).statusCode).toBe(200);
    return cartOf(r.headers);
  }

  /** Every per-rate entry and every total is the sum of the lines' own amounts, to the paisa. */
  function expectSumsToThePaisa(cart: CartResponse) {
    const sum = <T>(items: T[], pick: (item: T) => number) => items.reduce((total, item) => total + paise(pick(item)), 0);
    expect(sum(cart.taxByRate, (g) => g.TaxableValue)).toBe(paise(cart.CartTotPrice));
    expect(sum(cart.taxByRate, (g) => g.CGSTValue)).toBe(paise(cart.TotalCGSTValue));
    expect(sum(cart.taxByRate, (g) => g.SGSTValue)).toBe(paise(cart.TotalSGSTValue));
    expect(sum(cart.taxByRate, (g) => g.IGSTValue)).toBe(paise(cart.TotalIGSTValue));
    expect(paise(cart.CartTotPrice) + paise(cart.cartTotalGSTAmt)).toBe(paise(cart.CartProductTotPricewithGST));
    for (const group of cart.taxByRate) {
      const lines = cart.cartItems.filter((l) => l.CGSTRate + l.SGSTRate + l.IGSTRate === group.GSTRate);
      expect(sum(lines, (l) => l.costPriceWithoutGST)).toBe(paise(group.TaxableValue));
      expect(sum(lines, (l) => l.CGSTValue + l.SGSTValue + l.IGSTValue)).toBe(
        paise(group.CGSTValue) + paise(group.SGSTValue) + paise(group.IGSTValue),
      );
    }
  }

  it('Telangana: one CGST + SGST entry per rate, rates null, entries adding up to the totals', async () => {
    const cart = await mixedCart('36');
    expect(cart.rates).toBeNull();
    // 3 × ₹1,234.50 = ₹3,703.50 at 2.5% → ₹92.5875 → ₹92.59 each;
    // 7 × ₹999.99 = ₹6,999.93 at 9% → ₹629.9937 → ₹629.99, and ₹350.55 at 9% → ₹31.5495 → ₹31.55 (per line).
    expect(cart.taxByRate).toEqual([
      { GSTRate: 5, TaxableValue: 3703.5, CGSTRate: 2.5, CGSTValue: 92.59, SGSTRate: 2.5, SGSTValue: 92.59, IGSTRate: 0, IGSTValue: 0 },
      { GSTRate: 18, TaxableValue: 7350.48, CGSTRate: 9, CGSTValue: 661.54, SGSTRate: 9, SGSTValue: 661.54, IGSTRate: 0, IGSTValue: 0 },
    ]);
    expect([cart.TotalCGSTValue, cart.TotalSGSTValue, cart.TotalIGSTValue]).toEqual([754.13, 754.13, 0]);
    expectSumsToThePaisa(cart);
  });

  it('Karnataka: one IGST entry per rate, rates null, entries adding up to the totals', async () => {
    const cart = await mixedCart('29');
    expect(cart.rates).toBeNull();
    // ₹3,703.50 × 5% = ₹185.175 → ₹185.18; ₹6,999.93 × 18% = ₹1,259.9874 → ₹1,259.99; ₹350.55 × 18% = ₹63.099 → ₹63.10.
    expect(cart.taxByRate).toEqual([
      { GSTRate: 5, TaxableValue: 3703.5, CGSTRate: 0, CGSTValue: 0, SGSTRate: 0, SGSTValue: 0, IGSTRate: 5, IGSTValue: 185.18 },
      { GSTRate: 18, TaxableValue: 7350.48, CGSTRate: 0, CGSTValue: 0, SGSTRate: 0, SGSTValue: 0, IGSTRate: 18, IGSTValue: 1323.09 },
    ]);
    expect(cart.TotalIGSTValue).toBe(1508.27);
    expectSumsToThePaisa(cart);
  });

  it('keeps rates for a cart of one rate, and gives rates of 0 and no entries for an empty cart', async () => {
    const r = await retailer('29');
    expect((await cartOf(r.headers))).toMatchObject({ rates: { cGSTRate: 0, sGSTRate: 0, iGSTRate: 0 }, taxByRate: [] });
    const p = await createProduct(t.db, { netPricePaise: 50_000, gstRatePercent: 18, productTypeId: 2 });
    expect((await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 2 }])).statusCode).toBe(200);
    const cart = await cartOf(r.headers);
    expect(cart.rates).toEqual({ cGSTRate: 0, sGSTRate: 0, iGSTRate: 18 });
    expect(cart.taxByRate).toEqual([
      { GSTRate: 18, TaxableValue: 1000, CGSTRate: 0, CGSTValue: 0, SGSTRate: 0, SGSTValue: 0, IGSTRate: 18, IGSTValue: 180 },
    ]);
  });

  it('gives each line its price after discount', async () => {
    const r = await retailer('36');
    const [telangana] = await t.db.select().from(states).where(eq(states.stateCode, '36'));
    const p = await createProduct(t.db, { netPricePaise: 654_321 });
    await t.db.insert(discountRules).values({
      name: 'Telangana ₹100 off', stateId: telangana!.id, usePercentage: false, discountAmountPaise: 10_000,
      priceFromPaise: 654_321, priceToPaise: 654_321,
    });
    expect((await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 2 }])).statusCode).toBe(200);
    const [line] = (await cartOf(r.headers)).cartItems;
    expect([line!.ProductPrice, line!.NetUnitPrice, line!.costPriceWithoutGST]).toEqual([6543.21, 6443.21, 12886.42]);
  });
});

describe('lines that cannot be ordered as they stand', () => {
  it('flags a line whose colour’s stock fell below its quantity, and one above the per-colour limit, over the whole cart', async () => {
    const r = await retailer('36');
    await t.db.update(retailers).set({ maxLimitPerVariant: 6 }).where(eq(retailers.id, r.retailerId));
    const p = await createProduct(t.db, { stocks: [10, 10, 10] });
    expect((await add(r.headers, [
      { ProductId: p.productId, ColorVariant: 'C1', Quantity: 5 },
      { ProductId: p.productId, ColorVariant: 'C2', Quantity: 6 },
      { ProductId: p.productId, ColorVariant: 'C3', Quantity: 2 },
    ])).statusCode).toBe(200);
    let cart = await cartOf(r.headers);
    expect(cart.cartItems.map((l) => l.QuantityProblem)).toEqual([null, null, null]);
    expect([cart.LinesToChange, cart.MaxLimitPerVariant]).toEqual([0, 6]);

    // Stock fell since the lines were added (another retailer's order), and the limit was lowered.
    await t.db.update(productColours).set({ availableStockQuantity: 3 }).where(eq(productColours.id, p.variants[0]!.id));
    await t.db.update(retailers).set({ maxLimitPerVariant: 4 }).where(eq(retailers.id, r.retailerId));
    cart = await cartOf(r.headers);
    expect(cart.cartItems.map((l) => l.QuantityProblem)).toEqual([
      messages.quantity.placeOrderStock(3),
      'Model quantity limit reached for this color (max 4 per colour)',
      null,
    ]);
    expect([cart.LinesToChange, cart.MaxLimitPerVariant]).toEqual([2, 4]);
    // Counted over the whole cart, not only the page asked for.
    const page = await call('GET', '/api/Product/getCartItems?pageNumber=3&pageSize=1', r.headers);
    expect(page.json<{ Data: CartResponse }>().Data).toMatchObject({ LinesToChange: 2, cartItems: [{ QuantityProblem: null }] });
  });
});

describe('updateItemsToCart', () => {
  it('sets quantities, recomputing prices whatever the client sends, within stock and limits', async () => {
    const r = await retailer('29');
    const p = await createProduct(t.db, { stocks: [6] });
    await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 1 }]);
    const line = (await cartOf(r.headers)).cartItems[0]!;
    const update = (Quantity: number) =>
      call('POST', '/api/Product/updateItemsToCart', r.headers, {
        lines: [{ CartProductDetailID: line.CartProductDetailId, Quantity, costPriceWithoutGST: 1, IGSTRate: 0, CGSTRate: 0, SGSTRate: 0 }],
      });
    const ok = await update(4);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().Data).toMatchObject({ message: messages.cart.updated, CartTotPrice: 4000, TotalIGSTValue: 200, CartProductTotPricewithGST: 4200 });
    expect((await update(7)).json()).toEqual(fail(messages.quantity.onlyInStock(6)));
    expect((await update(0)).json()).toEqual(fail(messages.quantity.range));
    expect((await update(101)).json()).toEqual(fail(messages.quantity.range));
    expect((await cartOf(r.headers)).cartItems[0]!.CartProductTotQuantity).toBe(4);
  });

  it('refuses to change a free line and another retailer’s line (404)', async () => {
    const r = await retailer();
    const other = await retailer();
    const p = await createProduct(t.db);
    await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 1 }]);
    const [cart] = await t.db.select().from(carts).where(eq(carts.retailerId, r.retailerId));
    const [free] = await t.db
      .insert(cartLines)
      .values({ cartId: cart!.id, productColourId: p.variants[0]!.id, quantity: 1, isFree: true, addedAt: t.clock.now() })
      .returning();
    const freeUpdate = await call('POST', '/api/Product/updateItemsToCart', r.headers, {
      lines: [{ CartProductDetailID: free!.id, Quantity: 2 }],
    });
    expect(freeUpdate.statusCode).toBe(409);
    expect(freeUpdate.json()).toEqual(fail(messages.cart.freeLineFixed));
    const view = await cartOf(r.headers);
    expect(view.cartItems.find((l) => l.IsFree)).toMatchObject({ ProductPrice: 0, CartProductTotPrice: 0 });

    const foreign = await call('POST', '/api/Product/updateItemsToCart', other.headers, {
      lines: [{ CartProductDetailID: free!.id, Quantity: 1 }],
    });
    expect(foreign.statusCode).toBe(404);
    const foreignDelete = await call('DELETE', `/api/Product/deleteCartItems?CartProductDetailID=${free!.id}`, other.headers);
    expect(foreignDelete.statusCode).toBe(404);
    expect((await cartOf(r.headers)).cartItems).toHaveLength(2);
  });
});

describe('expiry, delete, clear and count', () => {
  it('flags lines older than 24 hours, leaves them out of the totals, and lets them be removed', async () => {
    const r = await retailer();
    const p = await createProduct(t.db, { stocks: [10, 10] });
    await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 2 }]);
    t.clock.advance(CART_LINE_TTL_MS - 1000);
    await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C2', Quantity: 1 }]);
    t.clock.advance(2000);
    const cart = await cartOf(r.headers);
    const [old, fresh] = cart.cartItems;
    expect(old).toMatchObject({ ColorVariant: 'C1', IsExpired: true, ExpiredMessage: messages.cart.lineExpired });
    expect(fresh).toMatchObject({ ColorVariant: 'C2', IsExpired: false, ExpiredMessage: null });
    expect(cart.CartProductTotPricewithGST).toBe(fresh!.CartProductTotPrice);

    const count = await call('GET', '/api/Product/getCartItemsCount', r.headers);
    expect(count.json().Data).toEqual({ CartCount: 2, TotalQuantity: 1, CartTotalWithGST: fresh!.CartProductTotPrice });

    const update = await call('POST', '/api/Product/updateItemsToCart', r.headers, {
      lines: [{ CartProductDetailID: old!.CartProductDetailId, Quantity: 1 }],
    });
    expect(update.json()).toEqual(fail(messages.cart.lineExpired));

    const removed = await call('DELETE', `/api/Product/deleteCartItems?CartProductDetailID=${old!.CartProductDetailId}`, r.headers);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().Data).toEqual({ productCount: 1, cartProductTotPricewithGST: fresh!.CartProductTotPrice });

    const cleared = await call('DELETE', '/api/Product/clearCart', r.headers);
    expect(cleared.json().Data).toEqual({ message: messages.cart.cleared, productCount: 0 });
    expect((await call('GET', '/api/Product/getCartItemsCount', r.headers)).json().Data.CartCount).toBe(0);
  });

  it('restarts an expired line when the same colour is added again', async () => {
    const r = await retailer();
    const p = await createProduct(t.db);
    await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 2 }]);
    t.clock.advance(CART_LINE_TTL_MS + 1);
    await add(r.headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 3 }]);
    const [line] = (await cartOf(r.headers)).cartItems;
    expect(line).toMatchObject({ CartProductTotQuantity: 3, IsExpired: false });
  });
});

describe('acting for a retailer', () => {
  it('a sales executive needs a chosen retailer, may act for a linked one (audited), not for others', async () => {
    const linked = await retailer();
    const stranger = await retailer();
    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [linked.retailerId] });
    const { headers } = await loginAs(t.app, sales);
    const p = await createProduct(t.db);

    const none = await add(headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 1 }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual(fail(messages.cart.chooseRetailer));
    expect((await call('GET', '/api/Product/getCartItems', headers)).statusCode).toBe(400);

    const forbidden = await add(headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 1 }], stranger.email);
    expect(forbidden.statusCode).toBe(403);

    const okay = await add(headers, [{ ProductId: p.productId, ColorVariant: 'C1', Quantity: 1 }], linked.email);
    expect(okay.statusCode, okay.body).toBe(200);
    expect((await cartOf(headers, linked.email)).cartItems).toHaveLength(1);
    expect((await cartOf(linked.headers)).cartItems).toHaveLength(1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.onBehalfOfRetailerId, linked.retailerId));
    expect(audit.map((a) => [a.action, a.actorUserId])).toEqual([['cart.add', sales.userId]]);

    // A retailer naming another retailer's email is 403.
    expect((await call('GET', `/api/Product/getCartItems?email=${encodeURIComponent(stranger.email)}`, linked.headers)).statusCode).toBe(403);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/Product/getCartItems' })).statusCode).toBe(401);
  });
});
