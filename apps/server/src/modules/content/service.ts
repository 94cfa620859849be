import { eq } from 'drizzle-orm';
import type { CorporateDetails, PageContent, PageName } from '@frameport/domain/contract';
import type { Db } from '../../db/client.ts';
import { corporateDetails, pages } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export const PAGE_NOT_FOUND = 'Page not found.';
export const CORPORATE_DETAILS_NOT_FOUND = 'Corporate details not found.';

/** Public content: support pages (HTML as stored) and the company's contact details. */
export function createContentService({ db }: { db: Db }) {
  async function getPage(pageName: PageName): Promise<PageContent> {
    const [row] = await db
      .select({ Title: pages.title, Content: pages.content, Year: pages.year })
      .from(pages)
      .where(eq(pages.pageName, pageName))
      .limit(1);
    if (!row) throw new AppError('not_found', PAGE_NOT_FOUND);
    return row;
  }

  async function getCorporateDetails(): Promise<CorporateDetails> {
    const [row] = await db
      .select({
        Address: corporateDetails.address,
        ContactNumber: corporateDetails.contactNumber,
        EmailId: corporateDetails.emailId,
      })
      .from(corporateDetails)
      .where(eq(corporateDetails.id, 1))
      .limit(1);
    if (!row) throw new AppError('not_found', CORPORATE_DETAILS_NOT_FOUND);
    return row;
  }

  return { getPage, getCorporateDetails };
}

export type ContentService = ReturnType<typeof createContentService>;
