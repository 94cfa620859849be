import { emptyCatalogueQuery, type CatalogueQuery } from '@frameport/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readCatalogueUrl, writeCatalogueUrl, type CatalogueUrlState } from './catalogue-url.ts';

export type CatalogueUrl = {
  state: CatalogueUrlState;
  /** The readable query (empty when the URL could not be read). */
  query: CatalogueQuery;
  page: number;
  /** A filter, price, sort or text change: computed from the latest URL, back to page 1, new history entry. */
  update: (change: (query: CatalogueQuery) => CatalogueQuery, options?: { replace?: boolean }) => void;
  setPage: (page: number) => void;
};

/** /products state in the URL: read with the domain codec, written back the same way (shareable, Back works). */
export function useCatalogueUrl(): CatalogueUrl {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readCatalogueUrl(params), [params]);
  const query = state.ok ? state.query : emptyCatalogueQuery();

  const update = useCallback<CatalogueUrl['update']>(
    (change, options) => {
      setParams(
        (current) => {
          const latest = readCatalogueUrl(current);
          return writeCatalogueUrl(change(latest.ok ? latest.query : emptyCatalogueQuery()));
        },
        // Ticking a filter must not throw the page back to the top (the layout restores scroll on navigation).
        { replace: options?.replace ?? false, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const setPage = useCallback(
    (page: number) => {
      setParams((current) => {
        const latest = readCatalogueUrl(current);
        return writeCatalogueUrl(latest.ok ? latest.query : emptyCatalogueQuery(), page);
      });
    },
    [setParams],
  );

  return { state, query, page: state.page, update, setPage };
}
