import { z } from 'zod/mini';
import { text } from './text.ts';
import { dbId, rupees } from './primitives.ts';
import { deskDate, StampSchema, AuditEntrySchema } from './admin-orders.ts';
import {
  DIMENSION_RANGES,
  HSN_PATTERN,
  COLOUR_VARIANT_PATTERN,
  IMPORT_KINDS,
  IMPORT_ROW_ACTIONS,
  IMPORT_STATUSES,
  STOCK_ADJUSTMENT_REASONS,
} from '../catalogue-desk.ts';

/**
 * The catalogue desk (back office II, `/api/admin/...`): styles with their colour variants, stock
 * adjustments and movements, the low-stock view, spreadsheet imports and exports. camelCase fields,
 * money in rupees on the wire (paise in the database), dates 'YYYY-MM-DD' (India). Prices and GST
 * rates: `admin-pricing.ts`; discount rules: `admin-discounts.ts`.
 */

const id = z.number().check(z.int());
export const FRAME_TYPE_VALUES = ['Full Rim', 'Half Rim', 'Rimless'] as const;

const dimension = (field: keyof typeof DIMENSION_RANGES) => {
  const r = DIMENSION_RANGES[field];
  return z.nullable(
    z
      .number({ error: `${r.label} must be a number.` })
      .check(
        z.int(`${r.label} must be a whole number.`),
        z.gte(r.min, `${r.label} must be between ${r.min} and ${r.max}.`),
        z.lte(r.max, `${r.label} must be between ${r.min} and ${r.max}.`),
      ),
  );
};

/** A model number as shop owners type it: letters, digits, '-', '/', '.', space; 2–40 characters. */
export const modelNumber = text().check(
  z.trim(),
  z.minLength(2, 'Please enter the model number.'),
  z.maxLength(40, 'A model number has at most 40 characters.'),
  z.regex(/^[A-Za-z0-9][A-Za-z0-9\-/. ]*$/, 'A model number may hold letters, digits, - / . and spaces only.'),
);

export const hsnCode = text().check(z.trim(), z.regex(HSN_PATTERN, 'HSN code must be 4 to 8 digits.'));

/** Net (list) price in rupees: more than zero, at most 2 decimals, below ₹10 lakh. */
export const netPrice = z.number({ error: 'Net price must be a number.' }).check(
  z.gt(0, 'Net price must be more than ₹0.'),
  z.lte(999_999.99, 'Net price must be below ₹10,00,000.'),
  z.refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'Net price can have at most 2 decimals.'),
);

export const colourCode = text().check(z.trim(), z.toUpperCase(), z.regex(COLOUR_VARIANT_PATTERN, 'Colour code must be C1 to C99.'));

/** A colour variant's fields as staff send them (without defaults: a PATCH keeps what it leaves out). */
const variantFields = {
  /** Names an existing variant (an edit); none means a new one. */
  id: z.optional(dbId),
  colourCode,
  frameColourId: dbId,
  templeColourId: dbId,
  /** Opening stock of a new variant; ignored for an existing one (stock changes by adjustment only). */
  openingStock: z.number().check(z.int(), z.gte(0), z.lte(1_000_000)),
  lowStockThreshold: z.nullable(z.number().check(z.int(), z.gte(0), z.lte(100_000))),
};

/** One colour variant as staff send it: `id` names an existing one (an edit), none means a new one. */
export const VariantInputSchema = z.object({
  ...variantFields,
  openingStock: z._default(variantFields.openingStock, 0),
  lowStockThreshold: z._default(variantFields.lowStockThreshold, null),
});
export type VariantInput = z.infer<typeof VariantInputSchema>;

/** A colour variant in a PATCH: openingStock and lowStockThreshold left out keep what the variant has (0 and none for a new one). */
export const VariantPatchSchema = z.object({
  ...variantFields,
  openingStock: z.optional(variantFields.openingStock),
  lowStockThreshold: z.optional(variantFields.lowStockThreshold),
});
export type VariantPatch = z.infer<typeof VariantPatchSchema>;

/** A style's fields (spec section 3 and the technical-info tab), without defaults. */
const styleFields = {
  modelNumber,
  productName: text().check(
    z.trim(),
    z.minLength(2, 'Please enter the product name.'),
    z.maxLength(120, 'A product name has at most 120 characters.'),
  ),
  brandId: dbId,
  productTypeId: dbId,
  frameType: z.nullable(z.enum(FRAME_TYPE_VALUES, { error: 'Frame type must be Full Rim, Half Rim or Rimless.' })),
  frameShapeId: z.nullable(dbId),
  materialId: z.nullable(dbId),
  templeMaterialId: z.nullable(dbId),
  sizeId: z.nullable(dbId),
  eyeSizeMm: dimension('eyeSizeMm'),
  noseBridgeMm: dimension('noseBridgeMm'),
  armLengthMm: dimension('armLengthMm'),
  frameWidthMm: dimension('frameWidthMm'),
  weightGrams: dimension('weightGrams'),
  genderIds: z.array(dbId).check(z.maxLength(5)),
  /** Tag names; the first is the collection. New names are created. */
  tags: z
    .array(text().check(z.trim(), z.minLength(1, 'A tag cannot be empty.'), z.maxLength(60, 'A tag has at most 60 characters.')))
    .check(z.maxLength(10, 'A style has at most 10 tags.')),
  warranty: z.nullable(text().check(z.trim(), z.maxLength(200))),
  description: z.nullable(text().check(z.trim(), z.maxLength(4000))),
  hsnCode,
  /** Optional: when given it must equal the rate the HSN table has in force today. */
  gstRatePercent: z.optional(z.number({ error: 'GST rate must be a number.' })),
  /** A price changed by PATCH applies today; a later day goes through the price schedule. */
  netPrice,
  releaseDate: z.nullable(deskDate),
};

/** A style with every field the catalogue shows (spec section 3 and the technical-info tab). */
export const StyleInputSchema = z.object({
  ...styleFields,
  frameType: z._default(styleFields.frameType, null),
  frameShapeId: z._default(styleFields.frameShapeId, null),
  materialId: z._default(styleFields.materialId, null),
  templeMaterialId: z._default(styleFields.templeMaterialId, null),
  sizeId: z._default(styleFields.sizeId, null),
  eyeSizeMm: z._default(styleFields.eyeSizeMm, null),
  noseBridgeMm: z._default(styleFields.noseBridgeMm, null),
  armLengthMm: z._default(styleFields.armLengthMm, null),
  frameWidthMm: z._default(styleFields.frameWidthMm, null),
  weightGrams: z._default(styleFields.weightGrams, null),
  genderIds: z._default(styleFields.genderIds, []),
  tags: z._default(styleFields.tags, []),
  warranty: z._default(styleFields.warranty, null),
  description: z._default(styleFields.description, null),
  releaseDate: z._default(styleFields.releaseDate, null),
  colours: z
    .array(VariantInputSchema)
    .check(z.minLength(1, 'A style needs at least one colour.'), z.maxLength(99, 'A style has at most 99 colours.')),
});
export type StyleInput = z.infer<typeof StyleInputSchema>;

/**
 * PATCH: any of the style's fields; a field left out keeps its value. `colours`, when given, is the
 * full list: existing variants by id, new ones without; a variant left out is kept (orders name it).
 */
export const StylePatchSchema = z.partial(
  z.object({
    ...styleFields,
    colours: z
      .array(VariantPatchSchema)
      .check(z.minLength(1, 'A style needs at least one colour.'), z.maxLength(99, 'A style has at most 99 colours.')),
  }),
);
export type StylePatch = z.infer<typeof StylePatchSchema>;

export const ProductIdParamsSchema = z.object({ id: dbId });

export const ADMIN_PRODUCT_SORTS = ['newest', 'model', 'name', 'priceAsc', 'priceDesc', 'stockAsc', 'updated'] as const;
export const AdminProductsQuerySchema = z.object({
  /** Model number, name or brand (part of it, any case). */
  q: z.optional(text().check(z.trim(), z.maxLength(100))),
  brandId: z.optional(dbId),
  productTypeId: z.optional(dbId),
  frameShapeId: z.optional(dbId),
  materialId: z.optional(dbId),
  genderId: z.optional(dbId),
  availability: z.optional(z.enum(['inStock', 'outOfStock', 'lowStock'])),
  active: z._default(z.enum(['active', 'inactive', 'all']), 'active'),
  sort: z._default(z.enum(ADMIN_PRODUCT_SORTS), 'newest'),
  pageNumber: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
});
export type AdminProductsQuery = z.infer<typeof AdminProductsQuerySchema>;

export const AdminProductRowSchema = z.object({
  id,
  productCode: text(),
  modelNumber: text(),
  productName: text(),
  brand: text(),
  productType: text(),
  frameShape: z.nullable(text()),
  netPrice: rupees,
  gstRatePercent: z.number(),
  colourCount: z.number().check(z.int()),
  totalStock: z.number().check(z.int()),
  /** Colours at or below their low-stock threshold. */
  lowStockColours: z.number().check(z.int()),
  thumbnailUrl: z.nullable(text()),
  isActive: z.boolean(),
  /** A scheduled price not yet in force, if any. */
  nextPrice: z.nullable(z.object({ netPrice: rupees, effectiveFrom: text() })),
  updatedAt: text(),
});
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>;

export const AdminProductsResponseSchema = z.object({
  products: z.array(AdminProductRowSchema),
  totalCount: z.number().check(z.int()),
  pageNumber: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
});
export type AdminProductsResponse = z.infer<typeof AdminProductsResponseSchema>;

export const AdminProductImageSchema = z.object({
  id,
  url: text(),
  imageName: text(),
  imageType: z.enum(['front', 'side', 'thumbnail']),
  priority: z.number().check(z.int()),
});
export type AdminProductImage = z.infer<typeof AdminProductImageSchema>;

export const AdminVariantSchema = z.object({
  id,
  colourCode: text(),
  frameColourId: id,
  frameColour: text(),
  frameColourHex: text(),
  templeColourId: id,
  templeColour: text(),
  stock: z.number().check(z.int()),
  lowStockThreshold: z.nullable(z.number().check(z.int())),
  /** The threshold that applies (its own, else the default). */
  effectiveLowStockThreshold: z.number().check(z.int()),
  images: z.array(AdminProductImageSchema),
});
export type AdminVariant = z.infer<typeof AdminVariantSchema>;

export const AdminProductDetailSchema = z.object({
  id,
  productCode: text(),
  modelNumber: text(),
  productName: text(),
  brandId: id,
  productTypeId: id,
  frameType: z.nullable(z.enum(FRAME_TYPE_VALUES)),
  frameShapeId: z.nullable(id),
  materialId: z.nullable(id),
  templeMaterialId: z.nullable(id),
  sizeId: z.nullable(id),
  eyeSizeMm: z.nullable(z.number().check(z.int())),
  noseBridgeMm: z.nullable(z.number().check(z.int())),
  armLengthMm: z.nullable(z.number().check(z.int())),
  frameWidthMm: z.nullable(z.number().check(z.int())),
  weightGrams: z.nullable(z.number().check(z.int())),
  genderIds: z.array(id),
  tags: z.array(text()),
  warranty: z.nullable(text()),
  description: z.nullable(text()),
  hsnCode: text(),
  gstRatePercent: z.number(),
  netPrice: rupees,
  releaseDate: z.nullable(text()),
  isActive: z.boolean(),
  colours: z.array(AdminVariantSchema),
  created: z.nullable(StampSchema),
  updated: z.nullable(StampSchema),
  /** Every change to the style, its colours, images, prices and stock, newest first. */
  audit: z.array(AuditEntrySchema),
});
export type AdminProductDetail = z.infer<typeof AdminProductDetailSchema>;

const option = z.object({ id, name: text() });
/** The lists a style's form picks from. */
export const CatalogueMastersSchema = z.object({
  brands: z.array(option),
  productTypes: z.array(option),
  frameTypes: z.array(text()),
  frameShapes: z.array(option),
  materials: z.array(option),
  sizes: z.array(option),
  genders: z.array(option),
  colours: z.array(z.extend(option, { hexCode: text() })),
  tags: z.array(z.extend(option, { isCollection: z.boolean() })),
  /** Rates in force today by HSN prefix, for the form's HSN → GST hint. */
  gstRates: z.array(z.object({ hsnPrefix: text(), ratePercent: z.number() })),
  defaultLowStockThreshold: z.number().check(z.int()),
});
export type CatalogueMasters = z.infer<typeof CatalogueMastersSchema>;

export const BulkProductsBodySchema = z.object({
  ids: z.array(dbId).check(z.minLength(1, 'Please select at least one style.'), z.maxLength(500)),
  action: z.enum(['activate', 'deactivate']),
});
export const BulkProductsResponseSchema = z.object({ changed: z.number().check(z.int()), unchanged: z.number().check(z.int()) });

// ── Stock ───────────────────────────────────────────────────────────────────────────────────

/** POST /api/admin/stock-adjustments (admin, warehouse); an `Idempotency-Key` header makes a retry safe. */
export const StockAdjustmentBodySchema = z.object({
  productColourId: dbId,
  /** Pieces in (+) or out (−); never 0. */
  change: z.number({ error: 'Change must be a whole number of pieces.' }).check(
    z.int('Change must be a whole number of pieces.'),
    z.gte(-1_000_000, 'Change must be between -1,000,000 and 1,000,000 pieces.'),
    z.lte(1_000_000, 'Change must be between -1,000,000 and 1,000,000 pieces.'),
    z.refine((v) => v !== 0, 'Change cannot be 0.'),
  ),
  reason: z.enum(STOCK_ADJUSTMENT_REASONS, { error: 'Please choose a reason: delivery, count, damaged or returned.' }),
  note: z.pipe(
    z.nullish(text().check(z.trim(), z.maxLength(300, 'A note has at most 300 characters.'))),
    z.transform((v) => (v ? v : null)),
  ),
});
export type StockAdjustmentBody = z.infer<typeof StockAdjustmentBodySchema>;

export const StockMovementSchema = z.object({
  id,
  productColourId: id,
  change: z.number().check(z.int()),
  /** Stock after the movement. */
  balance: z.nullable(z.number().check(z.int())),
  /** The code: an adjustment's reason, 'import', 'order', 'order cancelled' … */
  reason: text(),
  /** What staff read: STOCK_REASON_LABELS. */
  reasonLabel: text(),
  note: z.nullable(text()),
  orderId: z.nullable(id),
  orderRefNo: z.nullable(text()),
  by: z.nullable(StampSchema.shape.by),
  at: text(),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

export const StockAdjustmentResponseSchema = z.object({
  productColourId: id,
  /** The variant's stock after the adjustment. */
  stock: z.number().check(z.int()),
  movement: StockMovementSchema,
});
export type StockAdjustmentResponse = z.infer<typeof StockAdjustmentResponseSchema>;

/** GET /api/admin/product-colours/:id/stock-movements: newest first. */
export const VariantIdParamsSchema = z.object({ id: dbId });
export const StockMovementsQuerySchema = z.object({
  pageNumber: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
});
export type StockMovementsQuery = z.infer<typeof StockMovementsQuerySchema>;
export const StockMovementsResponseSchema = z.object({
  /** The variant the movements belong to, with its stock now. */
  variant: z.object({
    productColourId: id,
    productId: id,
    modelNumber: text(),
    productName: text(),
    colourCode: text(),
    frameColour: text(),
    stock: z.number().check(z.int()),
    lowStockThreshold: z.nullable(z.number().check(z.int())),
    effectiveLowStockThreshold: z.number().check(z.int()),
  }),
  movements: z.array(StockMovementSchema),
  totalCount: z.number().check(z.int()),
  pageNumber: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
});
export type StockMovementsResponse = z.infer<typeof StockMovementsResponseSchema>;

/** GET /api/admin/stock/low: variants at or below their threshold (own, else the default); `format=csv` downloads. */
export const LowStockQuerySchema = z.object({
  /** Model number, name or brand (part of it, any case). */
  q: z.optional(text().check(z.trim(), z.maxLength(100))),
  brandId: z.optional(dbId),
  /** Overrides every variant's threshold for this view. */
  threshold: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000))),
  /** Styles to list: active ones (default), inactive ones, or all. */
  active: z._default(z.enum(['active', 'inactive', 'all']), 'active'),
  format: z._default(z.enum(['json', 'csv'], { error: 'format must be json or csv.' }), 'json'),
  pageNumber: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 100),
});
export type LowStockQuery = z.infer<typeof LowStockQuerySchema>;
export const LowStockRowSchema = z.object({
  productColourId: id,
  productId: id,
  modelNumber: text(),
  productName: text(),
  brand: text(),
  colourCode: text(),
  frameColour: text(),
  stock: z.number().check(z.int()),
  /** The threshold this row was measured against. */
  threshold: z.number().check(z.int()),
  isActive: z.boolean(),
});
export type LowStockRow = z.infer<typeof LowStockRowSchema>;
export const LowStockResponseSchema = z.object({
  rows: z.array(LowStockRowSchema),
  totalCount: z.number().check(z.int()),
  pageNumber: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  /** The default threshold (config LowStockThreshold, else DEFAULT_LOW_STOCK_THRESHOLD). */
  defaultThreshold: z.number().check(z.int()),
});
export type LowStockResponse = z.infer<typeof LowStockResponseSchema>;
/** The low-stock CSV's columns, in order (export neutralises every cell). */
export const LOW_STOCK_CSV_HEADERS = [
  'Model number',
  'Product name',
  'Brand',
  'Colour code',
  'Frame colour',
  'Stock',
  'Threshold',
  'Active',
] as const;

// ── Imports and exports ─────────────────────────────────────────────────────────────────────

export const ImportKindSchema = z.enum(IMPORT_KINDS, { error: 'kind must be catalogue, stock or prices.' });
export const ImportIdParamsSchema = z.object({ id: dbId });

export const ImportRowReportSchema = z.object({
  rowNo: z.number().check(z.int()),
  action: z.enum(IMPORT_ROW_ACTIONS),
  label: text(),
  changes: z.array(z.object({ field: text(), from: z.unknown(), to: z.unknown() })),
  errors: z.array(z.object({ column: z.nullable(text()), message: text() })),
  applied: z.boolean(),
});
export type ImportRowReport = z.infer<typeof ImportRowReportSchema>;

export const ImportJobSchema = z.object({
  id,
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  fileName: text(),
  fileBytes: z.number().check(z.int()),
  hasImages: z.boolean(),
  totalRows: z.number().check(z.int()),
  checkedRows: z.number().check(z.int()),
  appliedRows: z.number().check(z.int()),
  counts: z.object({
    create: z.number().check(z.int()),
    update: z.number().check(z.int()),
    unchanged: z.number().check(z.int()),
    error: z.number().check(z.int()),
  }),
  fileError: z.nullable(text()),
  /** Rows per second while applying (or checking), and the seconds left at that rate; null when idle. */
  rate: z.nullable(z.number()),
  secondsLeft: z.nullable(z.number()),
  /** An earlier job with the same file, if any. */
  sameFileAs: z.nullable(z.object({ id, status: z.enum(IMPORT_STATUSES), at: text() })),
  created: StampSchema,
  checkedAt: z.nullable(text()),
  applied: z.nullable(StampSchema),
  finishedAt: z.nullable(text()),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportJobQuerySchema = z.object({
  /** Rows of the report to list: all, or one action. */
  action: z._default(z.enum([...IMPORT_ROW_ACTIONS, 'all'] as const), 'all'),
  pageNumber: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 100),
});
export const ImportJobDetailSchema = z.extend(ImportJobSchema, {
  rows: z.array(ImportRowReportSchema),
  rowCount: z.number().check(z.int()),
});
export type ImportJobDetail = z.infer<typeof ImportJobDetailSchema>;
export const ImportJobsResponseSchema = z.object({ jobs: z.array(ImportJobSchema), totalCount: z.number().check(z.int()) });
export const ImportJobsQuerySchema = z.object({
  kind: z.optional(ImportKindSchema),
  pageNumber: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});
/** The text fields of POST /api/admin/imports (multipart; the files are `file` and, for a catalogue, `images`). */
export const ImportUploadFieldsSchema = z.strictObject({ kind: ImportKindSchema });

export const CatalogueExportQuerySchema = z.extend(z.omit(AdminProductsQuerySchema, { pageNumber: true, pageSize: true, sort: true }), {
  format: z._default(z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx.' }), 'csv'),
  active: z._default(z.enum(['active', 'inactive', 'all']), 'all'),
});
export const ImportTemplateQuerySchema = z.object({
  kind: z._default(ImportKindSchema, 'catalogue'),
  /** template: headers only; example: a few filled rows. */
  variant: z._default(z.enum(['template', 'example']), 'template'),
  format: z._default(z.enum(['csv', 'xlsx']), 'csv'),
});
