/**
 * The catalogue desk (back office II): scheduled price changes and the effective-dated HSN → GST
 * table (written by modules/catalogue-desk; its scheduler applies what comes into force to
 * `products`), and spreadsheet import jobs with their per-row dry-run report (written by
 * modules/imports, whose background worker claims a job by its lease, so a restart or another
 * replica resumes it).
 */
import {
  GST_SLABS,
  IMPORT_KINDS,
  IMPORT_ROW_ACTIONS,
  IMPORT_STATUSES,
} from '@frameport/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, paise, percent, sqlList, tstz, updatedAt } from './columns.ts';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';

/** A style's net price from a day on: applied to `products.net_price_paise` on that day (India). */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    netPricePaise: paise().notNull(),
    /** The India day the price applies from. */
    effectiveFrom: date({ mode: 'string' }).notNull(),
    /** The price it replaced, written when applied. */
    previousPricePaise: paise(),
    appliedAt: tstz(),
    /** Dropped before it applied (a later schedule for the same day replaces it; staff may cancel). */
    cancelledAt: tstz(),
    cancelledByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The import job that scheduled it, if any. */
    importJobId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index('price_changes_product_id_idx').on(t.productId, t.effectiveFrom),
    index('price_changes_due_idx')
      .on(t.effectiveFrom)
      .where(sql`applied_at is null and cancelled_at is null`),
    check('price_changes_price_positive', sql`net_price_paise > 0`),
  ],
);

/** GST by HSN prefix with validity (India days, both inclusive; valid_to null = open). Longest prefix wins. */
export const gstRates = pgTable(
  'gst_rates',
  {
    id: serial().primaryKey(),
    hsnPrefix: text().notNull(),
    ratePercent: percent().notNull(),
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }),
    /** The notification it comes from, e.g. 'Notification 9/2025-Central Tax (Rate)'. */
    notification: text(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gst_rates_hsn_prefix_idx').on(t.hsnPrefix, t.validFrom),
    check('gst_rates_hsn_prefix_format', sql`hsn_prefix ~ '^[0-9]{2,8}$'`),
    check('gst_rates_rate_slab', sql`rate_percent in (${sql.raw(GST_SLABS.join(', '))})`),
    check('gst_rates_validity', sql`valid_to is null or valid_from <= valid_to`),
  ],
);

export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial().primaryKey(),
    kind: text({ enum: IMPORT_KINDS }).notNull(),
    status: text({ enum: IMPORT_STATUSES }).notNull().default('queued'),
    fileName: text().notNull(),
    /** The uploaded sheet in the file store (read again by whichever process runs the job). */
    fileKey: text().notNull(),
    /** SHA-256 of the sheet: the screen says when the same file was imported before. */
    fileSha256: text().notNull(),
    fileBytes: integer().notNull(),
    /** A ZIP of images named in the sheet's Images column, if one came with it. */
    zipKey: text(),
    totalRows: integer().notNull().default(0),
    /** Rows checked by the dry run so far. */
    checkedRows: integer().notNull().default(0),
    /** Rows written by apply so far (errors and unchanged rows count as done). */
    appliedRows: integer().notNull().default(0),
    /** { create, update, unchanged, error } from the dry run. */
    counts: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** Why the whole file was refused (wrong headers, not a sheet, too many rows). */
    fileError: text(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    appliedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    checkedAt: tstz(),
    applyStartedAt: tstz(),
    finishedAt: tstz(),
    /** The process working on it and until when; an expired lease is taken over (restart, crash). */
    leaseOwner: text(),
    leaseUntil: tstz(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('import_jobs_created_at_idx').on(t.createdAt.desc()),
    index('import_jobs_runnable_idx')
      .on(t.id)
      .where(sql`status in ('queued', 'validating', 'applying')`),
    check('import_jobs_kind_check', sql`kind in (${sqlList(IMPORT_KINDS)})`),
    check('import_jobs_status_check', sql`status in (${sqlList(IMPORT_STATUSES)})`),
  ],
);

/** One row of a job's sheet: what the dry run found and, once applied, when it was written. */
export const importRows = pgTable(
  'import_rows',
  {
    jobId: integer()
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    /** The sheet's row number (the header is row 1). */
    rowNo: integer().notNull(),
    action: text({ enum: IMPORT_ROW_ACTIONS }).notNull(),
    /** 'UO-AV-1042 C2' or 'UO-AV-1042': what the row is about. */
    label: text().notNull(),
    /** The row's values, read and normalised by the dry run (what apply writes). */
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** [{ field, from, to }] for an update. */
    changes: jsonb().$type<Array<{ field: string; from: unknown; to: unknown }>>().notNull().default([]),
    /** [{ column, message }] for an error. */
    errors: jsonb().$type<Array<{ column: string | null; message: string }>>().notNull().default([]),
    appliedAt: tstz(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.rowNo] }),
    index('import_rows_job_action_idx').on(t.jobId, t.action, t.rowNo),
    check('import_rows_action_check', sql`action in (${sqlList(IMPORT_ROW_ACTIONS)})`),
  ],
);

export type PriceChange = typeof priceChanges.$inferSelect;
export type GstRate = typeof gstRates.$inferSelect;
export type ImportJob = typeof importJobs.$inferSelect;
export type ImportRow = typeof importRows.$inferSelect;
