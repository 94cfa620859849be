import { formatInr, rupeesToPaise } from '@frameport/domain';

/** Rupees from the wire as '₹1,24,999.00' (the domain's one formatter). */
export const inr = (rupees: number) => formatInr(rupeesToPaise(rupees));

const dateFormatter = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** An instant as '05 Mar 2026' in India. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormatter.format(date);
}

/** A calendar day 'YYYY-MM-DD' as '05 Mar 2026'. */
export function formatDay(day: string): string {
  return formatDate(`${day}T12:00:00+05:30`);
}
