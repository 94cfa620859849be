import type { AddCartLine, SkippedCartLine } from '@frameport/domain/contract';
import { useSyncExternalStore } from 'react';

/**
 * The last add to the order, for the running order's confirmation (the phone's bar, the desktop's
 * drawer), which the layout mounts once: every screen that adds (cards, product page, express
 * checkout, Buy again) goes through useAddToCart, which records the add here instead of showing a
 * toast over the cart badge. `id` grows with every add, so the same lines added twice confirm twice.
 */
export type RecentAdd = {
  id: number;
  /** The lines sent, and those the server skipped (above the stock left). */
  lines: AddCartLine[];
  skipped: SkippedCartLine[];
  /** Pieces that went into the order (the lines sent minus the skipped ones). */
  pieces: number;
  /** Where focus was when Add was pressed: the drawer gives it back when it closes. */
  origin: HTMLElement | null;
};

let current: RecentAdd | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const sameLine = (line: AddCartLine, skipped: SkippedCartLine) =>
  line.ProductId === skipped.ProductId && (line.ColorVariant ?? null) === skipped.ColorVariant;

/** Records a successful add (called by useAddToCart). */
export function recordAdd(lines: AddCartLine[], skipped: SkippedCartLine[], origin: HTMLElement | null): void {
  const pieces = lines
    .filter((line) => !skipped.some((skip) => sameLine(line, skip)))
    .reduce((sum, line) => sum + line.Quantity, 0);
  current = { id: nextId++, lines, skipped, pieces, origin };
  emit();
}

/** The confirmation was seen (closed, or the screen moved on). */
export function dismissRecentAdd(): void {
  if (current === null) return;
  current = null;
  emit();
}

/** The last add not yet dismissed, or null. */
export function useRecentAdd(): RecentAdd | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}
