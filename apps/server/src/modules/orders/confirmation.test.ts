import { describe, expect, it } from 'vitest';
import { confirmationMail } from './confirmation.ts';

describe('confirmationMail', () => {
  it('names the order, its pieces and its total with GST', () => {
    const mail = confirmationMail({
      to: 'shop@example.test',
      businessName: 'Vision Opticals',
      orderRefNo: 'FP/2026-27/000042',
      quantity: 12,
      totalPaise: 1_234_550,
    });
    expect(mail).toEqual({
      to: 'shop@example.test',
      subject: 'Order FP/2026-27/000042 placed',
      text: 'Dear Vision Opticals,\n\nYour order FP/2026-27/000042 has been placed: 12 pieces, ₹12,345.50 including GST.\n\nThank you,\nFrameport',
    });
  });
});
