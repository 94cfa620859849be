import { z } from 'zod/mini';
import { text } from './text.ts';

export const RetailerContactSchema = z.object({
  kind: z.enum(['salesExecutive', 'accounts']),
  name: text(),
  phone: z.nullable(text()),
  email: z.nullable(text()),
});

/**
 * On the cart (`orderingBlocked`): why Place order will be refused, and whom to call; null when it
 * will not. 'blocked' covers any retailer not Active (only staff acting for one can see its cart).
 */
export const OrderingBlockedSchema = z.object({
  reason: z.enum(['creditHold', 'blocked']),
  /** The sentence to show, naming the contact. */
  message: text(),
  contact: RetailerContactSchema,
});
export type OrderingBlocked = z.infer<typeof OrderingBlockedSchema>;
