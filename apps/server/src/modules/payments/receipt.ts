import { formatInr, type InvoicePaymentStatus } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import type { MailMessage } from '../../adapters/mail.ts';
import { escapeHtml } from '../../adapters/payments/html.ts';

/** One invoice a payment went to, as it stands after the payment. */
export type ReceiptLine = {
  invoiceNo: string;
  appliedPaise: number;
  balancePaise: number;
  status: InvoicePaymentStatus;
};

export type Receipt = {
  to: string;
  businessName: string;
  transactionNo: string;
  providerPaymentId: string | null;
  amountPaise: number;
  /** What no open invoice could take: a credit on the account. */
  unappliedPaise: number;
  paidAt: Date;
  lines: ReceiptLine[];
  /** Paid in the payment sandbox: the invoices are marked paid, but no money moved. */
  sandbox: boolean;
};

/** What a sandbox receipt says first, so nobody books it as money received. */
export const SANDBOX_RECEIPT_TEXT = `${messages.payment.sandboxNotice}. This payment was made in Frameport's payment sandbox (a test setup): the invoices below are marked paid, but nothing was charged.`;

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '20 Nov 2026, 03:30 pm IST' */
export function formatIstDateTime(at: Date): string {
  return `${dateFormat.format(at)} IST`;
}

/**
 * The receipt a retailer gets once a payment is applied: text and simple HTML, every value escaped.
 * A sandbox payment says so in the subject and before anything else.
 */
export function receiptMail(receipt: Receipt): MailMessage {
  const amount = formatInr(receipt.amountPaise);
  const date = formatIstDateTime(receipt.paidAt);
  const paymentId = receipt.providerPaymentId ?? '-';
  const credit = receipt.unappliedPaise > 0 ? formatInr(receipt.unappliedPaise) : null;

  const textLines = receipt.lines.map(
    (line) =>
      `  ${line.invoiceNo}: ${formatInr(line.appliedPaise)} applied, balance ${formatInr(line.balancePaise)} (${line.status})`,
  );
  const text = [
    ...(receipt.sandbox ? [`*** ${SANDBOX_RECEIPT_TEXT} ***`, ''] : []),
    `Dear ${receipt.businessName},`,
    '',
    `We have received your payment of ${amount}. Thank you!`,
    '',
    `Transaction no.: ${receipt.transactionNo}`,
    `Payment id: ${paymentId}`,
    `Date: ${date}`,
    '',
    receipt.lines.length ? 'Invoices paid:' : 'No open invoice could take this payment.',
    ...textLines,
    ...(credit ? ['', `Credit on your account: ${credit} (it will be set against your next invoices).`] : []),
    '',
    'Frameport',
  ].join('\n');

  const cell = 'style="padding:4px 8px;border:1px solid #d0d7e2;text-align:left"';
  const rows = receipt.lines
    .map(
      (line) =>
        `<tr><td ${cell}>${escapeHtml(line.invoiceNo)}</td><td ${cell}>${escapeHtml(formatInr(line.appliedPaise))}</td>` +
        `<td ${cell}>${escapeHtml(formatInr(line.balancePaise))}</td><td ${cell}>${escapeHtml(line.status)}</td></tr>`,
    )
    .join('');
  const table = receipt.lines.length
    ? `<table style="border-collapse:collapse"><thead><tr><th ${cell}>Invoice no.</th><th ${cell}>Amount applied</th>` +
      `<th ${cell}>Balance left</th><th ${cell}>Status</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No open invoice could take this payment.</p>';
  const sandboxNote = receipt.sandbox
    ? `<p style="background:#fff3bf;border:2px solid #b08800;padding:8px 12px;font-weight:bold">${escapeHtml(SANDBOX_RECEIPT_TEXT)}</p>\n`
    : '';
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1b2430">
${sandboxNote}<p>Dear ${escapeHtml(receipt.businessName)},</p>
<p>We have received your payment of <strong>${escapeHtml(amount)}</strong>. Thank you!</p>
<p>Transaction no.: ${escapeHtml(receipt.transactionNo)}<br>Payment id: ${escapeHtml(paymentId)}<br>Date: ${escapeHtml(date)}</p>
${table}
${credit ? `<p>Credit on your account: <strong>${escapeHtml(credit)}</strong> (it will be set against your next invoices).</p>` : ''}
<p>Frameport</p>
</body></html>`;

  const subject = `${receipt.sandbox ? '[Sandbox, no money moved] ' : ''}Payment received: ${amount} (${receipt.transactionNo})`;
  return { to: receipt.to, subject, text, html };
}
