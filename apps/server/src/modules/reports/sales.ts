/**
 * Sales (back office III): what was invoiced in a period, by brand, style, state, city, retailer,
 * sales executive or week, with the GST the invoices charged.
 *
 * "Sales" is the invoiced value, by invoice date (India), because that is what an accountant
 * reconciles with the books and the GST return: the lines of every invoice dated in the range, each
 * at the amounts its invoice billed. A shipment's invoice bills its shipment lines (the pieces
 * shipped and the shares and rate stored at dispatch); an invoice raised for a whole order before
 * shipments existed (the seeded history) bills the order's lines as they stand (quantity less the
 * cancelled pieces, whose money the line no longer carries). Orders not yet invoiced, cancelled
 * pieces and free lines are not sales; an invoice's round-off belongs to no line and is left out
 * of `total` (the GST summary shows it).
 *
 * The place (state, city) is the order's bill-to snapshot, the State the tax was charged for; the
 * style and brand are the order line's product; a sales executive's sales are those of the
 * retailers linked to them today (a retailer two look after counts under each, once in the totals;
 * retailers nobody looks after under 'No sales executive'). One statement sums the lines per unit
 * (brand, product, …, or retailer and day for the groupings folded here) with a grand-total row
 * (grouping sets), so the totals count every line and every invoice once.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  daysInRange,
  istDateOf,
  paiseToRupees,
  SALES_REPORT_MAX_DAYS,
  salesReportMessages,
  sumPaise,
  weekStartOf,
  weeksBetween,
  addDays,
} from '@frameport/domain';
import { SALES_GROUP_LABELS, type SalesFigures, type SalesQuery, type SalesReport, type SalesRow } from '@frameport/domain/contract';
import type { Clock } from '../../clock.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { reportFile, type ReportTable, type SheetFile } from './sales-export.ts';

type Sums = { invoices: number; quantity: number; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };
const NONE: Sums = { invoices: 0, quantity: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };

type UnitRow = {
  is_total: boolean | number | string;
  key: string | null;
  id: number | null;
  name: string | null;
  detail: string | null;
  invoices: string | number;
  quantity: string | number | null;
  taxable: string | number | null;
  cgst: string | number | null;
  sgst: string | number | null;
  igst: string | number | null;
};

/**
 * Every line billed by an invoice dated from `from` to `to`, as `x` with its invoice, order and
 * order line, joined to its order `o`. Index-friendly: invoices by date
 * (invoices_invoice_date_idx), then shipment lines by shipment (their primary key), order lines by
 * id or by order (order_lines_order_id_idx), orders by id.
 */
function billedLines(from: string, to: string): SQL {
  return sql`(
      select i.id as invoice_id, i.invoice_date, i.order_id, ol.product_id, ol.product_name, ol.model_name,
             sl.quantity, coalesce(sl.taxable_paise, 0) as taxable_paise, coalesce(sl.cgst_paise, 0) as cgst_paise,
             coalesce(sl.sgst_paise, 0) as sgst_paise, coalesce(sl.igst_paise, 0) as igst_paise,
             coalesce(sl.gst_rate_percent, ol.gst_rate_percent) as gst_rate_percent
        from invoices i
        join shipment_lines sl on sl.shipment_id = i.shipment_id
        join order_lines ol on ol.id = sl.order_line_id
       where i.invoice_date between ${from}::date and ${to}::date and not ol.is_free
      union all
      select i.id, i.invoice_date, i.order_id, ol.product_id, ol.product_name, ol.model_name,
             ol.quantity - ol.cancelled_quantity, ol.taxable_paise, ol.cgst_paise, ol.sgst_paise, ol.igst_paise, ol.gst_rate_percent
        from invoices i
        join order_lines ol on ol.order_id = i.order_id
       where i.invoice_date between ${from}::date and ${to}::date and i.shipment_id is null
         and not ol.is_free and ol.quantity > ol.cancelled_quantity
    ) x
    join orders o on o.id = x.order_id`;
}

/** What each grouping sums over (`unit`, its grouping-set columns), and the key, id, name and detail of a unit. */
function unitOf(groupBy: SalesQuery['groupBy']): { select: SQL; joins: SQL; unit: SQL } {
  switch (groupBy) {
    case 'brand':
      return {
        select: sql`p.brand_id::text as key, p.brand_id as id, max(b.name) as name, null as detail`,
        joins: sql`left join products p on p.id = x.product_id left join brands b on b.id = p.brand_id`,
        unit: sql`p.brand_id`,
      };
    case 'style':
      return {
        select: sql`x.product_id::text as key, x.product_id as id, max(x.product_name) as name, max(x.model_name) as detail`,
        joins: sql``,
        unit: sql`x.product_id`,
      };
    case 'state':
      return {
        select: sql`o.bill_to_state_code as key, null::int as id, max(o.bill_to_state) as name, null as detail`,
        joins: sql``,
        unit: sql`o.bill_to_state_code`,
      };
    case 'city':
      return {
        select: sql`o.bill_to_state_code || '|' || lower(o.bill_to_city) as key, null::int as id, max(o.bill_to_city) as name, max(o.bill_to_state) as detail`,
        joins: sql``,
        unit: sql`o.bill_to_state_code, lower(o.bill_to_city)`,
      };
    case 'retailer':
    case 'salesExecutive':
      return {
        select: sql`o.retailer_id::text as key, o.retailer_id as id, max(r.business_name) as name,
          max(concat_ws(', ', c.name, s.name)) as detail`,
        joins: sql`join retailers r on r.id = o.retailer_id left join cities c on c.id = r.city_id left join states s on s.id = r.state_id`,
        unit: sql`o.retailer_id`,
      };
    case 'week':
      // Summed per day here, folded into Monday-to-Sunday weeks by the domain's weekStartOf.
      return { select: sql`x.invoice_date::text as key, null::int as id, null as name, null as detail`, joins: sql``, unit: sql`x.invoice_date` };
  }
}

function sumsOf(row: UnitRow): Sums {
  return {
    invoices: Number(row.invoices),
    quantity: Number(row.quantity ?? 0),
    taxablePaise: Number(row.taxable ?? 0),
    cgstPaise: Number(row.cgst ?? 0),
    sgstPaise: Number(row.sgst ?? 0),
    igstPaise: Number(row.igst ?? 0),
  };
}

function add(a: Sums, b: Sums): Sums {
  return {
    invoices: a.invoices + b.invoices,
    quantity: a.quantity + b.quantity,
    taxablePaise: sumPaise([a.taxablePaise, b.taxablePaise]),
    cgstPaise: sumPaise([a.cgstPaise, b.cgstPaise]),
    sgstPaise: sumPaise([a.sgstPaise, b.sgstPaise]),
    igstPaise: sumPaise([a.igstPaise, b.igstPaise]),
  };
}

function figures(sums: Sums): SalesFigures {
  const taxPaise = sumPaise([sums.cgstPaise, sums.sgstPaise, sums.igstPaise]);
  return {
    invoices: sums.invoices,
    quantity: sums.quantity,
    taxable: paiseToRupees(sums.taxablePaise),
    cgst: paiseToRupees(sums.cgstPaise),
    sgst: paiseToRupees(sums.sgstPaise),
    igst: paiseToRupees(sums.igstPaise),
    tax: paiseToRupees(taxPaise),
    total: paiseToRupees(sumPaise([sums.taxablePaise, taxPaise])),
  };
}

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function createSalesReports({ db, clock }: { db: Db; clock: Clock }) {
  /** The period asked for, with this month so far as the default; refused when backwards or too long. */
  function periodOf(query: Pick<SalesQuery, 'from' | 'to'>): { from: string; to: string } {
    const today = istDateOf(clock.now());
    const to = query.to ?? (query.from && query.from > today ? query.from : today);
    const from = query.from ?? `${to.slice(0, 7)}-01`;
    if (from > to) throw new AppError('invalid', salesReportMessages.range.order);
    if (daysInRange(from, to) > SALES_REPORT_MAX_DAYS) throw new AppError('invalid', salesReportMessages.range.tooLong(SALES_REPORT_MAX_DAYS));
    return { from, to };
  }

  async function sales(query: SalesQuery): Promise<SalesReport> {
    const { from, to } = periodOf(query);
    const { select, joins, unit } = unitOf(query.groupBy);
    const rows = await queryRows<UnitRow>(
      db,
      sql`select grouping(${unit}) > 0 as is_total, ${select},
               count(distinct x.invoice_id) as invoices, sum(x.quantity) as quantity, sum(x.taxable_paise) as taxable,
               sum(x.cgst_paise) as cgst, sum(x.sgst_paise) as sgst, sum(x.igst_paise) as igst
          from ${billedLines(from, to)}
          ${joins}
         group by grouping sets ((${unit}), ())`,
    );
    const totalRow = rows.find((row) => row.is_total === true || row.is_total === 't' || row.is_total === 1);
    const totals = totalRow ? sumsOf(totalRow) : NONE;
    const units = rows.filter((row) => row !== totalRow);

    let report: SalesRow[];
    if (query.groupBy === 'salesExecutive') report = await bySalesExecutive(units);
    else if (query.groupBy === 'week') report = byWeek(units, from, to);
    else {
      report = units.map((row) => ({
        key: row.key ?? 'none',
        id: row.id === null ? null : Number(row.id),
        name: row.name ?? (query.groupBy === 'brand' ? salesReportMessages.unknownBrand : '—'),
        detail: row.detail || null,
        ...figures(sumsOf(row)),
      }));
    }
    if (query.groupBy !== 'week') report.sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
    return { from, to, groupBy: query.groupBy, rows: report, totals: figures(totals) };
  }

  /** Each retailer's sums under every sales executive linked to it (or under 'No sales executive'). */
  async function bySalesExecutive(retailerRows: UnitRow[]): Promise<SalesRow[]> {
    const links = await queryRows<{ retailer_id: number; user_id: number; name: string }>(
      db,
      sql`select l.retailer_id, u.id as user_id, u.name from sales_executive_retailers l join users u on u.id = l.sales_executive_user_id`,
    );
    const executivesOf = new Map<number, { id: number; name: string }[]>();
    for (const link of links) {
      const list = executivesOf.get(Number(link.retailer_id)) ?? [];
      list.push({ id: Number(link.user_id), name: link.name });
      executivesOf.set(Number(link.retailer_id), list);
    }
    const groups = new Map<string, { id: number | null; name: string; retailers: number; sums: Sums }>();
    for (const row of retailerRows) {
      const executives = executivesOf.get(Number(row.id)) ?? [null];
      for (const executive of executives) {
        const key = executive ? String(executive.id) : 'none';
        const group = groups.get(key) ?? { id: executive?.id ?? null, name: executive?.name ?? salesReportMessages.noSalesExecutive, retailers: 0, sums: NONE };
        group.retailers += 1;
        group.sums = add(group.sums, sumsOf(row));
        groups.set(key, group);
      }
    }
    return [...groups.entries()].map(([key, group]) => ({
      key,
      id: group.id,
      name: group.name,
      detail: `${group.retailers} ${group.retailers === 1 ? 'retailer' : 'retailers'}`,
      ...figures(group.sums),
    }));
  }

  /** Every week of the range, oldest first, empty weeks as zeros (a chart's axis has no gaps). */
  function byWeek(dayRows: UnitRow[], from: string, to: string): SalesRow[] {
    const weeks = new Map<string, Sums>(weeksBetween(from, to).map((week) => [week, NONE]));
    for (const row of dayRows) {
      const week = weekStartOf(String(row.key).slice(0, 10));
      weeks.set(week, add(weeks.get(week) ?? NONE, sumsOf(row)));
    }
    return [...weeks.entries()].map(([week, sums]) => ({
      key: week,
      id: null,
      name: `Week of ${dayLabel(week)}`,
      detail: `${week} to ${addDays(week, 6)}`,
      ...figures(sums),
    }));
  }

  /** The report as a file: the rows, then a totals row. */
  async function salesFile(query: SalesQuery, format: 'csv' | 'xlsx'): Promise<SheetFile> {
    const report = await sales(query);
    const money = (value: number) => value;
    const table: ReportTable = {
      columns: [
        { header: SALES_GROUP_LABELS[report.groupBy] },
        { header: 'Detail' },
        { header: 'Invoices' },
        { header: 'Quantity' },
        { header: 'Taxable value (₹)', money: true },
        { header: 'CGST (₹)', money: true },
        { header: 'SGST (₹)', money: true },
        { header: 'IGST (₹)', money: true },
        { header: 'Total GST (₹)', money: true },
        { header: 'Total (₹)', money: true },
      ],
      rows: [...report.rows, { name: 'Total', detail: `${report.from} to ${report.to}`, ...report.totals }].map((row) => [
        row.name,
        row.detail ?? '',
        row.invoices,
        row.quantity,
        money(row.taxable),
        money(row.cgst),
        money(row.sgst),
        money(row.igst),
        money(row.tax),
        money(row.total),
      ]),
    };
    return reportFile(table, format, `sales-by-${report.groupBy === 'salesExecutive' ? 'sales-executive' : report.groupBy}-${report.from}-to-${report.to}`);
  }

  return { sales, salesFile, periodOf };
}

export type SalesReports = ReturnType<typeof createSalesReports>;
