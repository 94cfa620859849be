import { describe, expect, it } from 'vitest';
import { retailerMessages } from './retailer-messages.ts';

const { creditHold } = retailerMessages.ordering;

describe('the credit-hold sentence retailers read', () => {
  it('wraps a reason that ends in a full stop without doubling the stop', () => {
    const text = creditHold('Invoice FP/0042 is overdue; orders wait until it is cleared. ', '040 1234 5678');
    expect(text).toContain('(Invoice FP/0042 is overdue; orders wait until it is cleared). You can keep');
    expect(text).not.toContain('.).');
  });

  it('keeps a reason without a stop as written', () => {
    expect(creditHold('overdue invoices', '040 1234 5678')).toBe(
      'Orders cannot be placed while your account is on credit hold (overdue invoices). You can keep adding to your cart. Please call 040 1234 5678 to release the hold.',
    );
  });

  it('leaves the brackets out when there is no reason or only a stop', () => {
    for (const reason of [null, '', ' . ']) {
      expect(creditHold(reason, '040 1234 5678')).toMatch(/^Orders cannot be placed while your account is on credit hold\. You can keep/u);
    }
  });
});
