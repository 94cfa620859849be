import { and, eq, inArray, sql } from 'drizzle-orm';
import { cartLineProblems, cartTotals, gstByRate, quantityProblem, QUANTITY_MAX, singleGstRates } from '@frameport/domain';
import type { AddCartLine, CartResponse, SkippedCartLine, UpdateCartLine } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cartLines, carts, productColours, products } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { ActingContext } from '../../http/identity.ts';
import {
  CART_LINE_TTL_MS,
  checkOrderLimits,
  liveTotals,
  loadPriceContext,
  priceItem,
  priceLine,
  type PriceContext,
} from '../pricing/service.ts';
import { orderingBlocked } from '../retailers/service.ts';
import { readCartLines } from './lines.ts';
import { toCartItem, toCartTotals, toTaxAtRate } from './to-contract.ts';

/** Published to other modules (orders): the one read of a cart's lines. */
export { readCartLines, type CartLineRow } from './lines.ts';

function assertRange(quantity: number, min: number) {
  if (!Number.isInteger(quantity) || quantity < min || quantity > QUANTITY_MAX) {
    throw new AppError('invalid', messages.quantity.range);
  }
}

export type CartServiceDeps = { db: Db; clock: Clock; config: Pick<Config, 'companyStateCode'> };

export function createCartService({ db, clock, config }: CartServiceDeps) {
  function context(retailerId: number): Promise<PriceContext> {
    return loadPriceContext(db, retailerId, clock.now(), config.companyStateCode);
  }

  async function cartIdOf(dbx: DbOrTx, retailerId: number): Promise<number | null> {
    const [cart] = await dbx.select({ id: carts.id }).from(carts).where(eq(carts.retailerId, retailerId));
    return cart?.id ?? null;
  }

  async function pricedCart(retailerId: number) {
    const ctx = await context(retailerId);
    const rows = await readCartLines(db, retailerId);
    // Lines name their cart; only an empty cart needs a second look for its id.
    const cartId = rows[0]?.cartId ?? (await cartIdOf(db, retailerId));
    const lines = rows.map((row) => priceLine(row, ctx));
    return { ctx, cartId, lines, totals: liveTotals(lines) };
  }

  /**
   * getCartItems: a page of lines (expired ones flagged, and each line's quantity checked against
   * its colour's stock now and the per-colour limit), totals over every unexpired line, and the GST
   * per rate (`rates` only when every line shares one rate).
   */
  async function view(acting: ActingContext, pageNumber: number, pageSize: number): Promise<CartResponse> {
    const [{ ctx, cartId, lines, totals }, blocked] = await Promise.all([
      pricedCart(acting.retailerId),
      orderingBlocked(db, acting.retailerId),
    ]);
    const live = lines.filter((line) => !line.expired);
    const problems = cartLineProblems(
      live.map(({ row }) => ({ id: row.lineId, variantId: row.variantId, quantity: row.quantity, isFree: row.isFree, stock: row.stock })),
      ctx.billTo.maxLimitPerVariant,
    );
    const page = lines.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
    const byRate = gstByRate(live.map((line) => line.totals));
    const rates = singleGstRates(byRate);
    const { billTo } = ctx;
    return {
      cartItems: page.map((line) => toCartItem(line, problems.get(line.row.lineId)?.message ?? null)),
      cartItemsCount: lines.length,
      TotalQuantity: totals.quantity,
      ...toCartTotals(totals),
      rates: rates && { cGSTRate: rates.cgstRate, iGSTRate: rates.igstRate, sGSTRate: rates.sgstRate },
      taxByRate: byRate.map(toTaxAtRate),
      MaxLimitPerVariant: billTo.maxLimitPerVariant,
      LinesToChange: problems.size,
      billToInfo: {
        UserId: billTo.userId,
        BillToAddress: billTo.address,
        BusinessName: billTo.businessName,
        City: billTo.city,
        State: billTo.state,
        Country: billTo.country,
        PinCode: billTo.pinCode,
        GSTStateCode: billTo.gstStateCode,
        CartId: cartId,
      },
      ExpiryNotice: messages.cart.expiryNotice,
      orderingBlocked: blocked,
    };
  }

  async function count(acting: ActingContext) {
    const { lines, totals } = await pricedCart(acting.retailerId);
    return { CartCount: lines.length, TotalQuantity: totals.quantity, CartTotalWithGST: toCartTotals(totals).CartProductTotPricewithGST };
  }

  /**
   * addItemsToCart in one transaction. Zero lines are ignored; a quantity outside 0–100 fails the
   * call; lines above the stock left (counting the cart) are skipped and named in the reply, and
   * when none is left the call fails storing nothing; the per-colour and order limits fail the call.
   * Topping up a line keeps its added_at (expiry is not extended); an expired line is restarted.
   */
  async function add(acting: ActingContext, input: AddCartLine[]) {
    for (const line of input) assertRange(line.Quantity, 0);
    const wanted = input.filter((line) => line.Quantity > 0);
    if (wanted.length === 0) throw new AppError('invalid', messages.cart.nothingToAdd);
    const ctx = await context(acting.retailerId);
    const { billTo, now } = ctx;
    return db.transaction(async (tx) => {
      // Creates the cart or touches it, and either way locks its row for this transaction.
      const [cart] = await tx
        .insert(carts)
        .values({ retailerId: acting.retailerId, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: carts.retailerId, set: { updatedAt: now } })
        .returning({ id: carts.id });
      if (!cart) throw new Error('cart not written');
      const productIds = [...new Set(wanted.map((line) => line.ProductId))];
      const variants = await tx
        .select({
          id: productColours.id,
          productId: productColours.productId,
          colorVariant: productColours.colorVariant,
          stock: productColours.availableStockQuantity,
          productTypeId: products.productTypeId,
          netPricePaise: products.netPricePaise,
          gstRatePercent: products.gstRatePercent,
        })
        .from(productColours)
        .innerJoin(products, eq(products.id, productColours.productId))
        .where(and(inArray(products.id, productIds), eq(products.isActive, true)));
      const existing = (await readCartLines(tx, acting.retailerId, { cartId: cart.id })).map((row) => priceLine(row, ctx));
      const live = existing.filter((line) => !line.expired);
      const inCart = new Map<number, number>();
      for (const line of live) inCart.set(line.row.variantId, (inCart.get(line.row.variantId) ?? 0) + line.row.quantity);

      const skipped: SkippedCartLine[] = [];
      const accepted = new Map<number, { quantity: number; variant: (typeof variants)[number] }>();
      for (const line of wanted) {
        const variant = variants.find(
          (v) =>
            v.productId === line.ProductId &&
            (line.ProductColorId !== undefined
              ? v.id === line.ProductColorId
              : v.colorVariant.toUpperCase() === line.ColorVariant?.toUpperCase()),
        );
        if (!variant) throw new AppError('not_found', messages.cart.productNotFound);
        const already = inCart.get(variant.id) ?? 0;
        const problem = quantityProblem({
          quantity: line.Quantity,
          stock: variant.stock,
          maxPerVariant: billTo.maxLimitPerVariant,
          alreadyInCart: already,
        });
        if (problem?.kind === 'stock') {
          skipped.push({ ProductId: variant.productId, ColorVariant: variant.colorVariant, Message: problem.message });
          continue;
        }
        if (problem) throw new AppError(problem.kind === 'range' ? 'invalid' : 'conflict', problem.message);
        inCart.set(variant.id, already + line.Quantity);
        const previous = accepted.get(variant.id);
        accepted.set(variant.id, { variant, quantity: (previous?.quantity ?? 0) + line.Quantity });
      }
      if (accepted.size === 0) {
        throw new AppError('conflict', skipped.length === 1 ? skipped[0]!.Message : messages.cart.nothingAdded);
      }
      const added = [...accepted.values()].map(
        ({ variant, quantity }) => priceItem({ ...variant, isFree: false, quantity }, ctx).totals,
      );
      checkOrderLimits(cartTotals([...live.map((line) => line.totals), ...added]), billTo);

      // One upsert for every line, in variant id order like placeOrder (the foreign-key locks are
      // always taken in one order). An unexpired line is topped up and keeps its added_at and adder;
      // an expired one restarts (quantity, expiry and adder from now), by the same rule as priceLine.
      const expired = sql`${cartLines.addedAt} + make_interval(secs => ${CART_LINE_TTL_MS / 1000}) <= excluded.added_at`;
      await tx
        .insert(cartLines)
        .values(
          [...accepted.values()]
            .sort((a, b) => a.variant.id - b.variant.id)
            .map(({ variant, quantity }) => ({
              cartId: cart.id,
              productColourId: variant.id,
              isFree: false,
              quantity,
              addedAt: now,
              addedByUserId: acting.identity.userId,
              netPricePaiseAtAdd: variant.netPricePaise,
              updatedAt: now,
            })),
        )
        .onConflictDoUpdate({
          target: [cartLines.cartId, cartLines.productColourId, cartLines.isFree],
          set: {
            quantity: sql`case when ${expired} then excluded.quantity else ${cartLines.quantity} + excluded.quantity end`,
            addedAt: sql`case when ${expired} then excluded.added_at else ${cartLines.addedAt} end`,
            addedByUserId: sql`case when ${expired} then excluded.added_by_user_id else ${cartLines.addedByUserId} end`,
            // The price the retailer sees now: a change before this top-up is no longer news.
            netPricePaiseAtAdd: sql`excluded.net_price_paise_at_add`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
      const newLines = [...accepted.keys()].filter((id) => !existing.some((l) => l.row.variantId === id && !l.row.isFree)).length;
      return { message: messages.cart.added, skipped, CartCount: existing.length + newLines };
    });
  }

  /** updateItemsToCart in one transaction: quantities 1–100, stock, per-colour and order limits; free lines fixed. */
  async function update(acting: ActingContext, input: UpdateCartLine[]) {
    for (const line of input) assertRange(line.Quantity, 1);
    const ctx = await context(acting.retailerId);
    const { billTo, now } = ctx;
    const totals = await db.transaction(async (tx) => {
      const rows = await readCartLines(tx, acting.retailerId, { lock: true });
      const cartId = rows[0]?.cartId;
      if (cartId === undefined) throw new AppError('not_found', messages.cart.itemNotFound);
      const wantedQty = new Map<number, number>();
      for (const line of input) {
        const row = rows.find((r) => r.lineId === line.CartProductDetailID);
        if (!row) throw new AppError('not_found', messages.cart.itemNotFound);
        if (row.isFree && line.Quantity !== row.quantity) throw new AppError('conflict', messages.cart.freeLineFixed);
        if (priceLine(row, ctx).expired) throw new AppError('conflict', messages.cart.lineExpired);
        wantedQty.set(row.lineId, line.Quantity);
      }
      const next = rows.map((row) => priceLine({ ...row, quantity: wantedQty.get(row.lineId) ?? row.quantity }, ctx));
      const live = next.filter((line) => !line.expired);
      for (const line of live) {
        if (!wantedQty.has(line.row.lineId)) continue;
        const others = live
          .filter((o) => o.row.variantId === line.row.variantId && o.row.lineId !== line.row.lineId)
          .reduce((sum, o) => sum + o.row.quantity, 0);
        const problem = quantityProblem({
          quantity: line.row.quantity,
          stock: line.row.stock,
          maxPerVariant: billTo.maxLimitPerVariant,
          alreadyInCart: others,
        });
        if (problem) throw new AppError(problem.kind === 'range' ? 'invalid' : 'conflict', problem.message);
      }
      const after = liveTotals(next);
      checkOrderLimits(after, billTo);
      for (const [lineId, quantity] of wantedQty) {
        const row = rows.find((r) => r.lineId === lineId)!;
        if (quantity === row.quantity) continue;
        // A new quantity is chosen at today's price: the line stops showing an earlier change.
        await tx
          .update(cartLines)
          .set({ quantity, netPricePaiseAtAdd: row.netPricePaise, updatedAt: now })
          .where(eq(cartLines.id, lineId));
      }
      await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
      return after;
    });
    return { message: messages.cart.updated, ...toCartTotals(totals) };
  }

  /** deleteCartItems: only a line of the acting retailer's cart (expired ones too); another's id is 404. */
  async function removeLine(acting: ActingContext, lineId: number) {
    const deleted = await db
      .delete(cartLines)
      .where(
        and(
          eq(cartLines.id, lineId),
          inArray(cartLines.cartId, db.select({ id: carts.id }).from(carts).where(eq(carts.retailerId, acting.retailerId))),
        ),
      )
      .returning({ id: cartLines.id });
    if (deleted.length === 0) throw new AppError('not_found', messages.cart.itemNotFound);
    const { lines, totals } = await pricedCart(acting.retailerId);
    return { productCount: lines.length, cartProductTotPricewithGST: toCartTotals(totals).CartProductTotPricewithGST };
  }

  async function clear(acting: ActingContext) {
    await db
      .delete(cartLines)
      .where(inArray(cartLines.cartId, db.select({ id: carts.id }).from(carts).where(eq(carts.retailerId, acting.retailerId))));
    return { message: messages.cart.cleared, productCount: 0 };
  }

  return { view, count, add, update, removeLine, clear };
}

export type CartService = ReturnType<typeof createCartService>;
