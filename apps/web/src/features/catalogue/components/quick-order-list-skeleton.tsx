import { Skeleton, VisuallyHidden } from '@mantine/core';
import classes from './quick-order-list.module.css';

/**
 * Rows a page of the list holds: a desk screen shows 25 and more, so a page is two screens. Here,
 * beside the placeholder, rather than in quick-order-list.tsx: the catalogue loads the list's code
 * only when the list is the chosen view.
 */
export const QUICK_ORDER_PAGE_SIZE = 50;

/** Row-shaped placeholders while the first page loads. */
export function QuickOrderListSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div role="status">
      <VisuallyHidden>Loading products…</VisuallyHidden>
      <ul className={classes.list} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className={classes.row}>
            <Skeleton className={classes.thumb} radius="sm" />
            <div className={classes.title}>
              <Skeleton height={12} width="70%" />
            </div>
            <div className={classes.price}>
              <Skeleton height={12} width={64} />
            </div>
            <div className={classes.colours}>
              <Skeleton height={20} width={180} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
