import { and, asc, count, desc, eq } from 'drizzle-orm';
import { messages } from '@frameport/domain/messages';
import type { Mailer, MailMessage } from '../../adapters/mail.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { isUniqueViolation, type Db } from '../../db/client.ts';
import { orderLines, orders } from '../../db/schema.ts';
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
import { toMyOrder, toOrderDetails } from './to-contract.ts';

export type OrdersServiceDeps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'companyStateCode'>;
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

  /** One order of the acting retailer; another retailer's id is 404 (never their data). */
  async function details(acting: ActingContext, orderId: number) {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.retailerId, acting.retailerId)));
    if (!order) throw new AppError('not_found', messages.order.notFound);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
    return toOrderDetails(order, lines);
  }

  return { place, myOrders, details };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

// What the shipments module (and the order desk's other parts) use of an order, in their own transactions.
export { lineQuantitiesOf, lockOrder, refreshOrderStatus, type LineShipped } from './status.ts';
export { deliverQueued, queueOrderMail, recipientsOf, type QueuedMail, type Recipient } from './notify.ts';
// The order desk: one order as the desk shows it (every desk, warehouse and edit action answers it,
// read in the action's transaction) and the retailer's credit position.
export { actionsFor, mayOverrideCredit, orderDetail, type DeskContext } from './desk.ts';
export { creditBookOf, creditReasonTexts, creditRefusalsFor, toCreditPositionView, type RetailerCreditBook } from './credit.ts';
