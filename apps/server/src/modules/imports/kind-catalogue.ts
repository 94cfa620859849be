/**
 * A catalogue sheet: one row per colour variant; the style's columns repeat on each of its rows
 * and must agree (the first row of a model number is the style's). Rows are grouped by model number
 * into one StyleInput, checked with the contract's StyleInputSchema and planned and written by the
 * products module (loadMasters / planStyleOver / lockStyles / applyStyles), so an import validates
 * and audits exactly as the style form does. A style is the unit: one bad row keeps the whole style
 * out. The database is read in bulk: the dry run reads every style of the sheet in a few statements,
 * and apply writes a batch's styles together (one statement per table, not per style).
 *
 * Cells: a column left out of the sheet keeps what the style has; a blank cell clears an optional
 * field (a blank required one keeps the value on an update and is an error on a new style). Stock
 * on an existing colour sets its level (the stock module, reason 'import'); on a new colour it is
 * the opening stock. Images: file names (';' or ',') of images in the ZIP that came with the sheet,
 * front, side and thumbnail in that order, stored through the uploads module after the rows are
 * written; a name the colour already shows (as exported) is kept, and an image imported before
 * with the same bytes and still in place is unchanged.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { FRAME_TYPE_VALUES, StyleInputSchema, type StyleInput } from '@frameport/domain/contract';
import { inspectImage } from '../../adapters/images.ts';
import { queryRows, type Db, type DbOrTx } from '../../db/client.ts';
import type { ImportRow } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { applyStyles, loadMasters, lockStyles, planStyleOver, readStyles, setStylesActive, type Masters, type MasterList, type StoredStyle } from '../products/service.ts';
import { columnsOf, type RowError, type RowReader } from './columns.ts';
import { importMessages } from './messages.ts';
import { breathe, modelKey, type ApplyContext, type Change, type KindHandler, type PlannedRow, type ZipImages } from './kinds.ts';
import type { SetStockLevel } from './kind-stock.ts';

const IMAGE_TYPES = ['front', 'side', 'thumbnail'] as const;

/** The style's columns as the sheet gives them, resolved to ids; a key left out = the column is not in the sheet. */
type SheetStyle = {
  modelNumber: string;
  productName?: string | null;
  brandId?: number | null;
  productTypeId?: number | null;
  frameType?: StyleInput['frameType'];
  frameShapeId?: number | null;
  materialId?: number | null;
  templeMaterialId?: number | null;
  sizeId?: number | null;
  eyeSizeMm?: number | null;
  noseBridgeMm?: number | null;
  armLengthMm?: number | null;
  frameWidthMm?: number | null;
  weightGrams?: number | null;
  genderIds?: number[];
  tags?: string[];
  warranty?: string | null;
  description?: string | null;
  hsnCode?: string | null;
  gstRatePercent?: number | null;
  netPrice?: number | null;
  releaseDate?: string | null;
  active?: boolean | null;
};
type SheetColour = {
  colourCode: string;
  frameColourId: number;
  templeColourId: number | null;
  /** undefined: the column is not in the sheet; null: blank. */
  stock?: number | null;
  images?: string[];
};
/** What a row stores for apply: its group, its colour, and (first row only) the style. */
type RowData = {
  group: string;
  colour: SheetColour;
  /** Whether the style existed at the dry run. */
  existed: boolean;
  style?: SheetStyle;
  images?: PendingImage[];
  imagesApplied?: AppliedImage[];
};
type PendingImage = { name: string; imageType: (typeof IMAGE_TYPES)[number]; priority: number; sha: string };
type AppliedImage = { productColourId: number; imageType: string; sha: string; url: string };

/** Column key of each StyleInput field (for messages from the schema and the products module). */
const FIELD_COLUMN: Record<string, string> = {
  modelNumber: 'modelNumber',
  productName: 'productName',
  brandId: 'brand',
  productTypeId: 'type',
  frameType: 'frameType',
  frameShapeId: 'shape',
  materialId: 'frameMaterial',
  templeMaterialId: 'templeMaterial',
  sizeId: 'size',
  eyeSizeMm: 'eyeSizeMm',
  noseBridgeMm: 'noseBridgeMm',
  armLengthMm: 'armLengthMm',
  frameWidthMm: 'frameWidthMm',
  weightGrams: 'weightGrams',
  genderIds: 'genders',
  tags: 'tags',
  warranty: 'warranty',
  description: 'description',
  hsnCode: 'hsnCode',
  gstRatePercent: 'gstRate',
  netPrice: 'netPrice',
  releaseDate: 'releaseDate',
  colourCode: 'colourCode',
  colours: 'colourCode',
  frameColourId: 'frameColour',
  templeColourId: 'templeColour',
  openingStock: 'stock',
};

/** A column's header as the report names it (the dry run's readers name columns so). */
const headerOf = (key: string) => columnsOf('catalogue').find((c) => c.key === key)?.header ?? key;

/** The style columns compared between the rows of one model number. */
const STYLE_KEYS = [
  'productName',
  'brand',
  'type',
  'frameType',
  'shape',
  'frameMaterial',
  'templeMaterial',
  'size',
  'eyeSizeMm',
  'noseBridgeMm',
  'armLengthMm',
  'frameWidthMm',
  'weightGrams',
  'genders',
  'tags',
  'warranty',
  'description',
  'hsnCode',
  'gstRate',
  'netPrice',
  'releaseDate',
  'active',
] as const;

const splitList = (value: string) =>
  value
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** A master named in a cell: its id, null when blank, undefined (and an error) when unknown. */
function masterId(r: RowReader, key: string, list: MasterList): number | null | undefined {
  const value = r.text(key);
  if (value === '') return null;
  const id = list.byName.get(value.toLowerCase());
  if (id === undefined) r.fail(key, importMessages.unknownName(r.header(key), value));
  return id;
}

/** Reads the style's columns from the style's first row. */
function sheetStyleOf(r: RowReader, model: string, masters: Masters): SheetStyle {
  const style: SheetStyle = { modelNumber: model };
  const put = <K extends keyof SheetStyle>(column: string, field: K, value: SheetStyle[K] | undefined) => {
    if (r.has(column) && value !== undefined) style[field] = value;
  };
  put('productName', 'productName', r.text('productName') || null);
  put('brand', 'brandId', masterId(r, 'brand', masters.brands));
  put('type', 'productTypeId', masterId(r, 'type', masters.productTypes));
  if (r.has('frameType')) {
    const value = r.text('frameType');
    const match = FRAME_TYPE_VALUES.find((v) => v.toLowerCase() === value.toLowerCase());
    if (value !== '' && !match) r.fail('frameType', importMessages.unknownName(r.header('frameType'), value));
    else style.frameType = match ?? null;
  }
  put('shape', 'frameShapeId', masterId(r, 'shape', masters.frameShapes));
  put('frameMaterial', 'materialId', masterId(r, 'frameMaterial', masters.materials));
  put('templeMaterial', 'templeMaterialId', masterId(r, 'templeMaterial', masters.materials));
  put('size', 'sizeId', masterId(r, 'size', masters.sizes));
  for (const key of ['eyeSizeMm', 'noseBridgeMm', 'armLengthMm', 'frameWidthMm', 'weightGrams'] as const) {
    put(key, key, r.whole(key, { max: 100_000 }));
  }
  if (r.has('genders')) {
    const ids: number[] = [];
    for (const name of splitList(r.text('genders'))) {
      const id = masters.genders.byName.get(name.toLowerCase());
      if (id === undefined) r.fail('genders', importMessages.unknownName(r.header('genders'), name));
      else ids.push(id);
    }
    style.genderIds = ids;
  }
  if (r.has('tags')) style.tags = splitList(r.text('tags'));
  put('warranty', 'warranty', r.text('warranty') || null);
  put('description', 'description', r.text('description') || null);
  put('hsnCode', 'hsnCode', r.text('hsnCode') || null);
  put('gstRate', 'gstRatePercent', r.decimal('gstRate'));
  const paise = r.paise('netPrice');
  put('netPrice', 'netPrice', paise === null || paise === undefined ? paise : paise / 100);
  put('releaseDate', 'releaseDate', r.date('releaseDate'));
  if (r.has('active')) {
    const value = r.text('active').toLowerCase();
    if (value === '') style.active = null;
    else if (['yes', 'y', 'true', '1', 'active'].includes(value)) style.active = true;
    else if (['no', 'n', 'false', '0', 'inactive'].includes(value)) style.active = false;
    else r.fail('active', importMessages.yesNo(r.header('active'), r.text('active')));
  }
  return style;
}

/** The StyleInput the sheet asks for, laid over the stored style (null: a new one). Errors: what a new style lacks. */
function inputOf(style: SheetStyle, colours: SheetColour[], existing: StoredStyle | null): { input: StyleInput; missing: string[] } {
  const missing: string[] = [];
  const need = <T>(column: string, sheet: T | null | undefined, stored: T | undefined): T => {
    if (sheet !== undefined && sheet !== null) return sheet;
    if (stored !== undefined) return stored;
    missing.push(column);
    return undefined as T;
  };
  const opt = <T>(sheet: T | null | undefined, stored: T | null | undefined): T | null => (sheet === undefined ? (stored ?? null) : sheet);
  const byCode = new Map((existing?.colours ?? []).map((c) => [c.code, c]));
  const input = {
    modelNumber: style.modelNumber,
    productName: need('productName', style.productName, existing?.productName),
    brandId: need('brand', style.brandId, existing?.brandId),
    productTypeId: need('type', style.productTypeId, existing?.productTypeId),
    frameType: opt(style.frameType, existing?.frameType),
    frameShapeId: opt(style.frameShapeId, existing?.frameShapeId),
    materialId: opt(style.materialId, existing?.materialId),
    templeMaterialId: opt(style.templeMaterialId, existing?.templeMaterialId),
    sizeId: opt(style.sizeId, existing?.sizeId),
    eyeSizeMm: opt(style.eyeSizeMm, existing?.eyeSizeMm),
    noseBridgeMm: opt(style.noseBridgeMm, existing?.noseBridgeMm),
    armLengthMm: opt(style.armLengthMm, existing?.armLengthMm),
    frameWidthMm: opt(style.frameWidthMm, existing?.frameWidthMm),
    weightGrams: opt(style.weightGrams, existing?.weightGrams),
    genderIds: style.genderIds ?? existing?.genderIds ?? [],
    tags: style.tags ?? existing?.tags ?? [],
    warranty: opt(style.warranty, existing?.warranty),
    description: opt(style.description, existing?.description),
    hsnCode: need('hsnCode', style.hsnCode, existing?.hsnCode),
    ...(style.gstRatePercent !== undefined && style.gstRatePercent !== null ? { gstRatePercent: style.gstRatePercent } : {}),
    netPrice: need('netPrice', style.netPrice, existing ? existing.netPricePaise / 100 : undefined),
    releaseDate: opt(style.releaseDate, existing?.releaseDate),
    colours: colours.map((c) => {
      const stored = byCode.get(c.colourCode);
      return {
        colourCode: c.colourCode,
        frameColourId: c.frameColourId,
        templeColourId: c.templeColourId ?? stored?.templeColourId ?? c.frameColourId,
        openingStock: stored ? 0 : (c.stock ?? 0),
        // Not a sheet column: the products module keeps the colour's own threshold when it is left out.
        lowStockThreshold: stored?.lowStockThreshold ?? null,
      };
    }),
  };
  return { input: input as StyleInput, missing };
}

/** Names the colour already shows (its product_images), by product colour id. */
async function imageNamesOf(db: DbOrTx, colourIds: number[]): Promise<Map<number, { names: Set<string>; urls: Map<string, string> }>> {
  const out = new Map<number, { names: Set<string>; urls: Map<string, string> }>();
  if (colourIds.length === 0) return out;
  const rows = await queryRows<{ product_colour_id: number; image_name: string; image_type: string; url: string }>(
    db,
    sql`select product_colour_id, image_name, image_type, url from product_images where product_colour_id = any(${sql.param(colourIds)}::int[])`,
  );
  for (const row of rows) {
    const entry = out.get(row.product_colour_id) ?? { names: new Set(), urls: new Map() };
    entry.names.add(row.image_name.toLowerCase());
    entry.urls.set(row.image_type, row.url);
    out.set(row.product_colour_id, entry);
  }
  return out;
}

/** Images earlier imports stored, by 'colourId|type|sha' → the URL they got. */
async function importedImages(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await queryRows<{ applied: unknown }>(
    db,
    sql`select r.data->'imagesApplied' as applied from import_rows r join import_jobs j on j.id = r.job_id
         where j.kind = 'catalogue' and j.zip_key is not null and r.data ? 'imagesApplied'`,
  );
  const out = new Map<string, string>();
  for (const row of rows) {
    const list = (typeof row.applied === 'string' ? JSON.parse(row.applied) : row.applied) as AppliedImage[];
    for (const a of list ?? []) out.set(`${a.productColourId}|${a.imageType}|${a.sha}`, a.url);
  }
  return out;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type Group = { key: string; model: string; readers: RowReader[] };

/** Styles whose ZIP images are read at once by the dry run. */
const CHECK_CONCURRENCY = 6;

/** Styles checked between two turns of the event loop (requests are answered meanwhile). */
const CHECK_SLICE = 100;

/** `fn` over `items`, at most `limit` at a time, results in the items' order; the event loop runs every CHECK_SLICE items. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const index = next++;
      if (index > 0 && index % CHECK_SLICE === 0) await breathe();
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return results;
}

/** Model numbers read at once by the dry run (one statement each). */
const READ_CHUNK = 1000;

/** The stored styles of the model numbers (as the sheet spells them, any case), a few statements for the lot. */
async function existingStylesOf(db: DbOrTx, models: readonly string[]): Promise<Map<string, StoredStyle>> {
  const out = new Map<string, StoredStyle>();
  for (let i = 0; i < models.length; i += READ_CHUNK) {
    for (const [model, style] of await readStyles(db, models.slice(i, i + READ_CHUNK))) out.set(model, style);
  }
  return out;
}

export type UploadImage = (input: { actorUserId: number; productColourId: number; imageType: (typeof IMAGE_TYPES)[number]; priority: number; image: Buffer }) => Promise<{ url: string }>;

export function catalogueHandler(deps: { db: Db; setStockLevel: SetStockLevel; uploadImage: UploadImage; readZip: (jobId: number) => Promise<ZipImages | null> }): KindHandler {
  return {
    kind: 'catalogue',

    async check(readers, { db, now, zip }) {
      const masters = await loadMasters(db, now);
      const out: PlannedRow[] = [];
      const groups = new Map<string, Group>();
      const order: (Group | RowReader)[] = [];
      for (const r of readers) {
        const model = r.required('modelNumber');
        if (model === null) {
          order.push(r);
          continue;
        }
        const key = modelKey(model);
        let group = groups.get(key);
        if (!group) {
          group = { key, model, readers: [] };
          groups.set(key, group);
          order.push(group);
        }
        group.readers.push(r);
      }
      const previously = zip ? await importedImages(db) : new Map<string, string>();

      const groupList = order.filter((item): item is Group => 'key' in item);
      const existingStyles = await existingStylesOf(
        db,
        groupList.map((group) => group.model),
      );
      // The images the existing colours show, when the sheet names images: one read for the lot.
      const shownImages = readers.some((r) => r.has('images'))
        ? await imageNamesOf(db, [...existingStyles.values()].flatMap((style) => style.colours.map((c) => c.id)))
        : new Map<number, { names: Set<string>; urls: Map<string, string> }>();
      const checkGroup = async ({ key, model, readers: rows }: Group): Promise<PlannedRow[]> => {
        const rowsOut: PlannedRow[] = [];
        const first = rows[0]!;
        const style = sheetStyleOf(first, model, masters);
        // The style's columns must agree on every row of the model number.
        for (const r of rows.slice(1)) {
          for (const column of STYLE_KEYS) {
            if (r.has(column) && r.text(column).toLowerCase() !== first.text(column).toLowerCase()) {
              r.fail(column, importMessages.conflictingStyle(r.header(column), first.row.rowNo));
            }
          }
        }
        const seen = new Map<string, number>();
        const colours: (SheetColour | null)[] = rows.map((r) => {
          const raw = r.required('colourCode');
          const code = raw?.toUpperCase() ?? null;
          if (code !== null && !/^C[1-9][0-9]?$/.test(code)) r.fail('colourCode', 'Colour code must be C1 to C99.');
          else if (code !== null) {
            const earlier = seen.get(code);
            if (earlier !== undefined) r.fail('colourCode', importMessages.duplicateRow(`${model} ${code}`, earlier));
            else seen.set(code, r.row.rowNo);
          }
          const frame = r.required('frameColour') === null ? undefined : masterId(r, 'frameColour', masters.colours);
          const temple = masterId(r, 'templeColour', masters.colours);
          const stock = r.has('stock') ? r.whole('stock') : undefined;
          const images = r.has('images') ? splitList(r.text('images')) : undefined;
          if (images && images.length > IMAGE_TYPES.length) r.fail('images', importMessages.tooManyImages);
          if (code === null || typeof frame !== 'number' || temple === undefined || (r.has('stock') && stock === undefined)) return null;
          return { colourCode: code, frameColourId: frame, templeColourId: temple, ...(stock !== undefined ? { stock } : {}), ...(images ? { images } : {}) };
        });

        const existing = existingStyles.get(model) ?? null;
        const ok = colours.every((c) => c !== null) && rows.every((r) => r.errors.length === 0);
        let changesByRow = new Map<number, Change[]>();
        let action: 'create' | 'update' | 'unchanged' = existing ? 'unchanged' : 'create';
        if (ok) {
          const { input, missing } = inputOf(style, colours as SheetColour[], existing);
          for (const column of missing) first.fail(column, importMessages.required(first.header(column)));
          if (missing.length === 0) {
            const parsed = StyleInputSchema.safeParse(input);
            if (!parsed.success) {
              for (const issue of parsed.error.issues) {
                const [head, index, field] = issue.path as (string | number)[];
                const row = head === 'colours' && typeof index === 'number' ? (rows[index] ?? first) : first;
                row.fail(FIELD_COLUMN[String(head === 'colours' ? (field ?? 'colours') : head)] ?? null, issue.message);
              }
            } else {
              const plan = planStyleOver(parsed.data, existing, masters);
              for (const problem of plan.problems) {
                const code = /\b(C\d+)\b/.exec(problem.message)?.[1];
                const row = code ? (rows[colours.findIndex((c) => c?.colourCode === code)] ?? first) : first;
                row.fail(FIELD_COLUMN[problem.field] ?? null, problem.message);
              }
              action = plan.action;
              changesByRow = new Map(rows.map((r) => [r.row.rowNo, [] as Change[]]));
              for (const change of plan.changes) {
                const code = /^(C\d+)(\.|$)/.exec(change.field)?.[1];
                const index = code ? colours.findIndex((c) => c?.colourCode === code) : 0;
                changesByRow.get(rows[Math.max(0, index)]!.row.rowNo)!.push(change);
              }
              if (existing && style.active !== undefined && style.active !== null && style.active !== existing.isActive) {
                changesByRow.get(first.row.rowNo)!.push({ field: 'active', from: existing.isActive, to: style.active });
              }
              const storedByCode = new Map((existing?.colours ?? []).map((c) => [c.code, c]));
              rows.forEach((r, i) => {
                const c = colours[i]!;
                const stored = storedByCode.get(c.colourCode);
                if (stored && typeof c.stock === 'number' && c.stock !== stored.stock) {
                  changesByRow.get(r.row.rowNo)!.push({ field: `${c.colourCode}.stock`, from: stored.stock, to: c.stock });
                }
              });
            }
          }
        }

        // Images: checked once the style is otherwise fine.
        const pendingByRow = new Map<number, PendingImage[]>();
        if (rows.every((r) => r.errors.length === 0)) {
          const storedByCode = new Map((existing?.colours ?? []).map((c) => [c.code, c]));
          for (const [i, r] of rows.entries()) {
            const c = colours[i]!;
            if (!c.images) continue;
            const stored = storedByCode.get(c.colourCode);
            const current = stored ? shownImages.get(stored.id) : undefined;
            const pending: PendingImage[] = [];
            for (const [position, name] of c.images.entries()) {
              const imageType = IMAGE_TYPES[position]!;
              if (current?.names.has(name.toLowerCase())) continue;
              if (!zip) {
                r.fail('images', importMessages.imagesWithoutZip(name));
                continue;
              }
              if (!zip.names.has(name.toLowerCase())) {
                r.fail('images', importMessages.imageNotInZip(name));
                continue;
              }
              let bytes: Buffer;
              try {
                bytes = await zip.read(name);
                await inspectImage(bytes);
              } catch (error) {
                r.fail('images', importMessages.badImage(name, error instanceof AppError || error instanceof Error ? error.message : 'unreadable'));
                continue;
              }
              const sha = sha256(bytes);
              const url = stored ? previously.get(`${stored.id}|${imageType}|${sha}`) : undefined;
              if (url !== undefined && current?.urls.get(imageType) === url) continue;
              pending.push({ name, imageType, priority: position, sha });
            }
            if (pending.length > 0) {
              pendingByRow.set(r.row.rowNo, pending);
              changesByRow.set(r.row.rowNo, [
                ...(changesByRow.get(r.row.rowNo) ?? []),
                { field: `${c.colourCode}.images`, from: null, to: pending.map((p) => `${p.name} (${p.imageType})`).join(', ') },
              ]);
            }
          }
        }

        const failed = rows.some((r) => r.errors.length > 0);
        rows.forEach((r, i) => {
          const c = colours[i];
          const label = `${existing?.modelNumber ?? model} ${c?.colourCode ?? r.text('colourCode').toUpperCase()}`.trim();
          if (failed) {
            const errors: RowError[] = r.errors.length > 0 ? r.errors : [{ column: null, message: importMessages.styleError }];
            rowsOut.push({ rowNo: r.row.rowNo, action: 'error', label, data: {}, changes: [], errors });
            return;
          }
          const changes = changesByRow.get(r.row.rowNo) ?? [];
          const isNewColour = !existing || !existing.colours.some((s) => s.code === c!.colourCode);
          const rowAction = action === 'create' || isNewColour ? 'create' : changes.length > 0 ? 'update' : 'unchanged';
          const data: RowData = { group: key, colour: c!, existed: existing !== null, ...(i === 0 ? { style } : {}) };
          const pending = pendingByRow.get(r.row.rowNo);
          if (pending) data.images = pending;
          rowsOut.push({ rowNo: r.row.rowNo, action: rowAction, label, data, changes, errors: [] });
        });
        return rowsOut;
      };
      // The database is read above, once for the lot; a style awaits only its images from the ZIP (a few at a time).
      const results = await mapLimit(order, CHECK_CONCURRENCY, async (item) => {
        if ('key' in item) return checkGroup(item);
        return [{ rowNo: item.row.rowNo, action: 'error' as const, label: `Row ${item.row.rowNo}`, data: {}, changes: [], errors: item.errors }];
      });
      for (const rows of results) out.push(...rows);
      return out;
    },

    groupOf(row: ImportRow) {
      return typeof row.data.group === 'string' ? row.data.group : null;
    },

    async apply(rows, context) {
      const groups = new Map<string, ImportRow[]>();
      for (const row of rows) {
        const group = typeof row.data.group === 'string' ? row.data.group : null;
        if (group === null) continue;
        const list = groups.get(group);
        if (list) list.push(row);
        else groups.set(group, [row]);
      }
      const toWrite = [...groups.values()].filter((groupRows) => groupRows.some((row) => row.action === 'create' || row.action === 'update'));
      if (toWrite.length > 0) await applyGroups(toWrite, await loadMasters(context.tx, context.now), context);
    },

    async afterRows(jobId, context) {
      return uploadPendingImages(jobId, context);
    },
  };

  /**
   * Writes a batch's styles together: one locked read of the styles as they are now, each planned
   * again over it (a change made since the dry run is neither lost nor written twice), then one set
   * of statements for the lot (products' applyStyles); stock levels set on existing colours, and
   * styles (de)activated, after them.
   */
  async function applyGroups(groups: ImportRow[][], masters: Masters, { tx, jobId, actorUserId, now }: ApplyContext): Promise<void> {
    const ctx = { actorUserId, at: now, importJobId: jobId, masters };
    const planned = groups.flatMap((rows) => {
      const sorted = [...rows].sort((a, b) => a.rowNo - b.rowNo);
      const data = sorted.map((row) => row.data as unknown as RowData);
      const style = data.find((d) => d.style)?.style;
      return style ? [{ rowNos: sorted.map((row) => row.rowNo), style, colours: data.map((d) => d.colour) }] : [];
    });
    const existingByModel = await lockStyles(
      tx,
      planned.map((p) => p.style.modelNumber),
    );
    const failures: { rowNos: number[]; problems: RowError[] }[] = [];
    const items: { input: StyleInput; existing: StoredStyle | null; group: (typeof planned)[number] }[] = [];
    for (const group of planned) {
      const existing = existingByModel.get(group.style.modelNumber) ?? null;
      const { input, missing } = inputOf(group.style, group.colours, existing);
      if (missing.length > 0) {
        failures.push({ rowNos: group.rowNos, problems: missing.map((column) => ({ column: headerOf(column), message: importMessages.required(headerOf(column)) })) });
      }
      else items.push({ input, existing, group });
    }
    const outcomes = await applyStyles(tx, items, ctx);

    const levels: { productColourId: number; level: number }[] = [];
    const activate: number[] = [];
    const deactivate: number[] = [];
    items.forEach(({ existing, group }, i) => {
      const outcome = outcomes[i]!;
      if (!outcome.ok) {
        failures.push({
          rowNos: group.rowNos,
          problems: outcome.problems.map((p) => {
            const column = FIELD_COLUMN[p.field];
            return { column: column === undefined ? null : headerOf(column), message: p.message };
          }),
        });
        return;
      }
      const stored = new Set((existing?.colours ?? []).map((c) => c.code));
      for (const colour of group.colours) {
        const id = outcome.applied.colourIds[colour.colourCode];
        if (id !== undefined && stored.has(colour.colourCode) && typeof colour.stock === 'number') levels.push({ productColourId: id, level: colour.stock });
      }
      const activeNow = existing ? existing.isActive : true;
      const active = group.style.active;
      if (active !== undefined && active !== null && active !== activeNow) (active ? activate : deactivate).push(outcome.applied.productId);
    });

    // Stock on an existing colour sets its level (a movement through the stock module) when it differs:
    // the colours are locked and read at once, so only the ones that change take the module's writes.
    if (levels.length > 0) {
      const current = await queryRows<{ id: number; stock: number }>(
        tx,
        sql`select id, available_stock_quantity as stock from product_colours
             where id = any(${sql.param(levels.map((l) => l.productColourId))}::int[]) order by id for no key update`,
      );
      const stockOf = new Map(current.map((row) => [row.id, Number(row.stock)]));
      for (const { productColourId, level } of levels) {
        if (stockOf.get(productColourId) === level) continue;
        await deps.setStockLevel(tx, { productColourId, level, actorUserId, at: now, importJobId: jobId, note: `Import #${jobId}` });
      }
    }
    if (activate.length > 0) await setStylesActive(tx, activate, true, ctx);
    if (deactivate.length > 0) await setStylesActive(tx, deactivate, false, ctx);

    // The catalogue moved since the dry run and a style can no longer be written: say so on its rows.
    for (const { rowNos, problems } of failures) {
      await tx.execute(
        sql`update import_rows set action = 'error', errors = ${JSON.stringify(problems)}::jsonb, changes = '[]'::jsonb
             where job_id = ${jobId} and row_no = any(${sql.param(rowNos)}::int[])`,
      );
    }
  }

  /** Stores the ZIP's images of the applied rows, one upload (its own transaction) at a time; true when none is left. */
  async function uploadPendingImages(jobId: number, { actorUserId, stopping }: { actorUserId: number; stopping: () => boolean }): Promise<boolean> {
    const rows = await queryRows<{ row_no: number; data: unknown }>(
      deps.db,
      sql`select row_no, data from import_rows
           where job_id = ${jobId} and applied_at is not null and action <> 'error'
             and data ? 'images' and not data ? 'imagesApplied' order by row_no`,
    );
    if (rows.length === 0) return true;
    const zip = await deps.readZip(jobId);
    for (const row of rows) {
      if (stopping()) return false;
      const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as RowData;
      const [colour] = await queryRows<{ id: number }>(
        deps.db,
        sql`select pc.id from product_colours pc join products p on p.id = pc.product_id
             where lower(p.model_name) = ${data.group} and pc.color_variant = ${data.colour.colourCode}`,
      );
      const applied: AppliedImage[] = [];
      if (colour && zip) {
        for (const image of data.images ?? []) {
          const { url } = await deps.uploadImage({
            actorUserId,
            productColourId: colour.id,
            imageType: image.imageType,
            priority: image.priority,
            image: await zip.read(image.name),
          });
          applied.push({ productColourId: colour.id, imageType: image.imageType, sha: image.sha, url });
        }
      }
      await deps.db.execute(
        sql`update import_rows set data = data || ${JSON.stringify({ imagesApplied: applied })}::jsonb where job_id = ${jobId} and row_no = ${row.row_no}`,
      );
    }
    return true;
  }
}
