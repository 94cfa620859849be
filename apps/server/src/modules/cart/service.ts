import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  cartTotals,
  lineTotals,
  orderLimitProblem,
  pickDiscount,
  quantityProblem,
  QUANTITY_MAX,
  type CartTotals,
  type LineTotals,
  type PickedDiscount,
} from '@frameport/domain';
import type { AddCartLine, CartResponse } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  cartLines,
  carts,
  cities,
  colours,
  countries,
  productColours,
  products,
  retailers,
  sizes,
  states,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { ActingContext } from '../../http/identity.ts';
import { pricingOf, type Pricing } from '../catalogue/to-contract.ts';
import { activeRulesJson, type RuleJson } from '../catalogue/search.ts';
import { toCartItem, toCartTotals } from './to-contract.ts';

/** A cart line expires this long after it was added (spec section 4). */
export const CART_LINE_TTL_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Shared with the orders module: bill-to, discount rules, priced cart lines
// ---------------------------------------------------------------------------------------------

export type BillTo = {
  retailerId: number;
  userId: number | null;
  email: string;
  businessName: string;
  address: string;
  city: string;
  state: string;
  stateId: number;
  /** The GST state code of the bill-to party: the GSTIN's first two digits, else the state's code. */
  gstStateCode: string;
  country: string;
  pinCode: string;
  gstin: string | null;
  maxLimitPerVariant: number;
  maxOrderQuantity: number;
  maxOrderValuePaise: number;
  /** Where the goods go: the retailer's default shipping address (else its first), null without one. */
  shipTo: ShipTo | null;
};

export type ShipTo = {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  stateCode: string;
  pinCode: string;
  phone: string;
};

/**
 * The bill-to party and the discount rules that apply to it (its state's and the all-states ones,
 * active at `now`), in ONE query: every cart and order call starts with it, so it is a round trip
 * worth saving. The rules come as the same JSON the catalogue SQL builds (RuleJson).
 */
export async function loadPriceContext(
  db: Db,
  retailerId: number,
  now: Date,
  companyStateCode: string,
): Promise<PriceContext> {
  const [row] = await priceContextQuery(db).execute({ retailerId, now });
  if (!row) throw new AppError('not_found', messages.http.notFound);
  const { stateCode, rules, ...rest } = row;
  const billTo: BillTo = { ...rest, gstStateCode: row.gstin?.slice(0, 2) ?? stateCode };
  return { billTo, pricing: pricingOf(billTo.stateId, rules.map(numericRule)), companyStateCode, now };
}

/** Every cart and order call runs it: prepared once per database (built once, parsed once per connection). */
const preparedPriceContext = new WeakMap<Db, ReturnType<typeof preparePriceContext>>();

function priceContextQuery(db: Db) {
  let query = preparedPriceContext.get(db);
  if (!query) {
    query = preparePriceContext(db);
    preparedPriceContext.set(db, query);
  }
  return query;
}

function preparePriceContext(db: Db) {
  const now = sql.placeholder('now');
  return db
    .select({
      retailerId: retailers.id,
      userId: users.id,
      email: retailers.email,
      businessName: retailers.businessName,
      address: retailers.address,
      city: cities.name,
      state: states.name,
      stateId: retailers.stateId,
      stateCode: states.stateCode,
      country: countries.name,
      pinCode: retailers.pinCode,
      gstin: retailers.gstin,
      maxLimitPerVariant: retailers.maxLimitPerVariant,
      maxOrderQuantity: retailers.maxOrderQuantity,
      maxOrderValuePaise: retailers.maxOrderValuePaise,
      rules: sql<RuleJson[]>`${activeRulesJson(now, retailers.stateId)}`,
      shipTo: sql<ShipTo | null>`(select json_build_object('id', sa.id, 'name', trim(sa.first_name || ' ' || sa.last_name),
          'address', sa.address, 'city', sc.name, 'state', ss.name, 'stateCode', ss.state_code, 'pinCode', sa.pin, 'phone', sa.phone)
        from shipping_addresses sa join cities sc on sc.id = sa.city_id join states ss on ss.id = sa.state_id
        where sa.retailer_id = ${retailers.id} order by sa.is_default desc, sa.id limit 1)`,
    })
    .from(retailers)
    .innerJoin(states, eq(states.id, retailers.stateId))
    .innerJoin(cities, eq(cities.id, retailers.cityId))
    .innerJoin(countries, eq(countries.id, retailers.countryId))
    .leftJoin(users, eq(users.retailerId, retailers.id))
    .where(eq(retailers.id, sql.placeholder('retailerId')))
    .limit(1)
    .prepare('price_context');
}

/** json_build_object renders numeric columns as JSON numbers, but a driver may hand bigints back as text. */
function numericRule(rule: RuleJson): RuleJson {
  const num = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    ...rule,
    percentage: num(rule.percentage),
    amountPaise: num(rule.amountPaise),
    fromPaise: num(rule.fromPaise),
    toPaise: num(rule.toPaise),
  };
}

const templeColours = alias(colours, 'temple_colours');

/**
 * The lines of the retailer's cart (of cart `cartId` only, when given, so a cart id from the client
 * is checked against the retailer in the same query), with the product, colour and stock they show.
 * `lock` takes the cart row FOR UPDATE (placeOrder): no other order or cart change for this cart
 * runs until the transaction ends. An empty result does not say whether the cart exists.
 */
export async function loadCartLines(db: DbOrTx, retailerId: number, options: { cartId?: number; lock?: boolean } = {}) {
  const query = db
    .select({
      lineId: cartLines.id,
      cartId: cartLines.cartId,
      variantId: cartLines.productColourId,
      quantity: cartLines.quantity,
      isFree: cartLines.isFree,
      addedAt: cartLines.addedAt,
      productId: products.id,
      productTypeId: products.productTypeId,
      productCode: products.productCode,
      productName: products.productName,
      modelName: products.modelName,
      hsnCode: products.hsnCode,
      gstRatePercent: products.gstRatePercent,
      netPricePaise: products.netPricePaise,
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
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .innerJoin(productColours, eq(productColours.id, cartLines.productColourId))
    .innerJoin(products, eq(products.id, productColours.productId))
    .innerJoin(colours, eq(colours.id, productColours.frameColourId))
    .leftJoin(templeColours, eq(templeColours.id, productColours.templeColourId))
    .leftJoin(sizes, eq(sizes.id, products.sizeId))
    .where(and(eq(carts.retailerId, retailerId), options.cartId === undefined ? undefined : eq(carts.id, options.cartId)))
    .orderBy(asc(cartLines.id));
  return options.lock ? query.for('update', { of: carts }) : query;
}

export type CartLineRow = Awaited<ReturnType<typeof loadCartLines>>[number];

export type PricedLine = {
  row: CartLineRow;
  expired: boolean;
  expiresAt: Date;
  discount: PickedDiscount | null;
  /** Price of one piece (0 for a free line). */
  unitPricePaise: number;
  totals: LineTotals;
};

export type PriceContext = { pricing: Pricing; billTo: BillTo; companyStateCode: string; now: Date };

/** Discount from the rules of the retailer's state, GST on the discounted value, rounded per line (domain). */
export function priceLine(row: CartLineRow, { pricing, billTo, companyStateCode, now }: PriceContext): PricedLine {
  const expiresAt = new Date(row.addedAt.getTime() + CART_LINE_TTL_MS);
  const unitPricePaise = row.isFree ? 0 : row.netPricePaise;
  const discount = row.isFree
    ? null
    : pickDiscount(pricing.rules, { stateId: pricing.stateId, netPricePaise: unitPricePaise, productTypeId: row.productTypeId });
  const totals = lineTotals({
    unitPricePaise,
    quantity: row.quantity,
    discountPerUnitPaise: discount?.discountPaise ?? 0,
    gstRatePercent: row.gstRatePercent,
    billToStateCode: billTo.gstStateCode,
    companyStateCode,
  });
  return { row, expired: now.getTime() >= expiresAt.getTime(), expiresAt, discount, unitPricePaise, totals };
}

/** Totals of the lines that can be ordered (expired lines are left out). */
export function liveTotals(lines: readonly PricedLine[]): CartTotals {
  return cartTotals(lines.filter((line) => !line.expired).map((line) => line.totals));
}

function assertRange(quantity: number, min: number) {
  if (!Number.isInteger(quantity) || quantity < min || quantity > QUANTITY_MAX) {
    throw new AppError('invalid', messages.quantity.range);
  }
}

function checkOrderLimits(totals: CartTotals, billTo: BillTo) {
  const problem = orderLimitProblem({
    totalQuantity: totals.quantity,
    totalValuePaise: totals.totalPaise,
    maxOrderQuantity: billTo.maxOrderQuantity,
    maxOrderValuePaise: billTo.maxOrderValuePaise,
  });
  if (problem) throw new AppError('conflict', problem.message);
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
    const rows = await loadCartLines(db, retailerId);
    // Lines name their cart; only an empty cart needs a second look for its id.
    const cartId = rows[0]?.cartId ?? (await cartIdOf(db, retailerId));
    const lines = rows.map((row) => priceLine(row, ctx));
    return { ctx, cartId, lines, totals: liveTotals(lines) };
  }

  /** getCartItems: a page of lines (expired ones flagged), totals over every unexpired line. */
  async function view(acting: ActingContext, pageNumber: number, pageSize: number): Promise<CartResponse> {
    const { ctx, cartId, lines, totals } = await pricedCart(acting.retailerId);
    const page = lines.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
    const first = lines.find((line) => !line.expired) ?? lines[0];
    const { billTo } = ctx;
    return {
      cartItems: page.map(toCartItem),
      cartItemsCount: lines.length,
      ...toCartTotals(totals),
      rates: {
        cGSTRate: first?.totals.cgstRate ?? 0,
        iGSTRate: first?.totals.igstRate ?? 0,
        sGSTRate: first?.totals.sgstRate ?? 0,
      },
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
      const existing = (await loadCartLines(tx, acting.retailerId, { cartId: cart.id })).map((row) => priceLine(row, ctx));
      const live = existing.filter((line) => !line.expired);
      const inCart = new Map<number, number>();
      for (const line of live) inCart.set(line.row.variantId, (inCart.get(line.row.variantId) ?? 0) + line.row.quantity);

      const skipped: { ProductId: number; ColorVariant: string; Message: string }[] = [];
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
      const added = [...accepted.values()].map(({ variant, quantity }) => {
        const discount = pickDiscount(ctx.pricing.rules, {
          stateId: ctx.pricing.stateId,
          netPricePaise: variant.netPricePaise,
          productTypeId: variant.productTypeId,
        });
        return lineTotals({
          unitPricePaise: variant.netPricePaise,
          quantity,
          discountPerUnitPaise: discount?.discountPaise ?? 0,
          gstRatePercent: variant.gstRatePercent,
          billToStateCode: billTo.gstStateCode,
          companyStateCode: ctx.companyStateCode,
        });
      });
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
              updatedAt: now,
            })),
        )
        .onConflictDoUpdate({
          target: [cartLines.cartId, cartLines.productColourId, cartLines.isFree],
          set: {
            quantity: sql`case when ${expired} then excluded.quantity else ${cartLines.quantity} + excluded.quantity end`,
            addedAt: sql`case when ${expired} then excluded.added_at else ${cartLines.addedAt} end`,
            addedByUserId: sql`case when ${expired} then excluded.added_by_user_id else ${cartLines.addedByUserId} end`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
      const newLines = [...accepted.keys()].filter((id) => !existing.some((l) => l.row.variantId === id && !l.row.isFree)).length;
      return { message: messages.cart.added, skipped, CartCount: existing.length + newLines };
    });
  }

  /** updateItemsToCart in one transaction: quantities 1–100, stock, per-colour and order limits; free lines fixed. */
  async function update(acting: ActingContext, input: { CartProductDetailID: number; Quantity: number }[]) {
    for (const line of input) assertRange(line.Quantity, 1);
    const ctx = await context(acting.retailerId);
    const { billTo, now } = ctx;
    const totals = await db.transaction(async (tx) => {
      const rows = await loadCartLines(tx, acting.retailerId, { lock: true });
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
        await tx.update(cartLines).set({ quantity, updatedAt: now }).where(eq(cartLines.id, lineId));
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
