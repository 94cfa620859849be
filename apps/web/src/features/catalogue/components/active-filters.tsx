import { messages } from '@frameport/domain/messages';
import { Anchor, Button, Group } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { memo, useEffect, useRef } from 'react';
import { Link } from '../../../lib/router.tsx';
import type { FilterChip } from '../catalogue-url.ts';

type ActiveFiltersProps = {
  chips: readonly FilterChip[];
  onRemove: (chip: FilterChip) => void;
  /** Where Clear goes: /products with everything reset. */
  clearTo: string;
};

/**
 * The chosen filters as removable chips (buttons: Tab + Enter/Space removes one) and a Clear link.
 * After a removal the keyboard focus moves to the chip that took its place (or Clear). Memoised:
 * drawn again when the chips change, not with each answer of the screen around it.
 */
export const ActiveFilters = memo(function ActiveFilters({ chips, onRemove, clearTo }: ActiveFiltersProps) {
  const groupRef = useRef<HTMLDivElement>(null);
  /** The removed chip's place, and the chips as they were then: the focus moves once they have changed. */
  const focusAfterRemoval = useRef<{ index: number; before: string } | null>(null);
  const shownKeys = chips.map((chip) => chip.key).join('\n');

  useEffect(() => {
    const removal = focusAfterRemoval.current;
    // The URL is written after the next paint: a render before it still shows the removed chip.
    if (removal === null || removal.before === shownKeys) return;
    const { index } = removal;
    focusAfterRemoval.current = null;
    const targets = groupRef.current?.querySelectorAll<HTMLElement>('button, a');
    if (!targets || targets.length === 0) return;
    (targets[Math.min(index, targets.length - 1)] ?? targets[0])?.focus();
  }, [shownKeys]);

  if (chips.length === 0) return null;
  return (
    <Group ref={groupRef} gap={6} component="section" aria-label="Active filters">
      {chips.map((chip, index) => (
        <Button
          key={chip.key}
          variant="light"
          size="compact-sm"
          radius="xl"
          fw={500}
          rightSection={<IconX size={14} aria-hidden="true" />}
          aria-label={`Remove filter ${chip.group}: ${chip.label}`}
          onClick={() => {
            focusAfterRemoval.current = { index, before: shownKeys };
            onRemove(chip);
          }}
        >
          {chip.label}
        </Button>
      ))}
      <Anchor component={Link} to={clearTo} size="sm" fw={600} ml={4} className="tap-target">
        {messages.catalogue.clear}
      </Anchor>
    </Group>
  );
});
