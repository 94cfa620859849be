import type { BuyAgainProduct } from '@frameport/domain/contract';
import { buyAgainMessages } from '@frameport/domain/messages/buy-again';
import { Anchor, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from '../../../lib/router.tsx';
import { PROFILE_LINKS } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { SectionError } from './home-section.tsx';
import classes from './home.module.css';

/** Skeleton cards while the list loads: most retailers who order again have a handful of favourites. */
const SKELETON_COUNT = 4;

type BuyAgainSectionProps = {
  /** Most ordered first; undefined while loading. */
  products: BuyAgainProduct[] | undefined;
  loading: boolean;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  /** One style, addable in place (the route composes the catalogue's order entry). */
  renderProduct: (product: BuyAgainProduct) => ReactNode;
};

/**
 * /home's Buy again, above the banners: the retailer's most ordered styles that are in stock, each
 * with its colours in stock to order again without leaving the page. Nothing at all for a retailer
 * with no past orders (or none of whose styles is in stock).
 */
export function BuyAgainSection({ products, loading, error, retrying, onRetry, renderProduct }: BuyAgainSectionProps) {
  const titleId = useId();
  if (!loading && !error && (products?.length ?? 0) === 0) return null;

  return (
    <section aria-labelledby={titleId} className={classes.buyAgain}>
      <Group justify="space-between" align="baseline" wrap="nowrap" gap="sm" mb="sm">
        <div>
          <Title order={2} id={titleId} className={classes.sectionTitle}>
            {buyAgainMessages.title}
          </Title>
          <Text size="sm" c="dimmed">
            {buyAgainMessages.subtitle}
          </Text>
        </div>
        <Anchor component={Link} to={PROFILE_LINKS.orders} size="sm" fw={600} className={classes.viewAll}>
          {buyAgainMessages.myOrders}
          <IconChevronRight size={16} aria-hidden="true" />
        </Anchor>
      </Group>
      {loading ? (
        <div className={classes.gridBuyAgain} aria-hidden="true" data-testid="buy-again-loading">
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <Card key={index} withBorder padding="sm" radius="md">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Skeleton width={96} height={48} radius="sm" />
                <div style={{ flex: 1 }}>
                  <Skeleton height={14} width="85%" />
                  <Skeleton height={12} width="50%" mt={8} />
                  <Skeleton height={16} width="40%" mt={8} />
                </div>
              </Group>
              <Skeleton height={36} mt="sm" />
              <Skeleton height={36} mt="sm" />
            </Card>
          ))}
        </div>
      ) : error ? (
        <SectionError what={buyAgainMessages.title} message={getErrorMessage(error)} retrying={retrying} onRetry={onRetry} />
      ) : (
        <ul className={classes.gridBuyAgain}>
          {products?.map((product) => (
            <li key={product.productId} className={classes.productCell}>
              {renderProduct(product)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
