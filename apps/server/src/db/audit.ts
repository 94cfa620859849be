import type { DbOrTx } from './client.ts';
import { auditLog } from './schema.ts';

/** One row of `audit_log`: who did what, to which entity, for whom, when. */
export type AuditEntry = {
  /** null: nobody acted now (the price scheduler applying what staff scheduled earlier). */
  actorUserId: number | null;
  /** The retailer a member of staff acted for (http/acting.ts); absent when nobody acted for anyone. */
  onBehalfOfRetailerId?: number;
  action: string;
  entity?: string;
  entityId?: string;
  details?: Record<string, unknown>;
  ip?: string;
  /** From the injected clock, so a test's clock dates the row as it dates the change. */
  at: Date;
};

/**
 * The one writer of `audit_log`. Given the transaction of the change it records, the row commits
 * or rolls back with that change; given the database, it is a write of its own (the record of a
 * call made on behalf of a retailer, written after the call answered).
 */
export async function recordAudit(dbx: DbOrTx, entry: AuditEntry): Promise<void> {
  await recordAudits(dbx, [entry]);
}

/** Many rows in one insert (a bulk write's audit, row for row as recordAudit writes each), in their order. */
export async function recordAudits(dbx: DbOrTx, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await dbx.insert(auditLog).values(
    entries.map((entry) => ({
      actorUserId: entry.actorUserId,
      onBehalfOfRetailerId: entry.onBehalfOfRetailerId ?? null,
      action: entry.action,
      entity: entry.entity ?? null,
      entityId: entry.entityId ?? null,
      details: entry.details ?? {},
      ip: entry.ip ?? null,
      createdAt: entry.at,
    })),
  );
}
