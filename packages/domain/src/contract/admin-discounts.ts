import { z } from 'zod/mini';
import { text } from './text.ts';
import { dbId, rupees } from './primitives.ts';
import { StampSchema, AuditEntrySchema } from './admin-orders.ts';
import { catalogueDeskMessages } from '../catalogue-desk-messages.ts';

/**
 * Discount rules on the catalogue desk (`/api/admin/discount-rules`, admin only): the spec's rules
 * (percentage or amount, one state or all states, a price band on the net price, validity) listed,
 * created, edited, ended (never deleted: orders keep the discount they got) and previewed before
 * saving. Money in rupees on the wire; validity as a day 'YYYY-MM-DD' (India: from its start, to its
 * end) or an ISO date-time.
 */

const m = catalogueDeskMessages.discounts;
const id = z.number().check(z.int());
const twoDecimals = (v: number) => Math.round(v * 100) === Number((v * 100).toFixed(6));

export const DISCOUNT_RULE_STATUSES = ['active', 'scheduled', 'ended', 'inactive'] as const;
export type DiscountRuleStatus = (typeof DISCOUNT_RULE_STATUSES)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/**
 * The moment a rule's validity bound means: a day starts (validFrom) or ends (validTo) in India;
 * a date-time without an offset is India time; null when the text is no date.
 */
export function discountMomentOf(value: string, bound: 'from' | 'to'): Date | null {
  const v = value.trim();
  let at: Date;
  if (DAY.test(v)) at = new Date(`${v}T${bound === 'from' ? '00:00:00.000' : '23:59:59.999'}+05:30`);
  else if (LOCAL_DATE_TIME.test(v)) at = new Date(`${v}+05:30`);
  else if (/^\d{4}-\d{2}-\d{2}T/.test(v)) at = new Date(v);
  else return null;
  if (Number.isNaN(at.getTime())) return null;
  // '2026-02-30' parses to March: refuse a day that does not exist.
  if (DAY.test(v.slice(0, 10))) {
    const [y, mo, d] = v.slice(0, 10).split('-').map(Number);
    const check = new Date(Date.UTC(y!, mo! - 1, d!));
    if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d) return null;
  }
  return at;
}

const validityBound = (bound: 'from' | 'to') =>
  z.nullable(
    text().check(
      z.trim(),
      z.maxLength(40),
      z.refine((v) => discountMomentOf(v, bound) !== null, m.dateFormat),
    ),
  );

/** The fields of a rule, each checked on its own; `discountRuleProblems` checks them together. */
export const DiscountRuleFieldsSchema = z.object({
  name: text().check(z.trim(), z.minLength(2, m.nameRequired), z.maxLength(120, 'A name has at most 120 characters.')),
  /** true: `discountPercentage` % off the net price; false: `discountAmount` rupees off each piece. */
  usePercentage: z.boolean({ error: 'Please choose percentage or amount.' }),
  discountPercentage: z._default(
    z.nullable(
      z
        .number({ error: 'Percentage must be a number.' })
        .check(z.gt(0, m.percentageRange), z.lte(100, m.percentageRange), z.refine(twoDecimals, m.percentageDecimals)),
    ),
    null,
  ),
  discountAmount: z._default(
    z.nullable(
      z
        .number({ error: 'Amount must be a number.' })
        .check(z.gt(0, m.amountPositive), z.lte(999_999.99, 'Amount must be below ₹10,00,000.'), z.refine(twoDecimals, m.amountDecimals)),
    ),
    null,
  ),
  /** null: every state (applies where a state has no rule of its own). */
  stateId: z._default(z.nullable(dbId), null),
  /** Price band on the net price, rupees, both inclusive; null = open. */
  priceFrom: z._default(
    z.nullable(z.number({ error: 'Price from must be a number.' }).check(z.gte(0, m.priceNegative), z.lte(9_999_999))),
    null,
  ),
  priceTo: z._default(
    z.nullable(z.number({ error: 'Price to must be a number.' }).check(z.gte(0, m.priceNegative), z.lte(9_999_999))),
    null,
  ),
  validFrom: z._default(validityBound('from'), null),
  validTo: z._default(validityBound('to'), null),
  isActive: z._default(z.boolean(), true),
});
export type DiscountRuleFields = z.infer<typeof DiscountRuleFieldsSchema>;

type Problem = { path: keyof DiscountRuleFields; message: string };

/** What is wrong with a rule as a whole (after each field passed on its own): the value its kind needs, the band, the dates. */
export function discountRuleProblems(rule: DiscountRuleFields): Problem[] {
  const problems: Problem[] = [];
  if (rule.usePercentage && rule.discountPercentage === null) problems.push({ path: 'discountPercentage', message: m.percentageRequired });
  if (!rule.usePercentage && rule.discountAmount === null) problems.push({ path: 'discountAmount', message: m.amountRequired });
  if (rule.priceFrom !== null && rule.priceTo !== null && rule.priceFrom > rule.priceTo)
    problems.push({ path: 'priceTo', message: m.priceBand });
  if (rule.validFrom !== null && rule.validTo !== null) {
    const from = discountMomentOf(rule.validFrom, 'from');
    const to = discountMomentOf(rule.validTo, 'to');
    if (from && to && from > to) problems.push({ path: 'validTo', message: m.validity });
  }
  return problems;
}

const checked = <T extends z.ZodMiniType<DiscountRuleFields>>(schema: T): T =>
  schema.check(
    z.superRefine((rule, ctx) => {
      for (const p of discountRuleProblems(rule)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
    }),
  );

/** POST /api/admin/discount-rules */
export const DiscountRuleCreateSchema = checked(DiscountRuleFieldsSchema);
export type DiscountRuleCreate = z.infer<typeof DiscountRuleCreateSchema>;

/** PATCH /api/admin/discount-rules/:id: any fields; the rule they make together is checked as on create. */
export const DiscountRulePatchSchema = z.partial(
  z.object({
    name: DiscountRuleFieldsSchema.shape.name,
    usePercentage: DiscountRuleFieldsSchema.shape.usePercentage,
    discountPercentage: DiscountRuleFieldsSchema.shape.discountPercentage.def.innerType,
    discountAmount: DiscountRuleFieldsSchema.shape.discountAmount.def.innerType,
    stateId: DiscountRuleFieldsSchema.shape.stateId.def.innerType,
    priceFrom: DiscountRuleFieldsSchema.shape.priceFrom.def.innerType,
    priceTo: DiscountRuleFieldsSchema.shape.priceTo.def.innerType,
    validFrom: DiscountRuleFieldsSchema.shape.validFrom.def.innerType,
    validTo: DiscountRuleFieldsSchema.shape.validTo.def.innerType,
    isActive: DiscountRuleFieldsSchema.shape.isActive.def.innerType,
  }),
);
export type DiscountRulePatch = z.infer<typeof DiscountRulePatchSchema>;

/** POST /api/admin/discount-rules/preview: the rule as the form holds it; `ruleId` when editing one (it is left out of the competition). */
export const DiscountRulePreviewBodySchema = checked(
  z.extend(DiscountRuleFieldsSchema, { name: z._default(text().check(z.trim(), z.maxLength(120)), ''), ruleId: z.optional(dbId) }),
);
export type DiscountRulePreviewBody = z.infer<typeof DiscountRulePreviewBodySchema>;

export const DiscountRuleIdParamsSchema = z.object({ id: dbId });

export const AdminDiscountRuleSchema = z.object({
  id,
  name: text(),
  usePercentage: z.boolean(),
  discountPercentage: z.nullable(z.number()),
  discountAmount: z.nullable(rupees),
  /** '10% off' or '₹250.00 off'. */
  label: text(),
  stateId: z.nullable(id),
  /** null: all states. */
  stateName: z.nullable(text()),
  priceFrom: z.nullable(rupees),
  priceTo: z.nullable(rupees),
  /** ISO 8601 moments; null = open. */
  validFrom: z.nullable(text()),
  validTo: z.nullable(text()),
  isActive: z.boolean(),
  /** active: in force now; scheduled: starts later; ended: past its end; inactive: switched off. */
  status: z.enum(DISCOUNT_RULE_STATUSES),
  created: z.nullable(StampSchema),
  updated: z.nullable(StampSchema),
});
export type AdminDiscountRule = z.infer<typeof AdminDiscountRuleSchema>;

export const AdminDiscountRulesResponseSchema = z.object({ rules: z.array(AdminDiscountRuleSchema) });
export type AdminDiscountRulesResponse = z.infer<typeof AdminDiscountRulesResponseSchema>;

/** GET /api/admin/discount-rules/:id: the rule and every change to it, newest first. */
export const AdminDiscountRuleDetailSchema = z.extend(AdminDiscountRuleSchema, { audit: z.array(AuditEntrySchema) });
export type AdminDiscountRuleDetail = z.infer<typeof AdminDiscountRuleDetailSchema>;

const sampleRule = z.object({ id, name: text(), label: text(), discount: rupees });
export const DiscountPreviewSampleSchema = z.object({
  productId: id,
  modelNumber: text(),
  productName: text(),
  brand: text(),
  netPrice: rupees,
  /** What this rule takes off one piece, and the price after it. */
  discount: rupees,
  priceAfter: rupees,
  /** Another rule in force that gives this style as much or more (the spec's choice keeps that one), if any. */
  betterRule: z.nullable(sampleRule),
});
export type DiscountPreviewSample = z.infer<typeof DiscountPreviewSampleSchema>;

export const DiscountPreviewSchema = z.object({
  /** "312 styles get 10% off in Telangana". */
  message: text(),
  /** Active styles the rule applies to (price band on the net price; accessories never discounted). */
  styleCount: z.number().check(z.int()),
  label: text(),
  /** The state's name, or 'all states'. */
  where: text(),
  /** Of those styles, how many another rule in force discounts as much or more (so this rule will not be the one applied). */
  betterElsewhereCount: z.number().check(z.int()),
  /** An all-states rule: how many states have rules of their own, where it does not apply. */
  statesWithOwnRules: z.number().check(z.int()),
  /** Up to 10 of the styles, by model number. */
  sample: z.array(DiscountPreviewSampleSchema),
});
export type DiscountPreview = z.infer<typeof DiscountPreviewSchema>;
