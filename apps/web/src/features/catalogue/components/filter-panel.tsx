import type { CatalogueQuery } from '@frameport/domain';
import type { Filter } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { Divider, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { Fragment } from 'react';
import { AVAILABILITY_LABEL, setIds } from '../catalogue-url.ts';
import { useChoiceAtOnce } from '../use-catalogue-url.ts';
import { FilterOptions } from './filter-options.tsx';
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

/** Every filter group stacked: checkbox lists, the price slider and the availability switch (desktop panel, tablet modal). */
export function FilterPanel({ filters, query, onChange, inModal = false }: FilterPanelProps) {
  return (
    <Stack gap="md">
      {filters.map((filter) => (
        <Fragment key={filter.Key}>
          <FilterGroup filter={filter} query={query} onChange={onChange} flushOnUnmount={inModal} />
          <Divider />
        </Fragment>
      ))}
      <AvailabilitySwitch checked={query.isAvailable} onChange={(isAvailable) => onChange((current) => ({ ...current, isAvailable }))} />
    </Stack>
  );
}

type FilterGroupProps = {
  filter: Filter;
  query: CatalogueQuery;
  onChange: (change: QueryChange) => void;
  /** The phone's modal keeps a draft: no debounce there. */
  immediate?: boolean;
  flushOnUnmount?: boolean;
};

export function FilterGroup({ filter, query, onChange, immediate = false, flushOnUnmount = false }: FilterGroupProps) {
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
      onChange={(ids) => onChange((current) => setIds(current, key, ids))}
    />
  );
}

export function AvailabilitySwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  // On at once, before the URL it writes has been rendered (as the filter ticks).
  const [shown, choose] = useChoiceAtOnce(checked, Object.is);
  return (
    <div>
      <Text fw={600} size="sm" mb={8}>
        {messages.catalogue.availability}
      </Text>
      <Switch
        label={AVAILABILITY_LABEL}
        checked={shown}
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
