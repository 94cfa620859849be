/**
 * The mail outbox: queued by the modules that send mail through adapters/mail.ts, which also marks
 * rows sent or failed; housekeeping blanks and deletes old rows.
 */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, tstz } from './columns.ts';

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Path in the file store, or base64 content. */
  path?: string;
  contentBase64?: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    attachments: jsonb().$type<MailAttachment[]>(),
    status: text({ enum: MAIL_STATUSES }).notNull().default('queued'),
    error: text(),
    createdAt: createdAt(),
    sentAt: tstz(),
  },
  (t) => [
    index('mail_outbox_status_created_at_idx').on(t.status, t.createdAt),
    check('mail_outbox_status_check', sql`status in (${sqlList(MAIL_STATUSES)})`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type NewMailOutboxRow = typeof mailOutbox.$inferInsert;
