import type { CatalogueQuery } from '@frameport/domain';
import type { Filter } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { Divider, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { Fragment, memo } from 'react';
import { useFacetCounts, type FacetCounts } from '../api.ts';
import { AVAILABILITY_LABEL, setIds } from '../catalogue-url.ts';
import { useChoiceAtOnce } from '../use-catalogue-url.ts';
import { CountedLabel, FilterOptions } from './filter-options.tsx';
import { PriceRangeFilter } from './price-range-filter.tsx';

/** Changes are functions of the latest query, so a debounced price commit never undoes a later tick. */
export type QueryChange = (query: CatalogueQuery) => CatalogueQuery;

type FilterPanelProps = {
  filters: readonly Filter[];
  query: CatalogueQuery;
  onChange: (change: QueryChange) => void;
  /** In a modal: a price change still waiting for its debounce is sent when the modal closes. */
  inModal?: boolean;
};

/**
 * Every filter group stacked: checkbox lists, the price slider and the availability switch (desktop
 * panel, tablet modal), each option with how many styles it would give. The page asks for the counts
 * with the products (not after the filter groups); they are read here, so they re-render only this
 * panel when they arrive.
 */
export function FilterPanel({ filters, query, onChange, inModal = false }: FilterPanelProps) {
  const counts = useFacetCounts(query, { askedByScreen: true });
  return (
    <Stack gap="md">
      {filters.map((filter) => (
        <Fragment key={filter.Key}>
          <FilterGroup filter={filter} query={query} counts={counts} onChange={onChange} flushOnUnmount={inModal} />
          <Divider />
        </Fragment>
      ))}
      <AvailabilitySwitch
        checked={query.isAvailable}
        count={counts.available}
        onChange={(isAvailable) => onChange((current) => ({ ...current, isAvailable }))}
      />
    </Stack>
  );
}

type FilterGroupProps = {
  filter: Filter;
  query: CatalogueQuery;
  /** The styles each option would give beside the other groups' choices. */
  counts: FacetCounts;
  onChange: (change: QueryChange) => void;
  /** The phone's modal keeps a draft: no debounce there. */
  immediate?: boolean;
  flushOnUnmount?: boolean;
};

/**
 * Memoised: a tap re-renders the group it ticked at once (its own state) and the rest only when their
 * props change, the counts coming in a deferred render (`useFacetCounts`).
 */
export const FilterGroup = memo(function FilterGroup({ filter, query, counts, onChange, immediate = false, flushOnUnmount = false }: FilterGroupProps) {
  if (filter.Key === 'netPrice') {
    const max = Math.max(0, ...filter.Data.map((option) => option.max ?? 0));
    return (
      <PriceRangeFilter
        label={filter.Name}
        max={max}
        from={query.netPriceFrom}
        to={query.netPriceTo}
        immediate={immediate}
        flushOnUnmount={flushOnUnmount}
        onCommit={(netPriceFrom, netPriceTo) => onChange((current) => ({ ...current, netPriceFrom, netPriceTo }))}
      />
    );
  }
  const key = filter.Key;
  return (
    <FilterOptions
      filter={filter}
      selected={query.filters[key] ?? []}
      countOf={(id) => counts.option(key, id)}
      onChange={(ids) => onChange((current) => setIds(current, key, ids))}
    />
  );
});

type AvailabilitySwitchProps = {
  checked: boolean;
  /** Styles with a colour in stock under the other filters; null: not known. */
  count: number | null;
  onChange: (checked: boolean) => void;
};

/** In stock only, with its count; it cannot be switched on when nothing would be left (it can always be switched off). */
export function AvailabilitySwitch({ checked, count, onChange }: AvailabilitySwitchProps) {
  // On at once, before the URL it writes has been rendered (as the filter ticks).
  const [shown, choose] = useChoiceAtOnce(checked, Object.is);
  const disabled = count === 0 && !shown;
  return (
    <div>
      <Text fw={600} size="sm" mb={8}>
        {messages.catalogue.availability}
      </Text>
      <Switch
        label={<CountedLabel name={AVAILABILITY_LABEL} count={count} disabled={disabled} />}
        checked={shown}
        disabled={disabled}
        onChange={(event) => {
          choose(event.currentTarget.checked);
          onChange(event.currentTarget.checked);
        }}
      />
    </div>
  );
}

/** Placeholder groups while getFilters loads: same rhythm as the real panel. */
export function FilterPanelSkeleton() {
  return (
    <Stack gap="md" aria-hidden="true">
      {[0, 1, 2, 3].map((group) => (
        <Stack key={group} gap={10}>
          <Skeleton height={16} width="50%" />
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={18} width={`${70 - row * 6}%`} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
