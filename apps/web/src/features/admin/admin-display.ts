import { formatInr, rupeesToPaise } from '@frameport/domain';
import type { Stamp } from '@frameport/domain/contract/admin-orders';
import { ROLE_NAMES } from '@frameport/domain/contract/auth';
import type { OrderStatus } from '@frameport/domain';

/** Rupees from the wire as '₹1,24,999.00' (the one formatter, en-IN). */
export const inr = (rupees: number) => formatInr(rupeesToPaise(rupees));

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});
const dateOnly = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const timeOnly = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hour12: true, timeZone: 'Asia/Kolkata' });

const parse = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** ISO moment as '05 Mar 2026, 02:30 pm' in India time. */
export function formatDateTimeIndia(iso: string): string {
  const date = parse(iso);
  return date === null ? iso : dateTime.format(date);
}

/** The date and the time apart (the queue shows them on two lines). */
export function dateAndTimeIndia(iso: string): { date: string; time: string } {
  const date = parse(iso);
  return date === null ? { date: iso, time: '' } : { date: dateOnly.format(date), time: timeOnly.format(date) };
}

/** 'Priya Nair (Accounts), 05 Mar 2026, 02:30 pm': who did something and when. */
export function stampText(stamp: Stamp): string {
  const role = stamp.by.role === null ? null : (ROLE_NAMES[stamp.by.role.toLowerCase().replace(/\s+/g, '') as keyof typeof ROLE_NAMES] ?? stamp.by.role);
  const who = role ? `${stamp.by.name} (${role})` : stamp.by.name;
  return `${who}, ${formatDateTimeIndia(stamp.at)}`;
}

/**
 * Badge colour per status (filled, white text: each shade passes AA). The badge always says the
 * status in words too: colour is never the only signal.
 */
export const STATUS_COLOUR: Record<OrderStatus, string> = {
  Placed: 'frameport.7',
  Confirmed: 'indigo.9',
  // Mantine's orange.9 is 3.6:1 under white text; this amber is 7:1 (the retailer's My Orders uses it too).
  'On hold': '#8a4b00',
  'Partially dispatched': 'teal.9',
  Dispatched: 'teal.9',
  Delivered: '#1e6b31',
  Cancelled: 'red.9',
};
