/**
 * The catalogue desk's reads of styles: the list (filters, sort, paging; fast at 100,000 styles on
 * the catalogue's own indexes), one style with its colours, images, stamps and audit, and the
 * masters its form picks from.
 */
import { DEFAULT_LOW_STOCK_THRESHOLD, gstRateOn, paiseToRupees, type GstRateEntry } from '@frameport/domain';
import type { AdminProductDetail, AdminProductsQuery, AdminProductsResponse, CatalogueMasters } from '@frameport/domain/contract';
import { FRAME_TYPE_VALUES } from '@frameport/domain/contract';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import {
  auditLog,
  brands,
  colours,
  config,
  frameShapes,
  genders,
  gstRates,
  materials,
  productColours,
  productImages,
  productTypes,
  roles,
  sizes,
  tags,
  users,
} from '../../db/schema.ts';
import { readStyle } from './service.ts';

const AUDIT_ROWS = 100;

/** The default low-stock threshold: config LowStockThreshold when it holds a whole number ≥ 0, else the domain's. */
export async function defaultLowStockThreshold(dbx: DbOrTx): Promise<number> {
  const [row] = await dbx.select({ value: config.configValue }).from(config).where(eq(config.configKey, 'LowStockThreshold'));
  const value = row ? Number(row.value.trim()) : Number.NaN;
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_LOW_STOCK_THRESHOLD;
}

/** `text` for a LIKE pattern: its own %, _ and \ match themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDER_BY: Record<AdminProductsQuery['sort'], SQL> = {
  newest: sql`p.id desc`,
  model: sql`lower(p.model_name) collate "C", p.id`,
  name: sql`lower(p.product_name) collate "C", p.id`,
  priceAsc: sql`p.net_price_paise, p.id`,
  priceDesc: sql`p.net_price_paise desc, p.id desc`,
  // Summed once for all styles (a hash aggregate), not one subquery per style.
  stockAsc: sql`coalesce(st.stock, 0), p.id`,
  updated: sql`p.updated_at desc, p.id desc`,
};

type ListRow = {
  id: number;
  product_code: string;
  model_name: string;
  product_name: string;
  brand: string;
  product_type: string;
  frame_shape: string | null;
  net_price_paise: number | string;
  gst_rate_percent: number | string;
  is_active: boolean;
  updated_at: string | Date;
  colour_count: number | string;
  total_stock: number | string;
  low_colours: number | string;
  thumbnail_url: string | null;
  next_price_paise: number | string | null;
  next_from: string | null;
};

const iso = (at: Date | string) => (at instanceof Date ? at : new Date(at)).toISOString();

/** GET /api/admin/products: one page and the total under the filters. */
export async function listStyles(dbx: DbOrTx, query: AdminProductsQuery, today: string): Promise<AdminProductsResponse> {
  const threshold = await defaultLowStockThreshold(dbx);
  const where: SQL[] = [];
  if (query.active === 'active') where.push(sql`p.is_active`);
  else if (query.active === 'inactive') where.push(sql`not p.is_active`);
  const q = query.q?.toLowerCase();
  if (q) {
    const pattern = `%${likeEscaped(q)}%`;
    const compact = q.replace(/[^a-z0-9]+/g, '');
    // The trigram indexes find the candidates (search_text holds the model number, code, name and brand); the
    // second condition keeps only those whose model number, code, name or brand holds the words.
    const compactPattern = `%${compact}%`;
    where.push(
      compact.length > 0
        ? sql`(p.search_text like ${pattern} or p.search_compact like ${compactPattern})`
        : sql`p.search_text like ${pattern}`,
    );
    where.push(sql`(lower(p.model_name) like ${pattern} or lower(p.product_code) like ${pattern} or lower(p.product_name) like ${pattern}
      or exists (select 1 from brands qb where qb.id = p.brand_id and lower(qb.name) like ${pattern})
      ${compact.length > 0 ? sql`or p.model_compact like ${compactPattern}` : sql``})`);
  }
  if (query.brandId !== undefined) where.push(sql`p.brand_id = ${query.brandId}`);
  if (query.productTypeId !== undefined) where.push(sql`p.product_type_id = ${query.productTypeId}`);
  if (query.frameShapeId !== undefined) where.push(sql`p.frame_shape_id = ${query.frameShapeId}`);
  if (query.materialId !== undefined) where.push(sql`p.material_id = ${query.materialId}`);
  if (query.genderId !== undefined) {
    where.push(sql`exists (select 1 from product_genders g where g.product_id = p.id and g.gender_id = ${query.genderId})`);
  }
  if (query.availability === 'inStock') {
    where.push(sql`exists (select 1 from product_colours c where c.product_id = p.id and c.available_stock_quantity > 0)`);
  } else if (query.availability === 'outOfStock') {
    where.push(sql`not exists (select 1 from product_colours c where c.product_id = p.id and c.available_stock_quantity > 0)`);
  } else if (query.availability === 'lowStock') {
    where.push(sql`exists (select 1 from product_colours c where c.product_id = p.id
      and c.available_stock_quantity <= coalesce(c.low_stock_threshold, ${threshold}))`);
  }
  const filter = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const offset = (query.pageNumber - 1) * query.pageSize;

  const [count] = await queryRows<{ n: number | string }>(dbx, sql`select count(*)::int as n from products p ${filter}`);
  const rows = await queryRows<ListRow>(
    dbx,
    sql`select p.id, p.product_code, p.model_name, p.product_name, b.name as brand, pt.name as product_type, fs.name as frame_shape,
        p.net_price_paise::float8 as net_price_paise, p.gst_rate_percent::float8 as gst_rate_percent, p.is_active, p.updated_at,
        s.colour_count, s.total_stock, s.low_colours,
        (select i.url from product_colours c join product_images i on i.product_colour_id = c.id where c.product_id = p.id
          order by c.variant_number, (i.image_type = 'thumbnail') desc, i.priority, i.id limit 1) as thumbnail_url,
        nx.net_price_paise as next_price_paise, nx.effective_from as next_from
      from (select p.* ${query.sort === 'stockAsc' ? sql`, st.stock` : sql``} from products p
        ${query.sort === 'stockAsc' ? sql`left join (select product_id, sum(available_stock_quantity) as stock from product_colours group by product_id) st on st.product_id = p.id` : sql``}
        ${filter} order by ${ORDER_BY[query.sort]} limit ${query.pageSize} offset ${offset}) p
      join brands b on b.id = p.brand_id
      join product_types pt on pt.id = p.product_type_id
      left join frame_shapes fs on fs.id = p.frame_shape_id
      cross join lateral (select count(*)::int as colour_count, coalesce(sum(c.available_stock_quantity), 0)::int as total_stock,
          (count(*) filter (where c.available_stock_quantity <= coalesce(c.low_stock_threshold, ${threshold})))::int as low_colours
        from product_colours c where c.product_id = p.id) s
      left join lateral (select pc.net_price_paise::float8 as net_price_paise, pc.effective_from::text as effective_from from price_changes pc
        where pc.product_id = p.id and pc.applied_at is null and pc.cancelled_at is null and pc.effective_from >= ${today}::date
        order by pc.effective_from, pc.id limit 1) nx on true
      order by ${query.sort === 'stockAsc' ? sql`s.total_stock, p.id` : ORDER_BY[query.sort]}`,
  );
  return {
    products: rows.map((r) => ({
      id: r.id,
      productCode: r.product_code,
      modelNumber: r.model_name,
      productName: r.product_name,
      brand: r.brand,
      productType: r.product_type,
      frameShape: r.frame_shape,
      netPrice: paiseToRupees(Number(r.net_price_paise)),
      gstRatePercent: Number(r.gst_rate_percent),
      colourCount: Number(r.colour_count),
      totalStock: Number(r.total_stock),
      lowStockColours: Number(r.low_colours),
      thumbnailUrl: r.thumbnail_url,
      isActive: r.is_active,
      nextPrice: r.next_price_paise === null || r.next_from === null ? null : { netPrice: paiseToRupees(Number(r.next_price_paise)), effectiveFrom: r.next_from },
      updatedAt: iso(r.updated_at),
    })),
    totalCount: Number(count?.n ?? 0),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

type Who = { userId: number | null; name: string; role: string | null };
const NOT_RECORDED: Who = { userId: null, name: 'Not recorded', role: null };

/** GET /api/admin/products/:id: the style, its colours (stock, thresholds, images by priority), stamps and audit. Null when none. */
export async function styleDetail(dbx: DbOrTx, productId: number): Promise<AdminProductDetail | null> {
  const style = await readStyle(dbx, { id: productId });
  if (!style) return null;
  const threshold = await defaultLowStockThreshold(dbx);
  const [timestamps] = await queryRows<{ created_at: string | Date; updated_at: string | Date }>(
    dbx,
    sql`select created_at, updated_at from products where id = ${productId}`,
  );
  const colourIds = style.colours.map((c) => c.id);
  const images = colourIds.length
    ? await dbx
        .select()
        .from(productImages)
        .where(inArray(productImages.productColourId, colourIds))
        .orderBy(asc(productImages.productColourId), asc(productImages.priority), asc(productImages.id))
    : [];
  const colourNames = colourIds.length
    ? await dbx
        .select({ id: productColours.id, frame: colours.name, hex: colours.hexCode, templeId: productColours.templeColourId })
        .from(productColours)
        .innerJoin(colours, eq(colours.id, productColours.frameColourId))
        .where(eq(productColours.productId, productId))
    : [];
  const templeNames = new Map(
    (
      await dbx
        .select({ id: colours.id, name: colours.name })
        .from(colours)
        .where(inArray(colours.id, [0, ...style.colours.map((c) => c.templeColourId)]))
    ).map((c) => [c.id, c.name]),
  );
  const frameOf = new Map(colourNames.map((c) => [c.id, c]));
  const audit = await dbx
    .select({ id: auditLog.id, action: auditLog.action, actorUserId: auditLog.actorUserId, details: auditLog.details, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(productId))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_ROWS);
  const actorIds = [...new Set(audit.map((a) => a.actorUserId).filter((id): id is number => id !== null))];
  const people = new Map(
    actorIds.length
      ? (
          await dbx
            .select({ userId: users.id, name: users.name, role: roles.code })
            .from(users)
            .innerJoin(roles, eq(roles.id, users.roleId))
            .where(inArray(users.id, actorIds))
        ).map((p) => [p.userId, p as Who])
      : [],
  );
  const who = (userId: number | null): Who | null => (userId === null ? null : (people.get(userId) ?? { ...NOT_RECORDED, userId }));
  const created = [...audit].reverse().find((a) => a.action === 'product.create');
  const latest = audit[0];

  return {
    id: style.id,
    productCode: style.productCode,
    modelNumber: style.modelNumber,
    productName: style.productName,
    brandId: style.brandId,
    productTypeId: style.productTypeId,
    frameType: style.frameType,
    frameShapeId: style.frameShapeId,
    materialId: style.materialId,
    templeMaterialId: style.templeMaterialId,
    sizeId: style.sizeId,
    eyeSizeMm: style.eyeSizeMm,
    noseBridgeMm: style.noseBridgeMm,
    armLengthMm: style.armLengthMm,
    frameWidthMm: style.frameWidthMm,
    weightGrams: style.weightGrams,
    genderIds: style.genderIds,
    tags: style.tags,
    warranty: style.warranty,
    description: style.description,
    hsnCode: style.hsnCode,
    gstRatePercent: style.gstRatePercent,
    netPrice: paiseToRupees(style.netPricePaise),
    releaseDate: style.releaseDate,
    isActive: style.isActive,
    colours: style.colours.map((c) => ({
      id: c.id,
      colourCode: c.code,
      frameColourId: c.frameColourId,
      frameColour: frameOf.get(c.id)?.frame ?? '',
      frameColourHex: frameOf.get(c.id)?.hex ?? '#000000',
      templeColourId: c.templeColourId,
      templeColour: templeNames.get(c.templeColourId) ?? '',
      stock: c.stock,
      lowStockThreshold: c.lowStockThreshold,
      effectiveLowStockThreshold: c.lowStockThreshold ?? threshold,
      images: images
        .filter((i) => i.productColourId === c.id)
        .map((i) => ({ id: i.id, url: i.url, imageName: i.imageName, imageType: i.imageType, priority: i.priority })),
    })),
    // Who created it when the desk or an import did (seeded styles: not recorded); updated: the latest audited change.
    created: { by: (created && who(created.actorUserId)) ?? NOT_RECORDED, at: iso(created?.createdAt ?? timestamps!.created_at) },
    updated: latest ? { by: who(latest.actorUserId) ?? NOT_RECORDED, at: iso(latest.createdAt) } : null,
    audit: audit.map((a) => ({ id: a.id, action: a.action, by: who(a.actorUserId), at: iso(a.createdAt), details: a.details ?? null })),
  };
}

/** GET /api/admin/catalogue/masters: every list the style form picks from, and the GST rates in force today. */
export async function catalogueMasters(dbx: DbOrTx, today: string): Promise<CatalogueMasters> {
  const named = { id: sql<number>`id`, name: sql<string>`name` };
  const rates = await dbx
    .select({ hsnPrefix: gstRates.hsnPrefix, ratePercent: gstRates.ratePercent, validFrom: gstRates.validFrom, validTo: gstRates.validTo })
    .from(gstRates)
    .orderBy(asc(gstRates.hsnPrefix));
  const entries: GstRateEntry[] = rates.map((r) => ({ ...r, ratePercent: Number(r.ratePercent) }));
  const prefixes = [...new Set(entries.map((e) => e.hsnPrefix))];
  const inForce = prefixes.flatMap((hsnPrefix) => {
    // The rate of the prefix itself (not a shorter one): a prefix with nothing in force today is left out.
    const own = entries.filter((e) => e.hsnPrefix === hsnPrefix);
    const ratePercent = gstRateOn(own, hsnPrefix, today);
    return ratePercent === null ? [] : [{ hsnPrefix, ratePercent }];
  });
  return {
    brands: await dbx.select(named).from(brands).orderBy(asc(brands.sortOrder), asc(brands.name)),
    productTypes: await dbx.select(named).from(productTypes).orderBy(asc(productTypes.id)),
    frameTypes: [...FRAME_TYPE_VALUES],
    frameShapes: await dbx.select(named).from(frameShapes).orderBy(asc(frameShapes.sortOrder), asc(frameShapes.name)),
    materials: await dbx.select(named).from(materials).orderBy(asc(materials.sortOrder), asc(materials.name)),
    sizes: await dbx.select(named).from(sizes).orderBy(asc(sizes.sortOrder), asc(sizes.name)),
    genders: await dbx.select(named).from(genders).orderBy(asc(genders.sortOrder), asc(genders.name)),
    colours: await dbx.select({ ...named, hexCode: colours.hexCode }).from(colours).orderBy(asc(colours.sortOrder), asc(colours.name)),
    tags: await dbx.select({ ...named, isCollection: tags.isCollection }).from(tags).orderBy(asc(tags.name)),
    gstRates: inForce,
    defaultLowStockThreshold: await defaultLowStockThreshold(dbx),
  };
}
