import { buildCatalogueSearch, emptyCatalogueQuery } from '@frameport/domain';
import { queryRoots } from '../../lib/query-keys.ts';
import type { LookupResult } from './rows.ts';

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
export type ModelLookup = (modelName: string) => Promise<LookupResult>;

export const expressKeys = {
  model: (modelName: string) => [...queryRoots.expressModels(), modelName.trim().toLowerCase()] as const,
};

/** How many model numbers an import looks up at once (a 200-line paste may name 60 models). */
const LOOKUPS_AT_ONCE = 4;

/** Each distinct model number looked up once, a few at a time; keyed by the lower-cased model number. */
export async function lookupModels(lookup: ModelLookup, modelNames: readonly string[]): Promise<Map<string, LookupResult>> {
  const queue = [...new Set(modelNames.map((name) => name.trim().toLowerCase()))];
  const found = new Map<string, LookupResult>();
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      found.set(name, await lookup(name));
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, queue.length) }, worker));
  return found;
}
