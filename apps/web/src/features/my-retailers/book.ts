import { rupeesToPaise, sumPaise, type Paise } from '@frameport/domain';
import type { MyRetailer } from '@frameport/domain/contract/my-retailers';

/** How the cockpit's retailers are ordered: most overdue first (the morning's calls), name, or longest without an order. */
export const MY_RETAILERS_SORTS = ['overdue', 'name', 'lastOrder'] as const;
export type MyRetailersSort = (typeof MY_RETAILERS_SORTS)[number];
export const SORT_LABELS: Record<MyRetailersSort, string> = {
  overdue: 'Most overdue first',
  name: 'Name',
  lastOrder: 'Longest without an order',
};

/** The search and sort from the URL (`q`, `sort`); anything unknown is the default. */
export function readBookParams(params: URLSearchParams): { q: string; sort: MyRetailersSort } {
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    sort: (MY_RETAILERS_SORTS as readonly string[]).includes(sort ?? '') ? (sort as MyRetailersSort) : 'overdue',
  };
}

const byName = (a: MyRetailer, b: MyRetailer) => a.businessName.localeCompare(b.businessName, 'en-IN', { sensitivity: 'base' }) || a.id - b.id;

/** The retailers matching `q` (business name, city or email, any part, any case), in `sort`'s order. */
export function shownRetailers(retailers: readonly MyRetailer[], q: string, sort: MyRetailersSort): MyRetailer[] {
  const term = q.trim().toLowerCase();
  const matching = term === '' ? [...retailers] : retailers.filter((r) => [r.businessName, r.city ?? '', r.email].some((field) => field.toLowerCase().includes(term)));
  if (sort === 'name') return matching.sort(byName);
  if (sort === 'lastOrder') {
    // Never ordered first, then the oldest last order.
    return matching.sort((a, b) => (a.lastOrderAt ?? '').localeCompare(b.lastOrderAt ?? '') || byName(a, b));
  }
  return matching.sort((a, b) => b.overdue - a.overdue || b.oldestOverdueDays - a.oldestOverdueDays || b.outstanding - a.outstanding || byName(a, b));
}

/** The book's totals in paise: what all their retailers owe, the part overdue, and how many are overdue. */
export function bookTotals(retailers: readonly MyRetailer[]): { outstandingPaise: Paise; overduePaise: Paise; overdueRetailers: number } {
  return {
    outstandingPaise: sumPaise(retailers.map((r) => rupeesToPaise(r.outstanding))),
    overduePaise: sumPaise(retailers.map((r) => rupeesToPaise(r.overdue))),
    overdueRetailers: retailers.filter((r) => r.overdue > 0).length,
  };
}
