/**
 * The steps of placing an order, in the order `orders.place` runs them inside its one transaction.
 * Statements are few on purpose: see the order benchmark in ADR 005.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_SERIAL_DIGITS, financialYearOf, orderRefPrefix, type CartTotals, type LineTotals } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { orderMessages } from '@frameport/domain/messages/orders';
import type { Mailer, MailMessage } from '../../adapters/mail.ts';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { carts, orderLines, orders, productColours } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { ActingContext } from '../../http/identity.ts';
import { readCartLines, type CartLineRow } from '../cart/service.ts';
import {
  checkOrderLimits,
  liveTotals,
  priceLine,
  type BillTo,
  type ItemPrice,
  type PriceContext,
  type PricedLine,
} from '../pricing/service.ts';
import { confirmationMail } from './confirmation.ts';

export type Placed = { OrderID: number; OrderRefNo: string };

export type OrderLine = PricedLine<CartLineRow>;

/** Pieces wanted per colour: all of them (stock) and the paid ones (the per-colour limit). */
type Need = Map<number, { all: number; paid: number }>;

type LockedStock = { id: number; stock: number }[];

/**
 * The cart's lines, priced, its row locked: a second placeOrder of this cart waits here, then finds
 * the cart gone (no lines) and answers the first one's order. Expired lines refuse the order.
 */
export async function lockCartLines(tx: Tx, ctx: PriceContext, retailerId: number, cartId: number): Promise<OrderLine[]> {
  const rows = await readCartLines(tx, retailerId, { cartId, lock: true });
  const lines = rows.map((row) => priceLine(row, ctx));
  if (lines.some((line) => line.expired)) throw new AppError('conflict', messages.cart.expiredInOrder);
  return lines;
}

/** The order placed with this idempotency key, if any. */
export async function findByKey(dbx: DbOrTx, retailerId: number, key: string): Promise<Placed | null> {
  const [row] = await dbx
    .select({ OrderID: orders.id, OrderRefNo: orders.orderRefNo })
    .from(orders)
    .where(and(eq(orders.retailerId, retailerId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

/** A cart with no lines: this key's order when the cart was placed already, else 409 (empty) or 404 (not the retailer's). */
export async function placedBefore(tx: Tx, retailerId: number, cartId: number, key: string): Promise<Placed> {
  const placed = await findByKey(tx, retailerId, key);
  if (placed) return placed;
  const [cart] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.retailerId, retailerId)));
  throw new AppError(cart ? 'conflict' : 'not_found', cart ? messages.cart.empty : orderMessages.cartNotFound);
}

/**
 * Locks the colours in id order and checks stock, the per-colour limit and the order limits.
 * NO KEY UPDATE, not UPDATE: it does not conflict with the KEY SHARE locks that inserting cart or
 * order lines takes on these rows (foreign keys), so a concurrent add-to-cart never deadlocks with
 * an order taking stock.
 */
export async function checkLimits(tx: Tx, lines: readonly OrderLine[], billTo: BillTo) {
  const need: Need = new Map();
  for (const { row } of lines) {
    const n = need.get(row.variantId) ?? { all: 0, paid: 0 };
    n.all += row.quantity;
    if (!row.isFree) n.paid += row.quantity;
    need.set(row.variantId, n);
  }
  const variantIds = [...need.keys()].sort((a, b) => a - b);
  const stock: LockedStock = await tx
    .select({ id: productColours.id, stock: productColours.availableStockQuantity })
    .from(productColours)
    .where(inArray(productColours.id, variantIds))
    .orderBy(asc(productColours.id))
    .for('no key update');
  for (const variant of stock) {
    const n = need.get(variant.id)!;
    if (n.all > variant.stock) throw new AppError('conflict', messages.quantity.placeOrderStock(Math.max(0, variant.stock)));
    if (n.paid > billTo.maxLimitPerVariant) throw new AppError('conflict', messages.quantity.modelLimitOf(billTo.maxLimitPerVariant));
  }
  if (stock.length !== variantIds.length) throw new AppError('conflict', messages.cart.productNotFound);
  const totals = liveTotals(lines);
  checkOrderLimits(totals, billTo);
  return { need, variantIds, stock, totals };
}

/**
 * Every colour in one guarded UPDATE: a row whose stock is below the need is not updated, so stock
 * can never go below zero whatever happened since `checkLimits`.
 */
export async function takeStock(tx: Tx, { need, variantIds, stock }: { need: Need; variantIds: number[]; stock: LockedStock }, now: Date) {
  const taking = variantIds.map((id) => sql`(${id}::int, ${need.get(id)!.all}::int)`);
  const taken = await queryRows<{ id: number }>(
    tx,
    sql`update product_colours pc
      set available_stock_quantity = pc.available_stock_quantity - t.quantity, updated_on = ${now}
      from (values ${sql.join(taking, sql`, `)}) as t(id, quantity)
      where pc.id = t.id and pc.available_stock_quantity >= t.quantity
      returning pc.id`,
  );
  if (taken.length !== variantIds.length) {
    const short = variantIds.find((id) => !taken.some((row) => Number(row.id) === id));
    const left = stock.find((v) => v.id === short)?.stock ?? 0;
    throw new AppError('conflict', messages.quantity.placeOrderStock(Math.max(0, left)));
  }
}

export type NewOrder = {
  acting: ActingContext;
  note: string | null;
  idempotencyKey: string;
  ctx: PriceContext;
  totals: CartTotals;
};

/**
 * The order row with its bill-to and ship-to snapshots, numbered from a sequence (formatOrderRefNo,
 * in SQL): nextval takes no lock, so orders never queue for a number.
 */
export async function insertOrder(tx: Tx, { acting, note, idempotencyKey, ctx, totals }: NewOrder) {
  const { billTo, companyStateCode, now } = ctx;
  const [order] = await tx
    .insert(orders)
    .values({
      orderRefNo: sql`(select ${orderRefPrefix(financialYearOf(now))} || lpad(n, greatest(${sql.raw(String(ORDER_SERIAL_DIGITS))}, length(n)), '0')
        from (select nextval('order_number_seq')::text as n) as next)`,
      retailerId: acting.retailerId,
      placedByUserId: acting.identity.userId,
      status: 'Placed',
      note,
      idempotencyKey,
      billToBusinessName: billTo.businessName,
      billToAddress: billTo.address,
      billToCity: billTo.city,
      billToState: billTo.state,
      billToStateCode: billTo.gstStateCode,
      billToCountry: billTo.country,
      billToPinCode: billTo.pinCode,
      billToGstin: billTo.gstin,
      // Ship-to snapshot: the default shipping address as it was when the order was placed.
      shippingAddressId: billTo.shipTo?.id ?? null,
      shipToName: billTo.shipTo?.name ?? null,
      shipToAddress: billTo.shipTo?.address ?? null,
      shipToCity: billTo.shipTo?.city ?? null,
      shipToState: billTo.shipTo?.state ?? null,
      shipToStateCode: billTo.shipTo?.stateCode ?? null,
      shipToPinCode: billTo.shipTo?.pinCode ?? null,
      shipToPhone: billTo.shipTo?.phone ?? null,
      companyStateCode,
      totalQuantity: totals.quantity,
      subtotalPaise: totals.grossPaise,
      discountPaise: totals.discountPaise,
      taxablePaise: totals.subtotalPaise,
      cgstPaise: totals.cgst,
      sgstPaise: totals.sgst,
      igstPaise: totals.igst,
      roundOffPaise: 0,
      totalPaise: totals.totalPaise,
      placedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id, ref: orders.orderRefNo });
  if (!order) throw new Error('order not written');
  return order;
}

/** What a line's snapshot takes of its product and colour: a cart line has it, and so has a line the desk adds (edit.ts). */
export type LineSnapshotRow = Pick<
  CartLineRow,
  | 'variantId'
  | 'productId'
  | 'productTypeId'
  | 'productCode'
  | 'productName'
  | 'modelName'
  | 'colourName'
  | 'templeColourName'
  | 'colorVariant'
  | 'sizeName'
  | 'eyeSizeMm'
  | 'noseBridgeMm'
  | 'armLengthMm'
  | 'hsnCode'
  | 'gstRatePercent'
  | 'quantity'
  | 'isFree'
  | 'image'
>;

/** A line's money columns on `order_lines` from its totals (domain `lineTotals`): placing, editing and cancelling pieces write them alike. */
export function lineMoneyColumns(t: LineTotals) {
  return {
    taxablePaise: t.taxablePaise,
    cgstRatePercent: t.cgstRate,
    sgstRatePercent: t.sgstRate,
    igstRatePercent: t.igstRate,
    cgstPaise: t.cgst,
    sgstPaise: t.sgst,
    igstPaise: t.igst,
    lineTotalPaise: t.totalPaise,
  };
}

/** The line snapshots: product, colour, price, discount and tax as they were at placing (or at the desk's edit). */
export async function insertLines(tx: Tx, orderId: number, lines: readonly (ItemPrice & { row: LineSnapshotRow })[]) {
  await tx.insert(orderLines).values(
    lines.map(({ row, totals: t, discount, unitPricePaise }) => ({
      orderId,
      productColourId: row.variantId,
      productId: row.productId,
      productTypeId: row.productTypeId,
      productCode: row.productCode,
      productName: row.productName,
      modelName: row.modelName,
      colourName: row.colourName,
      templeColourName: row.templeColourName,
      colorVariant: row.colorVariant,
      sizeName: row.sizeName,
      eyeSizeMm: row.eyeSizeMm,
      noseBridgeMm: row.noseBridgeMm,
      armLengthMm: row.armLengthMm,
      hsnCode: row.hsnCode,
      gstRatePercent: row.gstRatePercent,
      quantity: row.quantity,
      unitPricePaise,
      discountPerUnitPaise: discount?.discountPaise ?? 0,
      discountName: discount?.rule.name ?? null,
      discountRuleId: discount?.rule.id ?? null,
      ...lineMoneyColumns(t),
      isFree: row.isFree,
      imageUrl: row.image,
    })),
  );
}

/** The 'Placed' history row, the stock movements and the cart's removal in one statement. */
export async function recordHistoryAndClearCart(
  tx: Tx,
  { orderId, acting, need, variantIds, cartId, now }: { orderId: number; acting: ActingContext; need: Need; variantIds: number[]; cartId: number; now: Date },
) {
  const movements = variantIds.map(
    (id) => sql`(${id}::int, ${-need.get(id)!.all}::int, 'order', ${orderId}::int, ${acting.identity.userId}::int, ${now}::timestamptz)`,
  );
  const historyNote = acting.onBehalf ? `Placed by ${acting.identity.name} for the retailer` : null;
  await tx.execute(sql`with history as (
      insert into order_status_history (order_id, status, note, changed_by_user_id, changed_at)
      values (${orderId}, 'Placed', ${historyNote}, ${acting.identity.userId}, ${now})
    ), movements as (
      insert into stock_movements (product_colour_id, delta, reason, order_id, user_id, created_at)
      values ${sql.join(movements, sql`, `)}
    )
    delete from carts where id = ${cartId}`);
}

/** The confirmation mail, queued in the order's transaction: it exists exactly when the order does. */
export async function queueConfirmation(
  tx: Tx,
  mailer: Mailer,
  billTo: BillTo,
  order: { ref: string },
  totals: CartTotals,
): Promise<{ id: number; message: MailMessage }> {
  const message = confirmationMail({
    to: billTo.email,
    businessName: billTo.businessName,
    orderRefNo: order.ref,
    quantity: totals.quantity,
    totalPaise: totals.totalPaise,
  });
  return { id: await mailer.queue(tx, message), message };
}
