import { messages } from '@frameport/domain/messages';
import { ActionIcon, Badge, VisuallyHidden } from '@mantine/core';
import { IconBolt, IconShoppingCart } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from '../../../lib/router.tsx';
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
 * 768 px to keep the row compact. The summary is a plain positioned box (not Mantine's Tooltip, which
 * brings floating-ui into every signed-in screen's first load); Escape hides it, a touch never shows
 * it, and screen readers hear the same text as the link's description.
 */
export function OrderLinks({ cart = null }: { cart?: CartSummary | null }) {
  const summaryId = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const shown = cart !== null && (hovered || focused);
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
      <span
        className={classes.cart}
        onPointerEnter={(event) => setHovered(event.pointerType === 'mouse')}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          setHovered(false);
          setFocused(false);
        }}
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
        {shown && (
          <span role="tooltip" className={`${classes.cartSummary} tabular`}>
            <span className={classes.cartSummaryLine}>{messages.cart.totalQuantity(cart.totalQuantity)}</span>
            <span className={classes.cartSummaryLine}>{messages.cart.lines(cart.lines)}</span>
            <span className={classes.cartSummaryLine}>{messages.cart.totalValue(cart.totalValue)}</span>
          </span>
        )}
      </span>
      {summary !== null && <VisuallyHidden id={summaryId}>{summary}</VisuallyHidden>}
    </>
  );
}
