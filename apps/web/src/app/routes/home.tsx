import { buildCatalogueSearch, emptyCatalogueQuery } from '@frameport/domain';
import { normaliseRole, type UserProfile } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Link } from '../../lib/router.tsx';
import { OrderingLimitsCard } from '../../features/account/components/ordering-limits-card.tsx';
import { MY_RETAILERS_PATH, PROFILE_LINKS } from '../../config/paths.ts';
import { useActing } from '../../lib/use-acting.ts';
import { useOrderEntry } from '../use-order-entry.ts';
import { profileQueries } from '../../lib/profile-queries.ts';
import { catalogueQueries } from '../../features/catalogue/api.ts';
import { ProductCard } from '../../features/catalogue/components/product-card.tsx';
import type { OrderEntry } from '../../features/catalogue/use-order-quantities.ts';
import { homeQueries } from '../../features/home/api.ts';
import { BannerCarousel } from '../../features/home/components/banner-carousel.tsx';
import { BelowTheFold } from '../../features/home/components/below-the-fold.tsx';
import { BuyAgainSection } from '../../features/home/components/buy-again-section.tsx';
import { ColourSection } from '../../features/home/components/colour-section.tsx';
import { FrameShapeSection } from '../../features/home/components/frame-shape-section.tsx';
import { MaterialSection } from '../../features/home/components/material-section.tsx';
import { NEW_ARRIVALS_COUNT, NewArrivalsSection } from '../../features/home/components/new-arrivals-section.tsx';
import { PriceRangeSection } from '../../features/home/components/price-range-section.tsx';
import { LoadError, retryQuery } from '../../components/load-error.tsx';
import { BuyAgainCard } from '../buy-again-card.tsx';

/** New arrivals: the catalogue's first page in its default order (release date, newest first). */
const NEW_ARRIVALS_SEARCH = {
  search: buildCatalogueSearch(emptyCatalogueQuery()),
  pageNumber: 1,
  pageSize: NEW_ARRIVALS_COUNT,
};

/**
 * /home: Buy again (the retailer's most ordered styles in stock, addable in place; none without
 * past orders or for a sales executive who has not chosen a retailer), the banner carousel, then materials, new arrivals, price ranges, colours and frame
 * shapes (each section loads on its own, with skeletons in its final shape), then the account's
 * ordering limits. New pages start at the top (the layout's AppScrollRestoration).
 */
export function HomeRoute() {
  const { email, isSalesExecutive } = useActing();
  const orderEntry = useOrderEntry();
  const buyAgain = useQuery({ ...homeQueries.buyAgain(email), enabled: orderEntry !== undefined });
  // Its cards too (a phone drew them in one task of 370 ms at 4× CPU: docs/products-profile.md).
  const buyAgainProducts = useDeferredValue(buyAgain.data);
  // Until the profile says who this is, Buy again's skeletons hold its place: most visitors of /home
  // are retailers, and a section pushed in above the banners later moved the whole page (layout shift).
  const roleUnknown = useQuery(profileQueries.detail(null)).isPending && !isSalesExecutive;

  return (
    <>
      <title>Home · Frameport</title>
      <Greeting />

      {(orderEntry !== undefined || roleUnknown) && (
        <BuyAgainSection
          products={buyAgainProducts}
          loading={orderEntry === undefined || (buyAgainProducts === undefined && !buyAgain.isError)}
          error={buyAgain.isError ? buyAgain.error : null}
          retrying={buyAgain.isFetching}
          onRetry={() => void buyAgain.refetch()}
          renderProduct={(product) => orderEntry && <BuyAgainCard product={product} entry={orderEntry} />}
        />
      )}
      <BannerCarousel />
      <MaterialSection />
      <BelowTheFold>
        <NewArrivals email={email} orderEntry={orderEntry} />
        <PriceRangeSection />
        <Colours />
        <FrameShapeSection />
        <AccountCards />
      </BelowTheFold>
    </>
  );
}

/**
 * New arrivals, asking for its styles when BelowTheFold draws it. Its own component, so that its
 * answer re-renders this section only: read in HomeRoute, it re-rendered the whole first screen,
 * Buy again's cards and all, in one task (40 ms unthrottled on a signed-in phone).
 */
function NewArrivals({ email, orderEntry }: { email: string | null; orderEntry: OrderEntry | undefined }) {
  const newArrivals = useQuery(catalogueQueries.search({ ...NEW_ARRIVALS_SEARCH, email }));
  // The cards are drawn in a transition, in slices, when the answer comes: it comes as a store
  // update, which React would otherwise draw in one long task (below-the-fold.tsx).
  const products = useDeferredValue(newArrivals.data?.searchResults.value);
  return (
    <NewArrivalsSection
      products={products}
      loading={products === undefined && !newArrivals.isError}
      error={newArrivals.isError ? newArrivals.error : null}
      retrying={newArrivals.isFetching}
      onRetry={() => void newArrivals.refetch()}
      renderProduct={(product) => <ProductCard product={product} orderEntry={orderEntry} />}
    />
  );
}

/** The colours, from the catalogue's filters (as New arrivals, its own component). */
function Colours() {
  const filters = useQuery(catalogueQueries.filters());
  return (
    <ColourSection
      colours={filters.data?.find((filter) => filter.Key === 'frameColorIdList')?.Data}
      loading={filters.isPending}
      error={filters.isError ? filters.error : null}
      retrying={filters.isFetching}
      onRetry={() => void filters.refetch()}
    />
  );
}

/**
 * The page's h1: one calm line saying who is signed in (a sales executive checks this first).
 * The line keeps its height while the profile loads.
 */
function Greeting() {
  const profile = useQuery(profileQueries.detail());
  return (
    // Two lines reserved on a phone, where the business name wraps under the greeting.
    <Group gap="xs" align="baseline" mih={{ base: 56, sm: 34 }} mb="sm" wrap="wrap" style={{ alignContent: 'flex-start' }}>
      {profile.isPending ? (
        <Skeleton height={24} width="min(18rem, 70%)" />
      ) : (
        <>
          <Title order={1} fz={{ base: 20, sm: 24 }} lh={1.3}>
            {profile.data ? `Welcome, ${profile.data.Name}` : 'Welcome'}
          </Title>
          {profile.data?.BusinessName && (
            <Text c="dimmed" size="sm" fw={500}>
              {profile.data.BusinessName}
            </Text>
          )}
        </>
      )}
    </Group>
  );
}

/** The signed-in account's ordering limits and details, at the end of the page. */
function AccountCards() {
  // Drawn after the first screen (BelowTheFold): a profile that failed there shows failed here too,
  // with its Retry, instead of being asked again because this part mounted later.
  const profile = useQuery({ ...profileQueries.detail(), retryOnMount: false });

  return (
    <Stack gap="lg" mt="xl" pt="md">
      {profile.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-hidden="true">
          {/* The cards' own heights: the limits stack on a phone. */}
          <Skeleton h={{ base: 313, md: 240 }} radius="md" />
          <Skeleton h={240} radius="md" />
        </SimpleGrid>
      ) : profile.isError ? (
        <LoadError title={messages.profile.accountLoadFailed} {...retryQuery(profile)} />
      ) : (
        <Account profile={profile.data} />
      )}
    </Stack>
  );
}

function Account({ profile }: { profile: UserProfile }) {
  const isSalesExecutive = normaliseRole(profile.RoleName) === 'salesexecutive';
  const place = [profile.City, profile.StateName].filter(Boolean).join(', ');

  return (
    <>
      {isSalesExecutive && (
        <Alert variant="light" icon={<IconUsers size={18} aria-hidden="true" />}>
          Your retailers’ balances and orders are in{' '}
          <Anchor component={Link} to={MY_RETAILERS_PATH} fw={600}>
            {messages.account.myRetailers}
          </Anchor>
          ; choose a retailer to act for there or from{' '}
          <Anchor component={Link} to={PROFILE_LINKS.switchUser} fw={600}>
            {messages.account.switchUser}
          </Anchor>
          .
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <OrderingLimitsCard
          MaxLimitPerVariant={profile.MaxLimitPerVariant}
          MaxOrderQuantity={profile.MaxOrderQuantity}
          MaxOrderValue={profile.MaxOrderValue}
        />
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="account-title">
          <Title order={2} fz="h4" id="account-title">
            Your account
          </Title>
          <Group gap="xs" mt={4}>
            <Text fw={600}>{profile.Name}</Text>
            <Text c="dimmed" size="sm">
              {profile.RoleName}
            </Text>
          </Group>
          <Stack component="dl" gap="xs" mt="md" mb={0}>
            <Detail label={messages.fields.email} value={profile.Email} />
            <Detail label={messages.fields.phone} value={profile.PhoneNumber} />
            <Detail label={messages.fields.gstin} value={profile.GSTIN} />
            <Detail label="Location" value={place || null} />
          </Stack>
        </Card>
      </SimpleGrid>
    </>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <Group gap="md" wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed" w={84} style={{ flex: 'none' }}>
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value ?? 'N/A'}
      </Text>
    </Group>
  );
}
