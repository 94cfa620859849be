import type {
  Banner,
  BuyAgainProduct,
  CorporateDetails,
  Filter,
  FrameShape,
  Material,
  PageContent,
  PriceRange,
  Product,
  UserProfile,
} from '@frameport/domain/contract';
import { vi } from 'vitest';
import { product } from './catalogue-fixtures.ts';
import { startSession } from '../lib/session.ts';
import { userProfile } from './fixtures.ts';
import { jsonResponse } from './render-app.tsx';

/** Test data and a fake server for the signed-in shell (header, footer) and /home, /support (tests only). */

/**
 * What jsdom lacks for these screens: scrolling (the layout's AppScrollRestoration) and
 * IntersectionObserver (the banner carousel's Embla, the public footer), which here sees every
 * element in view as soon as it is observed. Call in beforeEach; undo with vi.unstubAllGlobals().
 */
export function stubBrowserApis() {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private connected = true;
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        queueMicrotask(() => {
          if (!this.connected) return;
          this.callback([{ target, isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
        });
      }
      unobserve() {}
      disconnect() {
        this.connected = false;
      }
      takeRecords() {
        return [];
      }
    },
  );
}

export function signIn() {
  startSession({ accessToken: 'token-abc', expiresAt: Date.now() + 60_000, userName: 'asha@vermaopticals.in', rememberMe: true });
}

export function banner(overrides: Partial<Banner> = {}): Banner {
  return {
    BannerId: 1,
    BannerImage: '/media/banners/1.svg',
    BannerImageName: 'monsoon.svg',
    BannerTitle: 'The Monsoon Edit',
    MobileImage: '/media/banners/1.svg?mobile=1',
    CreatedOn: '2026-01-01T00:00:00Z',
    CreatedBy: null,
    ModifiedOn: null,
    ModifiedBy: null,
    IsHomeBanner: true,
    IsLoginBanner: false,
    IsNewArrivalBanner: false,
    IsMaterialBanner: false,
    IsPriceRangeBanner: false,
    IsFrameBanner: false,
    IsColorBanner: false,
    ...overrides,
  };
}

export function homeBanners(): Banner[] {
  return [
    banner(),
    banner({ BannerId: 2, BannerTitle: 'Kids Zone: Back to School', BannerImage: '/media/banners/2.svg', MobileImage: '/media/banners/2.svg?mobile=1' }),
    banner({ BannerId: 3, BannerTitle: 'SunStreet UV400 Sunglasses', BannerImage: '/media/banners/3.svg', MobileImage: null }),
  ];
}

function material(id: number, name: string, displayOnHome = true): Material {
  return {
    MaterialId: id,
    MaterialCode: name.slice(0, 3).toUpperCase(),
    MaterialName: name,
    Description: null,
    DisplayOnHome: displayOnHome,
    MaterialImages: [
      { MaterialId: id, MaterialImageName: `${name}.svg`, MaterialUrl: `/media/materials/${id}.svg`, IsHovered: false },
      { MaterialId: id, MaterialImageName: `${name}-hover.svg`, MaterialUrl: `/media/materials/${id}.svg?hover=1`, IsHovered: true },
    ],
  };
}

export function materials(): Material[] {
  return [material(1, 'Acetate'), material(2, 'Metal'), material(3, 'TR90'), material(4, 'Titanium'), material(5, 'Polycarbonate', false)];
}

function shape(id: number, name: string, displayOnHome = true): FrameShape {
  return {
    FrameTypeId: id,
    Code: name.toLowerCase(),
    FrameTypeName: name,
    Description: null,
    DisplayOnHome: displayOnHome,
    FrameShapeImages: [{ FrameTypeImageId: id, FrameImageName: `${name}.svg`, FrameUrl: `/media/shapes/${id}.svg`, IsHovered: false }],
  };
}

export function frameShapes(): FrameShape[] {
  return [shape(1, 'Rectangle'), shape(2, 'Round'), shape(3, 'Aviator'), shape(7, 'Oval', false)];
}

function priceRange(id: number, label: string, min: number, max: number | null): PriceRange {
  return {
    Id: id,
    Price: label,
    Min: min,
    Max: max,
    PriceRangeImages: [{ PriceRangeId: id, PriceRangeImageName: `${id}.svg`, PriceRangeUrl: `/media/price-ranges/${id}.svg`, IsHovered: false }],
  };
}

export function priceRanges(): PriceRange[] {
  return [priceRange(1, 'Under ₹600', 0, 599.99), priceRange(2, '₹600–₹800', 600, 800), priceRange(5, 'Above ₹1,200', 1200.01, null)];
}

export function shellFilters(): Filter[] {
  return [
    {
      Key: 'genderIdList',
      Type: 'In',
      Name: 'Gender',
      Data: [
        { Id: 1, Name: 'Men' },
        { Id: 2, Name: 'Women' },
        { Id: 3, Name: 'Kids' },
      ],
    },
    {
      Key: 'frameColorIdList',
      Type: 'In',
      Name: 'Colour',
      Data: [
        { Id: 11, Name: 'Black', colorCode: '#1B1B1B' },
        { Id: 12, Name: 'Rose Gold', colorCode: '#B76E79' },
        { Id: 13, Name: 'Crystal Clear', colorCode: '#DCE6EC' },
      ],
    },
    {
      Key: 'productTypeId',
      Type: 'In',
      Name: 'Product type',
      Data: [
        { Id: 1, Name: 'Eyeglasses' },
        { Id: 2, Name: 'Sunglasses' },
        { Id: 4, Name: 'Accessories' },
      ],
    },
  ];
}

export function pageContent(overrides: Partial<PageContent> = {}): PageContent {
  return { Title: 'About us', Content: '<h2>About Frameport</h2><p>Wholesale eyewear from Hyderabad.</p>', Year: null, ...overrides };
}

export function corporateDetails(): CorporateDetails {
  return {
    Address: '4th Floor, Cyber Pearl, HITEC City, Hyderabad 500081',
    ContactNumber: '+91 40 4012 3456',
    EmailId: 'support@frameport.test',
  };
}

type Answer<T> = T | 'fail';

export type FakeShell = {
  profile?: Answer<UserProfile>;
  filters?: Answer<Filter[]>;
  banners?: Answer<Banner[]>;
  materials?: Answer<Material[]>;
  frameShapes?: Answer<FrameShape[]>;
  priceRanges?: Answer<PriceRange[]>;
  newArrivals?: Answer<Product[]>;
  /** /home's Buy again (none by default: a retailer with no past orders). */
  buyAgain?: Answer<BuyAgainProduct[]>;
  /** By pageName; a missing page is a 404. */
  pages?: Record<string, Answer<PageContent>>;
  corporate?: Answer<CorporateDetails>;
};

const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });
const failure = (message: string, status: number) =>
  jsonResponse({ Status: 1, Error: { Message: message, StackTrace: null }, Data: null }, status);

function answer<T>(value: Answer<T>, wrap: (data: T) => unknown = (data) => data): Response {
  return value === 'fail' ? failure('Something went wrong. Please try again.', 500) : ok(wrap(value));
}

/** `fetch` answering like the server for the shell and home calls and Add to order; anything else is a 404 envelope. */
export function fakeShellServer(data: FakeShell = {}) {
  const pages = data.pages ?? { FOOTER: pageContent({ Title: 'Footer', Content: '<p>© 2026 Frameport</p>', Year: '2026' }) };
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    switch (url.pathname) {
      case '/api/Account/getUserProfile':
        return answer(data.profile ?? userProfile());
      case '/api/Account/logout':
        return ok({ message: 'Logged out' });
      case '/api/Product/getFilters':
        return answer(data.filters ?? shellFilters());
      case '/api/Home/getBanners':
        return answer(data.banners ?? homeBanners(), (banners) => ({ banners }));
      case '/api/Home/getMaterials':
        return answer(data.materials ?? materials(), (list) => ({ materials: list }));
      case '/api/Home/getFrameShapes':
        return answer(data.frameShapes ?? frameShapes(), (list) => ({ frameShapes: list }));
      case '/api/Home/getPriceRanges':
        return answer(data.priceRanges ?? priceRanges(), (list) => ({ priceRangeList: list }));
      case '/api/Product/getAll': {
        const list = data.newArrivals ?? [product(), product({ productId: 2, productName: 'Kids Zone Flex Round' })];
        return answer(list, (value) => ({ searchResults: { value, '@odata.count': value.length } }));
      }
      case '/api/Product/getBuyAgain':
        return answer(data.buyAgain ?? [], (products) => ({ products }));
      case '/api/Home/GetPages': {
        const page = pages[url.searchParams.get('pageName') ?? ''];
        return page === undefined ? failure('Page not found.', 404) : answer(page);
      }
      case '/api/Home/getCorporateDetails':
        return answer(data.corporate ?? corporateDetails());
      case '/api/Product/addItemsToCart':
        return ok({ message: 'Added to your purchase order', skipped: [], CartCount: 1 });
      default:
        return failure('Not found', 404);
    }
  });
}

/** The URL of every call to `path` so far. */
export function callsTo(fetchSpy: ReturnType<typeof fakeShellServer>, path: string): URL[] {
  return fetchSpy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
}

/** A link's /products query as an object, for comparisons that ignore parameter order. */
export function productsQueryOf(link: HTMLElement): { path: string; params: Record<string, string> } {
  const url = new URL(link.getAttribute('href') ?? '', 'http://localhost');
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
}
