import { buildCatalogueSearch, emptyCatalogueQuery } from '@frameport/domain';
import type { Product } from '@frameport/domain/contract';
import { queryRoots } from '../../lib/query-keys.ts';

/** Express checkout looks products up by model number: getAll with 'modelName=…', page 1, size 12 (spec section 7). */
export const EXPRESS_PAGE_SIZE = 12;
export const EXPRESS_PAGE_NUMBER = 1;
/** Typed model numbers are searched after 1 s (spec section 9). */
export const EXPRESS_DEBOUNCE_MS = 1000;

/** The getAll search string for a model number. */
export function modelSearchString(modelName: string): string {
  return buildCatalogueSearch({ ...emptyCatalogueQuery(), modelName: modelName.trim() });
}

/** Finds products by model number (the route wires it to the catalogue's getAll query). */
export type ModelLookup = (modelName: string) => Promise<Product[]>;

export const expressKeys = {
  model: (modelName: string) => [...queryRoots.expressModels(), modelName.trim().toLowerCase()] as const,
};
