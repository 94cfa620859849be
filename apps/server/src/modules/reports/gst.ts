/**
 * The GST summary of a month (back office III): for the invoices dated in it (India), the taxable
 * value and CGST, SGST and IGST by rate and by place of supply, with the number of invoices, their
 * value and round-off: the figures for GSTR-1 and GSTR-3B. Nothing is recomputed: each figure is a
 * sum of the amounts the invoices charged on their lines (a shipment's invoice: its shipment lines
 * at the rate stored at dispatch; a whole-order invoice of the seeded history: its order's lines at
 * their own rate), folded by the domain's `summariseGst`. Free lines carry no value and no tax.
 * The place of supply is the order's bill-to State (the State the tax was charged for, as the tax
 * invoice and the e-invoice print it).
 */
import { sql } from 'drizzle-orm';
import { istDateOf, monthRange, paiseToRupees, summariseGst, sumPaise, type GstHeads } from '@frameport/domain';
import type { GstQuery, GstSummaryReport } from '@frameport/domain/contract';
import type { Clock } from '../../clock.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { reportFile, type ReportTable, type SheetFile } from './sales-export.ts';

type InvoiceRateRow = {
  invoice_id: number;
  state_code: string;
  state: string;
  company_state_code: string;
  rate: string | number;
  taxable: string | number;
  cgst: string | number;
  sgst: string | number;
  igst: string | number;
};

type InvoiceTotals = { invoices: string | number; amount: string | number | null; round_off: string | number | null };

function heads(value: GstHeads) {
  return {
    taxable: paiseToRupees(value.taxablePaise),
    cgst: paiseToRupees(value.cgstPaise),
    sgst: paiseToRupees(value.sgstPaise),
    igst: paiseToRupees(value.igstPaise),
    tax: paiseToRupees(value.taxPaise),
  };
}

export function createGstReports({ db, clock }: { db: Db; clock: Clock }) {
  async function gst(query: Pick<GstQuery, 'month'>): Promise<GstSummaryReport> {
    const month = query.month ?? istDateOf(clock.now()).slice(0, 7);
    const { from, to } = monthRange(month);
    // Each invoice's lines summed per rate (index-friendly: invoices by date, then lines by shipment or order).
    const lines = await queryRows<InvoiceRateRow>(
      db,
      sql`select x.invoice_id, max(o.bill_to_state_code) as state_code, max(o.bill_to_state) as state,
               max(o.company_state_code) as company_state_code, x.rate,
               sum(x.taxable) as taxable, sum(x.cgst) as cgst, sum(x.sgst) as sgst, sum(x.igst) as igst
          from (
            select i.id as invoice_id, i.order_id, coalesce(sl.gst_rate_percent, ol.gst_rate_percent) as rate,
                   coalesce(sl.taxable_paise, 0) as taxable, coalesce(sl.cgst_paise, 0) as cgst,
                   coalesce(sl.sgst_paise, 0) as sgst, coalesce(sl.igst_paise, 0) as igst
              from invoices i
              join shipment_lines sl on sl.shipment_id = i.shipment_id
              join order_lines ol on ol.id = sl.order_line_id
             where i.invoice_date between ${from}::date and ${to}::date and not ol.is_free
            union all
            select i.id, i.order_id, ol.gst_rate_percent, ol.taxable_paise, ol.cgst_paise, ol.sgst_paise, ol.igst_paise
              from invoices i
              join order_lines ol on ol.order_id = i.order_id
             where i.invoice_date between ${from}::date and ${to}::date and i.shipment_id is null and not ol.is_free
          ) x
          join orders o on o.id = x.order_id
         group by x.invoice_id, x.rate`,
    );
    const [counted] = await queryRows<InvoiceTotals>(
      db,
      sql`select count(*) as invoices, sum(i.amount_paise) as amount,
               sum(case when i.shipment_id is null then o.round_off_paise else 0 end) as round_off
          from invoices i join orders o on o.id = i.order_id
         where i.invoice_date between ${from}::date and ${to}::date`,
    );
    const summary = summariseGst(
      lines.map((line) => ({
        invoiceId: Number(line.invoice_id),
        placeOfSupplyCode: line.state_code,
        placeOfSupplyName: line.state,
        companyStateCode: line.company_state_code,
        ratePercent: Number(line.rate),
        taxablePaise: Number(line.taxable),
        cgstPaise: Number(line.cgst),
        sgstPaise: Number(line.sgst),
        igstPaise: Number(line.igst),
      })),
    );
    return {
      month,
      from,
      to,
      byRate: summary.byRate.map((group) => ({
        ratePercent: group.ratePercent,
        ...heads(group),
        intraTaxable: paiseToRupees(group.intraTaxablePaise),
        interTaxable: paiseToRupees(group.interTaxablePaise),
        invoices: group.invoices,
      })),
      byState: summary.byState.map((group) => ({ stateCode: group.stateCode, state: group.stateName, kind: group.kind, ...heads(group), invoices: group.invoices })),
      totals: {
        ...heads(summary.totals),
        invoices: Number(counted?.invoices ?? 0),
        invoiceValue: paiseToRupees(Number(counted?.amount ?? 0)),
        roundOff: paiseToRupees(sumPaise([Number(counted?.round_off ?? 0)])),
      },
    };
  }

  /** The summary as one table: the rates, then the places of supply, then the totals with the invoices' value and round-off. */
  async function gstFile(query: Pick<GstQuery, 'month'>, format: 'csv' | 'xlsx'): Promise<SheetFile> {
    const report = await gst(query);
    const table: ReportTable = {
      columns: [
        { header: 'Section' },
        { header: 'Rate or State' },
        { header: 'State code' },
        { header: 'Supply' },
        { header: 'Invoices' },
        { header: 'Taxable value (₹)', money: true },
        { header: 'CGST (₹)', money: true },
        { header: 'SGST (₹)', money: true },
        { header: 'IGST (₹)', money: true },
        { header: 'Total GST (₹)', money: true },
        { header: 'Round-off (₹)', money: true },
        { header: 'Invoice value (₹)', money: true },
      ],
      rows: [
        ...report.byRate.map((row) => ['By rate', `${row.ratePercent}%`, '', '', row.invoices, row.taxable, row.cgst, row.sgst, row.igst, row.tax, '', '']),
        ...report.byState.map((row) => [
          'By place of supply',
          row.state,
          row.stateCode,
          row.kind === 'intra' ? 'Within the State (CGST + SGST)' : 'Inter-State (IGST)',
          row.invoices,
          row.taxable,
          row.cgst,
          row.sgst,
          row.igst,
          row.tax,
          '',
          '',
        ]),
        [
          'Total',
          `${report.from} to ${report.to}`,
          '',
          '',
          report.totals.invoices,
          report.totals.taxable,
          report.totals.cgst,
          report.totals.sgst,
          report.totals.igst,
          report.totals.tax,
          report.totals.roundOff,
          report.totals.invoiceValue,
        ],
      ],
    };
    return reportFile(table, format, `gst-summary-${report.month}`);
  }

  return { gst, gstFile };
}

export type GstReports = ReturnType<typeof createGstReports>;
