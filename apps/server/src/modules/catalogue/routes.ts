import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseCatalogueSearch } from '@frameport/domain';
import {
  AllSelectedFieldsResponseSchema,
  BannersResponseSchema,
  BuyAgainQuerySchema,
  BuyAgainResponseSchema,
  ConfigResponseSchema,
  EmailQuerySchema,
  envelopeOf,
  FacetsQuerySchema,
  FacetsResponseSchema,
  FiltersResponseSchema,
  FrameShapesResponseSchema,
  GetAllQuerySchema,
  GetBannersQuerySchema,
  InventoryByProductsQuerySchema,
  InventoryResponseSchema,
  MaterialsResponseSchema,
  ok,
  PriceRangesResponseSchema,
  ProductIdParamQuerySchema,
  ProductIdQuerySchema,
  ProductResponseSchema,
  RelatedProductsQuerySchema,
  RelatedProductsResponseSchema,
  SearchResultsResponseSchema,
  SortTypesResponseSchema,
} from '@frameport/domain/contract';
import { AppError } from '../../http/errors.ts';
import type { CatalogueService } from './service.ts';

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService; companyStateCode: string }> = async (
  app,
  { catalogue, companyStateCode },
) => {
  /** The retailer whose state decides the discounts: the caller, or the one a sales executive names. */
  async function actingRetailerId(request: FastifyRequest): Promise<number | null> {
    return (await request.acting())?.retailerId ?? null;
  }

  // ------------------------------------------------------------------------------------------
  // Home
  // ------------------------------------------------------------------------------------------

  app.get(
    '/api/Home/getBanners',
    {
      schema: {
        tags: ['Home'],
        summary: 'Active banners, optionally of one kind (Home, Login, NewArrival, Material, PriceRange, Frame, Color)',
        querystring: GetBannersQuerySchema,
        response: { 200: envelopeOf(BannersResponseSchema) },
      },
    },
    async (request) => ok({ banners: await catalogue.banners(request.query.searchBanners) }),
  );

  app.get(
    '/api/Home/getMaterials',
    {
      schema: {
        tags: ['Home'],
        summary: 'Frame materials with their tiles, in display order',
        response: { 200: envelopeOf(MaterialsResponseSchema) },
      },
    },
    async () => ok({ materials: await catalogue.homeMaterials() }),
  );

  app.get(
    '/api/Home/getFrameShapes',
    {
      schema: {
        tags: ['Home'],
        summary: 'Frame shapes with their tiles, in display order',
        response: { 200: envelopeOf(FrameShapesResponseSchema) },
      },
    },
    async () => ok({ frameShapes: await catalogue.homeFrameShapes() }),
  );

  app.get(
    '/api/Home/getPriceRanges',
    {
      schema: {
        tags: ['Home'],
        summary: 'Price ranges (rupees) with their tiles',
        response: { 200: envelopeOf(PriceRangesResponseSchema) },
      },
    },
    async () => ok({ priceRangeList: await catalogue.homePriceRanges() }),
  );

  // ------------------------------------------------------------------------------------------
  // Product: lists, filters, sort types, config
  // ------------------------------------------------------------------------------------------

  app.get(
    '/api/Product/getFilters',
    {
      schema: {
        tags: ['Product'],
        summary: 'Catalogue filter groups (In lists and the netPrice Between range in rupees)',
        response: { 200: envelopeOf(FiltersResponseSchema) },
      },
    },
    async () => ok(await catalogue.filters()),
  );

  app.get(
    '/api/Product/getSortTypes',
    {
      schema: {
        tags: ['Product'],
        summary: 'Catalogue sort choices; SortKey is the search-string fragment',
        response: { 200: envelopeOf(SortTypesResponseSchema) },
      },
    },
    async () => ok(catalogue.sortTypes()),
  );

  app.get(
    '/api/Product/getConfig',
    {
      schema: {
        tags: ['Product'],
        summary: 'Configuration entries (ConfigKey, ConfigValue)',
        description:
          'The web app keeps this list in a cookie named config for 1 day (spec section 7). CatalogPageSize is the ' +
          "catalogue's page size; CartExpiryHours the hours a cart line lives (the server's own, whatever the table says); " +
          "LensLoginUrl, present only when LENS_LOGIN_URL is set, the separate lens product's login page.",
        response: { 200: envelopeOf(ConfigResponseSchema) },
      },
    },
    async () => ok(await catalogue.configEntries()),
  );

  app.get(
    '/api/Product/getAllSelectedFields',
    {
      schema: {
        tags: ['Product'],
        summary: 'Every master list at once: brands, materials, shapes, genders, sizes, colours, product types',
        response: { 200: envelopeOf(AllSelectedFieldsResponseSchema) },
      },
    },
    async () => ok(await catalogue.masterLists()),
  );

  // ------------------------------------------------------------------------------------------
  // Product: search, details, related
  // ------------------------------------------------------------------------------------------

  app.get(
    '/api/Product/getAll',
    {
      schema: {
        tags: ['Product'],
        summary: 'Search the catalogue: filters, free text, sort and page in the spec search string',
        description:
          'search: key=value pairs joined by & (frameShapeId, frameColorIdList, sizeId, brandId, productTypeId, ' +
          'frameMaterialId, genderIdList as comma-separated ids; isAvailable=true; netPrice_From/netPrice_To in rupees; ' +
          'sortBy=releaseDate|netPrice|productName|modelName|relevance with orderBy=Asc|Desc; searchText; modelName). ' +
          'email: the acting retailer (sales executive). Staff who name no retailer get list prices: ' +
          'discountedPrice equals netPrice, selectedDiscount is null and discounts is []. ' +
          'gstStateCodes (our addition): the acting retailer’s bill-to GST state code and the company’s, which decide ' +
          'CGST + SGST (same code) or IGST on these prices, as the cart will charge them; null when no retailer acts.',
        querystring: GetAllQuerySchema,
        response: { 200: envelopeOf(SearchResultsResponseSchema) },
      },
    },
    async (request) => {
      const { search, pageNumber, pageSize } = request.query;
      const parsed = parseCatalogueSearch(search);
      if (!parsed.ok) throw new AppError('invalid', parsed.message);
      const retailerId = await actingRetailerId(request);
      const { billToGstStateCode: billTo, ...results } = await catalogue.search(parsed.query, { pageNumber, pageSize }, retailerId);
      return ok({ ...results, gstStateCodes: billTo === null ? null : { billTo, company: companyStateCode } });
    },
  );

  app.get(
    '/api/Product/getFacets',
    {
      schema: {
        tags: ['Product'],
        summary: 'How many styles each filter option would give with the rest of the search kept (our addition)',
        description:
          "search: getAll's search string (its sort is ignored). For each In filter group (Key) and option (Id), Count is " +
          "the number of active styles matching every condition of the search except the group's own (free text, price, " +
          'availability and the other groups kept) with that option chosen; every option of getFilters is listed, 0 when ' +
          "none. available: the styles in stock under every other condition (isAvailable=true's count); total: the " +
          "search's own count, exact.",
        querystring: FacetsQuerySchema,
        response: { 200: envelopeOf(FacetsResponseSchema) },
      },
    },
    async (request) => {
      const parsed = parseCatalogueSearch(request.query.search);
      if (!parsed.ok) throw new AppError('invalid', parsed.message);
      return ok(await catalogue.facets(parsed.query));
    },
  );

  app.get(
    '/api/Product/get',
    {
      schema: {
        tags: ['Product'],
        summary: 'One product with its colours, stock and the discount for the acting retailer (none without one: list price)',
        querystring: ProductIdQuerySchema,
        response: { 200: envelopeOf(ProductResponseSchema) },
      },
    },
    async (request) => {
      const retailerId = await actingRetailerId(request);
      return ok(await catalogue.getProduct(request.query.id, retailerId));
    },
  );

  app.get(
    '/api/Product/getRelatedProducts',
    {
      schema: {
        tags: ['Product'],
        summary: 'Related products: same product type, sharing the frame shape or the brand',
        querystring: RelatedProductsQuerySchema,
        response: { 200: envelopeOf(RelatedProductsResponseSchema) },
      },
    },
    async (request) => {
      const retailerId = await actingRetailerId(request);
      return ok(await catalogue.relatedProducts(request.query.productId, retailerId));
    },
  );

  app.get(
    '/api/Product/getBuyAgain',
    {
      schema: {
        tags: ['Product'],
        summary: "Buy again: the acting retailer's most ordered styles that are in stock, with their colours in stock",
        description:
          'Up to 8 styles, most pieces ordered first (cancelled orders, cancelled pieces and free lines not counted; ' +
          'ties: the latest ordered first), each in the catalogue product shape priced for the retailer, with only its ' +
          'colours in stock and piecesOrdered. Styles no longer sold or out of stock are left out; none without past orders. ' +
          'email: the acting retailer (a sales executive, for a linked retailer only).',
        querystring: BuyAgainQuerySchema,
        response: { 200: envelopeOf(BuyAgainResponseSchema) },
      },
    },
    async (request) => {
      const acting = await request.requireActing();
      return ok({ products: await catalogue.buyAgain(acting.retailerId) });
    },
  );

  // ------------------------------------------------------------------------------------------
  // Inventory
  // ------------------------------------------------------------------------------------------

  app.get(
    '/api/Product/getInventory',
    {
      schema: {
        tags: ['Product'],
        summary: 'Stock of every colour of one product',
        querystring: ProductIdParamQuerySchema,
        response: { 200: envelopeOf(InventoryResponseSchema) },
      },
    },
    async (request) => ok(await catalogue.inventoryOfProduct(request.query.productId)),
  );

  app.get(
    '/api/Product/getInventorybyusername',
    {
      schema: {
        tags: ['Product'],
        summary: "Stock of every colour in the acting retailer's cart",
        querystring: EmailQuerySchema,
        response: { 200: envelopeOf(InventoryResponseSchema) },
      },
    },
    async (request) => {
      const retailerId = await actingRetailerId(request);
      return ok(await catalogue.inventoryOfCart(retailerId));
    },
  );

  app.get(
    '/api/Product/getInventoryByMultipleProductId',
    {
      schema: {
        tags: ['Product'],
        summary: 'Stock of every colour of several products (productIds repeated, at most 200)',
        querystring: InventoryByProductsQuerySchema,
        response: { 200: envelopeOf(InventoryResponseSchema) },
      },
    },
    async (request) => ok(await catalogue.inventoryOfProducts(request.query.productIds)),
  );
};
