import { z } from 'zod';
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

const id = z.number().int();
export const FRAME_TYPE_VALUES = ['Full Rim', 'Half Rim', 'Rimless'] as const;

const dimension = (field: keyof typeof DIMENSION_RANGES) => {
  const r = DIMENSION_RANGES[field];
  return z
    .number({ error: `${r.label} must be a number.` })
    .int(`${r.label} must be a whole number.`)
    .min(r.min, `${r.label} must be between ${r.min} and ${r.max}.`)
    .max(r.max, `${r.label} must be between ${r.min} and ${r.max}.`)
    .nullable();
};

/** A model number as shop owners type it: letters, digits, '-', '/', '.', space; 2–40 characters. */
export const modelNumber = text()
  .trim()
  .min(2, 'Please enter the model number.')
  .max(40, 'A model number has at most 40 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9\-/. ]*$/, 'A model number may hold letters, digits, - / . and spaces only.');

export const hsnCode = text().trim().regex(HSN_PATTERN, 'HSN code must be 4 to 8 digits.');

/** Net (list) price in rupees: more than zero, at most 2 decimals, below ₹10 lakh. */
export const netPrice = z
  .number({ error: 'Net price must be a number.' })
  .gt(0, 'Net price must be more than ₹0.')
  .max(999_999.99, 'Net price must be below ₹10,00,000.')
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'Net price can have at most 2 decimals.');

export const colourCode = text()
  .trim()
  .toUpperCase()
  .regex(COLOUR_VARIANT_PATTERN, 'Colour code must be C1 to C99.');

/** A colour variant's fields as staff send them (without defaults: a PATCH keeps what it leaves out). */
const variantFields = {
  /** Names an existing variant (an edit); none means a new one. */
  id: dbId.optional(),
  colourCode,
  frameColourId: dbId,
  templeColourId: dbId,
  /** Opening stock of a new variant; ignored for an existing one (stock changes by adjustment only). */
  openingStock: z.number().int().min(0).max(1_000_000),
  lowStockThreshold: z.number().int().min(0).max(100_000).nullable(),
};

/** One colour variant as staff send it: `id` names an existing one (an edit), none means a new one. */
export const VariantInputSchema = z.object({
  ...variantFields,
  openingStock: variantFields.openingStock.default(0),
  lowStockThreshold: variantFields.lowStockThreshold.default(null),
});
export type VariantInput = z.infer<typeof VariantInputSchema>;

/** A colour variant in a PATCH: openingStock and lowStockThreshold left out keep what the variant has (0 and none for a new one). */
export const VariantPatchSchema = z.object({
  ...variantFields,
  openingStock: variantFields.openingStock.optional(),
  lowStockThreshold: variantFields.lowStockThreshold.optional(),
});
export type VariantPatch = z.infer<typeof VariantPatchSchema>;

/** A style's fields (spec section 3 and the technical-info tab), without defaults. */
const styleFields = {
  modelNumber,
  productName: text().trim().min(2, 'Please enter the product name.').max(120, 'A product name has at most 120 characters.'),
  brandId: dbId,
  productTypeId: dbId,
  frameType: z.enum(FRAME_TYPE_VALUES, { error: 'Frame type must be Full Rim, Half Rim or Rimless.' }).nullable(),
  frameShapeId: dbId.nullable(),
  materialId: dbId.nullable(),
  templeMaterialId: dbId.nullable(),
  sizeId: dbId.nullable(),
  eyeSizeMm: dimension('eyeSizeMm'),
  noseBridgeMm: dimension('noseBridgeMm'),
  armLengthMm: dimension('armLengthMm'),
  frameWidthMm: dimension('frameWidthMm'),
  weightGrams: dimension('weightGrams'),
  genderIds: z.array(dbId).max(5),
  /** Tag names; the first is the collection. New names are created. */
  tags: z.array(text().trim().min(1, 'A tag cannot be empty.').max(60, 'A tag has at most 60 characters.')).max(10, 'A style has at most 10 tags.'),
  warranty: text().trim().max(200).nullable(),
  description: text().trim().max(4000).nullable(),
  hsnCode,
  /** Optional: when given it must equal the rate the HSN table has in force today. */
  gstRatePercent: z.number({ error: 'GST rate must be a number.' }).optional(),
  /** A price changed by PATCH applies today; a later day goes through the price schedule. */
  netPrice,
  releaseDate: deskDate.nullable(),
};

/** A style with every field the catalogue shows (spec section 3 and the technical-info tab). */
export const StyleInputSchema = z.object({
  ...styleFields,
  frameType: styleFields.frameType.default(null),
  frameShapeId: styleFields.frameShapeId.default(null),
  materialId: styleFields.materialId.default(null),
  templeMaterialId: styleFields.templeMaterialId.default(null),
  sizeId: styleFields.sizeId.default(null),
  eyeSizeMm: styleFields.eyeSizeMm.default(null),
  noseBridgeMm: styleFields.noseBridgeMm.default(null),
  armLengthMm: styleFields.armLengthMm.default(null),
  frameWidthMm: styleFields.frameWidthMm.default(null),
  weightGrams: styleFields.weightGrams.default(null),
  genderIds: styleFields.genderIds.default([]),
  tags: styleFields.tags.default([]),
  warranty: styleFields.warranty.default(null),
  description: styleFields.description.default(null),
  releaseDate: styleFields.releaseDate.default(null),
  colours: z.array(VariantInputSchema).min(1, 'A style needs at least one colour.').max(99, 'A style has at most 99 colours.'),
});
export type StyleInput = z.infer<typeof StyleInputSchema>;

/**
 * PATCH: any of the style's fields; a field left out keeps its value. `colours`, when given, is the
 * full list: existing variants by id, new ones without; a variant left out is kept (orders name it).
 */
export const StylePatchSchema = z
  .object({
    ...styleFields,
    colours: z.array(VariantPatchSchema).min(1, 'A style needs at least one colour.').max(99, 'A style has at most 99 colours.'),
  })
  .partial();
export type StylePatch = z.infer<typeof StylePatchSchema>;

export const ProductIdParamsSchema = z.object({ id: dbId });

export const ADMIN_PRODUCT_SORTS = ['newest', 'model', 'name', 'priceAsc', 'priceDesc', 'stockAsc', 'updated'] as const;
export const AdminProductsQuerySchema = z.object({
  /** Model number, name or brand (part of it, any case). */
  q: text().trim().max(100).optional(),
  brandId: dbId.optional(),
  productTypeId: dbId.optional(),
  frameShapeId: dbId.optional(),
  materialId: dbId.optional(),
  genderId: dbId.optional(),
  availability: z.enum(['inStock', 'outOfStock', 'lowStock']).optional(),
  active: z.enum(['active', 'inactive', 'all']).default('active'),
  sort: z.enum(ADMIN_PRODUCT_SORTS).default('newest'),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminProductsQuery = z.infer<typeof AdminProductsQuerySchema>;

export const AdminProductRowSchema = z.object({
  id,
  productCode: text(),
  modelNumber: text(),
  productName: text(),
  brand: text(),
  productType: text(),
  frameShape: text().nullable(),
  netPrice: rupees,
  gstRatePercent: z.number(),
  colourCount: z.number().int(),
  totalStock: z.number().int(),
  /** Colours at or below their low-stock threshold. */
  lowStockColours: z.number().int(),
  thumbnailUrl: text().nullable(),
  isActive: z.boolean(),
  /** A scheduled price not yet in force, if any. */
  nextPrice: z.object({ netPrice: rupees, effectiveFrom: text() }).nullable(),
  updatedAt: text(),
});
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>;

export const AdminProductsResponseSchema = z.object({
  products: z.array(AdminProductRowSchema),
  totalCount: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminProductsResponse = z.infer<typeof AdminProductsResponseSchema>;

export const AdminProductImageSchema = z.object({
  id,
  url: text(),
  imageName: text(),
  imageType: z.enum(['front', 'side', 'thumbnail']),
  priority: z.number().int(),
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
  stock: z.number().int(),
  lowStockThreshold: z.number().int().nullable(),
  /** The threshold that applies (its own, else the default). */
  effectiveLowStockThreshold: z.number().int(),
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
  frameType: z.enum(FRAME_TYPE_VALUES).nullable(),
  frameShapeId: id.nullable(),
  materialId: id.nullable(),
  templeMaterialId: id.nullable(),
  sizeId: id.nullable(),
  eyeSizeMm: z.number().int().nullable(),
  noseBridgeMm: z.number().int().nullable(),
  armLengthMm: z.number().int().nullable(),
  frameWidthMm: z.number().int().nullable(),
  weightGrams: z.number().int().nullable(),
  genderIds: z.array(id),
  tags: z.array(text()),
  warranty: text().nullable(),
  description: text().nullable(),
  hsnCode: text(),
  gstRatePercent: z.number(),
  netPrice: rupees,
  releaseDate: text().nullable(),
  isActive: z.boolean(),
  colours: z.array(AdminVariantSchema),
  created: StampSchema.nullable(),
  updated: StampSchema.nullable(),
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
  colours: z.array(option.extend({ hexCode: text() })),
  tags: z.array(option.extend({ isCollection: z.boolean() })),
  /** Rates in force today by HSN prefix, for the form's HSN → GST hint. */
  gstRates: z.array(z.object({ hsnPrefix: text(), ratePercent: z.number() })),
  defaultLowStockThreshold: z.number().int(),
});
export type CatalogueMasters = z.infer<typeof CatalogueMastersSchema>;

export const BulkProductsBodySchema = z.object({
  ids: z.array(dbId).min(1, 'Please select at least one style.').max(500),
  action: z.enum(['activate', 'deactivate']),
});
export const BulkProductsResponseSchema = z.object({ changed: z.number().int(), unchanged: z.number().int() });

// ── Stock ───────────────────────────────────────────────────────────────────────────────────

/** POST /api/admin/stock-adjustments (admin, warehouse); an `Idempotency-Key` header makes a retry safe. */
export const StockAdjustmentBodySchema = z.object({
  productColourId: dbId,
  /** Pieces in (+) or out (−); never 0. */
  change: z
    .number({ error: 'Change must be a whole number of pieces.' })
    .int('Change must be a whole number of pieces.')
    .min(-1_000_000, 'Change must be between -1,000,000 and 1,000,000 pieces.')
    .max(1_000_000, 'Change must be between -1,000,000 and 1,000,000 pieces.')
    .refine((v) => v !== 0, 'Change cannot be 0.'),
  reason: z.enum(STOCK_ADJUSTMENT_REASONS, { error: 'Please choose a reason: delivery, count, damaged or returned.' }),
  note: text().trim().max(300, 'A note has at most 300 characters.').nullish().transform((v) => (v ? v : null)),
});
export type StockAdjustmentBody = z.infer<typeof StockAdjustmentBodySchema>;

export const StockMovementSchema = z.object({
  id,
  productColourId: id,
  change: z.number().int(),
  /** Stock after the movement. */
  balance: z.number().int().nullable(),
  /** The code: an adjustment's reason, 'import', 'order', 'order cancelled' … */
  reason: text(),
  /** What staff read: STOCK_REASON_LABELS. */
  reasonLabel: text(),
  note: text().nullable(),
  orderId: id.nullable(),
  orderRefNo: text().nullable(),
  by: StampSchema.shape.by.nullable(),
  at: text(),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

export const StockAdjustmentResponseSchema = z.object({
  productColourId: id,
  /** The variant's stock after the adjustment. */
  stock: z.number().int(),
  movement: StockMovementSchema,
});
export type StockAdjustmentResponse = z.infer<typeof StockAdjustmentResponseSchema>;

/** GET /api/admin/product-colours/:id/stock-movements: newest first. */
export const VariantIdParamsSchema = z.object({ id: dbId });
export const StockMovementsQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
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
    stock: z.number().int(),
    lowStockThreshold: z.number().int().nullable(),
    effectiveLowStockThreshold: z.number().int(),
  }),
  movements: z.array(StockMovementSchema),
  totalCount: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type StockMovementsResponse = z.infer<typeof StockMovementsResponseSchema>;

/** GET /api/admin/stock/low: variants at or below their threshold (own, else the default); `format=csv` downloads. */
export const LowStockQuerySchema = z.object({
  /** Model number, name or brand (part of it, any case). */
  q: text().trim().max(100).optional(),
  brandId: dbId.optional(),
  /** Overrides every variant's threshold for this view. */
  threshold: z.coerce.number().int().min(0).max(100_000).optional(),
  /** Styles to list: active ones (default), inactive ones, or all. */
  active: z.enum(['active', 'inactive', 'all']).default('active'),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv.' }).default('json'),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
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
  stock: z.number().int(),
  /** The threshold this row was measured against. */
  threshold: z.number().int(),
  isActive: z.boolean(),
});
export type LowStockRow = z.infer<typeof LowStockRowSchema>;
export const LowStockResponseSchema = z.object({
  rows: z.array(LowStockRowSchema),
  totalCount: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  /** The default threshold (config LowStockThreshold, else DEFAULT_LOW_STOCK_THRESHOLD). */
  defaultThreshold: z.number().int(),
});
export type LowStockResponse = z.infer<typeof LowStockResponseSchema>;
/** The low-stock CSV's columns, in order (export neutralises every cell). */
export const LOW_STOCK_CSV_HEADERS = ['Model number', 'Product name', 'Brand', 'Colour code', 'Frame colour', 'Stock', 'Threshold', 'Active'] as const;

// ── Imports and exports ─────────────────────────────────────────────────────────────────────

export const ImportKindSchema = z.enum(IMPORT_KINDS, { error: 'kind must be catalogue, stock or prices.' });
export const ImportIdParamsSchema = z.object({ id: dbId });

export const ImportRowReportSchema = z.object({
  rowNo: z.number().int(),
  action: z.enum(IMPORT_ROW_ACTIONS),
  label: text(),
  changes: z.array(z.object({ field: text(), from: z.unknown(), to: z.unknown() })),
  errors: z.array(z.object({ column: text().nullable(), message: text() })),
  applied: z.boolean(),
});
export type ImportRowReport = z.infer<typeof ImportRowReportSchema>;

export const ImportJobSchema = z.object({
  id,
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  fileName: text(),
  fileBytes: z.number().int(),
  hasImages: z.boolean(),
  totalRows: z.number().int(),
  checkedRows: z.number().int(),
  appliedRows: z.number().int(),
  counts: z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int(), error: z.number().int() }),
  fileError: text().nullable(),
  /** Rows per second while applying (or checking), and the seconds left at that rate; null when idle. */
  rate: z.number().nullable(),
  secondsLeft: z.number().nullable(),
  /** An earlier job with the same file, if any. */
  sameFileAs: z.object({ id, status: z.enum(IMPORT_STATUSES), at: text() }).nullable(),
  created: StampSchema,
  checkedAt: text().nullable(),
  applied: StampSchema.nullable(),
  finishedAt: text().nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportJobQuerySchema = z.object({
  /** Rows of the report to list: all, or one action. */
  action: z.enum([...IMPORT_ROW_ACTIONS, 'all'] as const).default('all'),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export const ImportJobDetailSchema = ImportJobSchema.extend({
  rows: z.array(ImportRowReportSchema),
  rowCount: z.number().int(),
});
export type ImportJobDetail = z.infer<typeof ImportJobDetailSchema>;
export const ImportJobsResponseSchema = z.object({ jobs: z.array(ImportJobSchema), totalCount: z.number().int() });
export const ImportJobsQuerySchema = z.object({
  kind: ImportKindSchema.optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
/** The text fields of POST /api/admin/imports (multipart; the files are `file` and, for a catalogue, `images`). */
export const ImportUploadFieldsSchema = z.strictObject({ kind: ImportKindSchema });

export const CatalogueExportQuerySchema = AdminProductsQuerySchema.omit({ pageNumber: true, pageSize: true, sort: true }).extend({
  format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx.' }).default('csv'),
  active: z.enum(['active', 'inactive', 'all']).default('all'),
});
export const ImportTemplateQuerySchema = z.object({
  kind: ImportKindSchema.default('catalogue'),
  /** template: headers only; example: a few filled rows. */
  variant: z.enum(['template', 'example']).default('template'),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
