import { formatInr, rupeesToPaise } from '@frameport/domain';
import type { AddCartLine, OrderDetailLine } from '@frameport/domain/contract';

/** Rupees from the wire as '₹1,249.50'. */
export const inr = (rupees: number) => formatInr(rupeesToPaise(rupees));

const dateFormatter = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** ISO date as '05 Mar 2026' (en-IN, Indian time). */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormatter.format(date);
}

const dateTimeFormatter = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

/** ISO instant as '05 Mar 2026, 12:00 pm' (en-IN, Indian time). */
export function formatOrderDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormatter.format(date);
}

/** 'YYYY-MM-DD' (a calendar day, no time zone) as '05 Dec 2026'. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T12:00:00+05:30`);
  return Number.isNaN(date.getTime()) ? day : dateFormatter.format(date);
}

/**
 * Badge colours for the order statuses and the shipments' (filled badges, white text: every shade
 * here is at least 4.5:1 on white, so AA; the badge always says the status, colour is never the
 * only signal). On hold is a dark amber (Mantine's orange.9 is only 4.3:1).
 */
const STATUS_COLORS: Record<string, string> = {
  placed: 'frameport.8',
  confirmed: 'indigo.9',
  'on hold': '#8a4b00',
  'partially dispatched': 'teal.9',
  dispatched: 'cyan.9',
  // Mantine's green.9 is 4.3:1 on white; this green is 6.6:1 (the catalogue's discount badge).
  delivered: '#1e6b31',
  cancelled: 'red.9',
  // A shipment's own statuses (the retailer sees only those that have left).
  packing: 'gray.8',
  packed: 'gray.8',
};

/** Badge colour for an order (or shipment) status; older statuses by their words; unknown ones stay gray. */
export function statusColor(status: string): string {
  const value = status.trim().toLowerCase();
  const known = STATUS_COLORS[value];
  if (known !== undefined) return known;
  if (value.includes('deliver') || value.includes('complete')) return '#1e6b31';
  if (value.includes('cancel') || value.includes('reject')) return 'red.9';
  if (value.includes('hold')) return '#8a4b00';
  if (value.includes('ship') || value.includes('dispatch')) return 'teal.9';
  if (value.includes('pending') || value.includes('placed') || value.includes('process')) return 'frameport.8';
  return 'gray.8';
}

/**
 * Where a line's pieces are: dispatched, still to come (backordered once part of the order has
 * left, with the expected date when known) and cancelled; only the non-zero ones.
 */
export function lineProgress(line: OrderDetailLine, anyDispatched: boolean): string[] {
  const parts: string[] = [];
  if (line.DispatchedQty > 0) parts.push(`${line.DispatchedQty} dispatched`);
  if (line.BackorderedQty > 0) {
    const open = anyDispatched ? `${line.BackorderedQty} backordered` : `${line.BackorderedQty} to dispatch`;
    parts.push(line.ExpectedDate ? `${open}, expected ${formatDay(line.ExpectedDate)}` : open);
  }
  if (line.CancelledQty > 0) parts.push(`${line.CancelledQty} cancelled`);
  return parts;
}

export function discountLabel(line: Pick<OrderDetailLine, 'Discount'>): string {
  const discount = line.Discount;
  if (discount === null || discount.TotalDiscount <= 0) return 'None';
  return discount.UsePercentage === '1' ? `${discount.DiscountPercentage}% off` : `${inr(discount.TotalDiscount)} off`;
}

/** 'Name, Colour (C1)': how a line is named on screen. */
export function lineLabel(line: Pick<OrderDetailLine, 'ProductName' | 'ColorName' | 'ColorVariant'>): string {
  return `${line.ProductName}, ${line.ColorName} (${line.ColorVariant})`;
}

/**
 * The cart lines that re-order an order: one per product and colour, quantities as ordered.
 * Free lines came with a promotion and are not ordered again.
 */
export function reorderLines(lines: readonly OrderDetailLine[]): AddCartLine[] {
  const merged = new Map<string, AddCartLine>();
  for (const line of lines) {
    if (line.IsFree || line.ProductQty <= 0) continue;
    const key = `${line.ProductID}:${line.ColorVariant}`;
    const existing = merged.get(key);
    if (existing) existing.Quantity += line.ProductQty;
    else merged.set(key, { ProductId: line.ProductID, ColorVariant: line.ColorVariant, Quantity: line.ProductQty });
  }
  return [...merged.values()];
}
