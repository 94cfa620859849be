import { messages } from '@frameport/domain/messages';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { catalogueQueries } from '../api.ts';
import type { OrderEntry } from '../use-order-quantities.ts';
import { ProductGrid, ProductGridSkeleton } from './product-grid.tsx';

const RELATED_SKELETONS = 4;

type RelatedProductsProps = {
  productId: number;
  /** The acting retailer, whose prices the cards show. */
  email: string | null;
  /** As on the catalogue's cards: quantities per colour and Add to order. */
  orderEntry?: OrderEntry | undefined;
};

/** 'Related products' below a product: cards like the catalogue's; hidden when there are none. */
export function RelatedProducts({ productId, email, orderEntry }: RelatedProductsProps) {
  const related = useQuery(catalogueQueries.related(productId, email));
  // The cards are drawn in a transition, in slices (a store update is drawn at once: 190 ms at 4× CPU).
  const products = useDeferredValue(related.data);
  if (related.isSuccess && related.data.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby="related-heading" mt="xl">
      <Title order={2} fz="h3" id="related-heading">
        Related products
      </Title>
      {related.isError ? (
        <Text size="sm" c="dimmed">
          {messages.product.relatedLoadFailed}
        </Text>
      ) : products === undefined ? (
        <ProductGridSkeleton count={RELATED_SKELETONS} />
      ) : (
        <ProductGrid products={products} label="Related products" orderEntry={orderEntry} />
      )}
    </Stack>
  );
}
