import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { cartTotals, formatInr, orderLimitProblem } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import type { Mailer, MailMessage } from '../../adapters/mail.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { isUniqueViolation, queryRows, type Db, type DbOrTx } from '../../db/client.ts';
import { carts, orderLines, orders, productColours } from '../../db/schema.ts';
import { financialYearOf } from '@frameport/domain';
import { orderRefPrefix } from '../../db/seed/orders.ts';
import { AppError } from '../../http/errors.ts';
import type { ActingContext } from '../../http/identity.ts';
import { readCartLines } from '../cart/service.ts';
import { loadPriceContext, priceLine } from '../pricing/service.ts';
import { toMyOrder, toOrderDetails } from './to-contract.ts';

export type OrdersServiceDeps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'companyStateCode'>;
  mailer: Mailer;
  logger?: { error(obj: unknown, msg: string): void };
};

type Placed = { OrderID: number; OrderRefNo: string };

export function createOrdersService({ db, clock, config, mailer, logger }: OrdersServiceDeps) {
  async function findByKey(dbx: DbOrTx, retailerId: number, key: string): Promise<Placed | null> {
    const [row] = await dbx
      .select({ OrderID: orders.id, OrderRefNo: orders.orderRefNo })
      .from(orders)
      .where(and(eq(orders.retailerId, retailerId), eq(orders.idempotencyKey, key)));
    return row ?? null;
  }

  /**
   * placeOrder in one transaction: read the cart's lines with the cart locked, refuse expired lines,
   * lock the variants in id order, check stock and limits, take the stock with one guarded UPDATE,
   * write the order (numbered from order_number_seq) with its bill-to, ship-to and line snapshots,
   * then its 'Placed' history, the stock movements and the cart's removal, and queue the
   * confirmation mail in the same transaction (sent through SMTP after commit, when configured).
   * The idempotency key (the Idempotency-Key header, else 'cart:<CartId>': a cart lives until its
   * order is placed) makes a repeat return the same order. Statements are few on purpose: see the
   * order benchmark in ADR 005.
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
        // The cart's lines, its row locked: a second placeOrder of this cart waits here, then finds
        // the cart gone and answers the first one's order (below).
        const rows = await readCartLines(tx, acting.retailerId, { cartId: input.cartId, lock: true });
        if (rows.length === 0) {
          const placed = await findByKey(tx, acting.retailerId, key);
          if (placed) return { ...placed, created: false };
          const [cart] = await tx
            .select({ id: carts.id })
            .from(carts)
            .where(and(eq(carts.id, input.cartId), eq(carts.retailerId, acting.retailerId)));
          throw new AppError(cart ? 'conflict' : 'not_found', cart ? messages.cart.empty : messages.order.cartNotFound);
        }
        const lines = rows.map((row) => priceLine(row, ctx));
        if (lines.some((line) => line.expired)) throw new AppError('conflict', messages.cart.expiredInOrder);

        const need = new Map<number, { all: number; paid: number }>();
        for (const { row } of lines) {
          const n = need.get(row.variantId) ?? { all: 0, paid: 0 };
          n.all += row.quantity;
          if (!row.isFree) n.paid += row.quantity;
          need.set(row.variantId, n);
        }
        const variantIds = [...need.keys()].sort((a, b) => a - b);
        const stock = await tx
          .select({ id: productColours.id, stock: productColours.availableStockQuantity })
          .from(productColours)
          .where(inArray(productColours.id, variantIds))
          .orderBy(asc(productColours.id))
          // NO KEY UPDATE, not UPDATE: it does not conflict with the KEY SHARE locks that inserting
          // cart or order lines takes on these rows (foreign keys), so a concurrent add-to-cart
          // never deadlocks with an order taking stock. Rows are locked in id order.
          .for('no key update');
        for (const variant of stock) {
          const n = need.get(variant.id)!;
          if (n.all > variant.stock) throw new AppError('conflict', messages.quantity.placeOrderStock(Math.max(0, variant.stock)));
          if (n.paid > billTo.maxLimitPerVariant) throw new AppError('conflict', messages.quantity.modelLimit);
        }
        if (stock.length !== variantIds.length) throw new AppError('conflict', messages.cart.productNotFound);
        const totals = cartTotals(lines.map((line) => line.totals));
        const limit = orderLimitProblem({
          totalQuantity: totals.quantity,
          totalValuePaise: totals.totalPaise,
          maxOrderQuantity: billTo.maxOrderQuantity,
          maxOrderValuePaise: billTo.maxOrderValuePaise,
        });
        if (limit) throw new AppError('conflict', limit.message);

        // Every colour in one guarded UPDATE: a row whose stock is below the need is not updated,
        // so stock can never go below zero whatever happened since the check above.
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

        // Numbered from a sequence: nextval takes no lock, so orders never queue for a number.
        const [order] = await tx
          .insert(orders)
          .values({
            orderRefNo: sql`(select ${orderRefPrefix(financialYearOf(now))} || lpad(n, greatest(6, length(n)), '0')
              from (select nextval('order_number_seq')::text as n) as next)`,
            retailerId: acting.retailerId,
            placedByUserId: acting.identity.userId,
            status: 'Placed',
            note: input.note,
            idempotencyKey: key,
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
            companyStateCode: config.companyStateCode,
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
        await tx.insert(orderLines).values(
          lines.map(({ row, totals: t, discount, unitPricePaise }) => ({
            orderId: order.id,
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
            taxablePaise: t.taxablePaise,
            cgstRatePercent: t.cgstRate,
            sgstRatePercent: t.sgstRate,
            igstRatePercent: t.igstRate,
            cgstPaise: t.cgst,
            sgstPaise: t.sgst,
            igstPaise: t.igst,
            lineTotalPaise: t.totalPaise,
            isFree: row.isFree,
            imageUrl: row.image,
          })),
        );
        // The 'Placed' history row, the stock movements and the cart's removal in one statement.
        const movements = variantIds.map(
          (id) => sql`(${id}::int, ${-need.get(id)!.all}::int, 'order', ${order.id}::int, ${acting.identity.userId}::int, ${now}::timestamptz)`,
        );
        const historyNote = acting.onBehalf ? `Placed by ${acting.identity.name} for the retailer` : null;
        await tx.execute(sql`with history as (
            insert into order_status_history (order_id, status, note, changed_by_user_id, changed_at)
            values (${order.id}, 'Placed', ${historyNote}, ${acting.identity.userId}, ${now})
          ), movements as (
            insert into stock_movements (product_colour_id, delta, reason, order_id, user_id, created_at)
            values ${sql.join(movements, sql`, `)}
          )
          delete from carts where id = ${input.cartId}`);
        const message: MailMessage = {
          to: billTo.email,
          subject: `Order ${order.ref} placed`,
          text:
            `Dear ${billTo.businessName},\n\nYour order ${order.ref} has been placed: ` +
            `${totals.quantity} pieces, ${formatInr(totals.totalPaise)} including GST.\n\nThank you,\nFrameport`,
        };
        const mailId = await mailer.queue(tx, message);
        return { OrderID: order.id, OrderRefNo: order.ref, created: true, mail: { id: mailId, message } };
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
