// Mantine CSS of the components only this screen uses, loaded with its chunk (after app/mantine-styles.ts,
// which holds what they build on: ModalBase, Input, InlineInput, Popover, CloseButton …).
import '@mantine/core/styles/Affix.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Slider.css';
import { Alert, Box, Button, Group, NativeSelect, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconAlertCircle, IconArrowsSort, IconMoodEmpty } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { buildCatalogueSearch, formatCount } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link } from '../../lib/router.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs.tsx';
import { ScrollToTop } from '../../components/scroll-to-top.tsx';
import { ChooseRetailerPrompt } from '../../features/acting/components/choose-retailer-prompt.tsx';
import { useActing } from '../../lib/use-acting.ts';
import { useAppConfig } from '../../lib/app-config.ts';
import { useOrderEntry } from '../use-order-entry.ts';
import { catalogueQueries, cataloguePageSize, facetSearch } from '../../features/catalogue/api.ts';
import { ActiveFilters } from '../../features/catalogue/components/active-filters.tsx';
import { CatalogueSearchBox } from '../../features/catalogue/components/catalogue-search-box.tsx';
import { FilterPanel, FilterPanelSkeleton } from '../../features/catalogue/components/filter-panel.tsx';
import { ProductGrid, ProductGridSkeleton } from '../../features/catalogue/components/product-grid.tsx';
import { ResultsProgress } from '../../features/catalogue/components/results-progress.tsx';
import { ViewSwitch } from '../../features/catalogue/components/view-switch.tsx';
import { QuickOrderListSkeleton } from '../../features/catalogue/components/quick-order-list-skeleton.tsx';
import {
  activeFilterCount,
  filterChips,
  sortChoices,
  sortFragment,
  withSearchText,
  withSort,
  type FilterChip,
  type SortChoice,
} from '../../features/catalogue/catalogue-url.ts';
import { useCatalogueUrl } from '../../features/catalogue/use-catalogue-url.ts';
import { SIDE_PANEL_MEDIA, useFiltersOnArrival } from '../../features/catalogue/use-filters-on-arrival.ts';
import type { Filter } from '@frameport/domain/contract';
import type { CatalogueView } from '../../features/catalogue/catalogue-view.ts';
import { useCatalogueView } from '../../features/catalogue/use-catalogue-view.ts';
import classes from './products.module.css';
import { LoadError, retryQuery } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';

// Not needed for the first paint: the filter and sort screens (tablet, phone) load when first
// opened, the quick-order list when it is the chosen view (issue 19 item 4: the initial script).
const AppModal = lazy(async () => ({ default: (await import('../../components/app-modal.tsx')).AppModal }));
const MobileFilterModal = lazy(async () => ({
  default: (await import('../../features/catalogue/components/mobile-filter-modal.tsx')).MobileFilterModal,
}));
const MobileSortModal = lazy(async () => ({
  default: (await import('../../features/catalogue/components/mobile-sort-modal.tsx')).MobileSortModal,
}));
// Memoised as the card grid is: a page whose products have not changed costs nothing to re-render.
const QuickOrderList = lazy(async () => ({
  default: memo((await import('../../features/catalogue/components/quick-order-list.tsx')).QuickOrderList),
}));

/** True from the first time `opened` is: a lazy modal is rendered from then on (its closing transition plays). */
function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

const PAGE_TITLE = messages.catalogue.title;
/** The filter groups before getFilters answers: one list, so what is memoised on them stays. */
const NO_FILTERS: readonly Filter[] = [];

// The screen's parts that its URL and answers do not change are drawn once (the same element each
// render), and the others are memoised on what they show: a filter tick renders the screen three
// times (its URL, its answer, the answer's cards), and each drew the breadcrumbs, toolbar and pages
// again (issue 19 item 4).
const BREADCRUMBS = <PageBreadcrumbs items={[{ label: messages.nav.home, to: '/home' }, { label: PAGE_TITLE }]} />;

/**
 * /products: the catalogue. The URL holds filters, sort, free text and page (shareable, Back works);
 * the getAll `search` string is built from it with the domain codec. Filters sit in a side panel on a
 * desktop, in a modal on a tablet, and in the tabbed Apply/Clear modal on a phone. The products show
 * as the card grid or as the quick-order list (issue 16), a choice this device remembers.
 */
export function ProductsRoute() {
  const { state, query, page, pending, update, setPage } = useCatalogueUrl();
  const search = buildCatalogueSearch(query);

  const filters = useQuery(catalogueQueries.filters());
  const sortTypes = useQuery(catalogueQueries.sortTypes());
  const acting = useActing();
  const { catalogPageSize } = useAppConfig();
  const [view, setView] = useCatalogueView();
  const pageSize = cataloguePageSize(view, catalogPageSize);
  const results = useQuery({
    ...catalogueQueries.search({ search, pageNumber: page, pageSize, email: acting.email }),
    enabled: state.ok,
  });
  // An answer arrives through the query cache's store, which React renders at once: a page of new
  // cards rendered in the frame of the tap that asked for it made that tap slow to paint. Deferred,
  // the screen first renders without it (the memoised grid skipped, still dimmed), then renders the
  // new page in a render that yields to the next paint and the next tap (issue 16 item 13).
  const data = useDeferredValue(results.data);
  // Catching up with a newer answer dims the page shown; the first answer has no page to dim (the skeleton stays).
  const busy = results.isPlaceholderData || (data !== undefined && data !== results.data);
  // The counts start with the products, not after getFilters (the panel that shows them waits for it):
  // an observer that starts the request and re-renders the screen only when getAll's count is a lower
  // bound, for the exact total the counts carry (decision 017: "2,000+" until they come).
  const bounded = data?.countIsLowerBound === true;
  const facetTotal = useQuery({
    ...catalogueQueries.facets(facetSearch(query)),
    enabled: state.ok,
    select: (facets) => facets.total,
    notifyOnChangeProps: bounded ? ['data', 'isPlaceholderData'] : [],
  });
  const orderEntry = useOrderEntry();

  const [filterModalOpened, filterModal] = useDisclosure(false);
  const [phoneFilterOpened, phoneFilter] = useDisclosure(false);
  const [phoneSortOpened, phoneSort] = useDisclosure(false);
  useFiltersOnArrival({ openPhone: phoneFilter.open, openTablet: filterModal.open, sidePanelHeadingId: 'filters-heading' });
  // The side panel only where it shows (1024 px and wider): narrower, the filters are in a modal, and
  // a hidden panel of some 300 elements was rendered and committed with the first screen of a phone.
  const sidePanel = useMediaQuery(SIDE_PANEL_MEDIA, false, { getInitialValueInEffect: false });
  const filterModalUsed = useOpenedOnce(filterModalOpened);
  const phoneFilterUsed = useOpenedOnce(phoneFilterOpened);
  const phoneSortUsed = useOpenedOnce(phoneSortOpened);

  const filterList = filters.data ?? NO_FILTERS;
  const chips = useMemo(() => filterChips(query, filterList), [query, filterList]);
  const { searchText, sortBy, orderBy } = query;
  const choices = useMemo(() => sortChoices(sortTypes.data ?? [], { searchText, sortBy, orderBy }), [sortTypes.data, searchText, sortBy, orderBy]);
  const currentSort = sortFragment(query);
  const activeCount = activeFilterCount(query);
  // Free text sorted by relevance is counted only up to the server's limit (decision 017; every other
  // count is exact, decision 019): "2,000+ products", until the exact total of the same search comes
  // with the filter counts. While a newer page loads the page shown keeps the total shown with it
  // (the filter counts may already be the next search's).
  const counted = data?.searchResults['@odata.count'];
  const exactNow =
    bounded && !facetTotal.isPlaceholderData && facetTotal.data !== undefined && counted !== undefined && facetTotal.data >= counted
      ? facetTotal.data
      : undefined;
  const [shownExact, setShownExact] = useState<number | undefined>(undefined);
  if (!busy && shownExact !== exactNow) setShownExact(exactNow);
  const exactTotal = busy ? shownExact : exactNow;
  const total = exactTotal ?? counted;
  const totalText = total === undefined ? '' : `${formatCount(total)}${bounded && exactTotal === undefined ? '+' : ''}`;
  const totalPages = total === undefined ? 0 : Math.max(1, Math.ceil(total / pageSize));
  const hasAnything = chips.length > 0 || query.searchText !== '';

  const changeSort = useCallback((fragment: string) => update((current) => withSort(current, fragment)), [update]);
  const changeSearch = useCallback(
    (next: string) => update((current) => withSearchText(current, next), { replace: searchText !== '' && next !== '' }),
    [update, searchText],
  );
  const removeChip = useCallback((chip: FilterChip) => update(chip.remove), [update]);
  const changePage = useCallback(
    (next: number) => {
      setPage(next);
      window.scrollTo({ top: 0 });
    },
    [setPage],
  );
  // The views hold different numbers a page, so a page number means other products in the other view.
  const changeView = useCallback(
    (next: CatalogueView) => {
      setView(next);
      if (page > 1) setPage(1);
    },
    [setView, page, setPage],
  );

  const filterPanel = (inModal: boolean) =>
    filters.isPending ? (
      <FilterPanelSkeleton />
    ) : filters.isError ? (
      <LoadError title={messages.catalogue.filtersLoadFailed} retrying={filters.isFetching} onRetry={() => void filters.refetch()} />
    ) : (
      <FilterPanel filters={filterList} query={query} onChange={update} inModal={inModal} />
    );

  return (
    <>
      <Stack gap="md">
        {BREADCRUMBS}

        <CatalogueHeader total={total} totalText={totalText} loading={state.ok} />

        {query.searchText !== '' && (
          <Text className={classes.searchBanner}>
            Showing results for “<strong>{query.searchText}</strong>”
          </Text>
        )}

        <div className={classes.layout}>
          {sidePanel && (
            <Box component="aside" visibleFrom="md" className={classes.sidePanel} aria-labelledby="filters-heading">
              <Title order={2} fz="h4" id="filters-heading" mb="md">
                {messages.catalogue.filters}
              </Title>
              {filterPanel(false)}
            </Box>
          )}

          <Stack gap="sm" className={classes.results} component="section" aria-label="Products">
            <CatalogueToolbar
              searchText={searchText}
              onSearch={changeSearch}
              choices={choices}
              currentSort={currentSort}
              onSort={changeSort}
              activeCount={activeCount}
              filtersReady={filters.isSuccess}
              view={view}
              onView={changeView}
              onOpenFilters={filterModal.open}
              onOpenPhoneFilters={phoneFilter.open}
              onOpenPhoneSort={phoneSort.open}
            />

            {acting.isSalesExecutive && !acting.canOrder && <ChooseRetailerPrompt />}

            <ActiveFilters chips={chips} onRemove={removeChip} clearTo="/products" />
            <ResultsProgress pending={pending} busy={busy} />

            {!state.ok ? (
              <Alert color="orange" variant="light" title={messages.catalogue.unreadableFilter} icon={<IconAlertCircle size={18} aria-hidden="true" />}>
                <Text size="sm">{state.message}</Text>
                <Button component={Link} to="/products" mt="sm" size="xs" variant="default">
                  {messages.catalogue.clearFilters}
                </Button>
              </Alert>
            ) : data === undefined && !results.isError ? (
              view === 'list' ? <QuickOrderListSkeleton /> : <ProductGridSkeleton />
            ) : data === undefined ? (
              <LoadError title={messages.catalogue.productsLoadFailed} {...retryQuery(results)} />
            ) : data.searchResults.value.length === 0 ? (
              total !== undefined && total > 0 && page > 1 ? (
                <EmptyState
                  title={messages.catalogue.emptyPage}
                  description={`There ${totalPages === 1 ? 'is 1 page' : `are ${totalPages} pages`} of products for this selection.`}
                  action={<Button onClick={() => changePage(1)}>Go to the first page</Button>}
                />
              ) : (
                <EmptyState
                  icon={<IconMoodEmpty size={30} />}
                  title={messages.catalogue.noRecords}
                  description={messages.catalogue.noProducts}
                  action={
                    hasAnything ? (
                      <Button component={Link} to="/products">
                        {messages.catalogue.clearFilters}
                      </Button>
                    ) : undefined
                  }
                />
              )
            ) : (
              <>
                {view === 'list' ? (
                  <Suspense fallback={<QuickOrderListSkeleton />}>
                    <QuickOrderList products={data.searchResults.value} busy={busy} orderEntry={orderEntry} />
                  </Suspense>
                ) : (
                  <ProductGrid products={data.searchResults.value} busy={busy} orderEntry={orderEntry} />
                )}
                {totalPages > 1 && <ResultsPagination total={totalPages} value={Math.min(page, totalPages)} onChange={changePage} />}
              </>
            )}
          </Stack>
        </div>
      </Stack>

      <ScrollToTop />

      <Suspense fallback={null}>
        {filterModalUsed && (
          <AppModal opened={filterModalOpened} onClose={filterModal.close} title={messages.catalogue.filters} closeLabel={messages.catalogue.closeFilters} size="lg">
            {filterPanel(true)}
            <Button fullWidth mt="lg" onClick={filterModal.close}>
              Show {total !== undefined ? `${totalText} products` : 'products'}
            </Button>
          </AppModal>
        )}
        {filters.isSuccess && phoneFilterUsed && (
          <MobileFilterModal
            opened={phoneFilterOpened}
            onClose={phoneFilter.close}
            filters={filterList}
            query={query}
            onApply={(draft) => {
              update((current) => ({
                ...current,
                filters: draft.filters,
                isAvailable: draft.isAvailable,
                netPriceFrom: draft.netPriceFrom,
                netPriceTo: draft.netPriceTo,
              }));
              phoneFilter.close();
            }}
          />
        )}
        {phoneSortUsed && (
          <MobileSortModal opened={phoneSortOpened} onClose={phoneSort.close} choices={choices} value={currentSort} onChange={changeSort} />
        )}
      </Suspense>
    </>
  );
}

/** The heading and, beside it, the number of products (a skeleton until it is known). */
const CatalogueHeader = memo(function CatalogueHeader({ total, totalText, loading }: { total: number | undefined; totalText: string; loading: boolean }) {
  return (
    <PageHeader
      title={PAGE_TITLE}
      aside={
        <Box mih={22} aria-live="polite" aria-atomic="true">
          {total !== undefined ? (
            <Text size="sm" c="dimmed" className="tabular">
              {totalText} {total === 1 ? 'product' : 'products'}
            </Text>
          ) : (
            loading && <Skeleton height={16} width={90} mt={4} aria-hidden="true" />
          )}
        </Box>
      }
    />
  );
});

type CatalogueToolbarProps = {
  searchText: string;
  onSearch: (searchText: string) => void;
  choices: SortChoice[];
  currentSort: string;
  onSort: (fragment: string) => void;
  /** How many filters are on: shown on the Filters buttons of a tablet and a phone. */
  activeCount: number;
  filtersReady: boolean;
  view: CatalogueView;
  onView: (view: CatalogueView) => void;
  onOpenFilters: () => void;
  onOpenPhoneFilters: () => void;
  onOpenPhoneSort: () => void;
};

/**
 * Search, sort and view above the results; a tablet's Filters button; a phone's Filter, Sort and
 * view row. Memoised: drawn again only when what it shows changes, not with each answer.
 */
const CatalogueToolbar = memo(function CatalogueToolbar({
  searchText,
  onSearch,
  choices,
  currentSort,
  onSort,
  activeCount,
  filtersReady,
  view,
  onView,
  onOpenFilters,
  onOpenPhoneFilters,
  onOpenPhoneSort,
}: CatalogueToolbarProps) {
  const viewSwitch = <ViewSwitch value={view} onChange={onView} />;
  return (
    <>
      <div className={classes.toolbar}>
        <div className={classes.search}>
          <CatalogueSearchBox value={searchText} onCommit={onSearch} />
        </div>
        <Button
          hiddenFrom="md"
          visibleFrom="sm"
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden="true" />}
          onClick={onOpenFilters}
        >
          {messages.catalogue.filters}{activeCount > 0 ? ` (${activeCount})` : ''}
        </Button>
        <NativeSelect
          visibleFrom="sm"
          label={messages.catalogue.sortBy}
          className={classes.sort}
          data={choices}
          value={currentSort}
          disabled={choices.length === 0}
          onChange={(event) => onSort(event.currentTarget.value)}
          styles={SORT_STYLES}
        />
        <Box visibleFrom="sm">{viewSwitch}</Box>
      </div>

      <Group hiddenFrom="sm" gap="xs" wrap="nowrap" className={classes.phoneTools}>
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden="true" />}
          onClick={onOpenPhoneFilters}
          disabled={!filtersReady}
        >
          Filter{activeCount > 0 ? ` (${activeCount})` : ''}
        </Button>
        <Button
          variant="default"
          leftSection={<IconArrowsSort size={18} aria-hidden="true" />}
          onClick={onOpenPhoneSort}
          disabled={choices.length === 0}
        >
          Sort
        </Button>
        {viewSwitch}
      </Group>
    </>
  );
});

const SORT_STYLES = { root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { whiteSpace: 'nowrap' } } as const;

/** The page numbers under the results. Memoised: drawn again only when the pages or the page change. */
const ResultsPagination = memo(function ResultsPagination({ total, value, onChange }: { total: number; value: number; onChange: (page: number) => void }) {
  return (
    <nav aria-label="Pages" className={classes.pagination}>
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        size="md"
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        getControlProps={(control) => ({ 'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
      />
    </nav>
  );
});
