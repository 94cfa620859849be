import { rupeesToPaise } from '@frameport/domain';
import { CART_PAGE_SIZE_MAX, type AddCartLine, type SkippedCartLine } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../lib/router.tsx';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs.tsx';
import { ChooseRetailerPrompt } from '../../features/acting/components/choose-retailer-prompt.tsx';
import { useActing } from '../../lib/use-acting.ts';
import { profileQueries } from '../../lib/profile-queries.ts';
import { cartQueries, useAddToCart } from '../../features/cart/api.ts';
import { catalogueQueries } from '../../features/catalogue/api.ts';
import { EXPRESS_PAGE_NUMBER, EXPRESS_PAGE_SIZE, modelSearchString, type ModelLookup } from '../../features/express/api.ts';
import { ExpressCheckout } from '../../features/express/components/express-checkout.tsx';
import { inOrderByColour, type OrderLimits } from '../../features/express/rows.ts';
import { PageHeader } from '../../components/page-header.tsx';

const PAGE_TITLE = 'Express Checkout';

/** /express-checkout: one list fed by model numbers, pasted rows and .csv / .xlsx files; then on to the purchase order. */
export function ExpressCheckoutRoute() {
  const { email, canOrder, isSalesExecutive } = useActing();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Your own profile is useActing's to fetch (see useOrderEntry); an acting retailer's is fetched here.
  const profile = useQuery({ ...profileQueries.detail(email), enabled: canOrder && email !== null });
  const addToCart = useAddToCart(email);
  // What the order holds already: a new quantity is checked on top of it, as the server will.
  const cart = useQuery({ ...cartQueries.page(email, CART_PAGE_SIZE_MAX), enabled: canOrder });
  const count = useQuery({ ...cartQueries.count(email), enabled: canOrder });
  const inOrder = cart.data ? inOrderByColour(cart.data.cartItems) : undefined;
  const orderLimits: OrderLimits | null =
    profile.data && count.data
      ? {
          maxOrderQuantity: profile.data.MaxOrderQuantity,
          maxOrderValuePaise: profile.data.MaxOrderValue === null ? null : rupeesToPaise(profile.data.MaxOrderValue),
          inOrderPieces: count.data.TotalQuantity,
          inOrderTotalPaise: rupeesToPaise(count.data.CartTotalWithGST),
        }
      : null;

  const lookup: ModelLookup = async (modelName) => {
    const data = await queryClient.fetchQuery(
      catalogueQueries.search({
        search: modelSearchString(modelName),
        pageNumber: EXPRESS_PAGE_NUMBER,
        pageSize: EXPRESS_PAGE_SIZE,
        email,
      }),
    );
    return { products: data.searchResults.value, gst: data.gstStateCodes ?? null };
  };

  const submit = async (lines: AddCartLine[]): Promise<SkippedCartLine[]> => (await addToCart.mutateAsync(lines)).skipped;

  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: messages.nav.home, to: '/home' }, { label: PAGE_TITLE }]} />
      <PageHeader
        title={PAGE_TITLE}
        description={
          <Text size="sm" c="dimmed">
            Type model numbers, paste rows or upload a file, set the quantity of each colour and add them all to your order in one go.
          </Text>
        }
      />
      {!canOrder ? (
        // The role is still loading, or a sales executive has not chosen a retailer yet.
        isSalesExecutive ? <ChooseRetailerPrompt /> : <Skeleton height={120} radius="md" />
      ) : (
        // Another retailer starts with empty rows (their limits and stock differ).
        <ExpressCheckout
          key={email ?? ''}
          lookup={lookup}
          onSubmit={submit}
          onDone={() => void navigate('/purchase-order')}
          submitting={addToCart.isPending}
          maxPerVariant={profile.data?.MaxLimitPerVariant ?? null}
          inOrder={inOrder}
          orderLimits={orderLimits}
        />
      )}
    </Stack>
  );
}
