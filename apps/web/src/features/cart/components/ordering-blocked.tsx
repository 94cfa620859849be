import type { OrderingBlocked } from '@frameport/domain/contract/admin-retailers';
import { Anchor, Text } from '@mantine/core';
import { IconLock, IconMail, IconPhone } from '@tabler/icons-react';
import classes from './cart.module.css';

/** The id Place order's aria-describedby names, so a screen reader hears why it is off. */
export const ORDERING_BLOCKED_ID = 'ordering-blocked-reason';

/** 'tel:' link target for an Indian number as written ('98765 43210', '+91 40 4012 3456'). */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * Beside Place order when the retailer may not order now (credit hold, or blocked): the server's
 * sentence (why, and whom to call) and the contact's number and email as links a phone dials or
 * mails. Lines can still be added and changed; only placing waits.
 */
export function OrderingBlockedNotice({ blocked }: { blocked: OrderingBlocked }) {
  const { contact } = blocked;
  return (
    <div className={classes.orderingBlocked} id={ORDERING_BLOCKED_ID} role="status">
      <Text size="sm" fw={600} className={classes.orderingBlockedTitle}>
        <IconLock size={16} aria-hidden="true" />
        {blocked.reason === 'creditHold' ? 'Your account is on credit hold' : 'Your account is blocked'}
      </Text>
      <Text size="sm">{blocked.message}</Text>
      {(contact.phone !== null || contact.email !== null) && (
        <div className={classes.contactLinks}>
          {contact.phone !== null && (
            <Anchor href={telOf(contact.phone)} size="sm" fw={600} className={classes.contactLink} aria-label={`Call ${contact.name} on ${contact.phone}`}>
              <IconPhone size={16} aria-hidden="true" />
              Call {contact.phone}
            </Anchor>
          )}
          {contact.email !== null && (
            <Anchor href={`mailto:${contact.email}`} size="sm" className={classes.contactLink} aria-label={`Email ${contact.name} at ${contact.email}`}>
              <IconMail size={16} aria-hidden="true" />
              {contact.email}
            </Anchor>
          )}
        </div>
      )}
    </div>
  );
}
