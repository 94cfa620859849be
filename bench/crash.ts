/**
 * `npm run bench:crash`: orders under `kill -9`. The server (apps/server/src/main.ts, a child
 * process of its own, as `npm start` runs it) takes orders from three workers in this process,
 * one per retailer cart: the two demo retailers for themselves and the sales executive acting for
 * a third retailer (linked to it in setup). Each worker loops: clear the cart, add 2–5 lines, read
 * the cart, place it with a fresh Idempotency-Key. At a random moment the server is killed with
 * SIGKILL, then started again on the same database, N rounds (CRASH_ROUNDS, default 5), on PGlite
 * (a temporary DATA_DIR) and on PostgreSQL (a fresh database on 127.0.0.1:5432, or
 * BENCH_POSTGRES_URL, dropped at the end; skipped when none answers).
 *
 * After each restart it checks:
 *  - every acknowledged order exists, with the lines of the cart it was placed from and its total;
 *  - no order is half-written: lines present, total quantity and amount = the sum of its lines,
 *    its 'Placed' history row and stock movements present;
 *  - the stock of every variant = its starting value − what all orders since the start took;
 *  - carts are consistent: the cart an order was placed from is gone with its lines (placing
 *    deletes it in the order's transaction), one cart per retailer, no line with quantity ≤ 0;
 *  - a retried Idempotency-Key returns the same order: for every acknowledged order, and for every
 *    placeOrder whose answer the kill swallowed (it returns the order made before the kill, or
 *    makes it now), and never two orders for one key.
 * It prints kills, orders acknowledged, orders found, inconsistencies and the restart time
 * (kill → first 200 on /healthz). Loopback only; rounds, workers and waits are bounded.
 *
 *   CRASH_ROUNDS        rounds (kills) per database (default 5)
 *   CRASH_MAX_LOAD_MS   the kill comes at a random moment up to this long (default 6000) after
 *                       the round's first acknowledged order
 *   BENCH_BACKEND       pglite or postgres: only that one
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../apps/server/src/db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORDS } from '../apps/server/src/db/seed/accounts.ts';
import { seedDemo } from '../apps/server/src/db/seed/index.ts';
import { createScratchDatabase, startReplica, waitHealthy, type Replica } from '../apps/server/src/test/replicas.ts';
import { postgresAnswers, POSTGRES_URL } from './databases.ts';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 5);
const MAX_LOAD_MS = Math.max(1000, Number(process.env.CRASH_MAX_LOAD_MS ?? 6000));
const POOL_SIZE = 30;
const POOL_STOCK = 5000;
const REQUEST_TIMEOUT_MS = 30_000;
const THIRD_RETAILER = 'retailer.wgl@frameport.test';

type Where = { dataDir?: string; databaseUrl?: string };
type Variant = { id: number; productId: number; colorVariant: string };
type Line = { productId: number; colorVariant: string; isFree: boolean; quantity: number };
/** A placeOrder: acknowledged (with the answer) or lost (the kill came before the answer). */
type Attempt = { key: string; cartId: number; retailerId: number; worker: Worker; lines: Line[]; totalPaise: number; orderId?: number };
type Worker = { name: string; token: string; actingEmail?: string; retailerId: number };

type Totals = { kills: number; acknowledged: number; lost: number; lostFound: number; found: number; restartsMs: number[]; problems: string[] };

class Killed extends Error {}

/** What the workers of one round share: whether the server was killed, and a signal for the first acknowledged order. */
type Round = { killed: boolean; acknowledged: () => void };

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** One API call; a network failure (the server is gone) is `Killed`. */
async function call(url: string, worker: Worker, method: string, pathAndQuery: string, body?: unknown, headers: Record<string, string> = {}) {
  let response: Response;
  try {
    response = await fetch(`${url}${pathAndQuery}`, {
      method,
      headers: {
        authorization: `Bearer ${worker.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Killed(String(error));
  }
  let json: { Status?: number; Data?: unknown; Error?: { Message?: string } };
  try {
    json = (await response.json()) as typeof json;
  } catch (error) {
    throw new Killed(`the answer was cut: ${String(error)}`);
  }
  return { status: response.status, json };
}

function acting(worker: Worker) {
  return worker.actingEmail ? `email=${encodeURIComponent(worker.actingEmail)}` : '';
}

function linesOf(items: Array<{ ProductID: number; ColorVariant: string; IsFree: boolean; CartProductTotQuantity: number }>): Line[] {
  return items
    .map((item) => ({ productId: item.ProductID, colorVariant: item.ColorVariant, isFree: item.IsFree, quantity: item.CartProductTotQuantity }))
    .sort((a, b) => a.productId - b.productId || a.colorVariant.localeCompare(b.colorVariant) || Number(a.isFree) - Number(b.isFree));
}

/** One worker's loop until the server dies (or `until` passes): every placeOrder it starts is recorded in `attempts`. */
async function work(url: string, worker: Worker, pool: Variant[], attempts: Attempt[], stop: Round) {
  const q = acting(worker);
  const withQ = (p: string) => (q ? `${p}?${q}` : p);
  const email = worker.actingEmail ? { Email: worker.actingEmail } : {};
  try {
    while (!stop.killed) {
      await call(url, worker, 'DELETE', withQ('/api/Product/clearCart'));
      const count = 2 + Math.floor(Math.random() * 4);
      const chosen = [...pool].sort(() => Math.random() - 0.5).slice(0, count);
      const added = await call(url, worker, 'POST', '/api/Product/addItemsToCart', {
        Products: chosen.map((v) => ({ ProductId: v.productId, ColorVariant: v.colorVariant, Quantity: 1 + Math.floor(Math.random() * 3) })),
        ...email,
      });
      if (added.status !== 200) continue;
      const cart = await call(url, worker, 'GET', withQ('/api/Product/getCartItems'));
      const data = cart.json.Data as {
        cartItems: Array<{ ProductID: number; ColorVariant: string; IsFree: boolean; CartProductTotQuantity: number }>;
        billToInfo: { CartId: number | null };
        CartProductTotPricewithGST: number;
      };
      if (cart.status !== 200 || !data.billToInfo.CartId || data.cartItems.length === 0) continue;
      const attempt: Attempt = {
        key: `crash-${randomUUID()}`,
        cartId: data.billToInfo.CartId,
        retailerId: worker.retailerId,
        worker,
        lines: linesOf(data.cartItems),
        totalPaise: Math.round(data.CartProductTotPricewithGST * 100),
      };
      attempts.push(attempt);
      const placed = await call(url, worker, 'POST', '/api/Order/placeOrder', { CartId: attempt.cartId, Note: 'crash bench', ...email }, { 'idempotency-key': attempt.key });
      if (placed.status === 200) {
        attempt.orderId = (placed.json.Data as { OrderID: number }).OrderID;
        stop.acknowledged();
      }
      // Refused (e.g. not enough stock): nothing was placed, nothing to check. A 5xx stays
      // unanswered, like a kill: its retry tells whether it was placed.
      else if (placed.status < 500) attempts.splice(attempts.indexOf(attempt), 1);
    }
  } catch (error) {
    if (!(error instanceof Killed)) throw error;
  }
}

async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
  if (response.status !== 200) throw new Error(`sign-in as ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Migrates and seeds the database, picks the variants the workers order, gives them stock, links the sales executive to a third retailer. */
async function prepare(where: Where) {
  const database = await openDatabase(where);
  try {
    await database.migrate();
    await seedDemo(database.db, { products: 60, now: new Date('2026-11-01T00:00:00Z') });
    const pool = await queryRows<{ id: number; product_id: number; color_variant: string }>(
      database.db,
      sql`select pc.id, pc.product_id, pc.color_variant from product_colours pc join products p on p.id = pc.product_id
          where p.product_type_id in (1, 2) and pc.available_stock_quantity > 0 order by pc.id limit ${POOL_SIZE}`,
    );
    await database.db.execute(sql`update product_colours set available_stock_quantity = ${POOL_STOCK} where id in (${sql.join(pool.map((v) => sql`${v.id}`), sql`, `)})`);
    await database.db.execute(sql`insert into sales_executive_retailers (sales_executive_user_id, retailer_id)
      select s.id, u.retailer_id from users s, users u where s.email = ${DEMO_EMAILS.sales} and u.email = ${THIRD_RETAILER}
      on conflict do nothing`);
    const ids = await queryRows<{ email: string; retailer_id: number }>(
      database.db,
      sql`select email, retailer_id from users where email in (${DEMO_EMAILS.retailer}, ${DEMO_EMAILS.retailerBlr}, ${THIRD_RETAILER})`,
    );
    const stock = await queryRows<{ id: number; stock: number }>(database.db, sql`select id, available_stock_quantity as stock from product_colours`);
    const [last] = await queryRows<{ id: number | null }>(database.db, sql`select max(id) as id from orders`);
    return {
      pool: pool.map((v) => ({ id: Number(v.id), productId: Number(v.product_id), colorVariant: v.color_variant })),
      retailerOf: new Map(ids.map((row) => [row.email, Number(row.retailer_id)])),
      startStock: new Map(stock.map((row) => [Number(row.id), Number(row.stock)])),
      firstOrderId: Number(last?.id ?? 0) + 1,
    };
  } finally {
    await database.close();
  }
}

/** The checks after a restart, straight in the database; every problem found is one line. */
async function check(
  database: Database,
  setup: Awaited<ReturnType<typeof prepare>>,
  attempts: Attempt[],
): Promise<{ problems: string[]; found: number }> {
  const problems: string[] = [];
  const db = database.db;
  const first = setup.firstOrderId;
  const orders = await queryRows<{ id: number; idempotency_key: string; retailer_id: number; total_quantity: number; total_paise: number; round_off_paise: number }>(
    db,
    sql`select id, idempotency_key, retailer_id, total_quantity, total_paise, round_off_paise from orders where id >= ${first}`,
  );
  const lines = await queryRows<{ order_id: number; product_id: number; color_variant: string; is_free: boolean; quantity: number; product_colour_id: number; line_total_paise: number }>(
    db,
    sql`select order_id, product_id, color_variant, is_free, quantity, product_colour_id, line_total_paise from order_lines where order_id >= ${first}`,
  );
  const history = await queryRows<{ order_id: number }>(db, sql`select distinct order_id from order_status_history where order_id >= ${first} and status = 'Placed'`);
  const movements = await queryRows<{ order_id: number; n: number }>(db, sql`select order_id, sum(-delta)::int as n from stock_movements where order_id >= ${first} group by order_id`);
  const withHistory = new Set(history.map((row) => Number(row.order_id)));
  const moved = new Map(movements.map((row) => [Number(row.order_id), Number(row.n)]));
  const linesByOrder = new Map<number, typeof lines>();
  for (const line of lines) linesByOrder.set(Number(line.order_id), [...(linesByOrder.get(Number(line.order_id)) ?? []), line]);

  // No half-written order.
  for (const order of orders) {
    const own = linesByOrder.get(Number(order.id)) ?? [];
    const quantity = own.reduce((sum, line) => sum + Number(line.quantity), 0);
    const amount = own.reduce((sum, line) => sum + Number(line.line_total_paise), 0);
    if (own.length === 0) problems.push(`order ${order.id} has no lines`);
    if (quantity !== Number(order.total_quantity)) problems.push(`order ${order.id}: total quantity ${order.total_quantity}, its lines ${quantity}`);
    if (amount + Number(order.round_off_paise) !== Number(order.total_paise)) problems.push(`order ${order.id}: total ${order.total_paise} paise, its lines ${amount} (+ round-off ${order.round_off_paise})`);
    if (!withHistory.has(Number(order.id))) problems.push(`order ${order.id} has no 'Placed' history row`);
    if (moved.get(Number(order.id)) !== quantity) problems.push(`order ${order.id}: stock movements take ${moved.get(Number(order.id)) ?? 0}, its lines ${quantity}`);
  }

  // Every acknowledged order exists with its cart's lines; one order per key.
  const byKey = new Map<string, typeof orders>();
  for (const order of orders) byKey.set(order.idempotency_key, [...(byKey.get(order.idempotency_key) ?? []), order]);
  for (const [key, list] of byKey) if (list.length > 1) problems.push(`key ${key}: ${list.length} orders (${list.map((o) => o.id).join(', ')})`);
  for (const attempt of attempts) {
    const order = byKey.get(attempt.key)?.[0];
    if (attempt.orderId === undefined) {
      problems.push(`key ${attempt.key}: no order after its retry`);
      continue;
    }
    if (!order) {
      problems.push(`acknowledged order ${attempt.orderId} (key ${attempt.key}) is missing`);
      continue;
    }
    if (Number(order.id) !== attempt.orderId) problems.push(`key ${attempt.key}: acknowledged as order ${attempt.orderId}, stored as ${order.id}`);
    if (Number(order.retailer_id) !== attempt.retailerId) problems.push(`order ${order.id} belongs to retailer ${order.retailer_id}, placed for ${attempt.retailerId}`);
    const stored = linesOf(
      (linesByOrder.get(Number(order.id)) ?? []).map((l) => ({ ProductID: Number(l.product_id), ColorVariant: l.color_variant, IsFree: l.is_free, CartProductTotQuantity: Number(l.quantity) })),
    );
    if (JSON.stringify(stored) !== JSON.stringify(attempt.lines)) problems.push(`order ${order.id}: lines ${JSON.stringify(stored)}, its cart had ${JSON.stringify(attempt.lines)}`);
    if (Number(order.total_paise) !== attempt.totalPaise) problems.push(`order ${order.id}: total ${order.total_paise} paise, its cart showed ${attempt.totalPaise}`);
  }
  const ours = new Set(attempts.map((a) => a.key));
  for (const order of orders) if (!ours.has(order.idempotency_key)) problems.push(`order ${order.id} (key ${order.idempotency_key}) was never asked for`);

  // Stock = start − what the orders took.
  const taken = new Map<number, number>();
  for (const line of lines) taken.set(Number(line.product_colour_id), (taken.get(Number(line.product_colour_id)) ?? 0) + Number(line.quantity));
  const stock = await queryRows<{ id: number; stock: number }>(db, sql`select id, available_stock_quantity as stock from product_colours`);
  for (const row of stock) {
    const expected = (setup.startStock.get(Number(row.id)) ?? 0) - (taken.get(Number(row.id)) ?? 0);
    if (Number(row.stock) !== expected) problems.push(`variant ${row.id}: stock ${row.stock}, expected ${expected}`);
  }

  // Carts: the ordered carts are gone (with their lines), one cart per retailer, no empty quantity.
  const placedCarts = attempts.filter((a) => a.orderId !== undefined).map((a) => a.cartId);
  if (placedCarts.length > 0) {
    const left = await queryRows<{ id: number }>(db, sql`select id from carts where id in (${sql.join(placedCarts.map((id) => sql`${id}`), sql`, `)})`);
    for (const row of left) problems.push(`cart ${row.id} was placed as an order but still exists`);
  }
  const [carts] = await queryRows<{ dup: number; bad: number; orphan: number }>(
    db,
    sql`select (select count(*) from (select retailer_id from carts group by retailer_id having count(*) > 1) d)::int as dup,
               (select count(*) from cart_lines where quantity <= 0)::int as bad,
               (select count(*) from cart_lines l where not exists (select 1 from carts c where c.id = l.cart_id))::int as orphan`,
  );
  if (carts && (carts.dup || carts.bad || carts.orphan)) problems.push(`carts: ${carts.dup} retailers with two carts, ${carts.bad} lines with quantity ≤ 0, ${carts.orphan} lines without a cart`);
  return { problems, found: orders.length };
}

async function run(backend: 'PGlite' | 'PostgreSQL', where: Where, env: Record<string, string>, totals: Totals) {
  console.log(`\n${backend}: seeding…`);
  const setup = await prepare(where);
  const start = () => startReplica(backend.toLowerCase(), { ...env, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  let server: Replica = await start();
  await waitHealthy(server, 180_000);
  const tokens = {
    retailer: await signIn(server.url, DEMO_EMAILS.retailer, DEMO_PASSWORDS.retailer),
    retailerBlr: await signIn(server.url, DEMO_EMAILS.retailerBlr, DEMO_PASSWORDS.retailer),
    sales: await signIn(server.url, DEMO_EMAILS.sales, DEMO_PASSWORDS.sales),
  };
  const workers: Worker[] = [
    { name: 'demo retailer', token: tokens.retailer, retailerId: setup.retailerOf.get(DEMO_EMAILS.retailer)! },
    { name: 'Bengaluru retailer', token: tokens.retailerBlr, retailerId: setup.retailerOf.get(DEMO_EMAILS.retailerBlr)! },
    { name: 'sales executive for a third retailer', token: tokens.sales, actingEmail: THIRD_RETAILER, retailerId: setup.retailerOf.get(THIRD_RETAILER)! },
  ];
  const attempts: Attempt[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      let firstOrder = () => {};
      const ordering = new Promise<void>((resolve) => (firstOrder = resolve));
      const stop: Round = { killed: false, acknowledged: () => firstOrder() };
      const roundAttempts: Attempt[] = [];
      const load = Promise.all(workers.map((worker) => work(server.url, worker, setup.pool, roundAttempts, stop)));
      // The kill comes while orders flow: at a random moment after the round's first one (a fresh
      // process answers its first calls slowly), within a bounded wait.
      await Promise.race([ordering, sleep(60_000)]);
      await sleep(Math.random() * MAX_LOAD_MS);
      const exited = new Promise((resolve) => server.process.once('exit', resolve));
      server.process.kill('SIGKILL');
      const killedAt = performance.now();
      stop.killed = true;
      await exited;
      totals.kills += 1;
      server = await start();
      await waitHealthy(server, 180_000);
      const restartMs = performance.now() - killedAt;
      totals.restartsMs.push(restartMs);
      await load;

      // Retry every key of the round: the acknowledged ones must answer the same order, the lost
      // ones the order made before the kill, or a new one made now (exactly once: see check()).
      const lost = roundAttempts.filter((a) => a.orderId === undefined);
      const acked = roundAttempts.length - lost.length;
      for (const attempt of roundAttempts) {
        const email = attempt.worker.actingEmail ? { Email: attempt.worker.actingEmail } : {};
        const retried = await call(server.url, attempt.worker, 'POST', '/api/Order/placeOrder', { CartId: attempt.cartId, Note: 'crash bench', ...email }, { 'idempotency-key': attempt.key });
        const orderId = retried.status === 200 ? (retried.json.Data as { OrderID: number }).OrderID : undefined;
        if (attempt.orderId === undefined) {
          if (orderId === undefined) totals.problems.push(`round ${round}: the retry of lost key ${attempt.key} answered ${retried.status} ${JSON.stringify(retried.json.Error)}`);
          else totals.lostFound += 1;
          attempt.orderId = orderId;
        } else if (orderId !== attempt.orderId) {
          totals.problems.push(`round ${round}: the retry of key ${attempt.key} answered ${retried.status} order ${orderId}, acknowledged as ${attempt.orderId}`);
        }
      }
      attempts.push(...roundAttempts);
      totals.acknowledged += acked;
      totals.lost += lost.length;

      // PGlite is one process's folder: the checks read it with the server stopped (cleanly).
      if (where.dataDir) await server.stop();
      const database = await openDatabase(where);
      let result: Awaited<ReturnType<typeof check>>;
      try {
        result = await check(database, setup, attempts);
      } finally {
        await database.close();
      }
      totals.problems.push(...result.problems.map((p) => `${backend} round ${round}: ${p}`));
      console.log(
        `  round ${round}: killed after ${acked} acknowledged orders (${lost.length} answers lost to the kill), restart ${(restartMs / 1000).toFixed(1)} s, ` +
          `${result.found} orders found for ${attempts.length} placed, ${result.problems.length} inconsistencies`,
      );
      for (const problem of result.problems.slice(0, 10)) console.log(`    ✖ ${problem}`);
      if (round === ROUNDS) totals.found += result.found;
      if (where.dataDir && round < ROUNDS) {
        server = await start();
        await waitHealthy(server, 180_000);
      }
    }
  } finally {
    await server.stop();
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

async function main() {
  const only = process.env.BENCH_BACKEND?.toLowerCase();
  const rows: string[] = [];
  const report = (backend: string, t: Totals) => {
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    rows.push(
      `| ${backend} | ${t.kills} | ${t.acknowledged} | ${t.lost} (${t.lostFound} placed on retry) | ${t.found} | ${t.problems.length} | ${s(Math.min(...t.restartsMs))} / ${s(median(t.restartsMs))} / ${s(Math.max(...t.restartsMs))} |`,
    );
    for (const problem of t.problems) console.log(`  ✖ ${problem}`);
  };
  const totalsOf = (): Totals => ({ kills: 0, acknowledged: 0, lost: 0, lostFound: 0, found: 0, restartsMs: [], problems: [] });
  let failed = false;

  if (only !== 'postgres') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'frameport-crash-'));
    const totals = totalsOf();
    try {
      await run('PGlite', { dataDir }, { DATA_DIR: dataDir }, totals);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    report('PGlite', totals);
    failed ||= totals.problems.length > 0;
  }
  if (only !== 'pglite') {
    if (await postgresAnswers()) {
      const scratch = await createScratchDatabase(POSTGRES_URL, 'frameport_crash');
      const totals = totalsOf();
      try {
        await run('PostgreSQL', { databaseUrl: scratch.url }, { DATABASE_URL: scratch.url }, totals);
      } finally {
        await scratch.drop();
      }
      report('PostgreSQL', totals);
      failed ||= totals.problems.length > 0;
    } else {
      console.log(`\nPostgreSQL does not answer at ${POSTGRES_URL}: PGlite only.`);
    }
  }
  console.log('\n| database | kills | orders acknowledged | answers lost to a kill | orders found | inconsistencies | restart, kill → /healthz 200 (min / median / max) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
