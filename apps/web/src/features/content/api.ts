import { CorporateDetailsSchema, PageContentSchema, type PageName } from '@frameport/domain/contract/content';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

/** Page texts and the company's details change rarely; the footer asks on every screen. */
const CONTENT_STALE_MS = 10 * 60_000;

/** Keys: ['content'] → ['content', 'page', { name }] | ['content', 'corporate-details']. */
export const contentQueries = {
  all: () => ['content'] as const,

  /** GET /api/Home/GetPages?pageName= (public): Title, Content (HTML, sanitise before showing), Year. */
  page: (name: PageName) =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'page', { name }] as const,
      queryFn: ({ signal }) => apiFetch('/api/Home/GetPages', { schema: PageContentSchema, query: { pageName: name }, signal }),
      staleTime: CONTENT_STALE_MS,
    }),

  /** GET /api/Home/getCorporateDetails (public): Address, ContactNumber, EmailId. */
  corporateDetails: () =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'corporate-details'] as const,
      queryFn: ({ signal }) => apiFetch('/api/Home/getCorporateDetails', { schema: CorporateDetailsSchema, signal }),
      staleTime: CONTENT_STALE_MS,
    }),
};
