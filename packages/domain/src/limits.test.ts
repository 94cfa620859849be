import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cartLineProblems, orderLimitProblem, QUANTITY_MAX, QUANTITY_MIN, quantityProblem, sanitiseQuantity } from './limits.ts';
import { messages } from './messages.ts';

describe('messages.quantity', () => {
  it('keeps the spec texts verbatim', () => {
    expect(messages.quantity.range).toBe('Please enter quantity between 0 to 100');
    expect(messages.quantity.onlyInStock(7)).toBe('Only 7 available in stock!');
    expect(messages.quantity.placeOrderStock(3)).toBe(
      "We're sorry, only 3 items are left in stock. Please update quantity to place order",
    );
    expect(messages.quantity.modelLimit).toBe('Model quantity limit reached for this color');
    expect(messages.quantity.modelLimitOf(20)).toBe('Model quantity limit reached for this color (max 20 per colour)');
    expect(messages.quantity.orderQuantityLimit).toBe('Order quantity limit reached');
    expect(messages.quantity.orderValueLimit).toBe('Order value limit reached');
  });
});

describe('sanitiseQuantity', () => {
  it('turns negative, NaN and non-finite values into 0', () => {
    expect(sanitiseQuantity(-3)).toBe(0);
    expect(sanitiseQuantity(Number.NaN)).toBe(0);
    expect(sanitiseQuantity(Number.POSITIVE_INFINITY)).toBe(0);
    expect(sanitiseQuantity('abc')).toBe(0);
    expect(sanitiseQuantity('')).toBe(0);
    expect(sanitiseQuantity('  ')).toBe(0);
  });

  it('floors fractions and reads typed text', () => {
    expect(sanitiseQuantity(2.9)).toBe(2);
    expect(sanitiseQuantity('12')).toBe(12);
    expect(sanitiseQuantity(' 5 ')).toBe(5);
    expect(sanitiseQuantity(150)).toBe(150); // out of range stays visible, for quantityProblem to flag
  });

  it('always gives a non-negative integer (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.string()), (value) => {
        const quantity = sanitiseQuantity(value);
        return Number.isInteger(quantity) && quantity >= 0;
      }),
    );
  });
});

describe('quantityProblem', () => {
  it('accepts a quantity within range, stock and limit', () => {
    expect(quantityProblem({ quantity: 5, stock: 10, maxPerVariant: 20 })).toBeNull();
    expect(quantityProblem({ quantity: 10, stock: 10, maxPerVariant: 10 })).toBeNull();
    expect(quantityProblem({ quantity: 100, stock: 500 })).toBeNull();
  });

  it('ignores a zero quantity', () => {
    expect(quantityProblem({ quantity: 0, stock: 0, maxPerVariant: 0, alreadyInCart: 5 })).toBeNull();
  });

  it('flags quantities outside 0 to 100', () => {
    const range = { kind: 'range', message: 'Please enter quantity between 0 to 100' };
    expect(quantityProblem({ quantity: 101, stock: 500 })).toEqual(range);
    expect(quantityProblem({ quantity: -1, stock: 500 })).toEqual(range);
    expect(quantityProblem({ quantity: 1.5, stock: 500 })).toEqual(range);
    expect(quantityProblem({ quantity: Number.NaN, stock: 500 })).toEqual(range);
  });

  it('flags more than the stock', () => {
    expect(quantityProblem({ quantity: 11, stock: 10 })).toEqual({ kind: 'stock', message: 'Only 10 available in stock!' });
    expect(quantityProblem({ quantity: 1, stock: 0 })).toEqual({ kind: 'stock', message: 'Out of stock' });
    expect(quantityProblem({ quantity: 1, stock: -2 })).toEqual({ kind: 'stock', message: 'Out of stock' });
  });

  it('counts what is already in the cart against stock and limit', () => {
    expect(quantityProblem({ quantity: 4, stock: 10, alreadyInCart: 7 })?.message).toBe('Only 10 available in stock!');
    expect(quantityProblem({ quantity: 4, stock: 50, maxPerVariant: 10, alreadyInCart: 7 })).toEqual({
      kind: 'limit',
      message: 'Model quantity limit reached for this color (max 10 per colour)',
    });
    expect(quantityProblem({ quantity: 3, stock: 10, maxPerVariant: 10, alreadyInCart: 7 })).toBeNull();
  });

  it('checks stock before the per-variant limit', () => {
    expect(quantityProblem({ quantity: 20, stock: 5, maxPerVariant: 3 })?.kind).toBe('stock');
  });

  it('treats a missing per-variant limit as none', () => {
    expect(quantityProblem({ quantity: 100, stock: 100, maxPerVariant: null })).toBeNull();
  });

  it('returns no problem only for quantities within every bound (property)', () => {
    const count = fc.integer({ min: -5, max: 150 });
    fc.assert(
      fc.property(
        fc.oneof(count, fc.double({ min: -5, max: 150 })),
        count,
        fc.option(count, { nil: null }),
        fc.integer({ min: 0, max: 150 }),
        (quantity, stock, maxPerVariant, alreadyInCart) => {
          const problem = quantityProblem({ quantity, stock, maxPerVariant, alreadyInCart });
          if (problem !== null) return problem.message.length > 0;
          const inRange = Number.isInteger(quantity) && quantity >= QUANTITY_MIN && quantity <= QUANTITY_MAX;
          const total = alreadyInCart + quantity;
          return inRange && (quantity === 0 || (total <= stock && (maxPerVariant === null || total <= maxPerVariant)));
        },
      ),
    );
  });
});

describe('orderLimitProblem', () => {
  it('passes when within limits or when no limits are set', () => {
    expect(orderLimitProblem({ totalQuantity: 50, totalValuePaise: 100000, maxOrderQuantity: 50, maxOrderValuePaise: 100000 })).toBeNull();
    expect(orderLimitProblem({ totalQuantity: 5000, totalValuePaise: 10 ** 12 })).toBeNull();
  });

  it('flags the order quantity limit first, then the value limit', () => {
    expect(orderLimitProblem({ totalQuantity: 51, totalValuePaise: 10 ** 9, maxOrderQuantity: 50, maxOrderValuePaise: 100000 })).toEqual({
      kind: 'orderQuantity',
      message: 'Order quantity limit reached',
    });
    expect(orderLimitProblem({ totalQuantity: 50, totalValuePaise: 100001, maxOrderQuantity: 50, maxOrderValuePaise: 100000 })).toEqual({
      kind: 'orderValue',
      message: 'Order value limit reached',
    });
  });
});

describe('cartLineProblems', () => {
  const line = (id: number, variantId: number, quantity: number, stock: number, isFree = false) => ({ id, variantId, quantity, stock, isFree });

  it('flags a line whose colour now has less stock than it asks, with the pieces left', () => {
    const problems = cartLineProblems([line(1, 10, 5, 3), line(2, 11, 2, 9)], 20);
    expect([...problems]).toEqual([[1, { kind: 'stock', message: messages.quantity.placeOrderStock(3) }]]);
  });

  it('counts a free line of the colour against its stock, and flags both lines', () => {
    const problems = cartLineProblems([line(1, 10, 4, 5), line(2, 10, 2, 5, true)], 20);
    expect([...problems.keys()]).toEqual([1, 2]);
    expect(problems.get(2)!.kind).toBe('stock');
  });

  it('flags paid pieces of a colour above the per-colour limit with the limit; free pieces do not count', () => {
    const problems = cartLineProblems([line(1, 10, 21, 50), line(2, 10, 5, 50, true)], 20);
    expect([...problems]).toEqual([[1, { kind: 'limit', message: 'Model quantity limit reached for this color (max 20 per colour)' }]]);
    expect(cartLineProblems([line(1, 10, 20, 50), line(2, 10, 5, 50, true)], 20).size).toBe(0);
    expect(cartLineProblems([line(1, 10, 90, 100)], null).size).toBe(0);
  });

  it('says 0 left, not a negative number, when stock went below zero', () => {
    expect(cartLineProblems([line(1, 10, 1, -2)], null).get(1)!.message).toBe(messages.quantity.placeOrderStock(0));
  });
});
