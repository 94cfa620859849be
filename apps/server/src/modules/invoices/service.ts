import { and, asc, desc, eq, gt, gte, isNotNull, lt, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { dueDateOf, financialYearOf, formatInvoiceNo, gstHeadRates, istDateOf, paiseToRupees, sumPaise, type Paise } from '@frameport/domain';
import { INVOICE_REPORT_FROM_DATE, type AccountStatement, type InvoiceRow, type StatementEntry } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { invoiceMessages } from '@frameport/domain/messages/invoices';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { recordAudit } from '../../db/audit.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import {
  corporateDetails,
  documentSequences,
  invoices,
  invoiceTdsDeductions,
  orderLines,
  orders,
  payments,
  retailers,
  shipmentLines,
  shipments,
  states,
  type Order,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { invoiceFileName, renderInvoicePdf, type InvoicePdfData } from './invoice-pdf.ts';
import { toInvoiceRow, type InvoiceView } from './to-contract.ts';

export type InvoicesServiceDeps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'invoiceCreditDays'>;
};

/** The gap-free series of tax invoices in `document_sequences` (one row per financial year). */
export const INVOICE_SERIES = 'invoice';
/** The account statement's default period: this many days before ToDate. */
export const STATEMENT_DEFAULT_DAYS = 90;

const DAY_MS = 86_400_000;

/** A 'YYYY-MM-DD' that is a real calendar day (the contract checks only the shape), else 400. */
function calendarDate(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const at = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== value) {
    throw new AppError('invalid', invoiceMessages.invalidDate);
  }
  return value;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The moment a day begins in India. */
function istStartOf(date: string): Date {
  return new Date(`${date}T00:00:00+05:30`);
}

/** FromDate/ToDate of a request: checked, defaulted, in order (FromDate after ToDate is 400). */
function period(input: { fromDate?: string | undefined; toDate?: string | undefined }, today: string, defaultFrom: (to: string) => string) {
  const toDate = calendarDate(input.toDate) ?? today;
  const fromDate = calendarDate(input.fromDate) ?? defaultFrom(toDate);
  if (fromDate > toDate) throw new AppError('invalid', invoiceMessages.dateRange);
  return { fromDate, toDate };
}

const invoiceColumns = {
  id: invoices.id,
  invoiceNo: invoices.invoiceNo,
  invoiceDate: invoices.invoiceDate,
  dueDate: invoices.dueDate,
  amountPaise: invoices.amountPaise,
  paidPaise: invoices.paidPaise,
  balancePaise: invoices.balancePaise,
  paymentStatus: invoices.paymentStatus,
  orderId: invoices.orderId,
  orderRefNo: orders.orderRefNo,
};

function selectInvoices(dbx: DbOrTx, where: SQL | undefined) {
  return dbx.select(invoiceColumns).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).where(where);
}

/** What applying a payment took off the invoices: the amount less what stayed a credit. */
const appliedPaise = sql<number>`${payments.amountPaise} - ${payments.unappliedPaise}`.mapWith(Number);
const sumOf = (expression: SQLWrapper) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);

/**
 * The next number of the financial year's gap-free invoice series, taken with one upsert on
 * `document_sequences`: its row lock orders concurrent raises (the second waits for the first's
 * commit) and a rollback gives the number back, so the series has no gaps and no repeats.
 */
async function nextInvoiceNo(tx: Tx, financialYear: string): Promise<string> {
  const [sequence] = await tx
    .insert(documentSequences)
    .values({ series: INVOICE_SERIES, financialYear, lastValue: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.series, documentSequences.financialYear],
      set: { lastValue: sql`${documentSequences.lastValue} + 1` },
    })
    .returning({ lastValue: documentSequences.lastValue });
  if (!sequence) throw new Error('document_sequences returned no row');
  return formatInvoiceNo(financialYear, sequence.lastValue);
}

export type RaisedInvoice = { id: number; invoiceNo: string; invoiceDate: string; dueDate: string | null; amountPaise: Paise };

/**
 * Raises the tax invoice of a shipment, in the transaction that dispatches it (modules/shipments,
 * with the order and the shipment locked): numbered next in the financial year of its date, for the
 * shipment's value, dated the dispatch day (India: the goods' removal is the time of supply), due
 * after the retailer's payment terms (its own, else the configured default). The shipment's lines
 * carry the invoice's per-line shares (written by the caller before this call).
 */
export async function raiseForShipment(
  tx: Tx,
  input: {
    orderId: number;
    shipmentId: number;
    retailerId: number;
    /** 'YYYY-MM-DD', India */
    invoiceDate: string;
    amountPaise: Paise;
    /** The default payment terms (config.invoiceCreditDays), for a retailer without its own. */
    defaultCreditDays: number;
    actorUserId: number;
    now: Date;
  },
): Promise<RaisedInvoice> {
  const [retailer] = await tx.select({ paymentTermsDays: retailers.paymentTermsDays }).from(retailers).where(eq(retailers.id, input.retailerId));
  if (!retailer) throw new Error(`retailer ${input.retailerId} missing`);
  // Midday in India on the invoice date: its financial year whatever the time zone.
  const financialYear = financialYearOf(new Date(`${input.invoiceDate}T12:00:00+05:30`));
  const invoiceNo = await nextInvoiceNo(tx, financialYear);
  const dueDate = dueDateOf(input.invoiceDate, retailer.paymentTermsDays ?? input.defaultCreditDays);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      invoiceNo,
      financialYear,
      orderId: input.orderId,
      shipmentId: input.shipmentId,
      retailerId: input.retailerId,
      invoiceDate: input.invoiceDate,
      dueDate,
      amountPaise: input.amountPaise,
      paidPaise: 0,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({
      id: invoices.id,
      invoiceNo: invoices.invoiceNo,
      invoiceDate: invoices.invoiceDate,
      dueDate: invoices.dueDate,
      amountPaise: invoices.amountPaise,
    });
  if (!invoice) throw new Error('invoice not written');
  await recordAudit(tx, {
    actorUserId: input.actorUserId,
    action: 'invoice.raise',
    entity: 'invoice',
    entityId: String(invoice.id),
    details: {
      orderId: input.orderId,
      shipmentId: input.shipmentId,
      retailerId: input.retailerId,
      invoiceNo: invoice.invoiceNo,
      amountPaise: invoice.amountPaise,
      dueDate,
    },
    at: input.now,
  });
  return invoice;
}

const headRatesOf = (rates: ReturnType<typeof gstHeadRates>) => ({
  cgstRatePercent: rates.cgstRate,
  sgstRatePercent: rates.sgstRate,
  igstRatePercent: rates.igstRate,
});

/** The supplier on every document (tax invoice, packing slip): the company's corporate_details row. */
export async function supplierDetails(dbx: DbOrTx): Promise<InvoicePdfData['supplier']> {
  const [supplier] = await dbx
    .select({ company: corporateDetails, stateName: states.name })
    .from(corporateDetails)
    .leftJoin(states, eq(states.stateCode, corporateDetails.stateCode))
    .where(eq(corporateDetails.id, 1));
  // Without the supplier's GSTIN there is no tax invoice: a set-up fault, not the caller's (500, logged).
  if (!supplier) throw new Error('corporate_details has no row: the tax invoice needs the supplier name, address and GSTIN');
  const { company } = supplier;
  return {
    name: company.companyName,
    address: company.address,
    gstin: company.gstin,
    pan: company.pan,
    stateName: supplier.stateName ?? company.stateCode,
    stateCode: company.stateCode,
    phone: company.contactNumber,
    email: company.emailId,
  };
}

/** The order's ship-to snapshot as the documents print it (tax invoice, packing slip), or null when it has none. */
export function shipToSnapshotOf(order: Order) {
  if (order.shipToAddress === null || order.shipToStateCode === null) return null;
  return {
    name: order.shipToName ?? order.billToBusinessName,
    address: order.shipToAddress,
    city: order.shipToCity ?? '',
    pinCode: order.shipToPinCode ?? '',
    stateName: order.shipToState ?? order.shipToStateCode,
    stateCode: order.shipToStateCode,
    phone: order.shipToPhone,
  };
}

/**
 * Invoices: raising one per dispatched shipment (raiseForShipment, gap-free numbers per financial
 * year), the retailer's invoice report and account statement, and the tax invoice PDF drawn from the
 * order's and the shipment's snapshots. Reads payments (written by the payments module) but never
 * changes them.
 */
export function createInvoicesService({ db, clock, config }: InvoicesServiceDeps) {
  const rowOf = (invoice: InvoiceView, today: string): InvoiceRow =>
    toInvoiceRow(invoice, { creditDays: config.invoiceCreditDays, today });

  /** The retailer's invoices dated FromDate..ToDate (default 2021-07-01..today, India), newest first. */
  async function report(retailerId: number, input: { fromDate?: string | undefined; toDate?: string | undefined }): Promise<InvoiceRow[]> {
    const today = istDateOf(clock.now());
    const { fromDate, toDate } = period(input, today, () => INVOICE_REPORT_FROM_DATE);
    const rows = await selectInvoices(
      db,
      and(eq(invoices.retailerId, retailerId), gte(invoices.invoiceDate, fromDate), lte(invoices.invoiceDate, toDate)),
    ).orderBy(desc(invoices.invoiceDate), desc(invoices.id));
    return rows.map((row) => rowOf(row, today));
  }

  /**
   * The account statement: what is outstanding now (overdue or not yet due, open invoices oldest
   * first), the credit no invoice could take, and the period's ledger. Invoices are debits on their
   * date; applied payments are credits (what they took off invoices) on their India date. The
   * running balance starts from the outstanding before FromDate. Read in one snapshot, so the
   * figures agree with each other even while a payment is being applied.
   */
  async function statement(
    retailerId: number,
    input: { fromDate?: string | undefined; toDate?: string | undefined },
  ): Promise<AccountStatement> {
    const today = istDateOf(clock.now());
    const { fromDate, toDate } = period(input, today, (to) => addDays(to, -STATEMENT_DEFAULT_DAYS));
    const periodStart = istStartOf(fromDate);
    const periodEnd = istStartOf(addDays(toDate, 1));

    return db.transaction(
      async (tx) => {
        const [retailer] = await tx.select({ businessName: retailers.businessName }).from(retailers).where(eq(retailers.id, retailerId));
        if (!retailer) throw new AppError('not_found', messages.http.notFound);

        const open = await selectInvoices(tx, and(eq(invoices.retailerId, retailerId), gt(invoices.balancePaise, 0))).orderBy(
          asc(invoices.invoiceDate),
          asc(invoices.id),
        );
        const openRows = open.map((invoice) => rowOf(invoice, today));
        const overduePaise = sumPaise(open.filter((_invoice, i) => openRows[i]!.DaysOverdue > 0).map((invoice) => invoice.balancePaise));
        const outstandingPaise = sumPaise(open.map((invoice) => invoice.balancePaise));

        const appliedPayments = and(eq(payments.retailerId, retailerId), isNotNull(payments.appliedAt));
        const [credit] = await tx.select({ paise: sumOf(payments.unappliedPaise) }).from(payments).where(appliedPayments);
        const [invoicedBefore] = await tx
          .select({ paise: sumOf(invoices.amountPaise) })
          .from(invoices)
          .where(and(eq(invoices.retailerId, retailerId), lt(invoices.invoiceDate, fromDate)));
        const [paidBefore] = await tx
          .select({ paise: sumOf(appliedPaise) })
          .from(payments)
          .where(and(appliedPayments, lt(payments.appliedAt, periodStart)));
        // TDS a retailer deducted (section 194Q) counts as paid on the invoice: a credit on the day it was recorded.
        const [tdsBefore] = await tx
          .select({ paise: sumOf(invoiceTdsDeductions.amountPaise) })
          .from(invoiceTdsDeductions)
          .where(and(eq(invoiceTdsDeductions.retailerId, retailerId), lt(invoiceTdsDeductions.createdAt, periodStart)));
        const openingPaise = (invoicedBefore?.paise ?? 0) - (paidBefore?.paise ?? 0) - (tdsBefore?.paise ?? 0);

        const invoiced = await tx
          .select({ id: invoices.id, date: invoices.invoiceDate, reference: invoices.invoiceNo, paise: invoices.amountPaise })
          .from(invoices)
          .where(and(eq(invoices.retailerId, retailerId), gte(invoices.invoiceDate, fromDate), lte(invoices.invoiceDate, toDate)));
        const paid = await tx
          .select({
            id: payments.id,
            appliedAt: payments.appliedAt,
            reference: payments.transactionNo,
            paise: appliedPaise,
            provider: payments.provider,
          })
          .from(payments)
          .where(and(appliedPayments, gte(payments.appliedAt, periodStart), lt(payments.appliedAt, periodEnd)));

        const deducted = await tx
          .select({ id: invoiceTdsDeductions.id, at: invoiceTdsDeductions.createdAt, reference: invoices.invoiceNo, paise: invoiceTdsDeductions.amountPaise })
          .from(invoiceTdsDeductions)
          .innerJoin(invoices, eq(invoices.id, invoiceTdsDeductions.invoiceId))
          .where(
            and(
              eq(invoiceTdsDeductions.retailerId, retailerId),
              gte(invoiceTdsDeductions.createdAt, periodStart),
              lt(invoiceTdsDeductions.createdAt, periodEnd),
            ),
          );

        type Movement = {
          date: string;
          kind: StatementEntry['Kind'];
          id: number;
          reference: string;
          debit: Paise;
          credit: Paise;
          sandbox: boolean;
        };
        const movements: Movement[] = [
          ...invoiced.map((row) => ({
            date: row.date,
            kind: 'Invoice' as const,
            id: row.id,
            reference: row.reference,
            debit: row.paise,
            credit: 0,
            sandbox: false,
          })),
          // A payment that all stayed a credit took nothing off the invoices: it is in Credit, not in the ledger.
          ...paid
            .filter((row) => row.paise > 0)
            .map((row) => ({
              date: istDateOf(row.appliedAt!),
              kind: 'Payment' as const,
              id: row.id,
              reference: row.reference,
              debit: 0,
              credit: row.paise,
              // Marked on the statement, so a sandbox payment (no money moved) is never taken for money received.
              sandbox: row.provider === 'sandbox',
            })),
          ...deducted.map((row) => ({
            date: istDateOf(row.at),
            kind: 'TDS' as const,
            id: row.id,
            reference: row.reference,
            debit: 0,
            credit: row.paise,
            sandbox: false,
          })),
        ];
        // Oldest first; on one day the invoices before the payments that paid them, then TDS.
        const rank = { Invoice: 0, Payment: 1, TDS: 2 } as const;
        movements.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.kind !== b.kind ? rank[a.kind] - rank[b.kind] : a.id - b.id));

        let balance = openingPaise;
        const entries: StatementEntry[] = movements.map((movement) => {
          balance += movement.debit - movement.credit;
          return {
            Date: movement.date,
            Kind: movement.kind,
            Reference: movement.reference,
            Debit: paiseToRupees(movement.debit),
            Credit: paiseToRupees(movement.credit),
            Balance: paiseToRupees(balance),
            Sandbox: movement.sandbox,
          };
        });

        return {
          RetailerID: retailerId,
          BusinessName: retailer.businessName,
          FromDate: fromDate,
          ToDate: toDate,
          CreditDays: config.invoiceCreditDays,
          TotalOutstanding: paiseToRupees(outstandingPaise),
          Overdue: paiseToRupees(overduePaise),
          NotYetDue: paiseToRupees(outstandingPaise - overduePaise),
          Credit: paiseToRupees(credit?.paise ?? 0),
          OpeningBalance: paiseToRupees(openingPaise),
          ClosingBalance: paiseToRupees(balance),
          OpenInvoices: openRows,
          Entries: entries,
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** The retailer an invoice belongs to, or null when there is no such invoice. */
  async function ownerOf(invoiceId: number): Promise<number | null> {
    const [row] = await db.select({ retailerId: invoices.retailerId }).from(invoices).where(eq(invoices.id, invoiceId));
    return row?.retailerId ?? null;
  }

  /**
   * Everything the tax invoice prints, read with `dbx`: the invoice, its order's snapshots, the
   * company's details, and its lines. A shipment's invoice bills what the shipment carried, at the
   * per-line shares and the GST rate stored at dispatch (shipment_lines joined to their order lines:
   * the rate in force on the invoice date; the order line's own rates for a line dispatched before
   * the rate was stored); an invoice raised for a whole order before shipments existed (shipment_id
   * null) bills the order's lines.
   */
  async function documentData(invoiceId: number, dbx: DbOrTx = db): Promise<InvoicePdfData> {
    const [invoice] = await dbx.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!invoice) throw new AppError('not_found', invoiceMessages.oneNotFound);
    const [order] = await dbx.select().from(orders).where(eq(orders.id, invoice.orderId));
    if (!order) throw new Error(`invoice ${invoice.id}: order ${invoice.orderId} missing`);
    const supplier = await supplierDetails(dbx);
    const [shipment] = invoice.shipmentId === null ? [] : await dbx.select().from(shipments).where(eq(shipments.id, invoice.shipmentId));
    if (invoice.shipmentId !== null && !shipment) throw new Error(`invoice ${invoice.id}: shipment ${invoice.shipmentId} missing`);

    const lineRows = shipment
      ? (
          await dbx
            .select({ line: orderLines, shipped: shipmentLines })
            .from(shipmentLines)
            .innerJoin(orderLines, eq(orderLines.id, shipmentLines.orderLineId))
            .where(eq(shipmentLines.shipmentId, shipment.id))
            .orderBy(asc(orderLines.id))
        ).map(({ line, shipped }) => {
          if (shipped.totalPaise === null) throw new Error(`shipment ${shipment.id}: line ${line.id} has no invoice share`);
          const rate = shipped.gstRatePercent ?? line.gstRatePercent;
          return {
            ...line,
            ...(rate === line.gstRatePercent
              ? {}
              : { gstRatePercent: rate, ...headRatesOf(gstHeadRates(rate, order.billToStateCode, order.companyStateCode)) }),
            quantity: shipped.quantity,
            taxablePaise: shipped.taxablePaise ?? 0,
            cgstPaise: shipped.cgstPaise ?? 0,
            sgstPaise: shipped.sgstPaise ?? 0,
            igstPaise: shipped.igstPaise ?? 0,
          };
        })
      : await dbx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
    const totalOf = (pick: (line: (typeof lineRows)[number]) => Paise) => sumPaise(lineRows.map(pick));
    const billed = shipment
      ? {
          totalQuantity: lineRows.reduce((n, line) => n + line.quantity, 0),
          taxablePaise: totalOf((line) => line.taxablePaise),
          cgstPaise: totalOf((line) => line.cgstPaise),
          sgstPaise: totalOf((line) => line.sgstPaise),
          igstPaise: totalOf((line) => line.igstPaise),
          roundOffPaise: 0,
        }
      : {
          totalQuantity: order.totalQuantity,
          taxablePaise: order.taxablePaise,
          cgstPaise: order.cgstPaise,
          sgstPaise: order.sgstPaise,
          igstPaise: order.igstPaise,
          roundOffPaise: order.roundOffPaise,
        };
    return {
      supplier,
      invoice: {
        invoiceNo: invoice.invoiceNo,
        invoiceDate: invoice.invoiceDate,
        dueDate: invoice.dueDate ?? dueDateOf(invoice.invoiceDate, config.invoiceCreditDays),
        amountPaise: invoice.amountPaise,
        paidPaise: invoice.paidPaise,
        balancePaise: invoice.balancePaise,
      },
      order: {
        orderRefNo: order.orderRefNo,
        orderDate: istDateOf(order.placedAt),
        companyStateCode: order.companyStateCode,
        billTo: {
          name: order.billToBusinessName,
          address: order.billToAddress,
          city: order.billToCity,
          pinCode: order.billToPinCode,
          stateName: order.billToState,
          stateCode: order.billToStateCode,
          gstin: order.billToGstin,
        },
        shipTo: shipToSnapshotOf(order),
        ...billed,
      },
      lines: lineRows.map((line) => ({
        productName: line.productName,
        modelName: line.modelName,
        colourName: line.colourName,
        colorVariant: line.colorVariant,
        sizeName: line.sizeName,
        hsnCode: line.hsnCode,
        quantity: line.quantity,
        unitPricePaise: line.unitPricePaise,
        discountPerUnitPaise: line.discountPerUnitPaise,
        taxablePaise: line.taxablePaise,
        cgstRatePercent: line.cgstRatePercent,
        sgstRatePercent: line.sgstRatePercent,
        igstRatePercent: line.igstRatePercent,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
        isFree: line.isFree,
      })),
      transport:
        shipment && shipment.transporter !== null && shipment.docketNo !== null && shipment.dispatchDate !== null
          ? {
              transporter: shipment.transporter,
              docketNo: shipment.docketNo,
              vehicleNo: shipment.vehicleNo,
              dispatchDate: shipment.dispatchDate,
              ewayBillNo: shipment.ewayBillNo,
            }
          : null,
      eInvoice:
        invoice.irn !== null && invoice.irnAckNo !== null && invoice.irnAckDate !== null && invoice.irnSignedQrCode !== null
          ? { irn: invoice.irn, ackNo: invoice.irnAckNo, ackDate: invoice.irnAckDate.toISOString(), signedQrCode: invoice.irnSignedQrCode }
          : null,
    };
  }

  /** The tax invoice PDF, drawn now from the stored snapshots (nothing is kept on disk). */
  async function document(invoiceId: number, dbx: DbOrTx = db): Promise<{ fileName: string; pdf: Buffer }> {
    const data = await documentData(invoiceId, dbx);
    return { fileName: invoiceFileName(data.invoice.invoiceNo), pdf: await renderInvoicePdf(data) };
  }

  return { report, statement, ownerOf, documentData, document };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
