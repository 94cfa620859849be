/**
 * `npm run bench:desk`: the order desk under load, on PGlite and on PostgreSQL (when one answers).
 *
 * Setup: the demo seed (500 styles) plus BENCH_ORDERS (default 50,000) orders written with SQL
 * (generate_series) for 200 more retailers in every seeded city, over two years: the newest few
 * percent in every status of the desk, the rest Delivered (with their shipment and paid invoice) or
 * Cancelled; two lines each. The generated retailers have a credit limit that never refuses (the
 * bench measures the desk, not the credit policy).
 *
 * 1. The queue: GET /api/admin/orders as the admin, a rotating mix of filters (status, q on ref,
 *    name, email and GSTIN, state, sales executive, placed dates, page 1 and a deep page), 16
 *    clients for BENCH_SECONDS (default 15): p50/p95/p99 and req/s. Then the same queries run bare:
 *    `orderQueue` in-process on the same database, no HTTP, the same 16 at a time: the ratio of the
 *    two throughputs is how much of the limit HTTP and the server keep.
 * 2. The desk while 20 retailers keep placing orders (the ordering cycle of bench:orders paced at
 *    50 orders/s): two desk clients take Placed orders through confirm, make a shipment of every
 *    line, pack it and dispatch it (which raises its invoice): p50/p95/p99 of each step.
 *
 * The server is apps/server/src/main.ts in a process of its own (as `npm start` runs it); the
 * queue's and the desk's clients run in this process and the retailers' in a worker thread of it
 * (bench/order-load.ts), so no client shares the server's event loop. Loopback only, bounded.
 * BENCH_BACKEND=pglite or =postgres runs one; BENCH_ORDERS changes the size.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { istDateOf } from '@frameport/domain';
import { AdminOrdersQuerySchema, type AdminOrderDetail, type AdminOrdersResponse } from '@frameport/domain/contract';
import { openDatabase, queryRows, type Database } from '../apps/server/src/db/client.ts';
import { productColours, products, users } from '../apps/server/src/db/schema.ts';
import { DEMO_EMAILS, DEMO_PASSWORDS } from '../apps/server/src/db/seed/accounts.ts';
import { seedDemo } from '../apps/server/src/db/seed/index.ts';
import { orderQueue } from '../apps/server/src/modules/orders/desk-queue.ts';
import { createRetailer } from '../apps/server/src/test/factories.ts';
import { startReplica, waitHealthy, type Replica } from '../apps/server/src/test/replicas.ts';
import { onEachBackendLocation } from './databases.ts';
import { describeLoad, runLoad as runQueueLoad, type LoadResult } from './load.ts';
import { runLoad as runOrderLoad } from './order-load.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const RETAILERS = Number(process.env.BENCH_RETAILERS ?? 20);
const QUEUE_CLIENTS = 16;
const DESK_CLIENTS = 2;
const TARGET_ORDERS_PER_SECOND = 50;
const BENCH_RETAILERS_GENERATED = 200;

type Stats = { p50: number; p95: number; p99: number; count: number };
const table: string[] = [];
const ratios: string[] = [];

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  return { p50: at(50), p95: at(95), p99: at(99), count: sorted.length };
}
const ms = (value: number) => value.toFixed(1);

/**
 * BENCH_ORDERS orders for 200 generated retailers, in one go of INSERT … SELECT statements: lines,
 * decisions, history, shipments with their lines and paid invoices, consistent with each status.
 */
async function generateOrders(database: Database, now: Date) {
  const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
  const [hash] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, DEMO_EMAILS.retailer));
  await run(sql`insert into retailers (business_name, first_name, last_name, email, phone, address, city_id, state_id, country_id,
      pin_code, gstin, credit_limit_paise, max_limit_per_variant, max_order_quantity, max_order_value_paise)
    select 'Bench Opticals ' || g, 'Owner', 'No ' || g, 'bench' || g || '@frameport.test', '98' || lpad(g::text, 8, '0'),
      g || ', Main Road', c.id, c.state_id, c.country_id, '5' || lpad((g % 100000)::text, 5, '0'),
      c.state_code || 'AAAFB' || lpad(g::text, 4, '0') || 'B1Z5', 1000000000000, 50, 1000, 100000000
    from generate_series(1, ${BENCH_RETAILERS_GENERATED}) g
    join lateral (select ci.id, ci.state_id, s.country_id, s.state_code from cities ci join states s on s.id = ci.state_id
      order by ci.id offset (g % (select count(*) from cities)) limit 1) c on true`);
  await run(sql`insert into users (email, password_hash, role_id, name, retailer_id)
    select r.email, ${hash!.hash}, 2, r.first_name || ' ' || r.last_name, r.id from retailers r where r.email like 'bench%@frameport.test'`);
  // A third of them are the demo sales executive's.
  await run(sql`insert into sales_executive_retailers (sales_executive_user_id, retailer_id)
    select (select id from users where email = ${DEMO_EMAILS.sales}), r.id from retailers r
    where r.email like 'bench%@frameport.test' and r.id % 3 = 0`);

  // Constants written into the statement (a CREATE TABLE AS takes no parameters).
  const n = sql.raw(String(Math.trunc(ORDERS)));
  const recent = sql.raw(String(Math.max(200, Math.round(ORDERS * 0.03))));
  const stepMs = sql.raw(String((730 * 86_400_000) / ORDERS));
  const at = sql.raw(`'${now.toISOString()}'::timestamptz`);
  const generated = sql.raw(String(BENCH_RETAILERS_GENERATED));
  // The plan: who, when, which status, which two frame colours and how many.
  await run(sql`create unlogged table bench_plan as
    with r as (
      select r.id, u.id as user_id, r.business_name, r.address, c.name as city, s.name as state, s.state_code, r.pin_code, r.gstin,
        row_number() over (order by r.id) - 1 as k
      from retailers r join users u on u.retailer_id = r.id join cities c on c.id = r.city_id join states s on s.id = r.state_id
      where r.email like 'bench%@frameport.test'),
    v as (
      select pc.id, pc.product_id, p.product_code, p.product_name, p.model_name, pc.color_variant, p.hsn_code, p.net_price_paise,
        row_number() over (order by pc.id) - 1 as k
      from product_colours pc join products p on p.id = pc.product_id where p.product_type_id = 1 and p.gst_rate_percent = 5),
    g as (
      select g, ${n} - g as age,
        case when ${n} - g < ${recent} then
          (array['Placed', 'Placed', 'Placed', 'Placed', 'Placed', 'Placed', 'Confirmed', 'Confirmed', 'Confirmed', 'Confirmed',
            'On hold', 'Partially dispatched', 'Partially dispatched', 'Dispatched', 'Dispatched', 'Dispatched', 'Dispatched',
            'Dispatched', 'Delivered', 'Cancelled'])[1 + (g * 7) % 20]
          when g % 10 = 0 then 'Cancelled' else 'Delivered' end as status
      from generate_series(1, ${n}) g)
    select g.g, g.status, r.id as retailer_id, r.user_id, r.business_name, r.address, r.city, r.state, r.state_code, r.pin_code, r.gstin,
      ${at} - (g.age::float8 * ${stepMs} + 3600000) * interval '1 millisecond' as placed_at,
      v1.id as v1, v2.id as v2, 1 + g.g % 4 as q1, 2 + g.g % 3 as q2, v1.net_price_paise as p1, v2.net_price_paise as p2
    from g
    join r on r.k = (g.g * 31) % ${generated}
    join v v1 on v1.k = (g.g * 7) % (select count(*) from v)
    join v v2 on v2.k = (g.g * 13 + 1) % (select count(*) from v)`);
  // 5% GST: CGST + SGST inside Telangana (the company's state), IGST elsewhere.
  await run(sql`insert into orders (order_ref_no, retailer_id, placed_by_user_id, status, bill_to_business_name, bill_to_address,
      bill_to_city, bill_to_state, bill_to_state_code, bill_to_country, bill_to_pin_code, bill_to_gstin, company_state_code,
      total_quantity, subtotal_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise, placed_at, created_at, updated_at,
      confirmed_at, hold_kind, hold_reason, held_at, cancelled_at, cancel_reason)
    select 'BX/' || lpad(b.g::text, 7, '0'), b.retailer_id, b.user_id, b.status, b.business_name, b.address, b.city, b.state, b.state_code,
      'India', b.pin_code, b.gstin, '36', b.q1 + b.q2, t.taxable, t.taxable,
      case when b.state_code = '36' then t.half1 + t.half2 else 0 end, case when b.state_code = '36' then t.half1 + t.half2 else 0 end,
      case when b.state_code = '36' then 0 else t.full1 + t.full2 end,
      t.taxable + case when b.state_code = '36' then 2 * (t.half1 + t.half2) else t.full1 + t.full2 end,
      b.placed_at, b.placed_at, b.placed_at,
      case when b.status in ('Confirmed', 'Partially dispatched', 'Dispatched', 'Delivered') then b.placed_at + interval '4 hours' end,
      case when b.status = 'On hold' then (array['credit', 'stock', 'note'])[1 + b.g % 3] end,
      case when b.status = 'On hold' then 'Held for the bench' end,
      case when b.status = 'On hold' then b.placed_at + interval '2 hours' end,
      case when b.status = 'Cancelled' then b.placed_at + interval '5 hours' end,
      case when b.status = 'Cancelled' then 'Cancelled for the bench' end
    from bench_plan b
    cross join lateral (select b.q1 * b.p1 + b.q2 * b.p2 as taxable,
      round(b.q1 * b.p1 * 0.025) as half1, round(b.q2 * b.p2 * 0.025) as half2,
      round(b.q1 * b.p1 * 0.05) as full1, round(b.q2 * b.p2 * 0.05) as full2) t`);
  await run(sql`insert into order_lines (order_id, product_colour_id, product_id, product_type_id, product_code, product_name, model_name,
      colour_name, color_variant, hsn_code, gst_rate_percent, quantity, cancelled_quantity, unit_price_paise, taxable_paise,
      cgst_rate_percent, sgst_rate_percent, igst_rate_percent, cgst_paise, sgst_paise, igst_paise, line_total_paise)
    select o.id, v.id, p.id, 1, p.product_code, p.product_name, p.model_name, co.name, v.color_variant, p.hsn_code, 5, x.qty,
      case when o.status = 'Cancelled' then x.qty else 0 end, p.net_price_paise, x.qty * p.net_price_paise,
      case when b.state_code = '36' then 2.5 else 0 end, case when b.state_code = '36' then 2.5 else 0 end,
      case when b.state_code = '36' then 0 else 5 end,
      case when b.state_code = '36' then round(x.qty * p.net_price_paise * 0.025) else 0 end,
      case when b.state_code = '36' then round(x.qty * p.net_price_paise * 0.025) else 0 end,
      case when b.state_code = '36' then 0 else round(x.qty * p.net_price_paise * 0.05) end,
      x.qty * p.net_price_paise + case when b.state_code = '36' then 2 * round(x.qty * p.net_price_paise * 0.025)
        else round(x.qty * p.net_price_paise * 0.05) end
    from bench_plan b
    join orders o on o.order_ref_no = 'BX/' || lpad(b.g::text, 7, '0')
    cross join lateral (values (1, b.v1, b.q1), (2, b.v2, b.q2)) as x(n, variant, qty)
    join product_colours v on v.id = x.variant join products p on p.id = v.product_id join colours co on co.id = v.frame_colour_id
    order by o.id, x.n`);
  await run(sql`insert into order_status_history (order_id, status, note, changed_by_user_id, changed_at)
    select o.id, 'Placed', null, o.placed_by_user_id, o.placed_at from orders o where o.order_ref_no like 'BX/%'
    union all
    select o.id, o.status, null, null, o.placed_at + interval '1 day' from orders o where o.order_ref_no like 'BX/%' and o.status <> 'Placed'`);
  // One shipment per shipped order: everything, or (part-shipped) the first line.
  await run(sql`insert into shipments (order_id, shipment_no, status, boxes, transporter, docket_no, dispatch_date, delivered_on,
      received_by, value_paise, packed_at, dispatched_at, delivered_at, created_at, updated_at)
    select o.id, 1, case when o.status = 'Delivered' then 'Delivered' else 'Dispatched' end, 1, 'Blue Dart', '7' || lpad(o.id::text, 10, '0'),
      (o.placed_at + interval '2 days')::date, case when o.status = 'Delivered' then (o.placed_at + interval '5 days')::date end,
      case when o.status = 'Delivered' then 'Shop counter' end,
      case when o.status = 'Partially dispatched' then (select l.line_total_paise from order_lines l where l.order_id = o.id order by l.id limit 1)
        else o.total_paise end,
      o.placed_at + interval '1 day', o.placed_at + interval '2 days',
      case when o.status = 'Delivered' then o.placed_at + interval '5 days' end, o.placed_at + interval '1 day', o.placed_at + interval '2 days'
    from orders o where o.order_ref_no like 'BX/%' and o.status in ('Partially dispatched', 'Dispatched', 'Delivered')`);
  await run(sql`insert into shipment_lines (shipment_id, order_line_id, quantity, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise)
    select s.id, l.id, l.quantity, l.taxable_paise, l.cgst_paise, l.sgst_paise, l.igst_paise, l.line_total_paise
    from shipments s join orders o on o.id = s.order_id join order_lines l on l.order_id = o.id
    where o.order_ref_no like 'BX/%'
      and (o.status <> 'Partially dispatched' or l.id = (select min(x.id) from order_lines x where x.order_id = o.id))`);
  await run(sql`insert into invoices (invoice_no, financial_year, order_id, shipment_id, retailer_id, invoice_date, due_date,
      amount_paise, paid_paise, created_at, updated_at)
    select 'BX/' || lpad(s.id::text, 8, '0'), '2026-27', o.id, s.id, o.retailer_id, s.dispatch_date, s.dispatch_date + 30,
      s.value_paise, s.value_paise, s.dispatched_at, s.dispatched_at
    from shipments s join orders o on o.id = s.order_id where o.order_ref_no like 'BX/%'`);
  await run(sql`drop table bench_plan`);
}

/** The queue's query strings: every filter alone and a few together, page 1 and a deep page. */
async function queueQueries(database: Database): Promise<string[]> {
  const [facts] = await queryRows<Record<string, unknown>>(
    database.db,
    sql`select (select id from users where email = ${DEMO_EMAILS.sales}) as sales,
        (select min(id) from states where state_code = '36') as ts, (select min(id) from states where state_code = '27') as mh,
        (select count(*) from orders where status = 'Delivered') as delivered`,
  );
  const deepPage = Math.max(1, Math.floor(Number(facts!.delivered) / 50 / 2));
  const today = istDateOf(new Date());
  const monthAgo = istDateOf(new Date(Date.now() - 30 * 86_400_000));
  const yearAgo = istDateOf(new Date(Date.now() - 365 * 86_400_000));
  const yearAgoEnd = istDateOf(new Date(Date.now() - 335 * 86_400_000));
  const ref = String(Math.floor(ORDERS * 0.42)).padStart(7, '0').slice(0, 5);
  return [
    '',
    'status=Placed',
    'status=On%20hold',
    'status=Confirmed',
    `status=Delivered&pageNumber=${deepPage}`,
    `q=${encodeURIComponent(`BX/${ref}`)}`,
    'q=Opticals%2017',
    'q=bench123%40',
    'q=AAAFB0042',
    `stateId=${facts!.ts}`,
    `stateId=${facts!.mh}&status=Dispatched`,
    `salesExecutiveId=${facts!.sales}`,
    `salesExecutiveId=${facts!.sales}&status=Placed`,
    `from=${monthAgo}&to=${today}`,
    `from=${yearAgo}&to=${yearAgoEnd}&pageNumber=3`,
    `q=Bench&from=${monthAgo}&to=${today}&status=Partially%20dispatched`,
  ];
}

type Prepared = { queries: string[]; placed: number[]; retailers: { email: string; password: string }[]; variants: { productId: number; colorVariant: string }[] };

async function prepare(database: Database): Promise<Prepared> {
  await database.migrate();
  let t = performance.now();
  await seedDemo(database.db, { products: 500 });
  console.log(`  demo seed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  await generateOrders(database, new Date());
  await database.db.execute(sql`VACUUM ANALYZE`);
  const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders`);
  console.log(`  ${count!.n} orders in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  // 100 frame colours with ample stock, five per ordering retailer (as bench:orders).
  const variants = await database.db
    .select({ productId: productColours.productId, colorVariant: productColours.colorVariant, id: productColours.id })
    .from(productColours)
    .innerJoin(products, eq(products.id, productColours.productId))
    .where(inArray(products.productTypeId, [1, 2]))
    .orderBy(asc(productColours.id))
    .limit(RETAILERS * 5);
  await database.db.update(productColours).set({ availableStockQuantity: 1_000_000 }).where(inArray(productColours.id, variants.map((v) => v.id)));
  const retailers: Prepared['retailers'] = [];
  for (let i = 0; i < RETAILERS; i += 1) retailers.push(await createRetailer(database.db, { stateCode: i % 2 === 0 ? '36' : '29' }));
  // The generated Placed orders, newest first: the desk's work.
  const placed = await queryRows<{ id: number }>(
    database.db,
    sql`select id from orders where status = 'Placed' and order_ref_no like 'BX/%' order by placed_at desc`,
  );
  return {
    queries: await queueQueries(database),
    placed: placed.map((p) => Number(p.id)),
    retailers,
    variants: variants.map(({ productId, colorVariant }) => ({ productId, colorVariant })),
  };
}

/** The same queries as the route, in-process on `database`: the database's own pace. */
async function bareQueue(database: Database, queries: string[]): Promise<LoadResult> {
  const parsed = queries.map((q) => AdminOrdersQuerySchema.parse(Object.fromEntries(new URLSearchParams(q))));
  return runQueueLoad(async (i) => (await orderQueue(database.db, parsed[i % parsed.length]!)).pageSize > 0, {
    concurrency: QUEUE_CLIENTS,
    durationMs: DURATION_MS,
  });
}

async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${username}: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function overHttp(backend: string, replica: Replica, prepared: Prepared) {
  const url = replica.url;
  const admin = await signIn(url, DEMO_EMAILS.admin, DEMO_PASSWORDS.admin);
  const headers = { authorization: `Bearer ${admin}` };

  // 1. The queue.
  const urls = prepared.queries.map((q) => `${url}/api/admin/orders${q ? `?${q}` : ''}`);
  for (const [i, u] of urls.entries()) {
    const response = await fetch(u, { headers });
    const body = (await response.json()) as { Data?: AdminOrdersResponse };
    if (response.status !== 200) throw new Error(`GET ${u}: HTTP ${response.status} ${JSON.stringify(body)}`);
    if (i === 0) console.log(`  probe: ${body.Data?.totalCount} orders, ${JSON.stringify(body.Data?.counts)}`);
  }
  const queue = await runQueueLoad(
    (i) =>
      fetch(urls[i % urls.length]!, { headers }).then(async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      }),
    { concurrency: QUEUE_CLIENTS, durationMs: DURATION_MS },
  );
  console.log(`  GET /api/admin/orders, ${QUEUE_CLIENTS} clients: ${describeLoad(queue)}`);
  table.push(
    `| ${backend} | GET /api/admin/orders (${ORDERS} orders, ${urls.length} filter mixes), ${QUEUE_CLIENTS} clients | ${queue.requests} | ${ms(queue.p50)} | ${ms(queue.p95)} | ${ms(queue.p99)} | ${queue.perSecond.toFixed(0)} req/s${queue.errors ? `, ${queue.errors} errors` : ''} |`,
  );

  // 2. The desk while the retailers place orders.
  const tokens: string[] = [];
  for (const r of prepared.retailers) tokens.push(await signIn(url, r.email, r.password));
  const timings = { confirm: [] as number[], ship: [] as number[], pack: [] as number[], dispatch: [] as number[] };
  let failures = 0;
  let shipped = 0;
  const queueOfOrders = [...prepared.placed];
  const today = istDateOf(new Date());
  const post = async (name: keyof typeof timings | null, pathname: string, body: unknown): Promise<AdminOrderDetail | null> => {
    const t0 = performance.now();
    const response = await fetch(`${url}${pathname}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { Data?: AdminOrderDetail };
    if (name) timings[name].push(performance.now() - t0);
    if (response.status !== 200) {
      failures += 1;
      if (failures <= 3) console.log(`  POST ${pathname}: HTTP ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
      return null;
    }
    return answer.Data ?? null;
  };
  const ordering = runOrderLoad({
    address: url,
    tokens,
    variants: prepared.variants,
    durationMs: DURATION_MS,
    hot: false,
    mode: 'order',
    intervalMs: (tokens.length / TARGET_ORDERS_PER_SECOND) * 1000,
  });
  const ends = performance.now() + DURATION_MS;
  const desk = async () => {
    while (performance.now() < ends) {
      const orderId = queueOfOrders.shift();
      if (orderId === undefined) return;
      const confirmed = await post('confirm', `/api/admin/orders/${orderId}/confirm`, {});
      if (!confirmed) continue;
      const lines = confirmed.lines.filter((l) => l.openQuantity > 0).map((l) => ({ orderLineId: l.id, quantity: l.openQuantity }));
      const withShipment = await post('ship', `/api/admin/orders/${orderId}/shipments`, { lines });
      const shipment = withShipment?.shipments.find((s) => s.status === 'Packing');
      if (!shipment) continue;
      if (!(await post('pack', `/api/admin/shipments/${shipment.id}/pack`, { boxes: 1 }))) continue;
      const dispatched = await post('dispatch', `/api/admin/shipments/${shipment.id}/dispatch`, {
        transporter: 'Blue Dart',
        docketNo: `7${String(orderId).padStart(10, '0')}`,
        vehicleNo: null,
        dispatchDate: today,
        ewayBillNo: shipment.needsEwayBill ? `1${String(orderId).padStart(11, '0')}` : null,
      });
      if (dispatched) shipped += 1;
    }
  };
  await Promise.all(Array.from({ length: DESK_CLIENTS }, desk));
  const placing = await ordering;
  const place = stats(placing.order);
  console.log(
    `  desk: ${shipped} orders confirmed, shipped and dispatched, ${failures} failed calls; retailers: ${placing.orders} orders (${(placing.orders / (DURATION_MS / 1000)).toFixed(1)}/s), ${placing.failures} failed calls`,
  );
  for (const [name, values] of Object.entries(timings)) {
    const s = stats(values);
    table.push(
      `| ${backend} | ${name} (${DESK_CLIENTS} desk clients, retailers placing at ${TARGET_ORDERS_PER_SECOND}/s) | ${s.count} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | |`,
    );
  }
  table.push(
    `| ${backend} | place order (${tokens.length} retailers, during the desk's work) | ${place.count} | ${ms(place.p50)} | ${ms(place.p95)} | ${ms(place.p99)} | ${(placing.orders / (DURATION_MS / 1000)).toFixed(1)} orders/s |`,
  );
  return queue;
}

async function bench(backend: string, where: { dataDir?: string; databaseUrl?: string }) {
  console.log(`\n${backend}: preparing ${ORDERS} orders…`);
  const database = await openDatabase({ ...where, poolMax: QUEUE_CLIENTS });
  let prepared: Prepared;
  let bare: LoadResult;
  try {
    prepared = await prepare(database);
    bare = await bareQueue(database, prepared.queries);
  } finally {
    await database.close();
  }
  console.log(`  orderQueue in-process, ${QUEUE_CLIENTS} clients: ${describeLoad(bare)}`);
  table.push(
    `| ${backend} | orderQueue in-process (bare, no HTTP), ${QUEUE_CLIENTS} clients | ${bare.requests} | ${ms(bare.p50)} | ${ms(bare.p95)} | ${ms(bare.p99)} | ${bare.perSecond.toFixed(0)} req/s |`,
  );
  const env: Record<string, string> = { LOG_LEVEL: 'warn', ...(where.dataDir ? { DATA_DIR: where.dataDir } : { DATABASE_URL: where.databaseUrl! }) };
  const replica = await startReplica(backend, env);
  try {
    await waitHealthy(replica);
    const queue = await overHttp(backend, replica, prepared);
    ratios.push(`${backend}: queue over HTTP / bare in-process throughput = ${(queue.perSecond / bare.perSecond).toFixed(2)}`);
  } finally {
    await replica.stop();
  }
}

async function main() {
  await onEachBackendLocation('frameport_bench_desk', (backend, location) => bench(backend, location));
  console.log('\n| backend | call | calls | p50 ms | p95 ms | p99 ms | throughput |\n|---|---|---|---|---|---|---|');
  for (const row of table) console.log(row);
  for (const ratio of ratios) console.log(ratio);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
