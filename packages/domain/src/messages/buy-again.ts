import { piecesText } from '../messages.ts';

/** /home's Buy again: the retailer's most ordered styles. */
export const buyAgainMessages = {
  title: 'Buy again',
  subtitle: 'Your most ordered styles that are in stock',
  myOrders: 'My Orders',
  piecesOrdered: (pieces: number) => `${piecesText(pieces)} ordered before`,
} as const;
