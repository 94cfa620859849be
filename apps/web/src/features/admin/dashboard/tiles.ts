import type { AdminDashboard } from '@frameport/domain/contract/admin-dashboard';
import type { OrderStatus } from '@frameport/domain';
import type { StaffRole } from '@frameport/domain/contract/auth';
import { ADMIN_LINKS, ADMIN_PATH } from '../../../config/paths.ts';
import { inr } from '../admin-display.ts';
import { queueSearchParams, type QueueFilters } from '../queue-url.ts';

/** The retailers desk's list, filtered to the ones waiting for approval. */
export const PENDING_RETAILERS_PATH = `${ADMIN_PATH}/retailers?status=Pending`;

/** A tile of the dashboard: a figure, what it counts, and the list it opens. */
export type Tile = { key: string; label: string; figure: string; detail: string; to: string; attention: boolean };

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** The order queue's address for a status tab and/or placed dates (its own URL format). */
export function queuePath(filters: Partial<QueueFilters>): string {
  const params = queueSearchParams({ status: null, q: '', stateId: null, salesExecutiveId: null, from: '', to: '', page: 1, ...filters });
  const search = params.toString();
  return search === '' ? ADMIN_LINKS.orders : `${ADMIN_LINKS.orders}?${search}`;
}

const statusPath = (status: OrderStatus) => queuePath({ status });

/**
 * The tiles a role sees, in reading order: the day's and the month's orders (value for admin and
 * accounts), the desk's queues, then overdue receivables and new retailers (admin, accounts) and
 * low stock (admin, warehouse). The server leaves a role's unseen figures null; they are no tile.
 */
export function tilesOf(figures: AdminDashboard, role: StaffRole): Tile[] {
  const count = (n: number) => n.toLocaleString('en-IN');
  const tiles: Tile[] = [
    {
      key: 'today',
      label: 'Orders today',
      figure: count(figures.today.orders),
      detail: figures.today.value === null ? 'Placed today, not cancelled' : inr(figures.today.value),
      to: queuePath({ from: figures.today.from, to: figures.today.to }),
      attention: false,
    },
    {
      key: 'month',
      label: 'Orders this month',
      figure: count(figures.month.orders),
      detail: figures.month.value === null ? 'Placed this month, not cancelled' : inr(figures.month.value),
      to: queuePath({ from: figures.month.from, to: figures.month.to }),
      attention: false,
    },
    {
      key: 'toConfirm',
      label: 'Waiting for confirmation',
      figure: count(figures.queue.toConfirm),
      detail: 'Placed, not yet confirmed',
      to: statusPath('Placed'),
      attention: figures.queue.toConfirm > 0,
    },
    {
      key: 'onHold',
      label: 'On hold',
      figure: count(figures.queue.onHold),
      detail: 'Credit, stock or a note',
      to: statusPath('On hold'),
      attention: figures.queue.onHold > 0,
    },
    {
      key: 'toPack',
      label: 'To pack',
      figure: count(figures.queue.toPack),
      detail: 'Confirmed, nothing dispatched',
      to: statusPath('Confirmed'),
      attention: false,
    },
    {
      key: 'toDispatch',
      label: 'To dispatch',
      figure: count(figures.queue.toDispatch),
      detail: 'Orders with a packed shipment',
      to: statusPath('Confirmed'),
      attention: false,
    },
  ];
  if (figures.overdue !== null && role !== 'warehouse') {
    tiles.push({
      key: 'overdue',
      label: 'Overdue receivables',
      figure: inr(figures.overdue.amount),
      detail: figures.overdue.retailers === 0 ? 'Nothing past its due date' : `${plural(figures.overdue.retailers, 'retailer')}, ${plural(figures.overdue.invoices, 'invoice')}`,
      to: ADMIN_LINKS.receivables,
      attention: figures.overdue.amount > 0,
    });
  }
  if (figures.lowStock !== null && role !== 'accounts') {
    tiles.push({
      key: 'lowStock',
      label: 'Low stock',
      figure: count(figures.lowStock),
      detail: figures.lowStock === 1 ? 'Colour at or below its threshold' : 'Colours at or below their threshold',
      to: ADMIN_LINKS.stock,
      attention: figures.lowStock > 0,
    });
  }
  if (figures.pendingRetailers !== null && role !== 'warehouse') {
    tiles.push({
      key: 'pendingRetailers',
      label: 'New retailers to approve',
      figure: count(figures.pendingRetailers),
      detail: 'Proposed, waiting for approval',
      to: PENDING_RETAILERS_PATH,
      attention: figures.pendingRetailers > 0,
    });
  }
  return tiles;
}

/** How many tiles a role gets (the skeleton reserves as many, so nothing moves when they arrive). */
export const TILE_COUNT: Record<StaffRole, number> = { admin: 9, accounts: 8, warehouse: 7 };
