import { and, asc, eq, inArray, sql, type Column } from 'drizzle-orm';
import type { CatalogueQuery } from '@frameport/domain';
import {
  BUY_AGAIN_LIMIT,
  CONFIG_KEYS,
  RELATED_PRODUCTS_LIMIT,
  type Banner,
  type BuyAgainProduct,
  type Facets,
  type ConfigEntry,
  type BannerKind,
  type Filter,
  type FrameShape,
  type Inventory,
  type Material,
  type PriceRange,
  type Product,
  type SearchResults,
  type SortType,
  type InFilterKey,
  IN_FILTER_KEYS,
} from '@frameport/domain/contract';
import { paiseToRupees } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import type { Clock } from '../../clock.ts';
import { queryRows, type Db } from '../../db/client.ts';
import {
  brands,
  catalogueVersion,
  cartLines,
  carts,
  colours,
  config,
  frameShapes,
  genders,
  materials,
  productColours,
  products,
  productTypes,
  sizes,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { CART_LINE_TTL_MS, gstStateCodeOf, LIST_PRICING, pricingOf } from '../pricing/service.ts';
import { listBanners } from './banners.ts';
import { createReadCache } from './cache.ts';
import { createFacetIndex } from './facets-index.ts';
import {
  buyAgainSql,
  catalogueSearchSql,
  correctionsSql,
  countLimitOf,
  countedInStatement,
  hasCorrectableWords,
  productByIdSql,
  relatedProductsSql,
  type PricingContext,
  type ProductRow,
  type TextMode,
  toCorrections,
  type Corrections,
  type CountLimits,
} from './search.ts';
import { toInventory, toProduct } from './to-contract.ts';

/** The sort dropdown (spec: SortType); SortKey is the search-string fragment the web appends. */
export const SORT_TYPES: SortType[] = [
  { ID: 1, SortTypeName: 'Newest First', SortKey: 'sortBy=releaseDate&orderBy=Desc' },
  { ID: 2, SortTypeName: 'Oldest First', SortKey: 'sortBy=releaseDate&orderBy=Asc' },
  { ID: 3, SortTypeName: 'Price: Low to High', SortKey: 'sortBy=netPrice&orderBy=Asc' },
  { ID: 4, SortTypeName: 'Price: High to Low', SortKey: 'sortBy=netPrice&orderBy=Desc' },
  { ID: 5, SortTypeName: 'Name: A to Z', SortKey: 'sortBy=productName&orderBy=Asc' },
  { ID: 6, SortTypeName: 'Name: Z to A', SortKey: 'sortBy=productName&orderBy=Desc' },
  { ID: 7, SortTypeName: 'Model Number: A to Z', SortKey: 'sortBy=modelName&orderBy=Asc' },
  { ID: 8, SortTypeName: 'Model Number: Z to A', SortKey: 'sortBy=modelName&orderBy=Desc' },
  { ID: 9, SortTypeName: 'Best Match', SortKey: 'sortBy=relevance&orderBy=Desc' },
];

export type CatalogueServiceDeps = {
  db: Db;
  clock: Clock;
  /** Serve repeated reads from memory, keyed by the catalogue version (see cache.ts). */
  cache?: boolean;
  /** The lens product's login page (LENS_LOGIN_URL), handed out by getConfig; undefined: none. */
  lensLoginUrl?: string | undefined;
  /** How far getAll counts exactly (search.ts `countLimitOf`); tests lower them to reach them. */
  countLimits?: CountLimits;
};


type CorrectionRow = { word: string; term: string; sim: number };

/** getAll's page, and the acting retailer's bill-to GST state code (null when nobody acts). */
export type CatalogueSearchAnswer = SearchResults & { billToGstStateCode: string | null };

/** Enough for the popular searches of a few thousand retailers; a page is a few tens of KB. */
const CACHE_MAX_ENTRIES = 500;
const CACHE_TTL_MS = 60_000;

export function createCatalogueService({ db, clock, cache: useCache = false, lensLoginUrl, countLimits }: CatalogueServiceDeps) {
  const facetIndex = createFacetIndex(db);
  const cache = useCache
    ? createReadCache({ maxEntries: CACHE_MAX_ENTRIES, ttlMs: CACHE_TTL_MS, now: () => clock.now().getTime() })
    : null;

  /** `load()` once per catalogue version and key; every write to the catalogue changes the version. */
  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!cache) return load();
    const [row] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion).where(eq(catalogueVersion.id, 1));
    const versionedKey = `${row?.version ?? 'none'}|${key}`;
    const hit = cache.get(versionedKey);
    if (hit !== undefined) return hit as T;
    const value = await load();
    cache.set(versionedKey, value);
    return value;
  }

  /**
   * Stock does not change the catalogue version (every order takes stock: migration 0007), so a
   * cached answer gets the colours' live stock laid over it: one indexed read by primary key.
   * Cached objects are never modified; the answer is a copy. Searches filtered to in-stock
   * styles are not cached at all (their list itself depends on stock).
   */
  const liveStock = db
    .select({ id: productColours.id, stock: productColours.availableStockQuantity })
    .from(productColours)
    .where(sql`${productColours.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('catalogue_live_stock');

  async function withLiveStock(list: Product[]): Promise<Product[]> {
    const ids = list.flatMap((product) => product.productColor.map((colour) => colour.productColorId));
    if (ids.length === 0) return list;
    const stock = new Map((await liveStock.execute({ ids })).map((row) => [row.id, row.stock]));
    return list.map((product) => {
      const productColor = product.productColor.map((colour) => ({
        ...colour,
        availableStockQuantity: stock.get(colour.productColorId) ?? colour.availableStockQuantity,
      }));
      return { ...product, productColor, isAvailable: productColor.some((colour) => colour.availableStockQuantity > 0) };
    });
  }

  function pricingContext(retailerId: number | null): PricingContext {
    return { retailerId, now: clock.now() };
  }

  function toProducts(rows: ProductRow[], retailerId: number | null): Product[] {
    const first = rows[0];
    if (!first) return [];
    // Every row carries the same state and rules; one row carries the master lists (all computed once).
    // Nobody to price for (staff who chose no retailer): list prices, no discount.
    const pricing = retailerId === null ? LIST_PRICING : pricingOf(first.acting_state_id, first.rules);
    const masters = rows.find((row) => row.masters !== null)?.masters;
    if (!masters) throw new Error('catalogue statement returned no master lists');
    return rows.map((row) => toProduct(row, pricing, masters));
  }

  // ------------------------------------------------------------------------------------------
  // Products
  // ------------------------------------------------------------------------------------------

  /**
   * getAll: one page of the catalogue and the total count, and the acting retailer's bill-to GST
   * state code (null for nobody), which getAll sends with its prices. `retailerId` is the acting
   * retailer (its state decides the discounts); null (staff acting for nobody) = list prices, no
   * discount. Free text is matched literally first; only when that finds nothing at all are
   * mistyped words corrected and the query retried.
   */
  async function search(
    query: CatalogueQuery,
    page: { pageNumber: number; pageSize: number },
    retailerId: number | null,
  ): Promise<CatalogueSearchAnswer> {
    // Which styles are in stock changes with every order: that filter is always read live.
    if (query.isAvailable) return searchUncached(query, page, retailerId);
    // The bill-to code is kept with the page: any change to a retailer or a state moves the catalogue
    // version (migration 0005), as the page's prices follow the retailer's state too.
    const key = `search|${retailerId}|${page.pageNumber}|${page.pageSize}|${JSON.stringify(query)}`;
    const results = await cached(key, () => searchUncached(query, page, retailerId));
    if (!cache) return results;
    return { ...results, searchResults: { ...results.searchResults, value: await withLiveStock(results.searchResults.value) } };
  }

  async function searchUncached(
    query: CatalogueQuery,
    page: { pageNumber: number; pageSize: number },
    retailerId: number | null,
  ): Promise<CatalogueSearchAnswer> {
    const pricing = pricingContext(retailerId);
    // Exact and flat with the catalogue's size from the bitsets (decision 019), except where the
    // statement's relevance walk counts itself, or the bitsets would first read a text's matches in SQL.
    const fromBitsets = !countedInStatement(query, 'literal') && facetIndex.countsCheaply(query, 'literal');
    const knownTotal = fromBitsets ? await facetIndex.total(query, 'literal') : undefined;
    let { rows, total, billTo } = await searchPage(query, page, pricing, 'literal', undefined, knownTotal);
    let exact = knownTotal !== undefined;
    if (total === 0 && hasCorrectableWords(query)) {
      // The corrections first (a few hundred vocabulary words), then the statement with them as constants;
      // without any correction the retry would match exactly what the literal try matched: nothing.
      const lookup = correctionsSql(query);
      const corrections = lookup ? toCorrections(await queryRows<CorrectionRow>(db, lookup)) : {};
      if (Object.keys(corrections).length > 0) {
        ({ rows, total, billTo } = await searchPage(query, page, pricing, 'corrected', corrections));
        exact = false;
      }
    }
    // A statement that counts stops past the count limit (decision 017): 10,000 matches, 2,000 with free
    // text. The corrected retry counts in its statement too (the bitsets do not hold its corrections).
    const countLimit = countLimitOf(query, countLimits);
    const countIsLowerBound = !exact && total > countLimit;
    return {
      searchResults: { value: toProducts(rows, retailerId), '@odata.count': countIsLowerBound ? countLimit : total },
      countIsLowerBound,
      billToGstStateCode: billTo ? gstStateCodeOf(billTo.gstin, billTo.stateCode) : null,
    };
  }

  /** One statement; its result always has a row carrying the count (a page past the end: one row with a null id). */
  async function searchPage(
    query: CatalogueQuery,
    page: { pageNumber: number; pageSize: number },
    pricing: PricingContext,
    mode: TextMode,
    corrections?: Corrections,
    knownTotal?: number,
  ): Promise<{ rows: ProductRow[]; total: number; billTo: ProductRow['bill_to'] }> {
    const rows = await queryRows<ProductRow>(db, catalogueSearchSql(query, page, pricing, mode, { corrections, countLimits, knownTotal }));
    return { rows: rows.filter((row) => row.id !== null), total: Number(rows[0]?.total ?? 0), billTo: rows[0]?.bill_to ?? null };
  }

  /**
   * getFacets: per IN group and option, how many styles the search would find with that option
   * chosen (the group's own choices left out), and the styles in stock and in all. Every option of
   * getFilters' lists is listed, in their order, 0 when no style has it. Free text is matched as
   * getAll matches it (corrected only when the literal words find nothing). Counted from this
   * process's bitsets (facets-index.ts), brought up to date with the database on every call, so
   * never from the read cache: stock does not move the catalogue version (migration 0007).
   */
  async function facets(query: CatalogueQuery): Promise<Facets> {
    const [lists, literal] = await Promise.all([facetOptions(), facetIndex.count(query, 'literal')]);
    let counts = literal;
    if (counts.total === 0 && hasCorrectableWords(query)) counts = await facetIndex.count(query, 'corrected');
    const groups = IN_FILTER_KEYS.map((Key) => ({
      Key,
      Counts: lists[Key].map((option) => ({ Id: option.Id, Count: counts.groups[Key].get(option.Id) ?? 0 })),
    }));
    return { facets: groups, available: counts.available, total: counts.total };
  }

  /** The options of each IN group, as getFilters lists them. */
  async function facetOptions(): Promise<Record<InFilterKey, { Id: number }[]>> {
    const lists = await masterLists();
    return {
      frameMaterialId: lists.materials,
      frameShapeId: lists.frameShapes,
      genderIdList: lists.genders,
      sizeId: lists.sizes,
      frameColorIdList: lists.colours,
      brandId: lists.brands,
      productTypeId: lists.productTypes,
    };
  }

  async function getProduct(productId: number, retailerId: number | null): Promise<Product> {
    const product = await cached(`product|${retailerId}|${productId}`, () => getProductUncached(productId, retailerId));
    return cache ? (await withLiveStock([product]))[0]! : product;
  }

  async function getProductUncached(productId: number, retailerId: number | null): Promise<Product> {
    const rows = await queryRows<ProductRow>(db, productByIdSql(productId, pricingContext(retailerId)));
    const [product] = toProducts(rows, retailerId);
    if (!product) throw new AppError('not_found', messages.product.notFound);
    return product;
  }

  async function relatedProducts(productId: number, retailerId: number | null): Promise<Product[]> {
    const related = await cached(`related|${retailerId}|${productId}`, () => relatedProductsUncached(productId, retailerId));
    return cache ? withLiveStock(related) : related;
  }

  async function relatedProductsUncached(productId: number, retailerId: number | null): Promise<Product[]> {
    await assertActiveProduct(productId);
    const rows = await queryRows<ProductRow>(
      db,
      relatedProductsSql(productId, RELATED_PRODUCTS_LIMIT, pricingContext(retailerId)),
    );
    return toProducts(rows, retailerId);
  }

  /**
   * Buy again for /home: the retailer's most ordered styles that are sold and in stock, priced for
   * it, each with only its colours in stock. Never cached: it follows the retailer's orders and stock.
   */
  async function buyAgain(retailerId: number): Promise<BuyAgainProduct[]> {
    const rows = await queryRows<ProductRow>(db, buyAgainSql(retailerId, BUY_AGAIN_LIMIT, pricingContext(retailerId)));
    const pieces = new Map(rows.map((row) => [row.id, Number(row.total)]));
    return toProducts(rows, retailerId).map((product) => ({
      ...product,
      productColor: product.productColor.filter((colour) => colour.availableStockQuantity > 0),
      piecesOrdered: pieces.get(product.productId) ?? 0,
    }));
  }

  async function assertActiveProduct(productId: number): Promise<void> {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.isActive, true)))
      .limit(1);
    if (!row) throw new AppError('not_found', messages.product.notFound);
  }

  // ------------------------------------------------------------------------------------------
  // Inventory
  // ------------------------------------------------------------------------------------------

  const inventoryColumns = {
    productId: productColours.productId,
    colorVariant: productColours.colorVariant,
    productColourId: productColours.id,
    stock: productColours.availableStockQuantity,
    updatedOn: productColours.updatedOn,
  };

  /** Stock of every colour of one product, C1, C2, … by number. Unknown product → 404. */
  async function inventoryOfProduct(productId: number): Promise<Inventory[]> {
    const rows = await db
      .select(inventoryColumns)
      .from(productColours)
      .where(eq(productColours.productId, productId))
      .orderBy(asc(productColours.variantNumber));
    if (rows.length === 0) {
      const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
      if (!product) throw new AppError('not_found', messages.product.notFound);
    }
    return rows.map(toInventory);
  }

  /** Stock of every colour of several products (unknown ids are left out), by product then number. */
  async function inventoryOfProducts(productIds: number[]): Promise<Inventory[]> {
    const rows = await db
      .select(inventoryColumns)
      .from(productColours)
      .where(inArray(productColours.productId, [...new Set(productIds)]))
      .orderBy(asc(productColours.productId), asc(productColours.variantNumber));
    return rows.map(toInventory);
  }

  /** Stock of every colour in the retailer's cart (getInventorybyusername); none without a retailer. */
  async function inventoryOfCart(retailerId: number | null): Promise<Inventory[]> {
    if (retailerId === null) return [];
    const inCart = db
      .select({ id: cartLines.productColourId })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(eq(carts.retailerId, retailerId));
    const rows = await db
      .select(inventoryColumns)
      .from(productColours)
      .where(inArray(productColours.id, inCart))
      .orderBy(asc(productColours.productId), asc(productColours.variantNumber));
    return rows.map(toInventory);
  }

  // ------------------------------------------------------------------------------------------
  // Home lists
  // ------------------------------------------------------------------------------------------

  async function banners(kind: BannerKind | undefined): Promise<Banner[]> {
    return listBanners(db, kind);
  }

  async function homeMaterials(): Promise<Material[]> {
    const rows = await db.query.materials.findMany({
      with: { images: { orderBy: (image, { asc }) => [asc(image.isHovered), asc(image.id)] } },
      orderBy: (material, { asc }) => [asc(material.sortOrder), asc(material.name)],
    });
    return rows.map((m) => ({
      MaterialId: m.id,
      MaterialCode: m.code,
      MaterialName: m.name,
      Description: m.description,
      DisplayOnHome: m.displayOnHome,
      MaterialImages: m.images.map((image) => ({
        MaterialId: m.id,
        MaterialImageName: image.imageName,
        MaterialUrl: image.url,
        IsHovered: image.isHovered,
      })),
    }));
  }

  async function homeFrameShapes(): Promise<FrameShape[]> {
    const rows = await db.query.frameShapes.findMany({
      with: { images: { orderBy: (image, { asc }) => [asc(image.isHovered), asc(image.id)] } },
      orderBy: (shape, { asc }) => [asc(shape.sortOrder), asc(shape.name)],
    });
    return rows.map((s) => ({
      FrameTypeId: s.id,
      Code: s.code,
      FrameTypeName: s.name,
      Description: s.description,
      DisplayOnHome: s.displayOnHome,
      FrameShapeImages: s.images.map((image) => ({
        FrameTypeImageId: image.id,
        FrameImageName: image.imageName,
        FrameUrl: image.url,
        IsHovered: image.isHovered,
      })),
    }));
  }

  async function homePriceRanges(): Promise<PriceRange[]> {
    const rows = await db.query.priceRanges.findMany({
      with: { images: { orderBy: (image, { asc }) => [asc(image.isHovered), asc(image.id)] } },
      orderBy: (range, { asc }) => [asc(range.sortOrder), asc(range.id)],
    });
    return rows.map((r) => ({
      Id: r.id,
      Price: r.label,
      Min: paiseToRupees(r.minPaise),
      Max: r.maxPaise === null ? null : paiseToRupees(r.maxPaise),
      PriceRangeImages: r.images.map((image) => ({
        PriceRangeId: r.id,
        PriceRangeImageName: image.imageName,
        PriceRangeUrl: image.url,
        IsHovered: image.isHovered,
      })),
    }));
  }

  // ------------------------------------------------------------------------------------------
  // Master lists, filters, sort types, config
  // ------------------------------------------------------------------------------------------

  // Filter options read alphabetically (spec section 9); sizes and genders keep their natural order.
  const byName = (column: Column) => sql`lower(${column}) collate "C"`;

  async function masterLists() {
    const [brandRows, materialRows, shapeRows, genderRows, sizeRows, colourRows, typeRows] = await Promise.all([
      db
        .select({ Id: brands.id, Name: brands.name })
        .from(brands)
        .where(eq(brands.isActive, true))
        .orderBy(byName(brands.name), asc(brands.id)),
      db.select({ Id: materials.id, Name: materials.name }).from(materials).orderBy(byName(materials.name), asc(materials.id)),
      db
        .select({ Id: frameShapes.id, Name: frameShapes.name })
        .from(frameShapes)
        .orderBy(byName(frameShapes.name), asc(frameShapes.id)),
      db.select({ Id: genders.id, Name: genders.name }).from(genders).orderBy(asc(genders.sortOrder), asc(genders.id)),
      db.select({ Id: sizes.id, Name: sizes.name }).from(sizes).orderBy(asc(sizes.sortOrder), asc(sizes.id)),
      db
        .select({ Id: colours.id, Name: colours.name, colorCode: colours.hexCode })
        .from(colours)
        .orderBy(byName(colours.name), asc(colours.id)),
      db.select({ Id: productTypes.id, Name: productTypes.name }).from(productTypes).orderBy(asc(productTypes.id)),
    ]);
    return {
      brands: brandRows,
      materials: materialRows,
      frameShapes: shapeRows,
      genders: genderRows,
      sizes: sizeRows,
      colours: colourRows,
      productTypes: typeRows,
    };
  }

  function filters(): Promise<Filter[]> {
    return cached('filters', filtersUncached);
  }

  async function filtersUncached(): Promise<Filter[]> {
    const [lists, [price]] = await Promise.all([
      masterLists(),
      db
        .select({
          min: sql<number | null>`min(${products.netPricePaise})`.mapWith((v) => (v === null ? null : Number(v))),
          max: sql<number | null>`max(${products.netPricePaise})`.mapWith((v) => (v === null ? null : Number(v))),
        })
        .from(products)
        .where(eq(products.isActive, true)),
    ]);
    const inFilter = (Key: Filter['Key'], Name: string, Data: Filter['Data']): Filter => ({ Key, Type: 'In', Name, Data });
    // The slider runs over whole rupees: floor of the cheapest, ceiling of the dearest.
    const minRupees = price?.min == null ? 0 : Math.floor(paiseToRupees(price.min));
    const maxRupees = price?.max == null ? 0 : Math.ceil(paiseToRupees(price.max));
    return [
      inFilter('frameMaterialId', 'Material', lists.materials),
      inFilter('frameShapeId', 'Frame Shape', lists.frameShapes),
      inFilter('genderIdList', 'Gender', lists.genders),
      inFilter('sizeId', 'Size', lists.sizes),
      inFilter('frameColorIdList', 'Colour', lists.colours),
      inFilter('brandId', 'Brand', lists.brands),
      inFilter('productTypeId', 'Product Type', lists.productTypes),
      { Key: 'netPrice', Type: 'Between', Name: 'Price', Data: [{ Id: 1, Name: 'Price', min: minRupees, max: maxRupees }] },
    ];
  }

  /**
   * getConfig: the config table, with what only the server knows laid over it: the cart's real
   * lifetime (a row saying otherwise would have the web promise what the server does not do) and
   * the deployment's lens login page when it has one. Ordered by key.
   */
  async function configEntries(): Promise<ConfigEntry[]> {
    const fromServer: ConfigEntry[] = [
      { ConfigKey: CONFIG_KEYS.cartExpiryHours, ConfigValue: String(CART_LINE_TTL_MS / 3_600_000) },
      ...(lensLoginUrl ? [{ ConfigKey: CONFIG_KEYS.lensLoginUrl, ConfigValue: lensLoginUrl }] : []),
    ];
    const overridden = new Set<string>([CONFIG_KEYS.cartExpiryHours, CONFIG_KEYS.lensLoginUrl]);
    const rows = await db.select({ ConfigKey: config.configKey, ConfigValue: config.configValue }).from(config);
    return [...rows.filter((row) => !overridden.has(row.ConfigKey)), ...fromServer].sort((a, b) =>
      a.ConfigKey < b.ConfigKey ? -1 : a.ConfigKey > b.ConfigKey ? 1 : 0,
    );
  }

  return {
    search,
    facets,
    getProduct,
    relatedProducts,
    buyAgain,
    inventoryOfProduct,
    inventoryOfProducts,
    inventoryOfCart,
    banners,
    homeMaterials,
    homeFrameShapes,
    homePriceRanges,
    masterLists,
    filters,
    sortTypes: (): SortType[] => SORT_TYPES,
    configEntries,
    cacheStats: () => cache?.stats() ?? null,
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
