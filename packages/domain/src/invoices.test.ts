import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocatePayment,
  checkAmountToPay,
  daysOverdue,
  dueDateOf,
  financialYearOf,
  INVOICE_NUMBER_PATTERN,
  istDateOf,
  paymentStatusOf,
  type OpenInvoice,
} from './invoices.ts';
import { messages } from './messages.ts';
import { invoiceMessages } from './messages/invoices.ts';
import { formatInvoiceNo } from './numbering.ts';

describe('messages.payment and invoiceMessages', () => {
  it('keeps the spec texts verbatim, spelling included', () => {
    expect(messages.payment.amountRequired).toBe('Please enter amount to pay');
    expect(messages.payment.amountTooHigh).toBe('Your amout to pay not greater than your total due amount.');
    expect(messages.payment.forTransaction).toBe('For this transactionNo');
    expect(invoiceMessages.notFound).toBe('Invoices not found.');
    expect(invoiceMessages.noData).toBe('No Data Found');
  });
});

describe('checkAmountToPay', () => {
  const due = 1_234_550; // ₹12,345.50

  it('asks for an amount when none is given', () => {
    for (const input of [undefined, null, '', '   ']) {
      expect(checkAmountToPay(input, due)).toEqual({ ok: false, message: messages.payment.amountRequired });
    }
  });

  it('refuses more than the total due, compared in paise (the due rounded to 2 decimals)', () => {
    expect(checkAmountToPay(12345.51, due)).toEqual({ ok: false, message: messages.payment.amountTooHigh });
    expect(checkAmountToPay('12345.51', due)).toEqual({ ok: false, message: messages.payment.amountTooHigh });
    expect(checkAmountToPay('1e9', due)).toEqual({ ok: false, message: messages.payment.amountTooHigh });
    expect(checkAmountToPay(12345.5, due)).toEqual({ ok: true, paise: 1_234_550 });
    expect(checkAmountToPay('12345.50', due)).toEqual({ ok: true, paise: 1_234_550 });
  });

  it('refuses zero, negative amounts, more than 2 decimals and text that is not a number', () => {
    expect(checkAmountToPay(0, due)).toEqual({ ok: false, message: messages.payment.amountNotPositive });
    expect(checkAmountToPay('-5', due)).toEqual({ ok: false, message: messages.payment.amountNotPositive });
    expect(checkAmountToPay('0.00', due)).toEqual({ ok: false, message: messages.payment.amountNotPositive });
    expect(checkAmountToPay('10.005', due)).toEqual({ ok: false, message: messages.payment.amountDecimals });
    expect(checkAmountToPay(10.005, due)).toEqual({ ok: false, message: messages.payment.amountDecimals });
    expect(checkAmountToPay('ten', due)).toEqual({ ok: false, message: messages.payment.amountDecimals });
    expect(checkAmountToPay('1,000', due)).toEqual({ ok: false, message: messages.payment.amountDecimals });
    expect(checkAmountToPay(Number.NaN, due)).toEqual({ ok: false, message: messages.payment.amountDecimals });
  });

  it('accepts every whole-paise amount from 1 paisa up to the due, exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_00 }), fc.integer({ min: 0, max: 10_000_000_00 }), (paise, extra) => {
        const rupees = (paise / 100).toFixed(2);
        expect(checkAmountToPay(rupees, paise + extra)).toEqual({ ok: true, paise });
        expect(checkAmountToPay(Number(rupees), paise + extra)).toEqual({ ok: true, paise });
        if (paise > 1) expect(checkAmountToPay(rupees, paise - 1).ok).toBe(false);
      }),
    );
  });
});

describe('allocatePayment', () => {
  const open: OpenInvoice[] = [
    { id: 3, invoiceDate: '2026-10-05', balancePaise: 30_000 },
    { id: 1, invoiceDate: '2026-09-01', balancePaise: 10_000 },
    { id: 2, invoiceDate: '2026-09-01', balancePaise: 20_000 },
    { id: 4, invoiceDate: '2026-11-01', balancePaise: 0 },
  ];

  it('pays the oldest open invoices first (date, then id) and skips paid ones', () => {
    expect(allocatePayment(25_000, open)).toEqual({
      allocations: [
        { invoiceId: 1, amountPaise: 10_000 },
        { invoiceId: 2, amountPaise: 15_000 },
      ],
      unappliedPaise: 0,
    });
  });

  it('pays the chosen invoices first, oldest first, then the others', () => {
    expect(allocatePayment(35_000, open, [3, 2])).toEqual({
      allocations: [
        { invoiceId: 2, amountPaise: 20_000 },
        { invoiceId: 3, amountPaise: 15_000 },
      ],
      unappliedPaise: 0,
    });
    expect(allocatePayment(55_000, open, [3])).toEqual({
      allocations: [
        { invoiceId: 3, amountPaise: 30_000 },
        { invoiceId: 1, amountPaise: 10_000 },
        { invoiceId: 2, amountPaise: 15_000 },
      ],
      unappliedPaise: 0,
    });
  });

  it('keeps what no invoice can take as unapplied credit', () => {
    expect(allocatePayment(70_000, open)).toEqual({
      allocations: [
        { invoiceId: 1, amountPaise: 10_000 },
        { invoiceId: 2, amountPaise: 20_000 },
        { invoiceId: 3, amountPaise: 30_000 },
      ],
      unappliedPaise: 10_000,
    });
    expect(allocatePayment(5_000, [])).toEqual({ allocations: [], unappliedPaise: 5_000 });
  });

  it('never over-pays an invoice and always accounts for every paisa', () => {
    const invoice = fc.record({
      id: fc.integer({ min: 1, max: 10_000 }),
      invoiceDate: fc.constantFrom('2026-04-01', '2026-06-15', '2026-11-20'),
      balancePaise: fc.integer({ min: 0, max: 5_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(invoice, { selector: (i) => i.id, maxLength: 12 }),
        fc.integer({ min: 0, max: 40_000_000 }),
        fc.boolean(),
        (invoices, amount, choose) => {
          const chosen = choose ? invoices.filter((_, index) => index % 2 === 0).map((i) => i.id) : null;
          const { allocations, unappliedPaise } = allocatePayment(amount, invoices, chosen);
          const applied = allocations.reduce((sum, a) => sum + a.amountPaise, 0);
          expect(applied + unappliedPaise).toBe(amount);
          expect(unappliedPaise).toBeGreaterThanOrEqual(0);
          for (const a of allocations) {
            const target = invoices.find((i) => i.id === a.invoiceId)!;
            expect(a.amountPaise).toBeGreaterThan(0);
            expect(a.amountPaise).toBeLessThanOrEqual(target.balancePaise);
          }
          const totalDue = invoices.reduce((sum, i) => sum + i.balancePaise, 0);
          expect(unappliedPaise).toBe(Math.max(0, amount - totalDue));
        },
      ),
    );
  });
});

describe('invoice numbering and dates', () => {
  it('numbers invoices per financial year within Rule 46’s 16 characters', () => {
    expect(formatInvoiceNo('2026-27', 1)).toBe('FP/26-27/00001');
    expect(formatInvoiceNo('2026-27', 99_999)).toBe('FP/26-27/99999');
    expect(formatInvoiceNo('2026-27', 42)).toMatch(INVOICE_NUMBER_PATTERN);
    expect(() => formatInvoiceNo('2026-27', 0)).toThrow(RangeError);
    expect(() => formatInvoiceNo('2026-27', 100_000)).toThrow(RangeError);
    expect(() => formatInvoiceNo('26-27', 1)).toThrow(RangeError);
  });

  it('reads the financial year and the date in India time', () => {
    // 31 March 2027, 23:00 IST is still 2026-27; 1 April 00:30 IST is 2027-28.
    expect(financialYearOf(new Date('2027-03-31T17:30:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T19:00:00Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2026-11-20T10:00:00Z'))).toBe('2026-27');
    expect(istDateOf(new Date('2026-11-20T19:00:00Z'))).toBe('2026-11-21');
  });

  it('derives due dates, days overdue and the payment status', () => {
    expect(dueDateOf('2026-10-15', 30)).toBe('2026-11-14');
    expect(dueDateOf('2027-02-15', 30)).toBe('2027-03-17');
    expect(daysOverdue('2026-11-14', '2026-11-20')).toBe(6);
    expect(daysOverdue('2026-11-20', '2026-11-20')).toBe(0);
    expect(daysOverdue('2026-12-01', '2026-11-20')).toBe(0);
    expect(paymentStatusOf(10_000, 0)).toBe('Unpaid');
    expect(paymentStatusOf(10_000, 1)).toBe('Partially Paid');
    expect(paymentStatusOf(10_000, 10_000)).toBe('Paid');
  });
});
