import type { CatalogueQuery } from '@frameport/domain';
import type { Filter } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { Badge, Button, Group, Tabs, VisuallyHidden } from '@mantine/core';
import { AppModal } from '../../../components/app-modal.tsx';
import { startTransition, useCallback, useEffect, useRef, useState, useTransition } from 'react';
import { afterNextPaint } from '../../../lib/after-next-paint.ts';
import { useFacetCounts } from '../api.ts';
import { withoutFilters } from '../catalogue-url.ts';
import { AvailabilitySwitch, FilterGroup, type QueryChange } from './filter-panel.tsx';
import classes from './mobile-filter-modal.module.css';

type MobileFilterModalProps = {
  opened: boolean;
  onClose: () => void;
  filters: readonly Filter[];
  /** The query in the URL when the modal opens; the draft starts from it. */
  query: CatalogueQuery;
  /** Called once, with the draft, on Apply. */
  onApply: (draft: CatalogueQuery) => void;
};

const AVAILABILITY_TAB = 'isAvailable';
const noop = () => {};

/**
 * The phone's filter screen (spec: tabs, Apply / Clear): groups as tabs on the left, the chosen
 * group's options on the right. Changes stay a draft until Apply; closing throws them away. The
 * counts follow the draft: what each option would give beside the choices made so far.
 */
export function MobileFilterModal({ opened, onClose, filters, query, onApply }: MobileFilterModalProps) {
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title="Filter"
      closeLabel={messages.catalogue.closeFilters}
      fullScreen
      radius={0}
      transitionProps={{ transition: 'fade', duration: 150 }}
      bodyClassName={classes.body}
      styles={{ content: { display: 'flex', flexDirection: 'column' }, body: { flex: 1, minHeight: 0 } }}
    >
      {/* Mounted only while open, so each opening starts a fresh draft from the URL. */}
      <FilterDraft filters={filters} initial={query} onApply={onApply} />
    </AppModal>
  );
}

function FilterDraft({ filters, initial, onApply }: { filters: readonly Filter[]; initial: CatalogueQuery; onApply: (draft: CatalogueQuery) => void }) {
  const [draft, setDraft] = useState(initial);
  // The draft as of the latest tap. A tick shows at once in its own control (as in the side panel);
  // the rest of the screen (the tabs' badges, every group's counts) follows in a transition, which
  // may lag behind the taps on a slow phone, so Apply sends this, never a draft not yet rendered.
  const latest = useRef(initial);
  const change = useCallback((next: QueryChange) => {
    const value = next(latest.current);
    latest.current = value;
    startTransition(() => setDraft(value));
  }, []);
  const [tab, setTab] = useState<string | null>(filters[0]?.Key ?? AVAILABILITY_TAB);
  const counts = useFacetCounts(draft);

  return (
    <>
      <Tabs value={tab} onChange={setTab} orientation="vertical" variant="default" className={classes.tabs} keepMounted={false}>
        <Tabs.List className={classes.list} aria-label="Filter groups">
          {filters.map((filter) => (
            <Tabs.Tab key={filter.Key} value={filter.Key} className={classes.tab}>
              <Group gap={6} wrap="nowrap" component="span">
                {filter.Name}
                <DraftCount count={countFor(filter, draft)} />
              </Group>
            </Tabs.Tab>
          ))}
          <Tabs.Tab value={AVAILABILITY_TAB} className={classes.tab}>
            <Group gap={6} wrap="nowrap" component="span">
              {messages.catalogue.availability}
              <DraftCount count={draft.isAvailable ? 1 : 0} />
            </Group>
          </Tabs.Tab>
        </Tabs.List>
        {filters.map((filter) => (
          <Tabs.Panel key={filter.Key} value={filter.Key} className={classes.panel}>
            <FilterGroup filter={filter} query={draft} counts={counts} onChange={change} immediate />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value={AVAILABILITY_TAB} className={classes.panel}>
          <AvailabilitySwitch
            checked={draft.isAvailable}
            count={counts.available}
            onChange={(isAvailable) => change((current) => ({ ...current, isAvailable }))}
          />
        </Tabs.Panel>
      </Tabs>
      <div className={classes.footer}>
        <Button variant="default" onClick={() => change(withoutFilters)}>
          {messages.catalogue.clear}
        </Button>
        <ApplyButton onApply={() => onApply(latest.current)} />
      </div>
    </>
  );
}

function countFor(filter: Filter, draft: CatalogueQuery): number {
  if (filter.Key === 'netPrice') return draft.netPriceFrom !== null || draft.netPriceTo !== null ? 1 : 0;
  return draft.filters[filter.Key]?.length ?? 0;
}

function DraftCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge size="xs" circle component="span">
      {count}
      <VisuallyHidden> chosen</VisuallyHidden>
    </Badge>
  );
}

/**
 * Apply shows it is working in the frame of the tap, re-rendering itself alone (not the draft's
 * tabs and options). Applying re-renders the whole catalogue (the URL, the screen closing): it
 * starts after that frame, in a transition, so the catalogue follows as soon as it is rendered.
 * Closing the screen in between drops it.
 */
function ApplyButton({ onApply }: { onApply: () => void }) {
  const [applying, startApplying] = useTransition();
  const [applied, setApplied] = useState(false);
  const cancel = useRef<() => void>(noop);
  useEffect(() => () => cancel.current(), []);
  return (
    <Button
      loading={applied || applying}
      onClick={() => {
        if (applied) return;
        setApplied(true);
        cancel.current = afterNextPaint(() => startApplying(onApply));
      }}
    >
      Apply
    </Button>
  );
}
