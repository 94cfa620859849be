/**
 * The catalogue desk's rules (back office II): who may change what, the sane ranges of a style's
 * measurements, the GST rate in force for an HSN code on a day (effective-dated, longest prefix
 * wins), stock adjustment reasons, the import jobs' kinds and states, the spreadsheet column set
 * shared by import, export and the template, and the neutralising of spreadsheet formulas.
 * Pure: the server and the web both use it.
 */

/** Who may use the catalogue desk: admin everything; warehouse reads styles and works stock only. */
export const CATALOGUE_READ_ROLES = ['admin', 'warehouse'] as const;
export const CATALOGUE_WRITE_ROLES = ['admin'] as const;
export const STOCK_ROLES = ['admin', 'warehouse'] as const;

/** Sane ranges (mm, g): a value outside is a typing mistake, not a frame. */
export const DIMENSION_RANGES = {
  eyeSizeMm: { min: 30, max: 75, label: 'Eye size' },
  noseBridgeMm: { min: 10, max: 30, label: 'Bridge' },
  armLengthMm: { min: 100, max: 165, label: 'Temple length' },
  frameWidthMm: { min: 90, max: 170, label: 'Frame width' },
  weightGrams: { min: 1, max: 200, label: 'Weight' },
} as const;
export type DimensionField = keyof typeof DIMENSION_RANGES;

/** An HSN code: 4 to 8 digits. */
export const HSN_PATTERN = /^[0-9]{4,8}$/;
/** A colour variant code: C1 … C99. */
export const COLOUR_VARIANT_PATTERN = /^C([1-9][0-9]?)$/;
export const variantNumberOf = (code: string): number | null => {
  const m = COLOUR_VARIANT_PATTERN.exec(code.trim().toUpperCase());
  return m ? Number(m[1]) : null;
};

/**
 * The GST slabs for goods after GST 2.0 (Notification 9/2025-CT(Rate), from 22 Sep 2025), plus 12%
 * and 28% for dates before it. A rate typed for a style or an HSN entry must be one of these.
 */
export const GST_SLABS = [0, 0.25, 3, 5, 12, 18, 28, 40] as const;

/** One row of the effective-dated HSN → GST table. Dates are India days 'YYYY-MM-DD', both inclusive; null = open. */
export interface GstRateEntry {
  hsnPrefix: string;
  ratePercent: number;
  validFrom: string;
  validTo: string | null;
}

/**
 * The GST rate in force for `hsnCode` on `day` ('YYYY-MM-DD'): among the entries whose prefix starts
 * the code and whose validity holds the day, the longest prefix wins ('900410' sunglasses over
 * '9004'); null when none does (the style cannot be sold until its HSN is in the table).
 */
export function gstRateOn(entries: readonly GstRateEntry[], hsnCode: string, day: string): number | null {
  let best: GstRateEntry | null = null;
  for (const e of entries) {
    if (!hsnCode.startsWith(e.hsnPrefix)) continue;
    if (e.validFrom > day || (e.validTo !== null && e.validTo < day)) continue;
    if (best === null || e.hsnPrefix.length > best.hsnPrefix.length) best = e;
  }
  return best?.ratePercent ?? null;
}

/** Two entries for the same prefix whose validity overlaps: the table must never hold one. */
export function gstEntriesOverlap(a: GstRateEntry, b: GstRateEntry): boolean {
  if (a.hsnPrefix !== b.hsnPrefix) return false;
  const aEnd = a.validTo ?? '9999-12-31';
  const bEnd = b.validTo ?? '9999-12-31';
  return a.validFrom <= bEnd && b.validFrom <= aEnd;
}

/** Why stock was adjusted by hand (orders, cancellations and imports write their own reasons). */
export const STOCK_ADJUSTMENT_REASONS = ['delivery', 'count', 'damaged', 'returned'] as const;
export type StockAdjustmentReason = (typeof STOCK_ADJUSTMENT_REASONS)[number];
export const STOCK_REASON_LABELS: Record<string, string> = {
  delivery: 'Delivery received',
  count: 'Count correction',
  damaged: 'Damaged',
  returned: 'Returned',
  import: 'Stock import',
  initial: 'Opening stock',
  // Written by the order desk (orders/place, desk-service, edit).
  order: 'Order placed',
  'order cancelled': 'Order cancelled',
  'order line cancelled': 'Order line cancelled',
  'order edited': 'Order edited',
};
/** A variant is low on stock at or below its own threshold, else this default. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

// ── Spreadsheet imports ─────────────────────────────────────────────────────────────────────

export const IMPORT_KINDS = ['catalogue', 'stock', 'prices'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/**
 * queued → validating → ready (the dry run's report is there) → applying → applied; failed when the
 * file cannot be read at all (the report says why); cancelled when staff drop a ready job.
 */
export const IMPORT_STATUSES = ['queued', 'validating', 'ready', 'applying', 'applied', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_ROW_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportRowAction = (typeof IMPORT_ROW_ACTIONS)[number];
/** Limits of one import: a bigger file is refused before it is read. */
export const IMPORT_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ZIP_BYTES = 200 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

/**
 * The column set of a catalogue sheet: one row per colour variant; the style's columns repeat on
 * each of its rows. Import, export and the template use exactly these headers, in this order.
 * `required` columns must be present in the header row (a value may still be blank on an update).
 */
export const CATALOGUE_COLUMNS = [
  { key: 'modelNumber', header: 'Model number', required: true },
  { key: 'colourCode', header: 'Colour code', required: true },
  { key: 'productName', header: 'Product name', required: true },
  { key: 'brand', header: 'Brand', required: true },
  { key: 'type', header: 'Type', required: true },
  { key: 'frameType', header: 'Frame type', required: false },
  { key: 'shape', header: 'Shape', required: false },
  { key: 'frameMaterial', header: 'Frame material', required: false },
  { key: 'templeMaterial', header: 'Temple material', required: false },
  { key: 'size', header: 'Size', required: false },
  { key: 'eyeSizeMm', header: 'Eye size (mm)', required: false },
  { key: 'noseBridgeMm', header: 'Bridge (mm)', required: false },
  { key: 'armLengthMm', header: 'Temple (mm)', required: false },
  { key: 'frameWidthMm', header: 'Frame width (mm)', required: false },
  { key: 'weightGrams', header: 'Weight (g)', required: false },
  { key: 'genders', header: 'Gender', required: false },
  { key: 'tags', header: 'Tags', required: false },
  { key: 'warranty', header: 'Warranty', required: false },
  { key: 'description', header: 'Description', required: false },
  { key: 'hsnCode', header: 'HSN code', required: true },
  { key: 'gstRate', header: 'GST rate (%)', required: false },
  { key: 'netPrice', header: 'Net price (₹)', required: true },
  { key: 'releaseDate', header: 'Release date', required: false },
  { key: 'frameColour', header: 'Frame colour', required: true },
  { key: 'templeColour', header: 'Temple colour', required: false },
  { key: 'stock', header: 'Stock', required: false },
  { key: 'images', header: 'Images', required: false },
  { key: 'active', header: 'Active', required: false },
] as const;
export type CatalogueColumnKey = (typeof CATALOGUE_COLUMNS)[number]['key'];

/** A stock sheet: the stock level to set (not a change) per colour variant. */
export const STOCK_COLUMNS = [
  { key: 'modelNumber', header: 'Model number', required: true },
  { key: 'colourCode', header: 'Colour code', required: true },
  { key: 'stock', header: 'Stock', required: true },
] as const;

/** A price sheet: the new net price per style, from a day (blank = today). */
export const PRICE_COLUMNS = [
  { key: 'modelNumber', header: 'Model number', required: true },
  { key: 'netPrice', header: 'Net price (₹)', required: true },
  { key: 'effectiveFrom', header: 'Effective from', required: false },
] as const;

export const IMPORT_COLUMNS = { catalogue: CATALOGUE_COLUMNS, stock: STOCK_COLUMNS, prices: PRICE_COLUMNS } as const;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab / carriage return before them):
 * exported with a leading apostrophe so Excel and LibreOffice show it as text (OWASP CSV injection).
 * Numbers are left alone (a negative number is data, not a formula).
 */
export function neutraliseCell(value: string): string {
  if (value === '' || /^-?\d+(\.\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A cell read from an uploaded sheet that starts like a formula: refused, never stored. */
export const looksLikeFormula = (value: string): boolean => /^[=+@]/.test(value.trim()) || /^-[^\d.]/.test(value.trim());
