import { CATALOGUE_PAGE_SIZE, type Product } from '@frameport/domain/contract';
import { VisuallyHidden } from '@mantine/core';
import { memo, type CSSProperties, type ReactNode } from 'react';
import { useActing } from '../../../lib/use-acting.ts';
import type { OrderEntry } from '../use-order-quantities.ts';
import { ProductCardView } from './product-card.tsx';
import classes from './product-grid.module.css';

/**
 * How many cards at the top of a page load their image at once, ahead of the rest: the first row on
 * a desk (four columns beside the filters), the first two rows on a phone. The others load as they
 * near the screen.
 */
export const EAGER_IMAGES = 4;

/** Columns follow the space the grid has (it sits beside the filter panel on a desktop): the stylesheet's container queries. */
function Grid({ children, busy = false, label }: { children: ReactNode; busy?: boolean; label: string }) {
  return (
    <div className={classes.container}>
      <ul className={classes.list} aria-label={label} aria-busy={busy}>
        {children}
      </ul>
    </div>
  );
}

type ProductGridProps = {
  products: readonly Product[];
  busy?: boolean;
  label?: string;
  orderEntry?: OrderEntry | undefined;
};

/**
 * A page of product cards; `busy` dims it while the next page loads in its place. Memoised, and
 * its cards too: the catalogue re-renders on every URL change (a tick, the search box), and a page
 * whose products have not changed then costs nothing.
 */
export const ProductGrid = memo(function ProductGrid({ products, busy = false, label = 'Products', orderEntry }: ProductGridProps) {
  // Read once here rather than in each card: the same for all of them.
  const { seesListPrices } = useActing();
  return (
    <Grid busy={busy} label={label}>
      {products.map((product, index) => (
        <li key={product.productId}>
          <ProductCardView product={product} orderEntry={orderEntry} imagePriority={index < EAGER_IMAGES} seesListPrices={seesListPrices} />
        </li>
      ))}
    </Grid>
  );
});

/** Card-shaped placeholders with the card's proportions, so the page does not move when products arrive. */
export function ProductGridSkeleton({ count = CATALOGUE_PAGE_SIZE }: { count?: number }) {
  return (
    <div role="status">
      <VisuallyHidden>Loading products…</VisuallyHidden>
      <Grid label="Loading products" busy>
        {Array.from({ length: count }, (_, index) => (
          <li key={index} aria-hidden="true">
            <ProductCardSkeleton />
          </li>
        ))}
      </Grid>
    </div>
  );
}

/** A grey bar of Mantine's Skeleton (gray-3, pulsing), drawn by the stylesheet: a card has eight. */
function Bar({ height, width, className = classes.bar }: { height?: number; width?: string; className?: string }) {
  const size = { '--bar-height': height === undefined ? undefined : `${height}px`, '--bar-width': width } as CSSProperties;
  return <div className={className} style={size} />;
}

/** Plain elements: a cold load draws a page of these first, 28 cards of eight bars. */
export function ProductCardSkeleton() {
  return (
    <div className={classes.skeletonCard}>
      <Bar className={`${classes.bar} ${classes.skeletonImage}`} />
      <Bar height={14} width="90%" />
      <Bar height={14} width="60%" />
      <Bar height={12} width="45%" />
      <Bar height={12} width="35%" />
      <Bar height={18} width="55%" className={`${classes.bar} ${classes.pushed}`} />
      <Bar height={24} width="70%" />
      <Bar height={12} width="40%" />
    </div>
  );
}
