import { catalogueParams, emptyCatalogueQuery, SEARCH_TEXT_MAX_LENGTH } from '@frameport/domain';
import type { Filter } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';

export type NavLinkItem = { label: string; to: string };

/** Where the categories (from getFilters) are: still loading, failed, or here. */
export type CategoriesState = 'loading' | 'error' | 'ready';

/** What an empty category menu says instead of links. */
export function emptyCategoriesText(state: CategoriesState): string {
  if (state === 'loading') return messages.catalogue.categoriesLoading;
  if (state === 'error') return messages.catalogue.categoriesLoadFailed;
  return messages.catalogue.noCategories;
}

/** What the header, drawer and footer need from GET /api/Product/getFilters. */
export type CategoryNavigation = {
  /** Men, Women, Kids, … (the genderIdList filter's options, in the server's order). */
  genders: { id: number; name: string }[];
  /** The productTypeId whose name contains 'Sunglass'; null when the catalogue has none. */
  sunglassesTypeId: number | null;
};

export function categoryNavigation(filters: readonly Filter[]): CategoryNavigation {
  const genders = filters.find((filter) => filter.Key === 'genderIdList')?.Data ?? [];
  const types = filters.find((filter) => filter.Key === 'productTypeId')?.Data ?? [];
  const sunglasses = types.find((type) => /sunglass/i.test(type.Name));
  return {
    genders: genders.map((gender) => ({ id: gender.Id, name: gender.Name })),
    sunglassesTypeId: sunglasses?.Id ?? null,
  };
}

/** /products?genderIdList=<id>, narrowed to a product type (Sunglasses) when given. */
export function genderPath(genderId: number, productTypeId: number | null = null): string {
  const query = emptyCatalogueQuery();
  query.filters.genderIdList = [genderId];
  if (productTypeId !== null) query.filters.productTypeId = [productTypeId];
  return `/products?${catalogueParams(query).toString()}`;
}

/** The Frames menu: one link per gender. */
export function frameLinks(navigation: CategoryNavigation): NavLinkItem[] {
  return navigation.genders.map((gender) => ({ label: gender.name, to: genderPath(gender.id) }));
}

/** The Sunglasses menu: the genders again, within the Sunglasses product type (empty without one). */
export function sunglassesLinks(navigation: CategoryNavigation): NavLinkItem[] {
  const typeId = navigation.sunglassesTypeId;
  if (typeId === null) return [];
  return navigation.genders.map((gender) => ({ label: gender.name, to: genderPath(gender.id, typeId) }));
}

/** /products?searchText=<text>, trimmed and with inner whitespace collapsed; null for blank text. */
export function searchPath(text: string): string | null {
  const searchText = text.trim().replace(/\s+/g, ' ').slice(0, SEARCH_TEXT_MAX_LENGTH);
  if (searchText === '') return null;
  // Free text sorts by relevance unless told otherwise; setting it keeps sortBy out of the URL.
  const query = { ...emptyCatalogueQuery(), searchText, sortBy: 'relevance' as const, orderBy: 'Desc' as const };
  return `/products?${catalogueParams(query).toString()}`;
}
