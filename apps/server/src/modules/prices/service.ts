/**
 * Prices (catalogue desk, issue 17 item 3): a style's net price from a day on. A change for today
 * applies at once; a later one waits in `price_changes` for the scheduler (scheduler.ts), which
 * applies what is due with guarded updates, so two replicas never apply one twice. A second
 * schedule for the same day replaces (cancels) the first. Every change writes one audit row on the
 * style (entity 'product') in its transaction. Writing `products` bumps `catalogue_version`, so
 * the catalogue and every cart on every replica see the new price at once; placed orders keep the
 * price in their lines' snapshot.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { catalogueDeskMessages, istDateOf, paiseToRupees } from '@frameport/domain';
import type { PriceChange, ProductPrices, Stamp } from '@frameport/domain/contract';
import { recordAudit } from '../../db/audit.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { priceChanges, products, roles, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/** The HSN → GST table as the domain reads it: the invoices (modules/shipments) and the order desk take their rates from it. */
export { readGstTable } from './gst-rates.ts';

const text = catalogueDeskMessages.prices;

export type SchedulePriceInput = {
  productId: number;
  netPricePaise: number;
  /** India day 'YYYY-MM-DD', today or later. */
  effectiveFrom: string;
  actorUserId: number;
  at: Date;
  importJobId?: number;
  ip?: string;
};

export type SchedulePriceResult = {
  /** The price is in force now (effectiveFrom is today). */
  applied: boolean;
  /** The row written; when unchanged, the row already saying so (0 when the price never changed). */
  priceChangeId: number;
  /** Nothing was written: the price is already that and nothing is scheduled for that day (or the same is). */
  unchanged: boolean;
  /** The schedule for the same day this one replaced (cancelled), if any. */
  replacedId: number | null;
};

/**
 * A new net price for a style from `effectiveFrom` (India day, today or later), in the caller's
 * transaction: the imports (S3) call it per row, the API once. Locks the style's row first, so two
 * changes to one style run one after the other.
 */
export async function schedulePrice(tx: Tx, input: SchedulePriceInput): Promise<SchedulePriceResult> {
  const today = istDateOf(input.at);
  if (input.effectiveFrom < today) throw new AppError('invalid', text.effectiveInPast);
  const lockStyle = () =>
    tx
      .select({ id: products.id, netPricePaise: products.netPricePaise, productCode: products.productCode, modelName: products.modelName })
      .from(products)
      .where(eq(products.id, input.productId))
      .for('update');
  if ((await lockStyle()).length === 0) throw new AppError('not_found', text.productNotFound);
  // What is due already applies first (the scheduler may not have run yet today): a change made now
  // must never be overwritten later by an older one.
  await applyDuePriceChanges(tx, input.at, input.productId);
  const [product] = await lockStyle();
  if (!product) throw new AppError('not_found', text.productNotFound);

  const pending = await tx
    .select({ id: priceChanges.id, netPricePaise: priceChanges.netPricePaise, effectiveFrom: priceChanges.effectiveFrom })
    .from(priceChanges)
    .where(and(eq(priceChanges.productId, product.id), isNull(priceChanges.appliedAt), isNull(priceChanges.cancelledAt)))
    .orderBy(asc(priceChanges.effectiveFrom), asc(priceChanges.id))
    .for('update');
  const sameDay = pending.find((p) => p.effectiveFrom === input.effectiveFrom) ?? null;
  // The price that would hold on the day as things stand: the last change due by then, else today's.
  const dueBy = pending.filter((p) => p.effectiveFrom <= input.effectiveFrom);
  const priceOnDay = sameDay?.netPricePaise ?? dueBy.at(-1)?.netPricePaise ?? product.netPricePaise;

  const unchanged = sameDay ? sameDay.netPricePaise === input.netPricePaise : priceOnDay === input.netPricePaise;
  if (unchanged) {
    if (sameDay) return { applied: false, priceChangeId: sameDay.id, unchanged: true, replacedId: null };
    const [last] = await tx
      .select({ id: priceChanges.id })
      .from(priceChanges)
      .where(and(eq(priceChanges.productId, product.id), sql`${priceChanges.appliedAt} is not null`))
      .orderBy(desc(priceChanges.appliedAt), desc(priceChanges.id))
      .limit(1);
    return { applied: input.effectiveFrom === today, priceChangeId: last?.id ?? 0, unchanged: true, replacedId: null };
  }

  if (sameDay) {
    await tx
      .update(priceChanges)
      .set({ cancelledAt: input.at, cancelledByUserId: input.actorUserId })
      .where(and(eq(priceChanges.id, sameDay.id), isNull(priceChanges.appliedAt), isNull(priceChanges.cancelledAt)));
  }
  const appliesNow = input.effectiveFrom === today;
  const [row] = await tx
    .insert(priceChanges)
    .values({
      productId: product.id,
      netPricePaise: input.netPricePaise,
      effectiveFrom: input.effectiveFrom,
      previousPricePaise: appliesNow ? product.netPricePaise : null,
      appliedAt: appliesNow ? input.at : null,
      createdByUserId: input.actorUserId,
      importJobId: input.importJobId ?? null,
      createdAt: input.at,
    })
    .returning({ id: priceChanges.id });
  if (!row) throw new Error('price change not written');
  if (appliesNow) {
    await tx.update(products).set({ netPricePaise: input.netPricePaise }).where(eq(products.id, product.id));
  }
  await recordAudit(tx, {
    actorUserId: input.actorUserId,
    action: appliesNow ? 'price.change' : 'price.schedule',
    entity: 'product',
    entityId: String(product.id),
    details: {
      productCode: product.productCode,
      modelNumber: product.modelName,
      priceChangeId: row.id,
      effectiveFrom: input.effectiveFrom,
      before: { netPrice: paiseToRupees(appliesNow ? product.netPricePaise : priceOnDay) },
      after: { netPrice: paiseToRupees(input.netPricePaise) },
      ...(sameDay ? { replaced: { priceChangeId: sameDay.id, netPrice: paiseToRupees(sameDay.netPricePaise) } } : {}),
      ...(input.importJobId !== undefined ? { importJobId: input.importJobId } : {}),
    },
    ...(input.ip !== undefined ? { ip: input.ip } : {}),
    at: input.at,
  });
  return { applied: appliesNow, priceChangeId: row.id, unchanged: false, replacedId: sameDay?.id ?? null };
}

/** Cancels a scheduled change: 404 unknown, 409 when it has applied (or was cancelled already). */
export async function cancelPriceChange(
  tx: Tx,
  input: { priceChangeId: number; actorUserId: number; at: Date; ip?: string },
): Promise<{ productId: number }> {
  const [change] = await tx.select().from(priceChanges).where(eq(priceChanges.id, input.priceChangeId)).for('update');
  if (!change) throw new AppError('not_found', text.changeNotFound);
  if (change.appliedAt) throw new AppError('conflict', text.alreadyApplied);
  if (change.cancelledAt) throw new AppError('conflict', text.alreadyCancelled);
  await tx
    .update(priceChanges)
    .set({ cancelledAt: input.at, cancelledByUserId: input.actorUserId })
    .where(and(eq(priceChanges.id, change.id), isNull(priceChanges.appliedAt), isNull(priceChanges.cancelledAt)));
  const [product] = await tx
    .select({ productCode: products.productCode, modelName: products.modelName })
    .from(products)
    .where(eq(products.id, change.productId));
  await recordAudit(tx, {
    actorUserId: input.actorUserId,
    action: 'price.cancel',
    entity: 'product',
    entityId: String(change.productId),
    details: {
      productCode: product?.productCode ?? null,
      modelNumber: product?.modelName ?? null,
      priceChangeId: change.id,
      effectiveFrom: change.effectiveFrom,
      netPrice: paiseToRupees(change.netPricePaise),
    },
    ...(input.ip !== undefined ? { ip: input.ip } : {}),
    at: input.at,
  });
  return { productId: change.productId };
}

/**
 * Applies every change due by `at` (effective_from on or before India today, neither applied nor
 * cancelled) to `products.net_price_paise`, oldest first per style, each with the price it
 * replaced. Rows another replica is applying are skipped (SKIP LOCKED) and every update is guarded
 * (`applied_at is null`), so a change applies once however many schedulers run.
 */
export async function applyDuePriceChanges(tx: Tx, at: Date, productId?: number): Promise<number> {
  const today = istDateOf(at);
  const isDue = (ids?: number[]) =>
    and(
      lte(priceChanges.effectiveFrom, today),
      isNull(priceChanges.appliedAt),
      isNull(priceChanges.cancelledAt),
      productId === undefined ? undefined : eq(priceChanges.productId, productId),
      ids === undefined ? undefined : inArray(priceChanges.productId, ids),
    );
  const candidates = await tx.selectDistinct({ productId: priceChanges.productId }).from(priceChanges).where(isDue());
  if (candidates.length === 0) return 0;
  // Styles first, in id order, then their changes: the order schedulePrice locks in too, so a
  // scheduler and a price change never wait on each other in a circle. A second scheduler waits
  // here and then finds the changes applied.
  const current = await tx
    .select({ id: products.id, netPricePaise: products.netPricePaise, productCode: products.productCode, modelName: products.modelName })
    .from(products)
    .where(inArray(products.id, candidates.map((c) => c.productId)))
    .orderBy(asc(products.id))
    .for('update');
  const due = await tx
    .select({ id: priceChanges.id, productId: priceChanges.productId, netPricePaise: priceChanges.netPricePaise, effectiveFrom: priceChanges.effectiveFrom })
    .from(priceChanges)
    .where(isDue(current.map((p) => p.id)))
    .orderBy(asc(priceChanges.productId), asc(priceChanges.effectiveFrom), asc(priceChanges.id));
  let applied = 0;
  for (const product of current) {
    let price = product.netPricePaise;
    for (const change of due.filter((d) => d.productId === product.id)) {
      const done = await tx
        .update(priceChanges)
        .set({ appliedAt: at, previousPricePaise: price })
        .where(and(eq(priceChanges.id, change.id), isNull(priceChanges.appliedAt), isNull(priceChanges.cancelledAt)))
        .returning({ id: priceChanges.id });
      if (done.length === 0) continue;
      await recordAudit(tx, {
        actorUserId: null,
        action: 'price.apply',
        entity: 'product',
        entityId: String(product.id),
        details: {
          productCode: product.productCode,
          modelNumber: product.modelName,
          priceChangeId: change.id,
          effectiveFrom: change.effectiveFrom,
          before: { netPrice: paiseToRupees(price) },
          after: { netPrice: paiseToRupees(change.netPricePaise) },
        },
        at,
      });
      price = change.netPricePaise;
      applied += 1;
    }
    if (price !== product.netPricePaise) {
      await tx.update(products).set({ netPricePaise: price }).where(eq(products.id, product.id));
    }
  }
  return applied;
}

const cancellers = alias(users, 'cancellers');
const cancellerRoles = alias(roles, 'canceller_roles');
const NOT_RECORDED = { userId: null, name: 'Not recorded', role: null };

/** The style's price now, what is scheduled and what applied (newest first), as the desk shows it. */
export async function readProductPrices(dbx: DbOrTx, productId: number, at: Date): Promise<ProductPrices> {
  const [product] = await dbx
    .select({
      id: products.id,
      productCode: products.productCode,
      modelName: products.modelName,
      productName: products.productName,
      isActive: products.isActive,
      netPricePaise: products.netPricePaise,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new AppError('not_found', text.productNotFound);
  const rows = await dbx
    .select({
      change: priceChanges,
      byName: users.name,
      byRole: roles.code,
      cancelledByName: cancellers.name,
      cancelledByRole: cancellerRoles.code,
    })
    .from(priceChanges)
    .leftJoin(users, eq(users.id, priceChanges.createdByUserId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(cancellers, eq(cancellers.id, priceChanges.cancelledByUserId))
    .leftJoin(cancellerRoles, eq(cancellerRoles.id, cancellers.roleId))
    .where(and(eq(priceChanges.productId, productId), isNull(priceChanges.cancelledAt)))
    .orderBy(desc(priceChanges.effectiveFrom), desc(priceChanges.id));
  const view = rows.map(({ change: c, byName, byRole, cancelledByName, cancelledByRole }): PriceChange => {
    const created: Stamp = {
      by: c.createdByUserId !== null && byName !== null ? { userId: c.createdByUserId, name: byName, role: byRole } : NOT_RECORDED,
      at: c.createdAt.toISOString(),
    };
    return {
      id: c.id,
      netPrice: paiseToRupees(c.netPricePaise),
      effectiveFrom: c.effectiveFrom,
      status: c.cancelledAt ? 'cancelled' : c.appliedAt ? 'applied' : 'scheduled',
      previousNetPrice: c.previousPricePaise === null ? null : paiseToRupees(c.previousPricePaise),
      created,
      appliedAt: c.appliedAt?.toISOString() ?? null,
      cancelled: c.cancelledAt
        ? {
            by: c.cancelledByUserId !== null && cancelledByName !== null
              ? { userId: c.cancelledByUserId, name: cancelledByName, role: cancelledByRole }
              : NOT_RECORDED,
            at: c.cancelledAt.toISOString(),
          }
        : null,
      importJobId: c.importJobId,
    };
  });
  const history = view
    .filter((c) => c.status === 'applied')
    .sort((a, b) => (b.appliedAt ?? '').localeCompare(a.appliedAt ?? '') || b.id - a.id);
  const scheduled = view.filter((c) => c.status === 'scheduled').sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom) || a.id - b.id);
  return {
    productId: product.id,
    productCode: product.productCode,
    modelNumber: product.modelName,
    productName: product.productName,
    isActive: product.isActive,
    netPrice: paiseToRupees(product.netPricePaise),
    today: istDateOf(at),
    scheduled,
    history,
  };
}

/** The next scheduled price per style (for lists): the soonest change after today not yet applied. */
export async function nextScheduledPrices(dbx: DbOrTx, productIds: readonly number[], at: Date) {
  if (productIds.length === 0) return new Map<number, { netPricePaise: number; effectiveFrom: string }>();
  const rows = await dbx
    .select({ productId: priceChanges.productId, netPricePaise: priceChanges.netPricePaise, effectiveFrom: priceChanges.effectiveFrom })
    .from(priceChanges)
    .where(
      and(
        inArray(priceChanges.productId, [...productIds]),
        gt(priceChanges.effectiveFrom, istDateOf(at)),
        isNull(priceChanges.appliedAt),
        isNull(priceChanges.cancelledAt),
      ),
    )
    .orderBy(asc(priceChanges.effectiveFrom), asc(priceChanges.id));
  const next = new Map<number, { netPricePaise: number; effectiveFrom: string }>();
  for (const r of rows) if (!next.has(r.productId)) next.set(r.productId, { netPricePaise: r.netPricePaise, effectiveFrom: r.effectiveFrom });
  return next;
}
