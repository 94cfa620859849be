/**
 * The retailers desk's list: a search (business name, contact name, email, GSTIN or city, any part,
 * any case), the state, a sales executive's retailers and the standing (Pending, Active, Credit
 * hold, Blocked, Rejected), sorted by name, city, created or outstanding, a page at a time with the
 * count per standing under the other filters. The CSV export reads every matching row the same way.
 *
 * Two statements: the counts (one GROUP BY over the filtered retailers) and the rows, with each
 * row's outstanding (unpaid invoice balances) and linked sales executives' names.
 */
import { sql, type SQL } from 'drizzle-orm';
import { paiseToRupees, retailerStanding, RETAILER_STANDINGS, type RetailerStanding, type RetailerStatus } from '@frameport/domain';
import type { AdminRetailerRow, AdminRetailersFilter, AdminRetailersQuery, AdminRetailersResponse, AdminRetailerSort } from '@frameport/domain/contract';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** `text` for ILIKE, its own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The standing of `retailers r` as SQL (the domain's retailerStanding). */
const STANDING = sql`case when r.status = 'Active' and r.credit_hold then 'Credit hold' else r.status end`;

function conditionsOf(filter: AdminRetailersFilter): SQL[] {
  const where: SQL[] = [];
  const q = filter.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    where.push(sql`(r.business_name ilike ${pattern} or r.email ilike ${pattern} or r.gstin ilike ${pattern}
      or (r.first_name || ' ' || r.last_name) ilike ${pattern}
      or r.city_id = any(array(select c.id from cities c where c.name ilike ${pattern})))`);
  }
  if (filter.stateId !== undefined) where.push(sql`r.state_id = ${filter.stateId}`);
  if (filter.salesExecutiveId !== undefined) {
    where.push(sql`r.id = any(array(
      select ser.retailer_id from sales_executive_retailers ser where ser.sales_executive_user_id = ${filter.salesExecutiveId}))`);
  }
  return where;
}

const whereOf = (conditions: readonly SQL[]): SQL =>
  conditions.length ? sql`where ${sql.join([...conditions], sql` and `)}` : sql``;

const DEFAULT_DIRECTION: Record<AdminRetailerSort, 'asc' | 'desc'> = { name: 'asc', city: 'asc', createdAt: 'desc', outstanding: 'desc' };

function orderOf(sort: AdminRetailerSort, direction: 'asc' | 'desc' | undefined): SQL {
  const dir = sql.raw((direction ?? DEFAULT_DIRECTION[sort]) === 'asc' ? 'asc' : 'desc');
  switch (sort) {
    case 'name':
      return sql`lower(r.business_name) ${dir}, r.id ${dir}`;
    case 'city':
      return sql`lower(c.name) ${dir}, lower(r.business_name) ${dir}, r.id ${dir}`;
    case 'createdAt':
      return sql`r.created_at ${dir}, r.id ${dir}`;
    case 'outstanding':
      return sql`outstanding ${dir}, lower(r.business_name) asc, r.id asc`;
  }
}

/** The rows matching `query` (a page of them, or all with `page` null), in its order. */
export async function retailerRows(
  dbx: DbOrTx,
  query: AdminRetailersFilter & { sort: AdminRetailerSort; direction?: 'asc' | 'desc' | undefined },
  page: { pageNumber: number; pageSize: number } | null,
): Promise<AdminRetailerRow[]> {
  const conditions = conditionsOf(query);
  if (query.status) conditions.push(sql`${STANDING} = ${query.status}`);
  const limit = page ? sql`limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}` : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    dbx,
    sql`select r.id, r.business_name, r.first_name, r.last_name, r.email, r.phone, r.gstin, r.status, r.credit_hold,
        (extract(epoch from r.created_at) * 1000)::float8 as created_ms,
        c.name as city, s.name as state_name,
        coalesce((select sum(i.balance_paise) from invoices i where i.retailer_id = r.id and i.balance_paise > 0), 0) as outstanding,
        coalesce((select json_agg(u.name order by u.name, u.id) from sales_executive_retailers ser
          join users u on u.id = ser.sales_executive_user_id where ser.retailer_id = r.id), '[]'::json) as sales
      from retailers r
      join cities c on c.id = r.city_id
      join states s on s.id = r.state_id
      ${whereOf(conditions)}
      order by ${orderOf(query.sort, query.direction)}
      ${limit}`,
  );
  return rows.map(toRow);
}

export async function retailerList(dbx: DbOrTx, query: AdminRetailersQuery): Promise<AdminRetailersResponse> {
  const others = conditionsOf(query);
  const countRows = await queryRows<{ standing: RetailerStanding; n: number | string }>(
    dbx,
    sql`select ${STANDING} as standing, count(*) as n from retailers r ${whereOf(others)} group by 1`,
  );
  const counts = Object.fromEntries(RETAILER_STANDINGS.map((standing) => [standing, 0])) as Record<RetailerStanding, number>;
  for (const row of countRows) counts[row.standing] = Number(row.n);
  const totalCount = query.status ? counts[query.status] : Object.values(counts).reduce((sum, n) => sum + n, 0);
  const retailers = await retailerRows(dbx, query, { pageNumber: query.pageNumber, pageSize: query.pageSize });
  return { retailers, totalCount, pageNumber: query.pageNumber, pageSize: query.pageSize, counts };
}

function toRow(row: Record<string, unknown>): AdminRetailerRow {
  const sales = typeof row.sales === 'string' ? (JSON.parse(row.sales) as string[]) : ((row.sales as string[] | null) ?? []);
  const status = row.status as RetailerStatus;
  return {
    id: Number(row.id),
    businessName: String(row.business_name),
    contactName: `${String(row.first_name)} ${String(row.last_name ?? '')}`.trim(),
    email: String(row.email),
    phone: String(row.phone),
    city: String(row.city),
    stateName: String(row.state_name),
    gstin: (row.gstin as string | null) ?? null,
    status,
    standing: retailerStanding({ status, creditHold: row.credit_hold === true }),
    salesExecutives: sales,
    outstanding: paiseToRupees(Number(row.outstanding)),
    createdAt: new Date(Number(row.created_ms)).toISOString(),
  };
}
