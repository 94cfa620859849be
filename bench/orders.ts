/**
 * `npm run bench:orders`: add to cart and place order under load, on PGlite and on PostgreSQL
 * (when one answers), 20 retailers at once, three phases of BENCH_SECONDS (default 15) each:
 * add to cart alone, back to back (5 lines per call); the ordering cycle (add a 5-line cart,
 * read it, place the order) paced at 50 orders/s between the 20 retailers; the same cycle flat
 * out (the most the machine sustains). Reports p50/p95/p99 and throughput. Stock is raised first so every order
 * can succeed. Loopback only, bounded. The clients run in a worker thread (bench/order-load.ts),
 * off the server's event loop.
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
import { runLoad } from './order-load.ts';

const RETAILERS = Number(process.env.BENCH_RETAILERS ?? 20);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
/** The sustained rate: the paced phase offers exactly this many orders a second. */
const TARGET_ORDERS_PER_SECOND = 50;

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

    const variantsOf = chosen.map(({ productId, colorVariant }) => ({ productId, colorVariant }));
    const hot = Boolean(process.env.HOT);

    // 1. Add to cart alone: 20 retailers adding 5 lines at once, nothing else running.
    const cart = await runLoad({ address, tokens, variants: variantsOf, durationMs: DURATION_MS, hot, mode: 'cart' });
    const adds = stats(cart.add);
    console.log(`${backend}: ${cart.add.length} adds in ${(cart.elapsedMs / 1000).toFixed(1)} s, ${cart.failures} failed calls`);
    table.push(
      `| ${backend} | add to cart (5 lines), alone | ${adds.count} | ${adds.p50.toFixed(1)} | ${adds.p95.toFixed(1)} | ${adds.p99.toFixed(1)} | ${(adds.count / (cart.elapsedMs / 1000)).toFixed(1)} calls/s |`,
    );
    for (const token of tokens) {
      await fetch(`${address}/api/Product/clearCart`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    }

    // 2. The ordering cycle at the target rate: 20 retailers, 50 orders/s between them.
    const paced = await runLoad({
      address,
      tokens,
      variants: variantsOf,
      durationMs: DURATION_MS,
      hot,
      mode: 'order',
      intervalMs: (RETAILERS / TARGET_ORDERS_PER_SECOND) * 1000,
    });
    const pacedAdd = stats(paced.add);
    const pacedOrder = stats(paced.order);
    // Rounds start only within the phase, so the rate is over the phase's length.
    const pacedRate = paced.orders / (DURATION_MS / 1000);
    console.log(`${backend}: paced, ${paced.orders} orders (${pacedRate.toFixed(1)}/s), ${paced.failures} failed calls`);
    table.push(
      `| ${backend} | add to cart (5 lines), cycle at ${TARGET_ORDERS_PER_SECOND} orders/s | ${pacedAdd.count} | ${pacedAdd.p50.toFixed(1)} | ${pacedAdd.p95.toFixed(1)} | ${pacedAdd.p99.toFixed(1)} | |`,
    );
    table.push(
      `| ${backend} | place order (5-line cart), cycle at ${TARGET_ORDERS_PER_SECOND} orders/s | ${pacedOrder.count} | ${pacedOrder.p50.toFixed(1)} | ${pacedOrder.p95.toFixed(1)} | ${pacedOrder.p99.toFixed(1)} | ${pacedRate.toFixed(1)} orders/s |`,
    );

    // 3. The ordering cycle flat out: add a 5-line cart, read it, place the order, again at once.
    const cycle = await runLoad({ address, tokens, variants: variantsOf, durationMs: DURATION_MS, hot, mode: 'order' });
    const add = stats(cycle.add);
    const order = stats(cycle.order);
    const perSecond = cycle.orders / (cycle.elapsedMs / 1000);
    console.log(`${backend}: ${cycle.orders} orders in ${(cycle.elapsedMs / 1000).toFixed(1)} s (${perSecond.toFixed(1)}/s), ${cycle.failures} failed calls`);
    table.push(`| ${backend} | add to cart (5 lines), cycle flat out | ${add.count} | ${add.p50.toFixed(1)} | ${add.p95.toFixed(1)} | ${add.p99.toFixed(1)} | |`);
    table.push(
      `| ${backend} | place order (5-line cart), cycle flat out | ${order.count} | ${order.p50.toFixed(1)} | ${order.p95.toFixed(1)} | ${order.p99.toFixed(1)} | ${perSecond.toFixed(1)} orders/s |`,
    );
  } finally {
    await app.close();
  }
}

async function main() {
  await onEachBackend(bench, 20);
  console.log('\n| backend | call | calls | p50 ms | p95 ms | p99 ms | throughput |\n|---|---|---|---|---|---|---|');
  for (const row of table) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
