import type { Filter } from '@frameport/domain/contract';
import { Anchor, Checkbox, Group, Stack, Text } from '@mantine/core';
import { memo, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { sameIds, useChoiceAtOnce } from '../use-catalogue-url.ts';

/** Groups longer than this show their first options and a View All / View Less toggle (spec section 9). */
export const FILTER_OPTIONS_SHOWN = 5;

type FilterOptionsProps = {
  filter: Filter;
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  /** How many styles an option would give (the facets); null: not known, so no count and not disabled. */
  countOf?: (id: number) => number | null;
};

const countFormat = new Intl.NumberFormat('en-IN');

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
      {name} <span style={{ color, fontVariantNumeric: 'tabular-nums' }}>({countFormat.format(count)})</span>
    </>
  );
}

const noCounts = () => null;

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
      <Text id={labelId} component="div" size="sm" fw={600} mb={6}>
        {filter.Name}
      </Text>
      <Stack gap={8} id={listId} role="group" aria-labelledby={labelId}>
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
      </Stack>
      {collapsible && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          mt={8}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'View Less' : `View All (${filter.Data.length})`}
        </Anchor>
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

const OptionRow = memo(function OptionRow({ id, name, swatch, count, checked, disabled, onToggle }: OptionRowProps) {
  return (
    <Checkbox
      value={String(id)}
      size="sm"
      checked={checked}
      disabled={disabled}
      onChange={() => onToggle(id)}
      label={
        swatch ? (
          <Group gap={8} wrap="nowrap" component="span">
            <span
              aria-hidden="true"
              style={{
                display: 'inline-block',
                width: 16,
                height: 16,
                borderRadius: '50%',
                background: swatch,
                boxShadow: 'inset 0 0 0 1px rgb(0 0 0 / 25%)',
                flex: 'none',
              }}
            />
            <span>
              <CountedLabel name={name} count={count} disabled={disabled} />
            </span>
          </Group>
        ) : (
          <CountedLabel name={name} count={count} disabled={disabled} />
        )
      }
    />
  );
});
