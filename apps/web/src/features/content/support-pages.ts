import { PAGE_NAMES, type PageName } from '@frameport/domain/contract/content';

/** A /support page: every content page except FOOTER, which only carries the copyright year. */
export type SupportPageName = Exclude<PageName, 'FOOTER'>;
export type SupportLink = { pageName: SupportPageName; label: string };

export function supportPath(pageName: SupportPageName): string {
  return `/support?pageName=${pageName}`;
}

/** The footer's Support column (spec section 2). */
export const SUPPORT_LINKS: readonly SupportLink[] = [
  { pageName: 'ABOUTUS', label: 'About us' },
  { pageName: 'CONTACTUS', label: 'Contact us' },
  { pageName: 'ORDERTRACKING', label: 'Order tracking' },
  { pageName: 'FAQS', label: 'FAQs' },
  { pageName: 'AFTERSALESERVICES', label: 'After sales services' },
  { pageName: 'PRODUCTWARRANTY', label: 'Product warranty' },
  { pageName: 'SHIPPINGANDRETURNS', label: 'Shipping & returns' },
];

/** The footer's Legal column. */
export const LEGAL_LINKS: readonly SupportLink[] = [
  { pageName: 'TERMSANDCONDITIONS', label: 'Terms & conditions' },
  { pageName: 'CODEOFBUSINESSCONDUCT', label: 'Code of business conduct' },
  { pageName: 'BUSINESSETHICS', label: 'Business ethics' },
  { pageName: 'PAYMENTPOLICY', label: 'Payment policy' },
];

/** `?pageName=` → a known support page (case and surrounding spaces ignored, as the server does); null otherwise. */
export function parseSupportPageName(raw: string | null): SupportPageName | null {
  const name = raw?.trim().toUpperCase() ?? '';
  if (name === 'FOOTER') return null;
  return (PAGE_NAMES as readonly string[]).includes(name) ? (name as SupportPageName) : null;
}
