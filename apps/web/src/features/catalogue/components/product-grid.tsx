import { CATALOGUE_PAGE_SIZE, type Product } from '@frameport/domain/contract';
import { Card, SimpleGrid, Skeleton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OrderEntry } from '../use-order-quantities.ts';
import { ProductCard } from './product-card.tsx';
import classes from './product-grid.module.css';

/** Columns follow the space the grid has (it sits beside the filter panel on a desktop). */
const COLS = { base: 2, '560px': 3, '860px': 4, '1150px': 5 } as const;
const SPACING = { base: 'xs', '560px': 'md' } as const;

function Grid({ children, busy = false, label }: { children: ReactNode; busy?: boolean; label: string }) {
  return (
    <SimpleGrid
      type="container"
      cols={COLS}
      spacing={SPACING}
      component="ul"
      className={classes.list}
      aria-label={label}
      aria-busy={busy}
    >
      {children}
    </SimpleGrid>
  );
}

/** A page of product cards; `busy` dims it while the next page loads in its place. */
export function ProductGrid({
  products,
  busy = false,
  label = 'Products',
  orderEntry,
}: {
  products: readonly Product[];
  busy?: boolean;
  label?: string;
  orderEntry?: OrderEntry;
}) {
  return (
    <Grid busy={busy} label={label}>
      {products.map((product) => (
        <li key={product.productId}>
          <ProductCard product={product} orderEntry={orderEntry} />
        </li>
      ))}
    </Grid>
  );
}

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

export function ProductCardSkeleton() {
  return (
    <Card withBorder padding="sm" radius="md" className={classes.skeletonCard}>
      <Skeleton className={classes.skeletonImage} radius="sm" />
      <Skeleton height={14} width="90%" />
      <Skeleton height={14} width="60%" />
      <Skeleton height={12} width="45%" />
      <Skeleton height={12} width="35%" />
      <Skeleton height={18} width="55%" mt={4} />
      <Skeleton height={24} width="70%" />
      <Skeleton height={12} width="40%" />
    </Card>
  );
}
