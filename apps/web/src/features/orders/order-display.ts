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

/**
 * Badge colour for an order status (filled badges, white text: every shade here passes AA);
 * unknown statuses stay gray.
 */
export function statusColor(status: string): string {
  const value = status.toLowerCase();
  // Mantine's green.9 is 4.3:1 on white; this green is 6.6:1 (the catalogue's discount badge).
  if (value.includes('deliver') || value.includes('complete')) return '#1e6b31';
  if (value.includes('cancel') || value.includes('reject')) return 'red.9';
  if (value.includes('ship') || value.includes('dispatch')) return 'teal.9';
  if (value.includes('pending') || value.includes('placed') || value.includes('process')) return 'frameport.8';
  return 'gray.8';
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
