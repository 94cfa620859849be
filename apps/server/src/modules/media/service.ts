import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { banners, colours, frameShapes, materials, priceRanges, productColours, products } from '../../db/schema.ts';

const templeColours = alias(colours, 'temple_colours');

/** What the generated images are drawn from: one small read by primary key each, null when there is no such row. */
export function createMediaService({ db }: { db: Db }) {
  async function productColour(productColourId: number) {
    const [row] = await db
      .select({
        productName: products.productName,
        productTypeId: products.productTypeId,
        frameType: products.frameType,
        colorVariant: productColours.colorVariant,
        shapeCode: frameShapes.code,
        frameColour: colours.hexCode,
        frameColourName: colours.name,
        templeColour: templeColours.hexCode,
      })
      .from(productColours)
      .innerJoin(products, eq(products.id, productColours.productId))
      .leftJoin(frameShapes, eq(frameShapes.id, products.frameShapeId))
      .innerJoin(colours, eq(colours.id, productColours.frameColourId))
      .innerJoin(templeColours, eq(templeColours.id, productColours.templeColourId))
      .where(eq(productColours.id, productColourId))
      .limit(1);
    return row ?? null;
  }

  async function banner(id: number) {
    const [row] = await db
      .select({
        title: banners.title,
        isLoginBanner: banners.isLoginBanner,
        isNewArrivalBanner: banners.isNewArrivalBanner,
        isMaterialBanner: banners.isMaterialBanner,
        isPriceRangeBanner: banners.isPriceRangeBanner,
        isFrameBanner: banners.isFrameBanner,
        isColourBanner: banners.isColourBanner,
      })
      .from(banners)
      .where(eq(banners.id, id))
      .limit(1);
    return row ?? null;
  }

  async function material(id: number) {
    const [row] = await db
      .select({ name: materials.name, description: materials.description })
      .from(materials)
      .where(eq(materials.id, id))
      .limit(1);
    return row ?? null;
  }

  async function frameShape(id: number) {
    const [row] = await db
      .select({ name: frameShapes.name, code: frameShapes.code })
      .from(frameShapes)
      .where(eq(frameShapes.id, id))
      .limit(1);
    return row ?? null;
  }

  async function priceRange(id: number) {
    const [row] = await db.select({ label: priceRanges.label }).from(priceRanges).where(eq(priceRanges.id, id)).limit(1);
    return row ?? null;
  }

  return { productColour, banner, material, frameShape, priceRange };
}

export type MediaService = ReturnType<typeof createMediaService>;
