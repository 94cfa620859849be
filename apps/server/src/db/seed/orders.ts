/** Past orders, invoices and payments for the demo retailers (money from @frameport/domain). */
import {
  ACCESSORY_PRODUCT_TYPE_ID,
  cartTotals,
  financialYearOf,
  formatInvoiceNo,
  formatOrderRefNo,
  istDateOf as istDate,
  lineTotals,
  pickDiscount,
  type DiscountRule as DomainDiscountRule,
  type LineTotals,
} from '@frameport/domain';
import type { NewInvoice, NewOrder, NewOrderLine, NewPayment, OrderStatus } from '../schema.ts';
import type { Random } from './random.ts';

const DAY_MS = 86_400_000;

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

export interface OrderingRetailer {
  retailerId: number;
  userId: number;
  stateId: number;
  stateCode: string;
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
  /** Which orders to make: status + payment state of its invoice. */
  plan: { daysAgo: number; status: OrderStatus; payment: 'Paid' | 'Partially Paid' | 'Unpaid' | null; bySales: boolean }[];
}

export interface PlannedOrder {
  order: Omit<NewOrder, 'orderRefNo'>;
  lines: Omit<NewOrderLine, 'orderId'>[];
  history: { status: OrderStatus; at: Date; byUserId: number; note: string | null }[];
  invoice: { date: Date; payment: 'Paid' | 'Partially Paid' | 'Unpaid' } | null;
  bySales: boolean;
}

export function planOrders(
  rng: Random,
  options: {
    now: Date;
    retailers: OrderingRetailer[];
    variants: OrderableVariant[];
    rules: DomainDiscountRule[];
    companyStateCode: string;
    salesUserId: number;
    adminUserId: number;
  },
): PlannedOrder[] {
  const frames = options.variants.filter((v) => v.productTypeId !== ACCESSORY_PRODUCT_TYPE_ID);
  const accessories = options.variants.filter((v) => v.productTypeId === ACCESSORY_PRODUCT_TYPE_ID);
  const planned: PlannedOrder[] = [];
  for (const r of options.retailers) {
    for (const step of r.plan) {
      const placedAt = new Date(
        options.now.getTime() - step.daysAgo * DAY_MS - rng.int(0, 8 * 60) * 60_000 - 2 * 3_600_000,
      );
      const picked = rng.sample(frames, rng.int(2, 5));
      if (accessories.length > 0 && rng.chance(0.4)) picked.push(rng.pick(accessories));
      const computed: { v: OrderableVariant; qty: number; totals: LineTotals; discountName: string | null; ruleId: number | null; perUnit: number }[] = [];
      for (const v of picked) {
        const qty = rng.int(2, Math.min(10, r.perVariantLimit));
        const discount = pickDiscount(options.rules, {
          stateId: r.stateId,
          netPricePaise: v.netPricePaise,
          productTypeId: v.productTypeId,
        });
        const perUnit = discount?.discountPaise ?? 0;
        const totals = lineTotals({
          unitPricePaise: v.netPricePaise,
          quantity: qty,
          discountPerUnitPaise: perUnit,
          gstRatePercent: v.gstRatePercent,
          billToStateCode: r.billTo.gstin?.slice(0, 2) ?? r.stateCode,
          companyStateCode: options.companyStateCode,
        });
        computed.push({ v, qty, totals, discountName: discount?.rule.name ?? null, ruleId: discount?.rule.id ?? null, perUnit });
      }
      const sum = cartTotals(computed.map((c) => c.totals));
      const placedBy = step.bySales ? options.salesUserId : r.userId;
      const history: PlannedOrder['history'] = [{ status: 'Placed', at: placedAt, byUserId: placedBy, note: null }];
      const chain: OrderStatus[] = ['Confirmed', 'Dispatched', 'Delivered'];
      const offsets = [1, 2, 5];
      if (step.status === 'Cancelled') {
        history.push({
          status: 'Cancelled',
          at: new Date(placedAt.getTime() + 5 * 3_600_000),
          byUserId: options.adminUserId,
          note: 'Cancelled at the retailer’s request.',
        });
      } else {
        const upto = chain.indexOf(step.status);
        for (let i = 0; i <= upto; i++) {
          history.push({
            status: chain[i]!,
            at: new Date(placedAt.getTime() + offsets[i]! * DAY_MS),
            byUserId: options.adminUserId,
            note: chain[i] === 'Dispatched' ? `Shipped by BlueDart, docket ${rng.int(10_000_000, 99_999_999)}` : null,
          });
        }
      }
      const confirmedAt = history.find((h) => h.status === 'Confirmed')?.at;
      planned.push({
        bySales: step.bySales,
        order: {
          retailerId: r.retailerId,
          placedByUserId: placedBy,
          status: step.status,
          note: rng.chance(0.5) ? rng.pick(['Please pack each colour separately.', 'Deliver before noon.', 'Urgent: festival stock.']) : null,
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
          updatedAt: history[history.length - 1]!.at,
        },
        lines: computed.map(({ v, qty, totals, discountName, ruleId, perUnit }) => ({
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
        invoice: step.payment && confirmedAt ? { date: confirmedAt, payment: step.payment } : null,
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
  invoice: Omit<NewInvoice, 'orderId'>;
  orderIndex: number;
  payments: Omit<NewPayment, 'invoiceId' | 'retailerId'>[];
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function planInvoices(
  rng: Random,
  planned: PlannedOrder[],
  now: Date,
): { invoices: PlannedInvoice[]; last: Map<string, number> } {
  const withInvoice = planned
    .map((p, orderIndex) => ({ p, orderIndex }))
    .filter((x) => x.p.invoice !== null)
    .sort((a, b) => a.p.invoice!.date.getTime() - b.p.invoice!.date.getTime());
  const last = new Map<string, number>();
  let txn = 0;
  const invoices = withInvoice.map(({ p, orderIndex }) => {
    const inv = p.invoice!;
    const fy = financialYearOf(inv.date);
    const n = (last.get(fy) ?? 0) + 1;
    last.set(fy, n);
    const amount = p.order.totalPaise;
    const payments: Omit<NewPayment, 'invoiceId' | 'retailerId'>[] = [];
    const payAt = new Date(Math.min(inv.date.getTime() + rng.int(3, 12) * DAY_MS, now.getTime() - 3_600_000));
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
    return {
      orderIndex,
      payments,
      invoice: {
        invoiceNo: formatInvoiceNo(fy, n),
        financialYear: fy,
        retailerId: p.order.retailerId,
        invoiceDate: istDate(inv.date),
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
