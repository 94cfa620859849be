import { messages } from '@frameport/domain/messages';
import { Button, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconEyeglassOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageBreadcrumbs, type Crumb } from '../../components/page-breadcrumbs.tsx';
import { ChooseRetailerPrompt } from '../../features/acting/components/choose-retailer-prompt.tsx';
import { useActing } from '../../lib/use-acting.ts';
import { useOrderEntry } from '../use-order-entry.ts';
import { catalogueQueries, productIdOf } from '../../features/catalogue/api.ts';
import { ProductDetailsView } from '../../features/catalogue/components/product-details-view.tsx';
import { RelatedProducts } from '../../features/catalogue/components/related-products.tsx';
import { TabAlreadyOpen } from '../../features/catalogue/components/tab-already-open.tsx';
import { useProductTab } from '../../features/catalogue/use-product-tab.ts';
import { ApiError } from '../../lib/api-client.ts';
import classes from '../../features/catalogue/components/product-details.module.css';
import { LoadError, retryQuery } from '../../components/load-error.tsx';

const CATALOGUE_CRUMB: Crumb = { label: messages.catalogue.title, to: '/products' };
const HOME_CRUMB: Crumb = { label: messages.nav.home, to: '/home' };

/** /product-details?productId= (some links say ?id=). Opened in its own tab from the product cards. */
export function ProductDetailsRoute() {
  const [params] = useSearchParams();
  const productId = productIdOf(params);
  if (productId === null) return <ProductNotFound />;
  // A new product starts fresh: its own colour choice, tab claim and queries.
  return <ProductDetails key={productId} productId={productId} />;
}

function ProductDetails({ productId }: { productId: number }) {
  const acting = useActing();
  const product = useQuery(catalogueQueries.product(productId, acting.email));
  const tab = useProductTab(productId);
  const orderEntry = useOrderEntry();
  const orderPrompt = acting.isSalesExecutive && !acting.canOrder ? <ChooseRetailerPrompt /> : undefined;

  // Drawn in a transition, in slices, when the answer comes: it comes as a store update, which React
  // would draw in one long task with the screen's new queries (a phone: 310 ms at 4× CPU).
  const shown = useDeferredValue(product.data);

  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) return <ProductNotFound />;
    return (
      <Stack gap="md">
        <title>Product · Frameport</title>
        <PageBreadcrumbs items={[HOME_CRUMB, CATALOGUE_CRUMB, { label: 'Product' }]} />
        <LoadError title={messages.product.loadFailed} {...retryQuery(product)} />
      </Stack>
    );
  }

  if (shown === undefined) return <ProductDetailsSkeleton />;
  const name = shown.productName;
  return (
    <Stack gap="md">
      <title>{name}</title>
      <PageBreadcrumbs items={[HOME_CRUMB, CATALOGUE_CRUMB, { label: name }]} />
      {tab.status === 'elsewhere' ? (
        <TabAlreadyOpen productName={name} onOpenHere={tab.openHere} />
      ) : (
        <>
          <ProductDetailsView product={shown} orderEntry={orderEntry} orderPrompt={orderPrompt} />
          <RelatedProducts productId={productId} email={acting.email} orderEntry={orderEntry} />
        </>
      )}
    </Stack>
  );
}

function ProductNotFound() {
  return (
    <Stack gap="md">
      <title>{`${messages.product.notFoundTitle} · Frameport`}</title>
      <PageBreadcrumbs items={[HOME_CRUMB, CATALOGUE_CRUMB, { label: messages.product.notFoundTitle }]} />
      <EmptyState
        icon={<IconEyeglassOff size={30} />}
        title={messages.product.notFoundTitle}
        headingOrder={1}
        description={messages.product.gone}
        action={
          <Button component={Link} to="/products">
            Browse all products
          </Button>
        }
      />
    </Stack>
  );
}

function ProductDetailsSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true">
      <VisuallyHidden>Loading the product…</VisuallyHidden>
      <Skeleton height={20} width={260} />
      <div className={classes.top}>
        <Skeleton radius="md" style={{ aspectRatio: '2 / 1', height: 'auto' }} />
        <Stack gap="sm">
          <Skeleton height={14} width="30%" />
          <Skeleton height={28} width="80%" />
          <Skeleton height={14} width="45%" />
          <Skeleton height={26} width="40%" mt={4} />
          <Skeleton height={12} width="30%" />
          <Skeleton height={44} width="90%" mt="xs" />
        </Stack>
      </div>
      <Skeleton height={240} radius="md" mt="xl" />
    </Stack>
  );
}
