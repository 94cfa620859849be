/**
 * The catalogue: masters, products, colour variants, images, price ranges. Written by the seed;
 * modules/uploads writes product images, modules/orders takes stock from
 * `product_colours.available_stock_quantity` (stock_movements, in stock.ts, records why).
 * `search_terms` and `catalogue_version` are kept by triggers (migrations 0003, 0005).
 */
import { ACCESSORY_PRODUCT_TYPE_ID } from '@frameport/domain';
import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, paise, percent, sqlList, tstz, updatedAt } from './columns.ts';

export const PRODUCT_TYPE_IDS = {
  eyeglasses: 1,
  sunglasses: 2,
  readingGlasses: 3,
  accessory: ACCESSORY_PRODUCT_TYPE_ID,
} as const;

export const FRAME_TYPES = ['Full Rim', 'Half Rim', 'Rimless'] as const;
export type FrameType = (typeof FRAME_TYPES)[number];
export const IMAGE_TYPES = ['front', 'side', 'thumbnail'] as const;

export const brands = pgTable('brands', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull().unique(),
  description: text(),
  sortOrder: integer().notNull().default(0),
  isActive: boolean().notNull().default(true),
});

export const materials = pgTable('materials', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull().unique(),
  description: text(),
  displayOnHome: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
});

export const materialImages = pgTable(
  'material_images',
  {
    id: serial().primaryKey(),
    materialId: integer()
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    imageName: text().notNull(),
    url: text().notNull(),
    isHovered: boolean().notNull().default(false),
  },
  (t) => [index('material_images_material_id_idx').on(t.materialId)],
);

export const frameShapes = pgTable('frame_shapes', {
  id: serial().primaryKey(),
  /** Drawing code used by the SVG renderer: 'round', 'aviator', 'cat-eye', ... */
  code: text().notNull().unique(),
  name: text().notNull().unique(),
  description: text(),
  displayOnHome: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
});

export const frameShapeImages = pgTable(
  'frame_shape_images',
  {
    id: serial().primaryKey(),
    frameShapeId: integer()
      .notNull()
      .references(() => frameShapes.id, { onDelete: 'cascade' }),
    imageName: text().notNull(),
    url: text().notNull(),
    isHovered: boolean().notNull().default(false),
  },
  (t) => [index('frame_shape_images_frame_shape_id_idx').on(t.frameShapeId)],
);

export const genders = pgTable('genders', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  sortOrder: integer().notNull().default(0),
});

export const sizes = pgTable('sizes', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  /** Eye-size band in mm, informative. */
  minEyeSizeMm: integer(),
  maxEyeSizeMm: integer(),
  sortOrder: integer().notNull().default(0),
});

export const colours = pgTable(
  'colours',
  {
    id: serial().primaryKey(),
    name: text().notNull().unique(),
    hexCode: text().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (_t) => [check('colours_hex_code_format', sql`hex_code ~ '^#[0-9A-Fa-f]{6}$'`)],
);

export const productTypes = pgTable('product_types', {
  /** Fixed ids: 1 Eyeglasses frame, 2 Sunglasses, 3 Reading glasses, 4 Accessory. */
  id: integer().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
});

export const tags = pgTable('tags', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  isCollection: boolean().notNull().default(false),
});

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    productCode: text().notNull().unique(),
    /** The model number a shop owner types, e.g. 'UO-AV-1042'. */
    modelName: text().notNull(),
    modelCode: text().notNull(),
    productName: text().notNull(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    productTypeId: integer()
      .notNull()
      .references(() => productTypes.id, { onDelete: 'restrict' }),
    /** 'Full Rim' | 'Half Rim' | 'Rimless'; null for accessories. */
    frameType: text({ enum: FRAME_TYPES }),
    frameShapeId: integer().references(() => frameShapes.id, { onDelete: 'restrict' }),
    /** Frame (front) material. */
    materialId: integer().references(() => materials.id, { onDelete: 'restrict' }),
    templeMaterialId: integer().references(() => materials.id, { onDelete: 'restrict' }),
    sizeId: integer().references(() => sizes.id, { onDelete: 'restrict' }),
    frameWidthMm: integer(),
    eyeSizeMm: integer(),
    noseBridgeMm: integer(),
    armLengthMm: integer(),
    weightGrams: integer(),
    weightGroup: text(),
    manufacturerDetails: text(),
    productWarranty: text(),
    description: text(),
    hsnCode: text().notNull(),
    /** GST rate in percent, e.g. 5.00 or 18.00 (numeric(5,2), read as a number). */
    gstRatePercent: percent().notNull(),
    netPricePaise: paise().notNull(),
    releaseDate: date({ mode: 'string' }),
    isActive: boolean().notNull().default(true),
    /** Extra words for search kept by the writer: brand, shape, material, colour names. */
    searchKeywords: text().notNull().default(''),
    /** lower(model name + model code + product code + product name + keywords); pg_trgm GIN indexed. */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(
        sql`lower(model_name || ' ' || model_code || ' ' || product_code || ' ' || product_name || ' ' || search_keywords)`,
      ),
    /**
     * The same words with every space and punctuation mark removed ('uoav1042…urbanoptix…'), pg_trgm GIN
     * indexed: finds a brand typed without its space ('urbanoptix') and a model number typed without
     * hyphens ('uoav1042', 'av1042'). (A generated column cannot read another, so the expression repeats.)
     */
    searchCompact: text()
      .notNull()
      .generatedAlwaysAs(
        sql`regexp_replace(lower(model_name || ' ' || model_code || ' ' || product_code || ' ' || product_name || ' ' || search_keywords), '[^a-z0-9]+', '', 'g')`,
      ),
    /** The model number without punctuation ('uoav1042'): exact and prefix model-number matches rank first. */
    modelCompact: text()
      .notNull()
      .generatedAlwaysAs(sql`regexp_replace(lower(model_name), '[^a-z0-9]+', '', 'g')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_brand_id_idx').on(t.brandId),
    index('products_product_type_id_idx').on(t.productTypeId),
    index('products_frame_shape_id_idx').on(t.frameShapeId),
    index('products_material_id_idx').on(t.materialId),
    index('products_size_id_idx').on(t.sizeId),
    index('products_net_price_paise_idx').on(t.netPricePaise, t.id),
    // ORDER BY release_date DESC, id DESC: plain DESC means NULLS FIRST, so the index must say so.
    index('products_release_date_id_idx').on(t.releaseDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The back office's products list, newest change first (ORDER BY updated_at DESC, id DESC).
    index('products_updated_at_id_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_model_name_lower_idx').on(sql`lower(model_name)`),
    // Counting the active catalogue (and the outer side of the gender / colour / stock semi-joins) by an
    // index-only scan of ~30 pages instead of the whole, wide table (~1,100 pages for 10,000 styles).
    index('products_active_id_idx')
      .on(t.id)
      .where(sql`is_active`),
    // Sort by name / model number (byte order of the lower-cased text, as the catalogue orders them).
    index('products_product_name_sort_idx').on(sql`lower(product_name) collate "C"`, t.id),
    index('products_model_name_sort_idx').on(sql`lower(model_name) collate "C"`, t.id),
    // Trigram GIN indexes keep new entries in a pending list until VACUUM merges it; a bulk load must be
    // followed by VACUUM (the seed does), or every search scans the list (docs/catalogue-indexes.md).
    index('products_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('products_search_compact_trgm_idx').using('gin', t.searchCompact.op('gin_trgm_ops')),
    check('products_net_price_nonneg', sql`net_price_paise >= 0`),
    check('products_gst_rate_range', sql`gst_rate_percent >= 0 and gst_rate_percent <= 100`),
    check('products_hsn_code_format', sql`hsn_code ~ '^[0-9]{4,8}$'`),
    check('products_frame_type_check', sql`frame_type is null or frame_type in (${sqlList(FRAME_TYPES)})`),
    check(
      'products_dimensions_positive',
      sql`(frame_width_mm is null or frame_width_mm > 0) and (eye_size_mm is null or eye_size_mm > 0)
        and (nose_bridge_mm is null or nose_bridge_mm > 0) and (arm_length_mm is null or arm_length_mm > 0)
        and (weight_grams is null or weight_grams > 0)`,
    ),
  ],
);

/**
 * The catalogue's search table (issue 19, decision 017): one row per ACTIVE style with everything
 * getAll and getFacets filter, sort and match on (no descriptions, sizes, images: about half the
 * width of a `products` row), so a search reads this table and its indexes instead of `products`
 * and three semi-joins. Its release-date index carries every filter column (INCLUDE), so a search
 * without text reads and counts its matches from the index alone.
 * Kept by triggers on products, product_genders and product_colours (migration 0017): every writer
 * (the catalogue desk, imports, orders taking stock, the stock desk, the seed, SQL by hand) keeps
 * it right in the same transaction, so a reader never sees it differ from the tables.
 */
export const catalogueSearch = pgTable(
  'catalogue_search',
  {
    id: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    brandId: integer().notNull(),
    productTypeId: integer().notNull(),
    frameShapeId: integer(),
    materialId: integer(),
    sizeId: integer(),
    /** product_genders of the style. */
    genderIds: integer().array().notNull(),
    /** The frame colours of its variants (distinct, sorted). */
    colourIds: integer().array().notNull(),
    /** Some variant has stock (> 0). */
    inStock: boolean().notNull(),
    netPricePaise: paise().notNull(),
    releaseDate: date(),
    /** lower(product_name), lower(model_name): sorted in byte order (collate "C"). */
    nameKey: text().notNull(),
    modelKey: text().notNull(),
    /** products.search_text, search_compact, model_compact (docs/catalogue-indexes.md, Free-text search). */
    searchText: text().notNull(),
    searchCompact: text().notNull(),
    modelCompact: text().notNull(),
  },
  (t) => [
    // catalogue_search_release_date_idx (newest first, INCLUDE every filter column) is in migration 0017:
    // drizzle-kit cannot write INCLUDE. Migration 0020 rebuilds the price and the five filter-id indexes
    // below under the same names with every other filter column INCLUDEd (index-only counts).
    // Relevance ranks equal scores newest first with undated styles last (decision 017).
    index('catalogue_search_release_date_nulls_last_idx').on(t.releaseDate.desc().nullsLast(), t.id.desc()),
    index('catalogue_search_net_price_idx').on(t.netPricePaise, t.id),
    // Related products, best first, one tier at a time (search.ts relatedProductsSql): same type and shape, or same type and brand.
    index('catalogue_search_type_shape_idx').on(t.productTypeId, t.frameShapeId, t.releaseDate.desc().nullsLast(), t.id.desc()),
    index('catalogue_search_type_brand_idx').on(t.productTypeId, t.brandId, t.releaseDate.desc().nullsLast(), t.id.desc()),
    index('catalogue_search_name_idx').on(sql`name_key collate "C"`, t.id),
    index('catalogue_search_model_idx').on(sql`model_key collate "C"`, t.id),
    index('catalogue_search_brand_id_idx').on(t.brandId),
    index('catalogue_search_product_type_id_idx').on(t.productTypeId),
    index('catalogue_search_frame_shape_id_idx').on(t.frameShapeId),
    index('catalogue_search_material_id_idx').on(t.materialId),
    index('catalogue_search_size_id_idx').on(t.sizeId),
    index('catalogue_search_model_compact_idx').on(t.modelCompact.op('text_pattern_ops')),
    index('catalogue_search_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('catalogue_search_search_compact_trgm_idx').using('gin', t.searchCompact.op('gin_trgm_ops')),
    index('catalogue_search_gender_ids_idx').using('gin', t.genderIds),
    index('catalogue_search_colour_ids_idx').using('gin', t.colourIds),
  ],
);

/**
 * The catalogue's vocabulary: every word of 3+ letters in `products.search_text`, collected by a
 * trigger on products (migration 0003). A search word found nowhere in the catalogue ('aviatr') is
 * corrected against these few hundred words (pg_trgm word similarity) instead of against every product.
 * Words of deleted products stay: a stale word only ever matches nothing.
 */
export const searchTerms = pgTable('search_terms', {
  term: text().primaryKey(),
});

/**
 * One row: a number bumped by statement-level triggers (migration 0005) on every write to a
 * table the catalogue reads (products, variants and stock, images, masters, discount rules,
 * retailers). Read caches key their entries by it, so any change — from any process — is seen
 * by the next request.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: integer().primaryKey().default(1),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (_t) => [check('catalogue_version_single_row', sql`id = 1`)],
);

export const productGenders = pgTable(
  'product_genders',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    genderId: integer()
      .notNull()
      .references(() => genders.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.genderId] }), index('product_genders_gender_id_idx').on(t.genderId)],
);

export const productTags = pgTable(
  'product_tags',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'restrict' }),
    /** 0-based order; the first tag (position 0) is the collection. */
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.tagId] }),
    index('product_tags_tag_id_idx').on(t.tagId),
    check('product_tags_position_nonneg', sql`position >= 0`),
  ],
);

/** Colour variants: `id` is the spec's productColorId. Stock lives here. */
export const productColours = pgTable(
  'product_colours',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 'C1', 'C2', ... */
    colorVariant: text().notNull(),
    /** Numeric part of colorVariant, for sorting C2 before C10. */
    variantNumber: integer().notNull(),
    frameColourId: integer()
      .notNull()
      .references(() => colours.id, { onDelete: 'restrict' }),
    templeColourId: integer()
      .notNull()
      .references(() => colours.id, { onDelete: 'restrict' }),
    availableStockQuantity: integer().notNull().default(0),
    /** Low stock at or below this; null = the default (DEFAULT_LOW_STOCK_THRESHOLD, config LowStockThreshold). */
    lowStockThreshold: integer(),
    updatedOn: tstz().notNull().defaultNow(),
  },
  (t) => [
    // Leading product_id also serves "variants of product X" lookups.
    unique('product_colours_product_id_variant_number_unique').on(t.productId, t.variantNumber),
    unique('product_colours_product_id_color_variant_unique').on(t.productId, t.colorVariant),
    index('product_colours_frame_colour_id_idx').on(t.frameColourId),
    // Availability filter: "has any variant in stock".
    index('product_colours_in_stock_idx')
      .on(t.productId)
      .where(sql`available_stock_quantity > 0`),
    check('product_colours_stock_nonneg', sql`available_stock_quantity >= 0`),
    check('product_colours_variant_number_positive', sql`variant_number > 0`),
    check('product_colours_low_stock_threshold_nonneg', sql`low_stock_threshold is null or low_stock_threshold >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial().primaryKey(),
    productColourId: integer()
      .notNull()
      .references(() => productColours.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    imageName: text().notNull(),
    priority: integer().notNull().default(0),
    imageType: text({ enum: IMAGE_TYPES }).notNull(),
  },
  (t) => [
    index('product_images_product_colour_id_idx').on(t.productColourId, t.priority),
    check('product_images_image_type_check', sql`image_type in (${sqlList(IMAGE_TYPES)})`),
  ],
);

export const priceRanges = pgTable(
  'price_ranges',
  {
    id: serial().primaryKey(),
    /** e.g. 'Under ₹600' */
    label: text().notNull(),
    minPaise: paise().notNull().default(0),
    /** null = no upper bound ('Above ₹1,200'). */
    maxPaise: paise(),
    sortOrder: integer().notNull().default(0),
  },
  (_t) => [check('price_ranges_bounds', sql`min_paise >= 0 and (max_paise is null or max_paise >= min_paise)`)],
);

export const priceRangeImages = pgTable(
  'price_range_images',
  {
    id: serial().primaryKey(),
    priceRangeId: integer()
      .notNull()
      .references(() => priceRanges.id, { onDelete: 'cascade' }),
    imageName: text().notNull(),
    url: text().notNull(),
    isHovered: boolean().notNull().default(false),
  },
  (t) => [index('price_range_images_price_range_id_idx').on(t.priceRangeId)],
);

// Home lists read materials, frame shapes and price ranges with their images (db.query ... with).

export const materialsRelations = relations(materials, ({ many }) => ({ images: many(materialImages) }));
export const materialImagesRelations = relations(materialImages, ({ one }) => ({
  material: one(materials, { fields: [materialImages.materialId], references: [materials.id] }),
}));
export const frameShapesRelations = relations(frameShapes, ({ many }) => ({ images: many(frameShapeImages) }));
export const frameShapeImagesRelations = relations(frameShapeImages, ({ one }) => ({
  frameShape: one(frameShapes, { fields: [frameShapeImages.frameShapeId], references: [frameShapes.id] }),
}));
export const priceRangesRelations = relations(priceRanges, ({ many }) => ({ images: many(priceRangeImages) }));
export const priceRangeImagesRelations = relations(priceRangeImages, ({ one }) => ({
  priceRange: one(priceRanges, { fields: [priceRangeImages.priceRangeId], references: [priceRanges.id] }),
}));

export type Brand = typeof brands.$inferSelect;
export type Material = typeof materials.$inferSelect;
export type FrameShape = typeof frameShapes.$inferSelect;
export type Gender = typeof genders.$inferSelect;
export type Size = typeof sizes.$inferSelect;
export type Colour = typeof colours.$inferSelect;
export type ProductType = typeof productTypes.$inferSelect;
export type Tag = typeof tags.$inferSelect;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductColour = typeof productColours.$inferSelect;
export type NewProductColour = typeof productColours.$inferInsert;
export type ProductImage = typeof productImages.$inferSelect;
export type PriceRange = typeof priceRanges.$inferSelect;
