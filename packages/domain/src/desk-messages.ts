import { formatInr, type Paise } from './money.ts';
import type { OrderStatus, ShipmentStatus } from './order-desk.ts';

/**
 * The back office's texts (the order desk): refusals the API sends and the screens show. Staff
 * read them, so they name the order, the shipment and what to do next.
 */
export const deskMessages = {
  order: {
    notFound: 'Order not found.',
    lineNotFound: 'This order has no such line.',
    illegal: (action: string, status: OrderStatus) => `This order is ${status}: it cannot be ${action} now.`,
    alreadyDispatched: 'Part of this order has been dispatched: it can no longer be cancelled. Cancel its open lines instead.',
    unpackFirst: (shipmentNo: number) => `Shipment ${shipmentNo} is packed. Unpack it before cancelling or editing what it carries.`,
    linePacked: (label: string) => `${label} is packed in a shipment and can no longer be edited.`,
    lineInShipment: (label: string, shipped: number) =>
      `${label} has ${shipped} in shipments: its quantity cannot go below that.`,
    nothingOpen: (label: string) => `${label} has nothing left to cancel.`,
    noLinesLeft: 'An order needs at least one line. To drop everything, cancel the order.',
    productNotFound: (code: string, variant: string) => `No active product ${code} in colour ${variant}.`,
    duplicateLine: (label: string) => `${label} is listed twice.`,
    // Editing an order's lines (PUT …/lines).
    belowCancelled: (label: string, cancelled: number) =>
      `${label} has ${cancelled} cancelled: its quantity cannot go below that.`,
    stockShort: (label: string, left: number) => `${label}: only ${left} more in stock.`,
    reasonRequired: 'Please give a reason.',
    overrideNotAllowed: 'Only accounts or an admin can confirm past the credit check.',
    releaseCreditNotAllowed: 'Only accounts or an admin can release a credit hold.',
  },
  credit: {
    hold: (reason: string | null) => `The retailer is on credit hold${reason ? `: ${reason}` : ''}.`,
    limit: (short: Paise) => `This order exceeds the retailer's available credit by ${formatInr(short)}.`,
    overdue: (days: number, overdue: Paise) =>
      `The retailer's oldest unpaid invoice is ${days} day${days === 1 ? '' : 's'} overdue (${formatInr(overdue)} overdue).`,
    refused: (reasons: string) => `Credit check failed. ${reasons} Accounts can confirm anyway with a reason.`,
    /** An edit that raises a confirmed order's value is checked as confirming it again would be. */
    editRefusedLead: 'This edit raises the confirmed order past the credit check.',
    editRefused: (reasons: string) =>
      `This edit raises the confirmed order past the credit check. ${reasons} An admin can save it anyway with a reason.`,
    editOverrideNotAllowed: 'Only an admin can save an edit past the credit check.',
    holdReasonRequired: 'Please give the reason for the credit hold.',
    retailerNotFound: 'Retailer not found.',
  },
  /** The credit panel a sales executive (or admin) sees on the purchase order before placing. */
  salesCredit: {
    title: 'Credit before placing',
    loadFailed: 'The credit position could not be loaded.',
    oldestOverdue: (days: number, invoiceNo: string | null) =>
      `Oldest overdue: ${days} day${days === 1 ? '' : 's'}${invoiceNo ? `, ${invoiceNo}` : ''}`,
    overLimit: (short: Paise) => `This order is ${formatInr(short)} more than the available credit.`,
    overdueWarning: 'Invoices are overdue: the desk may hold this order until they are paid.',
    onHold: (reason: string | null) =>
      `On credit hold${reason?.trim() ? `: ${reason.trim().replace(/\.+$/, '')}` : ''}. The desk will hold new orders.`,
    clear: 'Within the available credit, nothing overdue.',
  },
  shipment: {
    notFound: 'Shipment not found.',
    illegal: (action: string, status: ShipmentStatus) => `This shipment is ${status}: it cannot be ${action}.`,
    tooMany: (label: string, left: number) => `${label}: only ${left} left to ship.`,
    empty: 'Choose at least one line and quantity to ship.',
    orderNotShippable: (status: OrderStatus) => `This order is ${status}: confirm it (or release its hold) before shipping.`,
    ewayBillRequired: (value: Paise) =>
      `This consignment is worth ${formatInr(value)} (over ₹50,000.00): an e-way bill number is required.`,
    ewayBillFormat: 'An e-way bill number is 12 digits.',
    dispatchDateFuture: 'The dispatch date cannot be in the future.',
    dispatchDateBeforeOrder: 'The dispatch date cannot be before the order date.',
    deliveredBeforeDispatch: 'The delivery date cannot be before the dispatch date.',
    deliveredFuture: 'The delivery date cannot be in the future.',
  },
  eInvoice: {
    invoiceNotFound: 'Invoice not found.',
    noBuyerGstin: (invoiceNo: string) =>
      `Invoice ${invoiceNo}: the buyer has no GSTIN. An e-invoice (B2B) needs the buyer's GSTIN; this invoice is not e-invoiced.`,
    alreadyRegistered: (invoiceNo: string, irn: string) => `Invoice ${invoiceNo} is already registered (IRN ${irn}): its IRN cannot be changed.`,
    registered: (irn: string) => `Already registered (IRN ${irn}).`,
    noLines: (invoiceNo: string) => `Invoice ${invoiceNo} has no lines to report.`,
    notPriced: (invoiceNo: string) => `Invoice ${invoiceNo}: its shipment's lines have no amounts yet (not dispatched).`,
    roundOff: (invoiceNo: string) => `Invoice ${invoiceNo}: its lines do not add up to its amount (round-off over ₹99.99).`,
    badPin: (who: string) => `The ${who} has no valid 6-digit PIN code.`,
    badPlace: (who: string) => `The ${who} has no town or city.`,
    supplierMissing: "The company's details (corporate details) are missing: the e-invoice needs the supplier's GSTIN and address.",
    refused: (reasons: readonly string[]) => `This invoice cannot be e-invoiced: ${reasons.join(' ')}`,
    dateRange: 'The "from" date must not be after the "to" date.',
    rangeTooLong: (days: number) => `Choose at most ${days} days.`,
    invalidDate: 'Please enter a real date as YYYY-MM-DD.',
    invalidAckDate: "The acknowledgement date must be a date and time (ISO 8601, or 'YYYY-MM-DD HH:mm:ss' in India time as the IRP sends it).",
  },
  idempotency: {
    reused: 'This Idempotency-Key was already used for another request.',
  },
} as const;
