import { messages } from '@frameport/domain/messages';
import { expressMessages } from '@frameport/domain/messages/express';
import { describe, expect, it } from 'vitest';
import { cartItem } from '../../testing/cart-fixtures.ts';
import { colourVariant, product } from '../../testing/catalogue-fixtures.ts';
import type { ImportedRow } from './import.ts';
import {
  afterAdd,
  inOrderByColour,
  linesToSend,
  listTotals,
  mergeImported,
  orderLimitReason,
  productRow,
  quantityError,
  rowsWithProblems,
  type LookupResult,
  type ProductRow,
} from './rows.ts';

const TELANGANA = { billTo: '36', company: '36' };
const KARNATAKA = { billTo: '29', company: '36' };

const aviator = product({
  productColor: [
    colourVariant(),
    colourVariant({ colorVariant: 'C2', productColorId: 102, frameColor: 'Gunmetal', availableStockQuantity: 3 }),
    colourVariant({ colorVariant: 'C3', productColorId: 103, frameColor: 'Gold', availableStockQuantity: 0 }),
  ],
});
const round = product({ productId: 2, modelName: 'VX-RD-2001', productName: 'Vistara Round', netPrice: 10.1, discountedPrice: 10.1, selectedDiscount: null });

const line = (origin: string, modelName: string, colorVariant: string, quantity: number): ImportedRow => ({
  kind: 'line',
  origin,
  text: `${modelName}, ${colorVariant}, ${quantity}`,
  modelName,
  colorVariant,
  quantity,
});
const found = (gst = TELANGANA) =>
  new Map<string, LookupResult>([
    ['vx-av-1023', { products: [aviator], gst }],
    ['vx-rd-2001', { products: [round], gst }],
    ['nope-1', { products: [], gst }],
  ]);

describe('listTotals', () => {
  it('prices every quantity as the cart will: discount per unit, then GST per line (CGST + SGST or IGST)', () => {
    const withQuantities = (gst: typeof TELANGANA): ProductRow[] => [
      { ...productRow(aviator, gst), quantities: { C1: 4 } },
      { ...productRow(round, gst), quantities: { C1: 1 } },
    ];
    // ₹900 × 4 = ₹3,600 + 5% = ₹3,780; ₹10.10 + 5%: CGST 25 + SGST 25 paise (intra) or IGST 51 paise (inter).
    expect(listTotals(withQuantities(TELANGANA))).toMatchObject({ pieces: 5, totals: { subtotalPaise: 361010, totalPaise: 378000 + 1060 } });
    expect(listTotals(withQuantities(KARNATAKA))).toMatchObject({ pieces: 5, totals: { igst: 18000 + 51, totalPaise: 378000 + 1061 } });
  });

  it('claims no GST-inclusive total while a row’s GST codes are unknown', () => {
    expect(listTotals([{ ...productRow(aviator, null), quantities: { C1: 1 } }])).toEqual({ pieces: 1, totals: null });
  });
});

describe('mergeImported', () => {
  it('adds quantities to the model’s row (one row per model) and lists what cannot be matched with its reason', () => {
    const typed: ProductRow = { ...productRow(aviator, TELANGANA), quantities: { C1: 1 } };
    const imported: ImportedRow[] = [
      line('Pasted line 1', 'vx-av-1023', 'C1', 2),
      line('Pasted line 2', 'VX-RD-2001', 'C1', 3),
      line('Pasted line 3', 'NOPE-1', 'C1', 1),
      line('Pasted line 4', 'VX-AV-1023', 'C9', 1),
      line('Pasted line 5', 'VX-AV-1023', 'C3', 1),
      { kind: 'problem', origin: 'Pasted line 6', text: 'hello', reason: expressMessages.row.columns },
    ];
    const { rows, unmatched } = mergeImported([typed], imported, found());
    expect(unmatched).toBe(4);
    expect(rows.map((row) => (row.kind === 'product' ? [row.product.modelName, row.quantities] : [row.origin, row.reason]))).toEqual([
      ['VX-AV-1023', { C1: 3 }],
      ['VX-RD-2001', { C1: 3 }],
      ['Pasted line 3', expressMessages.row.unknownModel],
      ['Pasted line 4', expressMessages.row.unknownColour],
      ['Pasted line 5', messages.quantity.outOfStock],
      ['Pasted line 6', expressMessages.row.columns],
    ]);
    // The typed row itself is not changed (the list is replaced, not mutated).
    expect(typed.quantities).toEqual({ C1: 1 });
    expect(linesToSend(rows)).toEqual([
      { ProductId: 1, ColorVariant: 'C1', Quantity: 3 },
      { ProductId: 2, ColorVariant: 'C1', Quantity: 3 },
    ]);
  });
});

describe('row problems', () => {
  it('flags stock, the per-colour limit and an out-of-stock colour on the row', () => {
    const row: ProductRow = { ...productRow(aviator, TELANGANA), quantities: { C1: 6, C2: 4, C3: 1 } };
    expect(quantityError(row, 'C2', null)).toBe('Only 3 available in stock!');
    expect(quantityError(row, 'C1', 5)).toBe(messages.quantity.modelLimitOf(5));
    expect(quantityError(row, 'C1', null)).toBeNull();
    expect(quantityError(row, 'C3', null)).toBe(messages.quantity.outOfStock);
    expect(rowsWithProblems([row], null)).toEqual([row]);
  });
});

describe('what the order holds already', () => {
  it('counts the order’s unexpired pieces of a colour against stock and the per-colour limit', () => {
    const inOrder = inOrderByColour([
      cartItem({ ProductID: 1, ColorVariant: 'C1', CartProductTotQuantity: 9 }),
      cartItem({ ProductID: 1, ColorVariant: 'c2', CartProductTotQuantity: 2 }),
      cartItem({ ProductID: 1, ColorVariant: 'C2', CartProductTotQuantity: 5, IsExpired: true }),
    ]);
    expect([...inOrder]).toEqual([
      ['1/C1', 9],
      ['1/C2', 2],
    ]);
    const row: ProductRow = { ...productRow(aviator, TELANGANA), quantities: { C1: 3, C2: 2 } };
    // C1: 9 + 3 = 12 is all the stock, but above a limit of 10; C2: 2 + 2 = 4 > 3 in stock.
    expect(quantityError(row, 'C1', 10, inOrder)).toBe(messages.quantity.modelLimitOf(10));
    expect(quantityError(row, 'C1', 20, inOrder)).toBeNull();
    expect(quantityError(row, 'C2', 20, inOrder)).toBe('Only 3 available in stock!');
    expect(rowsWithProblems([row], 20, inOrder)).toEqual([row]);
    expect(rowsWithProblems([row], 20)).toEqual([]);
  });

  it('says when the list would take the order past its quantity or value limit, with the figures', () => {
    const limits = { maxOrderQuantity: 10, maxOrderValuePaise: 500000, inOrderPieces: 8, inOrderTotalPaise: 100000 };
    const { pieces, totals } = listTotals([{ ...productRow(aviator, TELANGANA), quantities: { C1: 2 } }]);
    expect(orderLimitReason(limits, pieces, totals)).toBeNull();
    expect(orderLimitReason({ ...limits, inOrderPieces: 9 }, pieces, totals)).toBe(
      'Order quantity limit reached: your order would have 11 pcs, the most is 10.',
    );
    // ₹1,000.00 in the order + ₹1,890.00 (2 × ₹900 + 5%) = ₹2,890.00 > ₹2,500.00.
    expect(orderLimitReason({ ...limits, maxOrderValuePaise: 250000 }, pieces, totals)).toBe(
      'Order value limit reached: your order would come to ₹2,890.00 incl. GST, the most is ₹2,500.00.',
    );
  });
});

describe('afterAdd', () => {
  it('keeps only what the server skipped (with its reason) and every unmatched row', () => {
    const { rows } = mergeImported([], [line('Pasted line 1', 'VX-AV-1023', 'C1', 2), line('Pasted line 2', 'VX-AV-1023', 'C2', 1), line('Pasted line 3', 'VX-RD-2001', 'C1', 1), line('Pasted line 4', 'NOPE-1', 'C1', 1)], found());
    const next = afterAdd(rows, [{ ProductId: 1, ColorVariant: 'C2', Message: 'Only 0 available in stock!' }]);
    expect(next.map((row) => (row.kind === 'product' ? [row.product.modelName, row.quantities, row.skipped] : row.origin))).toEqual([
      ['VX-AV-1023', { C2: 1 }, { C2: 'Only 0 available in stock!' }],
      'Pasted line 4',
    ]);
  });
});
