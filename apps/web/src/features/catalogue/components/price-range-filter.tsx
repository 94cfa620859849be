import { Group, RangeSlider, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useId, useState, type KeyboardEvent } from 'react';
import { formatRupees } from '../catalogue-url.ts';

/** The URL follows the slider half a second after the last move (spec's 500 ms debounce). */
export const PRICE_COMMIT_DELAY_MS = 500;

type PriceRangeFilterProps = {
  label: string;
  /** Top of the slider: the netPrice filter's max, rupees. */
  max: number;
  from: number | null;
  to: number | null;
  /** null = no bound on that side (the slider at 0 / at max). */
  onCommit: (from: number | null, to: number | null) => void;
  /** true: commit at once (a draft in the phone's modal); false: debounced (the URL). */
  immediate?: boolean;
  /** Send a pending change when unmounted (the tablet's modal closing); never on a page change. */
  flushOnUnmount?: boolean;
};

/** A price range slider from ₹0 to the filter's top; its ends mean "no bound". */
export function PriceRangeFilter({ label, max, from, to, onCommit, immediate = false, flushOnUnmount = false }: PriceRangeFilterProps) {
  const labelId = useId();
  const step = max > 5000 ? 50 : 10;
  // A round top (₹2,999 → ₹3,000) so every step lands on a round amount.
  const top = Math.max(step, Math.ceil(max / step) * step);
  const fromProps: [number, number] = [clamp(from ?? 0, top), clamp(to ?? top, top)];

  // The thumbs follow the URL (a removed chip, Back) unless the user is moving them.
  const [value, setValue] = useState(fromProps);
  const [seen, setSeen] = useState(fromProps);
  if (seen[0] !== fromProps[0] || seen[1] !== fromProps[1]) {
    setSeen(fromProps);
    setValue(fromProps);
  }

  const commit = (next: [number, number]) => onCommit(next[0] <= 0 ? null : next[0], next[1] >= top ? null : next[1]);
  const debouncedCommit = useDebouncedCallback(commit, { delay: PRICE_COMMIT_DELAY_MS, flushOnUnmount });
  const change = (next: [number, number]) => {
    setValue(next);
    if (immediate) commit(next);
    else debouncedCommit(next);
  };

  // Mantine's slider knows the arrow keys; Page Up/Down (ten steps) and Home/End complete the ARIA slider pattern.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const thumbs = [...event.currentTarget.querySelectorAll('[role="slider"]')];
    const index = thumbs.indexOf(document.activeElement as Element);
    if (index !== 0 && index !== 1) return;
    const bigStep = step * 10;
    const current = value[index];
    const target =
      event.key === 'PageUp' ? current + bigStep
      : event.key === 'PageDown' ? current - bigStep
      : event.key === 'Home' ? 0
      : event.key === 'End' ? top
      : null;
    if (target === null) return;
    event.preventDefault();
    event.stopPropagation();
    const next: [number, number] =
      index === 0 ? [clamp(Math.min(target, value[1] - step), top), value[1]] : [value[0], clamp(Math.max(target, value[0] + step), top)];
    change(next);
  };

  return (
    <div>
      <Text id={labelId} fw={600} size="sm" mb={6}>
        {label}
      </Text>
      <Group justify="space-between" mb={8} className="tabular">
        <Text size="sm">{formatRupees(value[0])}</Text>
        <Text size="sm">{formatRupees(value[1])}</Text>
      </Group>
      {/* The wrapper hears the keys first (Mantine sets its own key handler on the slider root). */}
      <div onKeyDownCapture={onKeyDownCapture}>
        <RangeSlider
          aria-labelledby={labelId}
          min={0}
          max={top}
          step={step}
          minRange={step}
          value={value}
          onChange={(next) => {
            setValue(next);
            if (immediate) commit(next);
          }}
          onChangeEnd={(next) => {
            if (!immediate) debouncedCommit(next);
          }}
          label={(amount) => formatRupees(amount)}
          thumbFromLabel={`${label}: from`}
          thumbToLabel={`${label}: to`}
          thumbValueText={(amount) => formatRupees(amount)}
          mx={8}
          mb={8}
        />
      </div>
    </div>
  );
}

function clamp(amount: number, top: number): number {
  return Math.min(Math.max(amount, 0), top);
}
