import { z } from 'zod/mini';
import { text } from './text.ts';

/**
 * The support and footer pages and the company's details (issue 7): reading them is
 * GET /api/Home/GetPages and GET /api/Home/getCorporateDetails (public, the footer asks on every
 * page, so the web imports this file alone), writing a page is the admin's. The server sanitizes
 * Content before it stores it.
 */

export const PAGE_NAMES = [
  'ABOUTUS',
  'CONTACTUS',
  'ORDERTRACKING',
  'FAQS',
  'AFTERSALESERVICES',
  'TERMSANDCONDITIONS',
  'SHIPPINGANDRETURNS',
  'PRODUCTWARRANTY',
  'CODEOFBUSINESSCONDUCT',
  'BUSINESSETHICS',
  'PAYMENTPOLICY',
  'FOOTER',
] as const;
export type PageName = (typeof PAGE_NAMES)[number];
export const GetPagesQuerySchema = z.object({
  pageName: z.pipe(
    z.pipe(
      text().check(z.trim(), z.minLength(1, '"pageName" is required')),
      z.transform((value) => value.toUpperCase()),
    ),
    z.enum(PAGE_NAMES),
  ),
});
export const PageContentSchema = z.object({ Title: text(), Content: text(), Year: z.nullable(text()) });
export type PageContent = z.infer<typeof PageContentSchema>;
export const CorporateDetailsSchema = z.object({ Address: text(), ContactNumber: text(), EmailId: text() });
export type CorporateDetails = z.infer<typeof CorporateDetailsSchema>;

/** Characters of page HTML accepted in one write; the route's body limit (256 KB) sits above it. */
export const PAGE_CONTENT_MAX_LENGTH = 200_000;

/** PUT /api/admin/pages/:pageName. The exact page names only (no case folding on a write). */
export const UpdatePageParamsSchema = z.object({ pageName: z.enum(PAGE_NAMES) });

/** The whole page: a PUT replaces title, content and year. Year is the footer's copyright year. */
export const UpdatePageBodySchema = z.object({
  Title: text().check(z.trim(), z.minLength(1), z.maxLength(200)),
  Content: text().check(z.trim(), z.minLength(1), z.maxLength(PAGE_CONTENT_MAX_LENGTH)),
  Year: z.nullable(text().check(z.trim(), z.regex(/^\d{4}$/, '"Year" must be a four-digit year'))),
});
export type UpdatePageBody = z.infer<typeof UpdatePageBodySchema>;
