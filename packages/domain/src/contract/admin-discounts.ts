import { z } from 'zod';
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
const id = z.number().int();
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
  text()
    .trim()
    .max(40)
    .refine((v) => discountMomentOf(v, bound) !== null, m.dateFormat)
    .nullable();

/** The fields of a rule, each checked on its own; `discountRuleProblems` checks them together. */
export const DiscountRuleFieldsSchema = z.object({
  name: text().trim().min(2, m.nameRequired).max(120, 'A name has at most 120 characters.'),
  /** true: `discountPercentage` % off the net price; false: `discountAmount` rupees off each piece. */
  usePercentage: z.boolean({ error: 'Please choose percentage or amount.' }),
  discountPercentage: z
    .number({ error: 'Percentage must be a number.' })
    .gt(0, m.percentageRange)
    .max(100, m.percentageRange)
    .refine(twoDecimals, m.percentageDecimals)
    .nullable()
    .default(null),
  discountAmount: z
    .number({ error: 'Amount must be a number.' })
    .gt(0, m.amountPositive)
    .max(999_999.99, 'Amount must be below ₹10,00,000.')
    .refine(twoDecimals, m.amountDecimals)
    .nullable()
    .default(null),
  /** null: every state (applies where a state has no rule of its own). */
  stateId: dbId.nullable().default(null),
  /** Price band on the net price, rupees, both inclusive; null = open. */
  priceFrom: z.number({ error: 'Price from must be a number.' }).min(0, m.priceNegative).max(9_999_999).nullable().default(null),
  priceTo: z.number({ error: 'Price to must be a number.' }).min(0, m.priceNegative).max(9_999_999).nullable().default(null),
  validFrom: validityBound('from').default(null),
  validTo: validityBound('to').default(null),
  isActive: z.boolean().default(true),
});
export type DiscountRuleFields = z.infer<typeof DiscountRuleFieldsSchema>;

type Problem = { path: keyof DiscountRuleFields; message: string };

/** What is wrong with a rule as a whole (after each field passed on its own): the value its kind needs, the band, the dates. */
export function discountRuleProblems(rule: DiscountRuleFields): Problem[] {
  const problems: Problem[] = [];
  if (rule.usePercentage && rule.discountPercentage === null) problems.push({ path: 'discountPercentage', message: m.percentageRequired });
  if (!rule.usePercentage && rule.discountAmount === null) problems.push({ path: 'discountAmount', message: m.amountRequired });
  if (rule.priceFrom !== null && rule.priceTo !== null && rule.priceFrom > rule.priceTo) problems.push({ path: 'priceTo', message: m.priceBand });
  if (rule.validFrom !== null && rule.validTo !== null) {
    const from = discountMomentOf(rule.validFrom, 'from');
    const to = discountMomentOf(rule.validTo, 'to');
    if (from && to && from > to) problems.push({ path: 'validTo', message: m.validity });
  }
  return problems;
}

const checked = <T extends z.ZodType<DiscountRuleFields>>(schema: T): T =>
  schema.superRefine((rule, ctx) => {
    for (const p of discountRuleProblems(rule)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  });

/** POST /api/admin/discount-rules */
export const DiscountRuleCreateSchema = checked(DiscountRuleFieldsSchema);
export type DiscountRuleCreate = z.infer<typeof DiscountRuleCreateSchema>;

/** PATCH /api/admin/discount-rules/:id: any fields; the rule they make together is checked as on create. */
export const DiscountRulePatchSchema = z
  .object({
    name: DiscountRuleFieldsSchema.shape.name,
    usePercentage: DiscountRuleFieldsSchema.shape.usePercentage,
    discountPercentage: DiscountRuleFieldsSchema.shape.discountPercentage.unwrap(),
    discountAmount: DiscountRuleFieldsSchema.shape.discountAmount.unwrap(),
    stateId: DiscountRuleFieldsSchema.shape.stateId.unwrap(),
    priceFrom: DiscountRuleFieldsSchema.shape.priceFrom.unwrap(),
    priceTo: DiscountRuleFieldsSchema.shape.priceTo.unwrap(),
    validFrom: DiscountRuleFieldsSchema.shape.validFrom.unwrap(),
    validTo: DiscountRuleFieldsSchema.shape.validTo.unwrap(),
    isActive: DiscountRuleFieldsSchema.shape.isActive.unwrap(),
  })
  .partial();
export type DiscountRulePatch = z.infer<typeof DiscountRulePatchSchema>;

/** POST /api/admin/discount-rules/preview: the rule as the form holds it; `ruleId` when editing one (it is left out of the competition). */
export const DiscountRulePreviewBodySchema = checked(
  DiscountRuleFieldsSchema.extend({ name: text().trim().max(120).default(''), ruleId: dbId.optional() }),
);
export type DiscountRulePreviewBody = z.infer<typeof DiscountRulePreviewBodySchema>;

export const DiscountRuleIdParamsSchema = z.object({ id: dbId });

export const AdminDiscountRuleSchema = z.object({
  id,
  name: text(),
  usePercentage: z.boolean(),
  discountPercentage: z.number().nullable(),
  discountAmount: rupees.nullable(),
  /** '10% off' or '₹250.00 off'. */
  label: text(),
  stateId: id.nullable(),
  /** null: all states. */
  stateName: text().nullable(),
  priceFrom: rupees.nullable(),
  priceTo: rupees.nullable(),
  /** ISO 8601 moments; null = open. */
  validFrom: text().nullable(),
  validTo: text().nullable(),
  isActive: z.boolean(),
  /** active: in force now; scheduled: starts later; ended: past its end; inactive: switched off. */
  status: z.enum(DISCOUNT_RULE_STATUSES),
  created: StampSchema.nullable(),
  updated: StampSchema.nullable(),
});
export type AdminDiscountRule = z.infer<typeof AdminDiscountRuleSchema>;

export const AdminDiscountRulesResponseSchema = z.object({ rules: z.array(AdminDiscountRuleSchema) });
export type AdminDiscountRulesResponse = z.infer<typeof AdminDiscountRulesResponseSchema>;

/** GET /api/admin/discount-rules/:id: the rule and every change to it, newest first. */
export const AdminDiscountRuleDetailSchema = AdminDiscountRuleSchema.extend({ audit: z.array(AuditEntrySchema) });
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
  betterRule: sampleRule.nullable(),
});
export type DiscountPreviewSample = z.infer<typeof DiscountPreviewSampleSchema>;

export const DiscountPreviewSchema = z.object({
  /** "312 styles get 10% off in Telangana". */
  message: text(),
  /** Active styles the rule applies to (price band on the net price; accessories never discounted). */
  styleCount: z.number().int(),
  label: text(),
  /** The state's name, or 'all states'. */
  where: text(),
  /** Of those styles, how many another rule in force discounts as much or more (so this rule will not be the one applied). */
  betterElsewhereCount: z.number().int(),
  /** An all-states rule: how many states have rules of their own, where it does not apply. */
  statesWithOwnRules: z.number().int(),
  /** Up to 10 of the styles, by model number. */
  sample: z.array(DiscountPreviewSampleSchema),
});
export type DiscountPreview = z.infer<typeof DiscountPreviewSchema>;
