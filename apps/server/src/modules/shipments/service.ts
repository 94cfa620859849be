/**
 * Shipments: what leaves the warehouse, one or more per order. Made from the order's open pieces
 * (Packing), packed into boxes (Packed; back to Packing, or deleted while Packing), dispatched with
 * the transporter's docket and, above ₹50,000.00, an e-way bill (Dispatched: the tax invoice is
 * raised in the same transaction), and delivered. Every change runs in the caller's transaction
 * (routes.ts: `idempotent`), locks the order first and then the shipment, is audited, keeps the
 * order's derived status in step (refreshOrderStatus) and answers the order as it now is.
 */
import { and, eq, inArray, max, sql, type SQLWrapper } from 'drizzle-orm';
import {
  canDo,
  deskMessages,
  formatInr,
  gstRateOn,
  istDateOf,
  needsEwayBill,
  shipmentLineTotals,
  sumPaise,
  type Paise,
  type ShipmentStatus,
} from '@frameport/domain';
import type { AdminOrderDetail } from '@frameport/domain/contract';
import { invoiceMessages } from '@frameport/domain/messages/invoices';
import type { Mailer, MailMessage } from '../../adapters/mail.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { recordAudit } from '../../db/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orders, shipmentLines, shipments, type Order, type OrderLine, type Shipment } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Identity } from '../../http/identity.ts';
import { readGstTable } from '../prices/service.ts';
import { raiseForShipment, shipToSnapshotOf, supplierDetails, type InvoicesService, type RaisedInvoice } from '../invoices/service.ts';
import { lineQuantitiesOf, lockOrder, orderDetail, queueOrderMail, refreshOrderStatus, type QueuedMail, type Recipient } from '../orders/service.ts';
import { packingSlipFileName, renderPackingSlipPdf } from './packing-slip-pdf.ts';

export type ShipmentsServiceDeps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'invoiceCreditDays'>;
  mailer: Mailer;
  invoices: Pick<InvoicesService, 'document'>;
};

export type CreateShipmentInput = { lines: { orderLineId: number; quantity: number }[] };
export type DispatchInput = {
  transporter: string;
  docketNo: string;
  vehicleNo?: string | null | undefined;
  dispatchDate: string;
  ewayBillNo?: string | null | undefined;
};
export type DeliverInput = { deliveredOn: string; receivedBy: string };

/** A change that sends mail: the order as it now is, and the mails to deliver once committed. */
export type WithMail = { detail: AdminOrderDetail; mails: QueuedMail[] };

/** How a line is named to staff: its model and colour. */
const labelOf = (line: Pick<OrderLine, 'modelName' | 'colourName'>) => `${line.modelName} ${line.colourName}`;

/** A 'YYYY-MM-DD' that is a real calendar day (the contract checks only the shape), else 400. */
function calendarDate(value: string): string {
  const at = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== value) throw new AppError('invalid', invoiceMessages.invalidDate);
  return value;
}

/** The shipment as its audit rows show it before and after a change. */
const auditView = (shipment: Pick<Shipment, 'status' | 'boxes'>) => ({ status: shipment.status, boxes: shipment.boxes });

export function createShipmentsService({ db, clock, config, mailer, invoices }: ShipmentsServiceDeps) {
  /**
   * Locks the shipment's order (first: every change of an order and its shipments queues there),
   * then the shipment itself; 404 when there is no such shipment.
   */
  async function lockShipment(tx: Tx, shipmentId: number): Promise<{ order: Order; shipment: Shipment }> {
    const [found] = await tx.select({ orderId: shipments.orderId }).from(shipments).where(eq(shipments.id, shipmentId));
    if (!found) throw new AppError('not_found', deskMessages.shipment.notFound);
    const order = await lockOrder(tx, found.orderId);
    const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
    // Deleted while we waited for the order's lock.
    if (!shipment) throw new AppError('not_found', deskMessages.shipment.notFound);
    return { order, shipment };
  }

  function requireStatus(shipment: Shipment, from: ShipmentStatus, action: string) {
    if (shipment.status !== from) throw new AppError('conflict', deskMessages.shipment.illegal(action, shipment.status));
  }

  function requireShippable(order: Order) {
    if (!canDo('ship', order.status)) throw new AppError('conflict', deskMessages.shipment.orderNotShippable(order.status));
  }

  async function audit(tx: Tx, identity: Identity, action: string, shipment: Pick<Shipment, 'id' | 'orderId' | 'shipmentNo'>, details: Record<string, unknown>, now: Date) {
    await recordAudit(tx, {
      actorUserId: identity.userId,
      action,
      entity: 'shipment',
      entityId: String(shipment.id),
      details: { orderId: shipment.orderId, shipmentNo: shipment.shipmentNo, ...details },
      at: now,
    });
  }

  /**
   * A new shipment (Packing) of some of the order's open pieces: the order must be shippable
   * (confirmed, not on hold, not finished), every line one of its own (404 otherwise) and each
   * quantity at most the line's open pieces (ordered − cancelled − already in shipments; 409).
   * Numbered next within the order (the order's lock makes the number safe).
   */
  async function create(tx: Tx, identity: Identity, orderId: number, input: CreateShipmentInput): Promise<AdminOrderDetail> {
    const now = clock.now();
    const order = await lockOrder(tx, orderId);
    requireShippable(order);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const quantities = new Map((await lineQuantitiesOf(tx, order.id)).map((line) => [line.id, line]));
    const seen = new Set<number>();
    for (const wanted of input.lines) {
      const line = lines.find((candidate) => candidate.id === wanted.orderLineId);
      if (!line) throw new AppError('not_found', deskMessages.order.lineNotFound);
      if (seen.has(line.id)) throw new AppError('invalid', deskMessages.order.duplicateLine(labelOf(line)));
      seen.add(line.id);
      const q = quantities.get(line.id)!;
      const open = q.quantity - q.cancelledQuantity - q.inShipmentsQuantity;
      if (wanted.quantity > open) throw new AppError('conflict', deskMessages.shipment.tooMany(labelOf(line), Math.max(0, open)));
    }
    const [last] = await tx.select({ n: max(shipments.shipmentNo) }).from(shipments).where(eq(shipments.orderId, order.id));
    const [shipment] = await tx
      .insert(shipments)
      .values({ orderId: order.id, shipmentNo: (last?.n ?? 0) + 1, status: 'Packing', createdByUserId: identity.userId, createdAt: now, updatedAt: now })
      .returning();
    if (!shipment) throw new Error('shipment not written');
    await tx.insert(shipmentLines).values(input.lines.map((line) => ({ shipmentId: shipment.id, orderLineId: line.orderLineId, quantity: line.quantity })));
    await audit(tx, identity, 'shipment.create', shipment, { before: null, after: { ...auditView(shipment), lines: input.lines } }, now);
    return orderDetail(tx, order.id, identity, { now, invoiceCreditDays: config.invoiceCreditDays });
  }

  /** Packing → Packed, in `boxes` boxes; the order must still be shippable (not put on hold meanwhile). */
  async function pack(tx: Tx, identity: Identity, shipmentId: number, boxes: number): Promise<AdminOrderDetail> {
    const now = clock.now();
    const { order, shipment } = await lockShipment(tx, shipmentId);
    requireStatus(shipment, 'Packing', 'packed');
    requireShippable(order);
    const [after] = await tx
      .update(shipments)
      .set({ status: 'Packed', boxes, packedAt: now, packedByUserId: identity.userId, updatedAt: now })
      .where(eq(shipments.id, shipment.id))
      .returning();
    await audit(tx, identity, 'shipment.pack', shipment, { before: auditView(shipment), after: auditView(after!) }, now);
    return orderDetail(tx, order.id, identity, { now, invoiceCreditDays: config.invoiceCreditDays });
  }

  /** Packed → Packing (to change what it carries, or to free its lines for an edit or a cancellation). */
  async function unpack(tx: Tx, identity: Identity, shipmentId: number): Promise<AdminOrderDetail> {
    const now = clock.now();
    const { order, shipment } = await lockShipment(tx, shipmentId);
    requireStatus(shipment, 'Packed', 'unpacked');
    const [after] = await tx
      .update(shipments)
      .set({ status: 'Packing', boxes: null, packedAt: null, packedByUserId: null, updatedAt: now })
      .where(eq(shipments.id, shipment.id))
      .returning();
    await audit(tx, identity, 'shipment.unpack', shipment, { before: auditView(shipment), after: auditView(after!) }, now);
    return orderDetail(tx, order.id, identity, { now, invoiceCreditDays: config.invoiceCreditDays });
  }

  /** Deletes a shipment still being packed: its pieces are open again. */
  async function remove(tx: Tx, identity: Identity, shipmentId: number): Promise<AdminOrderDetail> {
    const now = clock.now();
    const { order, shipment } = await lockShipment(tx, shipmentId);
    requireStatus(shipment, 'Packing', 'deleted');
    const lines = await tx
      .select({ orderLineId: shipmentLines.orderLineId, quantity: shipmentLines.quantity })
      .from(shipmentLines)
      .where(eq(shipmentLines.shipmentId, shipment.id));
    await tx.delete(shipments).where(eq(shipments.id, shipment.id));
    await audit(tx, identity, 'shipment.delete', shipment, { before: { ...auditView(shipment), lines }, after: null }, now);
    return orderDetail(tx, order.id, identity, { now, invoiceCreditDays: config.invoiceCreditDays });
  }

  /**
   * Packed → Dispatched, and its tax invoice raised in the same transaction, dated today (India).
   * Each line is taxed at the GST rate in force on the invoice date for its HSN code (`gst_rates`,
   * read in this transaction; the domain's `gstRateOn`), or at the order line's own rate when the
   * table has no entry for the code. Its share of the invoice is priced by the domain
   * (`shipmentLineTotals`: what earlier dispatched shipments of the line billed is taken off its
   * stored totals at the line's rate; at another rate the share is taxed on its own) and stored on
   * the shipment's lines with the rate; the consignment's value is their sum and needs an e-way
   * bill above ₹50,000.00. The dispatch date is a day from the order's date to today (India). The order's status
   * follows (Partially dispatched / Dispatched) with the dispatch on its timeline, and the retailer
   * and its sales executives get a mail with the invoice attached.
   */
  async function dispatch(tx: Tx, identity: Identity, shipmentId: number, input: DispatchInput): Promise<WithMail> {
    const now = clock.now();
    const { order, shipment } = await lockShipment(tx, shipmentId);
    requireStatus(shipment, 'Packed', 'dispatched');
    requireShippable(order);
    const dispatchDate = calendarDate(input.dispatchDate);
    if (dispatchDate > istDateOf(now)) throw new AppError('invalid', deskMessages.shipment.dispatchDateFuture);
    if (dispatchDate < istDateOf(order.placedAt)) throw new AppError('invalid', deskMessages.shipment.dispatchDateBeforeOrder);

    const carried = await tx
      .select({ line: orderLines, quantity: shipmentLines.quantity })
      .from(shipmentLines)
      .innerJoin(orderLines, eq(orderLines.id, shipmentLines.orderLineId))
      .where(eq(shipmentLines.shipmentId, shipment.id))
      .orderBy(orderLines.id);
    const lineIds = carried.map(({ line }) => line.id);
    const sumOf = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
    // Lines dispatched before migration 0013 have no rate of their own: they were billed at the order line's.
    const atOtherRate = sql`${shipmentLines.gstRatePercent} is not null and ${shipmentLines.gstRatePercent} <> ${orderLines.gstRatePercent}`;
    const sumAtOtherRate = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}) filter (where ${atOtherRate}), 0)`.mapWith(Number);
    const billedRows = await tx
      .select({
        orderLineId: shipmentLines.orderLineId,
        quantity: sumOf(shipmentLines.quantity),
        taxablePaise: sumOf(shipmentLines.taxablePaise),
        cgst: sumOf(shipmentLines.cgstPaise),
        sgst: sumOf(shipmentLines.sgstPaise),
        igst: sumOf(shipmentLines.igstPaise),
        otherQuantity: sumAtOtherRate(shipmentLines.quantity),
        otherCgst: sumAtOtherRate(shipmentLines.cgstPaise),
        otherSgst: sumAtOtherRate(shipmentLines.sgstPaise),
        otherIgst: sumAtOtherRate(shipmentLines.igstPaise),
      })
      .from(shipmentLines)
      .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
      .innerJoin(orderLines, eq(orderLines.id, shipmentLines.orderLineId))
      .where(and(inArray(shipmentLines.orderLineId, lineIds), inArray(shipments.status, ['Dispatched', 'Delivered'])))
      .groupBy(shipmentLines.orderLineId);
    const billedOf = new Map(
      billedRows.map(({ orderLineId, otherQuantity, otherCgst, otherSgst, otherIgst, ...billed }) => [
        orderLineId,
        { ...billed, atOtherRates: { quantity: otherQuantity, cgst: otherCgst, sgst: otherSgst, igst: otherIgst } },
      ]),
    );

    // Issued now: a tax invoice is never back-dated (backoffice.md §3.3, the IRP's 30-day window),
    // even when the dispatch is recorded a day or two late. Its lines are taxed at the rates of that day.
    const invoiceDate = istDateOf(now);
    const gstTable = await readGstTable(tx);
    const shares = carried.map(({ line, quantity }) => ({
      orderLineId: line.id,
      share: shipmentLineTotals(
        {
          unitPricePaise: line.unitPricePaise,
          discountPerUnitPaise: line.discountPerUnitPaise,
          gstRatePercent: line.gstRatePercent,
          billToStateCode: order.billToStateCode,
          companyStateCode: order.companyStateCode,
          billableQuantity: line.quantity - line.cancelledQuantity,
          totals: { taxablePaise: line.taxablePaise, cgst: line.cgstPaise, sgst: line.sgstPaise, igst: line.igstPaise, totalPaise: line.lineTotalPaise },
          billed: billedOf.get(line.id) ?? { quantity: 0, taxablePaise: 0, cgst: 0, sgst: 0, igst: 0 },
        },
        quantity,
        // The code the invoice prints (the order line's HSN) decides its rate, so the two agree.
        gstRateOn(gstTable, line.hsnCode, invoiceDate) ?? line.gstRatePercent,
      ),
    }));
    const valuePaise: Paise = sumPaise(shares.map(({ share }) => share.totalPaise));
    const ewayBillNo = input.ewayBillNo ?? null;
    if (needsEwayBill(valuePaise) && ewayBillNo === null) throw new AppError('invalid', deskMessages.shipment.ewayBillRequired(valuePaise));

    for (const { orderLineId, share } of shares) {
      await tx
        .update(shipmentLines)
        .set({
          gstRatePercent: share.gstRatePercent,
          taxablePaise: share.taxablePaise,
          cgstPaise: share.cgst,
          sgstPaise: share.sgst,
          igstPaise: share.igst,
          totalPaise: share.totalPaise,
        })
        .where(and(eq(shipmentLines.shipmentId, shipment.id), eq(shipmentLines.orderLineId, orderLineId)));
    }
    const [after] = await tx
      .update(shipments)
      .set({
        status: 'Dispatched',
        transporter: input.transporter,
        docketNo: input.docketNo,
        vehicleNo: input.vehicleNo || null,
        dispatchDate,
        ewayBillNo,
        valuePaise,
        dispatchedAt: now,
        dispatchedByUserId: identity.userId,
        updatedAt: now,
      })
      .where(eq(shipments.id, shipment.id))
      .returning();
    const invoice = await raiseForShipment(tx, {
      orderId: order.id,
      shipmentId: shipment.id,
      retailerId: order.retailerId,
      invoiceDate,
      amountPaise: valuePaise,
      defaultCreditDays: config.invoiceCreditDays,
      actorUserId: identity.userId,
      now,
    });
    const transport = [input.transporter, `docket ${input.docketNo}`, ...(ewayBillNo ? [`e-way bill ${ewayBillNo}`] : [])].join(', ');
    await audit(
      tx,
      identity,
      'shipment.dispatch',
      shipment,
      {
        before: auditView(shipment),
        after: { ...auditView(after!), dispatchDate, transporter: input.transporter, docketNo: input.docketNo, ewayBillNo, valuePaise },
        invoiceId: invoice.id,
        invoiceNo: invoice.invoiceNo,
      },
      now,
    );
    await refreshOrderStatus(tx, order, { actorUserId: identity.userId, now, note: `Shipment ${shipment.shipmentNo} dispatched: ${transport}` });

    // Drawn inside the transaction: the mail must name and carry exactly this invoice, and is
    // queued with the change (the outbox row keeps the attachment's name, not its bytes).
    const pdf = await invoices.document(invoice.id, tx);
    const pieces = carried.reduce((n, { quantity }) => n + quantity, 0);
    const mails = await queueOrderMail(tx, mailer, order.retailerId, (recipient) =>
      dispatchedMail(recipient, {
        order,
        shipment: after!,
        pieces,
        invoice,
        attachment: { filename: pdf.fileName, content: pdf.pdf, contentType: 'application/pdf' },
      }),
    );
    return { detail: await orderDetail(tx, order.id, identity, { now, invoiceCreditDays: config.invoiceCreditDays }), mails };
  }

  /**
   * Dispatched → Delivered: on a day from the dispatch date to today (India), received by someone.
   * The order becomes Delivered once every billable piece has been (derived).
   */
  async function deliver(tx: Tx, identity: Identity, shipmentId: number, input: DeliverInput): Promise<WithMail> {
    const now = clock.now();
    const { order, shipment } = await lockShipment(tx, shipmentId);
    requireStatus(shipment, 'Dispatched', 'marked delivered');
    const deliveredOn = calendarDate(input.deliveredOn);
    if (deliveredOn < shipment.dispatchDate!) throw new AppError('invalid', deskMessages.shipment.deliveredBeforeDispatch);
    if (deliveredOn > istDateOf(now)) throw new AppError('invalid', deskMessages.shipment.deliveredFuture);
    const [after] = await tx
      .update(shipments)
      .set({ status: 'Delivered', deliveredOn, receivedBy: input.receivedBy, deliveredAt: now, deliveredByUserId: identity.userId, updatedAt: now })
      .where(eq(shipments.id, shipment.id))
      .returning();
    await audit(
      tx,
      identity,
      'shipment.deliver',
      shipment,
      { before: auditView(shipment), after: { ...auditView(after!), deliveredOn, receivedBy: input.receivedBy } },
      now,
    );
    await refreshOrderStatus(tx, order, {
      actorUserId: identity.userId,
      now,
      note: `Shipment ${shipment.shipmentNo} delivered on ${deliveredOn}, received by ${input.receivedBy}`,
    });
    const mails = await queueOrderMail(tx, mailer, order.retailerId, (recipient) => deliveredMail(recipient, { order, shipment: after! }));
    return { detail: await orderDetail(tx, order.id, identity, { now, invoiceCreditDays: config.invoiceCreditDays }), mails };
  }

  /** The shipment's packing slip (PDF), drawn now from the order's snapshots and the shipment. */
  async function packingSlip(shipmentId: number): Promise<{ fileName: string; pdf: Buffer }> {
    const [shipment] = await db.select().from(shipments).where(eq(shipments.id, shipmentId));
    if (!shipment) throw new AppError('not_found', deskMessages.shipment.notFound);
    const [order] = await db.select().from(orders).where(eq(orders.id, shipment.orderId));
    if (!order) throw new Error(`shipment ${shipment.id}: order ${shipment.orderId} missing`);
    const lines = await db
      .select({ line: orderLines, quantity: shipmentLines.quantity })
      .from(shipmentLines)
      .innerJoin(orderLines, eq(orderLines.id, shipmentLines.orderLineId))
      .where(eq(shipmentLines.shipmentId, shipment.id))
      .orderBy(orderLines.id);
    const supplier = await supplierDetails(db);
    const pdf = await renderPackingSlipPdf({
      supplier,
      order: { orderRefNo: order.orderRefNo, orderDate: istDateOf(order.placedAt) },
      shipment: {
        shipmentNo: shipment.shipmentNo,
        status: shipment.status,
        boxes: shipment.boxes,
        dispatchDate: shipment.dispatchDate,
        transporter: shipment.transporter,
        docketNo: shipment.docketNo,
        printedOn: istDateOf(clock.now()),
      },
      shipTo: shipToSnapshotOf(order) ?? {
        name: order.billToBusinessName,
        address: order.billToAddress,
        city: order.billToCity,
        pinCode: order.billToPinCode,
        stateName: order.billToState,
        stateCode: order.billToStateCode,
        phone: null,
      },
      lines: lines.map(({ line, quantity }) => ({
        productCode: line.productCode,
        modelName: line.modelName,
        productName: line.productName,
        colourName: line.colourName,
        colorVariant: line.colorVariant,
        sizeName: line.sizeName,
        quantity,
      })),
    });
    return { fileName: packingSlipFileName(order.orderRefNo, shipment.shipmentNo), pdf };
  }

  return { create, pack, unpack, remove, dispatch, deliver, packingSlip };
}

export type ShipmentsService = ReturnType<typeof createShipmentsService>;

function greeting(recipient: Recipient, order: Pick<Order, 'billToBusinessName'>): string {
  return recipient.kind === 'retailer' ? `Dear ${recipient.name},` : `Dear ${recipient.name}, for ${order.billToBusinessName}:`;
}

/** The dispatched shipment's mail: how it travels, and its tax invoice (attached). */
export function dispatchedMail(
  recipient: Recipient,
  input: {
    order: Pick<Order, 'orderRefNo' | 'billToBusinessName'>;
    shipment: Pick<Shipment, 'shipmentNo' | 'boxes' | 'transporter' | 'docketNo' | 'vehicleNo' | 'dispatchDate' | 'ewayBillNo'>;
    pieces: number;
    invoice: RaisedInvoice;
    attachment: NonNullable<MailMessage['attachments']>[number];
  },
): MailMessage {
  const { order, shipment, invoice } = input;
  const text = [
    greeting(recipient, order),
    '',
    `Shipment ${shipment.shipmentNo} of order ${order.orderRefNo} was dispatched on ${shipment.dispatchDate}: ${input.pieces} piece${input.pieces === 1 ? '' : 's'}${shipment.boxes ? ` in ${shipment.boxes} box${shipment.boxes === 1 ? '' : 'es'}` : ''}.`,
    '',
    `Transporter: ${shipment.transporter}`,
    `Docket / AWB: ${shipment.docketNo}`,
    ...(shipment.vehicleNo ? [`Vehicle: ${shipment.vehicleNo}`] : []),
    ...(shipment.ewayBillNo ? [`E-way bill: ${shipment.ewayBillNo}`] : []),
    '',
    `Tax invoice ${invoice.invoiceNo} of ${invoice.invoiceDate} for ${formatInr(invoice.amountPaise)} is attached${invoice.dueDate ? `; it is due on ${invoice.dueDate}` : ''}.`,
    '',
    'Frameport',
  ].join('\n');
  return {
    to: recipient.email,
    subject: `Order ${order.orderRefNo}: shipment ${shipment.shipmentNo} dispatched`,
    text,
    attachments: [input.attachment],
  };
}

/** The delivered shipment's mail. */
export function deliveredMail(
  recipient: Recipient,
  input: { order: Pick<Order, 'orderRefNo' | 'billToBusinessName'>; shipment: Pick<Shipment, 'shipmentNo' | 'deliveredOn' | 'receivedBy'> },
): MailMessage {
  const { order, shipment } = input;
  return {
    to: recipient.email,
    subject: `Order ${order.orderRefNo}: shipment ${shipment.shipmentNo} delivered`,
    text: [
      greeting(recipient, order),
      '',
      `Shipment ${shipment.shipmentNo} of order ${order.orderRefNo} was delivered on ${shipment.deliveredOn}, received by ${shipment.receivedBy}.`,
      '',
      'Frameport',
    ].join('\n'),
  };
}
