/** '+91 40 4012 3456' → '+914040123456': a tel: link wants digits and one leading +. */
export function telHref(number: string): string {
  const digits = number.replace(/[^\d+]/g, '');
  return digits.startsWith('+') ? `+${digits.slice(1).replace(/\+/g, '')}` : digits.replace(/\+/g, '');
}

/** The address on OpenStreetMap: the contact page's map, as a link (the CSP allows no external frame). */
export function mapHref(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}
