import { z } from 'zod/mini';
import { text } from './text.ts';
import { dbId, rupees } from './primitives.ts';
import { deskDate, StampSchema } from './admin-orders.ts';
import { netPrice } from './admin-catalogue.ts';
import { GST_SLABS } from '../catalogue-desk.ts';
import { catalogueDeskMessages } from '../catalogue-desk-messages.ts';

/**
 * The catalogue desk's prices and GST (back office II, `/api/admin/...`): a style's net price with
 * its scheduled changes and history, and the effective-dated HSN → GST table. camelCase fields,
 * money in rupees on the wire (paise in the database), days 'YYYY-MM-DD' (India).
 */

const id = z.number().check(z.int());

/** A calendar day 'YYYY-MM-DD' that exists (no 31 April). */
export const calendarDay = deskDate.check(
  z.refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, catalogueDeskMessages.dates.invalid),
);

// ── Prices ──────────────────────────────────────────────────────────────────────────────────

export const PRICE_CHANGE_STATUSES = ['scheduled', 'applied', 'cancelled'] as const;
export type PriceChangeStatus = (typeof PRICE_CHANGE_STATUSES)[number];

export const PriceChangeIdParamsSchema = z.object({ id: dbId });

/** POST /api/admin/products/:id/prices: a new net price from a day (today applies at once). */
export const PriceChangeBodySchema = z.object({
  netPrice,
  /** Today or later (India). */
  effectiveFrom: calendarDay,
});
export type PriceChangeBody = z.infer<typeof PriceChangeBodySchema>;

export const PriceChangeSchema = z.object({
  id,
  netPrice: rupees,
  effectiveFrom: text(),
  status: z.enum(PRICE_CHANGE_STATUSES),
  /** The price it replaced (written when it applied); null before. */
  previousNetPrice: z.nullable(rupees),
  /** Who scheduled it (or changed the price) and when. */
  created: StampSchema,
  /** When it applied (ISO 8601), or null. */
  appliedAt: z.nullable(text()),
  cancelled: z.nullable(StampSchema),
  /** The price import that scheduled it, if any. */
  importJobId: z.nullable(id),
});
export type PriceChange = z.infer<typeof PriceChangeSchema>;

/** GET /api/admin/products/:id/prices and the answer of every price change. */
export const ProductPricesSchema = z.object({
  productId: id,
  productCode: text(),
  modelNumber: text(),
  productName: text(),
  isActive: z.boolean(),
  /** The net price in force now. */
  netPrice: rupees,
  /** India today, the earliest day a new price may take. */
  today: text(),
  /** Changes not yet applied, soonest first. */
  scheduled: z.array(PriceChangeSchema),
  /** Applied changes, newest first (with the price each replaced). */
  history: z.array(PriceChangeSchema),
});
export type ProductPrices = z.infer<typeof ProductPricesSchema>;

export const PriceChangeResponseSchema = z.extend(ProductPricesSchema, {
  /** The change just made. */
  change: PriceChangeSchema,
  /** The schedule for the same day it replaced (now cancelled), if any. */
  replacedId: z.nullable(id),
});
export type PriceChangeResponse = z.infer<typeof PriceChangeResponseSchema>;

// ── GST by HSN ──────────────────────────────────────────────────────────────────────────────

/** HSN prefix of a GST entry: 2 to 8 digits ('9004' covers '900410' unless a longer one exists). */
export const hsnPrefix = text().check(z.trim(), z.regex(/^[0-9]{2,8}$/, catalogueDeskMessages.gst.prefixFormat));

export const gstSlab = z
  .number({ error: catalogueDeskMessages.gst.rateNotSlab })
  .check(z.refine((v) => (GST_SLABS as readonly number[]).includes(v), catalogueDeskMessages.gst.rateNotSlab));

export const GstRateIdParamsSchema = z.object({ id: dbId });

export const GstRateBodySchema = z.object({
  hsnPrefix,
  ratePercent: gstSlab,
  validFrom: calendarDay,
  /** The last day it holds (inclusive); null or absent = open. */
  validTo: z._default(z.nullable(calendarDay), null),
  /** The notification it comes from, e.g. 'Notification 9/2025-Central Tax (Rate)'. */
  notification: z._default(z.nullable(text().check(z.trim(), z.maxLength(200))), null),
});
export type GstRateBody = z.infer<typeof GstRateBodySchema>;

/** PATCH: close an entry on a day (or reopen it with null); the notification may be corrected. */
export const GstRatePatchSchema = z.object({
  validTo: z.nullable(calendarDay),
  notification: z.optional(z.nullable(text().check(z.trim(), z.maxLength(200)))),
});
export type GstRatePatch = z.infer<typeof GstRatePatchSchema>;

export const GST_ENTRY_STATES = ['past', 'current', 'future'] as const;
export type GstEntryState = (typeof GST_ENTRY_STATES)[number];

export const GstRateEntrySchema = z.object({
  id,
  hsnPrefix: text(),
  ratePercent: z.number(),
  validFrom: text(),
  validTo: z.nullable(text()),
  notification: z.nullable(text()),
  /** past: ended before today; current: in force today; future: starts after today. */
  state: z.enum(GST_ENTRY_STATES),
  /**
   * Active styles whose rate comes from this entry: today for a current entry; from its first day
   * for a future one (the table as it stands); 0 for a past one.
   */
  activeStyles: z.number().check(z.int()),
  /** Who added it (null for the table migration 0012 loaded) and when. */
  created: z.nullable(StampSchema),
  /** The last change (validTo, notification), if any. */
  updated: z.nullable(StampSchema),
  /** May be deleted: not yet in force. */
  deletable: z.boolean(),
});
export type GstRateEntryView = z.infer<typeof GstRateEntrySchema>;

export const GstRatesResponseSchema = z.object({
  /** India today. */
  today: text(),
  /** The rates an entry may take. */
  slabs: z.array(z.number()),
  /** By prefix, then validFrom. */
  entries: z.array(GstRateEntrySchema),
});
export type GstRatesResponse = z.infer<typeof GstRatesResponseSchema>;

/** The answer of POST / PATCH / DELETE: the table as it now is, the entry, and styles re-rated today. */
export const GstRateChangeResponseSchema = z.extend(GstRatesResponseSchema, {
  /** The entry created or changed; null after a delete. */
  entry: z.nullable(GstRateEntrySchema),
  /** Styles whose GST rate changed at once (a change in force today). */
  stylesUpdated: z.number().check(z.int()),
});
export type GstRateChangeResponse = z.infer<typeof GstRateChangeResponseSchema>;
