import { z } from 'zod/mini';
import { text } from './text.ts';
import { actingEmail, dbId, rupees } from './primitives.ts';

/**
 * Catalogue contract: the Home and Product read calls of spec section 7, with the spec's
 * field names and casing (section 3). Money is rupees on the wire (at most 2 decimals).
 */

const id = z.number().check(z.int());

// ---------------------------------------------------------------------------------------------
// Banners, materials, frame shapes, price ranges (Home)
// ---------------------------------------------------------------------------------------------

// Banners live in banners.ts (the login screen reads them without the rest of the catalogue).
export * from './banners.ts';

export const MaterialSchema = z.object({
  MaterialId: id,
  MaterialCode: text(),
  MaterialName: text(),
  Description: z.nullable(text()),
  DisplayOnHome: z.boolean(),
  MaterialImages: z.array(z.object({ MaterialId: id, MaterialImageName: text(), MaterialUrl: text(), IsHovered: z.boolean() })),
});
export type Material = z.infer<typeof MaterialSchema>;
export const MaterialsResponseSchema = z.object({ materials: z.array(MaterialSchema) });

export const FrameShapeSchema = z.object({
  FrameTypeId: id,
  Code: text(),
  FrameTypeName: text(),
  Description: z.nullable(text()),
  DisplayOnHome: z.boolean(),
  FrameShapeImages: z.array(z.object({ FrameTypeImageId: id, FrameImageName: text(), FrameUrl: text(), IsHovered: z.boolean() })),
});
export type FrameShape = z.infer<typeof FrameShapeSchema>;
export const FrameShapesResponseSchema = z.object({ frameShapes: z.array(FrameShapeSchema) });

export const PriceRangeSchema = z.object({
  Id: id,
  /** The label, e.g. 'Under ₹600'. */
  Price: text(),
  Min: rupees,
  /** null = no upper bound. */
  Max: z.nullable(rupees),
  PriceRangeImages: z.array(z.object({ PriceRangeId: id, PriceRangeImageName: text(), PriceRangeUrl: text(), IsHovered: z.boolean() })),
});
export type PriceRange = z.infer<typeof PriceRangeSchema>;
export const PriceRangesResponseSchema = z.object({ priceRangeList: z.array(PriceRangeSchema) });

// ---------------------------------------------------------------------------------------------
// Filters and sort types (Product)
// ---------------------------------------------------------------------------------------------

/** The filter keys of the `search` string (spec sections 3 and 7). */
export const IN_FILTER_KEYS = [
  'frameMaterialId',
  'frameShapeId',
  'genderIdList',
  'sizeId',
  'frameColorIdList',
  'brandId',
  'productTypeId',
] as const;
export type InFilterKey = (typeof IN_FILTER_KEYS)[number];

export const FilterOptionSchema = z.object({
  Id: id,
  Name: text(),
  /** Between filters (netPrice): rupees. */
  min: z.optional(rupees),
  max: z.optional(rupees),
  /** Colour filters: '#RRGGBB'. */
  colorCode: z.optional(text()),
});
export const FilterSchema = z.object({
  Key: z.enum([...IN_FILTER_KEYS, 'netPrice']),
  Type: z.enum(['In', 'Between']),
  Name: text(),
  Data: z.array(FilterOptionSchema),
});
export type Filter = z.infer<typeof FilterSchema>;
export const FiltersResponseSchema = z.array(FilterSchema);

export const SORT_KEYS = ['releaseDate', 'netPrice', 'productName', 'modelName', 'relevance'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const SortTypeSchema = z.object({
  ID: id,
  SortTypeName: text(),
  /** The search-string fragment for this sort, e.g. 'sortBy=netPrice&orderBy=Asc'. */
  SortKey: text(),
});
export type SortType = z.infer<typeof SortTypeSchema>;
export const SortTypesResponseSchema = z.array(SortTypeSchema);

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

export const ColourVariantSchema = z.object({
  colorVariant: text(),
  productColorId: id,
  frameColorID: id,
  frameColor: text(),
  frameColorCode: text(),
  templeColor: z.nullable(text()),
  templeColorCode: z.nullable(text()),
  templeColorID: z.nullable(id),
  /** Image URLs of this colour, best first (front, side). */
  productImage: z.array(text()),
  thumbnailImage: z.nullable(text()),
  availableStockQuantity: z.number().check(z.int()),
});
export type ColourVariant = z.infer<typeof ColourVariantSchema>;

/** The discount chosen for the caller (spec's Discount on cart lines). */
export const AppliedDiscountSchema = z.object({
  DiscountId: id,
  DiscountName: text(),
  UsePercentage: z.enum(['1', '0']),
  DiscountPercentage: z.number(),
  DiscountAmount: rupees,
  /** Rupees off one piece. */
  TotalDiscount: rupees,
});
export type AppliedDiscount = z.infer<typeof AppliedDiscountSchema>;

/** One rule inside the `discounts` JSON text (spec section 3, Discount rule). */
export const DiscountRuleWireSchema = z.object({
  DiscountId: id,
  DiscountName: text(),
  StateId: z.nullable(id),
  UsePercentage: z.enum(['1', '0']),
  DiscountPercentage: z.number(),
  DiscountAmount: rupees,
  PriceFrom: z.nullable(rupees),
  PriceTo: z.nullable(rupees),
});
export type DiscountRuleWire = z.infer<typeof DiscountRuleWireSchema>;

export const ProductSchema = z.object({
  productId: id,
  productName: text(),
  modelName: text(),
  modelCode: text(),
  productCode: text(),
  brandId: id,
  brandName: text(),
  productType: text(),
  productTypeId: id,
  frameType: z.nullable(text()),
  frameShape: z.nullable(text()),
  manufacturerDetails: z.nullable(text()),
  frameWidth: z.nullable(z.number()),
  eyeSize: z.nullable(z.number()),
  noseBridgeSize: z.nullable(z.number()),
  armLength: z.nullable(z.number()),
  sizeName: z.nullable(text()),
  frameMaterialName: z.nullable(text()),
  templeMaterialName: z.nullable(text()),
  weight: z.nullable(z.number()),
  weightGroup: z.nullable(text()),
  /** Collections; the first is the collection shown on the product page. */
  tags: z.array(text()),
  productWarranty: z.nullable(text()),
  gender: z.array(text()),
  description: z.nullable(text()),
  hsnCode: text(),
  gstRate: z.number(),
  releaseDate: z.nullable(text()),
  /** List price, rupees, before discount and GST. */
  netPrice: rupees,
  /** Price after the chosen discount (equals netPrice when there is none). */
  discountedPrice: rupees,
  /** The chosen discount for the caller's state, or null (accessories never get one). */
  selectedDiscount: z.nullable(AppliedDiscountSchema),
  /** JSON text: the discount rules that apply in the caller's state (DiscountRuleWire[]). */
  discounts: text(),
  productImageList: z.array(text()),
  isAvailable: z.boolean(),
  /** Colour variants sorted C1, C2, … by number, with stock. */
  productColor: z.array(ColourVariantSchema),
});
export type Product = z.infer<typeof ProductSchema>;

/**
 * Our addition to getAll: the GST state codes that apply to the acting retailer's order, so a screen
 * can add GST to these prices with the domain's lineTotals exactly as the cart will (CGST + SGST when
 * the two codes match, IGST otherwise). null when nobody is acting (staff, a sales executive before
 * choosing a retailer).
 */
export const GstStateCodesSchema = z.object({ billTo: text(), company: text() });
export type GstStateCodes = z.infer<typeof GstStateCodesSchema>;

export const SearchResultsResponseSchema = z.object({
  searchResults: z.object({
    value: z.array(ProductSchema),
    '@odata.count': z.number().check(z.int()),
  }),
  /** Always sent by the server; optional so that answers recorded before it still parse. */
  gstStateCodes: z.optional(z.nullable(GstStateCodesSchema)),
  /**
   * Our addition (issue 19): true when more styles match than the server counts (10,000, or 2,000 for
   * a search with free text): '@odata.count' is then that lower bound ("10,000+ products"; getFacets'
   * `total` for the same search is exact); false or absent: '@odata.count' is exact.
   */
  countIsLowerBound: z.optional(z.boolean()),
});
export type SearchResults = z.infer<typeof SearchResultsResponseSchema>;

export const MAX_PAGE_SIZE = 100;
export const CATALOGUE_PAGE_SIZE = 14;

export const GetAllQuerySchema = z.object({
  /** The spec's search string: `key=value` pairs joined by `&` (see catalogue-search.ts). */
  search: z._default(z.optional(text().check(z.maxLength(2000))), ''),
  pageNumber: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)), CATALOGUE_PAGE_SIZE),
  email: actingEmail,
});

export const ProductIdQuerySchema = z.object({ id: dbId, email: actingEmail });
export const ProductIdParamQuerySchema = z.object({ productId: dbId });
/** GET /api/Product/getRelatedProducts?productId (our name: the spec does not show the path). */
export const RelatedProductsQuerySchema = z.object({ productId: dbId, email: actingEmail });
/** How many related products the product page shows. */
export const RELATED_PRODUCTS_LIMIT = 8;
export const ProductResponseSchema = ProductSchema;
export const RelatedProductsResponseSchema = z.array(ProductSchema);

/**
 * GET /api/Product/getFacets?search (our addition, issue 19): how many active styles each filter
 * option would give. `search` is getAll's search string; its sort and page are ignored. For a group
 * (Key) and an option (Id), Count is the number of styles matching every condition of the search
 * except the group's own (free text, price, availability and the other groups kept) with that option
 * chosen: what the catalogue would show on picking it beside the other groups' choices (options in
 * one group are OR-ed, so the group's own choices do not narrow its counts). Options with no style
 * are listed with Count 0. `available` is the count of styles with a colour in stock under every
 * other condition (isAvailable=true's count); `total` the count of the search as given (getAll's
 * '@odata.count' for the same search, exact).
 */
export const FacetsQuerySchema = z.object({ search: z._default(z.optional(text().check(z.maxLength(2000))), '') });
export const FacetCountSchema = z.object({ Id: id, Count: z.number().check(z.int(), z.nonnegative()) });
export type FacetCount = z.infer<typeof FacetCountSchema>;
export const FacetGroupSchema = z.object({ Key: z.enum(IN_FILTER_KEYS), Counts: z.array(FacetCountSchema) });
export type FacetGroup = z.infer<typeof FacetGroupSchema>;
export const FacetsResponseSchema = z.object({
  facets: z.array(FacetGroupSchema),
  available: z.number().check(z.int(), z.nonnegative()),
  total: z.number().check(z.int(), z.nonnegative()),
});
export type Facets = z.infer<typeof FacetsResponseSchema>;

/** GET /api/Product/getBuyAgain?email (our addition, issue 16): the acting retailer's most ordered styles. */
export const BuyAgainQuerySchema = z.object({ email: actingEmail });
/** How many styles /home's Buy again shows at most. */
export const BUY_AGAIN_LIMIT = 8;
/**
 * A style the retailer ordered before, in the catalogue's product shape (priced for that retailer),
 * with only its colours in stock, and the pieces the retailer has ordered of it (cancelled pieces
 * and cancelled orders not counted).
 */
export const BuyAgainProductSchema = z.extend(ProductSchema, { piecesOrdered: z.number().check(z.int(), z.positive()) });
export type BuyAgainProduct = z.infer<typeof BuyAgainProductSchema>;
/** Most pieces first; none when the retailer has no past orders or none of their styles is in stock. */
export const BuyAgainResponseSchema = z.object({ products: z.array(BuyAgainProductSchema).check(z.maxLength(BUY_AGAIN_LIMIT)) });
export type BuyAgain = z.infer<typeof BuyAgainResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Inventory
// ---------------------------------------------------------------------------------------------

export const InventorySchema = z.object({
  ProductId: id,
  ColorVariant: text(),
  ProductColorId: id,
  AvailableStockQuantity: z.number().check(z.int()),
  UpdatedOn: text(),
});
export type Inventory = z.infer<typeof InventorySchema>;
export const InventoryResponseSchema = z.array(InventorySchema);
export const InventoryByProductsQuerySchema = z.object({
  productIds: z.pipe(
    z.pipe(
      z.union([dbId, z.array(dbId)]),
      z.transform((value) => (Array.isArray(value) ? value : [value])),
    ),
    z.array(z.number()).check(z.minLength(1), z.maxLength(200)),
  ),
});
export const EmailQuerySchema = z.object({ email: actingEmail });

// ---------------------------------------------------------------------------------------------
// Config, masters, content
// ---------------------------------------------------------------------------------------------

export const ConfigEntrySchema = z.object({ ConfigKey: text(), ConfigValue: text() });
export type ConfigEntry = z.infer<typeof ConfigEntrySchema>;
export const ConfigResponseSchema = z.array(ConfigEntrySchema);

/**
 * The getConfig keys the web app reads. CartExpiryHours is the server's own cart lifetime;
 * LensLoginUrl is present only when the deployment names the separate lens product's login.
 */
export const CONFIG_KEYS = {
  catalogPageSize: 'CatalogPageSize',
  cartExpiryHours: 'CartExpiryHours',
  lensLoginUrl: 'LensLoginUrl',
} as const;

const NamedSchema = z.object({ Id: id, Name: text() });
/** Every master list at once (brands, materials, …): labels for filters, chips and express checkout. */
export const AllSelectedFieldsResponseSchema = z.object({
  brands: z.array(NamedSchema),
  materials: z.array(NamedSchema),
  frameShapes: z.array(NamedSchema),
  genders: z.array(NamedSchema),
  sizes: z.array(NamedSchema),
  colours: z.array(z.extend(NamedSchema, { colorCode: text() })),
  productTypes: z.array(NamedSchema),
});
