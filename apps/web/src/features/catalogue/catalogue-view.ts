/**
 * The catalogue's view as this device remembers it, without React: app/first-screen-data.ts and
 * boot.js's early requests read it before the app renders (use-catalogue-view.ts is the hook). A
 * module of its own so that they load none of the hook's code (Mantine's storage hooks).
 */

/** The catalogue's two views: the card grid (the spec's) and the dense quick-order list (issue 16). */
export type CatalogueView = 'gallery' | 'list';

export const CATALOGUE_VIEW_KEY = 'frameport.catalogueView';

export const viewOf = (value: string | null | undefined): CatalogueView => (value === 'list' ? 'list' : 'gallery');

/** The view this device remembers, read outside React (app/first-screen-data.ts). */
export function readCatalogueView(): CatalogueView {
  try {
    return viewOf(window.localStorage.getItem(CATALOGUE_VIEW_KEY));
  } catch {
    return 'gallery';
  }
}
