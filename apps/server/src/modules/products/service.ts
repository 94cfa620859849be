/**
 * The catalogue desk's styles: one validation, one diff and one writer for a style and its colour
 * variants, shared by the API (POST/PATCH /api/admin/products) and spreadsheet imports
 * (modules/imports, through loadMasters / planStyleOver / lockStyles / applyStyles). Every write is
 * in the caller's transaction with one audit row per style (entity 'product', entityId = the product
 * id) holding the changed fields before and after; a net price changed here applies today and is
 * recorded in price_changes. Many styles are written together (an import's batch) with one
 * statement per table, the API's one style by the same writer.
 */
import { ACCESSORY_PRODUCT_TYPE_ID, catalogueDeskMessages, gstRateOn, istDateOf, paiseToRupees, rupeesToPaise, type GstRateEntry } from '@frameport/domain';
import type { StyleInput, StylePatch, VariantPatch } from '@frameport/domain/contract';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { recordAudits } from '../../db/audit.ts';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import {
  brands,
  colours,
  frameShapes,
  genders,
  gstRates,
  materials,
  priceChanges,
  productColours,
  productGenders,
  products,
  productTags,
  productTypes,
  sizes,
  stockMovements,
  tags,
} from '../../db/schema.ts';
import { searchKeywordsOf } from './keywords.ts';

const text = catalogueDeskMessages.product;

// ── Masters ────────────────────────────────────────────────────────────────────────────────────

/** One master list: id → name, and lower-cased name → id. */
export type MasterList = { names: Map<number, string>; byName: Map<string, number> };

/** Every list a style picks from, loaded once (an import loads them once for all its rows). */
export type Masters = {
  brands: MasterList;
  productTypes: MasterList;
  frameShapes: MasterList;
  materials: MasterList;
  sizes: MasterList;
  genders: MasterList;
  colours: MasterList;
  tags: MasterList;
  /** The whole HSN → GST table (every validity); `today` picks the rate in force. */
  gstRates: GstRateEntry[];
  /** The India day the style's GST rate is checked for ('YYYY-MM-DD'). */
  today: string;
};

const key = (name: string) => name.trim().toLowerCase();

function masterList(rows: readonly { id: number; name: string }[]): MasterList {
  return { names: new Map(rows.map((r) => [r.id, r.name])), byName: new Map(rows.map((r) => [key(r.name), r.id])) };
}

/** Loads the masters and the GST table; `at` (the caller's clock) dates the GST check. */
export async function loadMasters(dbx: DbOrTx, at: Date = new Date()): Promise<Masters> {
  const named = { id: sql<number>`id`, name: sql<string>`name` };
  const rates = await dbx
    .select({ hsnPrefix: gstRates.hsnPrefix, ratePercent: gstRates.ratePercent, validFrom: gstRates.validFrom, validTo: gstRates.validTo })
    .from(gstRates);
  return {
    brands: masterList(await dbx.select(named).from(brands)),
    productTypes: masterList(await dbx.select(named).from(productTypes)),
    frameShapes: masterList(await dbx.select(named).from(frameShapes)),
    materials: masterList(await dbx.select(named).from(materials)),
    sizes: masterList(await dbx.select(named).from(sizes)),
    genders: masterList(await dbx.select(named).from(genders)),
    colours: masterList(await dbx.select(named).from(colours)),
    tags: masterList(await dbx.select(named).from(tags)),
    gstRates: rates.map((r) => ({ ...r, ratePercent: Number(r.ratePercent) })),
    today: istDateOf(at),
  };
}

// ── A style as stored ──────────────────────────────────────────────────────────────────────────

export type StoredColour = {
  id: number;
  code: string;
  frameColourId: number;
  templeColourId: number;
  stock: number;
  lowStockThreshold: number | null;
};

/** A style with its colours, genders and tags, read in one statement. */
export type StoredStyle = {
  id: number;
  productCode: string;
  modelNumber: string;
  productName: string;
  brandId: number;
  productTypeId: number;
  frameType: StyleInput['frameType'];
  frameShapeId: number | null;
  materialId: number | null;
  templeMaterialId: number | null;
  sizeId: number | null;
  eyeSizeMm: number | null;
  noseBridgeMm: number | null;
  armLengthMm: number | null;
  frameWidthMm: number | null;
  weightGrams: number | null;
  warranty: string | null;
  description: string | null;
  hsnCode: string;
  gstRatePercent: number;
  netPricePaise: number;
  releaseDate: string | null;
  isActive: boolean;
  searchKeywords: string;
  genderIds: number[];
  tags: string[];
  colours: StoredColour[];
};

type StoredRow = {
  id: number;
  product_code: string;
  model_name: string;
  product_name: string;
  brand_id: number;
  product_type_id: number;
  frame_type: StyleInput['frameType'];
  frame_shape_id: number | null;
  material_id: number | null;
  temple_material_id: number | null;
  size_id: number | null;
  eye_size_mm: number | null;
  nose_bridge_mm: number | null;
  arm_length_mm: number | null;
  frame_width_mm: number | null;
  weight_grams: number | null;
  product_warranty: string | null;
  description: string | null;
  hsn_code: string;
  gst_rate_percent: number | string;
  net_price_paise: number | string;
  release_date: string | null;
  is_active: boolean;
  search_keywords: string;
  colours: unknown;
  gender_ids: unknown;
  tag_names: unknown;
};

const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

function storedStyleOf(r: StoredRow): StoredStyle {
  return {
    id: r.id,
    productCode: r.product_code,
    modelNumber: r.model_name,
    productName: r.product_name,
    brandId: r.brand_id,
    productTypeId: r.product_type_id,
    frameType: r.frame_type,
    frameShapeId: r.frame_shape_id,
    materialId: r.material_id,
    templeMaterialId: r.temple_material_id,
    sizeId: r.size_id,
    eyeSizeMm: r.eye_size_mm,
    noseBridgeMm: r.nose_bridge_mm,
    armLengthMm: r.arm_length_mm,
    frameWidthMm: r.frame_width_mm,
    weightGrams: r.weight_grams,
    warranty: r.product_warranty,
    description: r.description,
    hsnCode: r.hsn_code,
    gstRatePercent: Number(r.gst_rate_percent),
    netPricePaise: Number(r.net_price_paise),
    releaseDate: r.release_date,
    isActive: r.is_active,
    searchKeywords: r.search_keywords,
    genderIds: json<number[]>(r.gender_ids),
    tags: json<string[]>(r.tag_names),
    colours: json<StoredColour[]>(r.colours),
  };
}

/**
 * Stored styles with their colours, genders and tags, in id order: `from` names the products as p
 * (`withWanted`: and an unnest as want(m), returned as `wanted`); `lock` takes the style rows for update.
 */
async function selectStyles(dbx: DbOrTx, from: SQL, { lock, limit, withWanted = false }: { lock: boolean; limit?: number; withWanted?: boolean }): Promise<(StoredStyle & { wanted?: string })[]> {
  const rows = await queryRows<StoredRow & { wanted?: string }>(
    dbx,
    sql`select p.id, p.product_code, p.model_name, p.product_name, p.brand_id, p.product_type_id, p.frame_type,
        p.frame_shape_id, p.material_id, p.temple_material_id, p.size_id, p.eye_size_mm, p.nose_bridge_mm,
        p.arm_length_mm, p.frame_width_mm, p.weight_grams, p.product_warranty, p.description, p.hsn_code,
        p.gst_rate_percent::float8 as gst_rate_percent, p.net_price_paise::float8 as net_price_paise,
        p.release_date::text as release_date, p.is_active, p.search_keywords,
        coalesce((select json_agg(json_build_object('id', c.id, 'code', c.color_variant, 'frameColourId', c.frame_colour_id,
            'templeColourId', c.temple_colour_id, 'stock', c.available_stock_quantity, 'lowStockThreshold', c.low_stock_threshold)
            order by c.variant_number) from product_colours c where c.product_id = p.id), '[]'::json) as colours,
        coalesce((select json_agg(g.gender_id order by g.gender_id) from product_genders g where g.product_id = p.id), '[]'::json) as gender_ids,
        coalesce((select json_agg(t.name order by pt.position, t.id) from product_tags pt join tags t on t.id = pt.tag_id
            where pt.product_id = p.id), '[]'::json) as tag_names${withWanted ? sql`, want.m as wanted` : sql``}
      from ${from} order by p.id ${limit !== undefined ? sql`limit ${limit}` : sql``} ${lock ? sql`for no key update of p` : sql``}`,
  );
  return rows.map((row) => ({ ...storedStyleOf(row), ...(row.wanted !== undefined ? { wanted: row.wanted } : {}) }));
}

/** The style by id, or by model number (any case); `lock` takes its row for update. Null when none. */
export async function readStyle(dbx: DbOrTx, by: { id: number } | { modelNumber: string }, lock = false): Promise<StoredStyle | null> {
  const where = 'id' in by ? sql`p.id = ${by.id}` : sql`lower(p.model_name) = lower(${by.modelNumber})`;
  const [style] = await selectStyles(dbx, sql`products p where ${where}`, { lock, limit: 1 });
  return style ?? null;
}

/**
 * The styles of many model numbers (any case, as readStyle finds one) in one read, keyed by the
 * model number as given: the first by id when two share one. A model number with no style is not in the map.
 */
export async function readStyles(dbx: DbOrTx, modelNumbers: readonly string[], lock = false): Promise<Map<string, StoredStyle>> {
  const out = new Map<string, StoredStyle>();
  const wanted = [...new Set(modelNumbers)];
  if (wanted.length === 0) return out;
  // lower(model_name) = lower(…) as readStyle has it (products_model_name_lower_idx), one probe per model number.
  const styles = await selectStyles(
    dbx,
    sql`unnest(${sql.param(wanted)}::text[]) as want(m) join products p on lower(p.model_name) = lower(want.m)`,
    { lock, withWanted: true },
  );
  for (const { wanted: m, ...style } of styles) {
    if (m !== undefined && !out.has(m)) out.set(m, style);
  }
  return out;
}

// ── What a style should become ─────────────────────────────────────────────────────────────────

/** A colour as asked for: an existing one (by id from the API, by code from a sheet) or a new one. */
type WantedColour = Omit<VariantPatch, 'colourCode'> & { colourCode: string };
/** A style as asked for: StyleInput's fields, colours possibly without opening stock or threshold. */
type Wanted = Omit<StyleInput, 'colours'> & { colours: WantedColour[] };

type TargetColour = {
  /** The existing variant, null for a new one. */
  id: number | null;
  code: string;
  variantNumber: number;
  frameColourId: number;
  templeColourId: number;
  lowStockThreshold: number | null;
  /** Opening stock of a new variant. */
  openingStock: number;
};

/** A style as it will be stored: every column, the colours in code order (kept ones included). */
type Target = Omit<StoredStyle, 'id' | 'productCode' | 'isActive' | 'searchKeywords' | 'colours'> & { colours: TargetColour[] };

export type Problem = { field: string; message: string };
export type Change = { field: string; from: unknown; to: unknown };

const variantNumberOfCode = (code: string) => Number(code.slice(1));

/** Trimmed, de-duplicated (any case) tag names, each spelled as the tag already is when it exists. */
function tagNamesOf(names: readonly string[], masters: Masters): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name === '' || seen.has(key(name))) continue;
    seen.add(key(name));
    const id = masters.tags.byName.get(key(name));
    out.push(id === undefined ? name : (masters.tags.names.get(id) ?? name));
  }
  return out;
}

/**
 * Checks `wanted` against the masters, the GST table and the style's own colours, and works out
 * the style it makes. `match`: a sheet names colours by code, the API by id.
 */
function targetOf(wanted: Wanted, existing: StoredStyle | null, masters: Masters, match: 'code' | 'id'): { target: Target; problems: Problem[] } {
  const problems: Problem[] = [];
  const must = (list: MasterList, what: string, field: string, id: number | null) => {
    if (id !== null && !list.names.has(id)) problems.push({ field, message: text.unknownMaster(what, id) });
  };
  must(masters.brands, 'Brand', 'brandId', wanted.brandId);
  must(masters.productTypes, 'Product type', 'productTypeId', wanted.productTypeId);
  must(masters.frameShapes, 'Frame shape', 'frameShapeId', wanted.frameShapeId);
  must(masters.materials, 'Frame material', 'materialId', wanted.materialId);
  must(masters.materials, 'Temple material', 'templeMaterialId', wanted.templeMaterialId);
  must(masters.sizes, 'Size', 'sizeId', wanted.sizeId);
  const genderIds = [...new Set(wanted.genderIds)].sort((a, b) => a - b);
  for (const id of genderIds) must(masters.genders, 'Gender', 'genderIds', id);
  if (wanted.productTypeId === ACCESSORY_PRODUCT_TYPE_ID && wanted.frameType !== null) {
    problems.push({ field: 'frameType', message: text.accessoryFrameType });
  }
  const inForce = gstRateOn(masters.gstRates, wanted.hsnCode, masters.today);
  if (inForce === null) problems.push({ field: 'hsnCode', message: text.noGstRate(wanted.hsnCode) });
  else if (wanted.gstRatePercent !== undefined && wanted.gstRatePercent !== inForce) {
    problems.push({ field: 'gstRatePercent', message: text.gstRateMismatch(wanted.hsnCode, inForce, wanted.gstRatePercent) });
  }

  // Colours: each asked-for one matched to an existing variant or new; existing ones not named are kept.
  const byId = new Map((existing?.colours ?? []).map((c) => [c.id, c]));
  const byCode = new Map((existing?.colours ?? []).map((c) => [c.code, c]));
  const named = new Set<number>();
  const result: TargetColour[] = [];
  const codesAsked = new Set<string>();
  for (const colour of wanted.colours) {
    must(masters.colours, 'Frame colour', 'frameColourId', colour.frameColourId);
    must(masters.colours, 'Temple colour', 'templeColourId', colour.templeColourId);
    if (codesAsked.has(colour.colourCode)) {
      problems.push({ field: 'colourCode', message: text.colourCodeTwice(colour.colourCode) });
      continue;
    }
    codesAsked.add(colour.colourCode);
    let current: StoredColour | undefined;
    if (match === 'code') current = byCode.get(colour.colourCode);
    else if (colour.id !== undefined) {
      current = byId.get(colour.id);
      if (!current) {
        problems.push({ field: 'colours', message: text.colourNotOfStyle(colour.id) });
        continue;
      }
    }
    if (current) {
      if (named.has(current.id)) {
        problems.push({ field: 'colours', message: text.colourCodeTwice(current.code) });
        continue;
      }
      named.add(current.id);
    }
    result.push({
      id: current?.id ?? null,
      code: colour.colourCode,
      variantNumber: variantNumberOfCode(colour.colourCode),
      frameColourId: colour.frameColourId,
      templeColourId: colour.templeColourId,
      lowStockThreshold: colour.lowStockThreshold === undefined ? (current?.lowStockThreshold ?? null) : colour.lowStockThreshold,
      openingStock: current ? 0 : (colour.openingStock ?? 0),
    });
  }
  for (const kept of existing?.colours ?? []) {
    if (named.has(kept.id)) continue;
    if (codesAsked.has(kept.code)) {
      problems.push({ field: 'colourCode', message: text.colourCodeTaken(kept.code) });
      continue;
    }
    result.push({
      id: kept.id,
      code: kept.code,
      variantNumber: variantNumberOfCode(kept.code),
      frameColourId: kept.frameColourId,
      templeColourId: kept.templeColourId,
      lowStockThreshold: kept.lowStockThreshold,
      openingStock: 0,
    });
  }
  result.sort((a, b) => a.variantNumber - b.variantNumber);

  return {
    problems,
    target: {
      modelNumber: wanted.modelNumber,
      productName: wanted.productName,
      brandId: wanted.brandId,
      productTypeId: wanted.productTypeId,
      frameType: wanted.frameType,
      frameShapeId: wanted.frameShapeId,
      materialId: wanted.materialId,
      templeMaterialId: wanted.templeMaterialId,
      sizeId: wanted.sizeId,
      eyeSizeMm: wanted.eyeSizeMm,
      noseBridgeMm: wanted.noseBridgeMm,
      armLengthMm: wanted.armLengthMm,
      frameWidthMm: wanted.frameWidthMm,
      weightGrams: wanted.weightGrams,
      warranty: wanted.warranty,
      description: wanted.description,
      hsnCode: wanted.hsnCode,
      gstRatePercent: inForce ?? wanted.gstRatePercent ?? 0,
      netPricePaise: rupeesToPaise(wanted.netPrice),
      releaseDate: wanted.releaseDate,
      genderIds,
      tags: tagNamesOf(wanted.tags, masters),
      colours: result,
    },
  };
}

/** The fields a change list and an audit row name, each shown as staff read it (names, rupees). */
function styleFields(s: Omit<Target, 'colours'>, m: Masters): Record<string, unknown> {
  const name = (list: MasterList, id: number | null) => (id === null ? null : (list.names.get(id) ?? `#${id}`));
  return {
    modelNumber: s.modelNumber,
    productName: s.productName,
    brand: name(m.brands, s.brandId),
    productType: name(m.productTypes, s.productTypeId),
    frameType: s.frameType,
    frameShape: name(m.frameShapes, s.frameShapeId),
    frameMaterial: name(m.materials, s.materialId),
    templeMaterial: name(m.materials, s.templeMaterialId),
    size: name(m.sizes, s.sizeId),
    eyeSizeMm: s.eyeSizeMm,
    noseBridgeMm: s.noseBridgeMm,
    armLengthMm: s.armLengthMm,
    frameWidthMm: s.frameWidthMm,
    weightGrams: s.weightGrams,
    genders: s.genderIds.map((id) => name(m.genders, id)),
    tags: s.tags,
    warranty: s.warranty,
    description: s.description,
    hsnCode: s.hsnCode,
    gstRatePercent: s.gstRatePercent,
    netPrice: paiseToRupees(s.netPricePaise),
    releaseDate: s.releaseDate,
  };
}

function colourFields(c: Pick<TargetColour, 'frameColourId' | 'templeColourId' | 'lowStockThreshold'>, m: Masters) {
  return {
    frameColour: m.colours.names.get(c.frameColourId) ?? `#${c.frameColourId}`,
    templeColour: m.colours.names.get(c.templeColourId) ?? `#${c.templeColourId}`,
    lowStockThreshold: c.lowStockThreshold,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every field that differs between the stored style (null: none yet) and the target. */
function changesOf(existing: StoredStyle | null, target: Target, m: Masters): Change[] {
  const changes: Change[] = [];
  const after = styleFields(target, m);
  const before = existing ? styleFields(existing, m) : null;
  for (const [field, to] of Object.entries(after)) {
    const from = before ? before[field] : null;
    if (before ? !same(from, to) : to !== null && !(Array.isArray(to) && to.length === 0)) changes.push({ field, from, to });
  }
  const stored = new Map((existing?.colours ?? []).map((c) => [c.id, c]));
  for (const colour of target.colours) {
    const was = colour.id === null ? undefined : stored.get(colour.id);
    if (!was) {
      changes.push({ field: colour.code, from: null, to: { ...colourFields(colour, m), openingStock: colour.openingStock } });
      continue;
    }
    if (was.code !== colour.code) changes.push({ field: `${was.code}.colourCode`, from: was.code, to: colour.code });
    const a = colourFields(was, m);
    const b = colourFields(colour, m);
    for (const field of Object.keys(b) as (keyof typeof b)[]) {
      if (a[field] !== b[field]) changes.push({ field: `${colour.code}.${field}`, from: a[field], to: b[field] });
    }
  }
  return changes;
}

/** The StyleInput a stored style is (colours by id): what a PATCH is laid over. */
function inputOf(s: StoredStyle): Wanted {
  return {
    modelNumber: s.modelNumber,
    productName: s.productName,
    brandId: s.brandId,
    productTypeId: s.productTypeId,
    frameType: s.frameType,
    frameShapeId: s.frameShapeId,
    materialId: s.materialId,
    templeMaterialId: s.templeMaterialId,
    sizeId: s.sizeId,
    eyeSizeMm: s.eyeSizeMm,
    noseBridgeMm: s.noseBridgeMm,
    armLengthMm: s.armLengthMm,
    frameWidthMm: s.frameWidthMm,
    weightGrams: s.weightGrams,
    genderIds: s.genderIds,
    tags: s.tags,
    warranty: s.warranty,
    description: s.description,
    hsnCode: s.hsnCode,
    netPrice: paiseToRupees(s.netPricePaise),
    releaseDate: s.releaseDate,
    colours: s.colours.map((c) => ({ id: c.id, colourCode: c.code, frameColourId: c.frameColourId, templeColourId: c.templeColourId })),
  };
}

/** `modelCode` as the seed writes it: the model number without its last '-' part ('UO-AV-1042' → 'UO-AV'). */
export function modelCodeOf(modelNumber: string): string {
  const cut = modelNumber.lastIndexOf('-');
  return cut > 0 ? modelNumber.slice(0, cut) : modelNumber;
}

function keywordsOf(t: Target, m: Masters): string {
  const name = (list: MasterList, id: number | null) => (id === null ? null : (list.names.get(id) ?? null));
  return searchKeywordsOf({
    brand: name(m.brands, t.brandId) ?? '',
    shape: name(m.frameShapes, t.frameShapeId),
    material: name(m.materials, t.materialId),
    frameType: t.frameType,
    productType: name(m.productTypes, t.productTypeId) ?? '',
    genders: t.genderIds.map((id) => name(m.genders, id) ?? ''),
    colours: [...new Set(t.colours.map((c) => name(m.colours, c.frameColourId) ?? ''))],
    collection: t.tags[0] ?? null,
  });
}

// ── Plan and apply (imports and the API) ─────────────────────────────────────────────────────

/** A sheet finds the style by its model number in any case: the stored spelling stays. */
const sheetInput = (input: StyleInput, existing: StoredStyle | null): StyleInput =>
  existing ? { ...input, modelNumber: existing.modelNumber } : input;

export type StylePlan = {
  action: 'create' | 'update' | 'unchanged';
  productId: number | null;
  changes: Change[];
  problems: Problem[];
};

/**
 * What importing `input` over `existing` (the style of its model number, null: none) would do,
 * reading nothing: colours by code; opening stock counts only for new colours. `problems`
 * non-empty: the row cannot be applied (the action is still what it would have been).
 */
export function planStyleOver(input: StyleInput, existing: StoredStyle | null, masters: Masters): StylePlan {
  const { target, problems } = targetOf(sheetInput(input, existing), existing, masters, 'code');
  const changes = changesOf(existing, target, masters);
  return {
    action: existing === null ? 'create' : changes.length === 0 ? 'unchanged' : 'update',
    productId: existing?.id ?? null,
    changes,
    problems,
  };
}

/** planStyleOver, with the style found by its model number (any case). Writes nothing. */
export async function planStyle(dbx: DbOrTx, input: StyleInput, masters?: Masters): Promise<StylePlan> {
  const m = masters ?? (await loadMasters(dbx));
  return planStyleOver(input, await readStyle(dbx, { modelNumber: input.modelNumber }), m);
}

export type WriteContext = {
  actorUserId: number;
  at: Date;
  importJobId?: number;
  /** Masters already loaded (an import passes its own, read once); tags created here are added to it. */
  masters?: Masters;
  ip?: string;
};

export type AppliedStyle = { action: 'create' | 'update' | 'unchanged'; productId: number; colourIds: Record<string, number> };

/** Thrown when a style cannot be written: every problem, with the field it is about. */
export class StyleProblems extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(problems.map((p) => p.message).join(' '));
    this.name = 'StyleProblems';
    this.problems = problems;
  }
}

/** Serialises writes that create styles or change model numbers: the model number stays unique (any case), codes are numbered in turn. */
async function lockStyleNumbering(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(1700170017)`);
}

/**
 * The styles of `modelNumbers` (any case) as a write starts from them, each row locked, in one
 * read; a model number without a style maps to null, and then the numbering lock is held (and the
 * missing ones read again under it), so nobody else creates one of them before this transaction ends.
 */
export async function lockStyles(tx: Tx, modelNumbers: readonly string[]): Promise<Map<string, StoredStyle | null>> {
  const wanted = [...new Set(modelNumbers)];
  const found = await readStyles(tx, wanted, true);
  const missing = wanted.filter((m) => !found.has(m));
  if (missing.length > 0) {
    await lockStyleNumbering(tx);
    for (const [m, style] of await readStyles(tx, missing, true)) found.set(m, style);
  }
  return new Map(wanted.map((m) => [m, found.get(m) ?? null]));
}

export type StyleOutcome = { ok: true; applied: AppliedStyle } | { ok: false; problems: Problem[] };

/**
 * Imports many styles in `tx`, each over the style lockStyles found for its model number (null:
 * a new one): as applyStyle does one at a time, with one set of statements for the lot. A style
 * whose input is refused is reported with its problems and nothing of it is written; the others are.
 * Each model number (any case) at most once.
 */
export async function applyStyles(tx: Tx, items: readonly { input: StyleInput; existing: StoredStyle | null }[], ctx: WriteContext): Promise<StyleOutcome[]> {
  const seen = new Set<string>();
  for (const { input } of items) {
    const k = input.modelNumber.toLowerCase();
    if (seen.has(k)) throw new Error(`applyStyles: model number ${input.modelNumber} twice`);
    seen.add(k);
  }
  const m = ctx.masters ?? (await loadMasters(tx, ctx.at));
  const outcomes: StyleOutcome[] = new Array(items.length);
  const writes: { index: number; existing: StoredStyle | null; target: Target }[] = [];
  items.forEach(({ input, existing }, index) => {
    const { target, problems } = targetOf(sheetInput(input, existing), existing, m, 'code');
    if (problems.length > 0) outcomes[index] = { ok: false, problems };
    else writes.push({ index, existing, target });
  });
  // A tag new to the catalogue is spelled as the first style naming it spells it (written one at a
  // time, the later styles would find it made by then).
  const spelling = new Map<string, string>();
  for (const { target } of writes) {
    target.tags = target.tags.map((name) => {
      if (m.tags.byName.has(key(name))) return name;
      if (!spelling.has(key(name))) spelling.set(key(name), name);
      return spelling.get(key(name))!;
    });
  }
  const written = await writeStyles(tx, writes, m, ctx);
  writes.forEach((w, i) => {
    outcomes[w.index] = { ok: true, applied: written[i]! };
  });
  return outcomes;
}

/**
 * Imports `input` in `tx`: creates the style (by model number, any case) or updates it (colours
 * by code; a colour not in the input is kept), with the API's validation and audit row. Throws
 * StyleProblems when the input is refused (nothing written).
 */
export async function applyStyle(tx: Tx, input: StyleInput, ctx: WriteContext): Promise<AppliedStyle> {
  const existing = (await lockStyles(tx, [input.modelNumber])).get(input.modelNumber) ?? null;
  const [outcome] = await applyStyles(tx, [{ input, existing }], ctx);
  if (!outcome!.ok) throw new StyleProblems(outcome!.problems);
  return outcome!.applied;
}

/** The products columns a write sets, with their SQL names and types (for UPDATE … FROM (VALUES …)). */
const PRODUCT_COLUMNS = {
  modelName: ['model_name', 'text'],
  modelCode: ['model_code', 'text'],
  productName: ['product_name', 'text'],
  brandId: ['brand_id', 'int'],
  productTypeId: ['product_type_id', 'int'],
  frameType: ['frame_type', 'text'],
  frameShapeId: ['frame_shape_id', 'int'],
  materialId: ['material_id', 'int'],
  templeMaterialId: ['temple_material_id', 'int'],
  sizeId: ['size_id', 'int'],
  eyeSizeMm: ['eye_size_mm', 'int'],
  noseBridgeMm: ['nose_bridge_mm', 'int'],
  armLengthMm: ['arm_length_mm', 'int'],
  frameWidthMm: ['frame_width_mm', 'int'],
  weightGrams: ['weight_grams', 'int'],
  productWarranty: ['product_warranty', 'text'],
  description: ['description', 'text'],
  hsnCode: ['hsn_code', 'text'],
  gstRatePercent: ['gst_rate_percent', 'numeric'],
  netPricePaise: ['net_price_paise', 'bigint'],
  releaseDate: ['release_date', 'date'],
  searchKeywords: ['search_keywords', 'text'],
  updatedAt: ['updated_at', 'timestamptz'],
} as const;
type ProductColumns = { [K in keyof typeof PRODUCT_COLUMNS]: (typeof products.$inferInsert)[K] };

function productColumnsOf(target: Target, m: Masters, at: Date): ProductColumns {
  return {
    modelName: target.modelNumber,
    modelCode: modelCodeOf(target.modelNumber),
    productName: target.productName,
    brandId: target.brandId,
    productTypeId: target.productTypeId,
    frameType: target.frameType,
    frameShapeId: target.frameShapeId,
    materialId: target.materialId,
    templeMaterialId: target.templeMaterialId,
    sizeId: target.sizeId,
    eyeSizeMm: target.eyeSizeMm,
    noseBridgeMm: target.noseBridgeMm,
    armLengthMm: target.armLengthMm,
    frameWidthMm: target.frameWidthMm,
    weightGrams: target.weightGrams,
    productWarranty: target.warranty,
    description: target.description,
    hsnCode: target.hsnCode,
    gstRatePercent: target.gstRatePercent,
    netPricePaise: target.netPricePaise,
    releaseDate: target.releaseDate,
    searchKeywords: keywordsOf(target, m),
    updatedAt: at,
  };
}

/** A parameter for a VALUES list, cast to its column's type (dates as ISO text: both drivers send it alike). */
const typed = (value: unknown, type: string) => sql`${value instanceof Date ? value.toISOString() : (value ?? null)}::${sql.raw(type)}`;

/** `update <table> as t set … from (values …) as v(id, …) where t.id = v.id`: many rows, each its own values, in one statement. */
function updateFromValues(table: string, columns: readonly (readonly [string, string])[], rows: readonly { id: number; values: readonly unknown[] }[]): SQL {
  const names = sql.raw(['id', ...columns.map(([name]) => name)].join(', '));
  const set = sql.raw(columns.map(([name]) => `${name} = v.${name}`).join(', '));
  const values = sql.join(
    rows.map((row) => sql`(${sql.join([typed(row.id, 'int'), ...row.values.map((value, i) => typed(value, columns[i]![1]))], sql`, `)})`),
    sql`, `,
  );
  return sql`update ${sql.raw(table)} as t set ${set} from (values ${values}) as v(${names}) where t.id = v.id`;
}

const COLOUR_COLUMNS = [
  ['color_variant', 'text'],
  ['variant_number', 'int'],
  ['frame_colour_id', 'int'],
  ['temple_colour_id', 'int'],
  ['low_stock_threshold', 'int'],
  ['updated_on', 'timestamptz'],
] as const;

type StyleWrite = {
  existing: StoredStyle | null;
  target: Target;
  changes: Change[];
  productId: number;
  productCode: string;
  colourIds: Record<string, number>;
};

/**
 * Writes each `target` over its `existing` (null: a new style), with one audit row per style
 * written, in one set of statements for the lot (a multi-row insert or UPDATE … FROM VALUES per
 * table); a style with no change is left alone. New styles are numbered in turn: the caller holds
 * the numbering lock.
 */
async function writeStyles(tx: Tx, items: readonly { existing: StoredStyle | null; target: Target }[], m: Masters, ctx: WriteContext): Promise<AppliedStyle[]> {
  const out: AppliedStyle[] = new Array(items.length);
  const work: (StyleWrite & { index: number })[] = [];
  items.forEach(({ existing, target }, index) => {
    const changes = changesOf(existing, target, m);
    if (existing && changes.length === 0) {
      out[index] = { action: 'unchanged', productId: existing.id, colourIds: Object.fromEntries(existing.colours.map((c) => [c.code, c.id])) };
      return;
    }
    work.push({ index, existing, target, changes, productId: existing?.id ?? 0, productCode: existing?.productCode ?? '', colourIds: {} });
  });
  if (work.length === 0) return out;

  // Styles: the new ones in one insert, numbered after the highest code; the others in one update.
  const fresh = work.filter((w) => w.existing === null);
  if (fresh.length > 0) {
    const [last] = await queryRows<{ product_code: string }>(
      tx,
      sql`select product_code from products where product_code ~ '^FP[0-9]{6,}$' order by length(product_code) desc, product_code desc limit 1`,
    );
    let next = (last ? Number(last.product_code.slice(2)) : 0) + 1;
    for (const w of fresh) w.productCode = `FP${String(next++).padStart(6, '0')}`;
    const inserted = await tx
      .insert(products)
      .values(fresh.map((w) => ({ ...productColumnsOf(w.target, m, ctx.at), productCode: w.productCode, createdAt: ctx.at })))
      .returning({ id: products.id, code: products.productCode });
    const idByCode = new Map(inserted.map((row) => [row.code, row.id]));
    for (const w of fresh) w.productId = idByCode.get(w.productCode)!;
  }
  const kept = work.filter((w) => w.existing !== null);
  if (kept.length > 0) {
    const columns = Object.values(PRODUCT_COLUMNS);
    const keys = Object.keys(PRODUCT_COLUMNS) as (keyof ProductColumns)[];
    await tx.execute(
      updateFromValues(
        'products',
        columns,
        kept.map((w) => {
          const values = productColumnsOf(w.target, m, ctx.at);
          return { id: w.productId, values: keys.map((k) => values[k]) };
        }),
      ),
    );
  }

  // Colours: a renamed code moves out of the way first, so C1 ↔ C2 swaps cannot collide.
  const renamed: number[] = [];
  const changedColours: { id: number; values: unknown[] }[] = [];
  const freshColours: { w: StyleWrite; colour: TargetColour }[] = [];
  for (const w of work) {
    const stored = new Map((w.existing?.colours ?? []).map((c) => [c.id, c]));
    for (const c of w.target.colours) {
      if (c.id === null) {
        freshColours.push({ w, colour: c });
        continue;
      }
      w.colourIds[c.code] = c.id;
      const was = stored.get(c.id)!;
      if (was.code !== c.code) renamed.push(c.id);
      if (
        was.code !== c.code ||
        was.frameColourId !== c.frameColourId ||
        was.templeColourId !== c.templeColourId ||
        was.lowStockThreshold !== c.lowStockThreshold
      ) {
        changedColours.push({ id: c.id, values: [c.code, c.variantNumber, c.frameColourId, c.templeColourId, c.lowStockThreshold, ctx.at] });
      }
    }
  }
  if (renamed.length > 0) {
    await tx.execute(
      sql`update product_colours set color_variant = '~' || id, variant_number = 1000 + id where id = any(${sql.param(renamed)}::int[])`,
    );
  }
  if (changedColours.length > 0) await tx.execute(updateFromValues('product_colours', COLOUR_COLUMNS, changedColours));
  if (freshColours.length > 0) {
    const inserted = await tx
      .insert(productColours)
      .values(
        freshColours.map(({ w, colour: c }) => ({
          productId: w.productId,
          colorVariant: c.code,
          variantNumber: c.variantNumber,
          frameColourId: c.frameColourId,
          templeColourId: c.templeColourId,
          availableStockQuantity: c.openingStock,
          lowStockThreshold: c.lowStockThreshold,
          updatedOn: ctx.at,
        })),
      )
      .returning({ id: productColours.id, productId: productColours.productId, code: productColours.colorVariant });
    const idOf = new Map(inserted.map((row) => [`${row.productId}|${row.code}`, row.id]));
    for (const { w, colour } of freshColours) w.colourIds[colour.code] = idOf.get(`${w.productId}|${colour.code}`)!;
    const opening = freshColours.filter(({ colour }) => colour.openingStock > 0);
    if (opening.length > 0) {
      await tx.insert(stockMovements).values(
        opening.map(({ w, colour: c }) => ({
          productColourId: w.colourIds[c.code]!,
          delta: c.openingStock,
          reason: 'initial',
          userId: ctx.actorUserId,
          createdAt: ctx.at,
        })),
      );
    }
  }

  // Genders and tags: replaced where they changed (all of a new style's).
  const gendersChanged = work.filter((w) => !w.existing || !same(w.existing.genderIds, w.target.genderIds));
  const gendersReplaced = gendersChanged.filter((w) => w.existing).map((w) => w.productId);
  if (gendersReplaced.length > 0) await tx.delete(productGenders).where(inArray(productGenders.productId, gendersReplaced));
  const genderRows = gendersChanged.flatMap((w) => w.target.genderIds.map((genderId) => ({ productId: w.productId, genderId })));
  if (genderRows.length > 0) await tx.insert(productGenders).values(genderRows);

  const tagsChanged = work.filter((w) => !w.existing || !same(w.existing.tags, w.target.tags));
  if (tagsChanged.length > 0) {
    await createMissingTags(
      tx,
      tagsChanged.map((w) => w.target.tags),
      m,
    );
    const tagsReplaced = tagsChanged.filter((w) => w.existing).map((w) => w.productId);
    if (tagsReplaced.length > 0) await tx.delete(productTags).where(inArray(productTags.productId, tagsReplaced));
    const tagRows = tagsChanged.flatMap((w) => w.target.tags.map((name, position) => ({ productId: w.productId, tagId: m.tags.byName.get(key(name))!, position })));
    if (tagRows.length > 0) await tx.insert(productTags).values(tagRows);
  }

  // The price history (price_changes) holds every price a style had: a change made here applies today.
  const priced = work.filter((w) => !w.existing || w.existing.netPricePaise !== w.target.netPricePaise);
  if (priced.length > 0) {
    await tx.insert(priceChanges).values(
      priced.map((w) => ({
        productId: w.productId,
        netPricePaise: w.target.netPricePaise,
        effectiveFrom: istDateOf(ctx.at),
        previousPricePaise: w.existing?.netPricePaise ?? null,
        appliedAt: ctx.at,
        createdByUserId: ctx.actorUserId,
        importJobId: ctx.importJobId ?? null,
        createdAt: ctx.at,
      })),
    );
  }

  await recordAudits(
    tx,
    work.map((w) => ({
      actorUserId: ctx.actorUserId,
      action: w.existing ? 'product.update' : 'product.create',
      entity: 'product',
      entityId: String(w.productId),
      details: {
        productCode: w.productCode,
        modelNumber: w.target.modelNumber,
        before: Object.fromEntries(w.changes.map((c) => [c.field, c.from])),
        after: Object.fromEntries(w.changes.map((c) => [c.field, c.to])),
        ...(ctx.importJobId !== undefined ? { importJobId: ctx.importJobId } : {}),
      },
      ...(ctx.ip !== undefined ? { ip: ctx.ip } : {}),
      at: ctx.at,
    })),
  );
  for (const w of work) out[w.index] = { action: w.existing ? 'update' : 'create', productId: w.productId, colourIds: w.colourIds };
  return out;
}

/**
 * Creates the tags of `lists` the catalogue does not have yet, in one insert (a new tag is a
 * collection when the first list naming it names it first), and adds them to the masters.
 */
async function createMissingTags(tx: Tx, lists: readonly (readonly string[])[], m: Masters): Promise<void> {
  const missing = new Map<string, { name: string; isCollection: boolean }>();
  for (const names of lists) {
    for (const name of names) {
      if (m.tags.byName.has(key(name)) || missing.has(key(name))) continue;
      missing.set(key(name), { name, isCollection: key(name) === key(names[0]!) });
    }
  }
  if (missing.size === 0) return;
  await tx
    .insert(tags)
    .values([...missing.values()])
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(inArray(sql`lower(${tags.name})`, [...missing.keys()]));
  for (const row of rows) {
    m.tags.byName.set(key(row.name), row.id);
    m.tags.names.set(row.id, row.name);
  }
}

// ── The API's writes ───────────────────────────────────────────────────────────────────────────

/** "FP000123 (Urban Optix Aviator 1042)": how a refusal names another style. */
async function modelNumberOwner(dbx: DbOrTx, modelNumber: string, exceptId: number | null): Promise<string | null> {
  const [row] = await dbx
    .select({ code: products.productCode, name: products.productName })
    .from(products)
    .where(
      and(sql`lower(${products.modelName}) = lower(${modelNumber})`, exceptId === null ? undefined : sql`${products.id} <> ${exceptId}`),
    )
    .limit(1);
  return row ? `${row.code} (${row.name})` : null;
}

export type WriteOutcome =
  | { ok: true; productId: number; action: 'create' | 'update' | 'unchanged' }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'conflict'; message: string }
  | { ok: false; kind: 'invalid'; problems: Problem[] };

/** POST /api/admin/products: a new style (409 when the model number is taken, any case). */
export async function createStyle(tx: Tx, input: StyleInput, ctx: WriteContext): Promise<WriteOutcome> {
  await lockStyleNumbering(tx);
  const owner = await modelNumberOwner(tx, input.modelNumber, null);
  if (owner) return { ok: false, kind: 'conflict', message: text.modelNumberTaken(input.modelNumber, owner) };
  const m = ctx.masters ?? (await loadMasters(tx, ctx.at));
  // A new style's colours are all new: ids the caller sent name nothing.
  const wanted: Wanted = { ...input, colours: input.colours.map(({ id: _id, ...c }) => c) };
  const { target, problems } = targetOf(wanted, null, m, 'id');
  if (problems.length > 0) return { ok: false, kind: 'invalid', problems };
  const [written] = await writeStyles(tx, [{ existing: null, target }], m, ctx);
  return { ok: true, productId: written!.productId, action: written!.action };
}

/** PATCH /api/admin/products/:id: the fields given, laid over the style; colours by id (new ones without). */
export async function patchStyle(tx: Tx, productId: number, patch: StylePatch, ctx: WriteContext): Promise<WriteOutcome> {
  const existing = await readStyle(tx, { id: productId }, true);
  if (!existing) return { ok: false, kind: 'not_found' };
  const present = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as StylePatch;
  const wanted: Wanted = { ...inputOf(existing), ...present } as Wanted;
  if (key(wanted.modelNumber) !== key(existing.modelNumber)) {
    await lockStyleNumbering(tx);
    const owner = await modelNumberOwner(tx, wanted.modelNumber, productId);
    if (owner) return { ok: false, kind: 'conflict', message: text.modelNumberTaken(wanted.modelNumber, owner) };
  }
  const m = ctx.masters ?? (await loadMasters(tx, ctx.at));
  const { target, problems } = targetOf(wanted, existing, m, 'id');
  if (problems.length > 0) return { ok: false, kind: 'invalid', problems };
  const [written] = await writeStyles(tx, [{ existing, target }], m, ctx);
  return { ok: true, productId, action: written!.action };
}

/**
 * Activates or deactivates styles (a deactivated one leaves the catalogue and search at once; past
 * orders and invoices keep reading it). One audit row per style that changed; `changed` and `unchanged` counted.
 */
export async function setStylesActive(
  tx: Tx,
  ids: readonly number[],
  active: boolean,
  ctx: WriteContext,
): Promise<{ changed: number[]; unchanged: number[]; missing: number[] }> {
  const wanted = [...new Set(ids)];
  const rows = await tx
    .select({ id: products.id, isActive: products.isActive, code: products.productCode, model: products.modelName })
    .from(products)
    .where(inArray(products.id, wanted))
    .orderBy(products.id)
    .for('no key update');
  const found = new Set(rows.map((r) => r.id));
  const missing = wanted.filter((id) => !found.has(id));
  const toChange = rows.filter((r) => r.isActive !== active);
  if (toChange.length > 0) {
    await tx
      .update(products)
      .set({ isActive: active, updatedAt: ctx.at })
      .where(inArray(products.id, toChange.map((r) => r.id)));
    await recordAudits(
      tx,
      toChange.map((r) => ({
        actorUserId: ctx.actorUserId,
        action: active ? 'product.activate' : 'product.deactivate',
        entity: 'product',
        entityId: String(r.id),
        details: {
          productCode: r.code,
          modelNumber: r.model,
          before: { isActive: !active },
          after: { isActive: active },
          ...(ctx.importJobId !== undefined ? { importJobId: ctx.importJobId } : {}),
        },
        ...(ctx.ip !== undefined ? { ip: ctx.ip } : {}),
        at: ctx.at,
      })),
    );
  }
  return { changed: toChange.map((r) => r.id), unchanged: rows.filter((r) => r.isActive === active).map((r) => r.id), missing };
}
