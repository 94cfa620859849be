import { eq } from 'drizzle-orm';
import type { CorporateDetails, PageContent, PageName, UpdatePageBody } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { corporateDetails, pages } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Identity } from '../../http/identity.ts';
import { sanitizePageHtml } from './sanitize.ts';

/**
 * Support pages and the company's contact details. Page HTML is sanitized when it is written and
 * again when it is read: a row written by hand in SQL still cannot serve a script, and a page of a
 * few kilobytes costs well under a millisecond (docs/decisions/007-page-content.md).
 */
export function createContentService({ db, clock }: { db: Db; clock: Clock }) {
  async function getPage(pageName: PageName): Promise<PageContent> {
    const [row] = await db
      .select({ Title: pages.title, Content: pages.content, Year: pages.year })
      .from(pages)
      .where(eq(pages.pageName, pageName))
      .limit(1);
    if (!row) throw new AppError('not_found', messages.content.pageNotFound);
    return { ...row, Content: sanitizePageHtml(row.Content) };
  }

  /**
   * Replaces a page, or writes one not seeded yet (the route lets only an admin call this). The
   * change and its author go to the audit log in the same transaction.
   */
  async function updatePage(identity: Identity, pageName: PageName, body: UpdatePageBody): Promise<PageContent> {
    const content = sanitizePageHtml(body.Content);
    const values = { title: body.Title, content, year: body.Year, updatedByUserId: identity.userId };
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(pages)
        .values({ pageName, ...values })
        .onConflictDoUpdate({ target: pages.pageName, set: { ...values, updatedAt: now } })
        .returning({ Title: pages.title, Content: pages.content, Year: pages.year });
      await recordAudit(tx, {
        actorUserId: identity.userId,
        action: 'content.updatePage',
        entity: 'page',
        entityId: pageName,
        // sanitized: the stored HTML differs from what the admin sent (markup removed, or only normalised: <br> → <br />).
        details: { title: body.Title, year: body.Year, contentLength: content.length, sanitized: content !== body.Content },
        at: now,
      });
      return row!;
    });
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
    if (!row) throw new AppError('not_found', messages.content.corporateDetailsNotFound);
    return row;
  }

  return { getPage, updatePage, getCorporateDetails };
}

export type ContentService = ReturnType<typeof createContentService>;
