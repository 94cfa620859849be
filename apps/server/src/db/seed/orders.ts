/**
 * Past orders for the demo retailers as the order desk leaves them: the desk's decisions
 * (confirmed, on hold, cancelled), shipments in one or two parts with their transporter, docket and
 * e-way bill, one invoice per dispatched shipment (gap-free numbers, due by the retailer's terms)
 * and its payments. Money from @frameport/domain (`lineTotals`, `shipmentLineTotals`); every order's
 * status is `deriveOrderStatus` of what was planned for it (planning refuses a mismatch).
 */
import {
  ACCESSORY_PRODUCT_TYPE_ID,
  cartTotals,
  DEFAULT_CREDIT_DAYS,
  deriveOrderStatus,
  dueDateOf,
  financialYearOf,
  formatInvoiceNo,
  formatOrderRefNo,
  istDateOf as istDate,
  lineTotals,
  needsEwayBill,
  pickDiscount,
  shipmentLineTotals,
  sumPaise,
  type DiscountRule as DomainDiscountRule,
  type HoldKind,
  type LineTotals,
  type ShipmentLineTotals,
  type ShipmentStatus,
} from '@frameport/domain';
import type { NewInvoice, NewOrder, NewOrderLine, NewPayment, NewShipment, OrderStatus } from '../schema.ts';
import type { Random } from './random.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface OrderableVariant {
  variantId: number;
  productId: number;
  productTypeId: number;
  productCode: string;
  productName: string;
  modelName: string;
  colourName: string;
  templeColourName: string;
  colorVariant: string;
  sizeName: string | null;
  eyeSizeMm: number | null;
  noseBridgeMm: number | null;
  armLengthMm: number | null;
  hsnCode: string;
  gstRatePercent: number;
  netPricePaise: number;
}

export type InvoicePayment = 'Paid' | 'Partially Paid' | 'Unpaid';

/** One order to make for a retailer, described by where the desk has taken it. */
export interface PlanStep {
  daysAgo: number;
  status: OrderStatus;
  /** Placed by the linked sales executive for the retailer. */
  bySales?: boolean;
  /** The payment state of the first shipment's invoice (dispatched orders). */
  payment?: InvoicePayment;
  /** 'On hold': why. */
  hold?: { kind: HoldKind; reason: string };
  /** 'Cancelled': why. */
  cancelReason?: string;
  /** Confirmed past a failed credit check, by accounts, for this reason. */
  overrideReason?: string;
  /** A (further) shipment made in the warehouse and not dispatched yet. */
  packing?: 'Packing' | 'Packed';
  /** Six lines of 15–25 pieces (a consignment above the e-way bill threshold) instead of 2–5 lines of 2–10. */
  big?: boolean;
}

export interface OrderingRetailer {
  retailerId: number;
  userId: number;
  stateId: number;
  stateCode: string;
  /** Days from invoice to due date; null: the default (DEFAULT_CREDIT_DAYS). */
  paymentTermsDays: number | null;
  billTo: {
    businessName: string;
    address: string;
    city: string;
    state: string;
    country: string;
    pinCode: string;
    gstin: string | null;
  };
  shipTo: {
    shippingAddressId: number;
    name: string;
    address: string;
    city: string;
    state: string;
    stateCode: string;
    pinCode: string;
    phone: string;
  };
  perVariantLimit: number;
  plan: PlanStep[];
}

export interface PlannedShipment {
  row: Omit<NewShipment, 'orderId'>;
  /** Pieces of the order's lines (by index); the money is the invoice's share, for a dispatched shipment. */
  lines: { lineIndex: number; quantity: number; totals: ShipmentLineTotals | null }[];
  /** Dispatched shipments: the invoice raised at dispatch. */
  invoice: { date: Date; payment: InvoicePayment; amountPaise: number } | null;
}

export interface PlannedOrder {
  order: Omit<NewOrder, 'orderRefNo'>;
  lines: Omit<NewOrderLine, 'orderId'>[];
  shipments: PlannedShipment[];
  history: { status: OrderStatus; at: Date; byUserId: number; note: string | null }[];
  bySales: boolean;
  paymentTermsDays: number | null;
}

export interface OrderPlanUsers {
  salesUserId: number;
  adminUserId: number;
  warehouseUserId: number;
  accountsUserId: number;
}

const CARRIERS = ['Blue Dart', 'DTDC', 'Delhivery', 'Professional Couriers', 'VRL Logistics'] as const;
type Carrier = (typeof CARRIERS)[number];

const digits = (rng: Random, n: number) => `${rng.int(1, 9)}${rng.chars('0123456789', n - 1)}`;

/** A docket / AWB / LR number in the carrier's own shape, and a lorry number for the road carrier. */
function consignment(rng: Random, carrier: Carrier): { docketNo: string; vehicleNo: string | null } {
  switch (carrier) {
    case 'Blue Dart':
      return { docketNo: digits(rng, 11), vehicleNo: null };
    case 'DTDC':
      return { docketNo: `D${digits(rng, 9)}`, vehicleNo: null };
    case 'Delhivery':
      return { docketNo: digits(rng, 13), vehicleNo: null };
    case 'Professional Couriers':
      return { docketNo: `HYD${digits(rng, 8)}`, vehicleNo: null };
    case 'VRL Logistics':
      return { docketNo: digits(rng, 9), vehicleNo: `KA25${rng.chars('ABCDEFGHJKLMNPRSTUVWXYZ', 2)}${digits(rng, 4)}` };
  }
}

type PickedLine = { v: OrderableVariant; qty: number; totals: LineTotals; discountName: string | null; ruleId: number | null; perUnit: number };

export function planOrders(
  rng: Random,
  options: {
    now: Date;
    retailers: OrderingRetailer[];
    variants: OrderableVariant[];
    rules: DomainDiscountRule[];
    companyStateCode: string;
    users: OrderPlanUsers;
  },
): PlannedOrder[] {
  const { now, users } = options;
  const frames = options.variants.filter((v) => v.productTypeId !== ACCESSORY_PRODUCT_TYPE_ID);
  const accessories = options.variants.filter((v) => v.productTypeId === ACCESSORY_PRODUCT_TYPE_ID);
  const planned: PlannedOrder[] = [];
  for (const r of options.retailers) {
    const billToStateCode = r.billTo.gstin?.slice(0, 2) ?? r.stateCode;
    for (const step of r.plan) {
      const placedAt = new Date(now.getTime() - step.daysAgo * DAY_MS - rng.int(0, 8 * 60) * 60_000 - 2 * HOUR_MS);
      const at = (hours: number) => new Date(Math.min(placedAt.getTime() + hours * HOUR_MS, now.getTime() - 30 * 60_000));
      const lineCount = step.big ? 6 : step.status === 'Partially dispatched' ? rng.int(3, 5) : rng.int(2, 5);
      const picked = rng.sample(frames, lineCount);
      if (!step.big && accessories.length > 0 && rng.chance(0.4)) picked.push(rng.pick(accessories));
      const computed: PickedLine[] = picked.map((v) => {
        const qty = step.big ? rng.int(15, Math.min(25, r.perVariantLimit)) : rng.int(2, Math.min(10, r.perVariantLimit));
        const discount = pickDiscount(options.rules, { stateId: r.stateId, netPricePaise: v.netPricePaise, productTypeId: v.productTypeId });
        const perUnit = discount?.discountPaise ?? 0;
        const totals = lineTotals({
          unitPricePaise: v.netPricePaise,
          quantity: qty,
          discountPerUnitPaise: perUnit,
          gstRatePercent: v.gstRatePercent,
          billToStateCode,
          companyStateCode: options.companyStateCode,
        });
        return { v, qty, totals, discountName: discount?.rule.name ?? null, ruleId: discount?.rule.id ?? null, perUnit };
      });
      const sum = cartTotals(computed.map((c) => c.totals));
      const placedBy = step.bySales ? users.salesUserId : r.userId;
      const history: PlannedOrder['history'] = [{ status: 'Placed', at: placedAt, byUserId: placedBy, note: null }];

      // The desk's decisions.
      const shipped = ['Partially dispatched', 'Dispatched', 'Delivered'].includes(step.status);
      const confirmedAt = step.status === 'Confirmed' || shipped ? at(rng.int(3, 20)) : null;
      const confirmedBy = step.overrideReason ? users.accountsUserId : users.adminUserId;
      const heldAt = step.status === 'On hold' ? at(rng.int(2, 6)) : null;
      const cancelledAt = step.status === 'Cancelled' ? at(5) : null;
      if (heldAt) {
        if (!step.hold) throw new Error('seed: an order on hold needs its hold');
        history.push({ status: 'On hold', at: heldAt, byUserId: step.hold.kind === 'credit' ? users.accountsUserId : users.adminUserId, note: step.hold.reason });
      }
      if (confirmedAt) {
        history.push({
          status: 'Confirmed',
          at: confirmedAt,
          byUserId: confirmedBy,
          note: step.overrideReason ? `Confirmed past the credit check: ${step.overrideReason}` : null,
        });
      }
      const cancelReason = step.cancelReason ?? 'Cancelled at the retailer’s request.';
      if (cancelledAt) history.push({ status: 'Cancelled', at: cancelledAt, byUserId: users.adminUserId, note: cancelReason });

      // The shipments: what each takes of each line.
      const parts: { lineIndex: number; quantity: number }[][] = [];
      if (step.status === 'Partially dispatched') {
        // First part: the first line whole and half of the second; the second part the rest of the
        // second line; the other lines wait for stock (backordered).
        const second = computed[1]!.qty;
        parts.push([
          { lineIndex: 0, quantity: computed[0]!.qty },
          { lineIndex: 1, quantity: Math.floor(second / 2) },
        ]);
        parts.push([{ lineIndex: 1, quantity: second - Math.floor(second / 2) }]);
      } else if (step.status === 'Dispatched' || step.status === 'Delivered') {
        parts.push(computed.map((c, lineIndex) => ({ lineIndex, quantity: c.qty })));
      } else if (step.status === 'Confirmed' && step.packing) {
        parts.push(computed.map((c, lineIndex) => ({ lineIndex, quantity: c.qty })));
      }
      const billed = computed.map(() => ({ quantity: 0, taxablePaise: 0, cgst: 0, sgst: 0, igst: 0 }));
      const shipments: PlannedShipment[] = parts.map((part, index) => {
        const dispatched = shipped && index === 0;
        const status: ShipmentStatus = dispatched
          ? step.status === 'Delivered' || (step.status === 'Partially dispatched' && step.daysAgo >= 8)
            ? 'Delivered'
            : 'Dispatched'
          : (step.packing ?? 'Packing');
        const madeAfter = index === 0 ? 24 : 60;
        const createdAt = at(madeAfter);
        const packedAt = status === 'Packing' ? null : at(madeAfter + rng.int(2, 6));
        const dispatchedAt = dispatched ? at(48 + rng.int(0, 6)) : null;
        const deliveredAt = status === 'Delivered' ? at(24 * rng.int(4, 6)) : null;
        const lines = part.map(({ lineIndex, quantity }) => {
          if (!dispatched) return { lineIndex, quantity, totals: null };
          const c = computed[lineIndex]!;
          const totals = shipmentLineTotals(
            {
              unitPricePaise: c.v.netPricePaise,
              discountPerUnitPaise: c.perUnit,
              gstRatePercent: c.v.gstRatePercent,
              billToStateCode,
              companyStateCode: options.companyStateCode,
              billableQuantity: c.qty,
              totals: c.totals,
              billed: billed[lineIndex]!,
            },
            quantity,
          );
          const b = billed[lineIndex]!;
          billed[lineIndex] = {
            quantity: b.quantity + totals.quantity,
            taxablePaise: b.taxablePaise + totals.taxablePaise,
            cgst: b.cgst + totals.cgst,
            sgst: b.sgst + totals.sgst,
            igst: b.igst + totals.igst,
          };
          return { lineIndex, quantity, totals };
        });
        const pieces = part.reduce((n, l) => n + l.quantity, 0);
        const valuePaise = dispatched ? sumPaise(lines.map((l) => l.totals!.totalPaise)) : null;
        const carrier: Carrier = valuePaise !== null && needsEwayBill(valuePaise) && rng.chance(0.5) ? 'VRL Logistics' : rng.pick(CARRIERS);
        const { docketNo, vehicleNo } = consignment(rng, carrier);
        const receivedBy = rng.pick([r.shipTo.name, `${r.shipTo.name.split(' ')[0]} (shop counter)`, 'Store manager']);
        return {
          row: {
            shipmentNo: index + 1,
            status,
            boxes: packedAt ? Math.max(1, Math.ceil(pieces / 20)) : null,
            transporter: dispatched ? carrier : null,
            docketNo: dispatched ? docketNo : null,
            vehicleNo: dispatched ? vehicleNo : null,
            dispatchDate: dispatchedAt ? istDate(dispatchedAt) : null,
            ewayBillNo: valuePaise !== null && needsEwayBill(valuePaise) ? `${rng.int(1, 4)}${rng.chars('0123456789', 11)}` : null,
            deliveredOn: deliveredAt ? istDate(deliveredAt) : null,
            receivedBy: deliveredAt ? receivedBy : null,
            valuePaise,
            createdByUserId: users.warehouseUserId,
            packedAt,
            packedByUserId: packedAt ? users.warehouseUserId : null,
            dispatchedAt,
            dispatchedByUserId: dispatchedAt ? users.warehouseUserId : null,
            deliveredAt,
            deliveredByUserId: deliveredAt ? users.warehouseUserId : null,
            createdAt,
            updatedAt: deliveredAt ?? dispatchedAt ?? packedAt ?? createdAt,
          },
          lines,
          invoice: dispatchedAt && valuePaise !== null ? { date: dispatchedAt, payment: step.payment ?? 'Unpaid', amountPaise: valuePaise } : null,
        };
      });

      // What is dispatched and delivered, per line; the status follows (and must be the one planned).
      const dispatchedOf = (lineIndex: number, statuses: ShipmentStatus[]) =>
        shipments
          .filter((s) => statuses.includes(s.row.status as ShipmentStatus))
          .reduce((n, s) => n + s.lines.filter((l) => l.lineIndex === lineIndex).reduce((m, l) => m + l.quantity, 0), 0);
      const cancelledQuantity = cancelledAt ? computed.map((c) => c.qty) : computed.map(() => 0);
      const status = deriveOrderStatus(
        { confirmed: confirmedAt !== null, onHold: heldAt !== null, cancelled: cancelledAt !== null },
        computed.map((c, i) => ({
          quantity: c.qty,
          cancelledQuantity: cancelledQuantity[i]!,
          dispatchedQuantity: dispatchedOf(i, ['Dispatched', 'Delivered']),
          deliveredQuantity: dispatchedOf(i, ['Delivered']),
        })),
      );
      if (status !== step.status) throw new Error(`seed: planned a ${step.status} order that derives as ${status}`);
      const first = shipments[0];
      if (first?.row.dispatchedAt) {
        const { transporter, docketNo } = first.row;
        history.push({
          status: step.status === 'Partially dispatched' ? 'Partially dispatched' : 'Dispatched',
          at: first.row.dispatchedAt as Date,
          byUserId: users.warehouseUserId,
          note: `Shipment 1 dispatched: ${transporter}, docket ${docketNo}`,
        });
      }
      if (step.status === 'Delivered') {
        history.push({ status: 'Delivered', at: first!.row.deliveredAt as Date, byUserId: users.warehouseUserId, note: `Received by ${first!.row.receivedBy}` });
      }
      history.sort((a, b) => a.at.getTime() - b.at.getTime());
      // Open pieces of a part-shipped order: when the warehouse expects them.
      const expected = istDate(new Date(now.getTime() + rng.int(4, 12) * DAY_MS));
      const inShipments = (lineIndex: number) => parts.flat().filter((l) => l.lineIndex === lineIndex).reduce((n, l) => n + l.quantity, 0);

      planned.push({
        bySales: step.bySales === true,
        paymentTermsDays: r.paymentTermsDays,
        shipments,
        order: {
          retailerId: r.retailerId,
          placedByUserId: placedBy,
          status,
          note: rng.chance(0.5) ? rng.pick(['Please pack each colour separately.', 'Deliver before noon.', 'Urgent: festival stock.']) : null,
          confirmedAt,
          confirmedByUserId: confirmedAt ? confirmedBy : null,
          creditOverrideReason: confirmedAt ? (step.overrideReason ?? null) : null,
          holdKind: heldAt ? step.hold!.kind : null,
          holdReason: heldAt ? step.hold!.reason : null,
          heldAt,
          heldByUserId: heldAt ? history.find((h) => h.status === 'On hold')!.byUserId : null,
          cancelledAt,
          cancelledByUserId: cancelledAt ? users.adminUserId : null,
          cancelReason: cancelledAt ? cancelReason : null,
          idempotencyKey: null,
          billToBusinessName: r.billTo.businessName,
          billToAddress: r.billTo.address,
          billToCity: r.billTo.city,
          billToState: r.billTo.state,
          billToStateCode: r.stateCode,
          billToCountry: r.billTo.country,
          billToPinCode: r.billTo.pinCode,
          billToGstin: r.billTo.gstin,
          shippingAddressId: r.shipTo.shippingAddressId,
          shipToName: r.shipTo.name,
          shipToAddress: r.shipTo.address,
          shipToCity: r.shipTo.city,
          shipToState: r.shipTo.state,
          shipToStateCode: r.shipTo.stateCode,
          shipToPinCode: r.shipTo.pinCode,
          shipToPhone: r.shipTo.phone,
          companyStateCode: options.companyStateCode,
          totalQuantity: sum.quantity,
          subtotalPaise: sum.grossPaise,
          discountPaise: sum.discountPaise,
          taxablePaise: sum.subtotalPaise,
          cgstPaise: sum.cgst,
          sgstPaise: sum.sgst,
          igstPaise: sum.igst,
          roundOffPaise: 0,
          totalPaise: sum.totalPaise,
          placedAt,
          createdAt: placedAt,
          updatedAt: [history.at(-1)!.at, ...shipments.map((s) => s.row.updatedAt as Date)].reduce((a, b) => (a > b ? a : b)),
        },
        lines: computed.map(({ v, qty, totals, discountName, ruleId, perUnit }, lineIndex) => ({
          productColourId: v.variantId,
          productId: v.productId,
          productTypeId: v.productTypeId,
          productCode: v.productCode,
          productName: v.productName,
          modelName: v.modelName,
          colourName: v.colourName,
          templeColourName: v.templeColourName,
          colorVariant: v.colorVariant,
          sizeName: v.sizeName,
          eyeSizeMm: v.eyeSizeMm,
          noseBridgeMm: v.noseBridgeMm,
          armLengthMm: v.armLengthMm,
          hsnCode: v.hsnCode,
          gstRatePercent: v.gstRatePercent,
          quantity: qty,
          cancelledQuantity: cancelledQuantity[lineIndex]!,
          backorderExpectedDate: step.status === 'Partially dispatched' && inShipments(lineIndex) < qty ? expected : null,
          unitPricePaise: v.netPricePaise,
          discountPerUnitPaise: perUnit,
          discountName,
          discountRuleId: ruleId,
          taxablePaise: totals.taxablePaise,
          cgstRatePercent: totals.cgstRate,
          sgstRatePercent: totals.sgstRate,
          igstRatePercent: totals.igstRate,
          cgstPaise: totals.cgst,
          sgstPaise: totals.sgst,
          igstPaise: totals.igst,
          lineTotalPaise: totals.totalPaise,
          isFree: false,
          imageUrl: `/media/products/${v.variantId}/front.svg`,
        })),
        history,
      });
    }
  }
  return planned.sort((a, b) => (a.order.placedAt as Date).getTime() - (b.order.placedAt as Date).getTime());
}

/** Order references in placing order: the financial year, then one running number (order_number_seq). */
export function numberOrders(planned: PlannedOrder[]): string[] {
  return planned.map((p, i) => formatOrderRefNo(financialYearOf(p.order.placedAt as Date), i + 1));
}

export interface PlannedInvoice {
  invoice: Omit<NewInvoice, 'orderId' | 'shipmentId'>;
  orderIndex: number;
  shipmentIndex: number;
  payments: Omit<NewPayment, 'invoiceId' | 'retailerId'>[];
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * One invoice per dispatched shipment, numbered without gaps per financial year in the order they
 * were raised, for the shipment's value, due by the retailer's terms; and the payments made on it.
 */
export function planInvoices(
  rng: Random,
  planned: PlannedOrder[],
  now: Date,
): { invoices: PlannedInvoice[]; last: Map<string, number> } {
  const raised = planned
    .flatMap((p, orderIndex) => p.shipments.map((s, shipmentIndex) => ({ p, inv: s.invoice, orderIndex, shipmentIndex })))
    .filter((x): x is typeof x & { inv: NonNullable<PlannedShipment['invoice']> } => x.inv !== null)
    .sort((a, b) => a.inv.date.getTime() - b.inv.date.getTime());
  const last = new Map<string, number>();
  let txn = 0;
  const invoices = raised.map(({ p, inv, orderIndex, shipmentIndex }) => {
    const fy = financialYearOf(inv.date);
    const n = (last.get(fy) ?? 0) + 1;
    last.set(fy, n);
    const amount = inv.amountPaise;
    const payments: Omit<NewPayment, 'invoiceId' | 'retailerId'>[] = [];
    const payAt = new Date(Math.min(inv.date.getTime() + rng.int(3, 12) * DAY_MS, now.getTime() - HOUR_MS));
    const link = (amountPaise: number, status: 'paid' | 'expired', at: Date): Omit<NewPayment, 'invoiceId' | 'retailerId'> => {
      txn += 1;
      return {
        provider: 'sandbox',
        paymentLinkId: `plink_sbx_${rng.chars(ALNUM, 14)}`,
        paymentLinkUrl: null,
        transactionNo: `FPTXN${istDate(at).replace(/-/g, '')}${String(txn).padStart(4, '0')}`,
        amountPaise,
        status,
        providerPaymentId: status === 'paid' ? `pay_sbx_${rng.chars(ALNUM, 14)}` : null,
        appliedAt: status === 'paid' ? at : null,
        expiresAt: new Date(at.getTime() + DAY_MS),
        createdByUserId: p.order.placedByUserId,
        createdAt: at,
        updatedAt: at,
      };
    };
    let paid = 0;
    if (inv.payment === 'Paid' && amount > 0) {
      payments.push(link(amount, 'paid', payAt));
      paid = amount;
    } else if (inv.payment === 'Partially Paid' && amount > 100) {
      const part = Math.max(100, Math.round((amount * rng.int(30, 60)) / 100 / 100) * 100);
      const partial = Math.min(part, amount - 100);
      payments.push(link(partial, 'paid', payAt));
      payments.push(link(amount - partial, 'expired', new Date(payAt.getTime() + DAY_MS)));
      paid = partial;
    }
    const invoiceDate = istDate(inv.date);
    return {
      orderIndex,
      shipmentIndex,
      payments,
      invoice: {
        invoiceNo: formatInvoiceNo(fy, n),
        financialYear: fy,
        retailerId: p.order.retailerId,
        invoiceDate,
        dueDate: dueDateOf(invoiceDate, p.paymentTermsDays ?? DEFAULT_CREDIT_DAYS),
        amountPaise: amount,
        paidPaise: paid,
        documentPath: null,
        createdAt: inv.date,
        updatedAt: payments.length ? payAt : inv.date,
      },
    };
  });
  return { invoices, last };
}
