/**
 * The catalogue as a sheet (CSV or XLSX) in the import's column set, one row per colour variant,
 * so export → edit → import changes only what was edited; and the import templates (headers only)
 * and filled examples (built from this database's masters and styles, so they import cleanly on
 * it). Every text cell goes through neutraliseCell: a cell starting with = + - @ is written with a
 * leading apostrophe, so a spreadsheet shows it as text and never runs it (the import reads the
 * apostrophe away again).
 */
import Papa from 'papaparse';
import writeXlsxFile from 'write-excel-file/node';
import { sql, type SQL } from 'drizzle-orm';
import {
  CATALOGUE_COLUMNS,
  DEFAULT_LOW_STOCK_THRESHOLD,
  IMPORT_COLUMNS,
  istDateOf,
  neutraliseCell,
  paiseToRupees,
  type ImportKind,
} from '@frameport/domain';
import type { Clock } from '../../clock.ts';
import { queryRows, type Db } from '../../db/client.ts';

export type SheetFile = { fileName: string; contentType: string; body: Buffer };
type Table = { headers: string[]; rows: string[][] };

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** CSV with a BOM (Excel then reads it as UTF-8: ₹ and names survive), CRLF line ends. */
export function toCsv(table: Table): Buffer {
  const text = Papa.unparse({ fields: table.headers, data: table.rows.map((row) => row.map(neutraliseCell)) }, { newline: '\r\n', quotes: false });
  return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
}

/** XLSX: every cell a text cell (a model number like 1042 stays '1042'; nothing is a formula). */
export async function toXlsx(table: Table): Promise<Buffer> {
  const header = table.headers.map((value) => ({ value, fontWeight: 'bold' as const }));
  const data = table.rows.map((row) => row.map((value) => (value === '' ? null : { value: neutraliseCell(value), type: String })));
  return writeXlsxFile([header, ...data], { sheet: 'Sheet1', stickyRowsCount: 1 }).toBuffer();
}

async function fileOf(table: Table, format: 'csv' | 'xlsx', stem: string): Promise<SheetFile> {
  return format === 'csv'
    ? { fileName: `${stem}.csv`, contentType: CSV_TYPE, body: toCsv(table) }
    : { fileName: `${stem}.xlsx`, contentType: XLSX_TYPE, body: await toXlsx(table) };
}

const rupees = (paise: number | string) => String(paiseToRupees(Number(paise)));
const num = (value: number | string | null) => (value === null ? '' : String(Number(value)));

export type CatalogueFilter = {
  q?: string | undefined;
  brandId?: number | undefined;
  productTypeId?: number | undefined;
  frameShapeId?: number | undefined;
  materialId?: number | undefined;
  genderId?: number | undefined;
  availability?: 'inStock' | 'outOfStock' | 'lowStock' | undefined;
  active: 'active' | 'inactive' | 'all';
};

/** The admin products list's filters as SQL on `p` (products). */
function whereOf(filter: CatalogueFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(p.model_name ilike ${like} or p.product_name ilike ${like} or b.name ilike ${like})`);
  }
  if (filter.brandId) parts.push(sql`p.brand_id = ${filter.brandId}`);
  if (filter.productTypeId) parts.push(sql`p.product_type_id = ${filter.productTypeId}`);
  if (filter.frameShapeId) parts.push(sql`p.frame_shape_id = ${filter.frameShapeId}`);
  if (filter.materialId) parts.push(sql`p.material_id = ${filter.materialId}`);
  if (filter.genderId) parts.push(sql`exists (select 1 from product_genders g where g.product_id = p.id and g.gender_id = ${filter.genderId})`);
  if (filter.availability === 'inStock') parts.push(sql`exists (select 1 from product_colours s where s.product_id = p.id and s.available_stock_quantity > 0)`);
  if (filter.availability === 'outOfStock') parts.push(sql`not exists (select 1 from product_colours s where s.product_id = p.id and s.available_stock_quantity > 0)`);
  if (filter.availability === 'lowStock') {
    parts.push(
      sql`exists (select 1 from product_colours s where s.product_id = p.id and s.available_stock_quantity <= coalesce(s.low_stock_threshold, ${DEFAULT_LOW_STOCK_THRESHOLD}))`,
    );
  }
  if (filter.active === 'active') parts.push(sql`p.is_active`);
  if (filter.active === 'inactive') parts.push(sql`not p.is_active`);
  return sql.join(parts, sql` and `);
}

type ExportRow = Record<string, string | number | boolean | null>;

/** One row per colour variant, in the column set's order, model numbers A→Z and colours C1, C2, …. */
export async function catalogueTable(db: Db, filter: CatalogueFilter): Promise<Table> {
  const rows = await queryRows<ExportRow>(
    db,
    sql`select p.model_name, pc.color_variant, p.product_name, b.name as brand, pt.name as type, p.frame_type,
               fs.name as shape, m.name as frame_material, tm.name as temple_material, sz.name as size,
               p.eye_size_mm, p.nose_bridge_mm, p.arm_length_mm, p.frame_width_mm, p.weight_grams,
               (select string_agg(g.name, ', ' order by g.sort_order, g.id) from product_genders pg join genders g on g.id = pg.gender_id where pg.product_id = p.id) as genders,
               (select string_agg(t.name, ', ' order by ptg.position, t.id) from product_tags ptg join tags t on t.id = ptg.tag_id where ptg.product_id = p.id) as tags,
               p.product_warranty, p.description, p.hsn_code, p.gst_rate_percent, p.net_price_paise, p.release_date::text as release_date,
               fc.name as frame_colour, tc.name as temple_colour, pc.available_stock_quantity as stock,
               (select string_agg(pi.image_name, '; ' order by case pi.image_type when 'front' then 0 when 'side' then 1 else 2 end, pi.priority, pi.id)
                  from product_images pi where pi.product_colour_id = pc.id) as images,
               p.is_active
          from products p
          join product_colours pc on pc.product_id = p.id
          join brands b on b.id = p.brand_id
          join product_types pt on pt.id = p.product_type_id
          left join frame_shapes fs on fs.id = p.frame_shape_id
          left join materials m on m.id = p.material_id
          left join materials tm on tm.id = p.temple_material_id
          left join sizes sz on sz.id = p.size_id
          join colours fc on fc.id = pc.frame_colour_id
          join colours tc on tc.id = pc.temple_colour_id
         where ${whereOf(filter)}
         order by lower(p.model_name), p.id, pc.variant_number`,
  );
  const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    headers: CATALOGUE_COLUMNS.map((c) => c.header),
    rows: rows.map((r) => [
      str(r.model_name),
      str(r.color_variant),
      str(r.product_name),
      str(r.brand),
      str(r.type),
      str(r.frame_type),
      str(r.shape),
      str(r.frame_material),
      str(r.temple_material),
      str(r.size),
      num(r.eye_size_mm as number | null),
      num(r.nose_bridge_mm as number | null),
      num(r.arm_length_mm as number | null),
      num(r.frame_width_mm as number | null),
      num(r.weight_grams as number | null),
      str(r.genders),
      str(r.tags),
      str(r.product_warranty),
      str(r.description),
      str(r.hsn_code),
      num(r.gst_rate_percent as string),
      rupees(r.net_price_paise as number),
      str(r.release_date),
      str(r.frame_colour),
      str(r.temple_colour),
      num(r.stock as number),
      str(r.images),
      r.is_active ? 'Yes' : 'No',
    ]),
  };
}

export async function exportCatalogue(db: Db, clock: Clock, filter: CatalogueFilter, format: 'csv' | 'xlsx'): Promise<SheetFile> {
  return fileOf(await catalogueTable(db, filter), format, `catalogue-${istDateOf(clock.now())}`);
}

/** A filled example of each kind, from this database: it imports cleanly here. */
async function exampleRows(db: Db, kind: ImportKind, today: string): Promise<string[][]> {
  if (kind === 'stock') {
    const rows = await queryRows<{ model_name: string; color_variant: string; stock: number }>(
      db,
      sql`select p.model_name, pc.color_variant, pc.available_stock_quantity as stock
            from products p join product_colours pc on pc.product_id = p.id
           where p.is_active order by p.id, pc.variant_number limit 3`,
    );
    return rows.map((r) => [r.model_name, r.color_variant, String(Number(r.stock) + 10)]);
  }
  if (kind === 'prices') {
    const rows = await queryRows<{ model_name: string; net_price_paise: number }>(
      db,
      sql`select model_name, net_price_paise from products where is_active order by id limit 2`,
    );
    const nextMonth = new Date(`${today}T00:00:00Z`);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1, 1);
    return rows.map((r, i) => [r.model_name, rupees(Math.round((Number(r.net_price_paise) * 1.05) / 100) * 100), i === 0 ? '' : nextMonth.toISOString().slice(0, 10)]);
  }
  const [m] = await queryRows<Record<string, string | null>>(
    db,
    sql`select (select name from brands where is_active order by sort_order, id limit 1) as brand,
               (select name from product_types where id = 1) as type,
               (select name from frame_shapes order by sort_order, id limit 1) as shape,
               (select name from materials order by sort_order, id limit 1) as material,
               (select name from sizes order by sort_order, id limit 1) as size,
               (select name from genders order by sort_order, id limit 1) as gender,
               (select name from colours order by sort_order, id limit 1) as colour1,
               (select name from colours order by sort_order, id offset 1 limit 1) as colour2,
               (select hsn_prefix from gst_rates where hsn_prefix like '9003%' and valid_from <= ${today} and (valid_to is null or valid_to >= ${today}) order by length(hsn_prefix) desc limit 1) as hsn`,
  );
  if (!m?.brand || !m.type || !m.colour1) return [];
  const hsn = (m.hsn ?? '900311').padEnd(6, '0');
  const style = (model: string, name: string, price: string): Record<string, string> => ({
    modelNumber: model,
    productName: name,
    brand: m.brand ?? '',
    type: m.type ?? '',
    frameType: 'Full Rim',
    shape: m.shape ?? '',
    frameMaterial: m.material ?? '',
    templeMaterial: m.material ?? '',
    size: m.size ?? '',
    eyeSizeMm: '52',
    noseBridgeMm: '18',
    armLengthMm: '140',
    frameWidthMm: '136',
    weightGrams: '22',
    genders: m.gender ?? '',
    tags: 'Example collection',
    warranty: '1 year against manufacturing defects',
    description: 'A light full-rim frame for everyday wear.',
    hsnCode: hsn,
    gstRate: '',
    netPrice: price,
    releaseDate: today,
    stock: '25',
    images: '',
    active: 'Yes',
  });
  const colours = [m.colour1, m.colour2 ?? m.colour1];
  const records = [
    ...colours.map((c, i) => ({ ...style('EXAMPLE-1001', 'Example Classic Square', '1499'), colourCode: `C${i + 1}`, frameColour: c, templeColour: c })),
    ...colours.map((c, i) => ({ ...style('EXAMPLE-1002', 'Example Slim Round', '1799.50'), colourCode: `C${i + 1}`, frameColour: c, templeColour: c })),
  ];
  return records.map((record) => CATALOGUE_COLUMNS.map((c) => (record as Record<string, string>)[c.key] ?? ''));
}

export async function template(db: Db, clock: Clock, kind: ImportKind, variant: 'template' | 'example', format: 'csv' | 'xlsx'): Promise<SheetFile> {
  const headers = IMPORT_COLUMNS[kind].map((c) => c.header);
  const rows = variant === 'example' ? await exampleRows(db, kind, istDateOf(clock.now())) : [];
  return fileOf({ headers, rows }, format, `${kind}-import-${variant}`);
}
