import { piecesText } from '../messages.ts';

/** Orders: the order's summary, its lines and shipments, the purchase order's totals. */
export const orderMessages = {
  /** Every total says whether it includes GST (the lines' totals are before GST too). */
  subtotal: 'Subtotal (excl. GST)',
  total: 'Order total (incl. GST)',
  placed: 'Order Placed Successfully',
  notFound: 'Order not found.',
  cartNotFound: 'This purchase order was not found. Please reload it.',
  loadFailed: 'This order could not be loaded',
  listLoadFailed: 'Your orders could not be loaded',
  /** The purchase order page (the cart). */
  cartLoadFailed: 'Your order could not be loaded',
  fixQuantities: 'Please correct the quantities marked in red before placing the order.',
  /** The purchase order's count line; the spec's own text when it is empty. */
  lineCount: (lines: number, pieces: number) =>
    lines === 0 ? 'You have 0 items in your order' : `You have ${lines} ${lines === 1 ? 'line' : 'lines'} (${piecesText(pieces)}) in your order`,
  /** A line's quantity where it cannot be changed (a free or expired line). */
  lineQuantity: (pieces: number) => `Qty ${piecesText(pieces)}`,
  /** Why Place order is off while lines are above their stock or the per-colour limit. */
  linesToChange: (lines: number) =>
    `${lines === 1 ? '1 line needs' : `${lines} lines need`} a change before you can place the order: see the message on the line.`,
  /** The lines not loaded yet, so the lines on screen still add up to the subtotal. */
  linesNotShown: (lines: number) => `${lines} more ${lines === 1 ? 'line' : 'lines'} not shown`,
} as const;
