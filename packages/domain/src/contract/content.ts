import { z } from 'zod';
import { PAGE_NAMES } from './catalogue.ts';

/**
 * Admin writes of the support and footer pages (issue 7). Reading is GET /api/Home/GetPages
 * (catalogue.ts: PAGE_NAMES, PageContentSchema). The server sanitizes Content before it stores it.
 */

/** Characters of page HTML accepted in one write; the route's body limit (256 KB) sits above it. */
export const PAGE_CONTENT_MAX_LENGTH = 200_000;

/** PUT /api/admin/pages/:pageName. The exact page names only (no case folding on a write). */
export const UpdatePageParamsSchema = z.object({ pageName: z.enum(PAGE_NAMES) });

/** The whole page: a PUT replaces title, content and year. Year is the footer's copyright year. */
export const UpdatePageBodySchema = z.object({
  Title: z.string().trim().min(1).max(200),
  Content: z.string().trim().min(1).max(PAGE_CONTENT_MAX_LENGTH),
  Year: z
    .string()
    .trim()
    .regex(/^\d{4}$/, '"Year" must be a four-digit year')
    .nullable(),
});
export type UpdatePageBody = z.infer<typeof UpdatePageBodySchema>;
