/**
 * `npm run bench:orders`: add to cart and place order under load, on PGlite and on PostgreSQL
 * (when one answers). 20 retailers work at once; each loops: add a 5-line cart in one call,
 * read it, place the order. Reports p50/p95/p99 of add-to-cart and place-order, and orders per
 * second sustained. Stock is raised first so every order can succeed. Loopback only, bounded.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { systemClock } from '../apps/server/src/clock.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { productColours, products } from '../apps/server/src/db/schema.ts';
import { seedDemo } from '../apps/server/src/db/seed/index.ts';
import { createRetailer } from '../apps/server/src/test/factories.ts';
import { onEachBackend } from './databases.ts';

const RETAILERS = Number(process.env.BENCH_RETAILERS ?? 20);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;

type Stats = { p50: number; p95: number; p99: number; count: number };
const table: string[] = [];

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  return { p50: at(50), p95: at(95), p99: at(99), count: sorted.length };
}

async function bench(backend: string, database: Database) {
  await database.migrate();
  await seedDemo(database.db, { products: 500, now: new Date('2026-11-01T00:00:00Z') });
  // 100 variants of frames with plenty of stock, 5 per retailer (retailers order different
  // models, as they do): every order can succeed. HOT=1 makes all retailers share 25 variants.
  const variants = await database.db
    .select({ productId: productColours.productId, colorVariant: productColours.colorVariant, id: productColours.id })
    .from(productColours)
    .innerJoin(products, eq(products.id, productColours.productId))
    .where(inArray(products.productTypeId, [1, 2]))
    .orderBy(asc(productColours.id))
    .limit(process.env.HOT ? 25 : RETAILERS * 5);
  const chosen = variants;
  await database.db.update(productColours).set({ availableStockQuantity: 1_000_000 }).where(inArray(productColours.id, chosen.map((v) => v.id)));

  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webDistDir: '/nonexistent' };
  const app = await buildApp({ config, database, clock: systemClock, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const tokens: string[] = [];
    for (let i = 0; i < RETAILERS; i += 1) {
      const retailer = await createRetailer(database.db, { stateCode: i % 2 === 0 ? '36' : '29' });
      const response = await fetch(`${address}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: retailer.email, password: retailer.password }).toString(),
      });
      tokens.push(((await response.json()) as { access_token: string }).access_token);
    }

    const addLatencies: number[] = [];
    const orderLatencies: number[] = [];
    let orders = 0;
    let failures = 0;
    const ends = performance.now() + DURATION_MS;
    await Promise.all(
      tokens.map(async (token, worker) => {
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        let round = 0;
        while (performance.now() < ends) {
          const pick = (k: number) =>
            process.env.HOT ? chosen[(worker + round + k * 5) % chosen.length]! : chosen[worker * 5 + k]!;
          const lines = Array.from({ length: 5 }, (_, k) => pick(k)).map((v) => ({
            ProductId: v.productId,
            ColorVariant: v.colorVariant,
            Quantity: 1 + ((worker + round) % 3),
          }));
          round += 1;
          let started = performance.now();
          const added = await fetch(`${address}/api/Product/addItemsToCart`, { method: 'POST', headers, body: JSON.stringify({ Products: lines }) });
          await added.arrayBuffer();
          addLatencies.push(performance.now() - started);
          if (added.status !== 200) {
            failures += 1;
            continue;
          }
          const cart = await fetch(`${address}/api/Product/getCartItems?pageNumber=1&pageSize=10`, { headers });
          const cartId = ((await cart.json()) as { Data: { billToInfo: { CartId: number | null } } }).Data.billToInfo.CartId;
          started = performance.now();
          const placed = await fetch(`${address}/api/Order/placeOrder`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ CartId: cartId, Note: 'bench', Email: null }),
          });
          await placed.arrayBuffer();
          orderLatencies.push(performance.now() - started);
          if (placed.status === 200) orders += 1;
          else failures += 1;
        }
      }),
    );
    const add = stats(addLatencies);
    const order = stats(orderLatencies);
    const perSecond = orders / (DURATION_MS / 1000);
    console.log(`${backend}: ${orders} orders in ${DURATION_MS / 1000} s (${perSecond.toFixed(1)}/s), ${failures} failed calls`);
    table.push(`| ${backend} | add to cart (5 lines), ${RETAILERS} retailers | ${add.count} | ${add.p50.toFixed(1)} | ${add.p95.toFixed(1)} | ${add.p99.toFixed(1)} | |`);
    table.push(`| ${backend} | place order (5-line cart), ${RETAILERS} retailers | ${order.count} | ${order.p50.toFixed(1)} | ${order.p95.toFixed(1)} | ${order.p99.toFixed(1)} | ${perSecond.toFixed(1)} |`);
  } finally {
    await app.close();
  }
}

async function main() {
  await onEachBackend(bench, 20);
  console.log('\n| backend | call | calls | p50 ms | p95 ms | p99 ms | orders/s |\n|---|---|---|---|---|---|---|');
  for (const row of table) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
