/**
 * Deterministic demo data (fixed seed): same seed and day → same data.
 *
 *   await seedDemo(db, { products: 2500 })   // on an empty, migrated database
 *
 * Everything is written in ONE transaction (always `tx` inside it; PGlite has one connection),
 * in batches, then VACUUM ANALYZEd. Passwords are hashed before the transaction starts.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { DiscountRule as DomainDiscountRule } from '@frameport/domain';
import { hashPassword } from '../../adapters/password-hash.ts';
import { sanitizePageHtml } from '../../modules/content/sanitize.ts';
import { recordAudit } from '../audit.ts';
import { queryRows, type Database, type Db, type Tx } from '../client.ts';
import * as schema from '../schema.ts';
import {
  banners,
  brands,
  cities,
  colours,
  config,
  corporateDetails,
  countries,
  discountRules,
  documentSequences,
  frameShapeImages,
  frameShapes,
  genders,
  invoices,
  materialImages,
  materials,
  orderLines,
  orderStatusHistory,
  orders,
  pages,
  paymentAllocations,
  payments,
  priceRangeImages,
  priceRanges,
  productColours,
  productGenders,
  productImages,
  productTags,
  productTypes,
  products,
  retailers,
  ROLE_ROWS,
  roles,
  shipmentLines,
  shipments,
  sizes,
  states,
  tags,
  users,
  type NewProduct,
} from '../schema.ts';
import { DEMO_PASSWORDS, RETAILERS, STAFF } from './accounts.ts';
import { generateCatalogue, type GeneratedProduct } from './catalogue.ts';
import { makeGstin } from './gstin.ts';
import { numberOrders, planInvoices, planOrders, type OrderableVariant, type OrderingRetailer } from './orders.ts';
import { seedPriceChanges } from './prices.ts';
import { createRandom } from './random.ts';
import { insertRetailer } from './retailers.ts';
import {
  BANNERS,
  BRANDS,
  COLLECTIONS,
  COLOURS,
  COMPANY,
  CORPORATE_DETAILS_ROW,
  CONFIG_ROWS,
  EXTRA_TAGS,
  GENDERS,
  MATERIALS,
  PAGES,
  PRICE_RANGES,
  PRODUCT_TYPES,
  SHAPES,
  SIZES,
  STATES,
} from './reference.ts';

export { DEMO_EMAILS, DEMO_PASSWORDS } from './accounts.ts';
export { isValidGstin, makeGstin } from './gstin.ts';

export const DEFAULT_SEED = 20260401;
export const DEFAULT_PRODUCTS = 2500;

export interface SeedOptions {
  /** Number of styles (default 2,500; the benchmark uses 10,000). */
  products?: number;
  /** PRNG seed (default 20260401). */
  seed?: number;
  /** "Today" for release dates and order history (default: now). */
  now?: Date;
}

export interface SeedSummary {
  seed: number;
  states: number;
  cities: number;
  products: number;
  variants: number;
  outOfStockVariants: number;
  images: number;
  retailers: number;
  users: number;
  orders: number;
  shipments: number;
  invoices: number;
  payments: number;
  discountRules: number;
  ms: number;
}

const BATCH = 1000;

function chunks<T>(rows: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function must<T>(map: Map<string, T>, key: string, what: string): T {
  const v = map.get(key);
  if (v === undefined) throw new Error(`seed: unknown ${what} '${key}'`);
  return v;
}

/** Every table of the schema, for TRUNCATE. */
export function allTableNames(): string[] {
  const names: string[] = [];
  for (const value of Object.values(schema) as unknown[]) {
    if (is(value, PgTable)) names.push(getTableName(value));
  }
  return names;
}

/** True when the database has no accounts, no catalogue and no reference data. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ empty: boolean }>(
    db,
    sql`select not exists (select 1 from ${users}) and not exists (select 1 from ${products})
      and not exists (select 1 from ${roles}) and not exists (select 1 from ${states}) as empty`,
  );
  return row?.empty === true;
}

/**
 * What a server does with its database before serving (main.ts): apply the migrations, then seed
 * the demo data when `seedProducts` is given and the database is empty. All of it inside
 * `database.exclusive`: of several replicas started together on one empty PostgreSQL, one
 * migrates and seeds while the others wait, then find the migrations applied and the data there.
 * Returns the seed summary, or null when nothing was seeded.
 */
export async function prepareDatabase(
  database: Database,
  options: { seedProducts: number | null; log: { info(fields: object, message: string): void } },
): Promise<SeedSummary | null> {
  return database.exclusive(async () => {
    await database.migrate();
    if (options.seedProducts === null || !(await isDatabaseEmpty(database.db))) return null;
    options.log.info({ products: options.seedProducts }, 'empty database: seeding the demo catalogue and accounts');
    const summary = await seedDemo(database.db, { products: options.seedProducts });
    options.log.info({ summary }, 'demo data seeded');
    return summary;
  });
}

/** Empties every table and restarts every identity (the migrations table is kept). */
export async function resetDatabase(db: Db): Promise<void> {
  const list = allTableNames()
    .map((n) => `"${n}"`)
    .join(', ');
  await db.execute(sql.raw(`TRUNCATE TABLE ${list} RESTART IDENTITY CASCADE`));
}

export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const productCount = options.products ?? DEFAULT_PRODUCTS;
  const now = options.now ?? new Date();
  if (!Number.isInteger(productCount) || productCount < 10) throw new RangeError('products must be an integer ≥ 10');

  // Hash outside the transaction: no slow non-database work while PGlite's only connection is held.
  const hashes = new Map<string, string>();
  for (const pw of new Set<string>([DEMO_PASSWORDS.retailer, ...STAFF.map((s) => s.password)])) {
    hashes.set(pw, await hashPassword(pw));
  }

  // Independent streams, so adding accounts never changes the catalogue.
  const catalogueRng = createRandom(seed);
  const accountRng = createRandom(seed ^ 0x5eed_0001);
  const orderRng = createRandom(seed ^ 0x5eed_0002);
  const catalogue = generateCatalogue(catalogueRng, productCount, now);

  const summary = await db.transaction(async (tx) => {
    const ref = await seedReference(tx);
    const cat = await seedCatalogue(tx, catalogue, ref);
    const acc = await seedAccounts(tx, accountRng, ref, hashes, now);
    const ord = await seedOrders(tx, orderRng, now, cat.orderable, acc, ref);
    // Two active frames (catalogue order) with a price rise scheduled.
    const scheduled = catalogue
      .filter((p) => p.isActive && p.productTypeId === 1)
      .slice(0, 2)
      .map((p) => ({ productId: must(cat.productIdByCode, p.productCode, 'product'), netPricePaise: p.netPricePaise }));
    await seedPriceChanges(tx, now, scheduled, acc.adminUserId);
    return {
      states: ref.stateIds.size,
      cities: ref.cityCount,
      products: catalogue.length,
      variants: cat.variants,
      outOfStockVariants: cat.outOfStockVariants,
      images: cat.images,
      retailers: acc.retailerCount,
      users: acc.userCount,
      discountRules: ref.discountRuleCount,
      ...ord,
    };
  });
  // VACUUM as well: merges the trigram GIN indexes' pending lists (a bulk load leaves every new entry
  // there, and PGlite has no autovacuum: searches would scan the whole list) and sets the visibility map
  // for index-only scans. See docs/catalogue-indexes.md.
  await db.execute(sql`VACUUM ANALYZE`);
  return { seed, ...summary, ms: Math.round(performance.now() - started) };
}

// ---------------------------------------------------------------------------
// Reference data and masters
// ---------------------------------------------------------------------------

interface Ref {
  countryId: number;
  stateIds: Map<string, number>;
  stateNames: Map<string, string>;
  cityIds: Map<string, number>;
  cityNames: Map<string, string>;
  cityCount: number;
  brandIds: Map<string, number>;
  materialIds: Map<string, number>;
  shapeIds: Map<string, number>;
  genderIds: Map<string, number>;
  sizeIds: Map<string, number>;
  colourIds: Map<string, number>;
  tagIds: Map<string, number>;
  discountRules: DomainDiscountRule[];
  discountRuleCount: number;
}

async function seedReference(tx: Tx): Promise<Ref> {
  await tx.insert(roles).values(ROLE_ROWS);
  const [india] = await tx.insert(countries).values({ code: 'IN', name: 'India' }).returning({ id: countries.id });
  const countryId = india!.id;
  const stateRows = await tx
    .insert(states)
    .values(STATES.map((s) => ({ countryId, name: s.name, stateCode: s.code, tin: s.code, isUnionTerritory: s.ut })))
    .returning({ id: states.id, code: states.stateCode, name: states.name });
  const stateIds = new Map(stateRows.map((s) => [s.code, s.id]));
  const stateNames = new Map(stateRows.map((s) => [s.code, s.name]));
  const cityValues = STATES.flatMap((s) =>
    s.cities.map(([code, name]) => ({ stateId: must(stateIds, s.code, 'state'), code, name })),
  );
  const cityRows = await tx.insert(cities).values(cityValues).returning({ id: cities.id, code: cities.code, name: cities.name });
  const cityIds = new Map(cityRows.map((c) => [c.code, c.id]));
  const cityNames = new Map(cityRows.map((c) => [c.code, c.name]));

  const brandRows = await tx
    .insert(brands)
    .values(BRANDS.map((b, i) => ({ code: b.code, name: b.name, description: b.description, sortOrder: i + 1 })))
    .returning({ id: brands.id, code: brands.code });
  const materialRows = await tx
    .insert(materials)
    .values(
      MATERIALS.map((m, i) => ({ code: m.code, name: m.name, description: m.description, displayOnHome: m.home, sortOrder: i + 1 })),
    )
    .returning({ id: materials.id, code: materials.code, name: materials.name });
  await tx.insert(materialImages).values(
    materialRows.flatMap((m) => [
      { materialId: m.id, imageName: `${m.name}.svg`, url: `/media/materials/${m.id}.svg`, isHovered: false },
      { materialId: m.id, imageName: `${m.name} (hover).svg`, url: `/media/materials/${m.id}.svg?hover=1`, isHovered: true },
    ]),
  );
  const shapeRows = await tx
    .insert(frameShapes)
    .values(
      SHAPES.map((s, i) => ({ code: s.code, name: s.name, description: s.description, displayOnHome: s.home, sortOrder: i + 1 })),
    )
    .returning({ id: frameShapes.id, code: frameShapes.code, name: frameShapes.name });
  await tx.insert(frameShapeImages).values(
    shapeRows.flatMap((s) => [
      { frameShapeId: s.id, imageName: `${s.name}.svg`, url: `/media/shapes/${s.id}.svg`, isHovered: false },
      { frameShapeId: s.id, imageName: `${s.name} (hover).svg`, url: `/media/shapes/${s.id}.svg?hover=1`, isHovered: true },
    ]),
  );
  const genderRows = await tx
    .insert(genders)
    .values(GENDERS.map((name, i) => ({ name, sortOrder: i + 1 })))
    .returning({ id: genders.id, name: genders.name });
  const sizeRows = await tx
    .insert(sizes)
    .values(SIZES.map((s, i) => ({ name: s.name, minEyeSizeMm: s.min, maxEyeSizeMm: s.max, sortOrder: i + 1 })))
    .returning({ id: sizes.id, name: sizes.name });
  const colourRows = await tx
    .insert(colours)
    .values(COLOURS.map(([name, hexCode], i) => ({ name, hexCode, sortOrder: i + 1 })))
    .returning({ id: colours.id, name: colours.name });
  await tx.insert(productTypes).values(PRODUCT_TYPES.map((t) => ({ id: t.id, code: t.code, name: t.name })));
  const tagRows = await tx
    .insert(tags)
    .values([
      ...COLLECTIONS.map((name) => ({ name, isCollection: true })),
      ...EXTRA_TAGS.map((name) => ({ name, isCollection: false })),
    ])
    .returning({ id: tags.id, name: tags.name });

  const rangeRows = await tx
    .insert(priceRanges)
    .values(PRICE_RANGES.map((r, i) => ({ label: r.label, minPaise: r.min, maxPaise: r.max, sortOrder: i + 1 })))
    .returning({ id: priceRanges.id, label: priceRanges.label });
  await tx.insert(priceRangeImages).values(
    rangeRows.flatMap((r) => [
      { priceRangeId: r.id, imageName: `${r.label}.svg`, url: `/media/price-ranges/${r.id}.svg`, isHovered: false },
      { priceRangeId: r.id, imageName: `${r.label} (hover).svg`, url: `/media/price-ranges/${r.id}.svg?hover=1`, isHovered: true },
    ]),
  );

  const bannerRows = await tx
    .insert(banners)
    .values(
      BANNERS.map((b, i) => ({
        title: b.title,
        imageUrl: '',
        imageName: `banner-${i + 1}.svg`,
        mobileImageUrl: null,
        sortOrder: i + 1,
        ...b.flags,
      })),
    )
    .returning({ id: banners.id });
  for (const b of bannerRows) {
    await tx
      .update(banners)
      .set({ imageUrl: `/media/banners/${b.id}.svg`, mobileImageUrl: `/media/banners/${b.id}.svg?mobile=1` })
      .where(sql`${banners.id} = ${b.id}`);
  }

  const ts = must(stateIds, '36', 'state');
  const ka = must(stateIds, '29', 'state');
  const mh = must(stateIds, '27', 'state');
  const ruleRows = await tx
    .insert(discountRules)
    .values([
      { name: 'Telangana Value Offer', stateId: ts, usePercentage: true, discountPercentage: 10, priceFromPaise: 80_000, priceToPaise: 120_000 },
      { name: 'Telangana Flat ₹50', stateId: ts, usePercentage: false, discountAmountPaise: 5_000, priceFromPaise: 50_000, priceToPaise: 79_999 },
      { name: 'Karnataka Flat ₹75', stateId: ka, usePercentage: false, discountAmountPaise: 7_500, priceFromPaise: 60_000, priceToPaise: null },
      { name: 'Maharashtra 7% Off', stateId: mh, usePercentage: true, discountPercentage: 7, priceFromPaise: 70_000, priceToPaise: 150_000 },
      { name: 'All-India 5% Off', stateId: null, usePercentage: true, discountPercentage: 5, priceFromPaise: 50_000, priceToPaise: null },
    ])
    .returning();
  const domainRules: DomainDiscountRule[] = ruleRows.map((r) => ({
    id: r.id,
    name: r.name,
    stateId: r.stateId,
    usePercentage: r.usePercentage,
    discountPercentage: r.discountPercentage ?? 0,
    discountAmountPaise: r.discountAmountPaise ?? 0,
    priceFromPaise: r.priceFromPaise,
    priceToPaise: r.priceToPaise,
  }));

  await tx
    .insert(pages)
    .values(PAGES.map((p) => ({ pageName: p.pageName, title: p.title, content: sanitizePageHtml(p.content), year: p.year ?? null })));
  await tx.insert(corporateDetails).values(CORPORATE_DETAILS_ROW);
  await tx.insert(config).values(CONFIG_ROWS.map(([configKey, configValue, description]) => ({ configKey, configValue, description })));

  return {
    countryId,
    stateIds,
    stateNames,
    cityIds,
    cityNames,
    cityCount: cityRows.length,
    brandIds: new Map(brandRows.map((b) => [b.code, b.id])),
    materialIds: new Map(materialRows.map((m) => [m.code, m.id])),
    shapeIds: new Map(shapeRows.map((s) => [s.code, s.id])),
    genderIds: new Map(genderRows.map((g) => [g.name, g.id])),
    sizeIds: new Map(sizeRows.map((s) => [s.name, s.id])),
    colourIds: new Map(colourRows.map((c) => [c.name, c.id])),
    tagIds: new Map(tagRows.map((t) => [t.name, t.id])),
    discountRules: domainRules,
    discountRuleCount: ruleRows.length,
  };
}

// ---------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------

/**
 * The triggers that keep catalogue_search (migration 0017) stand aside for this transaction
 * (`frameport.catalogue_search_bulk`, SET LOCAL) while the catalogue is loaded in batches, and the
 * search table is filled in one statement at the end: batch by batch, each style would be
 * recomputed up to three times (products, genders, colours). seed.test.ts checks the rows against
 * the tables and that the triggers keep them afterwards.
 */
async function seedCatalogue(tx: Tx, catalogue: GeneratedProduct[], ref: Ref) {
  await tx.execute(sql`select set_config('frameport.catalogue_search_bulk', 'on', true)`);
  const result = await loadCatalogue(tx, catalogue, ref);
  await tx.execute(sql`select set_config('frameport.catalogue_search_bulk', 'off', true)`);
  // Statistics first: the tables were empty when this transaction began.
  await tx.execute(sql`analyze products, product_genders, product_colours`);
  // The rows catalogue_search_refresh would write, for every style at once (as migration 0017's
  // backfill): the function's per-id form is meant for a few styles, and took minutes for 100,000.
  await tx.execute(sql`insert into catalogue_search
    select p.id, p.brand_id, p.product_type_id, p.frame_shape_id, p.material_id, p.size_id,
      array(select g.gender_id from product_genders g where g.product_id = p.id order by g.gender_id),
      array(select distinct c.frame_colour_id from product_colours c where c.product_id = p.id order by 1),
      exists (select 1 from product_colours c where c.product_id = p.id and c.available_stock_quantity > 0),
      p.net_price_paise, p.release_date, lower(p.product_name), lower(p.model_name),
      p.search_text, p.search_compact, p.model_compact
    from products p
    where p.is_active`);
  return result;
}

async function loadCatalogue(tx: Tx, catalogue: GeneratedProduct[], ref: Ref) {
  const productIdByCode = new Map<string, number>();
  for (const chunk of chunks(catalogue)) {
    const values: NewProduct[] = chunk.map((p) => ({
      productCode: p.productCode,
      modelName: p.modelName,
      modelCode: p.modelCode,
      productName: p.productName,
      brandId: must(ref.brandIds, p.brandCode, 'brand'),
      productTypeId: p.productTypeId,
      frameType: p.frameType,
      frameShapeId: p.shapeCode ? must(ref.shapeIds, p.shapeCode, 'shape') : null,
      materialId: p.materialCode ? must(ref.materialIds, p.materialCode, 'material') : null,
      templeMaterialId: p.templeMaterialCode ? must(ref.materialIds, p.templeMaterialCode, 'material') : null,
      sizeId: p.sizeName ? must(ref.sizeIds, p.sizeName, 'size') : null,
      frameWidthMm: p.frameWidthMm,
      eyeSizeMm: p.eyeSizeMm,
      noseBridgeMm: p.noseBridgeMm,
      armLengthMm: p.armLengthMm,
      weightGrams: p.weightGrams,
      weightGroup: p.weightGroup,
      manufacturerDetails: p.manufacturerDetails,
      productWarranty: p.productWarranty,
      description: p.description,
      hsnCode: p.hsnCode,
      gstRatePercent: p.gstRatePercent,
      netPricePaise: p.netPricePaise,
      releaseDate: p.releaseDate,
      isActive: p.isActive,
      searchKeywords: p.searchKeywords,
    }));
    const rows = await tx.insert(products).values(values).returning({ id: products.id, code: products.productCode });
    for (const r of rows) productIdByCode.set(r.code, r.id);
  }

  const genderRows = catalogue.flatMap((p) =>
    p.genders.map((g) => ({ productId: must(productIdByCode, p.productCode, 'product'), genderId: must(ref.genderIds, g, 'gender') })),
  );
  for (const chunk of chunks(genderRows, 5000)) await tx.insert(productGenders).values(chunk);
  const tagRows = catalogue.flatMap((p) =>
    p.tags.map((t, position) => ({
      productId: must(productIdByCode, p.productCode, 'product'),
      tagId: must(ref.tagIds, t, 'tag'),
      position,
    })),
  );
  for (const chunk of chunks(tagRows, 5000)) await tx.insert(productTags).values(chunk);

  const variantRows = catalogue.flatMap((p) =>
    p.variants.map((v) => ({
      productId: must(productIdByCode, p.productCode, 'product'),
      colorVariant: v.colorVariant,
      variantNumber: v.variantNumber,
      frameColourId: must(ref.colourIds, v.frameColour, 'colour'),
      templeColourId: must(ref.colourIds, v.templeColour, 'colour'),
      availableStockQuantity: v.stock,
    })),
  );
  const variantIdByKey = new Map<string, number>();
  for (const chunk of chunks(variantRows, 2000)) {
    const rows = await tx.insert(productColours).values(chunk).returning({
      id: productColours.id,
      productId: productColours.productId,
      variantNumber: productColours.variantNumber,
    });
    for (const r of rows) variantIdByKey.set(`${r.productId}:${r.variantNumber}`, r.id);
  }

  const imageRows: (typeof productImages.$inferInsert)[] = [];
  const orderable: OrderableVariant[] = [];
  let outOfStockVariants = 0;
  for (const p of catalogue) {
    const productId = must(productIdByCode, p.productCode, 'product');
    for (const v of p.variants) {
      const variantId = must(variantIdByKey, `${productId}:${v.variantNumber}`, 'variant');
      const base = `${p.modelName}-${v.colorVariant}`;
      imageRows.push(
        { productColourId: variantId, url: `/media/products/${variantId}/front.svg`, imageName: `${base}-front.svg`, priority: 1, imageType: 'front' },
        { productColourId: variantId, url: `/media/products/${variantId}/side.svg`, imageName: `${base}-side.svg`, priority: 2, imageType: 'side' },
      );
      if (v.stock === 0) outOfStockVariants += 1;
      else if (p.isActive && v.stock >= 10) {
        orderable.push({
          variantId,
          productId,
          productTypeId: p.productTypeId,
          productCode: p.productCode,
          productName: p.productName,
          modelName: p.modelName,
          colourName: v.frameColour,
          templeColourName: v.templeColour,
          colorVariant: v.colorVariant,
          sizeName: p.sizeName,
          eyeSizeMm: p.eyeSizeMm,
          noseBridgeMm: p.noseBridgeMm,
          armLengthMm: p.armLengthMm,
          hsnCode: p.hsnCode,
          gstRatePercent: p.gstRatePercent,
          netPricePaise: p.netPricePaise,
        });
      }
    }
  }
  for (const chunk of chunks(imageRows, 4000)) await tx.insert(productImages).values(chunk);
  return { variants: variantRows.length, outOfStockVariants, images: imageRows.length, orderable, productIdByCode };
}

// ---------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------

interface Accounts {
  adminUserId: number;
  salesUserId: number;
  warehouseUserId: number;
  accountsUserId: number;
  retailers: (OrderingRetailer & { email: string; demo: boolean })[];
  retailerCount: number;
  userCount: number;
}

async function seedAccounts(
  tx: Tx,
  rng: ReturnType<typeof createRandom>,
  ref: Ref,
  hashes: Map<string, string>,
  now: Date,
): Promise<Accounts> {
  const hashOf = (pw: string) => {
    const h = hashes.get(pw);
    if (!h) throw new Error('seed: password not hashed');
    return h;
  };
  const staff = await tx
    .insert(users)
    .values(STAFF.map((s) => ({ email: s.email, passwordHash: hashOf(s.password), roleId: s.roleId, name: s.name, phoneNumber: s.phone })))
    .returning({ id: users.id, roleId: users.roleId });
  const adminUserId = staff.find((s) => s.roleId === 1)!.id;
  const salesUserId = staff.find((s) => s.roleId === 3)!.id;
  const warehouseUserId = staff.find((s) => s.roleId === 4)!.id;
  const accountsUserId = staff.find((s) => s.roleId === 5)!.id;

  const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const out: Accounts['retailers'] = [];
  let userCount = staff.length;
  for (const r of RETAILERS) {
    // PAN: 3 letters, 'F' (firm), the business's initial, 4 digits, a letter.
    const pan = `${rng.chars(LETTERS, 3)}F${r.businessName[0]!.toUpperCase()}${rng.int(1000, 9999)}${rng.chars(LETTERS, 1)}`;
    const gstin = makeGstin(r.stateCode, pan);
    const stateId = must(ref.stateIds, r.stateCode, 'state');
    const cityId = must(ref.cityIds, r.cityCode, 'city');
    const { retailerId, userId, defaultAddressId } = await insertRetailer(
      tx,
      r,
      { countryId: ref.countryId, stateId, cityId, branchCityId: r.branch ? must(ref.cityIds, r.branch[1], 'city') : undefined },
      { pan, gstin, passwordHash: hashOf(DEMO_PASSWORDS.retailer), salesExecutiveUserId: r.linked ? salesUserId : undefined },
    );
    userCount += 1;
    if (r.credit) {
      // Set by accounts a fortnight ago.
      await tx
        .update(retailers)
        .set({
          creditLimitPaise: r.credit.limitPaise,
          paymentTermsDays: r.credit.termsDays ?? null,
          creditHold: r.credit.hold !== undefined,
          creditHoldReason: r.credit.hold ?? null,
          creditUpdatedAt: new Date(now.getTime() - 14 * 86_400_000),
          creditUpdatedByUserId: accountsUserId,
        })
        .where(sql`${retailers.id} = ${retailerId}`);
      await recordAudit(tx, {
        actorUserId: accountsUserId,
        action: 'retailer.credit',
        entity: 'retailer',
        entityId: String(retailerId),
        details: {
          after: { creditLimitPaise: r.credit.limitPaise, paymentTermsDays: r.credit.termsDays ?? null, creditHold: r.credit.hold !== undefined, creditHoldReason: r.credit.hold ?? null },
        },
        at: new Date(now.getTime() - 14 * 86_400_000),
      });
    }
    const cityName = must(ref.cityNames, r.cityCode, 'city');
    const stateName = must(ref.stateNames, r.stateCode, 'state');
    out.push({
      email: r.email,
      demo: r.demo === true,
      retailerId,
      userId,
      stateId,
      stateCode: r.stateCode,
      perVariantLimit: r.limits.perVariant,
      paymentTermsDays: r.credit?.termsDays ?? null,
      billTo: {
        businessName: r.businessName,
        address: r.address,
        city: cityName,
        state: stateName,
        country: 'India',
        pinCode: r.pinCode,
        gstin,
      },
      shipTo: {
        shippingAddressId: defaultAddressId,
        name: `${r.firstName} ${r.lastName}`,
        address: r.address,
        city: cityName,
        state: stateName,
        stateCode: r.stateCode,
        pinCode: r.pinCode,
        phone: r.phone,
      },
      plan: r.orders ?? [],
    });
  }
  return { adminUserId, salesUserId, warehouseUserId, accountsUserId, retailers: out, retailerCount: out.length, userCount };
}

// ---------------------------------------------------------------------------
// Orders, invoices, payments
// ---------------------------------------------------------------------------

async function seedOrders(
  tx: Tx,
  rng: ReturnType<typeof createRandom>,
  now: Date,
  orderable: OrderableVariant[],
  acc: Accounts,
  ref: Ref,
): Promise<{ orders: number; shipments: number; invoices: number; payments: number }> {
  if (orderable.length < 10) return { orders: 0, shipments: 0, invoices: 0, payments: 0 };
  const planned = planOrders(rng, {
    now,
    retailers: acc.retailers,
    variants: orderable,
    rules: ref.discountRules,
    companyStateCode: COMPANY.stateCode,
    users: {
      salesUserId: acc.salesUserId,
      adminUserId: acc.adminUserId,
      warehouseUserId: acc.warehouseUserId,
      accountsUserId: acc.accountsUserId,
    },
  });
  const refs = numberOrders(planned);
  const orderIds: number[] = [];
  /** Per order, its shipments' ids in shipment order. */
  const shipmentIds: number[][] = [];
  let shipmentCount = 0;
  for (let i = 0; i < planned.length; i++) {
    const p = planned[i]!;
    const [row] = await tx
      .insert(orders)
      .values({ ...p.order, orderRefNo: refs[i]! })
      .returning({ id: orders.id });
    const orderId = row!.id;
    orderIds.push(orderId);
    const lineRows = await tx
      .insert(orderLines)
      .values(p.lines.map((l) => ({ ...l, orderId })))
      .returning({ id: orderLines.id });
    await tx.insert(orderStatusHistory).values(
      p.history.map((h) => ({ orderId, status: h.status, note: h.note, changedByUserId: h.byUserId, changedAt: h.at })),
    );
    const ids: number[] = [];
    for (const s of p.shipments) {
      const [shipment] = await tx
        .insert(shipments)
        .values({ ...s.row, orderId })
        .returning({ id: shipments.id });
      ids.push(shipment!.id);
      await tx.insert(shipmentLines).values(
        s.lines.map((l) => ({
          shipmentId: shipment!.id,
          orderLineId: lineRows[l.lineIndex]!.id,
          quantity: l.quantity,
          taxablePaise: l.totals?.taxablePaise ?? null,
          cgstPaise: l.totals?.cgst ?? null,
          sgstPaise: l.totals?.sgst ?? null,
          igstPaise: l.totals?.igst ?? null,
          totalPaise: l.totals?.totalPaise ?? null,
        })),
      );
    }
    shipmentIds.push(ids);
    shipmentCount += ids.length;
    // The desk's decisions in the audit log, as the desk writes them.
    const o = p.order;
    const decided = (action: string, actorUserId: number | null | undefined, at: Date | null | undefined, details: Record<string, unknown>) =>
      recordAudit(tx, { actorUserId: actorUserId!, action, entity: 'order', entityId: String(orderId), details, at: at! });
    if (o.heldAt) {
      await decided('order.hold', o.heldByUserId, o.heldAt, { before: 'Placed', after: 'On hold', reason: o.holdReason, override: null, holdKind: o.holdKind });
    }
    if (o.confirmedAt) {
      await decided('order.confirm', o.confirmedByUserId, o.confirmedAt, {
        before: 'Placed',
        after: 'Confirmed',
        reason: o.creditOverrideReason ?? null,
        override: o.creditOverrideReason ? { reason: o.creditOverrideReason } : null,
      });
    }
    if (o.cancelledAt) {
      await decided('order.cancel', o.cancelledByUserId, o.cancelledAt, { before: 'Placed', after: 'Cancelled', reason: o.cancelReason, override: null });
    }
    if (p.bySales) {
      await recordAudit(tx, {
        actorUserId: acc.salesUserId,
        onBehalfOfRetailerId: p.order.retailerId,
        action: 'order.place',
        entity: 'order',
        entityId: String(orderId),
        details: { orderRefNo: refs[i], totalPaise: p.order.totalPaise },
        at: p.order.placedAt as Date,
      });
    }
  }
  const { invoices: plannedInvoices, last: lastInvoice } = planInvoices(rng, planned, now);
  let paymentCount = 0;
  for (const inv of plannedInvoices) {
    const [row] = await tx
      .insert(invoices)
      .values({ ...inv.invoice, orderId: orderIds[inv.orderIndex]!, shipmentId: shipmentIds[inv.orderIndex]![inv.shipmentIndex]! })
      .returning({ id: invoices.id });
    if (inv.payments.length) {
      const paymentRows = await tx
        .insert(payments)
        .values(
          inv.payments.map((p) => ({
            ...p,
            invoiceId: row!.id,
            retailerId: inv.invoice.retailerId,
            targetInvoiceIds: [row!.id],
          })),
        )
        .returning({ id: payments.id, amountPaise: payments.amountPaise, appliedAt: payments.appliedAt });
      const applied = paymentRows.filter((p) => p.appliedAt !== null);
      if (applied.length) {
        await tx.insert(paymentAllocations).values(
          applied.map((p) => ({ paymentId: p.id, invoiceId: row!.id, amountPaise: p.amountPaise, createdAt: p.appliedAt! })),
        );
      }
      paymentCount += inv.payments.length;
    }
  }
  const sequences = [...lastInvoice].map(([financialYear, lastValue]) => ({ series: 'invoice', financialYear, lastValue }));
  if (sequences.length) await tx.insert(documentSequences).values(sequences);
  // New orders continue the running number after the seeded ones.
  if (planned.length) await tx.execute(sql`select setval('order_number_seq', ${planned.length})`);
  return { orders: planned.length, shipments: shipmentCount, invoices: plannedInvoices.length, payments: paymentCount };
}
