import { messages } from '@frameport/domain/messages';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
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
  if (related.isSuccess && related.data.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby="related-heading" mt="xl">
      <Title order={2} fz="h3" id="related-heading">
        Related products
      </Title>
      {related.isPending ? (
        <ProductGridSkeleton count={RELATED_SKELETONS} />
      ) : related.isError ? (
        <Text size="sm" c="dimmed">
          {messages.product.relatedLoadFailed}
        </Text>
      ) : (
        <ProductGrid products={related.data} label="Related products" orderEntry={orderEntry} />
      )}
    </Stack>
  );
}
