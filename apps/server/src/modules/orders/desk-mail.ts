/**
 * The desk's mails to the retailer and its linked sales executives (queued through notify.ts in the
 * decision's transaction): the order confirmed, put on hold (with the reason), released, cancelled,
 * a line's open pieces cancelled (with the reason). Plain text and simple HTML, every value escaped.
 */
import { formatInr, HOLD_KIND_LABELS, type HoldKind } from '@frameport/domain';
import type { MailMessage } from '../../adapters/mail.ts';
import { escapeHtml } from '../../adapters/payments/html.ts';
import type { Recipient } from './notify.ts';

export type DeskMailOrder = { orderRefNo: string; retailerName: string; totalPaise: number };

export type DeskEvent =
  | { kind: 'confirmed' }
  | { kind: 'held'; holdKind: HoldKind; reason: string }
  | { kind: 'released' }
  | { kind: 'cancelled'; reason: string }
  | { kind: 'lineCancelled'; line: string; pieces: number; reason: string };

function subjectOf(event: DeskEvent, ref: string): string {
  switch (event.kind) {
    case 'confirmed':
      return `Order ${ref} confirmed`;
    case 'held':
      return `Order ${ref} on hold`;
    case 'released':
      return `Order ${ref} released from hold`;
    case 'cancelled':
      return `Order ${ref} cancelled`;
    case 'lineCancelled':
      return `Order ${ref}: ${event.line} cancelled`;
  }
}

/** What happened, one paragraph, and the reason when there is one. */
function bodyOf(event: DeskEvent, order: DeskMailOrder, recipient: Recipient): { said: string; reason: string | null } {
  const whose = recipient.kind === 'retailer' ? `Your order ${order.orderRefNo}` : `Order ${order.orderRefNo} of ${order.retailerName}`;
  switch (event.kind) {
    case 'confirmed':
      return { said: `${whose} (${formatInr(order.totalPaise)} including GST) has been confirmed and will be packed for dispatch.`, reason: null };
    case 'held':
      return { said: `${whose} has been put on hold (${HOLD_KIND_LABELS[event.holdKind].toLowerCase()}).`, reason: event.reason };
    case 'released':
      return { said: `${whose} has been released from hold and is being processed again.`, reason: null };
    case 'cancelled':
      return { said: `${whose} has been cancelled.`, reason: event.reason };
    case 'lineCancelled':
      return {
        said: `${event.pieces} piece${event.pieces === 1 ? '' : 's'} of ${event.line} in ${whose.charAt(0).toLowerCase()}${whose.slice(1)} ${event.pieces === 1 ? 'has' : 'have'} been cancelled. The order total is now ${formatInr(order.totalPaise)} including GST.`,
        reason: event.reason,
      };
  }
}

/** One recipient's mail about `event` on `order`. */
export function deskMail(event: DeskEvent, order: DeskMailOrder, recipient: Recipient): MailMessage {
  const { said, reason } = bodyOf(event, order, recipient);
  const text = [
    `Dear ${recipient.name},`,
    '',
    said,
    ...(reason ? ['', `Reason: ${reason}`] : []),
    '',
    'Frameport',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1b2430">
<p>Dear ${escapeHtml(recipient.name)},</p>
<p>${escapeHtml(said)}</p>
${reason ? `<p><strong>Reason:</strong> ${escapeHtml(reason)}</p>\n` : ''}<p>Frameport</p>
</body></html>`;
  return { to: recipient.email, subject: subjectOf(event, order.orderRefNo), text, html };
}
