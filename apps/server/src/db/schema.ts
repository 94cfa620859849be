/**
 * Frameport data model (drizzle pg-core). See docs/data-model.md.
 *
 * Conventions:
 * - Tables are plural snake_case; TS fields are camelCase and the drizzle client and
 *   drizzle-kit both use `casing: 'snake_case'`, so `netPricePaise` is `net_price_paise`.
 *   Inside raw `sql` fragments of this file (CHECKs, generated columns, index expressions)
 *   column names are written literally in snake_case, so they do not depend on casing.
 * - Money is integer paise in `bigint` columns read as JS numbers (`mode: 'number'`),
 *   column names end in `_paise`.
 * - Percentages (GST rate, discount %) are `numeric(5,2)` read as JS numbers: 5.00, 18.00, 2.50.
 * - Only PostgreSQL 15 features: stored generated columns, CHECKs, partial/expression indexes,
 *   and the `pg_trgm` extension (migration 0000).
 */
import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------------------
// Column helpers
// ---------------------------------------------------------------------------

const paise = () => bigint({ mode: 'number' });
const percent = () => numeric({ precision: 5, scale: 2, mode: 'number' });
const tstz = () => timestamp({ withTimezone: true, mode: 'date' });
const createdAt = () => tstz().notNull().defaultNow();
const updatedAt = () =>
  tstz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------
// Constants shared with the code (values fixed by the seed and the contract)
// ---------------------------------------------------------------------------

export const ROLE_IDS = { admin: 1, retailer: 2, salesexecutive: 3 } as const;
export type RoleCode = keyof typeof ROLE_IDS;
export const ROLE_CODES = ['admin', 'retailer', 'salesexecutive'] as const;

export const PRODUCT_TYPE_IDS = { eyeglasses: 1, sunglasses: 2, readingGlasses: 3, accessory: 4 } as const;
export const ACCESSORY_PRODUCT_TYPE_ID = 4;

export const FRAME_TYPES = ['Full Rim', 'Half Rim', 'Rimless'] as const;
export type FrameType = (typeof FRAME_TYPES)[number];
export const IMAGE_TYPES = ['front', 'side', 'thumbnail'] as const;
export const ORDER_STATUSES = ['Placed', 'Confirmed', 'Dispatched', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['Unpaid', 'Partially Paid', 'Paid'] as const;
export type InvoicePaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_LINK_STATUSES = ['created', 'paid', 'failed', 'expired', 'cancelled'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];
export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** `'a', 'b'` for use in a CHECK (...) IN (...) list; values are our own constants. */
function sqlList(values: readonly string[]) {
  return sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
}

// ---------------------------------------------------------------------------
// Geography
// ---------------------------------------------------------------------------

export const countries = pgTable('countries', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
});

export const states = pgTable(
  'states',
  {
    id: serial().primaryKey(),
    countryId: integer()
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    /** The 2-digit GST state code, e.g. '36' for Telangana (spec: StateCode). */
    stateCode: text().notNull().unique(),
    /** Spec's TIN field: the same GST code. */
    tin: text().notNull(),
    isUnionTerritory: boolean().notNull().default(false),
  },
  (t) => [
    index('states_country_id_idx').on(t.countryId),
    check('states_state_code_format', sql`state_code ~ '^[0-9]{2}$'`),
  ],
);

export const cities = pgTable(
  'cities',
  {
    id: serial().primaryKey(),
    stateId: integer()
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    code: text().notNull(),
    name: text().notNull(),
  },
  (t) => [unique('cities_state_id_code_unique').on(t.stateId, t.code), index('cities_state_id_idx').on(t.stateId)],
);

// ---------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------

export const roles = pgTable(
  'roles',
  {
    /** Fixed ids: 1 Admin, 2 Retailer, 3 Sales Executive (see ROLE_IDS). */
    id: integer().primaryKey(),
    code: text({ enum: ROLE_CODES }).notNull().unique(),
    name: text().notNull(),
  },
  (_t) => [check('roles_code_check', sql`code in (${sqlList(ROLE_CODES)})`)],
);

export const retailers = pgTable(
  'retailers',
  {
    id: serial().primaryKey(),
    businessName: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull().default(''),
    email: text().notNull(),
    phone: text().notNull(),
    alternatePhone: text(),
    address: text().notNull(),
    cityId: integer()
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    stateId: integer()
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    countryId: integer()
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    pinCode: text().notNull(),
    pan: text(),
    gstin: text(),
    maxLimitPerVariant: integer().notNull().default(20),
    maxOrderQuantity: integer().notNull().default(500),
    maxOrderValuePaise: paise().notNull().default(50_000_000),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('retailers_email_lower_unique').on(sql`lower(email)`),
    index('retailers_state_id_idx').on(t.stateId),
    index('retailers_city_id_idx').on(t.cityId),
    check('retailers_pin_code_format', sql`pin_code ~ '^[1-9][0-9]{5}$'`),
    check('retailers_gstin_format', sql`gstin is null or gstin ~ '^[0-9]{2}[A-Z0-9]{13}$'`),
    check('retailers_limits_positive', sql`max_limit_per_variant > 0 and max_order_quantity > 0`),
    check('retailers_max_order_value_nonneg', sql`max_order_value_paise >= 0`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    phoneNumber: text(),
    alternatePhoneNumber: text(),
    profilePictureUrl: text(),
    /** Set for a retailer's own login user (one login user per retailer). */
    retailerId: integer().references(() => retailers.id, { onDelete: 'restrict' }),
    isActive: boolean().notNull().default(true),
    passwordChangedAt: tstz().notNull().defaultNow(),
    lastLoginAt: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(email)`),
    uniqueIndex('users_retailer_id_unique')
      .on(t.retailerId)
      .where(sql`retailer_id is not null`),
    index('users_role_id_idx').on(t.roleId),
  ],
);

export const salesExecutiveRetailers = pgTable(
  'sales_executive_retailers',
  {
    salesExecutiveUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    retailerId: integer()
      .notNull()
      .references(() => retailers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.salesExecutiveUserId, t.retailerId] }),
    index('sales_executive_retailers_retailer_id_idx').on(t.retailerId),
  ],
);

export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    id: serial().primaryKey(),
    retailerId: integer()
      .notNull()
      .references(() => retailers.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull().default(''),
    address: text().notNull(),
    cityId: integer()
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    stateId: integer()
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    countryId: integer()
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    pin: text().notNull(),
    phone: text().notNull(),
    enValue: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shipping_addresses_retailer_id_idx').on(t.retailerId),
    uniqueIndex('shipping_addresses_one_default')
      .on(t.retailerId)
      .where(sql`is_default`),
    check('shipping_addresses_pin_format', sql`pin ~ '^[1-9][0-9]{5}$'`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 hex of the opaque bearer token; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    rememberMe: boolean().notNull().default(false),
    createdAt: createdAt(),
    expiresAt: tstz().notNull(),
    revokedAt: tstz(),
    lastUsedAt: tstz(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** e.g. 'user:<lower email>' or 'ip:<addr>' */
    key: text().notNull(),
    attemptedAt: tstz().notNull().defaultNow(),
    succeeded: boolean().notNull().default(false),
  },
  (t) => [index('login_attempts_key_attempted_at_idx').on(t.key, t.attemptedAt)],
);

/**
 * Sign-in throttle counters, one row per key: 'user:<lower email>', 'ip:<addr>' or
 * 'pair:<lower email>|<addr>'. An attempt is counted with one atomic upsert BEFORE the password
 * is verified, so parallel attempts cannot all slip under the limit; the window restarts when
 * it has run out.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text().primaryKey(),
  windowStartedAt: tstz().notNull(),
  attempts: integer().notNull().default(0),
  updatedAt: tstz().notNull().defaultNow(),
});

/** Addresses a user has signed in from successfully: they pass an account-wide lock (not their pair limit). */
export const loginKnownAddresses = pgTable(
  'login_known_addresses',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text().notNull(),
    lastSucceededAt: tstz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

/** A pending change of sign-in email: applied only when the link mailed to the new address is opened. */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text().notNull(),
    /** sha256 hex of the token in the confirmation link; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    expiresAt: tstz().notNull(),
    usedAt: tstz(),
    cancelledAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_requests_user_id_idx').on(t.userId)],
);

/**
 * One row per server process: /healthz writes its beat here, so a server whose database cannot
 * write (disk full, read-only) reports unhealthy and a load balancer stops sending it orders.
 */
export const heartbeats = pgTable('heartbeats', {
  instance: text().primaryKey(),
  beatAt: tstz().notNull(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: tstz().notNull(),
    usedAt: tstz(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

// ---------------------------------------------------------------------------
// Catalogue masters
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------

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

/** Stock changes (orders, admin uploads, cancellations), for traceability. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    productColourId: integer()
      .notNull()
      .references(() => productColours.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
    reason: text().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_product_colour_id_idx').on(t.productColourId, t.createdAt)],
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

export const discountRules = pgTable(
  'discount_rules',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** null = all states (fallback rules). */
    stateId: integer().references(() => states.id, { onDelete: 'cascade' }),
    usePercentage: boolean().notNull(),
    discountPercentage: percent(),
    discountAmountPaise: paise(),
    priceFromPaise: paise(),
    priceToPaise: paise(),
    isActive: boolean().notNull().default(true),
    validFrom: tstz(),
    validTo: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('discount_rules_state_id_idx').on(t.stateId),
    check(
      'discount_rules_value',
      sql`(use_percentage and discount_percentage is not null and discount_percentage > 0 and discount_percentage <= 100)
        or (not use_percentage and discount_amount_paise is not null and discount_amount_paise > 0)`,
    ),
    check(
      'discount_rules_price_bounds',
      sql`(price_from_paise is null or price_from_paise >= 0) and (price_to_paise is null or price_to_paise >= 0)
        and (price_from_paise is null or price_to_paise is null or price_from_paise <= price_to_paise)`,
    ),
    check('discount_rules_validity', sql`valid_from is null or valid_to is null or valid_from <= valid_to`),
  ],
);

// ---------------------------------------------------------------------------
// Content
// ---------------------------------------------------------------------------

export const banners = pgTable(
  'banners',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    imageUrl: text().notNull(),
    imageName: text().notNull(),
    mobileImageUrl: text(),
    isHomeBanner: boolean().notNull().default(false),
    isLoginBanner: boolean().notNull().default(false),
    isNewArrivalBanner: boolean().notNull().default(false),
    isMaterialBanner: boolean().notNull().default(false),
    isPriceRangeBanner: boolean().notNull().default(false),
    isFrameBanner: boolean().notNull().default(false),
    isColourBanner: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdOn: tstz().notNull().defaultNow(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    modifiedOn: tstz()
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    modifiedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('banners_sort_order_idx').on(t.sortOrder)],
);

/** The banner flags of spec section 3 (which sections a banner appears in). */
export type BannerFlags = Pick<
  typeof banners.$inferSelect,
  | 'isHomeBanner'
  | 'isLoginBanner'
  | 'isNewArrivalBanner'
  | 'isMaterialBanner'
  | 'isPriceRangeBanner'
  | 'isFrameBanner'
  | 'isColourBanner'
>;

export const pages = pgTable('pages', {
  id: serial().primaryKey(),
  /** 'ABOUTUS', 'FOOTER', 'PAYMENTPOLICY', ... */
  pageName: text().notNull().unique(),
  title: text().notNull(),
  /** HTML, sanitized by modules/content/sanitize.ts before it is stored (docs/decisions/007-page-content.md). */
  content: text().notNull(),
  year: text(),
  updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const corporateDetails = pgTable(
  'corporate_details',
  {
    /** Single row: id is always 1. */
    id: integer().primaryKey().default(1),
    companyName: text().notNull(),
    address: text().notNull(),
    contactNumber: text().notNull(),
    emailId: text().notNull(),
    gstin: text().notNull(),
    pan: text(),
    stateCode: text().notNull(),
    updatedAt: updatedAt(),
  },
  (_t) => [check('corporate_details_single_row', sql`id = 1`)],
);

export const config = pgTable('config', {
  configKey: text().primaryKey(),
  configValue: text().notNull(),
  description: text(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------
// Cart
// ---------------------------------------------------------------------------

export const carts = pgTable('carts', {
  id: serial().primaryKey(),
  /** One open cart per retailer. */
  retailerId: integer()
    .notNull()
    .unique()
    .references(() => retailers.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial().primaryKey(),
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productColourId: integer()
      .notNull()
      .references(() => productColours.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    isFree: boolean().notNull().default(false),
    /** Lines expire 24 h (config CartExpiryHours) after they were added. */
    addedAt: tstz().notNull().defaultNow(),
    addedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('cart_lines_cart_variant_free_unique').on(t.cartId, t.productColourId, t.isFree),
    index('cart_lines_product_colour_id_idx').on(t.productColourId),
    check('cart_lines_quantity_positive', sql`quantity > 0`),
  ],
);

// ---------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------

/**
 * Order reference numbers ('FP/2026-27/000123': the financial year, then this number). A sequence,
 * not a counter row: nextval takes no lock, so orders never queue on each other for a number. Order
 * references need not be gap-free (a rolled-back order skips one); invoice numbers must be, and
 * use document_sequences.
 */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1, increment: 1, minValue: 1 });

/** Gap-free numbering per series and financial year (invoice numbers, which GST rules require without gaps). */
export const documentSequences = pgTable(
  'document_sequences',
  {
    /** 'order' | 'invoice' */
    series: text().notNull(),
    /** '2026-27' */
    financialYear: text().notNull(),
    lastValue: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.financialYear] }),
    check('document_sequences_last_value_nonneg', sql`last_value >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    /** e.g. 'FP/2026-27/000123' */
    orderRefNo: text().notNull().unique(),
    retailerId: integer()
      .notNull()
      .references(() => retailers.id, { onDelete: 'restrict' }),
    placedByUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text({ enum: ORDER_STATUSES }).notNull().default('Placed'),
    note: text(),
    /** Client-supplied (or cart-derived) key: placing the same order twice creates one order. */
    idempotencyKey: text(),
    // Bill-to snapshot (the retailer at the time of the order).
    billToBusinessName: text().notNull(),
    billToAddress: text().notNull(),
    billToCity: text().notNull(),
    billToState: text().notNull(),
    billToStateCode: text().notNull(),
    billToCountry: text().notNull(),
    billToPinCode: text().notNull(),
    billToGstin: text(),
    // Ship-to snapshot (optional).
    shippingAddressId: integer().references(() => shippingAddresses.id, { onDelete: 'set null' }),
    shipToName: text(),
    shipToAddress: text(),
    shipToCity: text(),
    shipToState: text(),
    shipToStateCode: text(),
    shipToPinCode: text(),
    shipToPhone: text(),
    /** The company's GST state code at the time (decides CGST+SGST vs IGST). */
    companyStateCode: text().notNull(),
    totalQuantity: integer().notNull(),
    /** Sum of list price x quantity (before discount). */
    subtotalPaise: paise().notNull(),
    discountPaise: paise().notNull().default(0),
    taxablePaise: paise().notNull(),
    cgstPaise: paise().notNull().default(0),
    sgstPaise: paise().notNull().default(0),
    igstPaise: paise().notNull().default(0),
    roundOffPaise: paise().notNull().default(0),
    totalPaise: paise().notNull(),
    placedAt: tstz().notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_retailer_id_placed_at_idx').on(t.retailerId, t.placedAt.desc().nullsFirst()),
    index('orders_placed_at_idx').on(t.placedAt.desc().nullsFirst()),
    index('orders_status_idx').on(t.status),
    uniqueIndex('orders_retailer_idempotency_key_unique')
      .on(t.retailerId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    check('orders_status_check', sql`status in (${sqlList(ORDER_STATUSES)})`),
    check('orders_total_quantity_positive', sql`total_quantity > 0`),
    check(
      'orders_money_nonneg',
      sql`subtotal_paise >= 0 and discount_paise >= 0 and taxable_paise >= 0 and cgst_paise >= 0
        and sgst_paise >= 0 and igst_paise >= 0 and total_paise >= 0`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productColourId: integer().references(() => productColours.id, { onDelete: 'set null' }),
    // Snapshots, so the order reads the same after the catalogue changes.
    productId: integer().notNull(),
    productTypeId: integer().notNull(),
    productCode: text().notNull(),
    productName: text().notNull(),
    modelName: text().notNull(),
    colourName: text().notNull(),
    templeColourName: text(),
    colorVariant: text().notNull(),
    sizeName: text(),
    eyeSizeMm: integer(),
    noseBridgeMm: integer(),
    armLengthMm: integer(),
    hsnCode: text().notNull(),
    gstRatePercent: percent().notNull(),
    quantity: integer().notNull(),
    /** List (net) price per unit. */
    unitPricePaise: paise().notNull(),
    discountPerUnitPaise: paise().notNull().default(0),
    discountName: text(),
    /** Discount rule id at the time (no FK: rules may be deleted). */
    discountRuleId: integer(),
    /** quantity x (unit price - discount per unit) */
    taxablePaise: paise().notNull(),
    cgstRatePercent: percent().notNull().default(0),
    sgstRatePercent: percent().notNull().default(0),
    igstRatePercent: percent().notNull().default(0),
    cgstPaise: paise().notNull().default(0),
    sgstPaise: paise().notNull().default(0),
    igstPaise: paise().notNull().default(0),
    lineTotalPaise: paise().notNull(),
    isFree: boolean().notNull().default(false),
    imageUrl: text(),
  },
  (t) => [
    index('order_lines_order_id_idx').on(t.orderId),
    index('order_lines_product_colour_id_idx').on(t.productColourId),
    check('order_lines_quantity_positive', sql`quantity > 0`),
    check(
      'order_lines_money_nonneg',
      sql`unit_price_paise >= 0 and discount_per_unit_paise >= 0 and discount_per_unit_paise <= unit_price_paise
        and taxable_paise >= 0 and cgst_paise >= 0 and sgst_paise >= 0 and igst_paise >= 0 and line_total_paise >= 0`,
    ),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text({ enum: ORDER_STATUSES }).notNull(),
    note: text(),
    changedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    changedAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    index('order_status_history_order_id_idx').on(t.orderId, t.changedAt),
    check('order_status_history_status_check', sql`status in (${sqlList(ORDER_STATUSES)})`),
  ],
);

// ---------------------------------------------------------------------------
// Invoices and payments
// ---------------------------------------------------------------------------

export const invoices = pgTable(
  'invoices',
  {
    id: serial().primaryKey(),
    /** Rule 46: ≤ 16 chars, letters/digits and - /, unique per financial year (FY is part of it). */
    invoiceNo: text().notNull().unique(),
    financialYear: text().notNull(),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    retailerId: integer()
      .notNull()
      .references(() => retailers.id, { onDelete: 'restrict' }),
    invoiceDate: date({ mode: 'string' }).notNull(),
    amountPaise: paise().notNull(),
    paidPaise: paise().notNull().default(0),
    /** amount - paid, computed by the database. */
    balancePaise: paise()
      .notNull()
      .generatedAlwaysAs(sql`amount_paise - paid_paise`),
    /** Derived by the database from paid vs amount, so it can never disagree with them. */
    paymentStatus: text({ enum: PAYMENT_STATUSES })
      .notNull()
      .generatedAlwaysAs(
        sql`case when paid_paise >= amount_paise then 'Paid' when paid_paise = 0 then 'Unpaid' else 'Partially Paid' end`,
      ),
    documentPath: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoices_retailer_id_invoice_date_idx').on(t.retailerId, t.invoiceDate.desc().nullsFirst()),
    check('invoices_invoice_no_format', sql`invoice_no ~ '^[A-Za-z0-9/-]{1,16}$'`),
    check('invoices_invoice_no_length', sql`char_length(invoice_no) <= 16`),
    check('invoices_amounts', sql`amount_paise >= 0 and paid_paise >= 0 and paid_paise <= amount_paise`),
  ],
);

/**
 * One payment link: an amount the retailer chose to pay, through one provider. It is applied once,
 * when the provider reports it paid (applied_at), spread over the retailer's open invoices by
 * `payment_allocations`: the invoices named in `target_invoice_ids` first (oldest first), otherwise
 * every open invoice oldest first. What no invoice could take (the retailer paid two links for the
 * same balance) stays in `unapplied_paise`, a credit shown on the account statement.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    /** Legacy single-invoice link (seeded history); new links use `target_invoice_ids`. */
    invoiceId: integer().references(() => invoices.id, { onDelete: 'restrict' }),
    retailerId: integer()
      .notNull()
      .references(() => retailers.id, { onDelete: 'restrict' }),
    /** Invoices the retailer chose to pay, in the order chosen; null = all open invoices, oldest first. */
    targetInvoiceIds: integer().array(),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    /** Provider's payment link id (Razorpay plink_...), or the sandbox's own. */
    paymentLinkId: text().notNull().unique(),
    paymentLinkUrl: text(),
    /** Our reference sent to the provider (reference_id), unique. */
    transactionNo: text().notNull().unique(),
    amountPaise: paise().notNull(),
    status: text({ enum: PAYMENT_LINK_STATUSES }).notNull().default('created'),
    providerPaymentId: text().unique(),
    failureReason: text(),
    /** Set once when the amount was added to invoices.paid_paise (applied exactly once). */
    appliedAt: tstz(),
    /** Paid but owed to no open invoice when applied: a credit on the account. */
    unappliedPaise: paise().notNull().default(0),
    expiresAt: tstz(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_invoice_id_idx').on(t.invoiceId),
    index('payments_retailer_id_created_at_idx').on(t.retailerId, t.createdAt.desc().nullsFirst()),
    check('payments_amount_positive', sql`amount_paise > 0`),
    check('payments_unapplied_range', sql`unapplied_paise >= 0 and unapplied_paise <= amount_paise`),
    check('payments_provider_check', sql`provider in (${sqlList(PAYMENT_PROVIDERS)})`),
    check('payments_status_check', sql`status in (${sqlList(PAYMENT_LINK_STATUSES)})`),
    check('payments_applied_only_when_paid', sql`applied_at is null or status = 'paid'`),
  ],
);

/** How an applied payment was spread over invoices (sums to amount - unapplied). */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amountPaise: paise().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.invoiceId] }),
    index('payment_allocations_invoice_id_idx').on(t.invoiceId),
    check('payment_allocations_amount_positive', sql`amount_paise > 0`),
  ],
);

/** Provider events already handled (Razorpay webhooks repeat; `x-razorpay-event-id` de-duplicates). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text().notNull(),
    event: text().notNull(),
    paymentLinkId: text(),
    receivedAt: tstz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The sandbox provider's own book: what a real provider would keep on its side. The sandbox
 * payment page (served by this server) pays or fails these links; the payments module reads them
 * only through the provider interface.
 */
export const sandboxPaymentLinks = pgTable(
  'sandbox_payment_links',
  {
    id: text().primaryKey(),
    referenceId: text().notNull().unique(),
    amountPaise: paise().notNull(),
    description: text().notNull(),
    customerName: text(),
    /** 'created' | 'paid' | 'failed' | 'cancelled' */
    status: text().notNull().default('created'),
    amountPaidPaise: paise().notNull().default(0),
    providerPaymentId: text(),
    failureReason: text(),
    callbackUrl: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check('sandbox_payment_links_status_check', sql`status in ('created', 'paid', 'failed', 'cancelled')`),
    check('sandbox_payment_links_amount_positive', sql`amount_paise > 0`),
  ],
);

// ---------------------------------------------------------------------------
// Mail and audit
// ---------------------------------------------------------------------------

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Path in the file store, or base64 content. */
  path?: string;
  contentBase64?: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    attachments: jsonb().$type<MailAttachment[]>(),
    status: text({ enum: MAIL_STATUSES }).notNull().default('queued'),
    error: text(),
    createdAt: createdAt(),
    sentAt: tstz(),
  },
  (t) => [
    index('mail_outbox_status_created_at_idx').on(t.status, t.createdAt),
    check('mail_outbox_status_check', sql`status in (${sqlList(MAIL_STATUSES)})`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    onBehalfOfRetailerId: integer().references(() => retailers.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entity: text(),
    entityId: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_actor_user_id_created_at_idx').on(t.actorUserId, t.createdAt),
    index('audit_log_on_behalf_of_retailer_id_idx').on(t.onBehalfOfRetailerId, t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);

// ---------------------------------------------------------------------------
// Relations (for db.query.<table>.findMany({ with: ... }))
// ---------------------------------------------------------------------------

export const statesRelations = relations(states, ({ one, many }) => ({
  country: one(countries, { fields: [states.countryId], references: [countries.id] }),
  cities: many(cities),
}));

export const citiesRelations = relations(cities, ({ one }) => ({
  state: one(states, { fields: [cities.stateId], references: [states.id] }),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  role: one(roles, { fields: [users.roleId], references: [roles.id] }),
  retailer: one(retailers, { fields: [users.retailerId], references: [retailers.id] }),
  linkedRetailers: many(salesExecutiveRetailers),
}));

export const retailersRelations = relations(retailers, ({ one, many }) => ({
  city: one(cities, { fields: [retailers.cityId], references: [cities.id] }),
  state: one(states, { fields: [retailers.stateId], references: [states.id] }),
  country: one(countries, { fields: [retailers.countryId], references: [countries.id] }),
  shippingAddresses: many(shippingAddresses),
  salesExecutives: many(salesExecutiveRetailers),
}));

export const salesExecutiveRetailersRelations = relations(salesExecutiveRetailers, ({ one }) => ({
  salesExecutive: one(users, { fields: [salesExecutiveRetailers.salesExecutiveUserId], references: [users.id] }),
  retailer: one(retailers, { fields: [salesExecutiveRetailers.retailerId], references: [retailers.id] }),
}));

export const shippingAddressesRelations = relations(shippingAddresses, ({ one }) => ({
  retailer: one(retailers, { fields: [shippingAddresses.retailerId], references: [retailers.id] }),
  city: one(cities, { fields: [shippingAddresses.cityId], references: [cities.id] }),
  state: one(states, { fields: [shippingAddresses.stateId], references: [states.id] }),
  country: one(countries, { fields: [shippingAddresses.countryId], references: [countries.id] }),
}));

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

export const productsRelations = relations(products, ({ one, many }) => ({
  brand: one(brands, { fields: [products.brandId], references: [brands.id] }),
  productType: one(productTypes, { fields: [products.productTypeId], references: [productTypes.id] }),
  frameShape: one(frameShapes, { fields: [products.frameShapeId], references: [frameShapes.id] }),
  material: one(materials, {
    fields: [products.materialId],
    references: [materials.id],
    relationName: 'frameMaterial',
  }),
  templeMaterial: one(materials, {
    fields: [products.templeMaterialId],
    references: [materials.id],
    relationName: 'templeMaterial',
  }),
  size: one(sizes, { fields: [products.sizeId], references: [sizes.id] }),
  colours: many(productColours),
  genders: many(productGenders),
  tags: many(productTags),
}));

export const productGendersRelations = relations(productGenders, ({ one }) => ({
  product: one(products, { fields: [productGenders.productId], references: [products.id] }),
  gender: one(genders, { fields: [productGenders.genderId], references: [genders.id] }),
}));

export const productTagsRelations = relations(productTags, ({ one }) => ({
  product: one(products, { fields: [productTags.productId], references: [products.id] }),
  tag: one(tags, { fields: [productTags.tagId], references: [tags.id] }),
}));

export const productColoursRelations = relations(productColours, ({ one, many }) => ({
  product: one(products, { fields: [productColours.productId], references: [products.id] }),
  frameColour: one(colours, {
    fields: [productColours.frameColourId],
    references: [colours.id],
    relationName: 'frameColour',
  }),
  templeColour: one(colours, {
    fields: [productColours.templeColourId],
    references: [colours.id],
    relationName: 'templeColour',
  }),
  images: many(productImages),
}));

export const productImagesRelations = relations(productImages, ({ one }) => ({
  productColour: one(productColours, { fields: [productImages.productColourId], references: [productColours.id] }),
}));

export const cartsRelations = relations(carts, ({ one, many }) => ({
  retailer: one(retailers, { fields: [carts.retailerId], references: [retailers.id] }),
  lines: many(cartLines),
}));

export const cartLinesRelations = relations(cartLines, ({ one }) => ({
  cart: one(carts, { fields: [cartLines.cartId], references: [carts.id] }),
  productColour: one(productColours, { fields: [cartLines.productColourId], references: [productColours.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  retailer: one(retailers, { fields: [orders.retailerId], references: [retailers.id] }),
  placedBy: one(users, { fields: [orders.placedByUserId], references: [users.id] }),
  lines: many(orderLines),
  statusHistory: many(orderStatusHistory),
  invoice: one(invoices, { fields: [orders.id], references: [invoices.orderId] }),
}));

export const orderLinesRelations = relations(orderLines, ({ one }) => ({
  order: one(orders, { fields: [orderLines.orderId], references: [orders.id] }),
}));

export const orderStatusHistoryRelations = relations(orderStatusHistory, ({ one }) => ({
  order: one(orders, { fields: [orderStatusHistory.orderId], references: [orders.id] }),
}));

export const invoicesRelations = relations(invoices, ({ one, many }) => ({
  order: one(orders, { fields: [invoices.orderId], references: [orders.id] }),
  retailer: one(retailers, { fields: [invoices.retailerId], references: [retailers.id] }),
  payments: many(payments),
}));

export const paymentsRelations = relations(payments, ({ one, many }) => ({
  invoice: one(invoices, { fields: [payments.invoiceId], references: [invoices.id] }),
  retailer: one(retailers, { fields: [payments.retailerId], references: [retailers.id] }),
  allocations: many(paymentAllocations),
}));

// ---------------------------------------------------------------------------
// Row types
// ---------------------------------------------------------------------------

export type Country = typeof countries.$inferSelect;
export type State = typeof states.$inferSelect;
export type City = typeof cities.$inferSelect;
export type Role = typeof roles.$inferSelect;
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Retailer = typeof retailers.$inferSelect;
export type NewRetailer = typeof retailers.$inferInsert;
export type ShippingAddress = typeof shippingAddresses.$inferSelect;
export type NewShippingAddress = typeof shippingAddresses.$inferInsert;
export type Session = typeof sessions.$inferSelect;
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
export type DiscountRule = typeof discountRules.$inferSelect;
export type NewDiscountRule = typeof discountRules.$inferInsert;
export type Banner = typeof banners.$inferSelect;
export type Page = typeof pages.$inferSelect;
export type CorporateDetails = typeof corporateDetails.$inferSelect;
export type ConfigRow = typeof config.$inferSelect;
export type Cart = typeof carts.$inferSelect;
export type CartLine = typeof cartLines.$inferSelect;
export type NewCartLine = typeof cartLines.$inferInsert;
export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLine = typeof orderLines.$inferSelect;
export type NewOrderLine = typeof orderLines.$inferInsert;
export type OrderStatusHistoryRow = typeof orderStatusHistory.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentAllocation = typeof paymentAllocations.$inferSelect;
export type SandboxPaymentLink = typeof sandboxPaymentLinks.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type NewMailOutboxRow = typeof mailOutbox.$inferInsert;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditLogRow = typeof auditLog.$inferInsert;

export const paymentAllocationsRelations = relations(paymentAllocations, ({ one }) => ({
  payment: one(payments, { fields: [paymentAllocations.paymentId], references: [payments.id] }),
  invoice: one(invoices, { fields: [paymentAllocations.invoiceId], references: [invoices.id] }),
}));
