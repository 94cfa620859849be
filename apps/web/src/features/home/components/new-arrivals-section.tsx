import type { Product } from '@frameport/domain/contract';
import { Card, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { productsPath } from '../links.ts';
import { HomeSection, SectionError } from './home-section.tsx';
import classes from './home.module.css';

/** How many new arrivals /home shows. */
export const NEW_ARRIVALS_COUNT = 8;

type NewArrivalsSectionProps = {
  /** The newest products (the catalogue's default sort, release date descending); undefined while loading. */
  products: Product[] | undefined;
  loading: boolean;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  /** The product card; the route passes the catalogue's. */
  renderProduct: (product: Product) => ReactNode;
};

/** The newest products as cards; 'View all' is the catalogue in its default order (newest first). */
export function NewArrivalsSection({ products, loading, error, retrying, onRetry, renderProduct }: NewArrivalsSectionProps) {
  if (!loading && !error && (products?.length ?? 0) === 0) return null;

  return (
    <HomeSection title="New arrivals" viewAllTo={productsPath()} viewAllSubject="new arrivals">
      {loading ? (
        <div className={classes.gridProducts} aria-hidden="true">
          {Array.from({ length: NEW_ARRIVALS_COUNT }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </div>
      ) : error ? (
        <SectionError what="New arrivals" message={getErrorMessage(error)} retrying={retrying} onRetry={onRetry} />
      ) : (
        <ul className={classes.gridProducts}>
          {products?.map((product) => (
            <li key={product.productId} className={classes.productCell}>
              {renderProduct(product)}
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}

/**
 * The product card's outline in its measured rhythm (6 px gaps): 2:1 image, a two-line name,
 * model, then price, swatches and stock, so the grid keeps its height when the cards arrive.
 */
function ProductCardSkeleton() {
  return (
    <Card withBorder padding="sm" radius="md" className={classes.cardSkeleton}>
      <Skeleton className={classes.productImageSkeleton} radius="sm" />
      <div style={{ height: 38 }}>
        <Skeleton height={14} width="90%" mt={2} />
        <Skeleton height={14} width="55%" mt={6} />
      </div>
      <div style={{ height: 34 }}>
        <Skeleton height={12} width="40%" mt={2} />
      </div>
      <div style={{ height: 79 }}>
        <Skeleton height={20} width="50%" />
        <Skeleton height={26} width="65%" mt={6} />
        <Skeleton height={12} width="35%" mt={10} />
      </div>
    </Card>
  );
}
