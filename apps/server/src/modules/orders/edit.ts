/**
 * Editing an order's lines before they are packed (PUT /api/admin/orders/:id/lines): the desk sends
 * the lines as they should be; this works out the diff, prices it as the retailer's cart would be
 * priced now, checks the retailer's limits, takes or returns the stock, rewrites the lines and the
 * order's totals, and records the change (audit, status history, a mail to the retailer and its
 * sales executives), all in one transaction (`idempotent`), the order locked first (`lockOrder`).
 *
 * Pricing decision: a line whose quantity changes, and a line added, is priced now (the product's
 * price, the discount rules in force for the retailer's state, the GST rate), exactly as the cart
 * prices a line (`priceItem`). A line whose quantity does not change keeps the price it was placed
 * at: the retailer agreed to it, and an edit of one line must not quietly reprice the others when a
 * festival discount has ended or a list price moved. The GST split (CGST+SGST or IGST) follows the
 * order's own bill-to and company state snapshots, so every line of one order is taxed for one place
 * of supply, as its invoice will be.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  canDo,
  cartTotals,
  deskMessages,
  formatInr,
  paiseToRupees,
  QUANTITY_MAX,
  type CartTotals,
  type LineTotals,
} from '@frameport/domain';
import type { FastifyRequest } from 'fastify';
import type { AdminOrderDetail, EditLinesBody } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import type { Mailer, MailMessage } from '../../adapters/mail.ts';
import { escapeHtml } from '../../adapters/payments/html.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { recordAudit } from '../../db/audit.ts';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import { colours, orderLines, orders, productColours, products, sizes, type Order, type OrderLine } from '../../db/schema.ts';
import { requireIdentity } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { Identity } from '../../http/identity.ts';
import { idempotent } from '../../http/idempotency.ts';
import { checkOrderLimits, loadPriceContext, priceItem, type ItemPrice, type PriceContext } from '../pricing/service.ts';
import { creditBookOf, creditReasonTexts, creditRefusalsFor, type DeskContext } from './credit.ts';
import { deliverQueued, queueOrderMail, type QueuedMail, type Recipient } from './notify.ts';
import { insertLines, lineMoneyColumns, type LineSnapshotRow } from './place.ts';
import { orderDetail } from './service.ts';
import { lineQuantitiesOf, lockOrder, refreshOrderStatus, type LineShipped } from './status.ts';

const templeColours = alias(colours, 'temple_colours');

/** How a line is named to staff and in the mail, as the desk's other actions name it: product code and colour, e.g. 'FP000123 C2'. */
const labelOf = (line: { productCode: string; colorVariant: string }) => `${line.productCode} ${line.colorVariant}`;

/** Case and spacing do not matter in a model number or colour typed at the desk. */
const keyOf = (code: string, variant: string) => `${code.trim().toUpperCase()}\u0000${variant.trim().toUpperCase()}`;

/**
 * The catalogue rows of these colours (by id) and of these model number + colour pairs (a model
 * number is the product code or the model name), locked FOR NO KEY UPDATE in colour id order, like
 * placing an order locks them: two edits or an edit and an order never wait on each other in a circle.
 */
async function lockVariants(tx: Tx, ids: readonly number[], wanted: readonly { productCode: string; colorVariant: string }[]) {
  const byId = ids.length > 0 ? inArray(productColours.id, [...ids]) : undefined;
  const byCode = wanted.map(({ productCode, colorVariant }) =>
    and(
      or(
        sql`upper(${products.productCode}) = ${productCode.trim().toUpperCase()}`,
        sql`upper(${products.modelName}) = ${productCode.trim().toUpperCase()}`,
      ),
      sql`upper(${productColours.colorVariant}) = ${colorVariant.trim().toUpperCase()}`,
    ),
  );
  const conditions = [byId, ...byCode].filter((c) => c !== undefined);
  if (conditions.length === 0) return [];
  return tx
    .select({
      variantId: productColours.id,
      productId: products.id,
      productTypeId: products.productTypeId,
      productCode: products.productCode,
      productName: products.productName,
      modelName: products.modelName,
      hsnCode: products.hsnCode,
      gstRatePercent: products.gstRatePercent,
      netPricePaise: products.netPricePaise,
      isActive: products.isActive,
      eyeSizeMm: products.eyeSizeMm,
      noseBridgeMm: products.noseBridgeMm,
      armLengthMm: products.armLengthMm,
      sizeName: sizes.name,
      colorVariant: productColours.colorVariant,
      colourName: colours.name,
      templeColourName: templeColours.name,
      stock: productColours.availableStockQuantity,
      image: sql<string | null>`(select pi.url from product_images pi where pi.product_colour_id = ${productColours.id}
        order by (pi.image_type = 'thumbnail') desc, (pi.image_type = 'front') desc, pi.priority, pi.id limit 1)`,
    })
    .from(productColours)
    .innerJoin(products, eq(products.id, productColours.productId))
    .innerJoin(colours, eq(colours.id, productColours.frameColourId))
    .leftJoin(templeColours, eq(templeColours.id, productColours.templeColourId))
    .leftJoin(sizes, eq(sizes.id, products.sizeId))
    .where(or(...conditions))
    .orderBy(asc(productColours.id))
    .for('no key update', { of: productColours });
}

type Variant = Awaited<ReturnType<typeof lockVariants>>[number];

/** A stored line's totals, as `lineTotals` would give them, for its billable pieces (ordered − cancelled). */
function storedTotals(line: OrderLine): LineTotals {
  const quantity = line.quantity - line.cancelledQuantity;
  const tax = line.cgstPaise + line.sgstPaise + line.igstPaise;
  return {
    kind: line.igstRatePercent > 0 ? 'inter' : 'intra',
    quantity,
    grossPaise: line.unitPricePaise * quantity,
    discountPaise: line.discountPerUnitPaise * quantity,
    taxablePaise: line.taxablePaise,
    cgst: line.cgstPaise,
    sgst: line.sgstPaise,
    igst: line.igstPaise,
    cgstRate: line.cgstRatePercent,
    sgstRate: line.sgstRatePercent,
    igstRate: line.igstRatePercent,
    taxPaise: tax,
    totalPaise: line.lineTotalPaise,
  };
}

/** A line as the audit row records it (before and after), money in rupees as everywhere outside the server. */
function auditLine(line: OrderLine) {
  return {
    orderLineId: line.id,
    productCode: line.productCode,
    modelName: line.modelName,
    colorVariant: line.colorVariant,
    quantity: line.quantity,
    cancelledQuantity: line.cancelledQuantity,
    unitPrice: paiseToRupees(line.unitPricePaise),
    discountPerUnit: paiseToRupees(line.discountPerUnitPaise),
    total: paiseToRupees(line.lineTotalPaise),
  };
}

export type OrderEditorDeps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'companyStateCode' | 'invoiceCreditDays'>;
  mailer: Mailer;
  logger?: { error(obj: unknown, msg: string): void };
};

/**
 * PUT /api/admin/orders/:id/lines: the retailer's pricing context is read first (its own query on
 * `db`: PGlite has one connection, so not inside the transaction; an order's retailer never
 * changes), then the edit runs in one idempotent transaction that answers the order as it now is.
 * The mails queued with the edit are delivered after commit, and only by the call that made it
 * (a repeat with the same Idempotency-Key answers the stored order and sends nothing).
 */
export function createOrderEditor({ db, clock, config, mailer, logger }: OrderEditorDeps) {
  return async function editLines(request: FastifyRequest, orderId: number, body: EditLinesBody): Promise<AdminOrderDetail> {
    const identity = requireIdentity(request);
    const [found] = await db.select({ retailerId: orders.retailerId }).from(orders).where(eq(orders.id, orderId));
    if (!found) throw new AppError('not_found', deskMessages.order.notFound);
    const ctx = await loadPriceContext(db, found.retailerId, clock.now(), config.companyStateCode);
    let queued: QueuedMail[] = [];
    const detail = await idempotent(db, request, async (tx) => {
      const mails = await editOrderLines(tx, { orderId, identity, body, ctx, mailer, invoiceCreditDays: config.invoiceCreditDays });
      const answer = await orderDetail(tx, orderId, identity, { now: clock.now(), invoiceCreditDays: config.invoiceCreditDays });
      queued = mails;
      return answer;
    });
    deliverQueued(mailer, queued, logger);
    return detail;
  };
}

export type EditInput = {
  orderId: number;
  identity: Identity;
  body: EditLinesBody;
  ctx: PriceContext;
  mailer: Mailer;
  invoiceCreditDays: number;
};

/**
 * The edit, in `tx` (the caller's idempotent transaction). Refusals, each a 409 unless said:
 * the order's status does not allow editing; a line is packed (any change), or has pieces in a
 * shipment being packed (removing it, or going below those pieces); a quantity below the line's
 * cancelled pieces; no line left; a line named twice; an unknown line (404) or product (404);
 * stock short; the retailer's per-colour limit or order limits passed. Returns the mails to
 * deliver after commit (none when the lines were sent as they are).
 */
export async function editOrderLines(
  tx: Tx,
  { orderId, identity, body, ctx, mailer, invoiceCreditDays }: EditInput,
): Promise<QueuedMail[]> {
  const now = ctx.now;
  if (body.override && identity.role !== 'admin') throw new AppError('forbidden', deskMessages.credit.editOverrideNotAllowed);
  const order = await lockOrder(tx, orderId);
  if (!canDo('edit', order.status)) throw new AppError('conflict', deskMessages.order.illegal('edited', order.status));

  const before = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  const shipped = new Map<number, LineShipped>((await lineQuantitiesOf(tx, orderId)).map((q) => [q.id, q]));
  const byId = new Map(before.map((line) => [line.id, line]));

  // What the body asks for: kept lines by id, new lines by model number and colour, each once.
  const wantedQty = new Map<number, number>();
  const added: { productCode: string; colorVariant: string; quantity: number }[] = [];
  const addedKeys = new Set<string>();
  for (const item of body.lines) {
    if ('orderLineId' in item) {
      const line = byId.get(item.orderLineId);
      if (!line) throw new AppError('not_found', deskMessages.order.lineNotFound);
      if (wantedQty.has(line.id)) throw new AppError('conflict', deskMessages.order.duplicateLine(labelOf(line)));
      wantedQty.set(line.id, item.quantity);
    } else {
      const key = keyOf(item.productCode, item.colorVariant);
      if (addedKeys.has(key)) {
        throw new AppError('conflict', deskMessages.order.duplicateLine(`${item.productCode} ${item.colorVariant}`));
      }
      addedKeys.add(key);
      added.push(item);
    }
  }

  // The plan for each stored line: unchanged, a new quantity, or removed.
  const changed: { line: OrderLine; quantity: number }[] = [];
  const removed: OrderLine[] = [];
  for (const line of before) {
    const quantity = wantedQty.get(line.id) ?? 0;
    if (quantity === line.quantity) continue;
    const label = labelOf(line);
    const q = shipped.get(line.id);
    if (q && q.packedQuantity > 0) throw new AppError('conflict', deskMessages.order.linePacked(label));
    const inShipments = q?.inShipmentsQuantity ?? 0;
    if (quantity === 0) {
      if (inShipments > 0) throw new AppError('conflict', deskMessages.order.lineInShipment(label, inShipments));
      removed.push(line);
      continue;
    }
    if (quantity < line.cancelledQuantity) {
      throw new AppError('conflict', deskMessages.order.belowCancelled(label, line.cancelledQuantity));
    }
    if (quantity - line.cancelledQuantity < inShipments) {
      throw new AppError('conflict', deskMessages.order.lineInShipment(label, inShipments));
    }
    if (line.isFree) throw new AppError('conflict', messages.cart.freeLineFixed);
    if (quantity > line.quantity && quantity > QUANTITY_MAX) throw new AppError('invalid', messages.quantity.range);
    changed.push({ line, quantity });
  }
  for (const item of added) if (item.quantity > QUANTITY_MAX) throw new AppError('invalid', messages.quantity.range);

  const kept = before.filter((line) => !removed.includes(line));
  if (kept.length + added.length === 0) throw new AppError('conflict', deskMessages.order.noLinesLeft);
  // The lines as they are: nothing to write, record or mail.
  if (changed.length === 0 && removed.length === 0 && added.length === 0) return [];

  // Every colour whose stock moves, locked in id order, with the catalogue rows that price the lines.
  const touchedIds = [...changed.map((c) => c.line), ...removed]
    .map((line) => line.productColourId)
    .filter((id) => id !== null);
  const variants = await lockVariants(tx, touchedIds, added);
  const variantById = new Map(variants.map((v) => [v.variantId, v]));

  // GST for the order's own place of supply (see the file's comment); discount rules and prices as now.
  const pricing: PriceContext = {
    ...ctx,
    billTo: { ...ctx.billTo, gstStateCode: order.billToStateCode },
    companyStateCode: order.companyStateCode,
  };

  const repriced = changed.map(({ line, quantity }) => {
    const variant = line.productColourId === null ? undefined : variantById.get(line.productColourId);
    // A colour gone from the catalogue cannot be priced or stocked; a product no longer sold can only go down.
    if (!variant || (!variant.isActive && quantity > line.quantity)) {
      throw new AppError('conflict', deskMessages.order.productNotFound(line.productCode, line.colorVariant));
    }
    const price = priceItem({ ...variant, isFree: line.isFree, quantity: quantity - line.cancelledQuantity }, pricing);
    return { line, quantity, variant, price };
  });

  const newLines = added.map((item) => {
    const variant = pickVariant(variants, item);
    if (!variant) throw new AppError('not_found', deskMessages.order.productNotFound(item.productCode, item.colorVariant));
    const label = labelOf(variant);
    if (kept.some((line) => !line.isFree && line.productColourId === variant.variantId)) {
      throw new AppError('conflict', deskMessages.order.duplicateLine(label));
    }
    const row = { ...variant, isFree: false, quantity: item.quantity };
    const price: ItemPrice = priceItem(row, pricing);
    return { row, variant, label, ...price };
  });
  if (new Set(newLines.map((l) => l.variant.variantId)).size !== newLines.length) {
    const twice = newLines.find((l, i) => newLines.findIndex((o) => o.variant.variantId === l.variant.variantId) !== i)!;
    throw new AppError('conflict', deskMessages.order.duplicateLine(twice.label));
  }

  // The order's totals before and after, line by line as the cart adds them up.
  const changedById = new Map(repriced.map((r) => [r.line.id, r]));
  const afterTotals: LineTotals[] = [
    ...kept.map((line) => changedById.get(line.id)?.price.totals ?? storedTotals(line)),
    ...newLines.map((l) => l.totals),
  ];
  if (!afterTotals.some((t) => t.quantity > 0)) throw new AppError('conflict', deskMessages.order.noLinesLeft);
  const totalsBefore = cartTotals(before.map(storedTotals));
  const totalsAfter = cartTotals(afterTotals);

  checkLimits({ before, kept, changedById, newLines, totalsBefore, totalsAfter, ctx });

  // Stock: per colour, what the order holds after less what it held (ordered − cancelled).
  const delta = new Map<number, number>();
  const move = (id: number, by: number) => delta.set(id, (delta.get(id) ?? 0) + by);
  for (const { line, quantity } of repriced) move(line.productColourId!, quantity - line.quantity);
  for (const line of removed) {
    // A colour since deleted from the catalogue has no stock to return to: its line simply goes.
    if (line.productColourId !== null && variantById.has(line.productColourId)) {
      move(line.productColourId, -(line.quantity - line.cancelledQuantity));
    }
  }
  for (const l of newLines) move(l.variant.variantId, l.row.quantity);
  const moving = [...delta].filter(([, d]) => d !== 0).sort(([a], [b]) => a - b);
  for (const [id, d] of moving) {
    const variant = variantById.get(id)!;
    if (d > variant.stock) {
      throw new AppError('conflict', deskMessages.order.stockShort(labelOf(variant), Math.max(0, variant.stock)));
    }
  }
  await moveStock(tx, { moving, orderId, userId: identity.userId, now, variantById });

  // The lines and the order's totals (sums of the lines, in SQL: they cannot disagree).
  if (removed.length > 0) await tx.delete(orderLines).where(inArray(orderLines.id, removed.map((line) => line.id)));
  for (const { line, quantity, variant, price } of repriced) {
    const { totals: t, discount } = price;
    await tx
      .update(orderLines)
      .set({
        quantity,
        hsnCode: variant.hsnCode,
        gstRatePercent: variant.gstRatePercent,
        unitPricePaise: price.unitPricePaise,
        discountPerUnitPaise: discount?.discountPaise ?? 0,
        discountName: discount?.rule.name ?? null,
        discountRuleId: discount?.rule.id ?? null,
        ...lineMoneyColumns(t),
      })
      .where(eq(orderLines.id, line.id));
  }
  if (newLines.length > 0) await insertLines(tx, orderId, newLines);
  await writeOrderTotals(tx, orderId, now);

  const after = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  const [stored] = await tx.select({ totalPaise: orders.totalPaise, totalQuantity: orders.totalQuantity }).from(orders).where(eq(orders.id, orderId));
  const creditOverride = await recheckCredit(tx, order, stored!.totalPaise, body.override, { now, invoiceCreditDays });
  const diff = [
    ...repriced.map(({ line, quantity }) => `${labelOf(line)}: ${line.quantity} → ${quantity}`),
    ...newLines.map((l) => `added ${l.label} × ${l.row.quantity}`),
    ...removed.map((line) => `removed ${labelOf(line)} × ${line.quantity}`),
  ];
  const note = body.note?.trim() || null;
  const summary = `${diff.join('; ')}; new total ${formatInr(stored!.totalPaise)}`;

  await recordAudit(tx, {
    actorUserId: identity.userId,
    action: 'order.edit',
    entity: 'order',
    entityId: String(orderId),
    details: { before: before.map(auditLine), after: after.map(auditLine), note, override: creditOverride },
    at: now,
  });
  await refreshOrderStatus(tx, order, {
    actorUserId: identity.userId,
    now,
    note: `Edited: ${summary}${note ? ` (${note})` : ''}${creditOverride ? `; past the credit check: ${creditOverride.reason}` : ''}`,
  });
  return queueOrderMail(tx, mailer, order.retailerId, (recipient) =>
    editedMail(recipient, { order, diff, note, totalPaise: stored!.totalPaise, quantity: stored!.totalQuantity }),
  );
}

/**
 * A confirmed order was accepted against the retailer's credit at its old value: an edit that raises
 * the value is checked again, as confirming it now would be (hold, limit, overdue; the order's own
 * share of "on order" left out). Refused with the reasons unless an admin saves it anyway with a
 * reason, which the audit row keeps. An order not yet confirmed is checked when it is confirmed.
 */
async function recheckCredit(
  tx: Tx,
  order: Order,
  totalAfterPaise: number,
  override: { reason: string } | undefined,
  context: DeskContext,
): Promise<{ reason: string; refusals: string[] } | null> {
  if (order.confirmedAt === null || totalAfterPaise <= order.totalPaise) return null;
  const book = await creditBookOf(tx, order.retailerId, context, order.id);
  const reasons = creditReasonTexts(creditRefusalsFor(book, totalAfterPaise));
  if (reasons.length === 0) return null;
  if (!override) throw new AppError('conflict', deskMessages.credit.editRefused(reasons.join(' ')));
  return { reason: override.reason, refusals: reasons };
}

/** The catalogue row a new line names: the product code first, else the model name (which must then be one product). */
function pickVariant(variants: readonly Variant[], item: { productCode: string; colorVariant: string }): Variant | undefined {
  const code = item.productCode.trim().toUpperCase();
  const colour = item.colorVariant.trim().toUpperCase();
  const sameColour = variants.filter((v) => v.isActive && v.colorVariant.toUpperCase() === colour);
  const byCode = sameColour.find((v) => v.productCode.toUpperCase() === code);
  if (byCode) return byCode;
  const byModel = sameColour.filter((v) => v.modelName.toUpperCase() === code);
  return byModel.length === 1 ? byModel[0] : undefined;
}

/**
 * The retailer's limits, as the cart applies them, on what the edit raises: the per-colour limit
 * on paid pieces for a colour the edit adds pieces to, and the order's quantity and value limits
 * when the edit raises the order's quantity or value. An edit that only lowers never trips a
 * limit the retailer's profile gained after the order was placed.
 */
function checkLimits({
  before,
  kept,
  changedById,
  newLines,
  totalsBefore,
  totalsAfter,
  ctx,
}: {
  before: readonly OrderLine[];
  kept: readonly OrderLine[];
  changedById: Map<number, { quantity: number }>;
  newLines: readonly { row: LineSnapshotRow }[];
  totalsBefore: CartTotals;
  totalsAfter: CartTotals;
  ctx: PriceContext;
}) {
  const paid = (lines: readonly { colour: number | null; pieces: number; isFree: boolean }[]) => {
    const byColour = new Map<number, number>();
    for (const line of lines) {
      if (line.isFree || line.colour === null) continue;
      byColour.set(line.colour, (byColour.get(line.colour) ?? 0) + line.pieces);
    }
    return byColour;
  };
  const paidBefore = paid(before.map((l) => ({ colour: l.productColourId, pieces: l.quantity - l.cancelledQuantity, isFree: l.isFree })));
  const paidAfter = paid([
    ...kept.map((l) => ({
      colour: l.productColourId,
      pieces: (changedById.get(l.id)?.quantity ?? l.quantity) - l.cancelledQuantity,
      isFree: l.isFree,
    })),
    ...newLines.map((l) => ({ colour: l.row.variantId, pieces: l.row.quantity, isFree: false })),
  ]);
  for (const [colour, pieces] of paidAfter) {
    if (pieces > (paidBefore.get(colour) ?? 0) && pieces > ctx.billTo.maxLimitPerVariant) {
      throw new AppError('conflict', messages.quantity.modelLimitOf(ctx.billTo.maxLimitPerVariant));
    }
  }
  if (totalsAfter.quantity > totalsBefore.quantity || totalsAfter.totalPaise > totalsBefore.totalPaise) {
    checkOrderLimits(totalsAfter, ctx.billTo);
  }
}

/**
 * Takes and returns the stock in one guarded UPDATE (a colour whose stock would go below zero is
 * not updated, and the edit is refused), then writes one stock movement per colour.
 */
async function moveStock(
  tx: Tx,
  {
    moving,
    orderId,
    userId,
    now,
    variantById,
  }: { moving: [number, number][]; orderId: number; userId: number; now: Date; variantById: Map<number, Variant> },
) {
  if (moving.length === 0) return;
  const values = moving.map(([id, d]) => sql`(${id}::int, ${d}::int)`);
  const updated = await queryRows<{ id: number }>(
    tx,
    sql`update product_colours pc
      set available_stock_quantity = pc.available_stock_quantity - t.quantity, updated_on = ${now}
      from (values ${sql.join(values, sql`, `)}) as t(id, quantity)
      where pc.id = t.id and pc.available_stock_quantity - t.quantity >= 0
      returning pc.id`,
  );
  if (updated.length !== moving.length) {
    const short = moving.find(([id]) => !updated.some((row) => Number(row.id) === id))!;
    const variant = variantById.get(short[0])!;
    throw new AppError('conflict', deskMessages.order.stockShort(labelOf(variant), Math.max(0, variant.stock)));
  }
  const movements = moving.map(
    ([id, d]) => sql`(${id}::int, ${-d}::int, 'order edited', ${orderId}::int, ${userId}::int, ${now}::timestamptz)`,
  );
  await tx.execute(sql`insert into stock_movements (product_colour_id, delta, reason, order_id, user_id, created_at)
    values ${sql.join(movements, sql`, `)}`);
}

/** The order's quantity and money: the sums of its lines' (for their billable pieces, ordered − cancelled). */
async function writeOrderTotals(dbx: DbOrTx, orderId: number, now: Date) {
  await dbx.execute(sql`update orders o set
      total_quantity = s.quantity, subtotal_paise = s.gross, discount_paise = s.discount, taxable_paise = s.taxable,
      cgst_paise = s.cgst, sgst_paise = s.sgst, igst_paise = s.igst, total_paise = s.total, updated_at = ${now}
    from (select coalesce(sum(quantity - cancelled_quantity), 0) as quantity,
        coalesce(sum(unit_price_paise * (quantity - cancelled_quantity)), 0) as gross,
        coalesce(sum(discount_per_unit_paise * (quantity - cancelled_quantity)), 0) as discount,
        coalesce(sum(taxable_paise), 0) as taxable, coalesce(sum(cgst_paise), 0) as cgst,
        coalesce(sum(sgst_paise), 0) as sgst, coalesce(sum(igst_paise), 0) as igst,
        coalesce(sum(line_total_paise), 0) as total
      from order_lines where order_id = ${orderId}) s
    where o.id = ${orderId}`);
}

/** The mail the retailer and each linked sales executive get: what changed and the new total (text and simple HTML, values escaped). */
function editedMail(
  recipient: Recipient,
  { order, diff, note, totalPaise, quantity }: { order: Order; diff: string[]; note: string | null; totalPaise: number; quantity: number },
): MailMessage {
  const whose = recipient.kind === 'retailer' ? `Your order ${order.orderRefNo}` : `Order ${order.orderRefNo} of ${order.billToBusinessName}`;
  const said = `${whose} has been changed:`;
  const total = `New total: ${formatInr(totalPaise)} including GST (${quantity} piece${quantity === 1 ? '' : 's'}).`;
  const text = [
    `Dear ${recipient.name},`,
    '',
    said,
    '',
    ...diff.map((d) => `- ${d}`),
    '',
    ...(note ? [`Note: ${note}`, ''] : []),
    total,
    '',
    'Frameport',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1b2430">
<p>Dear ${escapeHtml(recipient.name)},</p>
<p>${escapeHtml(said)}</p>
<ul>${diff.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>
${note ? `<p><strong>Note:</strong> ${escapeHtml(note)}</p>\n` : ''}<p>${escapeHtml(total)}</p>
<p>Frameport</p>
</body></html>`;
  return { to: recipient.email, subject: `Order ${order.orderRefNo} edited`, text, html };
}
