import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  claimProductTab,
  currentTabId,
  isOpenElsewhere,
  OPEN_PRODUCT_TABS_KEY,
  readEntries,
  STALE_AFTER_MS,
  type OpenProductEntry,
} from './open-product-tabs.ts';

function otherTab(productId: number, overrides: Partial<OpenProductEntry> = {}): OpenProductEntry {
  return { tab: 'other-tab', productId, since: Date.now() - 1000, at: Date.now(), ...overrides };
}

function store(entries: OpenProductEntry[]) {
  window.localStorage.setItem(OPEN_PRODUCT_TABS_KEY, JSON.stringify(entries));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('open product tabs', () => {
  it('sees a product open in another live tab, not in a crashed (stale) one', () => {
    store([otherTab(5), otherTab(6, { at: Date.now() - STALE_AFTER_MS - 1 })]);
    expect(isOpenElsewhere(5)).toBe(true);
    expect(isOpenElsewhere(6)).toBe(false);
    expect(isOpenElsewhere(7)).toBe(false);
  });

  it('claims a product until released, refreshing the claim while open', () => {
    vi.useFakeTimers();
    const release = claimProductTab(5, () => {});
    const [mine] = readEntries().filter((entry) => entry.tab === currentTabId());
    expect(mine).toMatchObject({ productId: 5 });

    vi.advanceTimersByTime(STALE_AFTER_MS * 2);
    const [refreshed] = readEntries().filter((entry) => entry.tab === currentTabId());
    expect(refreshed?.at).toBeGreaterThan(mine?.at ?? Infinity);

    release();
    expect(readEntries()).toEqual([]);
  });

  it('lets go on pagehide', () => {
    claimProductTab(5, () => {});
    window.dispatchEvent(new Event('pagehide'));
    expect(readEntries()).toEqual([]);
  });

  it('steps back when another tab claims the same product later', () => {
    const takenOver = vi.fn();
    const release = claimProductTab(5, takenOver);
    store([...readEntries(), otherTab(5, { since: Date.now() + 10 })]);
    window.dispatchEvent(new StorageEvent('storage', { key: OPEN_PRODUCT_TABS_KEY }));
    expect(takenOver).toHaveBeenCalledOnce();
    release();
  });
});
