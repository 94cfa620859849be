/** Invoice rows → the contract's shapes (spec section 3, Invoice). Money leaves the server as rupees. */
import { daysOverdue, dueDateOf, paiseToRupees, type InvoicePaymentStatus, type Paise } from '@frameport/domain';
import { invoiceDocumentPath, type InvoiceRow } from '@frameport/domain/contract';

/** One invoice as the service reads it (camelCase, paise). */
export type InvoiceView = {
  id: number;
  invoiceNo: string;
  /** 'YYYY-MM-DD' */
  invoiceDate: string;
  /** 'YYYY-MM-DD': set on invoices raised at dispatch (the retailer's terms then); null on older ones. */
  dueDate: string | null;
  amountPaise: Paise;
  paidPaise: Paise;
  balancePaise: Paise;
  paymentStatus: InvoicePaymentStatus;
  orderId: number;
  orderRefNo: string;
};

/**
 * The invoice's row: its stored due date (the retailer's payment terms when it was raised), else the
 * default credit period after its date; days overdue as of `today` (0 once nothing is due).
 */
export function toInvoiceRow(invoice: InvoiceView, { creditDays, today }: { creditDays: number; today: string }): InvoiceRow {
  const dueDate = invoice.dueDate ?? dueDateOf(invoice.invoiceDate, creditDays);
  return {
    InvoiceID: invoice.id,
    InvoiceNo: invoice.invoiceNo,
    InvoiceDate: invoice.invoiceDate,
    InvoiceAmount: paiseToRupees(invoice.amountPaise),
    PaymentAmount: paiseToRupees(invoice.paidPaise),
    BalanceAmount: paiseToRupees(invoice.balancePaise),
    PaymentStatus: invoice.paymentStatus,
    DocumentURL: invoiceDocumentPath(invoice.id),
    OrderID: invoice.orderId,
    OrderRefNo: invoice.orderRefNo,
    DueDate: dueDate,
    DaysOverdue: invoice.balancePaise > 0 ? daysOverdue(dueDate, today) : 0,
  };
}
