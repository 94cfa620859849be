import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { orderMessages } from '@frameport/domain/messages/orders';
import type { Mailer, MailMessage } from '../../adapters/mail.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { isUniqueViolation, type Db } from '../../db/client.ts';
import { invoices, orderLines, orders, orderStatusHistory, shipmentLines, shipments } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { ActingContext } from '../../http/identity.ts';
import { loadPriceContext } from '../pricing/service.ts';
import {
  checkLimits,
  findByKey,
  insertLines,
  insertOrder,
  lockCartLines,
  placedBefore,
  queueConfirmation,
  recordHistoryAndClearCart,
  takeStock,
  type Placed,
} from './place.ts';
import { orderingBlocked } from '../retailers/service.ts';
import { creditBookOf } from './credit.ts';
import { lineQuantitiesOf } from './status.ts';
import { toMyOrder, toOrderDetails, toRetailerCredit, type ShipmentView } from './to-contract.ts';

export type OrdersServiceDeps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'companyStateCode' | 'invoiceCreditDays'>;
  mailer: Mailer;
  logger?: { error(obj: unknown, msg: string): void };
};

export function createOrdersService({ db, clock, config, mailer, logger }: OrdersServiceDeps) {
  /**
   * placeOrder in one transaction: read the cart's lines with the cart locked, refuse expired lines,
   * lock the variants in id order, check stock and limits, take the stock with one guarded UPDATE,
   * write the order (numbered from order_number_seq) with its bill-to, ship-to and line snapshots,
   * then its 'Placed' history, the stock movements and the cart's removal, and queue the
   * confirmation mail in the same transaction (sent through SMTP after commit, when configured).
   * The idempotency key (the Idempotency-Key header, else 'cart:<CartId>': a cart lives until its
   * order is placed) makes a repeat return the same order. The steps are in place.ts.
   */
  async function place(
    acting: ActingContext,
    input: { cartId: number; note: string | null; idempotencyKey: string | undefined },
  ): Promise<Placed & { created: boolean }> {
    const now = clock.now();
    const key = input.idempotencyKey ?? `cart:${input.cartId}`;
    const ctx = await loadPriceContext(db, acting.retailerId, now, config.companyStateCode);
    const { billTo } = ctx;

    let result: Placed & { created: boolean; mail?: { id: number; message: MailMessage } };
    try {
      result = await db.transaction(async (tx) => {
        const lines = await lockCartLines(tx, ctx, acting.retailerId, input.cartId);
        if (lines.length === 0) return { ...(await placedBefore(tx, acting.retailerId, input.cartId, key)), created: false };
        // On credit hold (or blocked): the cart stays, the order is refused with why and whom to call.
        const blocked = await orderingBlocked(tx, acting.retailerId, { lock: true });
        if (blocked) throw new AppError('forbidden', blocked.message);
        const { need, variantIds, stock, totals } = await checkLimits(tx, lines, billTo);
        await takeStock(tx, { need, variantIds, stock }, now);
        const order = await insertOrder(tx, { acting, note: input.note, idempotencyKey: key, ctx, totals });
        await insertLines(tx, order.id, lines);
        await recordHistoryAndClearCart(tx, { orderId: order.id, acting, need, variantIds, cartId: input.cartId, now });
        const mail = await queueConfirmation(tx, mailer, billTo, order, totals);
        return { OrderID: order.id, OrderRefNo: order.ref, created: true, mail };
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        const placed = await findByKey(db, acting.retailerId, key);
        if (placed) return { ...placed, created: false };
      }
      throw error;
    }

    if (result.created && result.mail) {
      // Queued with the order (same transaction); SMTP, when configured, only after commit.
      mailer.deliver(result.mail.id, result.mail.message).catch((error: unknown) => {
        logger?.error({ err: error, orderId: result.OrderID }, 'order confirmation mail not sent');
      });
    }
    return { OrderID: result.OrderID, OrderRefNo: result.OrderRefNo, created: result.created };
  }

  async function myOrders(acting: ActingContext, pageNumber: number, pageSize: number) {
    const rows = await db
      .select()
      .from(orders)
      .where(eq(orders.retailerId, acting.retailerId))
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize);
    const [total] = await db.select({ n: count() }).from(orders).where(eq(orders.retailerId, acting.retailerId));
    return { orders: rows.map(toMyOrder), totalCount: Number(total?.n ?? 0) };
  }

  /**
   * One order of the acting retailer; another retailer's id is 404 (never their data). With each
   * line's dispatched, backordered and cancelled pieces, the timeline, and the shipments that have
   * left with their invoices, read in one transaction so they agree with each other.
   */
  async function details(acting: ActingContext, orderId: number) {
    return db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.retailerId, acting.retailerId)));
      if (!order) throw new AppError('not_found', orderMessages.notFound);
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
      const shipped = await lineQuantitiesOf(tx, order.id);
      const history = await tx
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, order.id))
        .orderBy(asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id));
      // Packing is the warehouse's business: the retailer sees a shipment once it has left.
      const sent = await tx
        .select()
        .from(shipments)
        .where(and(eq(shipments.orderId, order.id), inArray(shipments.status, ['Dispatched', 'Delivered'])))
        .orderBy(asc(shipments.shipmentNo));
      const ids = sent.map((s) => s.id);
      const carried =
        ids.length === 0
          ? []
          : await tx
              .select({
                shipmentId: shipmentLines.shipmentId,
                quantity: shipmentLines.quantity,
                productCode: orderLines.productCode,
                colorVariant: orderLines.colorVariant,
                // The rate its invoice charged; a line dispatched before migration 0013 stored none: its order line's.
                gstRatePercent: sql<number>`coalesce(${shipmentLines.gstRatePercent}, ${orderLines.gstRatePercent})`.mapWith(Number),
                orderedGstRatePercent: orderLines.gstRatePercent,
              })
              .from(shipmentLines)
              .innerJoin(orderLines, eq(orderLines.id, shipmentLines.orderLineId))
              .where(inArray(shipmentLines.shipmentId, ids))
              .orderBy(asc(shipmentLines.orderLineId));
      const billed =
        ids.length === 0
          ? []
          : await tx
              .select({ id: invoices.id, invoiceNo: invoices.invoiceNo, shipmentId: invoices.shipmentId })
              .from(invoices)
              .where(inArray(invoices.shipmentId, ids));
      const views: ShipmentView[] = sent.map((s) => {
        const invoice = billed.find((i) => i.shipmentId === s.id);
        return {
          ...s,
          lines: carried.filter((l) => l.shipmentId === s.id),
          invoice: invoice ? { id: invoice.id, invoiceNo: invoice.invoiceNo } : null,
        };
      });
      return toOrderDetails(order, { lines, shipped, history, shipments: views });
    });
  }

  /** The acting retailer's credit position (the desk's computation), for the purchase order. */
  async function creditPosition(acting: ActingContext) {
    const book = await creditBookOf(db, acting.retailerId, { now: clock.now(), invoiceCreditDays: config.invoiceCreditDays });
    return toRetailerCredit(book);
  }

  return { place, myOrders, details, creditPosition };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

// What the shipments module (and the order desk's other parts) use of an order, in their own transactions.
export { lineQuantitiesOf, lockOrder, refreshOrderStatus, type LineShipped } from './status.ts';
export { deliverQueued, queueOrderMail, recipientsOf, type QueuedMail, type Recipient } from './notify.ts';
// The order desk: one order as the desk shows it (every desk, warehouse and edit action answers it,
// read in the action's transaction) and the retailer's credit position.
export { actionsFor, mayOverrideCredit, orderDetail, type DeskContext } from './desk.ts';
export { creditBookOf, creditBooksOf, creditReasonTexts, creditRefusalsFor, toCreditPositionView, type RetailerCreditBook } from './credit.ts';
