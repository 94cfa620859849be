import { z } from 'zod';
import { calendarDay } from './admin-pricing.ts';
import { dbId } from './primitives.ts';
import { text } from './text.ts';

/**
 * The audit log screen (`GET /api/admin/audit`, admin only): who did what, to which entity, for
 * which retailer, when; newest first, a page at a time by a cursor (keyset on when and id).
 * Days are 'YYYY-MM-DD' in India, both counted.
 */

export const AUDIT_PAGE_SIZES = [25, 50, 100, 200] as const;

const filters = {
  /** Who: the user who acted. */
  actorUserId: dbId.optional(),
  /** What: the action exactly as logged, e.g. 'order.confirm'. */
  action: text().trim().min(1).max(100).optional(),
  /** Rows about this retailer (entity 'retailer') or done on its behalf. */
  retailerId: dbId.optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
};

const rangeInOrder = (query: { from?: string | undefined; to?: string | undefined }) => !query.from || !query.to || query.from <= query.to;
const RANGE_ORDER = { message: 'The "from" day must not be after the "to" day.', path: ['from'] };

export const AuditQuerySchema = z
  .object({
    ...filters,
    /** The page after this one: the `nextCursor` of the previous answer. */
    cursor: text().trim().max(200).optional(),
    limit: z.coerce
      .number()
      .int()
      .refine((n) => (AUDIT_PAGE_SIZES as readonly number[]).includes(n), `limit must be one of ${AUDIT_PAGE_SIZES.join(', ')}`)
      .default(50),
  })
  .refine(rangeInOrder, RANGE_ORDER);
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** GET /api/admin/audit.csv: the same filters, every matching row (newest first, up to AUDIT_CSV_MAX_ROWS). */
export const AuditExportQuerySchema = z.object(filters).refine(rangeInOrder, RANGE_ORDER);
export type AuditExportQuery = z.infer<typeof AuditExportQuerySchema>;
export const AUDIT_CSV_MAX_ROWS = 50_000;

const party = z.object({ id: z.number().int(), name: text() });

export const AuditLogEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: text(),
  /** Null when nobody acted (a scheduled price applied) or the user is gone. */
  actor: z.object({ id: z.number().int(), name: text(), email: text(), role: text().nullable() }).nullable(),
  /** The retailer a member of staff acted for. */
  onBehalfOf: party.nullable(),
  action: text(),
  entity: text().nullable(),
  entityId: text().nullable(),
  /** For a retailer entity: its business name. */
  entityName: text().nullable(),
  /** What the change carried: often `before` and `after`. */
  details: z.record(z.string(), z.unknown()),
  ip: text().nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditLogEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: text().nullable(),
  /** Every action in the log, for the "what" filter. */
  actions: z.array(text()),
  /** Everyone who acted, for the "who" filter. */
  actors: z.array(z.object({ id: z.number().int(), name: text(), email: text(), role: text().nullable() })),
  /** The retailer of the retailer filter, by name. */
  retailer: party.nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
