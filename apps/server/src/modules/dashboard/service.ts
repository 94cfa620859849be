/**
 * The back office's home: one statement (one snapshot) of scalar sub-queries, each on an index:
 * the day's and the month's orders on orders_placed_at_idx (India days), the desk's queues on
 * orders_status_placed_at_idx, packed shipments on shipments_status_idx, pending retailers on
 * retailers_status_idx. Overdue receivables read every invoice with a balance (no index holds
 * open invoices: a scan of the invoices table, as the receivables report makes) and low stock
 * every colour (the stock page's rule: its own threshold, else the configured default). What a
 * role does not see is not read.
 */
import { sql } from 'drizzle-orm';
import { istDateOf, paiseToRupees } from '@frameport/domain';
import type { AdminDashboard } from '@frameport/domain/contract';
import type { StaffRole } from '@frameport/domain/contract/auth';
import type { Clock } from '../../clock.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { defaultLowStockThreshold } from '../stock/service.ts';

const DAY_MS = 86_400_000;
/** The start of a day in India, as an instant. */
const istMidnight = (day: string): string => new Date(`${day}T00:00:00+05:30`).toISOString();

type Row = {
  today_orders: number | string;
  today_paise: number | string;
  month_orders: number | string;
  month_paise: number | string;
  to_confirm: number | string;
  on_hold: number | string;
  to_pack: number | string;
  to_dispatch: number | string;
  overdue_paise: number | string | null;
  overdue_retailers: number | string | null;
  overdue_invoices: number | string | null;
  low_stock: number | string | null;
  pending_retailers: number | string | null;
};

export function createDashboardService({ db, clock, invoiceCreditDays }: { db: Db; clock: Clock; invoiceCreditDays: number }) {
  return {
    async dashboard(role: StaffRole): Promise<AdminDashboard> {
      const today = istDateOf(clock.now());
      const monthStart = `${today.slice(0, 8)}01`;
      const dayStart = istMidnight(today);
      const dayEnd = new Date(Date.parse(dayStart) + DAY_MS).toISOString();
      const seesMoney = role !== 'warehouse';
      const seesStock = role !== 'accounts';
      const threshold = seesStock ? await defaultLowStockThreshold(db) : 0;
      const [row] = await queryRows<Row>(
        db,
        sql`select
            today.n as today_orders, today.paise as today_paise, month.n as month_orders, month.paise as month_paise,
            queue.to_confirm, queue.on_hold, queue.to_pack,
            (select count(distinct sh.order_id) from shipments sh where sh.status = 'Packed') as to_dispatch,
            ${seesMoney ? sql`overdue.paise` : sql`null`} as overdue_paise,
            ${seesMoney ? sql`overdue.retailers` : sql`null`} as overdue_retailers,
            ${seesMoney ? sql`overdue.invoices` : sql`null`} as overdue_invoices,
            ${
              seesStock
                ? sql`(select count(*) from product_colours pc join products p on p.id = pc.product_id
                    where p.is_active and pc.available_stock_quantity <= coalesce(pc.low_stock_threshold, ${threshold}::int))`
                : sql`null`
            } as low_stock,
            ${seesMoney ? sql`(select count(*) from retailers r where r.status = 'Pending')` : sql`null`} as pending_retailers
          from
            (select count(*) as n, coalesce(sum(o.total_paise), 0) as paise from orders o
              where o.placed_at >= ${dayStart}::timestamptz and o.placed_at < ${dayEnd}::timestamptz and o.status <> 'Cancelled') today,
            (select count(*) as n, coalesce(sum(o.total_paise), 0) as paise from orders o
              where o.placed_at >= ${istMidnight(monthStart)}::timestamptz and o.placed_at < ${dayEnd}::timestamptz and o.status <> 'Cancelled') month,
            (select count(*) filter (where o.status = 'Placed') as to_confirm,
                count(*) filter (where o.status = 'On hold') as on_hold,
                count(*) filter (where o.status = 'Confirmed') as to_pack
              from orders o where o.status in ('Placed', 'On hold', 'Confirmed')) queue,
            (select coalesce(sum(i.balance_paise), 0) as paise, count(distinct i.retailer_id) as retailers, count(*) as invoices
              from invoices i
              where ${seesMoney} and i.balance_paise > 0
                and coalesce(i.due_date, i.invoice_date + ${invoiceCreditDays}::int) < ${today}::date) overdue`,
      );
      const n = (value: number | string | null | undefined): number => Number(value ?? 0);
      const nullable = (value: number | string | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));
      const money = (paise: number | string): number | null => (seesMoney ? paiseToRupees(n(paise)) : null);
      return {
        asOf: today,
        today: { from: today, to: today, orders: n(row?.today_orders), value: money(row?.today_paise ?? 0) },
        month: { from: monthStart, to: today, orders: n(row?.month_orders), value: money(row?.month_paise ?? 0) },
        queue: { toConfirm: n(row?.to_confirm), onHold: n(row?.on_hold), toPack: n(row?.to_pack), toDispatch: n(row?.to_dispatch) },
        overdue: seesMoney
          ? { amount: paiseToRupees(n(row?.overdue_paise)), retailers: n(row?.overdue_retailers), invoices: n(row?.overdue_invoices) }
          : null,
        lowStock: nullable(row?.low_stock),
        pendingRetailers: nullable(row?.pending_retailers),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
