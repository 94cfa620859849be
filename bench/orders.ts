/**
 * `npm run bench:orders`: add to cart and place order under load, on PGlite and on PostgreSQL
 * (when one answers). 20 retailers work at once; each loops: add a 5-line cart in one call,
 * read it, place the order. Reports p50/p95/p99 of add-to-cart and place-order, and orders per
 * second sustained. Stock is raised first so every order can succeed. Loopback only, bounded.
 * The clients run in a worker thread (bench/order-load.ts), off the server's event loop.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { systemClock } from '../apps/server/src/clock.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { productColours, products } from '../apps/server/src/db/schema.ts';
import { seedDemo } from '../apps/server/src/db/seed/index.ts';
import { createRetailer } from '../apps/server/src/test/factories.ts';
import { Worker } from 'node:worker_threads';
import { onEachBackend } from './databases.ts';
import type { LoadInput, LoadOutput } from './order-load.ts';

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

    const input: LoadInput = {
      address,
      tokens,
      variants: chosen.map(({ productId, colorVariant }) => ({ productId, colorVariant })),
      durationMs: DURATION_MS,
      hot: Boolean(process.env.HOT),
    };
    // A worker does not inherit tsx's loader: it registers it, then imports the TypeScript module.
    const tsxApi = import.meta.resolve('tsx/esm/api');
    const module = new URL('./order-load.ts', import.meta.url).href;
    const entry = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(module)});`;
    const load = new Worker(new URL(`data:text/javascript,${encodeURIComponent(entry)}`), { workerData: input });
    const { add: addLatencies, order: orderLatencies, orders, failures, elapsedMs } = await new Promise<LoadOutput>((resolve, reject) => {
      load.once('message', resolve);
      load.once('error', reject);
    });
    await load.terminate();
    const add = stats(addLatencies);
    const order = stats(orderLatencies);
    const perSecond = orders / (elapsedMs / 1000);
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
