import { messages } from '@frameport/domain/messages';
import { ActionIcon, Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconBolt, IconShoppingCart } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { EXPRESS_CHECKOUT_PATH, PURCHASE_ORDER_PATH } from '../../../config/paths.ts';
import classes from './header.module.css';

/** What the cart icon summarises (spec section 2): lines, pieces and the value with GST, formatted. */
export type CartSummary = {
  lines: number;
  totalQuantity: number;
  /** Already formatted, e.g. '₹1,24,999.00'. */
  totalValue: string;
};

/**
 * The header's order shortcuts. The cart icon has a count badge only when the cart has lines, and a
 * hover/focus summary (total quantity, lines, value); express checkout lives in the phone menu below
 * 768 px to keep the row compact.
 */
export function OrderLinks({ cart = null }: { cart?: CartSummary | null }) {
  const summaryId = useId();
  const summary =
    cart === null
      ? null
      : `${messages.cart.totalQuantity(cart.totalQuantity)}. ${messages.cart.lines(cart.lines)}. ${messages.cart.totalValue(cart.totalValue)}.`;
  return (
    <>
      <ActionIcon
        component={Link}
        to={EXPRESS_CHECKOUT_PATH}
        variant="transparent"
        size={40}
        className={`${classes.iconButton} ${classes.fromTablet}`}
        aria-label={messages.nav.expressCheckout}
      >
        <IconBolt size={22} stroke={1.8} aria-hidden="true" />
      </ActionIcon>
      <Tooltip
        label={
          cart && (
            <>
              <div>{messages.cart.totalQuantity(cart.totalQuantity)}</div>
              <div>{messages.cart.lines(cart.lines)}</div>
              <div>{messages.cart.totalValue(cart.totalValue)}</div>
            </>
          )
        }
        disabled={cart === null}
        events={{ hover: true, focus: true, touch: false }}
        withArrow
        position="bottom-end"
        className="tabular"
      >
        <ActionIcon
          component={Link}
          to={PURCHASE_ORDER_PATH}
          variant="transparent"
          size={40}
          className={classes.iconButton}
          aria-label={messages.nav.purchaseOrder}
          aria-describedby={summary === null ? undefined : summaryId}
          pos="relative"
        >
          <IconShoppingCart size={22} stroke={1.8} aria-hidden="true" />
          {cart !== null && cart.lines > 0 && (
            <Badge
              data-testid="cart-count"
              size="xs"
              circle={cart.lines < 10}
              color="red.8"
              variant="filled"
              pos="absolute"
              top={0}
              right={0}
              className="tabular"
              aria-hidden="true"
            >
              {cart.lines}
            </Badge>
          )}
        </ActionIcon>
      </Tooltip>
      {summary !== null && <VisuallyHidden id={summaryId}>{summary}</VisuallyHidden>}
    </>
  );
}
