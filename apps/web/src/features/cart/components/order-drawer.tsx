import { formatInr, rupeesToPaise } from '@frameport/domain';
import { CART_PAGE_SIZE_MAX, type CartItem } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { Button, Group, Skeleton, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { Link } from '../../../lib/router.tsx';
import { PURCHASE_ORDER_PATH } from '../../../config/paths.ts';
import { useActing } from '../../../lib/use-acting.ts';
import { cartQueries } from '../api.ts';
import { dismissRecentAdd, useRecentAdd, type RecentAdd } from '../recent-add.ts';
import classes from './order-drawer.module.css';

/** Mantine's sm breakpoint (768 px): the phone's bar below it, this drawer from it. */
const DESKTOP_QUERY = '(min-width: 48em)';
/** The added lines listed by name; more are counted. */
const LINES_SHOWN = 4;

/**
 * After an add on a desktop: what was just added, the order's pieces, lines and total, and Review
 * order / Continue, in a small panel under the cart icon (the toast it replaces covered the badge).
 * Focus moves into it; Esc or Continue close it and give focus back to where Add was pressed; a
 * click elsewhere or another screen closes it too. Mounted once by the signed-in layout.
 */
export function OrderDrawer() {
  const recent = useRecentAdd();
  const desktop = useMediaQuery(DESKTOP_QUERY, false, { getInitialValueInEffect: false });
  if (recent === null || !desktop) return null;
  // A new panel per add: focus and position are taken again.
  return <DrawerPanel key={recent.id} recent={recent} />;
}

function DrawerPanel({ recent }: { recent: RecentAdd }) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const { email } = useActing();
  const count = useQuery(cartQueries.count(email));
  // The cart's lines name what was added (the add call answers with ids only).
  const cart = useQuery(cartQueries.page(email, CART_PAGE_SIZE_MAX));

  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    placeUnderHeader(element);
    element.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const closeAndReturn = () => {
      dismissRecentAdd();
      returnFocus(recent.origin);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      closeAndReturn();
    };
    // A click elsewhere closes it and leaves focus where the click put it.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && panel.current?.contains(event.target)) return;
      dismissRecentAdd();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [recent.origin]);

  const added = recent.lines.filter(
    (line) => !recent.skipped.some((skip) => skip.ProductId === line.ProductId && skip.ColorVariant === line.ColorVariant),
  );
  const cartLineOf = (productId: number, colorVariant: string | undefined): CartItem | undefined =>
    cart.data?.cartItems.find((item) => item.ProductID === productId && item.ColorVariant === colorVariant);

  return (
    <section ref={panel} role="dialog" aria-modal="false" aria-labelledby={titleId} tabIndex={-1} className={classes.panel}>
      <h2 id={titleId} className={classes.title}>
        <IconCircleCheck size={20} color="var(--mantine-color-green-8)" aria-hidden="true" />
        {recent.pieces > 0 ? messages.runningOrder.addedPieces(recent.pieces) : messages.runningOrder.added}
      </h2>

      {added.length > 0 && (
        <ul className={classes.lines}>
          {added.slice(0, LINES_SHOWN).map((line) => {
            const item = cartLineOf(line.ProductId, line.ColorVariant);
            return (
              <li key={`${line.ProductId}-${line.ColorVariant ?? line.ProductColorId}`} className={classes.line}>
                {item ? (
                  <span className={classes.lineName}>
                    {item.ProductName}, {item.ProductColor} ({item.ColorVariant})
                  </span>
                ) : cart.isPending ? (
                  <Skeleton height={14} width="70%" mt={3} aria-hidden="true" />
                ) : (
                  <span className={classes.lineName}>{line.ColorVariant}</span>
                )}
                <span className={classes.lineQuantity}>
                  +{line.Quantity}
                  {item && ` · ${messages.runningOrder.inOrder(item.CartProductTotQuantity)}`}
                </span>
              </li>
            );
          })}
          {added.length > LINES_SHOWN && (
            <li className={classes.line}>
              <Text size="sm" c="dimmed">
                {messages.runningOrder.moreLines(added.length - LINES_SHOWN)}
              </Text>
            </li>
          )}
        </ul>
      )}

      {recent.skipped.length > 0 && (
        <div>
          <Text size="sm" fw={600} c="red.8" mt="xs">
            {messages.runningOrder.notAdded}
          </Text>
          <ul className={classes.lines}>
            {recent.skipped.map((skip) => {
              // Not in the order, so named by another line of the same style when there is one.
              const name = cart.data?.cartItems.find((item) => item.ProductID === skip.ProductId)?.ProductName;
              return (
                <li key={`${skip.ProductId}-${skip.ColorVariant}`} className={classes.line}>
                  <span className={classes.lineName}>
                    {name ? `${name} (${skip.ColorVariant})` : skip.ColorVariant}: {skip.Message}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      )}

      <div className={classes.order}>
        {count.data ? (
          <Text size="sm">
            <Text span fw={600}>
              {messages.runningOrder.yourOrder}:
            </Text>{' '}
            {messages.runningOrder.summary(count.data.TotalQuantity, formatInr(rupeesToPaise(count.data.CartTotalWithGST)))} ·{' '}
            {messages.runningOrder.lines(count.data.CartCount)}
          </Text>
        ) : (
          <Skeleton height={14} width="80%" aria-hidden="true" />
        )}
      </div>

      <Group justify="flex-end" gap="xs" mt="md">
        <Button
          variant="default"
          onClick={() => {
            dismissRecentAdd();
            returnFocus(recent.origin);
          }}
        >
          {messages.runningOrder.continue}
        </Button>
        <Button component={Link} to={PURCHASE_ORDER_PATH} onClick={dismissRecentAdd}>
          {messages.runningOrder.review}
        </Button>
      </Group>
    </section>
  );
}

/**
 * Under the sticky header (its height differs with the acting strip), right-aligned with the cart
 * icon when there is one, so the icon and its badge stay in view.
 */
function placeUnderHeader(element: HTMLElement) {
  const header = document.querySelector('header');
  if (!header) return;
  const bottom = header.getBoundingClientRect().bottom;
  element.style.top = `${Math.max(0, bottom) + 8}px`;
  const cartLink = header.querySelector(`a[href="${PURCHASE_ORDER_PATH}"]`);
  if (cartLink) {
    const right = window.innerWidth - cartLink.getBoundingClientRect().right;
    element.style.right = `${Math.max(8, right)}px`;
  }
}

/**
 * Focus back where Add was pressed. That button is often disabled by then (its quantities were
 * cleared), so the first enabled field or button of the same card, row or section takes it.
 */
function returnFocus(origin: HTMLElement | null) {
  if (!origin || !origin.isConnected) return;
  if (isFocusable(origin)) {
    origin.focus();
    return;
  }
  const container = origin.closest('article, li, tr, form, section');
  if (!container) return;
  // The quantity field first (where the next order is typed), else a button or a link of the same place.
  const candidate = ['input', 'button', 'a[href]']
    .map((tag) => container.querySelector<HTMLElement>(`${tag}:not(:disabled):not([tabindex="-1"])`))
    .find((element) => element !== null);
  candidate?.focus();
}

function isFocusable(element: HTMLElement): boolean {
  return !(element as HTMLButtonElement).disabled && element.getAttribute('aria-disabled') !== 'true';
}
