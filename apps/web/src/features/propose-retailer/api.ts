import { z } from 'zod/mini';
import { CitySchema, CountrySchema, StateSchema } from '@frameport/domain/contract/account';
import { ProposeRetailerResponseSchema, type ProposeRetailerBody } from '@frameport/domain/contract/admin-retailers';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, apiFetch } from '../../lib/api-client.ts';

/** A sales executive's proposal of a new retailer and the lists its form needs (India's states, a state's cities). */

export const proposeQueries = {
  /** India's states (GET /api/Account/getCountries, then getStates for 'IN'): they do not change while the app is open. */
  states: () =>
    queryOptions({
      queryKey: ['geo', 'states', 'IN'] as const,
      queryFn: async ({ signal }) => {
        const countries = await apiFetch('/api/Account/getCountries', { schema: z.array(CountrySchema), signal });
        const india = countries.find((country) => country.CountryCode === 'IN');
        if (india === undefined) return [];
        return apiFetch('/api/Account/getStates', { schema: z.array(StateSchema), query: { countryId: india.CountryId }, signal });
      },
      staleTime: Infinity,
    }),
  /** GET /api/Account/getCities?stateId= */
  cities: (stateId: number) =>
    queryOptions({
      queryKey: ['geo', 'cities', { stateId }] as const,
      queryFn: ({ signal }) => apiFetch('/api/Account/getCities', { schema: z.array(CitySchema), query: { stateId }, signal }),
      staleTime: Infinity,
    }),
};

/**
 * POST /api/Account/proposeRetailer. One Idempotency-Key per proposal: a retry after a network
 * failure (a phone in a shop's back room) reuses it, so the server records the shop once.
 */
export function useProposeRetailer() {
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (body: ProposeRetailerBody) => {
      key.current ??= `web-${crypto.randomUUID()}`;
      return apiFetch('/api/Account/proposeRetailer', {
        method: 'POST',
        body,
        schema: ProposeRetailerResponseSchema,
        headers: { 'Idempotency-Key': key.current },
      });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.isNetworkError)) key.current = null;
    },
    onSuccess: () => {
      key.current = null;
    },
  });
}
