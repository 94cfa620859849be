import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACCESSORY_PRODUCT_TYPE_ID,
  discountLabel,
  discountsApplyTo,
  discountValue,
  pickDiscount,
  rulesForState,
  type DiscountRule,
} from './discount.ts';

const TELANGANA_ID = 36;
const KARNATAKA_ID = 29;
const FRAME = 1;

function rule(overrides: Partial<DiscountRule> = {}): DiscountRule {
  return {
    id: 1,
    name: 'Trade discount',
    stateId: null,
    usePercentage: true,
    discountPercentage: 10,
    discountAmountPaise: 0,
    priceFromPaise: null,
    priceToPaise: null,
    ...overrides,
  };
}

const amountRule = (id: number, amountPaise: number, overrides: Partial<DiscountRule> = {}) =>
  rule({ id, usePercentage: false, discountPercentage: 0, discountAmountPaise: amountPaise, ...overrides });
const percentRule = (id: number, percentage: number, overrides: Partial<DiscountRule> = {}) =>
  rule({ id, usePercentage: true, discountPercentage: percentage, ...overrides });

const frameAt = (netPricePaise: number, stateId: number | null = TELANGANA_ID) => ({
  stateId,
  netPricePaise,
  productTypeId: FRAME,
});

describe('pickDiscount', () => {
  it('takes a percentage of the net price, half-up to the paisa', () => {
    const picked = pickDiscount([percentRule(1, 12.5)], frameAt(99999));
    expect(picked?.discountPaise).toBe(12500); // 12499.875
    expect(picked?.rule.id).toBe(1);
  });

  it('takes an amount rule at its amount', () => {
    expect(pickDiscount([amountRule(1, 25000)], frameAt(100000))?.discountPaise).toBe(25000);
  });

  it('gives accessories no discount', () => {
    const picked = pickDiscount([percentRule(1, 10)], { stateId: TELANGANA_ID, netPricePaise: 100000, productTypeId: ACCESSORY_PRODUCT_TYPE_ID });
    expect(picked).toBeNull();
    expect(discountsApplyTo(ACCESSORY_PRODUCT_TYPE_ID)).toBe(false);
    expect(discountsApplyTo(1)).toBe(true);
  });

  it('picks the largest qualifying value', () => {
    const rules = [percentRule(1, 5), amountRule(2, 15000), percentRule(3, 10)];
    const picked = pickDiscount(rules, frameAt(100000));
    expect(picked?.rule.id).toBe(2);
    expect(picked?.discountPaise).toBe(15000);
  });

  it('keeps the first rule on a tie', () => {
    const rules = [percentRule(1, 10), amountRule(2, 10000)];
    expect(pickDiscount(rules, frameAt(100000))?.rule.id).toBe(1);
  });

  it('uses only the rules of the retailer’s state when it has any', () => {
    const rules = [percentRule(1, 50, { stateId: null }), percentRule(2, 5, { stateId: TELANGANA_ID }), percentRule(3, 40, { stateId: KARNATAKA_ID })];
    expect(pickDiscount(rules, frameAt(100000))?.rule.id).toBe(2);
  });

  it('falls back to the all-states rules when the state has none', () => {
    const rules = [percentRule(1, 20, { stateId: null }), percentRule(3, 40, { stateId: KARNATAKA_ID })];
    expect(pickDiscount(rules, frameAt(100000))?.rule.id).toBe(1);
  });

  it('does not fall back when the state’s own rules exist but none qualifies', () => {
    const rules = [percentRule(1, 20, { stateId: null }), percentRule(2, 5, { stateId: TELANGANA_ID, priceFromPaise: 500000 })];
    expect(pickDiscount(rules, frameAt(100000))).toBeNull();
  });

  it('uses only the all-states rules when the retailer’s state is unknown', () => {
    const rules = [percentRule(1, 5, { stateId: null }), percentRule(2, 40, { stateId: TELANGANA_ID })];
    expect(pickDiscount(rules, frameAt(100000, null))?.rule.id).toBe(1);
  });

  it('requires the value to be above zero and below the net price', () => {
    expect(pickDiscount([amountRule(1, 100000)], frameAt(100000))).toBeNull();
    expect(pickDiscount([percentRule(1, 100)], frameAt(100000))).toBeNull();
    expect(pickDiscount([amountRule(1, 0)], frameAt(100000))).toBeNull();
    expect(pickDiscount([percentRule(1, 0)], frameAt(100000))).toBeNull();
    expect(pickDiscount([percentRule(1, 10)], frameAt(4))).toBeNull(); // 0.4 paisa rounds to 0
    expect(pickDiscount([amountRule(1, 99999)], frameAt(100000))?.discountPaise).toBe(99999);
  });

  it('requires the net price within PriceFrom and PriceTo, inclusive, when set', () => {
    const band = amountRule(1, 5000, { priceFromPaise: 100000, priceToPaise: 200000 });
    expect(pickDiscount([band], frameAt(99999))).toBeNull();
    expect(pickDiscount([band], frameAt(100000))?.discountPaise).toBe(5000);
    expect(pickDiscount([band], frameAt(200000))?.discountPaise).toBe(5000);
    expect(pickDiscount([band], frameAt(200001))).toBeNull();
    expect(pickDiscount([amountRule(1, 5000, { priceFromPaise: 100000 })], frameAt(900000))?.discountPaise).toBe(5000);
    expect(pickDiscount([amountRule(1, 5000, { priceToPaise: 100000 })], frameAt(10000))?.discountPaise).toBe(5000);
  });

  it('returns null with no rules', () => {
    expect(pickDiscount([], frameAt(100000))).toBeNull();
  });
});

describe('rulesForState', () => {
  it('keeps the given order', () => {
    const rules = [percentRule(2, 5, { stateId: TELANGANA_ID }), percentRule(1, 5, { stateId: TELANGANA_ID })];
    expect(rulesForState(rules, TELANGANA_ID).map((r) => r.id)).toEqual([2, 1]);
  });
});

describe('discountLabel', () => {
  it('shows a percentage or a rupee amount', () => {
    expect(discountLabel(percentRule(1, 10))).toBe('10% off');
    expect(discountLabel(percentRule(1, 12.5))).toBe('12.5% off');
    expect(discountLabel(amountRule(1, 25000))).toBe('₹250.00 off');
    expect(discountLabel(amountRule(1, 12345600))).toBe('₹1,23,456.00 off');
  });
});

describe('pickDiscount properties', () => {
  const stateIds = fc.constantFrom<number | null>(null, TELANGANA_ID, KARNATAKA_ID);
  const price = fc.integer({ min: 0, max: 10 ** 8 });
  const ruleArb = fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    name: fc.constant('rule'),
    stateId: stateIds,
    usePercentage: fc.boolean(),
    discountPercentage: fc.oneof(fc.integer({ min: 0, max: 120 }), fc.constantFrom(2.5, 12.5, 0.25, 33.33)),
    discountAmountPaise: fc.integer({ min: 0, max: 10 ** 8 }),
    priceFromPaise: fc.option(price, { nil: null }),
    priceToPaise: fc.option(price, { nil: null }),
  });
  const rules = fc.array(ruleArb, { maxLength: 12 });
  const context = fc.record({ stateId: stateIds, netPricePaise: price, productTypeId: fc.integer({ min: 1, max: 6 }) });

  it('never discounts to or below zero price, and never by a negative amount', () => {
    fc.assert(
      fc.property(rules, context, (rs, ctx) => {
        const picked = pickDiscount(rs, ctx);
        return picked === null || (picked.discountPaise > 0 && picked.discountPaise < ctx.netPricePaise && Number.isSafeInteger(picked.discountPaise));
      }),
    );
  });

  it('never discounts accessories', () => {
    fc.assert(
      fc.property(rules, context, (rs, ctx) => pickDiscount(rs, { ...ctx, productTypeId: ACCESSORY_PRODUCT_TYPE_ID }) === null),
    );
  });

  it('returns the first rule reaching the maximum qualifying value of the applicable rules', () => {
    fc.assert(
      fc.property(rules, context, (rs, ctx) => {
        fc.pre(ctx.productTypeId !== ACCESSORY_PRODUCT_TYPE_ID);
        const applicable = rulesForState(rs, ctx.stateId);
        const qualifying = applicable.filter((r) => {
          const value = discountValue(r, ctx.netPricePaise);
          const inBand = (r.priceFromPaise ?? -Infinity) <= ctx.netPricePaise && ctx.netPricePaise <= (r.priceToPaise ?? Infinity);
          return value > 0 && value < ctx.netPricePaise && inBand;
        });
        const picked = pickDiscount(rs, ctx);
        if (qualifying.length === 0) return picked === null;
        const max = Math.max(...qualifying.map((r) => discountValue(r, ctx.netPricePaise)));
        const first = qualifying.find((r) => discountValue(r, ctx.netPricePaise) === max);
        return picked !== null && picked.discountPaise === max && picked.rule === first;
      }),
    );
  });

  it('only ever applies rules of the retailer’s state, or all-states rules when it has none', () => {
    fc.assert(
      fc.property(rules, context, (rs, ctx) => {
        const picked = pickDiscount(rs, ctx);
        if (picked === null) return true;
        const stateHasRules = ctx.stateId !== null && rs.some((r) => r.stateId === ctx.stateId);
        return stateHasRules ? picked.rule.stateId === ctx.stateId : picked.rule.stateId === null;
      }),
    );
  });
});
