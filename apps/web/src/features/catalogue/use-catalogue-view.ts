import { useLocalStorage } from '@mantine/hooks';
import { CATALOGUE_VIEW_KEY, viewOf, type CatalogueView } from './catalogue-view.ts';

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
