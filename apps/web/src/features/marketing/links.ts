/** Paths of the public marketing site (spec section 2). */
export const MARKETING_PATHS = {
  home: '/homepage',
  about: '/about',
  brands: '/brands',
  careers: '/careers',
  newsRoom: '/news-room',
  contact: '/contact',
  privacy: '/privacy-policy',
  cookies: '/cookie-policy',
} as const;

export type MarketingLink = { label: string; to: string };

/** The public header's page links; Partner Log-in sits beside them as its own button. */
export const HEADER_LINKS: MarketingLink[] = [
  { label: 'About', to: MARKETING_PATHS.about },
  { label: 'Careers', to: MARKETING_PATHS.careers },
  { label: 'News Room', to: MARKETING_PATHS.newsRoom },
];

export const CONTACT_LINK: MarketingLink = { label: 'Contact Us', to: MARKETING_PATHS.contact };

export const FOOTER_LINKS: MarketingLink[] = [
  { label: 'About', to: MARKETING_PATHS.about },
  { label: 'Our brands', to: MARKETING_PATHS.brands },
  { label: 'Careers', to: MARKETING_PATHS.careers },
  { label: 'News Room', to: MARKETING_PATHS.newsRoom },
  { label: 'Contact Us', to: MARKETING_PATHS.contact },
];

export const LEGAL_LINKS: MarketingLink[] = [
  { label: 'Privacy policy', to: MARKETING_PATHS.privacy },
  { label: 'Cookie policy', to: MARKETING_PATHS.cookies },
];
