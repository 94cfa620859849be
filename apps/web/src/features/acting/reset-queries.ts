import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileQueries } from '../../lib/profile-queries.ts';
import { subscribeOtherTabSwitch } from '../../lib/acting-store.ts';

/**
 * After a switch everything cached belonged to the previous retailer (cart, count, orders, their
 * profile, their prices): drop it and refetch what is on screen. The executive's own profile
 * (name, role) does not change, so it stays and the header does not flicker.
 */
export function resetForNewRetailer(queryClient: QueryClient): Promise<void> {
  const ownProfile = JSON.stringify(profileQueries.detail(null).queryKey);
  return queryClient.resetQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== ownProfile });
}

/** A switch made in another tab resets this tab's queries too. */
export function useResetOnOtherTabSwitch(): void {
  const queryClient = useQueryClient();
  useEffect(() => subscribeOtherTabSwitch(() => void resetForNewRetailer(queryClient)), [queryClient]);
}
