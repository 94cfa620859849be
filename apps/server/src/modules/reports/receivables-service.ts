/**
 * Receivables beyond the ageing table (back office III): a retailer's open invoices (the
 * drill-down), the report as CSV or XLSX, and the payment reminder. The reminder asks the payments
 * module for a payment link for the whole open balance, the same flow a retailer's own "Pay" uses
 * (an open link for the same balance is reused, so a second reminder does not pile up links), then
 * in one transaction queues the mail (statement and link) and audits it; the audit row is what
 * "last reminder" shows. The mail goes out after commit.
 */
import type { FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import writeXlsxFile from 'write-excel-file/node';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { AGEING_BUCKET_LABELS, AGEING_BUCKETS, ageReceivables, istDateOf, neutraliseCell, paiseToRupees, receivablesMessages, rupeesToPaise, sumPaise } from '@frameport/domain';
import type { ReceivablesExportQuery, ReceivablesReport, ReceivablesRetailer, ReminderStamp } from '@frameport/domain/contract';
import type { Mailer, MailMessage } from '../../adapters/mail.ts';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../../db/audit.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditLog, cities, payments, retailers, salesExecutiveRetailers, states, users } from '../../db/schema.ts';
import { requireIdentity } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { PaymentsService } from '../payments/service.ts';
import { openInvoicesOf, type AgeContext } from './receivables-invoices.ts';
import { reminderMail } from './receivables-mail.ts';
import type { ReportsService } from './service.ts';

export type SheetFile = { fileName: string; contentType: string; body: Buffer };
const CSV_TYPE = 'text/csv; charset=utf-8';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** CSV as the imports module writes it: a BOM (Excel reads UTF-8: ₹ survives), CRLF, every text cell neutralised. */
function toCsv(headers: string[], rows: string[][]): Buffer {
  const text = Papa.unparse({ fields: headers, data: rows.map((row) => row.map(neutraliseCell)) }, { newline: '\r\n', quotes: false });
  return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
}

export const REMINDER_ACTION = 'receivables.reminder';
/** A reused link must stay payable at least this long after the reminder. */
const LINK_REUSE_MARGIN_MS = 20 * 60 * 60 * 1000;

export type ReceivablesDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  payments: PaymentsService;
  reports: ReportsService;
  invoiceCreditDays: number;
  publicUrl: string;
  paymentsProvider: 'sandbox' | 'razorpay';
};

export function createReceivablesService(deps: ReceivablesDeps) {
  const { db, clock, mailer, payments: paymentsService, reports, invoiceCreditDays, publicUrl } = deps;
  const contextOf = (now: Date): AgeContext => ({ today: istDateOf(now), invoiceCreditDays });

  async function lastReminder(dbx: DbOrTx, retailerId: number): Promise<ReminderStamp | null> {
    const [row] = await dbx
      .select({ at: auditLog.createdAt, by: users.name, details: auditLog.details })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(and(eq(auditLog.action, REMINDER_ACTION), eq(auditLog.entity, 'retailer'), eq(auditLog.entityId, String(retailerId))))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1);
    if (!row) return null;
    const details = row.details ?? {};
    return {
      at: row.at.toISOString(),
      by: row.by,
      to: typeof details.to === 'string' ? details.to : '',
      amount: typeof details.amount === 'number' ? details.amount : 0,
    };
  }

  /** The drill-down: who the retailer is, its open invoices aged today, their ageing, the last reminder. */
  async function retailer(dbx: DbOrTx, retailerId: number, now: Date): Promise<ReceivablesRetailer> {
    const [found] = await dbx
      .select({ id: retailers.id, name: retailers.businessName, email: retailers.email, city: cities.name, state: states.name })
      .from(retailers)
      .leftJoin(cities, eq(cities.id, retailers.cityId))
      .leftJoin(states, eq(states.id, retailers.stateId))
      .where(eq(retailers.id, retailerId));
    if (!found) throw new AppError('not_found', receivablesMessages.retailerNotFound);
    const context = contextOf(now);
    const invoices = await openInvoicesOf(dbx, retailerId, context);
    const salesExecutives = await dbx
      .select({ id: users.id, name: users.name })
      .from(salesExecutiveRetailers)
      .innerJoin(users, eq(users.id, salesExecutiveRetailers.salesExecutiveUserId))
      .where(eq(salesExecutiveRetailers.retailerId, retailerId))
      .orderBy(users.name);
    const ageing = ageReceivables(
      invoices.map((invoice) => ({ dueDate: invoice.dueDate, openPaise: rupeesToPaise(invoice.balance) })),
      context.today,
    );
    return {
      asOf: context.today,
      retailer: {
        id: found.id,
        name: found.name,
        email: found.email,
        detail: [found.city, found.state].filter(Boolean).join(', ') || null,
        salesExecutives,
      },
      invoices,
      ageing: {
        notDue: paiseToRupees(ageing.notDue),
        d1to30: paiseToRupees(ageing.d1to30),
        d31to60: paiseToRupees(ageing.d31to60),
        d61to90: paiseToRupees(ageing.d61to90),
        d90plus: paiseToRupees(ageing.d90plus),
        total: paiseToRupees(ageing.total),
      },
      lastReminder: await lastReminder(dbx, retailerId),
    };
  }

  /** An open link of ours for exactly this balance (any invoices, oldest first) still payable for a while. */
  async function reusableLink(retailerId: number, amountPaise: number, now: Date) {
    const [row] = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.retailerId, retailerId),
          eq(payments.status, 'created'),
          isNull(payments.appliedAt),
          isNull(payments.targetInvoiceIds),
          eq(payments.amountPaise, amountPaise),
          eq(payments.provider, deps.paymentsProvider),
          gt(payments.expiresAt, new Date(now.getTime() + LINK_REUSE_MARGIN_MS)),
          sql`${payments.paymentLinkUrl} is not null`,
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row ?? null;
  }

  async function remind(request: FastifyRequest, retailerId: number): Promise<ReceivablesRetailer> {
    const identity = requireIdentity(request);
    const now = clock.now();
    const before = await retailer(db, retailerId, now);
    const duePaise = sumPaise(before.invoices.map((invoice) => rupeesToPaise(invoice.balance)));
    if (duePaise <= 0) throw new AppError('conflict', receivablesMessages.reminder.nothingDue);
    if (!before.retailer.email.trim()) throw new AppError('invalid', receivablesMessages.reminder.noEmail);

    // The retailer's own payment-link flow, asked on its behalf (outside any transaction: it calls the provider).
    const link =
      (await reusableLink(retailerId, duePaise, now)) ??
      (await paymentsService.requestLink(
        { identity, retailerId, retailerEmail: before.retailer.email, onBehalf: true },
        { amount: paiseToRupees(duePaise), mobile: null, invoiceNos: undefined },
      ));
    const url = link.paymentLinkUrl ?? '';
    const paymentUrl = url.startsWith('/') ? `${publicUrl}${url}` : url;
    const overduePaise = sumPaise(before.invoices.filter((invoice) => invoice.daysOverdue > 0).map((invoice) => rupeesToPaise(invoice.balance)));

    let queued: { id: number; message: MailMessage } | null = null;
    const answer = await idempotent(db, request, async (tx) => {
      const message = reminderMail({
        to: before.retailer.email,
        businessName: before.retailer.name,
        asOf: before.asOf,
        invoices: before.invoices,
        totalPaise: duePaise,
        overduePaise,
        paymentUrl,
        sandbox: link.provider === 'sandbox',
      });
      const id = await mailer.queue(tx, message);
      queued = { id, message };
      await recordAudit(tx, {
        actorUserId: identity.userId,
        action: REMINDER_ACTION,
        entity: 'retailer',
        entityId: String(retailerId),
        details: {
          to: before.retailer.email,
          amount: paiseToRupees(duePaise),
          overdue: paiseToRupees(overduePaise),
          invoices: before.invoices.map((invoice) => invoice.invoiceNo),
          transactionNo: link.transactionNo,
        },
        ip: request.ip,
        at: now,
      });
      return retailer(tx, retailerId, now);
    });
    const sent = queued as { id: number; message: MailMessage } | null;
    if (sent) {
      mailer.deliver(sent.id, sent.message).catch((error: unknown) => {
        request.log.error({ err: error, retailerId }, 'payment reminder mail not sent');
      });
    }
    return answer;
  }

  /** The ageing report (either grouping) as a sheet: a row per retailer or sales executive, then the totals. */
  async function exportFile(query: ReceivablesExportQuery): Promise<SheetFile> {
    const report = await reports.receivables(query);
    const table = sheetOf(report);
    const stem = `receivables-by-${report.groupBy === 'salesExecutive' ? 'sales-executive' : 'retailer'}-${report.asOf}`;
    if (query.format === 'csv') {
      return { fileName: `${stem}.csv`, contentType: CSV_TYPE, body: toCsv(table.headers, table.rows.map((row) => row.map(String))) };
    }
    const header = table.headers.map((value) => ({ value, fontWeight: 'bold' as const }));
    const data = table.rows.map((row, index) => {
      const bold = index === table.rows.length - 1 ? { fontWeight: 'bold' as const } : {};
      return row.map((value, column) =>
        typeof value === 'number'
          ? { value, type: Number, format: column === 2 ? '0' : '#,##0.00', ...bold }
          : value === ''
            ? null
            : { value: neutraliseCell(value), type: String, ...bold },
      );
    });
    const body = await writeXlsxFile([header, ...data], { sheet: 'Receivables', stickyRowsCount: 1 }).toBuffer();
    return { fileName: `${stem}.xlsx`, contentType: XLSX_TYPE, body };
  }

  return {
    retailer: (retailerId: number) => retailer(db, retailerId, clock.now()),
    remind,
    exportFile,
  };
}

/** The report's rows as cells: name, detail, open invoices, the buckets in rupees, total; the totals last. */
export function sheetOf(report: ReceivablesReport): { headers: string[]; rows: (string | number)[][] } {
  const bySalesExecutive = report.groupBy === 'salesExecutive';
  const headers = [
    bySalesExecutive ? 'Sales executive' : 'Retailer',
    bySalesExecutive ? 'Retailers owing' : 'City, state',
    'Open invoices',
    ...AGEING_BUCKETS.map((bucket) => `${AGEING_BUCKET_LABELS[bucket]} (₹)`),
    'Total (₹)',
  ];
  const rows: (string | number)[][] = report.rows.map((row) => [
    row.name,
    row.detail ?? '',
    row.openInvoices,
    ...AGEING_BUCKETS.map((bucket) => row.ageing[bucket]),
    row.ageing.total,
  ]);
  rows.push([
    bySalesExecutive ? 'All retailers (each once)' : 'All retailers',
    `As of ${report.asOf}`,
    report.openInvoices,
    ...AGEING_BUCKETS.map((bucket) => report.totals[bucket]),
    report.totals.total,
  ]);
  return { headers, rows };
}

export type ReceivablesService = ReturnType<typeof createReceivablesService>;
