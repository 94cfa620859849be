import { formatInr, rupeesToPaise } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { confirmMessages } from '@frameport/domain/messages/confirm';
import { orderMessages } from '@frameport/domain/messages/orders';
import type { CartItem } from '@frameport/domain/contract';
import { Alert, Button, Skeleton, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconShoppingCartOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from '../../lib/router.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { CART_FIRST_PAGE_SIZE, CART_PAGE_STEP, cartQueries, useClearCart, useDeleteCartLine, useUpdateCartLines } from '../../features/cart/api.ts';
import { ChooseRetailerPrompt } from '../../features/acting/components/choose-retailer-prompt.tsx';
import { useActing } from '../../lib/use-acting.ts';
import { BillTo } from '../../features/cart/components/bill-to.tsx';
import { CreditPanel } from '../../features/cart/components/credit-panel.tsx';
import { ORDERING_BLOCKED_ID, OrderingBlockedNotice } from '../../features/cart/components/ordering-blocked.tsx';
import { CartModelGroup, groupByModel, lineQuantityError } from '../../features/cart/components/cart-line.tsx';
import classes from '../../features/cart/components/cart.module.css';
import { PaymentSummary } from '../../features/cart/components/payment-summary.tsx';
import { usePlaceOrder } from '../../features/orders/api.ts';
import { rememberPlacedOrder, type OrderPlacedState } from '../../features/orders/components/order-placed-modal.tsx';
import { LoadError, retryQuery } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';

const PAGE_TITLE = 'Purchase Order';
const NOTE_MAX = 1000;
/** Where a placed order is acknowledged: My Orders with the 'Order Placed Successfully' dialog (spec section 2). */
const AFTER_ORDER_PATH = '/profile?order=true&success=true';

/** The screen's height below the phone's 56 px header: the least height of the page while it loads and after. */
const SCREEN_BELOW_HEADER = 'calc(100dvh - 56px)';

type Confirming = { kind: 'delete'; item: CartItem } | { kind: 'clear' } | null;

/**
 * /purchase-order: the purchase order (the cart). Lines grouped by model, each colour with its
 * stock, net unit price, quantity Update and Delete and its total before GST (the lines add up to
 * the subtotal); Clear Cart, Load more, order notes, the bill-to block, the server's payment
 * summary and Place order (fields lock while placing; off, with the reason beside it, while a line
 * is above its stock or the per-colour limit, or while the retailer is on credit hold: then the
 * reason and whom to call are beside it).
 */
export function PurchaseOrderRoute() {
  const { email, canOrder, isSalesExecutive } = useActing();
  // Not before the role is known: a sales executive's cart calls need a chosen retailer.
  if (!canOrder && !isSalesExecutive) return <PurchaseOrderSkeleton />;
  if (!canOrder) {
    return (
      <Stack gap="md">
        <PageHeader title={PAGE_TITLE} />
        <ChooseRetailerPrompt />
      </Stack>
    );
  }
  // Another retailer's order starts afresh: no quantity drafts or note carried over.
  return <PurchaseOrder key={email ?? ''} email={email} />;
}

function PurchaseOrder({ email }: { email: string | null }) {
  const navigate = useNavigate();
  const [pageSize, setPageSize] = useState(CART_FIRST_PAGE_SIZE);
  const cart = useQuery(cartQueries.page(email, pageSize));
  const update = useUpdateCartLines(email);
  const remove = useDeleteCartLine(email);
  const clear = useClearCart(email);
  const place = usePlaceOrder(email);

  const [drafts, setDrafts] = useState<Record<number, number>>({});
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<Confirming>(null);
  const locked = place.isPending;

  if (cart.isPending) return <PurchaseOrderSkeleton />;
  if (cart.isError && !cart.data) {
    return (
      <Stack gap="md">
        <PageHeader title={PAGE_TITLE} />
        <LoadError title={orderMessages.cartLoadFailed} {...retryQuery(cart)} />
      </Stack>
    );
  }

  const data = cart.data;
  const lines = data.cartItems;
  const count = data.cartItemsCount;
  const maxPerVariant = data.MaxLimitPerVariant;
  const quantityOf = (item: CartItem) => drafts[item.CartProductDetailId] ?? item.CartProductTotQuantity;
  const anyInvalid = lines.some(
    (item) =>
      !item.IsExpired &&
      quantityOf(item) !== item.CartProductTotQuantity &&
      lineQuantityError(item, quantityOf(item), maxPerVariant) !== null,
  );
  const anyExpired = lines.some((item) => item.IsExpired);
  const cartId = data.billToInfo.CartId;
  const toChange = data.LinesToChange;
  // On credit hold (or blocked) the cart stays usable; only Place order is off, with the reason and whom to call beside it.
  const blocked = data.orderingBlocked;
  const canPlace = count > 0 && cartId !== null && !anyInvalid && toChange === 0 && !locked && blocked === null;
  const reasonIds = [blocked !== null && ORDERING_BLOCKED_ID, (toChange > 0 || anyInvalid) && 'place-order-reason'].filter(Boolean).join(' ');
  // The lines not loaded yet, as one row, so the lines on screen add up to the subtotal.
  const notShown = count - lines.length;
  const notShownPaise =
    rupeesToPaise(data.CartTotPrice) -
    lines.reduce((sum, item) => sum + (item.IsExpired ? 0 : rupeesToPaise(item.costPriceWithoutGST)), 0);

  const setDraft = (item: CartItem, quantity: number) =>
    setDrafts((current) => ({ ...current, [item.CartProductDetailId]: quantity }));
  const dropDraft = (id: number) =>
    setDrafts((current) => {
      const { [id]: _dropped, ...rest } = current;
      return rest;
    });

  const saveLine = (item: CartItem) =>
    update.mutate([{ CartProductDetailID: item.CartProductDetailId, Quantity: quantityOf(item) }], {
      onSuccess: () => dropDraft(item.CartProductDetailId),
    });

  const confirmAction = () => {
    if (confirming === null) return;
    if (confirming.kind === 'delete') {
      const id = confirming.item.CartProductDetailId;
      remove.mutate(id, { onSuccess: () => dropDraft(id), onSettled: () => setConfirming(null) });
    } else {
      clear.mutate(undefined, { onSuccess: () => setDrafts({}), onSettled: () => setConfirming(null) });
    }
  };

  const placeOrder = () => {
    if (!canPlace || cartId === null) return;
    place.mutate({ CartId: cartId, Note: note }, {
      onSuccess: (order) => {
        const state: OrderPlacedState = { orderRefNo: order.OrderRefNo };
        rememberPlacedOrder(order.OrderRefNo);
        void navigate(AFTER_ORDER_PATH, { state });
      },
    });
  };

  const updatingId = update.isPending ? update.variables[0]?.CartProductDetailID : undefined;

  return (
    // As tall as the skeleton at least, so an empty order does not pull the footer up into view.
    <Stack gap="md" mih={SCREEN_BELOW_HEADER}>
      <PageHeader
        title={PAGE_TITLE}
        description={
          <Text size="sm" c="dimmed" className="tabular" aria-live="polite">
            {orderMessages.lineCount(count, data.TotalQuantity)}
          </Text>
        }
        aside={
          count > 0 && (
            <Button variant="outline" color="red.9" onClick={() => setConfirming({ kind: 'clear' })} disabled={locked}>
              {messages.cart.clearCart}
            </Button>
          )
        }
        align="flex-end"
      />

      <Text size="sm" c="dimmed">
        {data.ExpiryNotice}
      </Text>

      {count === 0 ? (
        <EmptyState
          icon={<IconShoppingCartOff size={30} />}
          title={messages.cart.empty}
          description="Add products from the catalogue to build your order."
          action={
            <Button component={Link} to="/products">
              {messages.actions.browseProducts}
            </Button>
          }
        />
      ) : (
        <div className={classes.layout}>
          <Stack gap="sm">
            {anyExpired && (
              <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
                <Text size="sm">{messages.cart.expiredInOrder}</Text>
              </Alert>
            )}
            <ul className={classes.lines} aria-label="Order lines" aria-busy={cart.isPlaceholderData}>
              {groupByModel(lines).map((items) => (
                <CartModelGroup
                  key={items[0]!.ProductID}
                  items={items}
                  lineProps={(item) => ({
                    quantity: quantityOf(item),
                    maxPerVariant,
                    onQuantityChange: (quantity) => setDraft(item, quantity),
                    onUpdate: () => saveLine(item),
                    onDelete: () => setConfirming({ kind: 'delete', item }),
                    updating: updatingId === item.CartProductDetailId,
                    locked,
                  })}
                />
              ))}
            </ul>
            {notShown > 0 && (
              <Text size="sm" c="dimmed" className={`${classes.lineSummary} tabular`}>
                <span>{orderMessages.linesNotShown(notShown)}</span>
                <span>{formatInr(notShownPaise)} excl. GST</span>
              </Text>
            )}
            {notShown > 0 && (
              <Button
                variant="default"
                onClick={() => setPageSize((size) => size + CART_PAGE_STEP)}
                loading={cart.isPlaceholderData}
                disabled={locked}
                style={{ alignSelf: 'center' }}
              >
                Load more
              </Button>
            )}
            <Textarea
              label="Order notes (optional)"
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={NOTE_MAX}
              rows={3}
              disabled={locked}
            />
          </Stack>

          <Stack gap="sm">
            <BillTo billTo={data.billToInfo} />
            <PaymentSummary totals={data} />
            {/* Staff ordering for a retailer see its credit before placing; a retailer ordering for itself does not. */}
            {email !== null && <CreditPanel email={email} orderTotal={data.CartProductTotPricewithGST} />}
            {blocked !== null && <OrderingBlockedNotice blocked={blocked} />}
            {toChange > 0 && (
              <Text size="sm" c="red.9" role="status" id="place-order-reason">
                {orderMessages.linesToChange(toChange)}
              </Text>
            )}
            {anyInvalid && toChange === 0 && (
              <Text size="sm" c="red.9" role="status" id="place-order-reason">
                {orderMessages.fixQuantities}
              </Text>
            )}
            <Button
              size="md"
              fullWidth
              onClick={placeOrder}
              disabled={!canPlace}
              loading={locked}
              aria-describedby={reasonIds === '' ? undefined : reasonIds}
            >
              Place order
            </Button>
          </Stack>
        </div>
      )}

      <ConfirmDialog
        opened={confirming !== null}
        message={confirming?.kind === 'clear' ? confirmMessages.clearCart : confirmMessages.deleteItem}
        confirmLabel={confirming?.kind === 'clear' ? messages.cart.clearCart : confirmMessages.delete}
        onConfirm={confirmAction}
        onCancel={() => setConfirming(null)}
        busy={remove.isPending || clear.isPending}
      />
    </Stack>
  );
}

/**
 * While the order loads: its header and lines' shapes, in a box as tall as the screen below the
 * header, so the footer stays out of view instead of showing and then being pushed down by the
 * lines (a layout shift Lighthouse counted at 0.4 on a phone).
 */
function PurchaseOrderSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" mih={SCREEN_BELOW_HEADER}>
      <VisuallyHidden>Loading your order…</VisuallyHidden>
      <Skeleton height={28} width={220} />
      <Skeleton height={14} width={200} />
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} height={88} radius="md" />
      ))}
    </Stack>
  );
}
