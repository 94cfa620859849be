import { useEffect, useState } from 'react';
import { claimProductTab, isOpenElsewhere } from './open-product-tabs.ts';

export type ProductTabState = {
  /** 'elsewhere': another live tab shows this product; this one shows the message instead. */
  status: 'here' | 'elsewhere';
  /** "Open it here anyway": this tab claims the product; the other one steps back. */
  openHere: () => void;
};

/** One tab per product. Mount it keyed by product id. */
export function useProductTab(productId: number): ProductTabState {
  const [status, setStatus] = useState<'here' | 'elsewhere'>(() => (isOpenElsewhere(productId) ? 'elsewhere' : 'here'));

  useEffect(() => {
    if (status !== 'here') return;
    return claimProductTab(productId, () => setStatus('elsewhere'));
  }, [productId, status]);

  return { status, openHere: () => setStatus('here') };
}
