/**
 * GST by HSN prefix, effective-dated (issue 17 item 4): the table `gst_rates` (loaded by migration
 * 0012, then kept by admins here). The rate in force on a day for an HSN code is the domain's
 * `gstRateOn` (longest prefix wins). What is in force today is written to `products.gst_rate_percent`
 * at once by a change that takes effect today, and by the scheduler for a change that comes into
 * force later. Entries of one prefix never overlap (`gstEntriesOverlap`); an entry that has been in
 * force is closed with a last day, never deleted or cut back before today.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  catalogueDeskMessages,
  GST_SLABS,
  gstEntriesOverlap,
  gstRateOn,
  istDateOf,
  type GstRateEntry,
} from '@frameport/domain';
import type { GstRateBody, GstRateEntryView, GstRatePatch, GstRatesResponse, Stamp } from '@frameport/domain/contract';
import { recordAudit } from '../../db/audit.ts';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { gstRates, products, roles, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

const text = catalogueDeskMessages.gst;
type Row = typeof gstRates.$inferSelect;

const entryOf = (r: Pick<Row, 'hsnPrefix' | 'ratePercent' | 'validFrom' | 'validTo'>): GstRateEntry => ({
  hsnPrefix: r.hsnPrefix,
  ratePercent: Number(r.ratePercent),
  validFrom: r.validFrom,
  validTo: r.validTo,
});

/** The day before `day` ('YYYY-MM-DD'). */
function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The whole table, as the domain's entries (for invoices: the rate in force on the invoice date). */
export async function readGstTable(dbx: DbOrTx): Promise<GstRateEntry[]> {
  return (await dbx.select().from(gstRates)).map(entryOf);
}

/**
 * The entry that gives `hsnCode` its rate on `day` (the domain's rule: in force that day, longest
 * prefix), or null.
 */
function entryInForce<T extends GstRateEntry>(entries: readonly T[], hsnCode: string, day: string): T | null {
  const rate = gstRateOn(entries, hsnCode, day);
  if (rate === null) return null;
  let best: T | null = null;
  for (const e of entries) {
    if (!hsnCode.startsWith(e.hsnPrefix) || e.validFrom > day || (e.validTo !== null && e.validTo < day)) continue;
    if (best === null || e.hsnPrefix.length > best.hsnPrefix.length) best = e;
  }
  return best;
}

/**
 * Writes the rate in force on `day` to every style whose HSN code the table covers and whose rate
 * differs (a code with no entry keeps its rate), one audit row per style. Returns the styles changed.
 * Idempotent: a second run (another replica) finds nothing to change.
 */
export async function applyGstRatesInForce(tx: Tx, at: Date, gstRateId?: number): Promise<number> {
  const day = istDateOf(at);
  const table = await readGstTable(tx);
  const codes = await tx
    .selectDistinct({ hsnCode: products.hsnCode, gstRatePercent: products.gstRatePercent })
    .from(products);
  const wanted = new Map<string, number>();
  for (const { hsnCode, gstRatePercent } of codes) {
    const rate = gstRateOn(table, hsnCode, day);
    if (rate !== null && rate !== Number(gstRatePercent)) wanted.set(hsnCode, rate);
  }
  let changed = 0;
  for (const [hsnCode, rate] of [...wanted].sort(([a], [b]) => a.localeCompare(b))) {
    const rows = await tx
      .select({ id: products.id, productCode: products.productCode, modelName: products.modelName, gstRatePercent: products.gstRatePercent })
      .from(products)
      .where(and(eq(products.hsnCode, hsnCode), ne(products.gstRatePercent, rate)))
      .orderBy(asc(products.id))
      .for('update');
    if (rows.length === 0) continue;
    const updated = await tx
      .update(products)
      .set({ gstRatePercent: rate })
      .where(and(inArray(products.id, rows.map((r) => r.id)), ne(products.gstRatePercent, rate)))
      .returning({ id: products.id });
    const done = new Set(updated.map((u) => u.id));
    for (const row of rows) {
      if (!done.has(row.id)) continue;
      await recordAudit(tx, {
        actorUserId: null,
        action: 'product.gst_rate',
        entity: 'product',
        entityId: String(row.id),
        details: {
          productCode: row.productCode,
          modelNumber: row.modelName,
          hsnCode,
          day,
          ...(gstRateId !== undefined ? { gstRateId } : {}),
          before: { gstRatePercent: Number(row.gstRatePercent) },
          after: { gstRatePercent: rate },
        },
        at,
      });
    }
    changed += done.size;
  }
  return changed;
}

const stampOf = (userId: number | null, name: string | null, role: string | null, at: Date): Stamp => ({
  by: userId !== null && name !== null ? { userId, name, role } : { userId: null, name: 'Not recorded', role: null },
  at: at.toISOString(),
});

/** The table with who/when, each entry's state on `today` and the active styles it applies to. */
export async function listGstRates(dbx: DbOrTx, at: Date): Promise<GstRatesResponse> {
  const today = istDateOf(at);
  const rows = await dbx
    .select({ rate: gstRates, byName: users.name, byRole: roles.code })
    .from(gstRates)
    .leftJoin(users, eq(users.id, gstRates.createdByUserId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .orderBy(asc(gstRates.hsnPrefix), asc(gstRates.validFrom), asc(gstRates.id));
  const updates = await queryRows<{ entity_id: string; actor_user_id: number | null; name: string | null; role: string | null; created_at: string | Date }>(
    dbx,
    sql`select distinct on (a.entity_id) a.entity_id, a.actor_user_id, u.name, r.code as role, a.created_at
        from audit_log a left join users u on u.id = a.actor_user_id left join roles r on r.id = u.role_id
        where a.entity = 'gst_rate' and a.action = 'gst_rate.update'
        order by a.entity_id, a.created_at desc, a.id desc`,
  );
  const updatedBy = new Map(updates.map((u) => [u.entity_id, stampOf(u.actor_user_id, u.name, u.role, new Date(u.created_at))]));
  const styles = await dbx
    .select({ hsnCode: products.hsnCode, count: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.isActive, true))
    .groupBy(products.hsnCode);
  const entries = rows.map(({ rate }) => ({ ...entryOf(rate), id: rate.id }));
  const counts = new Map<number, number>();
  for (const entry of entries) {
    const state = entry.validFrom > today ? 'future' : entry.validTo !== null && entry.validTo < today ? 'past' : 'current';
    if (state === 'past') continue;
    const day = state === 'current' ? today : entry.validFrom;
    let n = 0;
    for (const s of styles) if (entryInForce(entries, s.hsnCode, day)?.id === entry.id) n += Number(s.count);
    counts.set(entry.id, n);
  }
  return {
    today,
    slabs: [...GST_SLABS],
    entries: rows.map(({ rate, byName, byRole }): GstRateEntryView => {
      const state = rate.validFrom > today ? 'future' : rate.validTo !== null && rate.validTo < today ? 'past' : 'current';
      return {
        id: rate.id,
        hsnPrefix: rate.hsnPrefix,
        ratePercent: Number(rate.ratePercent),
        validFrom: rate.validFrom,
        validTo: rate.validTo,
        notification: rate.notification,
        state,
        activeStyles: counts.get(rate.id) ?? 0,
        created: rate.createdByUserId === null ? null : stampOf(rate.createdByUserId, byName, byRole, rate.createdAt),
        updated: updatedBy.get(String(rate.id)) ?? null,
        deletable: state === 'future',
      };
    }),
  };
}

/** Entries of one prefix are checked against each other one change at a time (PostgreSQL and PGlite alike). */
async function lockTable(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table gst_rates in share row exclusive mode`);
}

function assertNoOverlap(all: readonly Row[], candidate: GstRateEntry, exceptId?: number): void {
  for (const other of all) {
    if (other.id === exceptId) continue;
    if (gstEntriesOverlap(entryOf(other), candidate)) {
      throw new AppError('conflict', text.overlap(other.hsnPrefix, other.validFrom, other.validTo));
    }
  }
}

type Actor = { actorUserId: number; at: Date; ip?: string };

const auditView = (r: Pick<Row, 'hsnPrefix' | 'ratePercent' | 'validFrom' | 'validTo' | 'notification'>) => ({
  hsnPrefix: r.hsnPrefix,
  ratePercent: Number(r.ratePercent),
  validFrom: r.validFrom,
  validTo: r.validTo,
  notification: r.notification,
});

export async function createGstRate(tx: Tx, body: GstRateBody, actor: Actor): Promise<{ id: number; stylesUpdated: number }> {
  if (body.validFrom < istDateOf(actor.at)) throw new AppError('invalid', text.validFromInPast);
  if (body.validTo !== null && body.validTo < body.validFrom) throw new AppError('invalid', text.validToBeforeFrom);
  await lockTable(tx);
  const same = await tx.select().from(gstRates).where(eq(gstRates.hsnPrefix, body.hsnPrefix));
  assertNoOverlap(same, { hsnPrefix: body.hsnPrefix, ratePercent: body.ratePercent, validFrom: body.validFrom, validTo: body.validTo });
  const [row] = await tx
    .insert(gstRates)
    .values({
      hsnPrefix: body.hsnPrefix,
      ratePercent: body.ratePercent,
      validFrom: body.validFrom,
      validTo: body.validTo,
      notification: body.notification,
      createdByUserId: actor.actorUserId,
      createdAt: actor.at,
      updatedAt: actor.at,
    })
    .returning();
  if (!row) throw new Error('gst rate not written');
  await recordAudit(tx, {
    actorUserId: actor.actorUserId,
    action: 'gst_rate.create',
    entity: 'gst_rate',
    entityId: String(row.id),
    details: { before: null, after: auditView(row) },
    ...(actor.ip !== undefined ? { ip: actor.ip } : {}),
    at: actor.at,
  });
  return { id: row.id, stylesUpdated: await applyGstRatesInForce(tx, actor.at, row.id) };
}

export async function patchGstRate(tx: Tx, id: number, patch: GstRatePatch, actor: Actor): Promise<{ id: number; stylesUpdated: number }> {
  const today = istDateOf(actor.at);
  await lockTable(tx);
  const [row] = await tx.select().from(gstRates).where(eq(gstRates.id, id));
  if (!row) throw new AppError('not_found', text.notFound);
  if (patch.validTo !== null && patch.validTo < row.validFrom) throw new AppError('invalid', text.validToBeforeFrom);
  // An entry that has been in force may stop from today on (last day yesterday) at the earliest:
  // the days already invoiced keep their rate.
  if (row.validFrom < today && patch.validTo !== null && patch.validTo < dayBefore(today) && patch.validTo !== row.validTo) {
    throw new AppError('invalid', text.validToInPast(dayBefore(today)));
  }
  const same = await tx.select().from(gstRates).where(eq(gstRates.hsnPrefix, row.hsnPrefix));
  assertNoOverlap(same, { ...entryOf(row), validTo: patch.validTo }, row.id);
  const next = { validTo: patch.validTo, notification: patch.notification === undefined ? row.notification : patch.notification };
  await tx.update(gstRates).set({ ...next, updatedAt: actor.at }).where(eq(gstRates.id, id));
  await recordAudit(tx, {
    actorUserId: actor.actorUserId,
    action: 'gst_rate.update',
    entity: 'gst_rate',
    entityId: String(id),
    details: { before: auditView(row), after: auditView({ ...row, ...next }) },
    ...(actor.ip !== undefined ? { ip: actor.ip } : {}),
    at: actor.at,
  });
  return { id, stylesUpdated: await applyGstRatesInForce(tx, actor.at, id) };
}

export async function deleteGstRate(tx: Tx, id: number, actor: Actor): Promise<void> {
  const today = istDateOf(actor.at);
  await lockTable(tx);
  const [row] = await tx.select().from(gstRates).where(eq(gstRates.id, id));
  if (!row) throw new AppError('not_found', text.notFound);
  if (row.validFrom <= today) throw new AppError('conflict', text.deleteInForce);
  await tx.delete(gstRates).where(eq(gstRates.id, id));
  await recordAudit(tx, {
    actorUserId: actor.actorUserId,
    action: 'gst_rate.delete',
    entity: 'gst_rate',
    entityId: String(id),
    details: { before: auditView(row), after: null },
    ...(actor.ip !== undefined ? { ip: actor.ip } : {}),
    at: actor.at,
  });
}
