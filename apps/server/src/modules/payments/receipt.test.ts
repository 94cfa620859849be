import { describe, expect, it } from 'vitest';
import { formatIstDateTime, receiptMail, SANDBOX_RECEIPT_TEXT, type Receipt } from './receipt.ts';

const base: Receipt = {
  to: 'shop@example.test',
  businessName: 'Test Opticals',
  transactionNo: 'FPTXN20261120ABCD1234',
  providerPaymentId: 'pay_Fc8mUeDrEKf08Y',
  amountPaise: 1_234_500,
  unappliedPaise: 0,
  paidAt: new Date('2026-11-20T10:00:00Z'),
  lines: [
    { invoiceNo: 'FP/26-27/00001', appliedPaise: 1_000_000, balancePaise: 0, status: 'Paid' },
    { invoiceNo: 'FP/26-27/00002', appliedPaise: 234_500, balancePaise: 65_500, status: 'Partially Paid' },
  ],
  sandbox: false,
};

describe('payment receipt mail', () => {
  it('names the amount and transaction in the subject, and every invoice in text and HTML', () => {
    const mail = receiptMail(base);
    expect(mail.to).toBe('shop@example.test');
    expect(mail.subject).toBe('Payment received: ₹12,345.00 (FPTXN20261120ABCD1234)');
    expect(mail.text).toContain('FP/26-27/00001: ₹10,000.00 applied, balance ₹0.00 (Paid)');
    expect(mail.text).toContain('FP/26-27/00002: ₹2,345.00 applied, balance ₹655.00 (Partially Paid)');
    expect(mail.text).toContain('Transaction no.: FPTXN20261120ABCD1234');
    expect(mail.text).toContain('Payment id: pay_Fc8mUeDrEKf08Y');
    expect(mail.text).toContain('Date: 20 Nov 2026, 03:30 pm IST');
    expect(mail.text).not.toContain('Credit');
    expect(mail.html).toContain('FP/26-27/00002</td>');
    expect(mail.html).toContain('₹655.00');
  });

  it('shows the credit left when no invoice could take all of it', () => {
    const mail = receiptMail({ ...base, unappliedPaise: 50_000, lines: [] });
    expect(mail.text).toContain('No open invoice could take this payment.');
    expect(mail.text).toContain('Credit on your account: ₹500.00');
    expect(mail.html).toContain('Credit on your account: <strong>₹500.00</strong>');
  });

  it('escapes what it puts into HTML', () => {
    const mail = receiptMail({ ...base, businessName: 'Tom & Jerry <b>Opticals</b>' });
    expect(mail.html).toContain('Dear Tom &amp; Jerry &lt;b&gt;Opticals&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Opticals');
    expect(mail.text).toContain('Dear Tom & Jerry <b>Opticals</b>,');
  });

  it('says first, in subject, text and HTML, that a sandbox payment moved no money', () => {
    const mail = receiptMail({ ...base, sandbox: true });
    expect(mail.subject).toBe('[Sandbox, no money moved] Payment received: ₹12,345.00 (FPTXN20261120ABCD1234)');
    expect(mail.text.split('\n')[0]).toBe(`*** ${SANDBOX_RECEIPT_TEXT} ***`);
    expect(SANDBOX_RECEIPT_TEXT).toContain('Sandbox payments — no money moves');
    expect(SANDBOX_RECEIPT_TEXT).toContain('nothing was charged');
    const html = mail.html ?? '';
    expect(html.indexOf('Frameport&#39;s payment sandbox')).toBeGreaterThan(0);
    expect(html.indexOf('Sandbox payments — no money moves')).toBeLessThan(html.indexOf('Dear Test Opticals'));

    const real = receiptMail(base);
    expect(real.subject).not.toMatch(/sandbox/i);
    expect(real.text).not.toMatch(/sandbox/i);
    expect(real.html).not.toMatch(/sandbox/i);
  });

  it('dates in India time', () => {
    expect(formatIstDateTime(new Date('2026-03-31T19:00:00Z'))).toBe('01 Apr 2026, 12:30 am IST');
  });
});
