/**
 * A sales executive's cockpit (GET /api/Account/myRetailers): the retailers linked to them, each
 * with its credit position (modules/orders/credit.ts: the order desk's reads and the domain's
 * rule) and last order, and their orders by status with each status's newest few. Three
 * statements: the retailers with their last order (orders_retailer_id_placed_at_idx), their credit
 * books, and their orders' counts and newest per status (over the same index).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, istDateOf, paiseToRupees, type OrderStatus } from '@frameport/domain';
import { envelopeOf, MY_RETAILERS_RECENT_PER_STATUS, MyRetailersSchema, ok, type MyRetailerOrder, type MyRetailers } from '@frameport/domain/contract';
import type { Clock } from '../../clock.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import { creditBooksOf } from '../orders/service.ts';

type RetailerRow = { id: number; business_name: string; email: string; city: string | null; status: 'Active' | 'Blocked'; last_ms: number | null };
type OrderRow = {
  id: number;
  order_ref_no: string;
  retailer_id: number;
  business_name: string;
  placed_ms: number;
  status: OrderStatus;
  total_quantity: number;
  total_paise: number | string;
  n: number | string;
  rn: number | string;
};

export function createMyRetailersService({ db, clock, invoiceCreditDays }: { db: Db; clock: Clock; invoiceCreditDays: number }) {
  return {
    async myRetailers(salesExecutiveUserId: number): Promise<MyRetailers> {
      const now = clock.now();
      const rows = await queryRows<RetailerRow>(
        db,
        sql`select r.id, r.business_name, r.email, c.name as city, r.status,
            (select (extract(epoch from max(o.placed_at)) * 1000)::float8 from orders o where o.retailer_id = r.id) as last_ms
          from sales_executive_retailers l
          join retailers r on r.id = l.retailer_id
          left join cities c on c.id = r.city_id
          where l.sales_executive_user_id = ${salesExecutiveUserId} and r.status in ('Active', 'Blocked')
          order by lower(r.business_name), r.id`,
      );
      const ids = rows.map((row) => Number(row.id));
      const books = await creditBooksOf(db, ids, { now, invoiceCreditDays });
      const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
      const recent: MyRetailerOrder[] = [];
      if (ids.length > 0) {
        const orderRows = await queryRows<OrderRow>(
          db,
          sql`select * from (
              select o.id, o.order_ref_no, o.retailer_id, o.bill_to_business_name as business_name,
                (extract(epoch from o.placed_at) * 1000)::float8 as placed_ms, o.status, o.total_quantity, o.total_paise,
                count(*) over (partition by o.status) as n,
                row_number() over (partition by o.status order by o.placed_at desc, o.id desc) as rn
              from orders o
              where o.retailer_id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})
            ) ranked
            where rn <= ${MY_RETAILERS_RECENT_PER_STATUS}
            order by placed_ms desc, id desc`,
        );
        const names = new Map(rows.map((row) => [Number(row.id), row.business_name]));
        for (const row of orderRows) {
          counts[row.status] = Number(row.n);
          recent.push({
            id: Number(row.id),
            orderRefNo: row.order_ref_no,
            retailerId: Number(row.retailer_id),
            businessName: names.get(Number(row.retailer_id)) ?? row.business_name,
            placedAt: new Date(Number(row.placed_ms)).toISOString(),
            status: row.status,
            totalQuantity: Number(row.total_quantity),
            total: paiseToRupees(Number(row.total_paise)),
          });
        }
      }
      return {
        asOf: istDateOf(now),
        retailers: rows.flatMap((row) => {
          const book = books.get(Number(row.id));
          if (!book) return [];
          return [
            {
              id: Number(row.id),
              businessName: row.business_name,
              email: row.email,
              city: row.city,
              status: row.status,
              creditHold: book.creditHold,
              creditLimit: paiseToRupees(book.creditLimitPaise),
              outstanding: paiseToRupees(book.outstandingPaise),
              overdue: paiseToRupees(book.overduePaise),
              oldestOverdueDays: book.oldestOverdueDays,
              available: paiseToRupees(book.availablePaise),
              lastOrderAt: row.last_ms === null ? null : new Date(Number(row.last_ms)).toISOString(),
            },
          ];
        }),
        orders: { counts, recent },
      };
    },
  };
}

export type MyRetailersService = ReturnType<typeof createMyRetailersService>;

/** GET /api/Account/myRetailers: sales executives only (acting for a retailer or not: the book is theirs). */
export const myRetailersRoutes: FastifyPluginAsyncZod<{ myRetailers: MyRetailersService }> = async (app, { myRetailers }) => {
  app.get(
    '/api/Account/myRetailers',
    {
      onRequest: requireRole('salesexecutive'),
      schema: {
        tags: ['Account'],
        summary: "A sales executive's cockpit: their retailers' outstanding, overdue, credit available and last order; their orders by status",
        description:
          'Sales executives only (403 for everyone else). The retailers linked to the caller, active or blocked, by business ' +
          'name: credit limit, outstanding (unpaid invoice balances), overdue (past the due date: the invoice’s own, else its ' +
          'date plus INVOICE_CREDIT_DAYS, on today in India) with the oldest one’s days, available (limit − outstanding − ' +
          'confirmed orders not yet billed, as the order desk’s credit check), credit hold and the last order’s time. Their ' +
          `orders: the count per status and each status's newest ${MY_RETAILERS_RECENT_PER_STATUS}, newest first.`,
        response: { 200: envelopeOf(MyRetailersSchema) },
      },
    },
    async (request) => ok(await myRetailers.myRetailers(requireIdentity(request).userId)),
  );
};
