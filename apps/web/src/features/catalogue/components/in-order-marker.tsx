import { messages } from '@frameport/domain/messages';
import { IconCheck } from '@tabler/icons-react';
import classes from './in-order-marker.module.css';

/**
 * 'In your order: 3' beside a colour the acting retailer's order already holds (issue 16, item 3);
 * nothing while it holds none. The text says it, the tick and colour only underline it.
 */
export function InOrderMarker({ pieces }: { pieces: number }) {
  if (pieces <= 0) return null;
  return (
    <span className={classes.marker}>
      <IconCheck size={12} stroke={2.5} aria-hidden="true" />
      {messages.cart.inYourOrder(pieces)}
    </span>
  );
}
