/**
 * The desk's queue: orders newest first, filtered by status, a search (order ref, retailer name,
 * email or GSTIN, any part, any case), the retailer's state, a sales executive's retailers and the
 * placed date (India, both ends inclusive), with the count per status under the other filters.
 *
 * Two statements: the counts (one GROUP BY over the filtered orders) and the page (newest first by
 * placed_at, id: the placed_at index; the retailer's names and the dispatched pieces are read for
 * the page's rows only). The search matches retailers first (a small table) and then their orders
 * by retailer_id, or the order ref directly, so each side can use its own index.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, paiseToRupees, type HoldKind, type OrderStatus } from '@frameport/domain';
import type { AdminOrderRow, AdminOrdersQuery, AdminOrdersResponse } from '@frameport/domain/contract';
import { queryRows, type DbOrTx } from '../../db/client.ts';

const DAY_MS = 86_400_000;

/** The start of a day in India, as an instant. */
const istMidnight = (day: string): Date => new Date(`${day}T00:00:00+05:30`);

/** `text` for ILIKE, its own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The filters but status, as conditions on `orders o`. */
function conditionsOf(query: AdminOrdersQuery): SQL[] {
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    where.push(sql`(o.order_ref_no ilike ${pattern} or o.retailer_id = any(array(
      select r.id from retailers r
      where r.business_name ilike ${pattern} or r.email ilike ${pattern} or r.gstin ilike ${pattern})))`);
  }
  if (query.stateId !== undefined) {
    where.push(sql`o.retailer_id = any(array(select r.id from retailers r where r.state_id = ${query.stateId}))`);
  }
  if (query.salesExecutiveId !== undefined) {
    where.push(sql`o.retailer_id = any(array(
      select ser.retailer_id from sales_executive_retailers ser where ser.sales_executive_user_id = ${query.salesExecutiveId}))`);
  }
  if (query.from) where.push(sql`o.placed_at >= ${istMidnight(query.from).toISOString()}::timestamptz`);
  if (query.to) where.push(sql`o.placed_at < ${new Date(istMidnight(query.to).getTime() + DAY_MS).toISOString()}::timestamptz`);
  return where;
}

const whereOf = (conditions: readonly SQL[]): SQL =>
  conditions.length ? sql`where ${sql.join([...conditions], sql` and `)}` : sql``;

export async function orderQueue(dbx: DbOrTx, query: AdminOrdersQuery): Promise<AdminOrdersResponse> {
  const others = conditionsOf(query);
  const countRows = await queryRows<{ status: OrderStatus; n: number | string }>(
    dbx,
    sql`select o.status, count(*) as n from orders o ${whereOf(others)} group by o.status`,
  );
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const row of countRows) counts[row.status] = Number(row.n);
  const totalCount = query.status ? counts[query.status] : Object.values(counts).reduce((sum, n) => sum + n, 0);

  const conditions = query.status ? [...others, sql`o.status = ${query.status}`] : others;
  const rows = await queryRows<Record<string, unknown>>(
    dbx,
    sql`select o.id, o.order_ref_no, (extract(epoch from o.placed_at) * 1000)::float8 as placed_ms, o.status, o.hold_kind, o.hold_reason, o.retailer_id,
        o.total_quantity, o.total_paise,
        r.business_name, r.email, r.gstin, c.name as city, s.name as state_name,
        coalesce((select json_agg(u.name order by u.name, u.id) from sales_executive_retailers ser
          join users u on u.id = ser.sales_executive_user_id where ser.retailer_id = o.retailer_id), '[]'::json) as sales,
        coalesce((select sum(sl.quantity) from shipments sh join shipment_lines sl on sl.shipment_id = sh.id
          where sh.order_id = o.id and sh.status in ('Dispatched', 'Delivered')), 0) as dispatched
      from (
        select o.* from orders o ${whereOf(conditions)}
        order by o.placed_at desc, o.id desc
        limit ${query.pageSize} offset ${(query.pageNumber - 1) * query.pageSize}
      ) o
      join retailers r on r.id = o.retailer_id
      join cities c on c.id = r.city_id
      join states s on s.id = r.state_id
      order by o.placed_at desc, o.id desc`,
  );
  return {
    orders: rows.map(toRow),
    totalCount,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    counts,
  };
}

function toRow(row: Record<string, unknown>): AdminOrderRow {
  const sales = typeof row.sales === 'string' ? (JSON.parse(row.sales) as string[]) : ((row.sales as string[] | null) ?? []);
  return {
    id: Number(row.id),
    orderRefNo: String(row.order_ref_no),
    placedAt: new Date(Number(row.placed_ms)).toISOString(),
    status: row.status as OrderStatus,
    holdKind: (row.hold_kind as HoldKind | null) ?? null,
    holdReason: (row.hold_reason as string | null) ?? null,
    retailerId: Number(row.retailer_id),
    retailerName: String(row.business_name),
    retailerEmail: String(row.email),
    gstin: (row.gstin as string | null) ?? null,
    city: String(row.city),
    stateName: String(row.state_name),
    salesExecutives: sales,
    totalQuantity: Number(row.total_quantity),
    dispatchedQuantity: Number(row.dispatched),
    total: paiseToRupees(Number(row.total_paise)),
  };
}
