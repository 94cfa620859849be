import { ProposeRetailerPage } from '../../features/propose-retailer/components/propose-retailer-page.tsx';

/** /propose-retailer: a sales executive proposes a new retailer (it waits for an admin's approval). */
export function ProposeRetailerRoute() {
  return <ProposeRetailerPage />;
}
