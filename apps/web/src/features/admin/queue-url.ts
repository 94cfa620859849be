import { ORDER_STATUSES, type OrderStatus } from '@frameport/domain';
import type { QueueQuery } from './api.ts';

/**
 * The queue's state lives in the URL (UI.md: a link can be shared, Back works): status, q, stateId,
 * from, to and page. Anything malformed in a pasted link is dropped rather than sent to the server.
 */

export const QUEUE_PAGE_SIZE = 50;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type QueueFilters = {
  status: OrderStatus | null;
  q: string;
  stateId: number | null;
  salesExecutiveId: number | null;
  from: string;
  to: string;
  page: number;
};

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
};

export function readQueueFilters(params: URLSearchParams): QueueFilters {
  const status = params.get('status');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as OrderStatus) : null,
    q: (params.get('q') ?? '').slice(0, 100),
    stateId: positiveInt(params.get('stateId')),
    salesExecutiveId: positiveInt(params.get('salesExecutiveId')),
    from: DATE.test(from) ? from : '',
    to: DATE.test(to) ? to : '',
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The URL's query string for these filters (empty values and page 1 left out). */
export function queueSearchParams(filters: QueueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== null) params.set('status', filters.status);
  if (filters.q.trim() !== '') params.set('q', filters.q.trim());
  if (filters.stateId !== null) params.set('stateId', String(filters.stateId));
  if (filters.salesExecutiveId !== null) params.set('salesExecutiveId', String(filters.salesExecutiveId));
  if (filters.from !== '') params.set('from', filters.from);
  if (filters.to !== '') params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The call's query (GET /api/admin/orders) for these filters. */
export function queueQueryOf(filters: QueueFilters): QueueQuery {
  const query: QueueQuery = { pageNumber: filters.page, pageSize: QUEUE_PAGE_SIZE };
  if (filters.status !== null) query.status = filters.status;
  if (filters.q.trim() !== '') query.q = filters.q.trim();
  if (filters.stateId !== null) query.stateId = filters.stateId;
  if (filters.salesExecutiveId !== null) query.salesExecutiveId = filters.salesExecutiveId;
  if (filters.from !== '') query.from = filters.from;
  if (filters.to !== '') query.to = filters.to;
  return query;
}

/** Any filter besides the status tab and the page: the empty state then offers Clear filters. */
export function hasFilters(filters: QueueFilters): boolean {
  return filters.q.trim() !== '' || filters.stateId !== null || filters.salesExecutiveId !== null || filters.from !== '' || filters.to !== '';
}

/** The same status tab, every other filter cleared. */
export function clearedFilters(filters: QueueFilters): QueueFilters {
  return { status: filters.status, q: '', stateId: null, salesExecutiveId: null, from: '', to: '', page: 1 };
}
