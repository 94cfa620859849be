/**
 * Discount rules on the catalogue desk (admin): list, create, edit, end (never delete: orders keep
 * the discount they got) and preview. Every change is one transaction with its audit row (entity
 * 'discount_rule'); writes to discount_rules bump catalogue_version by trigger (migration 0005), so
 * the catalogue and carts of every replica price with the change at once. The preview applies the
 * spec's choice as pricing does (domain pickDiscount over the rules pricing selects).
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  catalogueDeskMessages,
  discountLabel,
  discountValue,
  paiseToRupees,
  pickDiscount,
  rupeesToPaise,
  type DiscountRule,
} from '@frameport/domain';
import {
  discountMomentOf,
  discountRuleProblems,
  type AdminDiscountRule,
  type AdminDiscountRuleDetail,
  type DiscountPreview,
  type DiscountPreviewSample,
  type DiscountRuleFields,
  type DiscountRulePatch,
  type DiscountRulePreviewBody,
  type DiscountRuleStatus,
  type Stamp,
} from '@frameport/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../../db/audit.ts';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import { auditLog, brands, discountRules, products, roles, states, users, type DiscountRule as DiscountRuleRow } from '../../db/schema.ts';
import { requireIdentity } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import { activeRulesJson, pricingOf, type RuleJson } from '../pricing/service.ts';

const m = catalogueDeskMessages.discounts;
const ENTITY = 'discount_rule';
const PREVIEW_SAMPLE = 10;

const iso = (at: Date | string): string => (at instanceof Date ? at : new Date(at)).toISOString();
const rupeesOrNull = (paise: number | null): number | null => (paise === null ? null : paiseToRupees(Number(paise)));

export function statusOf(rule: Pick<DiscountRuleRow, 'isActive' | 'validFrom' | 'validTo'>, now: Date): DiscountRuleStatus {
  if (rule.validTo !== null && rule.validTo.getTime() <= now.getTime()) return 'ended';
  if (!rule.isActive) return 'inactive';
  if (rule.validFrom !== null && rule.validFrom.getTime() > now.getTime()) return 'scheduled';
  return 'active';
}

/** The rule as the domain's choice reads it. */
function domainRuleOf(fields: DiscountRuleFields, id: number): DiscountRule {
  return {
    id,
    name: fields.name,
    stateId: fields.stateId,
    usePercentage: fields.usePercentage,
    discountPercentage: fields.usePercentage ? (fields.discountPercentage ?? 0) : 0,
    discountAmountPaise: fields.usePercentage ? 0 : rupeesToPaise(fields.discountAmount ?? 0),
    priceFromPaise: fields.priceFrom === null ? null : rupeesToPaise(fields.priceFrom),
    priceToPaise: fields.priceTo === null ? null : rupeesToPaise(fields.priceTo),
  };
}

/** A stored rule as the form's fields (validity as ISO moments). */
function fieldsOf(row: DiscountRuleRow): DiscountRuleFields {
  return {
    name: row.name,
    usePercentage: row.usePercentage,
    discountPercentage: row.discountPercentage === null ? null : Number(row.discountPercentage),
    discountAmount: rupeesOrNull(row.discountAmountPaise),
    stateId: row.stateId,
    priceFrom: rupeesOrNull(row.priceFromPaise),
    priceTo: rupeesOrNull(row.priceToPaise),
    validFrom: row.validFrom === null ? null : row.validFrom.toISOString(),
    validTo: row.validTo === null ? null : row.validTo.toISOString(),
    isActive: row.isActive,
  };
}

/** The columns a rule's fields write (the value its kind does not use is null). */
function columnsOf(fields: DiscountRuleFields) {
  return {
    name: fields.name,
    stateId: fields.stateId,
    usePercentage: fields.usePercentage,
    discountPercentage: fields.usePercentage ? fields.discountPercentage : null,
    discountAmountPaise: fields.usePercentage || fields.discountAmount === null ? null : rupeesToPaise(fields.discountAmount),
    priceFromPaise: fields.priceFrom === null ? null : rupeesToPaise(fields.priceFrom),
    priceToPaise: fields.priceTo === null ? null : rupeesToPaise(fields.priceTo),
    validFrom: fields.validFrom === null ? null : discountMomentOf(fields.validFrom, 'from'),
    validTo: fields.validTo === null ? null : discountMomentOf(fields.validTo, 'to'),
    isActive: fields.isActive,
  };
}

/** What the audit keeps of a rule: its values as stored. */
function auditView(row: DiscountRuleRow) {
  return { ...fieldsOf(row) };
}

async function stateNameOf(dbx: DbOrTx, stateId: number | null): Promise<string | null> {
  if (stateId === null) return null;
  const [state] = await dbx.select({ name: states.name }).from(states).where(eq(states.id, stateId));
  if (!state) throw new AppError('invalid', m.stateNotFound);
  return state.name;
}

type Who = { userId: number | null; name: string; role: string | null };

async function auditOf(dbx: DbOrTx, ruleIds: number[]) {
  if (ruleIds.length === 0) return [];
  return dbx
    .select({
      id: auditLog.id,
      entityId: auditLog.entityId,
      action: auditLog.action,
      details: auditLog.details,
      at: auditLog.createdAt,
      userId: users.id,
      name: users.name,
      role: roles.code,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(auditLog.entity, ENTITY), inArray(auditLog.entityId, ruleIds.map(String))))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}
type AuditRow = Awaited<ReturnType<typeof auditOf>>[number];
const whoOf = (row: AuditRow): Who => ({ userId: row.userId, name: row.name ?? 'Someone no longer here', role: row.role });
const stampOf = (row: AuditRow | undefined): Stamp | null => (row ? { by: whoOf(row), at: iso(row.at) } : null);

function toWire(row: DiscountRuleRow, stateName: string | null, audit: AuditRow[], now: Date): AdminDiscountRule {
  const fields = fieldsOf(row);
  return {
    id: row.id,
    ...fields,
    label: discountLabel(domainRuleOf(fields, row.id)),
    stateName,
    status: statusOf(row, now),
    created: stampOf(audit.find((a) => a.action === 'discount_rule.create')),
    updated: stampOf(audit.at(-1)),
  };
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;

export function createDiscountsService({ db, clock }: { db: Db; clock: Clock }) {
  /** Writes `set` on a locked rule with its audit row (before and after). */
  async function rewriteRule(
    tx: Tx,
    current: DiscountRuleRow,
    set: Partial<typeof discountRules.$inferInsert>,
    action: 'discount_rule.update' | 'discount_rule.end',
    actor: { userId: number; ip: string; at: Date },
  ): Promise<void> {
    const [row] = await tx.update(discountRules).set(set).where(eq(discountRules.id, current.id)).returning();
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action,
      entity: ENTITY,
      entityId: String(current.id),
      details: { before: auditView(current), after: auditView(row!) },
      ip: actor.ip,
      at: actor.at,
    });
  }

  async function lockRule(tx: Tx, id: number): Promise<DiscountRuleRow> {
    const [row] = await tx.select().from(discountRules).where(eq(discountRules.id, id)).for('update');
    if (!row) throw new AppError('not_found', m.notFound);
    return row;
  }

  async function detailOf(dbx: DbOrTx, id: number, now: Date): Promise<AdminDiscountRuleDetail> {
    const [row] = await dbx.select().from(discountRules).where(eq(discountRules.id, id));
    if (!row) throw new AppError('not_found', m.notFound);
    const audit = await auditOf(dbx, [id]);
    return {
      ...toWire(row, await stateNameOf(dbx, row.stateId), audit, now),
      audit: [...audit].reverse().map((a) => ({ id: a.id, action: a.action, by: whoOf(a), at: iso(a.at), details: a.details ?? null })),
    };
  }

  function refuseProblems(fields: DiscountRuleFields) {
    const [problem] = discountRuleProblems(fields);
    if (problem) throw new AppError('invalid', problem.message);
  }

  return {
    async list(): Promise<{ rules: AdminDiscountRule[] }> {
      const now = clock.now();
      const rows = await db
        .select({ rule: discountRules, stateName: states.name })
        .from(discountRules)
        .leftJoin(states, eq(states.id, discountRules.stateId))
        .orderBy(asc(discountRules.id));
      const audit = await auditOf(db, rows.map((r) => r.rule.id));
      const byRule = new Map<string, AuditRow[]>();
      for (const a of audit) byRule.set(a.entityId!, [...(byRule.get(a.entityId!) ?? []), a]);
      const order: Record<DiscountRuleStatus, number> = { active: 0, scheduled: 1, inactive: 2, ended: 3 };
      return {
        rules: rows
          .map((r) => toWire(r.rule, r.stateName, byRule.get(String(r.rule.id)) ?? [], now))
          .sort((a, b) => order[a.status] - order[b.status] || b.id - a.id),
      };
    },

    detail: (id: number) => detailOf(db, id, clock.now()),

    async create(request: FastifyRequest, fields: DiscountRuleFields): Promise<AdminDiscountRuleDetail> {
      const identity = requireIdentity(request);
      const now = clock.now();
      refuseProblems(fields);
      return idempotent(db, request, async (tx) => {
        await stateNameOf(tx, fields.stateId);
        const [row] = await tx.insert(discountRules).values({ ...columnsOf(fields), createdAt: now, updatedAt: now }).returning();
        await recordAudit(tx, {
          actorUserId: identity.userId,
          action: 'discount_rule.create',
          entity: ENTITY,
          entityId: String(row!.id),
          details: { before: null, after: auditView(row!) },
          ip: request.ip,
          at: now,
        });
        return detailOf(tx, row!.id, now);
      });
    },

    async patch(request: FastifyRequest, id: number, patch: DiscountRulePatch): Promise<AdminDiscountRuleDetail> {
      const identity = requireIdentity(request);
      const now = clock.now();
      return idempotent(db, request, async (tx) => {
        const current = await lockRule(tx, id);
        if (statusOf(current, now) === 'ended') throw new AppError('conflict', m.ended);
        const merged: DiscountRuleFields = { ...fieldsOf(current), ...patch };
        refuseProblems(merged);
        await stateNameOf(tx, merged.stateId);
        await rewriteRule(tx, current, { ...columnsOf(merged), updatedAt: now }, 'discount_rule.update', { userId: identity.userId, ip: request.ip, at: now });
        return detailOf(tx, id, now);
      });
    },

    /** Ends a rule now: valid to now and inactive (a scheduled one: from and to now). Never deleted. */
    async end(request: FastifyRequest, id: number): Promise<AdminDiscountRuleDetail> {
      const identity = requireIdentity(request);
      const now = clock.now();
      return idempotent(db, request, async (tx) => {
        const current = await lockRule(tx, id);
        if (statusOf(current, now) === 'ended') throw new AppError('conflict', m.alreadyEnded);
        const startsLater = current.validFrom !== null && current.validFrom.getTime() > now.getTime();
        const ended = { validTo: now, ...(startsLater ? { validFrom: now } : {}), isActive: false, updatedAt: now };
        await rewriteRule(tx, current, ended, 'discount_rule.end', { userId: identity.userId, ip: request.ip, at: now });
        return detailOf(tx, id, now);
      });
    },

    /**
     * What the rule would do if it were in force (at its start, or now if that is later): the active
     * styles it applies to, a sample with the price after it, and how many of them another rule in
     * force discounts as much or more (the spec's choice keeps that one).
     */
    async preview(body: DiscountRulePreviewBody): Promise<DiscountPreview> {
      const now = clock.now();
      const startsAt = body.validFrom === null ? null : discountMomentOf(body.validFrom, 'from');
      const at = startsAt !== null && startsAt > now ? startsAt : now;
      const where = (await stateNameOf(db, body.stateId)) ?? m.allStates;
      const others = await competingRules(db, at, body.stateId, body.ruleId);
      // In id order, as pricing reads them: a new rule comes last, so a tie keeps the older rule.
      const candidate = domainRuleOf(body, body.ruleId ?? Number.MAX_SAFE_INTEGER);
      const all = [...others, candidate].sort((a, b) => a.id - b.id);
      const label = discountLabel(candidate);

      const styles = await db
        .select({
          productId: products.id,
          modelNumber: products.modelName,
          productName: products.productName,
          brand: brands.name,
          netPricePaise: products.netPricePaise,
          productTypeId: products.productTypeId,
        })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(eq(products.isActive, true))
        .orderBy(asc(products.modelName), asc(products.id));

      let styleCount = 0;
      let betterElsewhereCount = 0;
      const sample: DiscountPreviewSample[] = [];
      for (const style of styles) {
        const context = { stateId: body.stateId, netPricePaise: Number(style.netPricePaise), productTypeId: style.productTypeId };
        if (pickDiscount([candidate], context) === null) continue;
        styleCount += 1;
        const winner = pickDiscount(all, context);
        const better = winner !== null && winner.rule !== candidate ? winner : null;
        if (better) betterElsewhereCount += 1;
        if (sample.length < PREVIEW_SAMPLE) {
          const discountPaise = discountValue(candidate, context.netPricePaise);
          sample.push({
            productId: style.productId,
            modelNumber: style.modelNumber,
            productName: style.productName,
            brand: style.brand,
            netPrice: paiseToRupees(context.netPricePaise),
            discount: paiseToRupees(discountPaise),
            priceAfter: paiseToRupees(context.netPricePaise - discountPaise),
            betterRule: better
              ? { id: better.rule.id, name: better.rule.name, label: discountLabel(better.rule), discount: paiseToRupees(better.discountPaise) }
              : null,
          });
        }
      }
      const statesWithOwnRules = body.stateId === null ? await statesWithRulesOfTheirOwn(db, at, body.ruleId) : 0;
      return { message: m.preview(styleCount, label, where), styleCount, label, where, betterElsewhereCount, statesWithOwnRules, sample };
    },
  };
}

/** The rules in force at `at` for the state (or the all-states ones), as pricing selects them, less the rule being edited. */
async function competingRules(db: Db, at: Date, stateId: number | null, exceptId: number | undefined): Promise<DiscountRule[]> {
  const [row] = await queryRows<{ rules: RuleJson[] | string }>(
    db,
    sql`select ${activeRulesJson(sql`${at.toISOString()}`, stateId === null ? sql`null::int` : sql`${stateId}::int`)} as rules`,
  );
  const json = typeof row?.rules === 'string' ? (JSON.parse(row.rules) as RuleJson[]) : (row?.rules ?? []);
  return pricingOf(stateId, json.filter((rule) => rule.id !== exceptId)).rules;
}

/** States with an active rule of their own at `at`: an all-states rule does not apply there. */
async function statesWithRulesOfTheirOwn(db: Db, at: Date, exceptId: number | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${discountRules.stateId})::int` })
    .from(discountRules)
    .where(
      and(
        isNotNull(discountRules.stateId),
        eq(discountRules.isActive, true),
        sql`(${discountRules.validFrom} is null or ${discountRules.validFrom} <= ${at.toISOString()}::timestamptz)`,
        sql`(${discountRules.validTo} is null or ${discountRules.validTo} >= ${at.toISOString()}::timestamptz)`,
        exceptId === undefined ? undefined : sql`${discountRules.id} <> ${exceptId}`,
      ),
    );
  return Number(row?.n ?? 0);
}
