/** Order rows → the spec's shapes (section 3). Money leaves the server as rupees. */
import { backorderedOf, paiseToRupees } from '@frameport/domain';
import {
  invoiceDocumentPath,
  type OrderDetailLine,
  type OrderDetailsResponse,
  type OrderShipment,
  type OrderSummary,
  type OrderTimelineEntry,
  type RetailerCreditPosition,
} from '@frameport/domain/contract';
import type { orderLines, orders, OrderStatusHistoryRow, Shipment } from '../../db/schema.ts';
import type { RetailerCreditBook } from './credit.ts';
import type { LineShipped } from './status.ts';

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

export function toMyOrder(order: OrderRow): OrderSummary {
  return {
    OrderID: order.id,
    OrderStatus: order.status,
    OrderRefNo: order.orderRefNo,
    OrderDate: order.placedAt.toISOString(),
    OrderTotalAmt: paiseToRupees(order.taxablePaise),
    OrderNetTotalAmt: paiseToRupees(order.totalPaise),
    OrderItemTotal: order.totalQuantity,
  };
}

function toLine(order: OrderRow, line: OrderLineRow, shipped: LineShipped | undefined): OrderDetailLine {
  const dispatchedQuantity = shipped?.dispatchedQuantity ?? 0;
  const quantities = {
    quantity: line.quantity,
    // A cancelled order's open pieces are cancelled with it, whatever its lines record.
    cancelledQuantity: order.cancelledAt !== null ? Math.max(line.cancelledQuantity, line.quantity - dispatchedQuantity) : line.cancelledQuantity,
    dispatchedQuantity,
    deliveredQuantity: shipped?.deliveredQuantity ?? 0,
  };
  const backordered = backorderedOf(quantities);
  return {
    OrderRefNo: order.orderRefNo,
    OrderDate: order.placedAt.toISOString(),
    OrderStatus: order.status,
    ProductName: line.productName,
    ProductCode: line.productCode,
    ProductID: line.productId,
    ProductTypeID: line.productTypeId,
    SizeName: line.sizeName,
    ColorName: line.colourName,
    TempleColorName: line.templeColourName,
    ColorVariant: line.colorVariant,
    ProductQty: line.quantity,
    ProductListPrice: paiseToRupees(line.unitPricePaise),
    ProductTotAmt: paiseToRupees(line.lineTotalPaise),
    TaxableAmt: paiseToRupees(line.taxablePaise),
    Image: line.imageUrl,
    HSNCode: line.hsnCode,
    IGSTValue: paiseToRupees(line.igstPaise),
    CGSTValue: paiseToRupees(line.cgstPaise),
    SGSTValue: paiseToRupees(line.sgstPaise),
    IGSTRate: line.igstRatePercent,
    CGSTRate: line.cgstRatePercent,
    SGSTRate: line.sgstRatePercent,
    GSTStateCode: order.billToStateCode,
    IsFree: line.isFree,
    Discount:
      line.discountPerUnitPaise > 0 && line.discountRuleId !== null
        ? {
            UsePercentage: '0',
            DiscountPercentage: 0,
            DiscountAmount: paiseToRupees(line.discountPerUnitPaise),
            TotalDiscount: paiseToRupees(line.discountPerUnitPaise),
            DiscountName: line.discountName ?? '',
            DiscountId: line.discountRuleId,
          }
        : null,
    DispatchedQty: quantities.dispatchedQuantity,
    BackorderedQty: backordered,
    CancelledQty: quantities.cancelledQuantity,
    // An ETA only means something while pieces are still to come.
    ExpectedDate: backordered > 0 ? line.backorderExpectedDate : null,
  };
}

/** A shipment that has left, with what it carries and its invoice (one per shipment). */
export type ShipmentView = Shipment & {
  lines: { productCode: string; colorVariant: string; quantity: number; gstRatePercent: number; orderedGstRatePercent: number }[];
  invoice: { id: number; invoiceNo: string } | null;
};

export type DetailsParts = {
  lines: OrderLineRow[];
  shipped: LineShipped[];
  history: OrderStatusHistoryRow[];
  /** Dispatched or delivered shipments only. */
  shipments: ShipmentView[];
};

export function toOrderDetails(order: OrderRow, parts: DetailsParts): OrderDetailsResponse {
  const shippedById = new Map(parts.shipped.map((line) => [line.id, line]));
  return {
    lines: parts.lines.map((line) => toLine(order, line, shippedById.get(line.id))),
    OrderID: order.id,
    OrderRefNo: order.orderRefNo,
    OrderDate: order.placedAt.toISOString(),
    OrderStatus: order.status,
    Note: order.note,
    CartTotPrice: paiseToRupees(order.taxablePaise),
    TotalDiscount: paiseToRupees(order.discountPaise),
    TotalIGSTValue: paiseToRupees(order.igstPaise),
    TotalSGSTValue: paiseToRupees(order.sgstPaise),
    TotalCGSTValue: paiseToRupees(order.cgstPaise),
    CartProductTotPricewithGST: paiseToRupees(order.totalPaise),
    billTo: {
      BusinessName: order.billToBusinessName,
      Address: order.billToAddress,
      City: order.billToCity,
      State: order.billToState,
      GSTStateCode: order.billToStateCode,
      Country: order.billToCountry,
      PinCode: order.billToPinCode,
      GSTIN: order.billToGstin,
    },
    Timeline: timelineOf(order, parts.history, parts.shipments),
    Shipments: parts.shipments.map(toShipment),
  };
}

function toShipment(shipment: ShipmentView): OrderShipment {
  return {
    ShipmentNo: shipment.shipmentNo,
    Status: shipment.status,
    Transporter: shipment.transporter,
    DocketNo: shipment.docketNo,
    DispatchDate: shipment.dispatchDate,
    DeliveredOn: shipment.deliveredOn,
    Lines: shipment.lines.map((line) => ({
      ProductCode: line.productCode,
      ColorVariant: line.colorVariant,
      Qty: line.quantity,
      GSTRate: line.gstRatePercent,
      OrderedGSTRate: line.orderedGstRatePercent,
    })),
    InvoiceID: shipment.invoice?.id ?? null,
    InvoiceNo: shipment.invoice?.invoiceNo ?? null,
    DocumentURL: shipment.invoice ? invoiceDocumentPath(shipment.invoice.id) : null,
  };
}

/** What the retailer is told about a hold: its own words for a note, a plain line for the rest. */
export const RETAILER_HOLD_TEXT = {
  credit: 'On hold: please contact us about your account.',
  stock: 'On hold: waiting for stock.',
  released: 'Hold released.',
  placedForYou: 'Placed on your behalf.',
} as const;

/** What migration 0010 wrote as the transporter and docket of the shipments it made for older orders. */
const LEGACY_NOT_RECORDED = 'Not recorded';

/** A shipment's events as timeline notes: when it left and when it arrived. */
type ShipmentEvent = { at: Date; note: string };

function shipmentEvents(shipments: readonly ShipmentView[]): ShipmentEvent[] {
  const events: ShipmentEvent[] = [];
  for (const s of shipments) {
    if (s.dispatchedAt) {
      // Orders shipped before the desk recorded transporters (migration 0010) say just that they left.
      const recorded = s.transporter !== null && s.transporter !== LEGACY_NOT_RECORDED;
      const how = recorded ? `: ${s.transporter}, docket ${s.docketNo ?? '—'}` : '';
      events.push({ at: s.dispatchedAt, note: `Shipment ${s.shipmentNo} dispatched${how}` });
    }
    if (s.status === 'Delivered' && s.deliveredAt) {
      events.push({ at: s.deliveredAt, note: `Shipment ${s.shipmentNo} delivered${s.deliveredOn ? ` on ${s.deliveredOn}` : ''}` });
    }
  }
  return events;
}

const SHIPPING_STATUSES: ReadonlySet<string> = new Set(['Partially dispatched', 'Dispatched', 'Delivered']);
/** A shipment's event and the history row its change wrote share a transaction (one clock reading). */
const SAME_CHANGE_MS = 5_000;

/**
 * The retailer's timeline, oldest first, from `order_status_history`. The notes are written here
 * for the retailer, never copied from the history (whose notes name staff or carry the desk's own
 * reasons): a hold says its typed reason only when it is a note to the retailer ('note' kind),
 * a credit or stock hold a plain line; a cancellation its reason; each shipment's dispatch (with
 * transporter and docket) and delivery joins the history row its change wrote, or stands as its
 * own entry when that change wrote none. A row that changed no status and carries none of these
 * (the desk's note on an edit or a line's cancellation) is left out.
 */
export function timelineOf(
  order: Pick<OrderRow, 'status' | 'holdKind' | 'holdReason' | 'cancelReason'>,
  history: readonly OrderStatusHistoryRow[],
  shipments: readonly ShipmentView[],
): OrderTimelineEntry[] {
  const rows = [...history].sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime() || a.id - b.id);
  const lastHold = rows.findLast((row) => row.status === 'On hold');
  const entries: { at: Date; status: OrderTimelineEntry['Status']; notes: string[]; changed: boolean }[] = rows.map((row, index) => {
    const notes: string[] = [];
    const previous = index > 0 ? rows[index - 1] : undefined;
    if (row.status === 'Placed' && index === 0 && row.note !== null) notes.push(RETAILER_HOLD_TEXT.placedForYou);
    if (row.status === 'On hold') {
      // The kind and reason stored on the order are the current hold's; an earlier hold says only that it was one.
      if (row === lastHold && order.status === 'On hold' && order.holdKind !== null) {
        if (order.holdKind === 'note' && order.holdReason) notes.push(`On hold: ${order.holdReason}`);
        else notes.push(order.holdKind === 'credit' ? RETAILER_HOLD_TEXT.credit : RETAILER_HOLD_TEXT.stock);
      }
    } else if (previous?.status === 'On hold' && (row.status === 'Confirmed' || row.status === 'Placed')) {
      notes.push(RETAILER_HOLD_TEXT.released);
    }
    if (row.status === 'Cancelled' && order.cancelReason) notes.push(order.cancelReason);
    return { at: row.changedAt, status: row.status, notes, changed: previous === undefined || previous.status !== row.status };
  });

  for (const event of shipmentEvents(shipments)) {
    let best: (typeof entries)[number] | undefined;
    for (const entry of entries) {
      const gap = Math.abs(entry.at.getTime() - event.at.getTime());
      if (!SHIPPING_STATUSES.has(entry.status) || gap > SAME_CHANGE_MS) continue;
      if (!best || gap < Math.abs(best.at.getTime() - event.at.getTime())) best = entry;
    }
    if (best) {
      best.notes.push(event.note);
    } else {
      // No history row for it: it stands alone, under the status the order had then.
      const before = entries.filter((entry) => entry.at.getTime() <= event.at.getTime()).at(-1);
      entries.push({ at: event.at, status: before?.status ?? order.status, notes: [event.note], changed: false });
    }
  }

  // A row that changed no status (the desk's note on an edit or a line's cancellation) says nothing
  // to the retailer unless a shipment joined it: the lines show what was cancelled.
  return entries
    .filter((entry) => entry.changed || entry.notes.length > 0)
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.getTime() - b.entry.at.getTime() || a.index - b.index)
    .map(({ entry }) => ({ Status: entry.status, At: entry.at.toISOString(), Note: entry.notes.length > 0 ? entry.notes.join('; ') : null }));
}

/** The credit position in the spec's casing, rupees on the wire. */
export function toRetailerCredit(book: RetailerCreditBook): RetailerCreditPosition {
  return {
    CreditLimit: paiseToRupees(book.creditLimitPaise),
    Outstanding: paiseToRupees(book.outstandingPaise),
    OnOrder: paiseToRupees(book.onOrderPaise),
    Available: paiseToRupees(book.availablePaise),
    Overdue: paiseToRupees(book.overduePaise),
    OldestOverdueDays: book.oldestOverdueDays,
    OldestOverdueInvoiceNo: book.oldestOverdueInvoiceNo,
    CreditHold: book.creditHold,
    CreditHoldReason: book.creditHoldReason,
    PaymentTermsDays: book.effectiveTermsDays,
  };
}
