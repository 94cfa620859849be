/**
 * One order as the desk sees it (AdminOrderDetail): its decisions, retailer, snapshots, totals,
 * lines with their quantities, shipments, history, audit, the retailer's credit and what the caller
 * may do now. Every desk, warehouse and edit action answers with it, read in the action's own
 * transaction, so a screen redraws from one answer.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  canDo,
  DEFAULT_CREDIT_DAYS,
  deskMessages,
  gstRateOn,
  istDateOf,
  lineTotals,
  needsEwayBill,
  paiseToRupees,
  shipmentLineTotals,
  sumPaise,
  type BillableLine,
  type OrderAction,
  type Paise,
} from '@frameport/domain';
import type { AdminOrderDetail, AdminShipment, Role } from '@frameport/domain/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  auditLog,
  invoices,
  orderLines,
  orders,
  orderStatusHistory,
  retailers,
  roles,
  salesExecutiveRetailers,
  shipmentLines,
  shipments,
  states,
  users,
  type Order,
  type OrderLine,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Identity } from '../../http/identity.ts';
import { readGstTable } from '../prices/service.ts';
import { creditBookOf, creditReasonTexts, creditRefusalsFor, toCreditPositionView, type DeskContext } from './credit.ts';
import { lineQuantitiesOf, type LineShipped } from './status.ts';

export type { DeskContext } from './credit.ts';

type Who = { userId: number | null; name: string; role: string | null };
const NOT_RECORDED: Who = { userId: null, name: 'Not recorded', role: null };

/** Roles that may override a failed credit check (and release a credit hold). */
const CREDIT_ROLES: ReadonlySet<Role> = new Set(['admin', 'accounts']);
/** Roles that may edit lines and make shipments. */
const WAREHOUSE_ROLES: ReadonlySet<Role> = new Set(['admin', 'warehouse']);
/** Roles of the order desk. */
const DESK_ROLES: ReadonlySet<Role> = new Set(['admin', 'warehouse', 'accounts']);

export const mayOverrideCredit = (role: Role): boolean => CREDIT_ROLES.has(role);

/** What `role` may do to an order in `status` (holding `holdKind`): the screen shows just these. */
export function actionsFor(order: Pick<Order, 'status' | 'holdKind'>, role: Role): AdminOrderDetail['actions'] {
  const desk = DESK_ROLES.has(role);
  const may = (action: OrderAction) => desk && canDo(action, order.status);
  return {
    confirm: may('confirm'),
    override: may('confirm') && CREDIT_ROLES.has(role),
    hold: may('hold'),
    release: may('release') && (order.holdKind !== 'credit' || CREDIT_ROLES.has(role)),
    cancel: may('cancel'),
    cancelLine: may('cancelLine'),
    edit: may('edit') && WAREHOUSE_ROLES.has(role),
    editPastCredit: may('edit') && role === 'admin',
    ship: may('ship') && WAREHOUSE_ROLES.has(role),
  };
}

async function peopleOf(dbx: DbOrTx, ids: Iterable<number | null | undefined>): Promise<Map<number, Who>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await dbx
    .select({ userId: users.id, name: users.name, role: roles.code })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.userId, row]));
}

const iso = (at: Date | string): string => (at instanceof Date ? at : new Date(at)).toISOString();

/** An order line's prices and what dispatched shipments already billed of it, for a shipment's estimate. */
function billableOf(order: Order, line: OrderLine, billed: BillableLine['billed']): BillableLine {
  return {
    unitPricePaise: line.unitPricePaise,
    discountPerUnitPaise: line.discountPerUnitPaise,
    gstRatePercent: line.gstRatePercent,
    billToStateCode: order.billToStateCode,
    companyStateCode: order.companyStateCode,
    billableQuantity: line.quantity - line.cancelledQuantity,
    totals: {
      taxablePaise: line.taxablePaise,
      cgst: line.cgstPaise,
      sgst: line.sgstPaise,
      igst: line.igstPaise,
      totalPaise: line.lineTotalPaise,
    },
    billed,
  };
}

/**
 * The order as the desk shows it to `identity`. `context` dates the credit position (today in
 * India, the default payment terms); the orders module passes its clock and config, other modules
 * may leave it out (now, and the default terms).
 * 404 (deskMessages.order.notFound) when there is no such order.
 */
export async function orderDetail(
  dbx: DbOrTx,
  orderId: number,
  identity: Pick<Identity, 'role'>,
  context: DeskContext = { now: new Date(), invoiceCreditDays: DEFAULT_CREDIT_DAYS },
): Promise<AdminOrderDetail> {
  const [order] = await dbx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('not_found', deskMessages.order.notFound);

  const [retailer] = await dbx
    .select({
      id: retailers.id,
      businessName: retailers.businessName,
      email: retailers.email,
      phone: retailers.phone,
      gstin: retailers.gstin,
      stateName: states.name,
    })
    .from(retailers)
    .innerJoin(states, eq(states.id, retailers.stateId))
    .where(eq(retailers.id, order.retailerId));
  if (!retailer) throw new AppError('not_found', deskMessages.credit.retailerNotFound);
  const salesExecutives = await dbx
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(salesExecutiveRetailers)
    .innerJoin(users, eq(users.id, salesExecutiveRetailers.salesExecutiveUserId))
    .where(eq(salesExecutiveRetailers.retailerId, order.retailerId))
    .orderBy(asc(users.name), asc(users.id));

  const lines = await dbx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const quantities = new Map<number, LineShipped>((await lineQuantitiesOf(dbx, order.id)).map((q) => [q.id, q]));

  const shipmentRows = await dbx
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, order.id))
    .orderBy(asc(shipments.shipmentNo));
  const shipmentIds = shipmentRows.map((s) => s.id);
  const carried = shipmentIds.length
    ? await dbx.select().from(shipmentLines).where(inArray(shipmentLines.shipmentId, shipmentIds)).orderBy(asc(shipmentLines.orderLineId))
    : [];
  const invoiceRows = shipmentIds.length
    ? await dbx
        .select({
          id: invoices.id,
          shipmentId: invoices.shipmentId,
          invoiceNo: invoices.invoiceNo,
          invoiceDate: invoices.invoiceDate,
          amountPaise: invoices.amountPaise,
          irn: invoices.irn,
          irnAckNo: invoices.irnAckNo,
          irnAckDate: invoices.irnAckDate,
        })
        .from(invoices)
        .where(inArray(invoices.shipmentId, shipmentIds))
    : [];
  // A shipment not yet dispatched is estimated at the GST rates in force today (India), as its invoice would be.
  const gstTable = shipmentRows.some((s) => !DISPATCHED.has(s.status)) ? await readGstTable(dbx) : [];
  const today = istDateOf(context.now);
  const rateToday = (line: OrderLine): number => gstRateOn(gstTable, line.hsnCode, today) ?? line.gstRatePercent;

  const history = await dbx
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, order.id))
    .orderBy(asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id));
  const audit = await dbx
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id))),
        shipmentIds.length ? and(eq(auditLog.entity, 'shipment'), inArray(auditLog.entityId, shipmentIds.map(String))) : sql`false`,
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));

  const people = await peopleOf(dbx, [
    order.placedByUserId,
    order.confirmedByUserId,
    order.heldByUserId,
    order.cancelledByUserId,
    ...history.map((h) => h.changedByUserId),
    ...audit.map((a) => a.actorUserId),
    ...shipmentRows.flatMap((s) => [s.createdByUserId, s.packedByUserId, s.dispatchedByUserId, s.deliveredByUserId]),
  ]);
  const who = (userId: number | null): Who | null => (userId === null ? null : (people.get(userId) ?? { ...NOT_RECORDED, userId }));
  const stamp = (userId: number | null, at: Date | null) => (at === null ? null : { by: who(userId) ?? NOT_RECORDED, at: iso(at) });

  const book = await creditBookOf(dbx, order.retailerId, context, order.id);
  const refusals = creditRefusalsFor(book, order.totalPaise);

  return {
    id: order.id,
    orderRefNo: order.orderRefNo,
    status: order.status,
    placedAt: iso(order.placedAt),
    placedBy: who(order.placedByUserId) ?? NOT_RECORDED,
    note: order.note,
    hold:
      order.holdKind !== null && order.holdReason !== null
        ? { kind: order.holdKind, reason: order.holdReason, by: who(order.heldByUserId), at: iso(order.heldAt ?? order.updatedAt) }
        : null,
    confirmed: order.confirmedAt ? { by: who(order.confirmedByUserId), at: iso(order.confirmedAt), overrideReason: order.creditOverrideReason } : null,
    cancelled: order.cancelledAt
      ? { by: who(order.cancelledByUserId), at: iso(order.cancelledAt), reason: order.cancelReason ?? '' }
      : null,
    retailer: { ...retailer, salesExecutives },
    billTo: {
      businessName: order.billToBusinessName,
      address: order.billToAddress,
      city: order.billToCity,
      state: order.billToState,
      stateCode: order.billToStateCode,
      pinCode: order.billToPinCode,
      gstin: order.billToGstin,
    },
    shipTo:
      order.shipToName !== null
        ? {
            name: order.shipToName,
            address: order.shipToAddress ?? '',
            city: order.shipToCity ?? '',
            state: order.shipToState ?? '',
            stateCode: order.shipToStateCode ?? '',
            pinCode: order.shipToPinCode ?? '',
            phone: order.shipToPhone,
          }
        : null,
    totals: {
      quantity: order.totalQuantity,
      gross: paiseToRupees(order.subtotalPaise),
      discount: paiseToRupees(order.discountPaise),
      taxable: paiseToRupees(order.taxablePaise),
      cgst: paiseToRupees(order.cgstPaise),
      sgst: paiseToRupees(order.sgstPaise),
      igst: paiseToRupees(order.igstPaise),
      total: paiseToRupees(order.totalPaise),
    },
    lines: lines.map((line) => {
      const q = quantities.get(line.id);
      const inShipments = q?.inShipmentsQuantity ?? 0;
      const dispatched = q?.dispatchedQuantity ?? 0;
      return {
        id: line.id,
        productId: line.productId,
        productCode: line.productCode,
        productName: line.productName,
        modelName: line.modelName,
        colourName: line.colourName,
        colorVariant: line.colorVariant,
        sizeName: line.sizeName,
        hsnCode: line.hsnCode,
        gstRate: line.gstRatePercent,
        imageUrl: line.imageUrl,
        isFree: line.isFree,
        quantity: line.quantity,
        cancelledQuantity: line.cancelledQuantity,
        inShipmentsQuantity: inShipments,
        packedQuantity: q?.packedQuantity ?? 0,
        dispatchedQuantity: dispatched,
        deliveredQuantity: q?.deliveredQuantity ?? 0,
        backorderedQuantity: Math.max(0, line.quantity - line.cancelledQuantity - dispatched),
        openQuantity: Math.max(0, line.quantity - line.cancelledQuantity - inShipments),
        expectedDate: line.backorderExpectedDate,
        unitPrice: paiseToRupees(line.unitPricePaise),
        discountPerUnit: paiseToRupees(line.discountPerUnitPaise),
        taxable: paiseToRupees(line.taxablePaise),
        total: paiseToRupees(line.lineTotalPaise),
      };
    }),
    shipments: shipmentsOf(order, lines, shipmentRows, carried, invoiceRows, stamp, rateToday),
    history: history.map((h) => ({ status: h.status, note: h.note, by: who(h.changedByUserId), at: iso(h.changedAt) })),
    audit: audit.map((a) => ({ id: a.id, action: a.action, by: who(a.actorUserId), at: iso(a.createdAt), details: a.details ?? null })),
    credit: toCreditPositionView(book),
    creditCheck: { ok: refusals.length === 0, reasons: creditReasonTexts(refusals) },
    actions: actionsFor(order, identity.role),
  };
}

type ShipmentRow = typeof shipments.$inferSelect;
type CarriedRow = typeof shipmentLines.$inferSelect;
type InvoiceLink = {
  id: number;
  shipmentId: number | null;
  invoiceNo: string;
  invoiceDate: string;
  amountPaise: Paise;
  irn: string | null;
  irnAckNo: string | null;
  irnAckDate: Date | null;
};
type Stamper = (userId: number | null, at: Date | null) => AdminShipment['created'] | null;

const DISPATCHED = new Set(['Dispatched', 'Delivered']);

/**
 * The order's shipments: a dispatched one is worth what its lines billed (fixed at dispatch, at the
 * GST rate in force on its invoice date); one not yet dispatched is estimated as its invoice would
 * bill it now (domain `shipmentLineTotals` at `rateToday`, after what the dispatched ones billed).
 */
function shipmentsOf(
  order: Order,
  lines: readonly OrderLine[],
  rows: readonly ShipmentRow[],
  carried: readonly CarriedRow[],
  invoiceRows: readonly InvoiceLink[],
  stamp: Stamper,
  rateToday: (line: OrderLine) => number,
): AdminShipment[] {
  const statusOf = new Map(rows.map((s) => [s.id, s.status]));
  const lineById = new Map(lines.map((line) => [line.id, line]));
  /** The rate a dispatched line's invoice charged (a line dispatched before migration 0013 has none stored: its order line's). */
  const invoicedRate = (c: CarriedRow): number => c.gstRatePercent ?? lineById.get(c.orderLineId)?.gstRatePercent ?? 0;
  const billed = new Map<number, BillableLine['billed']>();
  for (const c of carried) {
    if (!DISPATCHED.has(statusOf.get(c.shipmentId) ?? '')) continue;
    const b = billed.get(c.orderLineId) ?? { quantity: 0, taxablePaise: 0, cgst: 0, sgst: 0, igst: 0 };
    const other = b.atOtherRates ?? { quantity: 0, cgst: 0, sgst: 0, igst: 0 };
    const atOtherRate = invoicedRate(c) !== lineById.get(c.orderLineId)?.gstRatePercent;
    billed.set(c.orderLineId, {
      quantity: b.quantity + c.quantity,
      taxablePaise: b.taxablePaise + (c.taxablePaise ?? 0),
      cgst: b.cgst + (c.cgstPaise ?? 0),
      sgst: b.sgst + (c.sgstPaise ?? 0),
      igst: b.igst + (c.igstPaise ?? 0),
      atOtherRates: atOtherRate
        ? {
            quantity: other.quantity + c.quantity,
            cgst: other.cgst + (c.cgstPaise ?? 0),
            sgst: other.sgst + (c.sgstPaise ?? 0),
            igst: other.igst + (c.igstPaise ?? 0),
          }
        : other,
    });
  }

  const estimate = (c: CarriedRow): Paise => {
    const line = lineById.get(c.orderLineId);
    if (!line) return 0;
    const billable = billableOf(order, line, billed.get(line.id) ?? { quantity: 0, taxablePaise: 0, cgst: 0, sgst: 0, igst: 0 });
    const rate = rateToday(line);
    if (c.quantity <= billable.billableQuantity - billable.billed.quantity) return shipmentLineTotals(billable, c.quantity, rate).totalPaise;
    // More than is left to bill (the line was cut after packing): priced as a line of that many pieces.
    return lineTotals({ ...billable, gstRatePercent: rate, quantity: c.quantity }).totalPaise;
  };

  return rows.map((s) => {
    const own = carried.filter((c) => c.shipmentId === s.id);
    const dispatched = DISPATCHED.has(s.status);
    const valuePaise = sumPaise(own.map((c) => (dispatched ? (c.totalPaise ?? 0) : estimate(c))));
    const invoice = invoiceRows.find((i) => i.shipmentId === s.id);
    return {
      id: s.id,
      shipmentNo: s.shipmentNo,
      status: s.status,
      lines: own.map((c) => {
        const line = lineById.get(c.orderLineId);
        return { orderLineId: c.orderLineId, quantity: c.quantity, gstRate: dispatched || !line ? invoicedRate(c) : rateToday(line) };
      }),
      boxes: s.boxes,
      transporter: s.transporter,
      docketNo: s.docketNo,
      vehicleNo: s.vehicleNo,
      dispatchDate: s.dispatchDate,
      ewayBillNo: s.ewayBillNo,
      deliveredOn: s.deliveredOn,
      receivedBy: s.receivedBy,
      value: paiseToRupees(valuePaise),
      needsEwayBill: needsEwayBill(valuePaise),
      invoice: invoice
        ? {
            id: invoice.id,
            invoiceNo: invoice.invoiceNo,
            invoiceDate: invoice.invoiceDate,
            amount: paiseToRupees(invoice.amountPaise),
            registration:
              invoice.irn !== null && invoice.irnAckNo !== null && invoice.irnAckDate !== null
                ? { irn: invoice.irn, ackNo: invoice.irnAckNo, ackDate: iso(invoice.irnAckDate) }
                : null,
          }
        : null,
      created: stamp(s.createdByUserId, s.createdAt) ?? { by: NOT_RECORDED, at: iso(s.createdAt) },
      packed: stamp(s.packedByUserId, s.packedAt),
      dispatched: stamp(s.dispatchedByUserId, s.dispatchedAt),
      delivered: stamp(s.deliveredByUserId, s.deliveredAt),
    };
  });
}
