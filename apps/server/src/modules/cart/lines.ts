/** The one read of a retailer's cart lines: cart's own calls and placing an order both use it. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { cartLines, carts, colours, productColours, products, sizes } from '../../db/schema.ts';

const templeColours = alias(colours, 'temple_colours');

/**
 * The lines of the retailer's cart (of cart `cartId` only, when given, so a cart id from the client
 * is checked against the retailer in the same query), with the product, colour and stock they show.
 * `lock` takes the cart row FOR UPDATE (placeOrder): no other order or cart change for this cart
 * runs until the transaction ends. An empty result does not say whether the cart exists.
 */
export async function readCartLines(db: DbOrTx, retailerId: number, options: { cartId?: number; lock?: boolean } = {}) {
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
      /** The list price when the line was added or its quantity last changed (null: before issue 17). */
      netPricePaiseAtAdd: cartLines.netPricePaiseAtAdd,
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

export type CartLineRow = Awaited<ReturnType<typeof readCartLines>>[number];
