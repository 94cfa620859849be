/**
 * The same product may be open in one tab at a time (spec section 2: '<name> - tab already open.').
 * Each tab that shows a product keeps an entry in localStorage and refreshes it every few seconds;
 * an entry whose tab crashed or was killed goes stale and stops counting. Entries leave on unmount
 * and on `pagehide` (and come back if the page is restored from the back/forward cache).
 * A tab may take a product over ("open it here anyway"): the tab that had it sees the newer claim
 * through the `storage` event and steps back.
 */

export const OPEN_PRODUCT_TABS_KEY = 'frameport.openProductTabs';
export const HEARTBEAT_MS = 4_000;
/** Three missed heartbeats and a tab is taken for gone. */
export const STALE_AFTER_MS = 12_000;

export type OpenProductEntry = {
  /** Which tab (a random id per page load). */
  tab: string;
  productId: number;
  /** When the tab claimed the product (a later claim wins). */
  since: number;
  /** Last heartbeat. */
  at: number;
};

const thisTab = randomId();

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function currentTabId(): string {
  return thisTab;
}

export function readEntries(): OpenProductEntry[] {
  try {
    const raw = window.localStorage.getItem(OPEN_PRODUCT_TABS_KEY);
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function isEntry(value: unknown): value is OpenProductEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.tab === 'string' &&
    typeof entry.productId === 'number' &&
    typeof entry.since === 'number' &&
    typeof entry.at === 'number'
  );
}

function writeEntries(entries: OpenProductEntry[]): void {
  try {
    if (entries.length === 0) window.localStorage.removeItem(OPEN_PRODUCT_TABS_KEY);
    else window.localStorage.setItem(OPEN_PRODUCT_TABS_KEY, JSON.stringify(entries));
  } catch {
    // Private mode or a full quota: the check simply does not apply.
  }
}

function isLive(entry: OpenProductEntry, now: number): boolean {
  return now - entry.at < STALE_AFTER_MS;
}

/** The live claim of another tab on this product, if any (the newest one). */
export function otherTabClaim(productId: number, now = Date.now()): OpenProductEntry | null {
  let newest: OpenProductEntry | null = null;
  for (const entry of readEntries()) {
    if (entry.productId !== productId || entry.tab === thisTab || !isLive(entry, now)) continue;
    if (newest === null || entry.since > newest.since) newest = entry;
  }
  return newest;
}

export function isOpenElsewhere(productId: number, now = Date.now()): boolean {
  return otherTabClaim(productId, now) !== null;
}

function upsertOwn(productId: number, since: number): void {
  const now = Date.now();
  const others = readEntries().filter((entry) => entry.tab !== thisTab && isLive(entry, now));
  writeEntries([...others, { tab: thisTab, productId, since, at: now }]);
}

function removeOwn(): void {
  const now = Date.now();
  writeEntries(readEntries().filter((entry) => entry.tab !== thisTab && isLive(entry, now)));
}

/**
 * Marks the product as open in this tab until the returned function is called.
 * `onTakenOver` runs when another tab claims the same product later (this tab should step back).
 */
export function claimProductTab(productId: number, onTakenOver: () => void): () => void {
  const since = Date.now();
  upsertOwn(productId, since);

  const heartbeat = window.setInterval(() => upsertOwn(productId, since), HEARTBEAT_MS);
  const onPageHide = () => removeOwn();
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) upsertOwn(productId, since);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== OPEN_PRODUCT_TABS_KEY) return;
    const other = otherTabClaim(productId);
    if (other !== null && other.since > since) onTakenOver();
  };
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  window.addEventListener('storage', onStorage);

  return () => {
    window.clearInterval(heartbeat);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
    window.removeEventListener('storage', onStorage);
    removeOwn();
  };
}
