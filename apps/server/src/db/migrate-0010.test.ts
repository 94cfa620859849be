/**
 * Migration 0010 (the order desk) on a database that existed before it: a database migrated to
 * 0009 holds legacy rows (roles 1–3, a retailer, a Dispatched order with its history, two lines
 * and its invoice, a Delivered one, a Cancelled one, a Confirmed one, a Placed one); then the full
 * migrations run and the backfill must leave every order as the order desk would have written it.
 * PGlite, or PostgreSQL when TEST_DATABASE_URL is set (a fresh database, dropped at the end).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveOrderStatus, type OrderStatus } from '@frameport/domain';
import { MIGRATIONS_FOLDER, openDatabase, pgliteOptions, queryRows, wrapPglite, type Database } from './client.ts';

/** The migrations up to and including 0009 (the journal cut after its first ten entries). */
function migrationsUpTo0009(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'frameport-migrations-0009-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, 10);
  if (journal.entries.at(-1)?.tag !== '0009_hardening') throw new Error('the tenth migration is no longer 0009_hardening');
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  return dir;
}

type Legacy = { database: Database; close(): Promise<void> };

/** A database at migration 0009, and a way to migrate it the rest of the way (`database.migrate()`). */
async function openAt0009(folder: string): Promise<Legacy> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = await PGlite.create(pgliteOptions());
    await migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder: folder });
    const database = wrapPglite(client);
    return { database, close: () => database.close() };
  }
  const name = `frameport_test_m10_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  try {
    await migratePg(drizzlePg({ client: pool, casing: 'snake_case' }), { migrationsFolder: folder });
  } catch (error) {
    await pool.end();
    await drop();
    throw error;
  } finally {
    if (!pool.ended) await pool.end();
  }
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 2 });
  return {
    database,
    async close() {
      await database.close();
      await drop();
    },
  };
}

const ADMIN = 1;
const RETAILER_USER = 2;
const RETAILER = 1;
const ORDER = { dispatched: 1, delivered: 2, cancelled: 3, confirmed: 4, placed: 5 } as const;
/** 2026-10-01 10:00 India. */
const PLACED = '2026-10-01T04:30:00Z';

/** Legacy-shaped rows, written as the code before the order desk wrote them. */
async function insertLegacyRows(database: Database) {
  const run = (text: string) => database.db.execute(sql.raw(text));
  await run(`insert into roles (id, code, name) values (1, 'admin', 'Admin'), (2, 'retailer', 'Retailer'), (3, 'salesexecutive', 'Sales Executive')`);
  await run(`insert into countries (id, code, name) values (1, 'IN', 'India')`);
  await run(`insert into states (id, country_id, name, state_code, tin) values (1, 1, 'Telangana', '36', '36')`);
  await run(`insert into cities (id, state_id, code, name) values (1, 1, 'HYD', 'Hyderabad')`);
  await run(`insert into retailers (id, business_name, first_name, email, phone, address, city_id, state_id, country_id, pin_code, gstin)
    values (1, 'Vision Point Opticals', 'Ravi', 'old.retailer@frameport.test', '9849012345', 'Ameerpet', 1, 1, 1, '500016', '36AAPFU0939F1ZW')`);
  await run(`insert into users (id, email, password_hash, role_id, name, retailer_id) values
    (1, 'old.admin@frameport.test', 'x', 1, 'Asha Varma', null),
    (2, 'old.retailer@frameport.test', 'x', 2, 'Ravi Kumar', 1)`);
  const statuses: [number, OrderStatus][] = [
    [ORDER.dispatched, 'Dispatched'],
    [ORDER.delivered, 'Delivered'],
    [ORDER.cancelled, 'Cancelled'],
    [ORDER.confirmed, 'Confirmed'],
    [ORDER.placed, 'Placed'],
  ];
  for (const [id, status] of statuses) {
    // Two lines: 3 × ₹1,000 and 2 × ₹1,500 at 5% GST within Telangana (CGST + SGST).
    await run(`insert into orders (id, order_ref_no, retailer_id, placed_by_user_id, status, bill_to_business_name, bill_to_address,
        bill_to_city, bill_to_state, bill_to_state_code, bill_to_country, bill_to_pin_code, bill_to_gstin, company_state_code,
        total_quantity, subtotal_paise, taxable_paise, cgst_paise, sgst_paise, total_paise, placed_at, updated_at)
      values (${id}, 'FP/2026-27/00000${id}', ${RETAILER}, ${RETAILER_USER}, '${status}', 'Vision Point Opticals', 'Ameerpet',
        'Hyderabad', 'Telangana', '36', 'India', '500016', '36AAPFU0939F1ZW', '36',
        5, 600000, 600000, 15000, 15000, 630000, timestamptz '${PLACED}' + interval '${id} hours', timestamptz '${PLACED}' + interval '${id} days')`);
    await run(`insert into order_lines (order_id, product_id, product_type_id, product_code, product_name, model_name, colour_name,
        color_variant, hsn_code, gst_rate_percent, quantity, unit_price_paise, taxable_paise, cgst_rate_percent, sgst_rate_percent,
        cgst_paise, sgst_paise, line_total_paise)
      values (${id}, 10, 1, 'FP-RX-0010', 'Urban Round', 'UR-10', 'Black', 'C1', '9003', 5, 3, 100000, 300000, 2.5, 2.5, 7500, 7500, 315000),
             (${id}, 11, 1, 'FP-RX-0011', 'Urban Square', 'US-11', 'Gold', 'C2', '9003', 5, 2, 150000, 300000, 2.5, 2.5, 7500, 7500, 315000)`);
    const forward: OrderStatus[] = ['Placed', 'Confirmed', 'Dispatched', 'Delivered'];
    const chain = status === 'Cancelled' ? (['Placed', 'Cancelled'] as OrderStatus[]) : forward.slice(0, forward.indexOf(status) + 1);
    for (const [day, step] of chain.entries()) {
      const by = step === 'Placed' ? RETAILER_USER : ADMIN;
      const note = step === 'Cancelled' ? `'Out of stock at the retailer''s request.'` : step === 'Dispatched' ? `'Shipped by BlueDart, docket 81234567'` : 'null';
      await run(`insert into order_status_history (order_id, status, note, changed_by_user_id, changed_at)
        values (${id}, '${step}', ${note}, ${by}, timestamptz '${PLACED}' + interval '${id} hours' + interval '${day} days')`);
    }
  }
  // The dispatched and the delivered order have their invoice (one per order before shipments).
  await run(`insert into invoices (invoice_no, financial_year, order_id, retailer_id, invoice_date, amount_paise, paid_paise) values
    ('INV/26-27/0001', '2026-27', ${ORDER.dispatched}, ${RETAILER}, '2026-10-02', 630000, 0),
    ('INV/26-27/0002', '2026-27', ${ORDER.delivered}, ${RETAILER}, '2026-10-02', 630000, 630000)`);
}

type OrderRow = {
  id: number;
  status: OrderStatus;
  confirmed_at: Date | string | null;
  confirmed_by_user_id: number | null;
  hold_kind: string | null;
  cancelled_at: Date | string | null;
  cancelled_by_user_id: number | null;
  cancel_reason: string | null;
};

describe('migration 0010 on a database from before the order desk', () => {
  let folder: string;
  let legacy: Legacy;
  let database: Database;

  beforeAll(async () => {
    folder = migrationsUpTo0009();
    legacy = await openAt0009(folder);
    database = legacy.database;
    await insertLegacyRows(database);
    await database.migrate();
  });
  afterAll(async () => {
    await legacy?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const orderRow = async (id: number) =>
    (await queryRows<OrderRow>(database.db, sql`select * from orders where id = ${id}`))[0]!;

  it('adds the warehouse and accounts roles next to the three there were', async () => {
    const rows = await queryRows<{ id: number; code: string }>(database.db, sql`select id, code from roles order by id`);
    expect(rows.map((r) => [Number(r.id), r.code])).toEqual([
      [1, 'admin'],
      [2, 'retailer'],
      [3, 'salesexecutive'],
      [4, 'warehouse'],
      [5, 'accounts'],
    ]);
  });

  it('gives a dispatched order one Dispatched shipment with all its lines, priced as the lines, billed by its invoice', async () => {
    const shipments = await queryRows<Record<string, unknown>>(database.db, sql`select *, dispatch_date::text as dispatch_day from shipments where order_id = ${ORDER.dispatched}`);
    expect(shipments).toHaveLength(1);
    const shipment = shipments[0]!;
    expect(shipment).toMatchObject({ shipment_no: 1, status: 'Dispatched', value_paise: 630000, dispatched_by_user_id: ADMIN });
    // Dispatched on the day the history says (India), two days after 10:00 on 1 October.
    expect(shipment.dispatch_day).toBe('2026-10-03');
    const lines = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select l.quantity as ordered, l.taxable_paise as l_taxable, l.cgst_paise as l_cgst, l.sgst_paise as l_sgst,
            l.igst_paise as l_igst, l.line_total_paise as l_total, sl.quantity, sl.taxable_paise, sl.cgst_paise, sl.sgst_paise,
            sl.igst_paise, sl.total_paise
          from order_lines l left join shipment_lines sl on sl.order_line_id = l.id
          where l.order_id = ${ORDER.dispatched} order by l.id`,
    );
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect([line.quantity, line.taxable_paise, line.cgst_paise, line.sgst_paise, line.igst_paise, line.total_paise]).toEqual([
        line.ordered,
        line.l_taxable,
        line.l_cgst,
        line.l_sgst,
        line.l_igst,
        line.l_total,
      ]);
    }
    const [invoice] = await queryRows<{ shipment_id: number | null }>(
      database.db,
      sql`select shipment_id from invoices where order_id = ${ORDER.dispatched}`,
    );
    expect(invoice!.shipment_id).toBe(shipment.id);
    const order = await orderRow(ORDER.dispatched);
    expect(order.confirmed_at).not.toBeNull();
    expect(order.confirmed_by_user_id).toBe(ADMIN);
  });

  it('gives a delivered order a Delivered shipment with its delivery day, billed by its invoice', async () => {
    const [shipment] = await queryRows<Record<string, unknown>>(database.db, sql`select * from shipments where order_id = ${ORDER.delivered}`);
    expect(shipment).toMatchObject({ status: 'Delivered', value_paise: 630000 });
    expect(shipment!.delivered_on).not.toBeNull();
    expect(shipment!.received_by).not.toBeNull();
    const [invoice] = await queryRows<{ shipment_id: number | null }>(database.db, sql`select shipment_id from invoices where order_id = ${ORDER.delivered}`);
    expect(invoice!.shipment_id).toBe(shipment!.id);
  });

  it('records the cancellation of a cancelled order, with every piece cancelled', async () => {
    const order = await orderRow(ORDER.cancelled);
    expect(order.cancelled_at).not.toBeNull();
    expect(order.cancelled_by_user_id).toBe(ADMIN);
    expect(order.cancel_reason).toBe("Out of stock at the retailer's request.");
    expect(order.confirmed_at).toBeNull();
    const lines = await queryRows<{ quantity: number; cancelled_quantity: number }>(
      database.db,
      sql`select quantity, cancelled_quantity from order_lines where order_id = ${ORDER.cancelled}`,
    );
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.cancelled_quantity).toBe(line.quantity);
    expect(await queryRows(database.db, sql`select 1 from shipments where order_id = ${ORDER.cancelled}`)).toHaveLength(0);
  });

  it('leaves a placed order undecided and unshipped, and a confirmed one confirmed', async () => {
    const placed = await orderRow(ORDER.placed);
    expect([placed.confirmed_at, placed.cancelled_at, placed.hold_kind]).toEqual([null, null, null]);
    const confirmed = await orderRow(ORDER.confirmed);
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(confirmed.cancelled_at).toBeNull();
    expect(await queryRows(database.db, sql`select 1 from shipments where order_id in (${ORDER.placed}, ${ORDER.confirmed})`)).toHaveLength(0);
    // Lines not cancelled on orders that were not.
    const [open] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from order_lines where order_id <> ${ORDER.cancelled} and cancelled_quantity <> 0`,
    );
    expect(open!.n).toBe(0);
  });

  it('keeps every order’s status equal to the one derived from its decisions and shipments', async () => {
    const orders = await queryRows<OrderRow>(database.db, sql`select * from orders order by id`);
    expect(orders).toHaveLength(5);
    for (const order of orders) {
      const lines = await queryRows<Record<string, unknown>>(
        database.db,
        sql`select l.quantity, l.cancelled_quantity,
              coalesce(sum(sl.quantity) filter (where s.status in ('Dispatched', 'Delivered')), 0) as dispatched,
              coalesce(sum(sl.quantity) filter (where s.status = 'Delivered'), 0) as delivered
            from order_lines l left join shipment_lines sl on sl.order_line_id = l.id left join shipments s on s.id = sl.shipment_id
            where l.order_id = ${order.id} group by l.id`,
      );
      const derived = deriveOrderStatus(
        { confirmed: order.confirmed_at !== null, onHold: order.hold_kind !== null, cancelled: order.cancelled_at !== null },
        lines.map((l) => ({
          quantity: Number(l.quantity),
          cancelledQuantity: Number(l.cancelled_quantity),
          dispatchedQuantity: Number(l.dispatched),
          deliveredQuantity: Number(l.delivered),
        })),
      );
      expect({ id: order.id, status: derived }).toEqual({ id: order.id, status: order.status });
    }
    expect(orders.map((o) => o.status)).toEqual(['Dispatched', 'Delivered', 'Cancelled', 'Confirmed', 'Placed']);
  });
});
