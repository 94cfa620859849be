import { describe, expect, it } from 'vitest';
import { cartItem } from '../testing/cart-fixtures.ts';
import { piecesInOrder } from './use-order-entry.ts';

describe('piecesInOrder (the "In your order" markers)', () => {
  it('adds up the lines of one colour, free lines too, and leaves expired lines out as the server does', () => {
    const pieces = piecesInOrder([
      cartItem({ CartProductDetailId: 1, ProductID: 1, ColorVariant: 'C1', CartProductTotQuantity: 3 }),
      cartItem({ CartProductDetailId: 2, ProductID: 1, ColorVariant: 'c1', CartProductTotQuantity: 1, IsFree: true }),
      cartItem({ CartProductDetailId: 3, ProductID: 1, ColorVariant: 'C2', CartProductTotQuantity: 5, IsExpired: true }),
      cartItem({ CartProductDetailId: 4, ProductID: 2, ColorVariant: 'C2', CartProductTotQuantity: 2 }),
    ]);
    expect(pieces.get('1:C1')).toBe(4);
    expect(pieces.has('1:C2')).toBe(false);
    expect(pieces.get('2:C2')).toBe(2);
  });
});
