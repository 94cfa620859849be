import { z } from 'zod/mini';
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
  actorUserId: z.optional(dbId),
  /** What: the action exactly as logged, e.g. 'order.confirm'. */
  action: z.optional(text().check(z.trim(), z.minLength(1), z.maxLength(100))),
  /** Rows about this retailer (entity 'retailer') or done on its behalf. */
  retailerId: z.optional(dbId),
  from: z.optional(calendarDay),
  to: z.optional(calendarDay),
};

const rangeInOrder = (query: { from?: string | undefined; to?: string | undefined }) => !query.from || !query.to || query.from <= query.to;
const RANGE_ORDER = { message: 'The "from" day must not be after the "to" day.', path: ['from'] };

export const AuditQuerySchema = z
  .object({
    ...filters,
    /** The page after this one: the `nextCursor` of the previous answer. */
    cursor: z.optional(text().check(z.trim(), z.maxLength(200))),
    limit: z._default(
      z.coerce.number().check(
        z.int(),
        z.refine((n) => (AUDIT_PAGE_SIZES as readonly number[]).includes(n), `limit must be one of ${AUDIT_PAGE_SIZES.join(', ')}`),
      ),
      50,
    ),
  })
  .check(z.refine(rangeInOrder, RANGE_ORDER));
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** GET /api/admin/audit.csv: the same filters, every matching row (newest first, up to AUDIT_CSV_MAX_ROWS). */
export const AuditExportQuerySchema = z.object(filters).check(z.refine(rangeInOrder, RANGE_ORDER));
export type AuditExportQuery = z.infer<typeof AuditExportQuerySchema>;
export const AUDIT_CSV_MAX_ROWS = 50_000;

const party = z.object({ id: z.number().check(z.int()), name: text() });

export const AuditLogEntrySchema = z.object({
  id: z.number().check(z.int()),
  /** ISO 8601. */
  at: text(),
  /** Null when nobody acted (a scheduled price applied) or the user is gone. */
  actor: z.nullable(z.object({ id: z.number().check(z.int()), name: text(), email: text(), role: z.nullable(text()) })),
  /** The retailer a member of staff acted for. */
  onBehalfOf: z.nullable(party),
  action: text(),
  entity: z.nullable(text()),
  entityId: z.nullable(text()),
  /** For a retailer entity: its business name. */
  entityName: z.nullable(text()),
  /** What the change carried: often `before` and `after`. */
  details: z.record(z.string(), z.unknown()),
  ip: z.nullable(text()),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditLogEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.nullable(text()),
  /** Every action in the log, for the "what" filter. */
  actions: z.array(text()),
  /** Everyone who acted, for the "who" filter. */
  actors: z.array(z.object({ id: z.number().check(z.int()), name: text(), email: text(), role: z.nullable(text()) })),
  /** The retailer of the retailer filter, by name. */
  retailer: z.nullable(party),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
