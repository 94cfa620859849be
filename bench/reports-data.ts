/**
 * The reports bench's data (issue 18): a distributor's two years on top of the demo seed, written
 * through the server's own migrations, into a PGlite folder and a PostgreSQL database that are kept
 * between runs (made again only with --fresh, or when what is there is not what was asked for).
 *
 *   npx tsx bench/reports-data.ts [--fresh] [--pglite-only | --postgres-only]
 *
 * - 40 sales executives (the demo one and 39 more), each looking after a run of neighbouring
 *   retailers; about one retailer in twelve shared with a second executive, a few with none;
 * - 3,000 retailers (BENCH_RETAILERS) spread over the states roughly as India's optical trade is
 *   (Maharashtra, Tamil Nadu, Karnataka, Uttar Pradesh, Gujarat first), each with a valid GSTIN
 *   (the domain's check character, the PAN inside it), a sign-in user and a default address,
 *   payment terms of 15–60 days or the default, a few blocked, on credit hold or waiting for
 *   approval;
 * - 200,000 orders (BENCH_ORDERS) over two years, growing (the newest month has about twice the
 *   orders of the first), a few big retailers ordering far more than most, 1–4 lines each over the
 *   seeded catalogue at its prices and GST rates (CGST + SGST inside Telangana, IGST elsewhere);
 *   the last days' orders in every status of the desk, older ones Delivered or Cancelled;
 * - one shipment per shipped order (a part-shipped one carries its first line) with its lines'
 *   share of the money, and its invoice as dispatch raises it: numbered per financial year in the
 *   order they were raised, due by the retailer's terms; cancellations are chosen so that the
 *   invoices come to 150,000 (BENCH_INVOICES);
 * - payments as the payment links apply them (a payment and its allocation per paid invoice): the
 *   older an invoice, the likelier it is paid, so every ageing bucket has money in it; about a third
 *   of the open invoices partly paid.
 *
 * Everything after the demo seed is `INSERT … SELECT` over `generate_series` and a plan table, in
 * one transaction (ids given in the statements, the sequences set after), then VACUUM ANALYZE.
 * Deterministic: the same sizes and day give the same data.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database, type DbOrTx } from '../apps/server/src/db/client.ts';
import { retailers, salesExecutiveRetailers, users } from '../apps/server/src/db/schema.ts';
import { DEMO_EMAILS, makeGstin, seedDemo } from '../apps/server/src/db/seed/index.ts';
import { createRandom } from '../apps/server/src/db/seed/random.ts';
import { POSTGRES_URL, postgresAnswers } from './databases.ts';

export const SIZES = {
  retailers: Number(process.env.BENCH_RETAILERS ?? 3_000),
  orders: Number(process.env.BENCH_ORDERS ?? 200_000),
  invoices: Number(process.env.BENCH_INVOICES ?? 150_000),
  salesExecutives: 40,
  seedProducts: Number(process.env.BENCH_SEED_PRODUCTS ?? 1_000),
};

/** Where the data is kept between runs. */
export const PGLITE_DIR = process.env.BENCH_REPORTS_DATA_DIR ?? path.join(tmpdir(), 'frameport-bench-reports', 'pglite');
export const POSTGRES_DATABASE = process.env.BENCH_REPORTS_DATABASE ?? 'frameport_bench';

/** The generated retailers' and executives' mail domain: how the bench finds its own rows. */
const DOMAIN = 'bench.frameport.test';
const COMPANY_STATE_CODE = '36';
const DAYS = 730;

/** Share of the optical trade by state (GST state code → weight), roughly: big states first. */
const STATE_WEIGHTS: Record<string, number> = {
  '27': 13, '33': 8.5, '29': 8, '09': 8.5, '24': 7, '36': 6.5, '07': 5.5, '19': 6, '32': 5, '37': 5, '08': 4.5, '23': 4,
  '06': 3, '03': 2.8, '10': 2.6, '21': 2, '18': 1.4, '20': 1.3, '22': 1.1, '05': 1, '01': 0.8, '02': 0.6, '30': 0.5,
  '04': 0.5, '34': 0.3, '16': 0.2, '17': 0.2, '13': 0.15, '14': 0.15, '15': 0.1, '11': 0.1, '12': 0.1, '26': 0.15,
  '35': 0.08, '38': 0.05, '31': 0.02,
};
/** The first two digits of the state's PIN codes. */
const PIN_PREFIX: Record<string, string> = {
  '01': '19', '02': '17', '03': '14', '04': '16', '05': '24', '06': '12', '07': '11', '08': '30', '09': '22', '10': '80',
  '11': '73', '12': '79', '13': '79', '14': '79', '15': '79', '16': '79', '17': '79', '18': '78', '19': '70', '20': '83',
  '21': '75', '22': '49', '23': '45', '24': '38', '26': '39', '27': '41', '29': '56', '30': '40', '31': '68', '32': '68',
  '33': '60', '34': '60', '35': '74', '36': '50', '37': '52', '38': '19',
};
const FIRST_NAMES = ['Arjun', 'Priya', 'Rahul', 'Sneha', 'Vikram', 'Anita', 'Karthik', 'Deepa', 'Sanjay', 'Meera', 'Imran',
  'Fatima', 'Rohit', 'Kavya', 'Manoj', 'Lakshmi', 'Abdul', 'Neha', 'Suresh', 'Pooja', 'Gurpreet', 'Joseph', 'Ritu', 'Arvind'];
const SURNAMES = ['Sharma', 'Reddy', 'Patel', 'Iyer', 'Nair', 'Gupta', 'Khan', 'Singh', 'Das', 'Mehta', 'Rao', 'Joshi',
  'Menon', 'Banerjee', 'Kulkarni', 'Agarwal', 'Pillai', 'Chowdhury', 'Shetty', 'Verma', 'Bose', 'Naidu', 'Jain', 'Thomas'];
const SHOP_WORDS = ['Opticals', 'Optics', 'Eye Care', 'Opticians', 'Vision Centre', 'Spectacle House', 'Eyewear', 'Optical Mart'];
const SHOP_PREFIXES = ['Sri Sai', 'New', 'City', 'Royal', 'Lens', 'Clear', 'Bright', 'Modern', 'National', 'Focus', 'Star',
  'Crystal', 'Shree', 'Metro', 'Classic', 'Galaxy'];
const STREETS = ['Main Road', 'MG Road', 'Station Road', 'Market Street', 'Bazaar Road', 'Temple Street', 'Ring Road', 'Park Street'];

export type Where = { dataDir: string } | { databaseUrl: string };

/** `((hash of expr, salt) mod 2^31) / 2^31`: a deterministic uniform number in [0, 1) in SQL. */
const u = (expr: string, salt: number) => `((hashint8((${expr})::bigint * 1009 + ${salt})::bigint & 2147483647)::float8 / 2147483648.0)`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function one<T extends Record<string, unknown>>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db, query);
  return row!;
}

/** What is in the database of the bench's own rows (zero everywhere when nothing). */
async function present(db: DbOrTx): Promise<{ retailers: number; orders: number; invoices: number }> {
  const exists = await one<{ ok: boolean }>(db, sql`select to_regclass('public.retailers') is not null as ok`);
  if (!exists.ok) return { retailers: 0, orders: 0, invoices: 0 };
  return one(
    db,
    sql`select (select count(*)::int from retailers where email like ${`%@${DOMAIN}`}) as retailers,
      (select count(*)::int from orders where order_ref_no like 'FP/%' and retailer_id in (select id from retailers where email like ${`%@${DOMAIN}`})) as orders,
      (select count(*)::int from invoices where retailer_id in (select id from retailers where email like ${`%@${DOMAIN}`})) as invoices`,
  );
}

function complete(found: { retailers: number; orders: number; invoices: number }) {
  return found.retailers === SIZES.retailers && found.orders === SIZES.orders && Math.abs(found.invoices - SIZES.invoices) <= SIZES.invoices * 0.01;
}

/** The retailers' states: SIZES.retailers spread by STATE_WEIGHTS (largest remainder). */
function stateCounts(codes: string[]): Map<string, number> {
  const weights = codes.map((code) => [code, STATE_WEIGHTS[code] ?? 0.05] as const);
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  const exact = weights.map(([code, w]) => ({ code, share: (SIZES.retailers * w) / total }));
  const counts = new Map(exact.map((e) => [e.code, Math.floor(e.share)]));
  let left = SIZES.retailers - [...counts.values()].reduce((a, b) => a + b, 0);
  for (const e of [...exact].sort((a, b) => (b.share % 1) - (a.share % 1))) {
    if (left-- <= 0) break;
    counts.set(e.code, counts.get(e.code)! + 1);
  }
  return counts;
}

/** The sales executives, the retailers with their users and default addresses, and who looks after whom. */
async function writePeople(tx: DbOrTx, now: Date) {
  const rng = createRandom(0x18be_c4);
  const demo = await one<{ hash: string; sales: number; admin: number }>(
    tx,
    sql`select (select password_hash from users where email = ${DEMO_EMAILS.retailer}) as hash,
      (select id from users where email = ${DEMO_EMAILS.sales}) as sales, (select id from users where email = ${DEMO_EMAILS.admin}) as admin`,
  );
  const executives = [demo.sales];
  const execRows = Array.from({ length: SIZES.salesExecutives - 1 }, (_, i) => {
    const first = FIRST_NAMES[(i * 7) % FIRST_NAMES.length]!;
    const last = SURNAMES[(i * 5 + 3) % SURNAMES.length]!;
    return {
      email: `se${String(i + 1).padStart(2, '0')}@${DOMAIN}`,
      passwordHash: demo.hash,
      roleId: 3,
      name: `${first} ${last}`,
      phoneNumber: `97${String(10_000_000 + i).padStart(8, '0')}`,
    };
  });
  for (const row of await tx.insert(users).values(execRows).returning({ id: users.id })) executives.push(row.id);

  const places = await queryRows<{ state_code: string; state_id: number; country_id: number; city_id: number; city_rank: number }>(
    tx,
    sql`select s.state_code, s.id as state_id, s.country_id, c.id as city_id,
        row_number() over (partition by s.id order by c.id)::int as city_rank
      from states s join cities c on c.state_id = s.id order by s.state_code, c.id`,
  );
  const byState = new Map<string, typeof places>();
  for (const p of places) byState.set(p.state_code, [...(byState.get(p.state_code) ?? []), p]);
  const counts = stateCounts([...byState.keys()]);

  // Retailers grouped by state and city (a territory is a run of them), then the order of creation shuffled.
  type Shop = { code: string; place: (typeof places)[number]; executive: number; second: number | null };
  const territory: Shop[] = [];
  for (const [code, n] of counts) {
    const cities = byState.get(code)!;
    // The first city of a state (its capital or metro) has the most shops.
    const weighted = cities.map((c) => [c, c.city_rank === 1 ? 3 : c.city_rank === 2 ? 2 : 1] as const);
    const picked = Array.from({ length: n }, () => rng.weighted(weighted)).sort((a, b) => a.city_id - b.city_id);
    for (const place of picked) territory.push({ code, place, executive: 0, second: null });
  }
  const perExecutive = Math.ceil(territory.length / executives.length);
  territory.forEach((shop, i) => {
    const e = Math.min(executives.length - 1, Math.floor(i / perExecutive));
    shop.executive = executives[e]!;
    // One in twelve shared with the neighbouring executive (a key account both visit).
    if (rng.chance(1 / 12)) shop.second = executives[(e + 1) % executives.length]!;
  });
  const shops = rng.shuffle(territory);

  const pans = new Set<string>();
  const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const values = shops.map((shop, i) => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(SURNAMES);
    const business = rng.chance(0.4) ? `${last} ${rng.pick(SHOP_WORDS)}` : `${rng.pick(SHOP_PREFIXES)} ${rng.pick(SHOP_WORDS)}`;
    // A proprietor's PAN (4th letter P, 5th the surname's initial) or a firm's (F, the business's).
    const firm = rng.chance(0.35);
    let pan: string;
    do {
      pan = `${rng.chars(LETTERS, 3)}${firm ? 'F' : 'P'}${(firm ? business : last)[0]!.toUpperCase()}${String(rng.int(1, 9999)).padStart(4, '0')}${rng.chars(LETTERS, 1)}`;
    } while (pans.has(pan));
    pans.add(pan);
    const roll = rng.next();
    const status: 'Pending' | 'Blocked' | 'Active' = roll < 0.015 ? 'Pending' : roll < 0.025 ? 'Blocked' : 'Active';
    const hold = status === 'Active' && rng.chance(0.01);
    return {
      shop,
      row: {
        businessName: business,
        firstName: first,
        lastName: last,
        email: `shop${String(i + 1).padStart(4, '0')}@${DOMAIN}`,
        phone: `98${String(10_000_000 + i).padStart(8, '0')}`,
        address: `${rng.int(1, 240)}, ${rng.pick(STREETS)}`,
        cityId: shop.place.city_id,
        stateId: shop.place.state_id,
        countryId: shop.place.country_id,
        pinCode: `${PIN_PREFIX[shop.code] ?? '50'}${String(rng.int(0, 9999)).padStart(4, '0')}`,
        pan,
        gstin: makeGstin(shop.code, pan),
        maxLimitPerVariant: 50,
        maxOrderQuantity: 1000,
        maxOrderValuePaise: 100_000_000,
        creditLimitPaise: rng.pick([2, 3, 5, 5, 8, 10, 15, 25]) * 10_000_000,
        paymentTermsDays: rng.weighted<number | null>([[null, 40], [15, 10], [30, 25], [45, 15], [60, 10]]),
        creditHold: hold,
        creditHoldReason: hold ? 'Cheque returned: clear the dues before the next order.' : null,
        creditUpdatedAt: hold ? new Date(now.getTime() - 20 * 86_400_000) : null,
        creditUpdatedByUserId: hold ? demo.admin : null,
        status,
        statusReason: status === 'Blocked' ? 'Payments overdue for more than 120 days.' : null,
        statusChangedAt: status === 'Blocked' ? new Date(now.getTime() - 40 * 86_400_000) : null,
        statusChangedByUserId: status === 'Blocked' ? demo.admin : null,
        proposedByUserId: status === 'Pending' ? shop.executive : null,
        createdAt: new Date(now.getTime() - (status === 'Pending' ? rng.int(0, 6) : rng.int(400, 1200)) * 86_400_000),
      },
    };
  });
  const links: { salesExecutiveUserId: number; retailerId: number }[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    const batch = values.slice(i, i + 1000);
    const rows = await tx.insert(retailers).values(batch.map((v) => v.row)).returning({ id: retailers.id });
    rows.forEach((r, j) => {
      const { shop } = batch[j]!;
      // A few retailers nobody looks after (between two executives).
      if ((i + j) % 50 === 7) return;
      links.push({ salesExecutiveUserId: shop.executive, retailerId: r.id });
      if (shop.second !== null) links.push({ salesExecutiveUserId: shop.second, retailerId: r.id });
    });
  }
  for (let i = 0; i < links.length; i += 2000) await tx.insert(salesExecutiveRetailers).values(links.slice(i, i + 2000));
  await tx.execute(sql`insert into users (email, password_hash, role_id, name, phone_number, retailer_id, is_active)
    select r.email, ${demo.hash}, 2, r.first_name || ' ' || r.last_name, r.phone, r.id, r.status <> 'Blocked'
    from retailers r where r.email like ${`%@${DOMAIN}`} order by r.id`);
  await tx.execute(sql`insert into shipping_addresses (retailer_id, first_name, last_name, address, city_id, state_id, country_id, pin, phone, is_default)
    select r.id, r.first_name, r.last_name, r.address, r.city_id, r.state_id, r.country_id, r.pin_code, r.phone, true
    from retailers r where r.email like ${`%@${DOMAIN}`} order by r.id`);
  return { executives: executives.length, retailers: values.length, links: links.length, admin: demo.admin };
}

/** The orders and everything after them, in SQL. */
async function writeOrders(tx: DbOrTx, now: Date, admin: number, log: (line: string) => void) {
  // BENCH_VERBOSE=1: every statement's time, to see where a slow generation spends it.
  const run = async (text: string) => {
    const started = performance.now();
    const result = await tx.execute(sql.raw(text));
    if (process.env.BENCH_VERBOSE === '1') log(`    ${seconds(performance.now() - started)}  ${text.replace(/\s+/g, ' ').slice(0, 90)}`);
    return result;
  };
  const N = Math.trunc(SIZES.orders);
  const nowSql = `'${now.toISOString()}'::timestamptz`;
  // Today in India, for ages and dues.
  const todaySql = `((${nowSql} at time zone 'UTC') + interval '330 minutes')::date`;
  const istDate = (ts: string) => `((${ts} at time zone 'UTC') + interval '330 minutes')::date`;
  const fyOf = (date: string) =>
    `(case when extract(month from ${date}) >= 4 then extract(year from ${date})::int else extract(year from ${date})::int - 1 end)`;
  const fyText = (date: string) => `(${fyOf(date)}::text || '-' || lpad(((${fyOf(date)} + 1) % 100)::text, 2, '0'))`;

  // Who orders: Active and Blocked retailers (not the ones waiting for approval), in a hashed order.
  await run(`create unlogged table bench_r as
    select (row_number() over (order by hashint4(r.id)) - 1)::int as k, r.id, u.id as user_id, r.business_name, r.address,
      c.name as city, s.name as state, s.state_code, r.pin_code, r.gstin, coalesce(r.payment_terms_days, 30) as terms,
      r.status = 'Blocked' as blocked, a.id as address_id, r.first_name || ' ' || r.last_name as contact, r.phone,
      (select min(l.sales_executive_user_id) from sales_executive_retailers l where l.retailer_id = r.id) as executive
    from retailers r join users u on u.retailer_id = r.id join cities c on c.id = r.city_id join states s on s.id = r.state_id
    join shipping_addresses a on a.retailer_id = r.id and a.is_default
    where r.email like '%@${DOMAIN}' and r.status in ('Active', 'Blocked')`);
  // What they order: every active style's colours at today's price and GST rate, in a hashed order.
  await run(`create unlogged table bench_v as
    select (row_number() over (order by hashint4(pc.id)) - 1)::int as k, pc.id, p.id as product_id, p.product_type_id, p.product_code,
      p.product_name, p.model_name, fc.name as colour, tc.name as temple_colour, pc.color_variant, sz.name as size_name, p.eye_size_mm,
      p.nose_bridge_mm, p.arm_length_mm, p.hsn_code, p.gst_rate_percent, p.net_price_paise
    from product_colours pc join products p on p.id = pc.product_id join colours fc on fc.id = pc.frame_colour_id
    left join colours tc on tc.id = pc.temple_colour_id left join sizes sz on sz.id = p.size_id
    where p.is_active and p.net_price_paise > 0`);
  const counts = await one<{ r: number; v: number }>(tx, sql`select (select count(*)::int from bench_r) as r, (select count(*)::int from bench_v) as v`);
  if (counts.v < 500) throw new Error(`only ${counts.v} colours to order: seed more styles (BENCH_SEED_PRODUCTS)`);

  // The plan: when (a linear growth: s = time fraction), who (a few big buyers), how many lines, which status.
  await run(`create unlogged table bench_plan as
    with g as (
      select g, sqrt(1 + 3 * (g - 0.5) / ${N}) - 1 as s from generate_series(1, ${N}) g
    ), t as (
      select g, ${nowSql} - (1 - s) * interval '${DAYS} days' - interval '20 minutes' as placed_at, (1 - s) * ${DAYS} as age,
        floor(${counts.r} * power(${u('g', 2)}, 1.8))::int as rk,
        case when ${u('g', 4)} < 0.2 then 1 when ${u('g', 4)} < 0.5 then 2 when ${u('g', 4)} < 0.8 then 3 else 4 end as nl,
        floor(${counts.v} * power(${u('g', 5)}, 1.5))::int as vbase,
        ${u('g', 3)} as roll, ${u('g', 6)} < 0.15 as by_sales
      from g
    )
    select t.*, case
        when age < 1 then case when roll < 0.7 then 'Placed' when roll < 0.8 then 'On hold' else 'Confirmed' end
        when age < 3 then case when roll < 0.05 then 'Placed' when roll < 0.1 then 'On hold' when roll < 0.45 then 'Confirmed'
          when roll < 0.55 and nl > 1 then 'Partially dispatched' when roll < 0.9 then 'Dispatched' else 'Cancelled' end
        when age < 10 then case when roll < 0.05 and nl > 1 then 'Partially dispatched' when roll < 0.5 then 'Dispatched'
          when roll < 0.9 then 'Delivered' else 'Cancelled' end
        else 'Delivered' end as status
    from t`);
  // Cancel old orders (hashed choice) until the shipped ones come to the invoices asked for.
  const shipped = await one<{ n: number }>(
    tx,
    sql.raw(`select count(*)::int as n from bench_plan where status in ('Partially dispatched', 'Dispatched', 'Delivered')`),
  );
  const excess = shipped.n - SIZES.invoices;
  if (excess > 0) {
    await run(`update bench_plan set status = 'Cancelled' where g in (
      select g from bench_plan where status = 'Delivered' and age >= 10 order by ${u('g', 77)} limit ${excess})`);
  } else if (excess < 0) log(`  (only ${shipped.n} orders can ship: ${-excess} invoices fewer than asked for)`);
  // Dates of each step, ids to be (given in the statements), numbers per financial year.
  const base = await one<{ o: number; l: number; s: number; i: number; seq: number }>(
    tx,
    sql`select (select coalesce(max(id), 0)::int from orders) as o, (select coalesce(max(id), 0)::int from order_lines) as l,
      (select coalesce(max(id), 0)::int from shipments) as s, (select coalesce(max(id), 0)::int from invoices) as i,
      (select last_value::int from order_number_seq) as seq`,
  );
  await run(`create unlogged table bench_x as
    select b.g, b.status, ${base.o} + b.g as order_id,
      b.placed_at + interval '1 minute' * (3 * 60 + floor(${u('g', 8)} * 17 * 60)) * least(1, b.age) as confirmed_at,
      b.placed_at + least((1 + 2 * ${u('g', 9)}) * interval '1 day', (${nowSql} - b.placed_at) / 2) as dispatched_at,
      b.placed_at + least((4 + 3 * ${u('g', 9)}) * interval '1 day', (${nowSql} - b.placed_at) - interval '10 minutes') as delivered_at
    from bench_plan b`);
  await run(`alter table bench_x add primary key (g)`);
  await run(`alter table bench_plan add primary key (g)`);
  await run(`create unlogged table bench_inv as
    select x.g, ${base.s} + x.g as shipment_id, ${base.i} + x.g as invoice_id, ${istDate('x.dispatched_at')} as invoice_date,
      ${fyText(istDate('x.dispatched_at'))} as fy
    from bench_x x where x.status in ('Partially dispatched', 'Dispatched', 'Delivered')`);
  await run(`alter table bench_inv add column serial int`);
  await run(`update bench_inv b
    set serial = n.serial + coalesce((select d.last_value from document_sequences d where d.series = 'invoice' and d.financial_year = b.fy), 0)
    from (select g, row_number() over (partition by fy order by invoice_date, g)::int as serial from bench_inv) n
    where n.g = b.g`);
  await run(`alter table bench_inv add primary key (g)`);
  // The lines: 1–4 distinct colours per order, 1–10 frames or 1–30 accessories each; GST by the bill-to state.
  await run(`create unlogged table bench_lines as
    select b.g, n, ${base.l} + (b.g - 1) * 4 + n + 1 as line_id, v.*, q.qty, q.qty * v.net_price_paise as taxable,
      case when r.state_code = '${COMPANY_STATE_CODE}' then round(q.qty * v.net_price_paise * v.gst_rate_percent / 200)::bigint else 0 end as half,
      case when r.state_code = '${COMPANY_STATE_CODE}' then 0 else round(q.qty * v.net_price_paise * v.gst_rate_percent / 100)::bigint end as igst,
      r.state_code = '${COMPANY_STATE_CODE}' as intra
    from bench_plan b join bench_r r on r.k = b.rk
    cross join lateral generate_series(0, b.nl - 1) n
    join bench_v v on v.k = (b.vbase + n * 97) % ${counts.v}
    cross join lateral (select 1 + floor(${u('b.g * 4 + n', 10)} * case when v.product_type_id = 4 then 30 else 10 end)::int as qty) q`);
  await run(`create index on bench_lines (g)`);
  log(`  plan: ${N} orders, ${counts.r} ordering retailers, ${counts.v} colours`);

  const CHUNK = 25_000;
  for (let lo = 1; lo <= N; lo += CHUNK) {
    const hi = Math.min(N, lo + CHUNK - 1);
    const started = performance.now();
    await run(`insert into orders (id, order_ref_no, retailer_id, placed_by_user_id, status, note, confirmed_at, confirmed_by_user_id,
        hold_kind, hold_reason, held_at, held_by_user_id, cancelled_at, cancelled_by_user_id, cancel_reason,
        bill_to_business_name, bill_to_address, bill_to_city, bill_to_state, bill_to_state_code, bill_to_country, bill_to_pin_code,
        bill_to_gstin, shipping_address_id, ship_to_name, ship_to_address, ship_to_city, ship_to_state, ship_to_state_code,
        ship_to_pin_code, ship_to_phone, company_state_code, total_quantity, subtotal_paise, taxable_paise, cgst_paise, sgst_paise,
        igst_paise, total_paise, placed_at, created_at, updated_at)
      select x.order_id, 'FP/' || ${fyText(istDate('b.placed_at'))} || '/' || lpad((${base.seq} + b.g)::text, 6, '0'), r.id,
        case when b.by_sales and r.executive is not null then r.executive else r.user_id end, b.status,
        case when ${u('b.g', 11)} < 0.2 then 'Please pack each colour separately.' end,
        case when b.status in ('Confirmed', 'Partially dispatched', 'Dispatched', 'Delivered') then x.confirmed_at end,
        case when b.status in ('Confirmed', 'Partially dispatched', 'Dispatched', 'Delivered') then ${admin} end,
        case when b.status = 'On hold' then (array['credit', 'stock', 'note'])[1 + b.g % 3] end,
        case when b.status = 'On hold' then 'Waiting for the retailer to clear an overdue invoice.' end,
        case when b.status = 'On hold' then x.confirmed_at end, case when b.status = 'On hold' then ${admin} end,
        case when b.status = 'Cancelled' then x.confirmed_at end, case when b.status = 'Cancelled' then ${admin} end,
        case when b.status = 'Cancelled' then 'Cancelled at the retailer''s request.' end,
        r.business_name, r.address, r.city, r.state, r.state_code, 'India', r.pin_code, r.gstin,
        r.address_id, r.contact, r.address, r.city, r.state, r.state_code, r.pin_code, r.phone, '${COMPANY_STATE_CODE}',
        t.qty, t.taxable, t.taxable, t.half, t.half, t.igst, t.taxable + 2 * t.half + t.igst,
        b.placed_at, b.placed_at,
        case when b.status = 'Delivered' then x.delivered_at when b.status in ('Dispatched', 'Partially dispatched') then x.dispatched_at
          when b.status = 'Placed' then b.placed_at else x.confirmed_at end
      from bench_plan b join bench_x x on x.g = b.g join bench_r r on r.k = b.rk
      cross join lateral (select sum(l.qty)::int as qty, sum(l.taxable) as taxable, sum(l.half) as half, sum(l.igst) as igst
        from bench_lines l where l.g = b.g) t
      where b.g between ${lo} and ${hi}`);
    await run(`insert into order_lines (id, order_id, product_colour_id, product_id, product_type_id, product_code, product_name, model_name,
        colour_name, temple_colour_name, color_variant, size_name, eye_size_mm, nose_bridge_mm, arm_length_mm, hsn_code, gst_rate_percent,
        quantity, cancelled_quantity, backorder_expected_date, unit_price_paise, taxable_paise, cgst_rate_percent, sgst_rate_percent,
        igst_rate_percent, cgst_paise, sgst_paise, igst_paise, line_total_paise, image_url)
      select l.line_id, x.order_id, l.id, l.product_id, l.product_type_id, l.product_code, l.product_name, l.model_name, l.colour,
        l.temple_colour, l.color_variant, l.size_name, l.eye_size_mm, l.nose_bridge_mm, l.arm_length_mm, l.hsn_code, l.gst_rate_percent,
        l.qty, case when x.status = 'Cancelled' then l.qty else 0 end,
        case when x.status = 'Partially dispatched' and l.n > 0 then (${nowSql} + interval '7 days')::date end,
        l.net_price_paise, l.taxable,
        case when l.intra then l.gst_rate_percent / 2 else 0 end, case when l.intra then l.gst_rate_percent / 2 else 0 end,
        case when l.intra then 0 else l.gst_rate_percent end, l.half, l.half, l.igst, l.taxable + 2 * l.half + l.igst,
        '/media/products/' || l.id || '/front.svg'
      from bench_lines l join bench_x x on x.g = l.g
      where l.g between ${lo} and ${hi} order by l.line_id`);
    await run(`insert into order_status_history (order_id, status, note, changed_by_user_id, changed_at)
      select x.order_id, 'Placed', null, o.placed_by_user_id, o.placed_at from bench_x x join orders o on o.id = x.order_id
        where x.g between ${lo} and ${hi}
      union all
      select x.order_id, case when x.status = 'Cancelled' then 'Cancelled' when x.status = 'On hold' then 'On hold' else 'Confirmed' end,
        null, ${admin}, x.confirmed_at from bench_x x where x.g between ${lo} and ${hi} and x.status <> 'Placed'
      union all
      select x.order_id, case when x.status = 'Partially dispatched' then 'Partially dispatched' else 'Dispatched' end,
        'Shipment 1 dispatched', null, x.dispatched_at from bench_x x
        where x.g between ${lo} and ${hi} and x.status in ('Partially dispatched', 'Dispatched', 'Delivered')
      union all
      select x.order_id, 'Delivered', null, null, x.delivered_at from bench_x x where x.g between ${lo} and ${hi} and x.status = 'Delivered'`);
    // The shipment (all lines, or the first one of a part-shipped order) and its invoice, as dispatch writes them.
    await run(`insert into shipments (id, order_id, shipment_no, status, boxes, transporter, docket_no, dispatch_date, delivered_on,
        received_by, value_paise, created_by_user_id, packed_at, packed_by_user_id, dispatched_at, dispatched_by_user_id,
        delivered_at, created_at, updated_at)
      select i.shipment_id, x.order_id, 1, case when x.status = 'Delivered' then 'Delivered' else 'Dispatched' end,
        1 + (t.qty / 20), (array['Blue Dart', 'DTDC', 'Delhivery', 'Professional Couriers'])[1 + x.g % 4],
        lpad((7000000000 + x.g)::text, 11, '0'), i.invoice_date,
        case when x.status = 'Delivered' then ${istDate('x.delivered_at')} end,
        case when x.status = 'Delivered' then 'Shop counter' end, t.total, ${admin},
        x.dispatched_at - interval '3 hours', ${admin}, x.dispatched_at, ${admin},
        case when x.status = 'Delivered' then x.delivered_at end, x.dispatched_at - interval '5 hours',
        case when x.status = 'Delivered' then x.delivered_at else x.dispatched_at end
      from bench_inv i join bench_x x on x.g = i.g
      cross join lateral (select sum(l.qty)::int as qty, sum(l.taxable + 2 * l.half + l.igst) as total from bench_lines l
        where l.g = i.g and (x.status <> 'Partially dispatched' or l.n = 0)) t
      where i.g between ${lo} and ${hi}`);
    await run(`insert into shipment_lines (shipment_id, order_line_id, quantity, taxable_paise, cgst_paise, sgst_paise, igst_paise,
        total_paise, gst_rate_percent)
      select i.shipment_id, l.line_id, l.qty, l.taxable, l.half, l.half, l.igst, l.taxable + 2 * l.half + l.igst, l.gst_rate_percent
      from bench_inv i join bench_x x on x.g = i.g join bench_lines l on l.g = i.g
      where i.g between ${lo} and ${hi} and (x.status <> 'Partially dispatched' or l.n = 0)`);
    // Paid, by how long past due (never before it was raised): every ageing bucket gets its share.
    await run(`insert into invoices (id, invoice_no, financial_year, order_id, shipment_id, retailer_id, invoice_date, due_date,
        amount_paise, paid_paise, created_at, updated_at)
      select i.invoice_id, 'FP/' || substr(i.fy, 3) || '/' || lpad(i.serial::text, 5, '0'), i.fy, x.order_id, i.shipment_id, r.id,
        i.invoice_date, i.invoice_date + r.terms, s.value_paise,
        case when ${u('i.g', 20)} >= d.open then s.value_paise
          when ${u('i.g', 21)} < 0.35 then least(s.value_paise - 100, greatest(100, round(s.value_paise * (0.2 + 0.5 * ${u('i.g', 22)}) / 100) * 100))
          else 0 end,
        x.dispatched_at, x.dispatched_at
      from bench_inv i join bench_x x on x.g = i.g join bench_plan b on b.g = i.g join bench_r r on r.k = b.rk
      join shipments s on s.id = i.shipment_id
      cross join lateral (select ${todaySql} - (i.invoice_date + r.terms) as past_due) p
      cross join lateral (select greatest(case when r.blocked and p.past_due > 0 then 0.6 else 0 end,
        case when p.past_due < 0 then 0.75 when p.past_due <= 30 then 0.45 when p.past_due <= 60 then 0.25 when p.past_due <= 90 then 0.12
          when p.past_due <= 180 then 0.05 else 0.015 end) as open) d
      where i.g between ${lo} and ${hi}`);
    await run(`with paid as (
        insert into payments (invoice_id, retailer_id, target_invoice_ids, provider, payment_link_id, transaction_no, amount_paise, status,
          provider_payment_id, applied_at, expires_at, created_by_user_id, created_at, updated_at)
        select v.id, v.retailer_id, array[v.id], 'sandbox', 'plink_bx_' || v.id, 'FPTXNBX' || v.id, v.paid_paise, 'paid', 'pay_bx_' || v.id,
          a.at, a.at + interval '1 day', null, a.at, a.at
        from bench_inv i join invoices v on v.id = i.invoice_id
        cross join lateral (select least(v.created_at + (3 + floor(${u('i.g', 23)} * 40)) * interval '1 day', ${nowSql} - interval '1 hour') as at) a
        where i.g between ${lo} and ${hi} and v.paid_paise > 0
        returning id, invoice_id, amount_paise, applied_at)
      insert into payment_allocations (payment_id, invoice_id, amount_paise, created_at)
      select id, invoice_id, amount_paise, applied_at from paid`);
    log(`  orders ${lo}–${hi} in ${seconds(performance.now() - started)}`);
  }

  // Numbering continues after the generated rows.
  await run(`select setval('order_number_seq', ${base.seq + N})`);
  for (const [table, column] of [['orders', 'id'], ['order_lines', 'id'], ['shipments', 'id'], ['invoices', 'id']] as const) {
    await run(`select setval(pg_get_serial_sequence('${table}', '${column}'), (select max(${column}) from ${table}))`);
  }
  await run(`insert into document_sequences (series, financial_year, last_value)
    select 'invoice', fy, max(serial) from bench_inv group by fy
    on conflict (series, financial_year) do update set last_value = greatest(document_sequences.last_value, excluded.last_value)`);
  for (const table of ['bench_inv', 'bench_lines', 'bench_x', 'bench_plan', 'bench_v', 'bench_r']) await run(`drop table ${table}`);
}

/** The foreign keys the load wrote without their triggers: each one whose rows point nowhere, with how many. */
async function orphans(db: DbOrTx): Promise<string[]> {
  const keys: [string, string, string][] = [
    ['orders', 'retailer_id', 'retailers'],
    ['orders', 'placed_by_user_id', 'users'],
    ['orders', 'shipping_address_id', 'shipping_addresses'],
    ['order_lines', 'order_id', 'orders'],
    ['order_lines', 'product_colour_id', 'product_colours'],
    ['order_status_history', 'order_id', 'orders'],
    ['shipments', 'order_id', 'orders'],
    ['shipment_lines', 'shipment_id', 'shipments'],
    ['shipment_lines', 'order_line_id', 'order_lines'],
    ['invoices', 'order_id', 'orders'],
    ['invoices', 'shipment_id', 'shipments'],
    ['invoices', 'retailer_id', 'retailers'],
    ['payments', 'invoice_id', 'invoices'],
    ['payments', 'retailer_id', 'retailers'],
    ['payment_allocations', 'payment_id', 'payments'],
    ['payment_allocations', 'invoice_id', 'invoices'],
    ['sales_executive_retailers', 'retailer_id', 'retailers'],
    ['sales_executive_retailers', 'sales_executive_user_id', 'users'],
    ['users', 'retailer_id', 'retailers'],
    ['shipping_addresses', 'retailer_id', 'retailers'],
  ];
  const found: string[] = [];
  for (const [table, column, target] of keys) {
    const { n } = await one<{ n: number }>(
      db,
      sql.raw(`select count(*)::int as n from ${table} x where x.${column} is not null
        and not exists (select 1 from ${target} t where t.id = x.${column})`),
    );
    if (n > 0) found.push(`${table}.${column} → ${target}: ${n}`);
  }
  // Shipment lines of another order than their shipment's.
  const { n } = await one<{ n: number }>(
    db,
    sql`select count(*)::int as n from shipment_lines sl join shipments s on s.id = sl.shipment_id
      join order_lines l on l.id = sl.order_line_id where l.order_id <> s.order_id`,
  );
  if (n > 0) found.push(`shipment lines of another order: ${n}`);
  return found;
}

/** Table sizes (rows and bytes, indexes included) of what the reports read. */
export async function tableSizes(db: DbOrTx) {
  return queryRows<{ table: string; rows: number; bytes: number }>(
    db,
    sql`select c.relname as table, c.reltuples::bigint as rows, pg_total_relation_size(c.oid) as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and c.relname in ('retailers', 'users', 'sales_executive_retailers', 'orders', 'order_lines', 'order_status_history',
          'shipments', 'shipment_lines', 'invoices', 'payments', 'payment_allocations', 'products', 'product_colours')
      order by pg_total_relation_size(c.oid) desc`,
  );
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : statSync(full).size;
  }
  return total;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * Makes sure `where` holds the bench's data: opens it (the migrations run), generates when the
 * bench's rows are not all there (or `fresh`), prints what it did. Closes the database.
 */
export async function ensureReportsData(label: string, where: Where, options: { fresh?: boolean } = {}): Promise<{ generatedMs: number | null }> {
  const log = (line: string) => console.log(line);
  let database: Database = await openDatabase('dataDir' in where ? { dataDir: where.dataDir } : { databaseUrl: where.databaseUrl });
  try {
    await database.migrate();
    const found = await present(database.db);
    if (!options.fresh && complete(found)) {
      log(`${label}: the data is there (${found.retailers} retailers, ${found.orders} orders, ${found.invoices} invoices): reused`);
      return { generatedMs: null };
    }
    if (found.retailers > 0 || options.fresh) {
      log(`${label}: ${options.fresh ? '--fresh' : `found ${JSON.stringify(found)}, not what was asked for`}: starting again`);
      await database.close();
      if ('dataDir' in where) rmSync(where.dataDir, { recursive: true, force: true });
      else await recreatePostgres(where.databaseUrl);
      database = await openDatabase('dataDir' in where ? { dataDir: where.dataDir } : { databaseUrl: where.databaseUrl });
      await database.migrate();
    }
    const now = new Date();
    const started = performance.now();
    log(`${label}: generating ${SIZES.retailers} retailers, ${SIZES.orders} orders, ${SIZES.invoices} invoices…`);
    let t = performance.now();
    const empty = (await present(database.db)).retailers === 0;
    const hasDemo = (await one<{ n: number }>(database.db, sql`select count(*)::int as n from users`)).n > 0;
    if (empty && !hasDemo) {
      await seedDemo(database.db, { products: SIZES.seedProducts, now });
      log(`  demo seed (${SIZES.seedProducts} styles) in ${seconds(performance.now() - t)}`);
    }
    t = performance.now();
    await database.db.transaction(async (tx) => {
      // As pg_restore --disable-triggers: the foreign keys' triggers do not fire during the load (every
      // row is built from the rows it points to; `orphans` checks them after). On PGlite each check
      // is a trigger call per row and made the load about five times slower.
      await tx.execute(sql`set local session_replication_role = replica`);
      const people = await writePeople(tx, now);
      log(`  ${people.executives} sales executives, ${people.retailers} retailers, ${people.links} links in ${seconds(performance.now() - t)}`);
      t = performance.now();
      await writeOrders(tx, now, people.admin, log);
      log(`  orders, shipments, invoices and payments in ${seconds(performance.now() - t)}`);
    });
    t = performance.now();
    const broken = await orphans(database.db);
    if (broken.length) throw new Error(`generated rows point nowhere: ${broken.join(', ')}`);
    log(`  every generated row's references checked in ${seconds(performance.now() - t)}`);
    t = performance.now();
    await database.db.execute(sql`VACUUM ANALYZE`);
    log(`  VACUUM ANALYZE in ${seconds(performance.now() - t)}`);
    const generatedMs = performance.now() - started;
    const check = await present(database.db);
    log(`${label}: ${check.retailers} retailers, ${check.orders} orders, ${check.invoices} invoices in ${seconds(generatedMs)}`);
    await printSizes(label, database, where);
    return { generatedMs };
  } finally {
    await database.close();
  }
}

async function printSizes(label: string, database: Database, where: Where) {
  const sizes = await tableSizes(database.db);
  const total = await one<{ bytes: number }>(database.db, sql`select pg_database_size(current_database()) as bytes`);
  console.log(`\n| ${label} table | rows | size (with indexes) |\n|---|---:|---:|`);
  for (const s of sizes) console.log(`| ${s.table} | ${Number(s.rows).toLocaleString('en-US')} | ${mb(Number(s.bytes))} |`);
  console.log(`| whole database | | ${mb(Number(total.bytes))}${'dataDir' in where && existsSync(where.dataDir) ? ` (folder ${mb(folderBytes(where.dataDir))})` : ''} |\n`);
}

async function recreatePostgres(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

/** The bench's PostgreSQL database URL, created when missing; null when no PostgreSQL answers. */
export async function postgresWhere(): Promise<{ databaseUrl: string } | null> {
  if (!(await postgresAnswers())) return null;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [POSTGRES_DATABASE]);
    if (!rowCount) await admin.query(`create database "${POSTGRES_DATABASE}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${POSTGRES_DATABASE}`;
  return { databaseUrl: url.toString() };
}

export function pgliteWhere(): { dataDir: string } {
  mkdirSync(PGLITE_DIR, { recursive: true });
  return { dataDir: PGLITE_DIR };
}

/** The backends asked for: BENCH_BACKEND=pglite|postgres, or the --pglite-only / --postgres-only flags. */
export function backendsAsked(argv: string[]): { pglite: boolean; postgres: boolean } {
  const only = process.env.BENCH_BACKEND?.toLowerCase();
  return {
    pglite: !argv.includes('--postgres-only') && only !== 'postgres',
    postgres: !argv.includes('--pglite-only') && only !== 'pglite',
  };
}

async function main() {
  const argv = process.argv.slice(2);
  const fresh = argv.includes('--fresh');
  const asked = backendsAsked(argv);
  if (asked.pglite) await ensureReportsData('PGlite', pgliteWhere(), { fresh });
  if (asked.postgres) {
    const where = await postgresWhere();
    if (where) await ensureReportsData('PostgreSQL', where, { fresh });
    else console.log('PostgreSQL does not answer: PGlite only.');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
