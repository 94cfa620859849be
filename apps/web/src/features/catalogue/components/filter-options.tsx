import type { Filter } from '@frameport/domain/contract';
import { Anchor, Checkbox, Group, Stack } from '@mantine/core';
import { useId, useState } from 'react';
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
 */
export function FilterOptions({ filter, selected, onChange, countOf = noCounts }: FilterOptionsProps) {
  const listId = useId();
  const [shownIds, choose] = useChoiceAtOnce(selected, sameIds);
  const [expanded, setExpanded] = useState(() =>
    filter.Data.slice(FILTER_OPTIONS_SHOWN).some((option) => selected.includes(option.Id)),
  );
  const collapsible = filter.Data.length > FILTER_OPTIONS_SHOWN;
  const shown = expanded || !collapsible ? filter.Data : filter.Data.slice(0, FILTER_OPTIONS_SHOWN);
  const isColour = filter.Key === 'frameColorIdList';

  return (
    <div>
      <Checkbox.Group
        label={filter.Name}
        labelProps={{ fw: 600, mb: 6 }}
        value={shownIds.map(String)}
        onChange={(values) => {
          const ids = values.map(Number);
          choose(ids);
          onChange(ids);
        }}
      >
        <Stack gap={8} id={listId}>
          {shown.map((option) => {
            const count = countOf(option.Id);
            const disabled = count === 0 && !shownIds.includes(option.Id);
            return (
              <Checkbox
                key={option.Id}
                value={String(option.Id)}
                size="sm"
                disabled={disabled}
                label={
                  isColour && option.colorCode ? (
                    <Group gap={8} wrap="nowrap" component="span">
                      <span
                        aria-hidden="true"
                        style={{
                          display: 'inline-block',
                          width: 16,
                          height: 16,
                          borderRadius: '50%',
                          background: option.colorCode,
                          boxShadow: 'inset 0 0 0 1px rgb(0 0 0 / 25%)',
                          flex: 'none',
                        }}
                      />
                      <span>
                        <CountedLabel name={option.Name} count={count} disabled={disabled} />
                      </span>
                    </Group>
                  ) : (
                    <CountedLabel name={option.Name} count={count} disabled={disabled} />
                  )
                }
              />
            );
          })}
        </Stack>
      </Checkbox.Group>
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
