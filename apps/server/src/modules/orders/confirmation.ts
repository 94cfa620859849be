import { formatInr } from '@frameport/domain';
import type { MailMessage } from '../../adapters/mail.ts';

export type Confirmation = {
  to: string;
  businessName: string;
  orderRefNo: string;
  quantity: number;
  totalPaise: number;
};

/** The mail a retailer gets when its order is placed (queued in the order's transaction). */
export function confirmationMail(order: Confirmation): MailMessage {
  return {
    to: order.to,
    subject: `Order ${order.orderRefNo} placed`,
    text:
      `Dear ${order.businessName},\n\nYour order ${order.orderRefNo} has been placed: ` +
      `${order.quantity} pieces, ${formatInr(order.totalPaise)} including GST.\n\nThank you,\nFrameport`,
  };
}
