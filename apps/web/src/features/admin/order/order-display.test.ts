import { describe, expect, it } from 'vitest';
import { auditDetailRows } from './order-display.ts';

describe('auditDetailRows', () => {
  it('writes a status change as before → after, and the other details as Field: value, leaving out empty ones', () => {
    expect(auditDetailRows({ before: 'Placed', after: 'On hold', reason: 'Waiting for stock', holdKind: 'stock', override: null })).toEqual([
      'Placed → On hold',
      'Reason: Waiting for stock',
      'Hold kind: stock',
    ]);
  });

  it('writes a list of lines as the changes per line: changed fields, removed and added lines', () => {
    const line = (orderLineId: number, productCode: string, quantity: number, total: number) => ({
      orderLineId,
      productCode,
      colorVariant: 'C3',
      quantity,
      total,
    });
    expect(
      auditDetailRows({
        before: [line(1, 'FP001415', 6, 6577.52), line(2, 'FP002423', 3, 2540.63), line(3, 'FP001100', 9, 100)],
        after: [line(1, 'FP001415', 1, 1096.25), line(3, 'FP001100', 9, 100), line(4, 'FP009999', 2, 50)],
      }),
    ).toEqual(['FP001415 C3: quantity 6 → 1; total 6577.52 → 1096.25', 'FP002423 C3: removed', 'FP009999 C3: added (quantity 2)']);
  });

  it('writes a nested { before, after } as a change of that field, and an object change field by field', () => {
    expect(auditDetailRows({ lineTotal: { before: 109625, after: 0 } })).toEqual(['Line total: 109625 → 0']);
    expect(auditDetailRows({ before: { creditLimit: 100, creditHold: false }, after: { creditLimit: 200, creditHold: false } })).toEqual([
      'Credit limit: 100 → 200',
    ]);
    expect(auditDetailRows(null)).toEqual([]);
  });

  it('names lines by model and colour, writes paise as rupees and leaves out fields that stayed empty', () => {
    const labels = new Map([[173, 'FP002423 C2']]);
    expect(
      auditDetailRows(
        { before: { status: null, ewayBillNo: null }, after: { status: 'Packing', ewayBillNo: undefined, valuePaise: 1746173, lines: [{ orderLineId: 173, quantity: 3 }] } },
        labels,
      ),
    ).toEqual(['Status: — → Packing', 'Value: — → ₹17,461.73', 'Lines: FP002423 C2: added (quantity 3)']);
    expect(auditDetailRows({ lineId: 173 }, labels)).toEqual(['Line: FP002423 C2']);
  });
});
