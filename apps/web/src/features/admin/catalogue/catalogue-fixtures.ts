import type { AdminProductRow, AdminProductsResponse, CatalogueMasters } from '@frameport/domain/contract/admin-catalogue';

/** Test data for the catalogue desk's list and style screens (tests only; the style itself: stock-fixtures' adminProduct). */

export function productRow(overrides: Partial<AdminProductRow> = {}): AdminProductRow {
  return {
    id: 11,
    productCode: 'FP-1001',
    modelNumber: 'FP-1001',
    productName: 'Aviator Classic',
    brand: 'Frameport',
    productType: 'Eyeglasses',
    frameShape: 'Aviator',
    netPrice: 124999,
    gstRatePercent: 5,
    colourCount: 2,
    totalStock: 15,
    lowStockColours: 1,
    thumbnailUrl: null,
    isActive: true,
    nextPrice: { netPrice: 1350, effectiveFrom: '2026-12-01' },
    updatedAt: '2026-11-20T06:30:00.000Z',
    ...overrides,
  };
}

export function productsPage(products: AdminProductRow[] = [productRow()], overrides: Partial<AdminProductsResponse> = {}): AdminProductsResponse {
  return { products, totalCount: products.length, pageNumber: 1, pageSize: 50, ...overrides };
}

export function masters(): CatalogueMasters {
  return {
    brands: [
      { id: 1, name: 'Frameport' },
      { id: 2, name: 'Ray-Ban' },
    ],
    productTypes: [
      { id: 1, name: 'Eyeglasses' },
      { id: 2, name: 'Sunglasses' },
    ],
    frameTypes: ['Full Rim', 'Half Rim', 'Rimless'],
    frameShapes: [{ id: 1, name: 'Aviator' }],
    materials: [{ id: 1, name: 'Metal' }],
    sizes: [{ id: 1, name: 'Medium' }],
    genders: [
      { id: 1, name: 'Men' },
      { id: 2, name: 'Women' },
    ],
    colours: [
      { id: 1, name: 'Black', hexCode: '#000000' },
      { id: 2, name: 'Tortoise', hexCode: '#6b3e1e' },
    ],
    tags: [{ id: 1, name: 'Summer 2026', isCollection: true }],
    gstRates: [
      { hsnPrefix: '9003', ratePercent: 5 },
      { hsnPrefix: '9004', ratePercent: 18 },
      { hsnPrefix: '900410', ratePercent: 5 },
    ],
    defaultLowStockThreshold: 5,
  };
}
