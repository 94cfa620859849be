import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditPosition, creditRefusals, deriveOrderStatus, EWAY_BILL_THRESHOLD_PAISE, type OrderStatus } from '@frameport/domain';
import { verifyPassword } from '../../adapters/password-hash.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { queryRows } from '../client.ts';
import { invoices, orderLines, orders, productColours, products, roles, salesExecutiveRetailers, states, users } from '../schema.ts';
import { isValidGstin, makeGstin } from './gstin.ts';
import { isDatabaseEmpty, resetDatabase, seedDemo } from './index.ts';

const NOW = new Date('2026-11-20T06:30:00Z');

async function productRows(database: TestDatabase) {
  return database.db
    .select({
      id: products.id,
      productCode: products.productCode,
      modelName: products.modelName,
      productName: products.productName,
      brandId: products.brandId,
      productTypeId: products.productTypeId,
      frameShapeId: products.frameShapeId,
      netPricePaise: products.netPricePaise,
      releaseDate: products.releaseDate,
      searchText: products.searchText,
      description: products.description,
    })
    .from(products)
    .orderBy(asc(products.id));
}

describe('demo seed', () => {
  let a: TestDatabase;
  let b: TestDatabase;

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    expect(await isDatabaseEmpty(a.db)).toBe(true);
    await seedDemo(a.db, { products: 200, now: NOW });
    await seedDemo(b.db, { products: 200, now: NOW });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('is deterministic: the same seed gives the same products and variants', async () => {
    const [pa, pb] = [await productRows(a), await productRows(b)];
    expect(pa).toHaveLength(200);
    expect(pb).toEqual(pa);
    const variants = (database: TestDatabase) =>
      database.db.select().from(productColours).orderBy(asc(productColours.id));
    const strip = (rows: Awaited<ReturnType<typeof variants>>) => rows.map(({ updatedOn: _u, ...rest }) => rest);
    expect(strip(await variants(b))).toEqual(strip(await variants(a)));
    // And the same orders, shipments and invoices.
    const desk = (database: TestDatabase) =>
      queryRows(
        database.db,
        sql`select o.order_ref_no, o.status, o.total_paise, s.shipment_no, s.status as shipment_status, s.transporter, s.docket_no,
              s.eway_bill_no, s.value_paise, i.invoice_no, i.due_date::text as due_date, i.paid_paise
            from orders o left join shipments s on s.order_id = o.id left join invoices i on i.shipment_id = s.id
            order by o.id, s.shipment_no`,
      );
    expect(await desk(b)).toEqual(await desk(a));
    expect(await isDatabaseEmpty(a.db)).toBe(false);
  });

  it('fills catalogue_search (one row per active style, as its triggers would) and leaves its triggers working', async () => {
    const [counts] = await queryRows<{ rows: number; active: number; stale: number }>(
      a.db,
      sql`select (select count(*)::int from catalogue_search) as rows,
        (select count(*)::int from products where is_active) as active,
        (select count(*)::int from catalogue_search s join products p on p.id = s.id
          where not p.is_active or s.net_price_paise <> p.net_price_paise or s.search_text <> p.search_text
            or s.in_stock <> exists (select 1 from product_colours c where c.product_id = p.id and c.available_stock_quantity > 0)
            or s.gender_ids <> array(select g.gender_id from product_genders g where g.product_id = p.id order by g.gender_id)
            or s.colour_ids <> array(select distinct c.frame_colour_id from product_colours c where c.product_id = p.id order by 1)) as stale`,
    );
    expect(counts).toEqual({ rows: counts!.active, active: counts!.active, stale: 0 });
    const [style] = await queryRows<{ id: number }>(a.db, sql`select id from catalogue_search order by id limit 1`);
    await a.db.update(products).set({ netPricePaise: 424_200 }).where(eq(products.id, style!.id));
    const [after] = await queryRows<{ price: number }>(a.db, sql`select net_price_paise::int as price from catalogue_search where id = ${style!.id}`);
    expect(after!.price).toBe(424_200);
  });

  it('creates the four demo accounts with their roles and passwords', async () => {
    const rows = await a.db
      .select({ email: users.email, role: roles.code, hash: users.passwordHash, retailerId: users.retailerId })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId));
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect(byEmail.get('retailer@frameport.test')?.role).toBe('retailer');
    expect(byEmail.get('retailer.blr@frameport.test')?.role).toBe('retailer');
    expect(byEmail.get('sales@frameport.test')?.role).toBe('salesexecutive');
    expect(byEmail.get('admin@frameport.test')?.role).toBe('admin');
    expect(await verifyPassword(byEmail.get('retailer@frameport.test')!.hash, 'Retailer@123')).toBe(true);
    expect(await verifyPassword(byEmail.get('sales@frameport.test')!.hash, 'Sales@12345')).toBe(true);
    expect(await verifyPassword(byEmail.get('admin@frameport.test')!.hash, 'Admin@12345')).toBe(true);
    // The sales executive is linked to both demo retailers.
    const sales = rows.find((r) => r.email === 'sales@frameport.test')!;
    const [salesUser] = await a.db.select({ id: users.id }).from(users).where(eq(users.email, 'sales@frameport.test'));
    const links = await a.db
      .select({ retailerId: salesExecutiveRetailers.retailerId })
      .from(salesExecutiveRetailers)
      .where(eq(salesExecutiveRetailers.salesExecutiveUserId, salesUser!.id));
    const linked = new Set(links.map((l) => l.retailerId));
    expect(sales.retailerId).toBeNull();
    expect(linked.has(byEmail.get('retailer@frameport.test')!.retailerId!)).toBe(true);
    expect(linked.has(byEmail.get('retailer.blr@frameport.test')!.retailerId!)).toBe(true);
  });

  it('has all 36 states and union territories with GST codes', async () => {
    const rows = await a.db.select({ code: states.stateCode, ut: states.isUnionTerritory }).from(states);
    expect(rows).toHaveLength(36);
    expect(rows.filter((r) => r.ut)).toHaveLength(8);
    const codes = new Set(rows.map((r) => r.code));
    for (const code of ['01', '04', '07', '26', '29', '31', '34', '35', '36', '37', '38']) expect(codes.has(code)).toBe(true);
    // 25, 28, 96, 99 and 97 (Other Territory) are never offered as a delivery state.
    for (const never of ['25', '28', '96', '97', '99']) expect(codes.has(never)).toBe(false);
  });

  it('has out-of-stock variants and 2–5 variants per style', async () => {
    const [zero] = await queryRows<{ n: number }>(a.db, sql`select count(*) as n from product_colours where available_stock_quantity = 0`);
    expect(zero!.n).toBeGreaterThan(0);
    const [range] = await queryRows<{ lo: number; hi: number }>(
      a.db,
      sql`select min(n) as lo, max(n) as hi from (select count(*) as n from product_colours group by product_id) t`,
    );
    expect(range!.lo).toBeGreaterThanOrEqual(2);
    expect(range!.hi).toBeLessThanOrEqual(5);
  });

  it('makes accessories product type 4 with no frame dimensions, at the right GST', async () => {
    const rows = await a.db
      .select({ type: products.productTypeId, eye: products.eyeSizeMm, size: products.sizeId, name: products.productName, hsn: products.hsnCode, rate: products.gstRatePercent })
      .from(products);
    const accessories = rows.filter((r) => /Case|Pouch|Cloth|Cord|Chain/.test(r.name));
    expect(accessories.length).toBeGreaterThan(0);
    for (const r of accessories) {
      expect(r.type).toBe(4);
      expect(r.eye).toBeNull();
      expect(r.size).toBeNull();
    }
    for (const r of rows.filter((x) => x.type === 2)) expect([r.hsn, r.rate]).toEqual(['900410', 18]);
    for (const r of rows.filter((x) => x.type === 1)) expect([r.hsn, r.rate]).toEqual(['9003', 5]);
    for (const r of rows.filter((x) => /Case|Pouch/.test(x.name))) expect([r.hsn, r.rate]).toEqual(['4202', 18]);
  });

  it('gives each demo retailer past orders whose money adds up, and invoices in every payment state', async () => {
    const rows = await a.db
      .select({ id: orders.id, total: orders.totalPaise, taxable: orders.taxablePaise, retailerId: orders.retailerId, ref: orders.orderRefNo })
      .from(orders);
    expect(rows.length).toBeGreaterThan(0);
    // One running number across financial years, and the next order continues after the seeded ones.
    const numbers = rows.map((o) => Number(o.ref.slice(-6))).sort((x, y) => x - y);
    expect(numbers).toEqual(rows.map((_, i) => i + 1));
    const [next] = await queryRows<{ n: string }>(a.db, sql`select nextval('order_number_seq') as n`);
    expect(Number(next!.n)).toBe(rows.length + 1);
    for (const o of rows) {
      expect(o.ref).toMatch(/^FP\/\d{4}-\d{2}\/\d{6}$/);
      const lines = await a.db.select().from(orderLines).where(eq(orderLines.orderId, o.id));
      expect(lines.reduce((s, l) => s + l.lineTotalPaise, 0)).toBe(o.total);
      expect(lines.reduce((s, l) => s + l.taxablePaise, 0)).toBe(o.taxable);
    }
    const [demo] = await a.db.select({ id: users.retailerId }).from(users).where(eq(users.email, 'retailer@frameport.test'));
    const inv = await a.db.select().from(invoices).where(eq(invoices.retailerId, demo!.id!));
    expect(new Set(inv.map((i) => i.paymentStatus))).toEqual(new Set(['Paid', 'Partially Paid', 'Unpaid']));
    for (const i of inv) expect(i.invoiceNo.length).toBeLessThanOrEqual(16);
  });

  it('derives every order’s status from its decisions and shipments, with decisions and history to match', async () => {
    const rows = await queryRows<Record<string, unknown>>(
      a.db,
      sql`select o.id, o.status, o.confirmed_at, o.confirmed_by_user_id, o.hold_kind, o.hold_reason, o.held_at, o.cancelled_at,
            o.cancel_reason, o.credit_override_reason,
            (select h.status from order_status_history h where h.order_id = o.id order by h.changed_at desc, h.id desc limit 1) as last_history,
            (select h.status from order_status_history h where h.order_id = o.id order by h.changed_at, h.id limit 1) as first_history
          from orders o order by o.id`,
    );
    const lines = await queryRows<Record<string, unknown>>(
      a.db,
      sql`select l.order_id, l.quantity, l.cancelled_quantity, l.backorder_expected_date,
            coalesce(sum(sl.quantity) filter (where s.status in ('Dispatched', 'Delivered')), 0) as dispatched,
            coalesce(sum(sl.quantity) filter (where s.status = 'Delivered'), 0) as delivered,
            coalesce(sum(sl.quantity), 0) as in_shipments
          from order_lines l left join shipment_lines sl on sl.order_line_id = l.id left join shipments s on s.id = sl.shipment_id
          group by l.id order by l.id`,
    );
    const byStatus = new Map<OrderStatus, number>();
    for (const o of rows) {
      const status = o.status as OrderStatus;
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      const own = lines.filter((l) => l.order_id === o.id);
      const derived = deriveOrderStatus(
        { confirmed: o.confirmed_at !== null, onHold: o.hold_kind !== null, cancelled: o.cancelled_at !== null },
        own.map((l) => ({
          quantity: Number(l.quantity),
          cancelledQuantity: Number(l.cancelled_quantity),
          dispatchedQuantity: Number(l.dispatched),
          deliveredQuantity: Number(l.delivered),
        })),
      );
      expect({ id: o.id, status: derived }).toEqual({ id: o.id, status });
      expect([o.first_history, o.last_history]).toEqual(['Placed', status]);
      // The decisions that status needs, and none it rules out.
      const confirmed = ['Confirmed', 'Partially dispatched', 'Dispatched', 'Delivered'].includes(status);
      expect(o.confirmed_at !== null).toBe(confirmed);
      expect(o.confirmed_by_user_id !== null).toBe(confirmed);
      expect(o.hold_kind !== null && o.hold_reason !== null && o.held_at !== null).toBe(status === 'On hold');
      expect(o.cancelled_at !== null && o.cancel_reason !== null).toBe(status === 'Cancelled');
      for (const l of own) expect(Number(l.cancelled_quantity)).toBe(status === 'Cancelled' ? Number(l.quantity) : 0);
      // Backordered pieces of a part-shipped order have their expected date; no other line has one.
      for (const l of own) {
        const open = status === 'Partially dispatched' && Number(l.in_shipments) < Number(l.quantity);
        expect(l.backorder_expected_date !== null).toBe(open);
      }
    }
    for (const status of ['Placed', 'Confirmed', 'On hold', 'Partially dispatched', 'Dispatched', 'Delivered', 'Cancelled'] as const) {
      expect(byStatus.get(status) ?? 0, status).toBeGreaterThan(0);
    }
    expect(byStatus.get('Partially dispatched')).toBeGreaterThanOrEqual(3);
    const held = await queryRows<{ kind: string }>(a.db, sql`select distinct hold_kind as kind from orders where status = 'On hold'`);
    expect(new Set(held.map((h) => h.kind))).toEqual(new Set(['credit', 'stock', 'note']));
    expect(rows.some((o) => o.credit_override_reason !== null)).toBe(true);
    // Each decision is in the audit log, by whoever took it.
    const [audited] = await queryRows<Record<string, number>>(
      a.db,
      sql`select
          (select count(*) from audit_log l join orders o on l.entity = 'order' and l.entity_id = o.id::text
            where l.action = 'order.confirm' and l.actor_user_id = o.confirmed_by_user_id)::int as confirm,
          (select count(*) from orders where confirmed_at is not null)::int as confirmed,
          (select count(*) from audit_log l join orders o on l.entity = 'order' and l.entity_id = o.id::text
            where l.action = 'order.hold' and l.actor_user_id = o.held_by_user_id)::int as hold,
          (select count(*) from orders where held_at is not null)::int as held,
          (select count(*) from audit_log where action = 'order.cancel')::int as cancel,
          (select count(*) from orders where cancelled_at is not null)::int as cancelled`,
    );
    expect([audited!.confirm, audited!.hold, audited!.cancel]).toEqual([audited!.confirmed, audited!.held, audited!.cancelled]);
    // The queue: orders to confirm from several retailers in several states.
    const [queue] = await queryRows<{ retailers: number; states: number }>(
      a.db,
      sql`select count(distinct o.retailer_id)::int as retailers, count(distinct o.bill_to_state_code)::int as states
          from orders o where o.status = 'Placed'`,
    );
    expect(queue!.retailers).toBeGreaterThanOrEqual(8);
    expect(queue!.states).toBeGreaterThanOrEqual(5);
  });

  it('bills each dispatched shipment by its own invoice, whose money adds up to the shipment and, shipped whole, to the order', async () => {
    const shipmentRows = await queryRows<Record<string, unknown>>(
      a.db,
      sql`select s.id, s.order_id, s.shipment_no, s.status, s.transporter, s.docket_no, s.dispatch_date::text as dispatch_date,
            s.eway_bill_no, s.value_paise, s.delivered_on, s.received_by,
            i.id as invoice_id, i.amount_paise, i.invoice_date::text as invoice_date, i.due_date::text as due_date,
            (select count(*) from shipment_lines x where x.shipment_id = s.id)::int as line_count,
            (select count(x.total_paise) from shipment_lines x where x.shipment_id = s.id)::int as priced_lines,
            (select coalesce(sum(x.total_paise), 0) from shipment_lines x where x.shipment_id = s.id) as lines_total,
            (select coalesce(sum(x.taxable_paise + x.cgst_paise + x.sgst_paise + x.igst_paise), 0) from shipment_lines x where x.shipment_id = s.id) as lines_parts
          from shipments s left join invoices i on i.shipment_id = s.id order by s.id`,
    );
    expect(shipmentRows.length).toBeGreaterThan(0);
    const carriers = new Set(['Blue Dart', 'DTDC', 'Delhivery', 'Professional Couriers', 'VRL Logistics']);
    let ewayBills = 0;
    for (const s of shipmentRows) {
      const dispatched = s.status === 'Dispatched' || s.status === 'Delivered';
      expect(Number(s.line_count)).toBeGreaterThan(0);
      if (!dispatched) {
        // Being packed: no money, no invoice, no transporter yet.
        expect([s.invoice_id, s.value_paise, s.transporter, Number(s.priced_lines)]).toEqual([null, null, null, 0]);
        continue;
      }
      expect(carriers.has(String(s.transporter))).toBe(true);
      expect(String(s.docket_no)).toMatch(/^[A-Z0-9]{9,14}$/);
      expect(s.invoice_id).not.toBeNull();
      expect(s.invoice_date).toBe(s.dispatch_date);
      expect(s.due_date).not.toBeNull();
      expect(Number(s.priced_lines)).toBe(Number(s.line_count));
      expect(Number(s.lines_total)).toBe(Number(s.value_paise));
      expect(Number(s.lines_parts)).toBe(Number(s.value_paise));
      expect(Number(s.amount_paise)).toBe(Number(s.value_paise));
      // An e-way bill exactly when the consignment is worth more than ₹50,000.
      const needs = Number(s.value_paise) > EWAY_BILL_THRESHOLD_PAISE;
      if (needs) {
        expect(String(s.eway_bill_no)).toMatch(/^\d{12}$/);
        ewayBills += 1;
      } else expect(s.eway_bill_no).toBeNull();
      expect(s.delivered_on !== null && s.received_by !== null).toBe(s.status === 'Delivered');
    }
    expect(ewayBills).toBeGreaterThan(0);
    // Every invoice bills one shipment; a part-shipped order has two shipments, one of them billed.
    const [unlinked] = await queryRows<{ n: number }>(a.db, sql`select count(*)::int as n from invoices where shipment_id is null or due_date is null`);
    expect(unlinked!.n).toBe(0);
    const partial = await queryRows<{ shipments: number; billed: number }>(
      a.db,
      sql`select (select count(*) from shipments s where s.order_id = o.id)::int as shipments,
            (select count(*) from invoices i where i.order_id = o.id)::int as billed
          from orders o where o.status = 'Partially dispatched'`,
    );
    for (const p of partial) expect(p).toEqual({ shipments: 2, billed: 1 });
    // Shipped whole: the order's invoices add up to the order, and each line's shares to the line.
    const whole = await queryRows<{ id: number; total: number; billed: number }>(
      a.db,
      sql`select o.id, o.total_paise as total, (select coalesce(sum(i.amount_paise), 0) from invoices i where i.order_id = o.id) as billed
          from orders o where o.status in ('Dispatched', 'Delivered')`,
    );
    expect(whole.length).toBeGreaterThan(0);
    for (const o of whole) expect(Number(o.billed)).toBe(Number(o.total));
    const [lineMismatch] = await queryRows<{ n: number }>(
      a.db,
      sql`select count(*)::int as n from order_lines l join orders o on o.id = l.order_id
          cross join lateral (select sum(x.taxable_paise) as taxable, sum(x.cgst_paise) as cgst, sum(x.sgst_paise) as sgst,
            sum(x.igst_paise) as igst, sum(x.total_paise) as total from shipment_lines x where x.order_line_id = l.id) b
          where o.status in ('Dispatched', 'Delivered')
            and (l.taxable_paise, l.cgst_paise, l.sgst_paise, l.igst_paise, l.line_total_paise)
              is distinct from (b.taxable, b.cgst, b.sgst, b.igst, b.total)`,
    );
    expect(lineMismatch!.n).toBe(0);
    // Invoice numbers run without gaps, per financial year, in the order the invoices were raised.
    const numbered = await queryRows<{ fy: string; no: string }>(
      a.db,
      sql`select financial_year as fy, invoice_no as no from invoices order by invoice_date, created_at, id`,
    );
    const seen = new Map<string, number>();
    for (const n of numbered) {
      const next = (seen.get(n.fy) ?? 0) + 1;
      seen.set(n.fy, next);
      expect(Number(n.no.split('/').at(-1))).toBe(next);
    }
  });

  it('gives retailers credit terms: limits of ₹2–10 lakh, some longer terms, one on hold, one over its limit, one overdue, and the two demo retailers in good standing', async () => {
    const today = '2026-11-20';
    const books = await queryRows<Record<string, unknown>>(
      a.db,
      sql`select r.id, r.email, r.credit_limit_paise, r.payment_terms_days, r.credit_hold, r.credit_hold_reason,
            (select coalesce(sum(i.balance_paise), 0) from invoices i where i.retailer_id = r.id) as outstanding,
            (select coalesce(sum(i.balance_paise), 0) from invoices i where i.retailer_id = r.id and i.due_date < ${today}::date) as overdue,
            (select coalesce(max(${today}::date - i.due_date), 0) from invoices i
              where i.retailer_id = r.id and i.balance_paise > 0 and i.due_date < ${today}::date) as overdue_days,
            (select coalesce(sum(o.total_paise - (select coalesce(sum(i.amount_paise), 0) from invoices i where i.order_id = o.id)), 0)
              from orders o where o.retailer_id = r.id and o.confirmed_at is not null and o.cancelled_at is null) as on_order
          from retailers r order by r.id`,
    );
    const position = (b: Record<string, unknown>) =>
      creditPosition({
        creditLimitPaise: Number(b.credit_limit_paise),
        creditHold: b.credit_hold === true,
        creditHoldReason: (b.credit_hold_reason as string | null) ?? null,
        outstandingPaise: Number(b.outstanding),
        onOrderPaise: Number(b.on_order),
        overduePaise: Number(b.overdue),
        oldestOverdueDays: Number(b.overdue_days),
      });
    for (const b of books) {
      expect(Number(b.credit_limit_paise)).toBeGreaterThanOrEqual(20_000_000);
      expect(Number(b.credit_limit_paise)).toBeLessThanOrEqual(100_000_000);
    }
    const terms = books.map((b) => b.payment_terms_days);
    expect(terms).toContain(45);
    expect(terms).toContain(60);
    const refused = books.map((b) => ({ email: b.email, reasons: creditRefusals(position(b), 0).map((r) => r.reason) }));
    const onHold = books.filter((b) => b.credit_hold === true);
    expect(onHold).toHaveLength(1);
    expect(String(onHold[0]!.credit_hold_reason).length).toBeGreaterThan(10);
    expect(refused.filter((r) => r.reasons.includes('limit')).length).toBeGreaterThanOrEqual(1);
    expect(refused.filter((r) => r.reasons.includes('overdue')).length).toBeGreaterThanOrEqual(1);
    for (const email of ['retailer@frameport.test', 'retailer.blr@frameport.test']) {
      const demo = refused.find((r) => r.email === email)!;
      expect(demo).toEqual({ email, reasons: [] });
      // Room for a sizeable new order.
      expect(position(books.find((b) => b.email === email)!).availablePaise).toBeGreaterThan(20_000_000);
    }
  });

  it('writes valid GSTINs', async () => {
    expect(makeGstin('36', 'AAPFU0939F')).toBe('36AAPFU0939F1ZW');
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZA')).toBe(false);
    const rows = await queryRows<{ gstin: string }>(a.db, sql`select gstin from retailers`);
    for (const r of rows) expect(isValidGstin(r.gstin)).toBe(true);
  });

  it('resets to empty', async () => {
    await resetDatabase(b.db);
    expect(await isDatabaseEmpty(b.db)).toBe(true);
  });
});
