/**
 * `npm run bench:replicas`: orders/s with one server process, then with three, on one PostgreSQL
 * database (what a distributor outgrowing one server does: docs/deployment.md). Each replica is
 * `apps/server/src/main.ts` in a process of its own; the 20 retailers' clients run in a worker
 * thread of this process (bench/order-load.ts), so they never share a replica's event loop. The
 * ordering cycle is the one of bench/orders.ts, flat out, BENCH_SECONDS (default 15) per phase.
 * Needs PostgreSQL at BENCH_POSTGRES_URL (default the local server); loopback only, bounded.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { productColours, products } from '../apps/server/src/db/schema.ts';
import { createRetailer } from '../apps/server/src/test/factories.ts';
import { createScratchDatabase, startReplica, waitHealthy, type Replica } from '../apps/server/src/test/replicas.ts';
import { POSTGRES_URL, postgresAnswers } from './databases.ts';
import { runLoad } from './order-load.ts';

const RETAILERS = Number(process.env.BENCH_RETAILERS ?? 20);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;

function p(values: number[], percentile: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((percentile / 100) * sorted.length) - 1))] ?? 0;
}

async function main() {
  if (!(await postgresAnswers())) {
    console.log(`PostgreSQL does not answer at ${POSTGRES_URL}: bench:replicas needs it; skipped.`);
    return;
  }
  const scratch = await createScratchDatabase(POSTGRES_URL, 'frameport_bench_replicas');
  const env = { DATABASE_URL: scratch.url, SEED_PRODUCTS: '500', LOG_LEVEL: 'warn' };
  const replicas: Replica[] = [];
  const database = await openDatabase({ databaseUrl: scratch.url, poolMax: 2 });
  const rows: string[] = [];
  try {
    replicas.push(await startReplica('A', env));
    await waitHealthy(replicas[0]!);
    const variants = await database.db
      .select({ id: productColours.id, productId: productColours.productId, colorVariant: productColours.colorVariant })
      .from(productColours)
      .innerJoin(products, eq(products.id, productColours.productId))
      .where(inArray(products.productTypeId, [1, 2]))
      .orderBy(asc(productColours.id))
      .limit(RETAILERS * 5);
    await database.db
      .update(productColours)
      .set({ availableStockQuantity: 1_000_000 })
      .where(inArray(productColours.id, variants.map((v) => v.id)));
    const tokens: string[] = [];
    for (let i = 0; i < RETAILERS; i += 1) {
      const retailer = await createRetailer(database.db, { stateCode: i % 2 === 0 ? '36' : '29' });
      const response = await fetch(`${replicas[0]!.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: retailer.email, password: retailer.password }).toString(),
      });
      tokens.push(((await response.json()) as { access_token: string }).access_token);
    }
    const lines = variants.map(({ productId, colorVariant }) => ({ productId, colorVariant }));

    for (const count of [1, 3]) {
      while (replicas.length < count) {
        const replica = await startReplica(String.fromCharCode(65 + replicas.length), env);
        await waitHealthy(replica);
        replicas.push(replica);
      }
      const addresses = replicas.slice(0, count).map((replica) => replica.url);
      const run = await runLoad({ address: addresses[0]!, addresses, tokens, variants: lines, durationMs: DURATION_MS, hot: false, mode: 'order' });
      const perSecond = run.orders / (run.elapsedMs / 1000);
      console.log(`${count} replica(s): ${run.orders} orders in ${(run.elapsedMs / 1000).toFixed(1)} s (${perSecond.toFixed(1)}/s), ${run.failures} failed calls`);
      rows.push(
        `| ${count} | ${run.orders} | ${perSecond.toFixed(1)} | ${p(run.order, 50).toFixed(1)} | ${p(run.order, 95).toFixed(1)} | ${p(run.add, 95).toFixed(1)} | ${run.failures} |`,
      );
    }
  } finally {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await database.close();
    await scratch.drop();
  }
  console.log(`\n${RETAILERS} retailers, ordering cycle flat out (add 5 lines, read the cart, place), ${DURATION_MS / 1000} s per row`);
  console.log('| replicas | orders | orders/s | place p50 ms | place p95 ms | add p95 ms | failed calls |\n|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
