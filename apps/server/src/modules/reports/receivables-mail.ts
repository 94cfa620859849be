/**
 * The payment reminder a retailer gets from the receivables screen: its statement of open invoices
 * (number, date, due date, days overdue, balance) with the total, and a payment link for the whole
 * open balance. Plain text and simple HTML, every value escaped.
 */
import { formatInr, rupeesToPaise } from '@frameport/domain';
import type { ReceivableInvoice } from '@frameport/domain/contract';
import type { MailMessage } from '../../adapters/mail.ts';
import { escapeHtml } from '../../adapters/payments/html.ts';

export type ReminderMail = {
  to: string;
  businessName: string;
  asOf: string;
  invoices: readonly ReceivableInvoice[];
  totalPaise: number;
  overduePaise: number;
  paymentUrl: string;
  /** The link is the payment sandbox's: no money moves. */
  sandbox: boolean;
};

const ageOf = (invoice: ReceivableInvoice) => (invoice.daysOverdue > 0 ? `${invoice.daysOverdue} days overdue` : 'not yet due');

export function reminderMail(mail: ReminderMail): MailMessage {
  const total = formatInr(mail.totalPaise);
  const overdue = mail.overduePaise > 0 ? `, of which ${formatInr(mail.overduePaise)} is overdue` : '';
  const said = `Your account with Frameport shows ${total} outstanding on ${mail.asOf}${overdue}.`;
  const sandboxNote = 'This is a payment sandbox link: no money moves when it is paid.';
  const text = [
    `Dear ${mail.businessName},`,
    '',
    said,
    '',
    'Open invoices:',
    ...mail.invoices.map(
      (invoice) =>
        `  ${invoice.invoiceNo}  dated ${invoice.invoiceDate}  due ${invoice.dueDate}  ${ageOf(invoice)}  balance ${formatInr(rupeesToPaise(invoice.balance))}`,
    ),
    `Total outstanding: ${total}`,
    '',
    `Pay the open balance online: ${mail.paymentUrl}`,
    ...(mail.sandbox ? [sandboxNote] : []),
    'The link is valid for 24 hours. If you have already paid, please ignore this reminder.',
    '',
    'Frameport accounts',
  ].join('\n');
  const rows = mail.invoices
    .map(
      (invoice) =>
        `<tr><td>${escapeHtml(invoice.invoiceNo)}</td><td>${escapeHtml(invoice.invoiceDate)}</td><td>${escapeHtml(invoice.dueDate)}</td>` +
        `<td>${escapeHtml(ageOf(invoice))}</td><td style="text-align:right">${escapeHtml(formatInr(rupeesToPaise(invoice.balance)))}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1b2430">
<p>Dear ${escapeHtml(mail.businessName)},</p>
<p>${escapeHtml(said)}</p>
<table cellpadding="4" style="border-collapse:collapse">
<thead><tr><th align="left">Invoice</th><th align="left">Date</th><th align="left">Due</th><th align="left">Age</th><th align="right">Balance</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th colspan="4" align="left">Total outstanding</th><th align="right">${escapeHtml(total)}</th></tr></tfoot>
</table>
<p><a href="${escapeHtml(mail.paymentUrl)}">Pay ${escapeHtml(total)} online</a></p>
${mail.sandbox ? `<p><strong>${escapeHtml(sandboxNote)}</strong></p>\n` : ''}<p>The link is valid for 24 hours. If you have already paid, please ignore this reminder.</p>
<p>Frameport accounts</p>
</body></html>`;
  return { to: mail.to, subject: `Payment reminder: ${total} outstanding`, text, html };
}
