import { formatInr, rupeesToPaise } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { Button, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../lib/router.tsx';
import { PURCHASE_ORDER_PATH } from '../../../config/paths.ts';
import { useActing } from '../../../lib/use-acting.ts';
import { cartQueries } from '../api.ts';
import { dismissRecentAdd, useRecentAdd } from '../recent-add.ts';
import classes from './order-bar.module.css';

/**
 * The running order on a phone: "12 pcs · ₹14,272.62 incl. GST" and Review order, fixed to the
 * bottom of the catalogue, product, express checkout and home screens (the layout chooses), from
 * the header's own count query. Hidden while the order is empty or nobody is chosen to order for.
 * An add lights the bar up once and is announced (a polite live region), instead of a toast.
 */
export function OrderBar() {
  const { email, canOrder } = useActing();
  const count = useQuery({ ...cartQueries.count(email), enabled: canOrder });
  const recent = useRecentAdd();
  const order = canOrder && count.data && count.data.TotalQuantity > 0 ? count.data : null;

  return (
    // Nothing of it shows (or is announced) from 768 px: the drawer confirms there.
    <div className={classes.phoneOnly}>
      <VisuallyHidden role="status" aria-live="polite">
        {recent ? messages.runningOrder.addedPieces(recent.pieces) : ''}
      </VisuallyHidden>
      {order && (
        <aside className={classes.bar} aria-label={messages.runningOrder.barLabel}>
          {recent && <span key={recent.id} className={classes.flash} aria-hidden="true" data-testid="order-bar-flash" />}
          <p className={classes.summary}>
            {messages.runningOrder.summary(order.TotalQuantity, formatInr(rupeesToPaise(order.CartTotalWithGST)))}
          </p>
          <Button component={Link} to={PURCHASE_ORDER_PATH} size="sm" className={classes.review} onClick={dismissRecentAdd}>
            {messages.runningOrder.review}
          </Button>
        </aside>
      )}
    </div>
  );
}
