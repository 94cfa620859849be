import { useLocalStorage } from '@mantine/hooks';

/** The catalogue's two views: the card grid (the spec's) and the dense quick-order list (issue 16). */
export type CatalogueView = 'gallery' | 'list';

export const CATALOGUE_VIEW_KEY = 'frameport.catalogueView';

const viewOf = (value: string | null | undefined): CatalogueView => (value === 'list' ? 'list' : 'gallery');

/** The view this device remembers, read outside React (app/first-screen-data.ts). */
export function readCatalogueView(): CatalogueView {
  try {
    return viewOf(window.localStorage.getItem(CATALOGUE_VIEW_KEY));
  } catch {
    return 'gallery';
  }
}

/**
 * Which view the catalogue shows, remembered on this device (localStorage, not the URL: a shared
 * link shows the filters, and the one who opens it sees them in the view they prefer). Read at
 * once, so the chosen view renders first time without flashing the other.
 */
export function useCatalogueView(): [CatalogueView, (view: CatalogueView) => void] {
  const [view, setView] = useLocalStorage<CatalogueView>({
    key: CATALOGUE_VIEW_KEY,
    defaultValue: 'gallery',
    getInitialValueInEffect: false,
    deserialize: viewOf,
    serialize: (value) => value,
  });
  return [view, setView];
}
