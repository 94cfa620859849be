/**
 * The order desk (back office): the queue, one order, and the desk's decisions on it (confirm with
 * the credit check, hold, release, cancel the order or a line's open pieces, a backorder's expected
 * date) and the retailer's credit terms. Every change is one transaction through `idempotent`: the
 * order locked first (`lockOrder`), the transition checked (`canDo`), audited, the status refreshed
 * (`refreshOrderStatus` writes the history), the mails queued; it answers the order as it now is
 * (`orderDetail`), and the mails go out after commit.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  canDo,
  deskMessages,
  lineTotals,
  mulQty,
  rupeesToPaise,
  sumPaise,
  type HoldKind,
  type OrderStatus,
} from '@frameport/domain';
import type { AdminOrderDetail, AdminOrdersQuery, RetailerCredit, UpdateCreditBody } from '@frameport/domain/contract';
import type { Mailer } from '../../adapters/mail.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { recordAudit } from '../../db/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orders, productColours, retailers, roles, shipments, stockMovements, users, type Order } from '../../db/schema.ts';
import { requireIdentity } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { Identity } from '../../http/identity.ts';
import { creditBookOf, creditReasonTexts, creditRefusalsFor, toCreditPositionView, type DeskContext } from './credit.ts';
import { deskMail, type DeskEvent } from './desk-mail.ts';
import { orderQueue } from './desk-queue.ts';
import { mayOverrideCredit, orderDetail } from './desk.ts';
import { deliverQueued, queueOrderMail, type QueuedMail } from './notify.ts';
import { lineMoneyColumns } from './place.ts';
import { lineQuantitiesOf, lockOrder, refreshOrderStatus } from './status.ts';

export type DeskServiceDeps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'invoiceCreditDays'>;
  mailer: Mailer;
  logger?: { error(obj: unknown, msg: string): void };
};

/** What one decision did, for its audit row, history note and mail. */
type Decision = {
  action: string;
  reason?: string | null;
  override?: { reason: string; refusals: string[] } | null;
  /** More for the audit row (the line, the pieces, the dates). */
  details?: Record<string, unknown>;
  /** A timeline note on the order's history (written even when the status stays). */
  note?: string | null;
  mail?: DeskEvent;
};

const illegal = (action: string, status: OrderStatus) => new AppError('conflict', deskMessages.order.illegal(action, status));
const lineLabel = (line: { productCode: string; colorVariant: string }) => `${line.productCode} ${line.colorVariant}`;

export function createDeskService({ db, clock, config, mailer, logger }: DeskServiceDeps) {
  const context = (): DeskContext => ({ now: clock.now(), invoiceCreditDays: config.invoiceCreditDays });

  /**
   * One decision on one order: locks it, runs `decide` (which checks the transition and writes the
   * decision), refreshes the status, audits, queues the mails; answers the order as it now is.
   */
  async function decide(
    request: FastifyRequest,
    orderId: number,
    decideOn: (tx: Tx, order: Order, identity: Identity, now: Date) => Promise<Decision>,
  ): Promise<AdminOrderDetail> {
    const identity = requireIdentity(request);
    let queued: QueuedMail[] = [];
    const answer = await idempotent(db, request, async (tx) => {
      const now = clock.now();
      const order = await lockOrder(tx, orderId);
      const decision = await decideOn(tx, order, identity, now);
      const [changed] = await tx.select().from(orders).where(eq(orders.id, orderId));
      const { before, after } = await refreshOrderStatus(tx, changed!, { actorUserId: identity.userId, now, note: decision.note ?? null });
      await recordAudit(tx, {
        actorUserId: identity.userId,
        action: decision.action,
        entity: 'order',
        entityId: String(orderId),
        details: { before, after, reason: decision.reason ?? null, override: decision.override ?? null, ...decision.details },
        ip: request.ip,
        at: now,
      });
      const event = decision.mail;
      if (event) {
        const mailOrder = { orderRefNo: order.orderRefNo, retailerName: order.billToBusinessName, totalPaise: changed!.totalPaise };
        queued = await queueOrderMail(tx, mailer, order.retailerId, (recipient) => deskMail(event, mailOrder, recipient));
      }
      return orderDetail(tx, orderId, identity, { now, invoiceCreditDays: config.invoiceCreditDays });
    });
    deliverQueued(mailer, queued, logger);
    return answer;
  }

  /** Writes the order's decision columns. */
  async function setDecisions(tx: Tx, orderId: number, values: Partial<typeof orders.$inferInsert>, now: Date) {
    await tx.update(orders).set({ ...values, updatedAt: now }).where(eq(orders.id, orderId));
  }

  /** Puts `pieces` per colour back on the shelf, each with its stock movement (colours locked in id order). */
  async function returnStock(tx: Tx, back: Map<number, number>, reason: string, orderId: number, userId: number, now: Date) {
    const ids = [...back.entries()].filter(([, pieces]) => pieces > 0).map(([id]) => id).sort((a, b) => a - b);
    if (ids.length === 0) return;
    await tx.select({ id: productColours.id }).from(productColours).where(inArray(productColours.id, ids)).orderBy(asc(productColours.id)).for('no key update');
    const values = ids.map((id) => sql`(${id}::int, ${back.get(id)!}::int)`);
    await tx.execute(sql`update product_colours pc
      set available_stock_quantity = pc.available_stock_quantity + t.pieces, updated_on = ${now}
      from (values ${sql.join(values, sql`, `)}) as t(id, pieces)
      where pc.id = t.id`);
    await tx.insert(stockMovements).values(ids.map((id) => ({ productColourId: id, delta: back.get(id)!, reason, orderId, userId, createdAt: now })));
  }

  return {
    context,

    queue: (query: AdminOrdersQuery) => orderQueue(db, query),

    detail: (identity: Identity, orderId: number) => orderDetail(db, orderId, identity, context()),

    /** Confirms a Placed or On hold order (clearing the hold) when the retailer's credit allows, or past it with accounts' reason. */
    confirm: (request: FastifyRequest, orderId: number, body: { override?: { reason: string } | undefined }) => {
      const role = requireIdentity(request).role;
      if (body.override && !mayOverrideCredit(role)) throw new AppError('forbidden', deskMessages.order.overrideNotAllowed);
      return decide(request, orderId, async (tx, order, identity, now) => {
        if (!canDo('confirm', order.status)) throw illegal('confirmed', order.status);
        if (order.holdKind === 'credit' && !mayOverrideCredit(role)) throw new AppError('forbidden', deskMessages.order.releaseCreditNotAllowed);
        const book = await creditBookOf(tx, order.retailerId, { now, invoiceCreditDays: config.invoiceCreditDays }, order.id);
        const reasons = creditReasonTexts(creditRefusalsFor(book, order.totalPaise));
        if (reasons.length > 0 && !body.override) throw new AppError('conflict', deskMessages.credit.refused(reasons.join(' ')));
        const override = reasons.length > 0 && body.override ? { reason: body.override.reason, refusals: reasons } : null;
        await setDecisions(
          tx,
          order.id,
          {
            confirmedAt: now,
            confirmedByUserId: identity.userId,
            creditOverrideReason: override?.reason ?? null,
            holdKind: null,
            holdReason: null,
            heldAt: null,
            heldByUserId: null,
          },
          now,
        );
        return {
          action: 'order.confirm',
          reason: override?.reason ?? null,
          override,
          note: override ? `Confirmed past the credit check: ${override.reason}` : null,
          mail: { kind: 'confirmed' },
        };
      });
    },

    hold: (request: FastifyRequest, orderId: number, body: { kind: HoldKind; reason: string }) =>
      decide(request, orderId, async (tx, order, identity, now) => {
        if (!canDo('hold', order.status)) throw illegal('put on hold', order.status);
        await setDecisions(tx, order.id, { holdKind: body.kind, holdReason: body.reason, heldAt: now, heldByUserId: identity.userId }, now);
        return {
          action: 'order.hold',
          reason: body.reason,
          details: { holdKind: body.kind },
          note: body.reason,
          mail: { kind: 'held', holdKind: body.kind, reason: body.reason },
        };
      }),

    release: (request: FastifyRequest, orderId: number) =>
      decide(request, orderId, async (tx, order, identity, now) => {
        if (!canDo('release', order.status)) throw illegal('released', order.status);
        if (order.holdKind === 'credit' && !mayOverrideCredit(identity.role)) {
          throw new AppError('forbidden', deskMessages.order.releaseCreditNotAllowed);
        }
        await setDecisions(tx, order.id, { holdKind: null, holdReason: null, heldAt: null, heldByUserId: null }, now);
        return {
          action: 'order.release',
          details: { holdKind: order.holdKind, holdReason: order.holdReason },
          mail: { kind: 'released' },
        };
      }),

    /**
     * Cancels an order nothing of which has left: refused while a shipment is packed; shipments still
     * being packed are removed; every line's pieces go back on the shelf, each colour with its movement.
     */
    cancel: (request: FastifyRequest, orderId: number, body: { reason: string }) =>
      decide(request, orderId, async (tx, order, identity, now) => {
        if (!canDo('cancel', order.status)) throw illegal('cancelled', order.status);
        const parts = await tx.select().from(shipments).where(eq(shipments.orderId, order.id)).orderBy(asc(shipments.shipmentNo));
        const packed = parts.find((s) => s.status !== 'Packing');
        if (packed) throw new AppError('conflict', deskMessages.order.unpackFirst(packed.shipmentNo));
        const quantities = new Map((await lineQuantitiesOf(tx, order.id)).map((q) => [q.id, q]));
        const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
        const back = new Map<number, number>();
        for (const line of lines) {
          const pieces = line.quantity - line.cancelledQuantity - (quantities.get(line.id)?.dispatchedQuantity ?? 0);
          if (line.productColourId !== null && pieces > 0) back.set(line.productColourId, (back.get(line.productColourId) ?? 0) + pieces);
        }
        if (parts.length > 0) await tx.delete(shipments).where(inArray(shipments.id, parts.map((s) => s.id)));
        await tx.update(orderLines).set({ cancelledQuantity: sql`${orderLines.quantity}` }).where(eq(orderLines.orderId, order.id));
        await returnStock(tx, back, 'order cancelled', order.id, identity.userId, now);
        await setDecisions(tx, order.id, { cancelledAt: now, cancelledByUserId: identity.userId, cancelReason: body.reason }, now);
        return {
          action: 'order.cancel',
          reason: body.reason,
          details: {
            shipmentsRemoved: parts.map((s) => s.shipmentNo),
            stockReturned: Object.fromEntries([...back.entries()].map(([id, pieces]) => [String(id), pieces])),
          },
          note: body.reason,
          mail: { kind: 'cancelled', reason: body.reason },
        };
      }),

    /**
     * Cancels a line's open pieces (in no shipment): back on the shelf with a movement, the line's
     * money recomputed for what is left (domain `lineTotals`), the order's totals the sum of its lines.
     */
    cancelLine: (request: FastifyRequest, orderId: number, lineId: number, body: { reason: string }) =>
      decide(request, orderId, async (tx, order, identity, now) => {
        if (!canDo('cancelLine', order.status)) throw illegal('changed', order.status);
        const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
        const line = lines.find((l) => l.id === lineId);
        if (!line) throw new AppError('not_found', deskMessages.order.lineNotFound);
        const quantities = new Map((await lineQuantitiesOf(tx, order.id)).map((q) => [q.id, q]));
        const open = line.quantity - line.cancelledQuantity - (quantities.get(line.id)?.inShipmentsQuantity ?? 0);
        if (open <= 0) throw new AppError('conflict', deskMessages.order.nothingOpen(lineLabel(line)));
        const billableLeft = lines.reduce((n, l) => n + l.quantity - l.cancelledQuantity, 0) - open;
        if (billableLeft <= 0) throw new AppError('conflict', deskMessages.order.noLinesLeft);

        const cancelled = line.cancelledQuantity + open;
        const t = lineTotals({
          unitPricePaise: line.unitPricePaise,
          discountPerUnitPaise: line.discountPerUnitPaise,
          quantity: line.quantity - cancelled,
          gstRatePercent: line.gstRatePercent,
          billToStateCode: order.billToStateCode,
          companyStateCode: order.companyStateCode,
        });
        const after = {
          cancelledQuantity: cancelled,
          ...lineMoneyColumns(t),
        };
        await tx.update(orderLines).set(after).where(eq(orderLines.id, line.id));
        const linesAfter = lines.map((l) => (l.id === line.id ? { ...l, ...after } : l));
        const billable = (l: (typeof linesAfter)[number]) => l.quantity - l.cancelledQuantity;
        const totals = {
          totalQuantity: linesAfter.reduce((n, l) => n + billable(l), 0),
          subtotalPaise: sumPaise(linesAfter.map((l) => mulQty(l.unitPricePaise, billable(l)))),
          discountPaise: sumPaise(linesAfter.map((l) => mulQty(l.discountPerUnitPaise, billable(l)))),
          taxablePaise: sumPaise(linesAfter.map((l) => l.taxablePaise)),
          cgstPaise: sumPaise(linesAfter.map((l) => l.cgstPaise)),
          sgstPaise: sumPaise(linesAfter.map((l) => l.sgstPaise)),
          igstPaise: sumPaise(linesAfter.map((l) => l.igstPaise)),
          totalPaise: sumPaise(linesAfter.map((l) => l.lineTotalPaise)),
        };
        await setDecisions(tx, order.id, totals, now);
        if (line.productColourId !== null) {
          await returnStock(tx, new Map([[line.productColourId, open]]), 'order line cancelled', order.id, identity.userId, now);
        }
        const label = lineLabel(line);
        return {
          action: 'order.cancelLine',
          reason: body.reason,
          details: {
            lineId: line.id,
            line: label,
            pieces: open,
            lineTotal: { before: line.lineTotalPaise, after: t.totalPaise },
            orderTotal: { before: order.totalPaise, after: totals.totalPaise },
          },
          note: `${label}: ${open} cancelled (${body.reason})`,
          mail: { kind: 'lineCancelled', line: label, pieces: open, reason: body.reason },
        };
      }),

    /** When a line's backordered pieces are expected (shown to the retailer); null clears it. */
    expectedDate: (request: FastifyRequest, orderId: number, lineId: number, body: { expectedDate: string | null }) =>
      decide(request, orderId, async (tx, order, _identity, now) => {
        if (!canDo('cancelLine', order.status)) throw illegal('changed', order.status);
        const [line] = await tx.select().from(orderLines).where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, order.id)));
        if (!line) throw new AppError('not_found', deskMessages.order.lineNotFound);
        await tx.update(orderLines).set({ backorderExpectedDate: body.expectedDate }).where(eq(orderLines.id, line.id));
        await setDecisions(tx, order.id, {}, now);
        return {
          action: 'order.expectedDate',
          details: { lineId: line.id, line: lineLabel(line), expectedDate: { before: line.backorderExpectedDate, after: body.expectedDate } },
        };
      }),

    credit: (retailerId: number) => retailerCredit(db, retailerId, context()),

    /** Writes a retailer's credit terms (limit, payment terms, credit hold), audited with before and after. */
    updateCredit: (request: FastifyRequest, retailerId: number, body: UpdateCreditBody) => {
      const identity = requireIdentity(request);
      return idempotent(db, request, async (tx) => {
        const now = clock.now();
        const [current] = await tx.select().from(retailers).where(eq(retailers.id, retailerId)).for('no key update');
        if (!current) throw new AppError('not_found', deskMessages.credit.retailerNotFound);
        const termsOf = (r: Pick<typeof current, 'creditLimitPaise' | 'paymentTermsDays' | 'creditHold' | 'creditHoldReason'>) => ({
          creditLimitPaise: r.creditLimitPaise,
          paymentTermsDays: r.paymentTermsDays,
          creditHold: r.creditHold,
          creditHoldReason: r.creditHoldReason,
        });
        const next = {
          creditLimitPaise: rupeesToPaise(body.creditLimit),
          paymentTermsDays: body.paymentTermsDays,
          creditHold: body.creditHold,
          creditHoldReason: body.creditHold ? (body.creditHoldReason ?? null) : null,
        };
        await tx
          .update(retailers)
          .set({ ...next, creditUpdatedAt: now, creditUpdatedByUserId: identity.userId, updatedAt: now })
          .where(eq(retailers.id, retailerId));
        await recordAudit(tx, {
          actorUserId: identity.userId,
          action: 'retailer.credit',
          entity: 'retailer',
          entityId: String(retailerId),
          details: { before: termsOf(current), after: next },
          ip: request.ip,
          at: now,
        });
        return retailerCredit(tx, retailerId, { now, invoiceCreditDays: config.invoiceCreditDays });
      });
    },
  };
}

/** A retailer's credit position with its terms, for the credit screen. */
async function retailerCredit(dbx: Db | Tx, retailerId: number, context: DeskContext): Promise<RetailerCredit> {
  const book = await creditBookOf(dbx, retailerId, context);
  let updated: RetailerCredit['updated'] = null;
  if (book.creditUpdatedAt) {
    const [by] = book.creditUpdatedByUserId
      ? await dbx
          .select({ userId: users.id, name: users.name, role: roles.code })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(eq(users.id, book.creditUpdatedByUserId))
      : [];
    updated = {
      by: by ?? { userId: null, name: 'Not recorded', role: null },
      at: book.creditUpdatedAt.toISOString(),
    };
  }
  return {
    ...toCreditPositionView(book),
    businessName: book.businessName,
    defaultPaymentTermsDays: context.invoiceCreditDays,
    updated,
  };
}

export type DeskService = ReturnType<typeof createDeskService>;
