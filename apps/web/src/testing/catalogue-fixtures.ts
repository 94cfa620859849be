import type { ColourVariant, Filter, Product, SortType } from '@frameport/domain/contract';
import { vi } from 'vitest';
import { jsonResponse } from './render-app.tsx';

/** Test data shaped by the contract (tests only). */

export function colourVariant(overrides: Partial<ColourVariant> = {}): ColourVariant {
  return {
    colorVariant: 'C1',
    productColorId: 101,
    frameColorID: 1,
    frameColor: 'Black',
    frameColorCode: '#1a1a1a',
    templeColor: 'Black',
    templeColorCode: '#1a1a1a',
    templeColorID: 1,
    productImage: ['/media/products/101/front.svg', '/media/products/101/side.svg'],
    thumbnailImage: '/media/products/101/front.svg',
    availableStockQuantity: 12,
    ...overrides,
  };
}

export function product(overrides: Partial<Product> = {}): Product {
  return {
    productId: 1,
    productName: 'Vistara Aviator Classic',
    modelName: 'VX-AV-1023',
    modelCode: 'VX-AV',
    productCode: 'VXAV1023',
    brandId: 1,
    brandName: 'Vistara',
    productType: 'Eyeglasses',
    productTypeId: 1,
    frameType: 'Full Rim',
    frameShape: 'Aviator',
    manufacturerDetails: 'Frameport Eyewear Pvt Ltd, Hyderabad',
    frameWidth: 138,
    eyeSize: 54,
    noseBridgeSize: 18,
    armLength: 140,
    sizeName: 'Medium',
    frameMaterialName: 'Metal',
    templeMaterialName: 'Acetate',
    weight: 22,
    weightGroup: 'Light',
    tags: ['Everyday Classics', 'Bestsellers'],
    productWarranty: '1 year',
    gender: ['Men', 'Women'],
    description: 'A light metal aviator.',
    hsnCode: '90031900',
    gstRate: 5,
    releaseDate: '2024-05-01',
    netPrice: 1000,
    discountedPrice: 900,
    selectedDiscount: {
      DiscountId: 1,
      DiscountName: 'Monsoon 10',
      UsePercentage: '1',
      DiscountPercentage: 10,
      DiscountAmount: 0,
      TotalDiscount: 100,
    },
    discounts: '[]',
    productImageList: ['/media/products/101/front.svg'],
    isAvailable: true,
    productColor: [
      colourVariant(),
      colourVariant({
        colorVariant: 'C2',
        productColorId: 102,
        frameColorID: 2,
        frameColor: 'Gold',
        frameColorCode: '#c9a227',
        productImage: ['/media/products/102/front.svg'],
        thumbnailImage: '/media/products/102/front.svg',
        availableStockQuantity: 0,
      }),
    ],
    ...overrides,
  };
}

export function accessory(overrides: Partial<Product> = {}): Product {
  return product({
    productId: 9,
    productName: 'Vistara Microfibre Cloth',
    modelName: 'VX-CL-0001',
    productType: 'Accessories',
    productTypeId: 4,
    frameType: null,
    frameShape: null,
    frameWidth: null,
    eyeSize: null,
    noseBridgeSize: null,
    armLength: null,
    weight: null,
    weightGroup: null,
    netPrice: 150,
    discountedPrice: 150,
    selectedDiscount: null,
    ...overrides,
  });
}

export function filters(): Filter[] {
  return [
    {
      Key: 'frameShapeId',
      Type: 'In',
      Name: 'Frame Shape',
      Data: [
        { Id: 1, Name: 'Aviator' },
        { Id: 2, Name: 'Round' },
        { Id: 3, Name: 'Rectangle' },
        { Id: 4, Name: 'Square' },
        { Id: 5, Name: 'Cat Eye' },
        { Id: 6, Name: 'Wayfarer' },
        { Id: 7, Name: 'Clubmaster' },
      ],
    },
    {
      Key: 'frameColorIdList',
      Type: 'In',
      Name: 'Colour',
      Data: [
        { Id: 1, Name: 'Black', colorCode: '#1a1a1a' },
        { Id: 2, Name: 'Gold', colorCode: '#c9a227' },
      ],
    },
    { Key: 'netPrice', Type: 'Between', Name: 'Price', Data: [{ Id: 1, Name: 'Price', min: 0, max: 2500 }] },
  ];
}

export function sortTypes(): SortType[] {
  return [
    { ID: 1, SortTypeName: 'Newest first', SortKey: 'sortBy=releaseDate&orderBy=Desc' },
    { ID: 2, SortTypeName: 'Price: low to high', SortKey: 'sortBy=netPrice&orderBy=Asc' },
    { ID: 3, SortTypeName: 'Price: high to low', SortKey: 'sortBy=netPrice&orderBy=Desc' },
  ];
}

const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });
const notFound = (message: string) => jsonResponse({ Status: 1, Error: { Message: message, StackTrace: null }, Data: null }, 404);

export type FakeCatalogue = {
  products?: Product[];
  count?: number;
  product?: Product | null;
  related?: Product[];
};

/** `fetch` answering like the server's catalogue calls; everything else is a 404 envelope. */
export function fakeCatalogueServer(data: FakeCatalogue = {}) {
  const list = data.products ?? [product(), accessory()];
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    switch (url.pathname) {
      case '/api/Product/getFilters':
        return ok(filters());
      case '/api/Product/getSortTypes':
        return ok(sortTypes());
      case '/api/Product/getAll':
        return ok({ searchResults: { value: list, '@odata.count': data.count ?? list.length } });
      case '/api/Product/get':
        return data.product === null || data.product === undefined
          ? notFound('Product not found.')
          : ok(data.product);
      case '/api/Product/getRelatedProducts':
        return ok(data.related ?? []);
      case '/api/Account/getUserProfile':
      default:
        return notFound('Not found');
    }
  });
}

/** The `search` parameters of every getAll call so far. */
export function getAllSearches(fetchSpy: ReturnType<typeof fakeCatalogueServer>): { search: string; pageNumber: string }[] {
  return fetchSpy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/Product/getAll')
    .map((url) => ({ search: url.searchParams.get('search') ?? '', pageNumber: url.searchParams.get('pageNumber') ?? '' }));
}
