/**
 * `npm run test:replicas`: three server processes on one PostgreSQL database and one S3-compatible
 * object store, started at the same moment on an empty database, checked only through HTTP:
 * whatever one replica is told, the others know. Needs PostgreSQL (REPLICAS_DATABASE_URL or
 * TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres); `.ci/run` runs it when
 * PostgreSQL answers.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, UserProfile } from '@frameport/domain/contract';
import { openDatabase, type Database } from '../db/client.ts';
import { orderLines, orders, priceChanges, productColours, products } from '../db/schema.ts';
import { createRetailer } from './factories.ts';
import { createScratchDatabase, startReplica, waitHealthy, type Replica } from './replicas.ts';
import { startS3Server } from './s3.ts';

const BASE_URL =
  process.env.REPLICAS_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let database: Database;
let replicas: Replica[] = [];
let [a, b, c] = [] as unknown as [Replica, Replica, Replica];

async function signIn(replica: Replica, email: string, password: string) {
  const response = await fetch(`${replica.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
  });
  return { status: response.status, body: (await response.json()) as { access_token?: string; error?: string } };
}

async function tokenOn(replica: Replica, email: string, password: string): Promise<Record<string, string>> {
  const { status, body } = await signIn(replica, email, password);
  if (status !== 200 || !body.access_token) throw new Error(`sign-in on ${replica.name}: ${status} ${JSON.stringify(body)}`);
  return { authorization: `Bearer ${body.access_token}` };
}

type Envelope<T> = { Status: number; Data: T; Error: { Message: string } | null };

async function call<T = unknown>(replica: Replica, method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${replica.url}${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as Envelope<T> };
}

/** A frame variant with stock; its stock set to `stock`. */
async function variantWithStock(stock: number, skip = 0) {
  const [variant] = await database.db
    .select({ id: productColours.id, productId: productColours.productId, colorVariant: productColours.colorVariant, code: products.productCode })
    .from(productColours)
    .innerJoin(products, eq(products.id, productColours.productId))
    .where(and(inArray(products.productTypeId, [1, 2]), eq(products.isActive, true)))
    .orderBy(productColours.id)
    .offset(skip)
    .limit(1);
  if (!variant) throw new Error('no frame variant seeded');
  await database.db.update(productColours).set({ availableStockQuantity: stock }).where(eq(productColours.id, variant.id));
  return variant;
}

beforeAll(async () => {
  scratch = await createScratchDatabase(BASE_URL);
  s3 = await startS3Server();
  const env = { DATABASE_URL: scratch.url, SEED_DEMO: 'true', SEED_PRODUCTS: '60', DATABASE_POOL_MAX: '5', ...s3.env };
  // All three at once on the empty database: one migrates and seeds, the others wait for it.
  replicas = await Promise.all(['A', 'B', 'C'].map((name) => startReplica(name, env)));
  [a, b, c] = replicas as [Replica, Replica, Replica];
  await Promise.all(replicas.map((replica) => waitHealthy(replica)));
  database = await openDatabase({ databaseUrl: scratch.url, poolMax: 3 });
}, 240_000);

afterAll(async () => {
  const codes = await Promise.all(replicas.map((replica) => replica.stop()));
  await database?.close();
  await s3?.stop();
  await scratch?.drop();
  // A replica stopped by SIGTERM exits 0 (graceful shutdown).
  expect(codes).toEqual(replicas.map(() => 0));
}, 60_000);

describe('three replicas on one PostgreSQL and one object store', () => {
  it('started together on an empty database: all healthy, the demo data seeded once', async () => {
    const seeded = replicas.filter((replica) => replica.output().includes('demo data seeded'));
    expect(seeded.map((replica) => replica.name), replicas.map((r) => `${r.name}:\n${r.output()}`).join('\n')).toHaveLength(1);
    const [row] = await database.db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(products);
    expect(row?.count).toBe(60);
  });

  it('a token from replica A works on B and C; signing out on C ends it everywhere', async () => {
    const headers = await tokenOn(a, 'retailer@frameport.test', 'Retailer@123');
    for (const replica of [b, c]) {
      const profile = await call<UserProfile>(replica, 'GET', '/api/Account/getUserProfile', headers);
      expect(profile.status, replica.name).toBe(200);
      expect(profile.json.Data.Email).toBe('retailer@frameport.test');
    }
    expect((await call(c, 'POST', '/api/Account/logout', headers)).status).toBe(200);
    expect((await call(a, 'GET', '/api/Account/getUserProfile', headers)).status).toBe(401);
  });

  it('a cart filled on A is read on C', async () => {
    const variant = await variantWithStock(50, 0);
    const headers = await tokenOn(a, 'retailer.blr@frameport.test', 'Retailer@123');
    await call(a, 'DELETE', '/api/Product/clearCart', headers);
    const added = await call(a, 'POST', '/api/Product/addItemsToCart', headers, {
      Products: [{ ProductId: variant.productId, ColorVariant: variant.colorVariant, Quantity: 3 }],
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const cart = await call<CartResponse>(c, 'GET', '/api/Product/getCartItems?pageNumber=1&pageSize=10', headers);
    expect(cart.status).toBe(200);
    expect(cart.json.Data.cartItems).toEqual([
      expect.objectContaining({ ProductID: variant.productId, ColorVariant: variant.colorVariant, CartProductTotQuantity: 3 }),
    ]);
    await call(b, 'DELETE', '/api/Product/clearCart', headers);
    expect((await call(c, 'GET', '/api/Product/getCartItemsCount', headers)).json.Data).toMatchObject({ CartCount: 0 });
  });

  it('four orders racing for a low-stock variant over the three replicas never oversell', async () => {
    const STOCK = 5;
    const EACH = 2;
    const variant = await variantWithStock(STOCK, 1);
    const buyers = await Promise.all([0, 1, 2, 3].map(() => createRetailer(database.db)));
    const where = [a, b, c, a];
    const carts = await Promise.all(
      buyers.map(async (buyer, i) => {
        const replica = where[i]!;
        const headers = await tokenOn(replica, buyer.email, buyer.password);
        const added = await call(replica, 'POST', '/api/Product/addItemsToCart', headers, {
          Products: [{ ProductId: variant.productId, ColorVariant: variant.colorVariant, Quantity: EACH }],
        });
        expect(added.status).toBe(200);
        const cart = await call<CartResponse>(replica, 'GET', '/api/Product/getCartItems?pageNumber=1&pageSize=10', headers);
        return { replica, headers, cartId: cart.json.Data.billToInfo.CartId };
      }),
    );
    const placed = await Promise.all(
      carts.map(({ replica, headers, cartId }, i) =>
        call(replica, 'POST', '/api/Order/placeOrder', { ...headers, 'idempotency-key': `race-${scratch.name}-${i}` }, {
          CartId: cartId,
          Note: 'race',
          Email: null,
        }),
      ),
    );
    const won = placed.filter((answer) => answer.status === 200);
    const lost = placed.filter((answer) => answer.status !== 200);
    expect(won).toHaveLength(Math.floor(STOCK / EACH));
    for (const answer of lost) expect(answer.status, JSON.stringify(answer.json)).toBe(409);

    const [stock] = await database.db
      .select({ left: productColours.availableStockQuantity })
      .from(productColours)
      .where(eq(productColours.id, variant.id));
    const [taken] = await database.db
      .select({ quantity: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number) })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.productColourId, variant.id), inArray(orders.retailerId, buyers.map((buyer) => buyer.retailerId))));
    expect(stock!.left).toBeGreaterThanOrEqual(0);
    expect(taken!.quantity).toBe(won.length * EACH);
    expect(stock!.left).toBe(STOCK - taken!.quantity);
  });

  it('an image uploaded on A is in the catalogue and served on B and C within one second', async () => {
    const variant = await variantWithStock(10, 2);
    const admin = await tokenOn(a, 'admin@frameport.test', 'Admin@12345');
    const shopper = await tokenOn(b, 'retailer@frameport.test', 'Retailer@123');
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#1d6fb5' } }).png().toBuffer();
    const form = new FormData();
    form.set('productCode', variant.code);
    form.set('colorId', String(variant.id));
    form.set('priority', '1');
    form.set('imageType', 'front');
    form.set('image', new Blob([png], { type: 'image/png' }), 'front.png');
    const uploaded = await fetch(`${a.url}/api/Product/uploadProductImage`, { method: 'POST', headers: admin, body: form });
    const answer = (await uploaded.json()) as { Data: { urls: { card: string } } };
    expect(uploaded.status, JSON.stringify(answer)).toBe(200);
    const uploadedAt = performance.now();
    const imageUrl = answer.Data.urls.card;
    const original = Buffer.from(await (await fetch(`${a.url}${imageUrl}`)).arrayBuffer());

    for (const replica of [b, c]) {
      let seenAfter: number | null = null;
      while (performance.now() - uploadedAt < 1000) {
        const product = await call(replica, 'GET', `/api/Product/get?id=${variant.productId}`, shopper);
        if (JSON.stringify(product.json.Data).includes(imageUrl)) {
          seenAfter = performance.now() - uploadedAt;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seenAfter, `${replica.name} did not show the new image within 1 s`).not.toBeNull();
      const served = await fetch(`${replica.url}${imageUrl}`);
      expect(served.status, replica.name).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await served.arrayBuffer()).equals(original)).toBe(true);
    }
  });

  it('a style deactivated on A leaves the catalogue and search of B and C at once; reactivated, it is back at once', async () => {
    const variant = await variantWithStock(20, 3);
    const admin = await tokenOn(a, 'admin@frameport.test', 'Admin@12345');
    const shopper = await tokenOn(b, 'retailer@frameport.test', 'Retailer@123');
    const search = `/api/Product/getAll?search=${encodeURIComponent(`searchText=${variant.code}`)}&pageNumber=1&pageSize=10`;
    const found = async (replica: Replica) => {
      const answer = await call<{ searchResults: { value: { productId: number }[] } }>(replica, 'GET', search, shopper);
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return answer.json.Data.searchResults.value.some((product) => product.productId === variant.productId);
    };
    // Each replica has the answer cached before the change.
    for (const replica of [b, c]) expect(await found(replica), replica.name).toBe(true);

    const off = await call(a, 'POST', `/api/admin/products/${variant.productId}/deactivate`, admin, {});
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    for (const replica of [b, c]) {
      expect(await found(replica), `${replica.name} still lists the deactivated style`).toBe(false);
      expect((await call(replica, 'GET', `/api/Product/get?id=${variant.productId}`, shopper)).status, replica.name).toBe(404);
    }

    const on = await call(c, 'POST', `/api/admin/products/${variant.productId}/activate`, admin, {});
    expect(on.status, JSON.stringify(on.json)).toBe(200);
    for (const replica of [a, b]) expect(await found(replica), `${replica.name} after reactivation`).toBe(true);
  });

  it("a price changed on A re-prices the retailer's cart on C at once, saying what it was", async () => {
    const variant = await variantWithStock(50, 4);
    const admin = await tokenOn(a, 'admin@frameport.test', 'Admin@12345');
    const shopper = await tokenOn(b, 'retailer.blr@frameport.test', 'Retailer@123');
    await call(b, 'DELETE', '/api/Product/clearCart', shopper);
    const added = await call(b, 'POST', '/api/Product/addItemsToCart', shopper, {
      Products: [{ ProductId: variant.productId, ColorVariant: variant.colorVariant, Quantity: 2 }],
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const [before] = await database.db.select({ paise: products.netPricePaise }).from(products).where(eq(products.id, variant.productId));
    const newPrice = before!.paise / 100 + 111;
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const changed = await call(a, 'POST', `/api/admin/products/${variant.productId}/prices`, admin, { netPrice: newPrice, effectiveFrom: today });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);

    const cart = await call<CartResponse>(c, 'GET', '/api/Product/getCartItems?pageNumber=1&pageSize=10', shopper);
    expect(cart.status).toBe(200);
    expect(cart.json.Data.cartItems).toEqual([
      expect.objectContaining({ ProductID: variant.productId, ProductPrice: newPrice, PreviousNetPrice: before!.paise / 100 }),
    ]);
    await call(b, 'DELETE', '/api/Product/clearCart', shopper);
  });

  it('a price sheet uploaded on A is checked and applied by the replicas\' workers, once, whichever takes it', async () => {
    const variant = await variantWithStock(10, 5);
    const admin = await tokenOn(a, 'admin@frameport.test', 'Admin@12345');
    const [style] = await database.db.select({ model: products.modelName, paise: products.netPricePaise }).from(products).where(eq(products.id, variant.productId));
    const price = style!.paise / 100 + 222;
    const form = new FormData();
    form.set('kind', 'prices');
    form.set('file', new Blob([`Model number,Net price (₹),Effective from\r\n${style!.model},${price},\r\n`], { type: 'text/csv' }), 'prices.csv');
    const uploaded = await fetch(`${a.url}/api/admin/imports`, { method: 'POST', headers: admin, body: form });
    const job = (await uploaded.json()) as Envelope<{ id: number }>;
    expect(uploaded.status, JSON.stringify(job)).toBe(201);

    type Job = { status: string; counts: { update: number; error: number }; appliedRows: number };
    const until = async (replica: Replica, wanted: string) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const answer = await call<Job>(replica, 'GET', `/api/admin/imports/${job.Data.id}`, admin);
        if (answer.json.Data.status === wanted || Date.now() > deadline) return answer.json.Data;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    expect(await until(c, 'ready')).toMatchObject({ status: 'ready', counts: { update: 1, error: 0 } });
    const apply = await call(b, 'POST', `/api/admin/imports/${job.Data.id}/apply`, admin, {});
    expect(apply.status, JSON.stringify(apply.json)).toBe(200);
    expect(await until(a, 'applied')).toMatchObject({ status: 'applied', appliedRows: 1 });

    const [after] = await database.db.select({ paise: products.netPricePaise }).from(products).where(eq(products.id, variant.productId));
    expect(after!.paise).toBe(Math.round(price * 100));
    const changes = await database.db
      .select({ id: priceChanges.id })
      .from(priceChanges)
      .where(and(eq(priceChanges.productId, variant.productId), eq(priceChanges.netPricePaise, Math.round(price * 100))));
    expect(changes).toHaveLength(1);
  });

  it('the sign-in throttle counts wrong passwords made on all three replicas together', async () => {
    const victim = await createRetailer(database.db);
    const answers: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) {
      answers.push((await signIn(replicas[attempt % 3]!, victim.email, 'not-the-password')).status);
    }
    // 5 wrong passwords per account and address in the window, wherever they land; then 429 on every replica.
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5)).toEqual([429, 429, 429, 429]);
  });
});
