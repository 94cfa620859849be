import { formatCount } from '@frameport/domain';
import type { Filter } from '@frameport/domain/contract';
import { memo, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { sameIds, useChoiceAtOnce } from '../use-catalogue-url.ts';
import classes from './filter-options.module.css';

/** Groups longer than this show their first options and a View All / View Less toggle (spec section 9). */
export const FILTER_OPTIONS_SHOWN = 5;

type FilterOptionsProps = {
  filter: Filter;
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  /** How many styles an option would give (the facets); null: not known, so no count and not disabled. */
  countOf?: (id: number) => number | null;
};

/**
 * "Aviator (312)": the count is part of the label, so of the checkbox's accessible name. A plain
 * span (a long brand list stays light).
 */
export function CountedLabel({ name, count, disabled = false }: { name: string; count: number | null; disabled?: boolean }) {
  if (count === null) return name;
  // Dimmed beside the name; greyed with it when the option is disabled.
  const color = disabled ? 'inherit' : 'var(--mantine-color-dimmed)';
  return (
    <>
      {name} <span style={{ color, fontVariantNumeric: 'tabular-nums' }}>({formatCount(count)})</span>
    </>
  );
}

const noCounts = () => null;

/** Mantine's CheckIcon (viewBox 0 0 10 7). */
const CHECK_PATH = 'M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z';

/**
 * One 'In' filter as a checkbox list. Colours show their swatch beside the name. Starts expanded
 * when a chosen option would otherwise be hidden below the first five. A tick shows at once, before
 * the URL it writes has been rendered. With counts, an option that would give nothing is greyed
 * out and cannot be ticked, unless it is ticked already (so it can always be cleared).
 * Each option is a memoised row, not a Checkbox.Group (whose context re-renders every box on each
 * tick): a tap re-renders the one box it changed, so the tick paints at once (issue 16 item 13).
 */
export function FilterOptions({ filter, selected, onChange, countOf = noCounts }: FilterOptionsProps) {
  const listId = useId();
  const labelId = useId();
  const [shownIds, choose] = useChoiceAtOnce(selected, sameIds);
  const [expanded, setExpanded] = useState(() =>
    filter.Data.slice(FILTER_OPTIONS_SHOWN).some((option) => selected.includes(option.Id)),
  );
  const collapsible = filter.Data.length > FILTER_OPTIONS_SHOWN;
  const shown = expanded || !collapsible ? filter.Data : filter.Data.slice(0, FILTER_OPTIONS_SHOWN);
  const isColour = filter.Key === 'frameColorIdList';

  // The rows get one callback for the life of the list; it reads the choice as of the last render.
  const latest = useRef({ shownIds, choose, onChange });
  useLayoutEffect(() => {
    latest.current = { shownIds, choose, onChange };
  });
  const toggle = useCallback((id: number) => {
    const { shownIds: ids, choose: show, onChange: send } = latest.current;
    // As Checkbox.Group does: a new choice goes last, an unticked one leaves the list.
    const next = ids.includes(id) ? ids.filter((chosen) => chosen !== id) : [...ids, id];
    show(next);
    send(next);
  }, []);

  return (
    <div>
      <div id={labelId} className={classes.heading}>
        {filter.Name}
      </div>
      <div className={classes.list} id={listId} role="group" aria-labelledby={labelId}>
        {shown.map((option) => {
          const count = countOf(option.Id);
          const checked = shownIds.includes(option.Id);
          return (
            <OptionRow
              key={option.Id}
              id={option.Id}
              name={option.Name}
              swatch={isColour ? (option.colorCode ?? null) : null}
              count={count}
              checked={checked}
              disabled={count === 0 && !checked}
              onToggle={toggle}
            />
          );
        })}
      </div>
      {collapsible && (
        <button
          type="button"
          className={`mantine-focus-auto ${classes.more}`}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'View Less' : `View All (${filter.Data.length})`}
        </button>
      )}
    </div>
  );
}

type OptionRowProps = {
  id: number;
  name: string;
  /** A colour's swatch (CSS colour), null for other groups. */
  swatch: string | null;
  count: number | null;
  checked: boolean;
  disabled: boolean;
  onToggle: (id: number) => void;
};

/**
 * One option: a native checkbox drawn as Mantine's (size sm) inside its label, so the row's text
 * names it and a tap anywhere on the row ticks it. The browser ticks the box itself; React renders
 * this row alone (memoised), without a Mantine component's per-render work.
 */
const OptionRow = memo(function OptionRow({ id, name, swatch, count, checked, disabled, onToggle }: OptionRowProps) {
  return (
    <label className={classes.option} data-disabled={disabled || undefined}>
      <span className={classes.box}>
        <input
          type="checkbox"
          className={`mantine-focus-auto ${classes.input}`}
          value={String(id)}
          checked={checked}
          disabled={disabled}
          onChange={() => onToggle(id)}
        />
        <svg className={classes.icon} viewBox="0 0 10 7" fill="none" aria-hidden="true">
          <path d={CHECK_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
        </svg>
      </span>
      <span className={classes.name}>
        {swatch && <span className={classes.swatch} style={{ background: swatch }} aria-hidden="true" />}
        <span>
          <CountedLabel name={name} count={count} disabled={disabled} />
        </span>
      </span>
    </label>
  );
});
