/**
 * Site content: written by modules/content (pages) and modules/uploads (banners); corporate
 * details and config are written by the seed only.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tstz, updatedAt } from './columns.ts';
import { users } from './accounts.ts';

export const banners = pgTable(
  'banners',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    imageUrl: text().notNull(),
    imageName: text().notNull(),
    mobileImageUrl: text(),
    isHomeBanner: boolean().notNull().default(false),
    isLoginBanner: boolean().notNull().default(false),
    isNewArrivalBanner: boolean().notNull().default(false),
    isMaterialBanner: boolean().notNull().default(false),
    isPriceRangeBanner: boolean().notNull().default(false),
    isFrameBanner: boolean().notNull().default(false),
    isColourBanner: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdOn: tstz().notNull().defaultNow(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    modifiedOn: tstz()
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    modifiedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('banners_sort_order_idx').on(t.sortOrder)],
);

/** The banner flags of spec section 3 (which sections a banner appears in). */
export type BannerFlags = Pick<
  typeof banners.$inferSelect,
  | 'isHomeBanner'
  | 'isLoginBanner'
  | 'isNewArrivalBanner'
  | 'isMaterialBanner'
  | 'isPriceRangeBanner'
  | 'isFrameBanner'
  | 'isColourBanner'
>;

export const pages = pgTable('pages', {
  id: serial().primaryKey(),
  /** 'ABOUTUS', 'FOOTER', 'PAYMENTPOLICY', ... */
  pageName: text().notNull().unique(),
  title: text().notNull(),
  /** HTML, sanitized by modules/content/sanitize.ts before it is stored (docs/decisions/007-page-content.md). */
  content: text().notNull(),
  year: text(),
  updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const corporateDetails = pgTable(
  'corporate_details',
  {
    /** Single row: id is always 1. */
    id: integer().primaryKey().default(1),
    companyName: text().notNull(),
    address: text().notNull(),
    contactNumber: text().notNull(),
    emailId: text().notNull(),
    gstin: text().notNull(),
    pan: text(),
    stateCode: text().notNull(),
    updatedAt: updatedAt(),
  },
  (_t) => [check('corporate_details_single_row', sql`id = 1`)],
);

export const config = pgTable('config', {
  configKey: text().primaryKey(),
  configValue: text().notNull(),
  description: text(),
  updatedAt: updatedAt(),
});

export type Banner = typeof banners.$inferSelect;
export type Page = typeof pages.$inferSelect;
export type CorporateDetails = typeof corporateDetails.$inferSelect;
export type ConfigRow = typeof config.$inferSelect;
