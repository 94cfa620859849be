/** Database rows → the spec's shapes (section 3). Money leaves the server as rupees. */
import { paiseToRupees, pickDiscount } from '@frameport/domain';
import type { Banner, ColourVariant, Inventory, Product } from '@frameport/domain/contract';
import type { BannerFlags } from '../../db/schema.ts';
import { discountsJsonFor, toAppliedDiscount, type Pricing } from '../pricing/service.ts';
import type { ImageJson, MastersJson, ProductRow, VariantJson } from './search.ts';

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

function nameIn(names: Record<string, string>, id: number | null): string | null {
  return id === null ? null : (names[String(id)] ?? null);
}

function toColourVariant(variant: VariantJson, images: ImageJson[], masters: MastersJson): ColourVariant {
  const full = images.filter((image) => image.type !== 'thumbnail');
  const thumbnail =
    images.find((image) => image.type === 'thumbnail') ?? images.find((image) => image.type === 'front') ?? images[0];
  const frame = masters.colours[String(variant.frameColourId)];
  const temple = variant.templeColourId === null ? undefined : masters.colours[String(variant.templeColourId)];
  return {
    colorVariant: variant.colorVariant,
    productColorId: variant.id,
    frameColorID: variant.frameColourId,
    frameColor: frame?.[0] ?? '',
    frameColorCode: frame?.[1] ?? '',
    templeColor: temple?.[0] ?? null,
    templeColorCode: temple?.[1] ?? null,
    templeColorID: temple ? variant.templeColourId : null,
    productImage: (full.length > 0 ? full : images).map((image) => image.url),
    thumbnailImage: thumbnail?.url ?? null,
    availableStockQuantity: variant.stock,
  };
}

export function toProduct(row: ProductRow, pricing: Pricing, masters: MastersJson): Product {
  const netPricePaise = Number(row.net_price_paise);
  const picked = pickDiscount(pricing.rules, {
    stateId: pricing.stateId,
    netPricePaise,
    productTypeId: row.product_type_id,
  });
  // Images arrive grouped by variant, best (lowest priority number) first.
  const imagesOf = new Map<number, ImageJson[]>();
  for (const image of row.images) {
    const list = imagesOf.get(image.variantId);
    if (list) list.push(image);
    else imagesOf.set(image.variantId, [image]);
  }
  // Variants arrive sorted by variant_number (C1, C2, …, C10), never by their text.
  const productColor = row.variants.map((variant) => toColourVariant(variant, imagesOf.get(variant.id) ?? [], masters));
  const firstWithImages = productColor.find((variant) => variant.productImage.length > 0);
  const genderIds = new Set(row.gender_ids);
  return {
    productId: row.id,
    productName: row.product_name,
    modelName: row.model_name,
    modelCode: row.model_code,
    productCode: row.product_code,
    brandId: row.brand_id,
    brandName: nameIn(masters.brands, row.brand_id) ?? '',
    productType: nameIn(masters.productTypes, row.product_type_id) ?? '',
    productTypeId: row.product_type_id,
    frameType: row.frame_type,
    frameShape: nameIn(masters.frameShapes, row.frame_shape_id),
    manufacturerDetails: row.manufacturer_details,
    frameWidth: row.frame_width_mm,
    eyeSize: row.eye_size_mm,
    noseBridgeSize: row.nose_bridge_mm,
    armLength: row.arm_length_mm,
    sizeName: nameIn(masters.sizes, row.size_id),
    frameMaterialName: nameIn(masters.materials, row.material_id),
    templeMaterialName: nameIn(masters.materials, row.temple_material_id),
    weight: row.weight_grams,
    weightGroup: row.weight_group,
    tags: row.tag_ids.map((id) => masters.tags[String(id)] ?? '').filter((name) => name !== ''),
    productWarranty: row.product_warranty,
    gender: masters.genders.filter(([id]) => genderIds.has(id)).map(([, name]) => name),
    description: row.description,
    hsnCode: row.hsn_code,
    gstRate: Number(row.gst_rate),
    releaseDate: row.release_date,
    netPrice: paiseToRupees(netPricePaise),
    discountedPrice: paiseToRupees(netPricePaise - (picked?.discountPaise ?? 0)),
    selectedDiscount: toAppliedDiscount(picked),
    discounts: discountsJsonFor(pricing, row.product_type_id),
    productImageList: firstWithImages?.productImage ?? [],
    isAvailable: productColor.some((variant) => variant.availableStockQuantity > 0),
    productColor,
  };
}

// ---------------------------------------------------------------------------------------------
// Inventory and banners
// ---------------------------------------------------------------------------------------------

export type InventoryRow = {
  productId: number;
  colorVariant: string;
  productColourId: number;
  stock: number;
  updatedOn: Date;
};

export function toInventory(row: InventoryRow): Inventory {
  return {
    ProductId: row.productId,
    ColorVariant: row.colorVariant,
    ProductColorId: row.productColourId,
    AvailableStockQuantity: row.stock,
    UpdatedOn: row.updatedOn.toISOString(),
  };
}

export type BannerRow = {
  id: number;
  title: string;
  imageUrl: string;
  imageName: string;
  mobileImageUrl: string | null;
  createdOn: Date;
  createdBy: string | null;
  modifiedOn: Date;
  modifiedBy: string | null;
} & BannerFlags;

export function toBanner(row: BannerRow): Banner {
  return {
    BannerId: row.id,
    BannerImage: row.imageUrl,
    BannerImageName: row.imageName,
    BannerTitle: row.title,
    MobileImage: row.mobileImageUrl,
    CreatedOn: row.createdOn.toISOString(),
    CreatedBy: row.createdBy,
    ModifiedOn: row.modifiedOn.toISOString(),
    ModifiedBy: row.modifiedBy,
    IsHomeBanner: row.isHomeBanner,
    IsLoginBanner: row.isLoginBanner,
    IsNewArrivalBanner: row.isNewArrivalBanner,
    IsMaterialBanner: row.isMaterialBanner,
    IsPriceRangeBanner: row.isPriceRangeBanner,
    IsFrameBanner: row.isFrameBanner,
    IsColorBanner: row.isColourBanner,
  };
}
