/** Discount rules: the SQL that selects the active ones, and their domain and wire forms. */
import { sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import {
  discountsApplyTo,
  paiseToRupees,
  rulesForState,
  type DiscountRule,
  type PickedDiscount,
} from '@frameport/domain';
import type { AppliedDiscount, DiscountRuleWire } from '@frameport/domain/contract';

/** One rule as `activeRulesJson` builds it (a driver may hand the numeric columns back as text). */
export type RuleJson = {
  id: number;
  name: string;
  stateId: number | null;
  usePercentage: boolean;
  percentage: number | null;
  amountPaise: number | null;
  fromPaise: number | null;
  toPaise: number | null;
};

/**
 * The discount rules that price a retailer's goods at `now`: active, in their validity dates,
 * and of its state (`stateId`, an SQL expression) or of all states; one JSON array of RuleJson,
 * ordered by id. The catalogue statement and the price context both select it.
 */
export function activeRulesJson(now: SQL | SQL.Aliased | Placeholder, stateId: SQL | Column): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', d.id, 'name', d.name, 'stateId', d.state_id, 'usePercentage', d.use_percentage,
      'percentage', d.discount_percentage, 'amountPaise', d.discount_amount_paise,
      'fromPaise', d.price_from_paise, 'toPaise', d.price_to_paise) order by d.id), '[]'::json)
    from discount_rules d
    where d.is_active and (d.valid_from is null or d.valid_from <= ${now}::timestamptz)
      and (d.valid_to is null or d.valid_to >= ${now}::timestamptz)
      and (d.state_id is null or d.state_id = ${stateId}))`;
}

function toDomainRule(rule: RuleJson): DiscountRule {
  return {
    id: rule.id,
    name: rule.name,
    stateId: rule.stateId,
    usePercentage: rule.usePercentage,
    discountPercentage: Number(rule.percentage ?? 0),
    discountAmountPaise: Number(rule.amountPaise ?? 0),
    priceFromPaise: rule.fromPaise === null ? null : Number(rule.fromPaise),
    priceToPaise: rule.toPaise === null ? null : Number(rule.toPaise),
  };
}

function toDiscountRuleWire(rule: DiscountRule): DiscountRuleWire {
  return {
    DiscountId: rule.id,
    DiscountName: rule.name,
    StateId: rule.stateId,
    UsePercentage: rule.usePercentage ? '1' : '0',
    DiscountPercentage: rule.usePercentage ? rule.discountPercentage : 0,
    DiscountAmount: rule.usePercentage ? 0 : paiseToRupees(rule.discountAmountPaise),
    PriceFrom: rule.priceFromPaise === null ? null : paiseToRupees(rule.priceFromPaise),
    PriceTo: rule.priceToPaise === null ? null : paiseToRupees(rule.priceToPaise),
  };
}

/**
 * The discount rules of one request: the acting retailer's state (null = none: all-states rules).
 * `rules` holds the active rules of that state and the all-states ones; `rulesForState` keeps the
 * state's own when it has any, otherwise the all-states ones (spec section 5).
 */
export type Pricing = { stateId: number | null; rules: DiscountRule[]; discountsJson: string };

export function pricingOf(stateId: number | null, rules: RuleJson[]): Pricing {
  const domainRules = rules.map(toDomainRule);
  const applicable = rulesForState(domainRules, stateId);
  return { stateId, rules: domainRules, discountsJson: JSON.stringify(applicable.map(toDiscountRuleWire)) };
}

/**
 * List prices: no rule at all. The catalogue of someone ordering for nobody yet (a sales
 * executive before Switch User, an admin) is priced so: a retailer's discount depends on its
 * state, and a price shown before the retailer is known is one nobody should quote (issue 16).
 */
export const LIST_PRICING: Pricing = { stateId: null, rules: [], discountsJson: '[]' };

/** The rules a product lists (its `discounts`, as JSON text): none for a type that is never discounted. */
export function discountsJsonFor(pricing: Pricing, productTypeId: number): string {
  return discountsApplyTo(productTypeId) ? pricing.discountsJson : '[]';
}

/** The discount picked for one piece, as the catalogue and the cart show it. */
export function toAppliedDiscount(picked: PickedDiscount | null): AppliedDiscount | null {
  if (!picked) return null;
  return {
    DiscountId: picked.rule.id,
    DiscountName: picked.rule.name,
    UsePercentage: picked.rule.usePercentage ? '1' : '0',
    DiscountPercentage: picked.rule.usePercentage ? picked.rule.discountPercentage : 0,
    DiscountAmount: picked.rule.usePercentage ? 0 : paiseToRupees(picked.rule.discountAmountPaise),
    TotalDiscount: paiseToRupees(picked.discountPaise),
  };
}
