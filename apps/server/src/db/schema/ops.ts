/**
 * Operations: the audit log, written only through db/audit.ts `recordAudit` by the module that
 * records an action (account, content, uploads, invoices; account's `recordOnBehalf` for calls made
 * on behalf of a retailer), and the health heartbeat, written by http/health.ts.
 */
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.ts';
import { retailers, users } from './accounts.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    onBehalfOfRetailerId: integer().references(() => retailers.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entity: text(),
    entityId: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_actor_user_id_created_at_idx').on(t.actorUserId, t.createdAt),
    index('audit_log_on_behalf_of_retailer_id_idx').on(t.onBehalfOfRetailerId, t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_action_created_at_idx').on(t.action, t.createdAt.desc()),
  ],
);

/**
 * One row per server process: /healthz writes its beat here, so a server whose database cannot
 * write (disk full, read-only) reports unhealthy and a load balancer stops sending it orders.
 */
export const heartbeats = pgTable('heartbeats', {
  instance: text().primaryKey(),
  beatAt: tstz().notNull(),
});

export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditLogRow = typeof auditLog.$inferInsert;

/**
 * The answers of the back office's state changes by Idempotency-Key (http/idempotency.ts): the key
 * is claimed in the change's own transaction, so a retry (or a second click) gets the first answer
 * and changes nothing. Housekeeping deletes keys older than a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** 'POST /api/admin/orders/:id/confirm' with the id: a key reused for another call is refused. */
    request: text().notNull(),
    statusCode: integer(),
    response: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
