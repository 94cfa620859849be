/**
 * The order's header status, kept in step with its decisions and shipments: every change on the
 * desk (confirm, hold, cancel, edit) and in the warehouse (dispatch, deliver) calls
 * `refreshOrderStatus` in its own transaction, after locking the order with `lockOrder`.
 */
import { eq, sql } from 'drizzle-orm';
import { deriveOrderStatus, deskMessages, type OrderStatus } from '@frameport/domain';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { orders, orderStatusHistory, type Order } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/**
 * The order row, locked for the rest of the transaction (NO KEY UPDATE: one desk or warehouse
 * change at a time per order, without blocking rows that merely reference it). 404 when none.
 */
export async function lockOrder(tx: Tx, orderId: number): Promise<Order> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('no key update');
  if (!order) throw new AppError('not_found', deskMessages.order.notFound);
  return order;
}

/** Per line: ordered, cancelled, and what shipments carry (dispatched or further, delivered). */
export type LineShipped = {
  id: number;
  quantity: number;
  cancelledQuantity: number;
  inShipmentsQuantity: number;
  packedQuantity: number;
  dispatchedQuantity: number;
  deliveredQuantity: number;
};

/** Every line of an order with the quantities its shipments carry. */
export async function lineQuantitiesOf(tx: DbOrTx, orderId: number): Promise<LineShipped[]> {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select l.id, l.quantity, l.cancelled_quantity,
        coalesce(sum(sl.quantity), 0) as in_shipments,
        coalesce(sum(sl.quantity) filter (where s.status in ('Packed', 'Dispatched', 'Delivered')), 0) as packed,
        coalesce(sum(sl.quantity) filter (where s.status in ('Dispatched', 'Delivered')), 0) as dispatched,
        coalesce(sum(sl.quantity) filter (where s.status = 'Delivered'), 0) as delivered
      from order_lines l
      left join shipment_lines sl on sl.order_line_id = l.id
      left join shipments s on s.id = sl.shipment_id
      where l.order_id = ${orderId}
      group by l.id
      order by l.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    quantity: Number(row.quantity),
    cancelledQuantity: Number(row.cancelled_quantity),
    inShipmentsQuantity: Number(row.in_shipments),
    packedQuantity: Number(row.packed),
    dispatchedQuantity: Number(row.dispatched),
    deliveredQuantity: Number(row.delivered),
  }));
}

/**
 * Derives the order's status from its (locked) row's decisions and its lines' shipments, stores it,
 * and writes an `order_status_history` row when the status changed, or when `note` is given (an
 * event worth showing on the timeline without a change of status, e.g. a second shipment
 * dispatched). Returns the status before and after.
 */
export async function refreshOrderStatus(
  tx: Tx,
  order: Pick<Order, 'id' | 'status' | 'confirmedAt' | 'holdKind' | 'cancelledAt'>,
  event: { actorUserId: number | null; now: Date; note?: string | null },
): Promise<{ before: OrderStatus; after: OrderStatus }> {
  const lines = await lineQuantitiesOf(tx, order.id);
  const after = deriveOrderStatus(
    { confirmed: order.confirmedAt !== null, onHold: order.holdKind !== null, cancelled: order.cancelledAt !== null },
    lines,
  );
  const before = order.status;
  if (after !== before) {
    await tx.update(orders).set({ status: after, updatedAt: event.now }).where(eq(orders.id, order.id));
  }
  if (after !== before || event.note) {
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      status: after,
      note: event.note ?? null,
      changedByUserId: event.actorUserId,
      changedAt: event.now,
    });
  }
  return { before, after };
}
