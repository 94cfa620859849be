import { messages } from '@frameport/domain/messages';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { notifyError } from './notify.ts';

/**
 * One QueryClient per app (and per test). A failed background refetch of data that is already on
 * screen gets a toast (TkDodo's pattern); a first load that fails shows its own error state instead.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data === undefined) return;
        if (error instanceof ApiError && error.status === 401) return; // the sign-in screen explains it
        notifyError(error instanceof ApiError ? error.message : messages.http.refreshFailed);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A client error will not fix itself; network and 5xx failures get two more tries.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
