import { normaliseRole } from '@frameport/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { profileQueries } from './profile-queries.ts';
import { useActingRetailer, type ActingRetailer } from './acting-store.ts';

export type Acting = {
  isSalesExecutive: boolean;
  retailer: ActingRetailer | null;
  /** The acting retailer's email for the cart, order and catalogue calls; null: ordering for yourself. */
  email: string | null;
  /** False for a sales executive who has not chosen a retailer (and while the role is unknown). */
  canOrder: boolean;
  /**
   * A sales executive who has chosen no retailer: the server prices the catalogue at list prices
   * (no retailer, no discount), and screens say so ('List price').
   */
  seesListPrices: boolean;
};

/**
 * Who the signed-in user orders for. A sales executive orders only for a chosen retailer
 * (Switch User); a retailer orders for itself. Only a sales executive can choose, so a stored
 * choice also tells the role before the profile has loaded. Ordering waits for the role, except
 * when the profile cannot be loaded: then the server, which knows the role, answers each call.
 * That exception holds from the first failure until the profile answers, retries and Retry's
 * refetch included (they put the query back to pending): were it to follow `isError`, every retry
 * would hide the ordering controls and every failure show them again, and the observers they
 * enable would refetch the profile in a loop.
 */
export function useActing(): Acting {
  const retailer = useActingRetailer();
  const profile = useQuery(profileQueries.detail(null));
  const role = profile.data === undefined ? null : normaliseRole(profile.data.RoleName);
  const profileFailed = profile.data === undefined && profile.errorUpdatedAt > 0;
  const isSalesExecutive = retailer !== null || role === 'salesexecutive';
  return {
    isSalesExecutive,
    retailer,
    email: retailer?.email ?? null,
    canOrder: retailer !== null || (role === null ? profileFailed : role !== 'salesexecutive'),
    seesListPrices: retailer === null && role === 'salesexecutive',
  };
}
