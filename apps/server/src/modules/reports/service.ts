/**
 * Receivables (back office III): every open invoice's balance aged by days past its due date (the
 * invoice's own, else its date plus INVOICE_CREDIT_DAYS), by retailer or by sales executive. One
 * statement (one snapshot) sums the balances per retailer and due date with who the row belongs
 * to; the buckets are the domain's (`ageReceivables`), so the report, the credit check and the
 * screens age alike.
 */
import { sql } from 'drizzle-orm';
import { ageReceivables, istDateOf, paiseToRupees, type Ageing } from '@frameport/domain';
import type { AgeingRupees, ReceivablesQuery, ReceivablesReport, ReceivablesRow } from '@frameport/domain/contract';
import type { Clock } from '../../clock.ts';
import { queryRows, type Db } from '../../db/client.ts';

type DueRow = {
  party_id: number | null;
  party_name: string | null;
  city: string | null;
  state: string | null;
  retailer_id: number;
  due: string;
  open_paise: string | number;
  invoices: string | number;
};
type Due = { retailerId: number; dueDate: string; openPaise: number; invoices: number };

export function createReportsService({ db, clock, invoiceCreditDays }: { db: Db; clock: Clock; invoiceCreditDays: number }) {
  return {
    async receivables(query: ReceivablesQuery): Promise<ReceivablesReport> {
      const today = istDateOf(clock.now());
      const bySalesExecutive = query.groupBy === 'salesExecutive';
      const party = bySalesExecutive
        ? sql`u.id as party_id, u.name as party_name, null as city, null as state`
        : sql`r.id as party_id, r.business_name as party_name, c.name as city, s.name as state`;
      const joins = bySalesExecutive
        ? sql`left join sales_executive_retailers l on l.retailer_id = d.retailer_id left join users u on u.id = l.sales_executive_user_id`
        : sql`join retailers r on r.id = d.retailer_id left join cities c on c.id = r.city_id left join states s on s.id = r.state_id`;
      // The drill-down from a sales executive's row: only the retailers they look after (or nobody does).
      const only =
        query.salesExecutive === undefined || bySalesExecutive
          ? sql``
          : query.salesExecutive === 'none'
            ? sql`where not exists (select 1 from sales_executive_retailers x where x.retailer_id = d.retailer_id)`
            : sql`where exists (select 1 from sales_executive_retailers x where x.retailer_id = d.retailer_id and x.sales_executive_user_id = ${query.salesExecutive})`;
      const rows = await queryRows<DueRow>(
        db,
        sql`select ${party}, d.retailer_id, d.due, d.open_paise, d.invoices
          from (
            select i.retailer_id, coalesce(i.due_date, i.invoice_date + ${invoiceCreditDays}::int)::text as due,
              sum(i.balance_paise) as open_paise, count(*) as invoices
            from invoices i
            where i.balance_paise > 0
            group by 1, 2
          ) d
          ${joins}
          ${only}`,
      );

      // A retailer two sales executives look after is a row under each; the totals count it once.
      const distinct = new Map<string, Due>();
      const groups = new Map<string, { id: number | null; name: string; detail: string | null; dues: Due[] }>();
      for (const row of rows) {
        const due: Due = { retailerId: row.retailer_id, dueDate: String(row.due).slice(0, 10), openPaise: Number(row.open_paise), invoices: Number(row.invoices) };
        distinct.set(`${due.retailerId}|${due.dueDate}`, due);
        const key = row.party_id === null ? 'none' : String(row.party_id);
        const group = groups.get(key) ?? {
          id: row.party_id,
          name: row.party_name ?? 'No sales executive',
          detail: [row.city, row.state].filter(Boolean).join(', ') || null,
          dues: [],
        };
        group.dues.push(due);
        groups.set(key, group);
      }

      const report: ReceivablesRow[] = [...groups.values()].map((group) => {
        const retailers = new Set(group.dues.map((due) => due.retailerId)).size;
        return {
          id: group.id,
          name: group.name,
          detail: bySalesExecutive ? `${retailers} ${retailers === 1 ? 'retailer' : 'retailers'} owing` : group.detail,
          openInvoices: group.dues.reduce((sum, due) => sum + due.invoices, 0),
          ageing: inRupees(ageReceivables(group.dues, today)),
        };
      });
      report.sort((a, b) => b.ageing.total - a.ageing.total || a.name.localeCompare(b.name));
      const all = [...distinct.values()];
      return {
        asOf: today,
        groupBy: query.groupBy,
        rows: report,
        totals: inRupees(ageReceivables(all, today)),
        openInvoices: all.reduce((sum, due) => sum + due.invoices, 0),
      };
    },
  };
}

function inRupees(ageing: Ageing): AgeingRupees {
  return {
    notDue: paiseToRupees(ageing.notDue),
    d1to30: paiseToRupees(ageing.d1to30),
    d31to60: paiseToRupees(ageing.d31to60),
    d61to90: paiseToRupees(ageing.d61to90),
    d90plus: paiseToRupees(ageing.d90plus),
    total: paiseToRupees(ageing.total),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

/** For the TDS settlement (modules/payments): an invoice as the receivables drill-down shows it. */
export { receivableInvoice } from './receivables-invoices.ts';
