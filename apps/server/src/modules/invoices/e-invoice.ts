/**
 * E-invoice readiness (FORM GST INV-01, schema version 1.1): the e-invoice JSON of a tax invoice, for
 * one invoice or the invoices of a date range, and the record of its registration on the Invoice
 * Registration Portal (IRN, acknowledgement number and date, signed QR code), which the tax invoice
 * PDF then prints (invoice-pdf.ts). The published schema and its machine-checkable form are in
 * e-invoice-schema.ts; decision 013 (docs/decisions/013-e-invoice.md) says why JSON now and
 * registration later.
 *
 * Where registration plugs in: an adapter for a GST Suvidha Provider's API implements
 * `EInvoiceRegistrar` (below). It takes the document `eInvoiceOf` builds, sends it to the IRP through
 * the GSP and answers the IRP's IRN, AckNo, AckDt and SignedQRCode; the caller then stores them with
 * `recordIrn`, exactly as the manual PUT /api/admin/invoices/:id/irn does today. Until such an
 * adapter exists, accounts staff register the downloaded JSON on the portal (or a GSP's tool) and
 * record the answer through that route.
 *
 * The mapping (invoice → INV-01):
 * - Version "1.1"; TranDtls: TaxSch "GST", SupTyp "B2B" (every Frameport sale is to a registered
 *   retailer), RegRev "N" (no reverse charge), IgstOnIntra "N".
 * - DocDtls: Typ "INV", No = the invoice number, Dt = the invoice date as dd/mm/yyyy.
 * - SellerDtls: corporate_details: Gstin, LglNm = company name, Stcd = its state code; the one-line
 *   address is split at its commas: Pin = its 6-digit PIN, Loc = the part before the one holding the
 *   PIN (the city), Addr1/Addr2 = the parts before that (each at most 100 characters); Ph = the
 *   digits of the contact number and Em = the e-mail when they fit the schema, else left out.
 * - BuyerDtls: the order's bill-to snapshot: Gstin (required: without it there is no B2B e-invoice,
 *   and the invoice is refused, 409, or listed under `skipped` in bulk), LglNm = business name,
 *   Addr1/Addr2, Loc = city, Pin, Stcd = bill-to state code, Pos = the place of supply.
 * - Place of supply (Pos) = the one printed on the tax invoice (invoice-pdf.ts `placeOfSupply`): the
 *   bill-to State, the State the order's GST was charged on. It is the ship-to State whenever the
 *   delivery is in the buyer's State; when the two differ the tax (CGST+SGST or IGST) was charged by
 *   the bill-to State (decision 008, with IGST Act s.10(1)(b) for bill-to-ship-to supplies), and the
 *   IRP refuses a Pos that disagrees with the tax charged, so the delivery State goes in ShipDtls.
 * - ShipDtls: the ship-to snapshot, when the order has one (LglNm = ship-to name, else the buyer's).
 *   DispDtls is left out (goods leave from the seller's address).
 * - ItemList, one item per line the invoice bills, in order-line order. An invoice of a shipment
 *   (invoices.shipment_id) bills the shipment's lines (shipment_lines joined to order_lines): Qty =
 *   the pieces shipped and the amounts stored on shipment_lines at dispatch; an invoice raised for a
 *   whole order before shipments existed (shipment_id null) bills the order's lines as they stand.
 *   SlNo 1.., PrdDesc = product, model and colour, IsServc "N", HsnCd, Unit "PCS" (as the PDF),
 *   UnitPrice = the line's unit price, TotAmt = unit price × Qty, Discount = discount per unit ×
 *   Qty, AssAmt = the taxable value, GstRt = the line's GST rate (CGST + SGST, or IGST), CgstAmt /
 *   SgstAmt / IgstAmt, TotItemVal = AssAmt + the three taxes.
 * - ValDtls: AssVal, CgstVal, SgstVal, IgstVal and Discount are the items' sums, TotInvVal = the
 *   invoice amount and RndOffAmt = TotInvVal − the items' TotItemVal (the order's round-off).
 * - Money is kept in paise and written as rupees (2 decimals, numbers). Quotes and backslashes, which
 *   the schema's text patterns forbid, are dropped from names and addresses.
 * - EwbDtls is left out: the e-way bill is made separately (its number is on the shipment and the
 *   PDF); with EwbDtls the IRP would generate another one.
 */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { deskMessages, paiseToRupees, sumPaise, type Paise } from '@frameport/domain';
import type { EInvoiceBulk, EInvoiceDocument, EInvoiceRegistration, EInvoiceSkipped } from '@frameport/domain/contract';
import { recordAudit } from '../../db/audit.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { corporateDetails, invoices, orderLines, orders, shipmentLines, states } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Identity } from '../../http/identity.ts';
import { placeOfSupply } from './invoice-pdf.ts';

/** The IRP's answer to a registration: what `recordIrn` stores and the tax invoice prints. */
export type EInvoiceRegistrationResult = {
  irn: string;
  ackNo: string;
  /** When the IRP registered it. */
  ackDate: Date;
  signedQrCode: string;
};

/**
 * Registration on the IRP, to be implemented by a GSP adapter (adapters/, chosen in config like the
 * payment provider): `register` sends one INV-01 document and resolves with the IRP's answer, or
 * rejects with the IRP's error (duplicate IRN, invalid GSTIN, …) for the caller to show. Not
 * implemented yet: see the head of this file and decision 013.
 */
export interface EInvoiceRegistrar {
  register(document: EInvoiceDocument): Promise<EInvoiceRegistrationResult>;
}

/** The widest date range of one bulk download (a year, leap day included). */
export const E_INVOICE_MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;

type Line = {
  productName: string;
  modelName: string;
  colourName: string;
  colorVariant: string;
  hsnCode: string;
  gstRatePercent: number;
  quantity: number;
  unitPricePaise: Paise;
  discountPerUnitPaise: Paise;
  taxablePaise: Paise | null;
  cgstPaise: Paise | null;
  sgstPaise: Paise | null;
  igstPaise: Paise | null;
};

type Supplier = typeof corporateDetails.$inferSelect & { stateName: string | null };
type InvoiceRow = typeof invoices.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** What one invoice's e-invoice is made from. */
export type EInvoiceSource = { invoice: InvoiceRow; order: OrderRow; supplier: Supplier; lines: Line[] };

export type EInvoiceBuilt = { ok: true; document: EInvoiceDocument } | { ok: false; reasons: string[] };

const rupees = (paise: Paise) => paiseToRupees(paise);

/** Text the schema's `^([^\"])*$` patterns accept: no quotes or backslashes, spaces collapsed. */
function clean(value: string): string {
  return value.replace(/["\\]/g, '').replace(/\s+/g, ' ').trim();
}

/** At most `max` characters, cut at a space when there is one near the end. */
function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  const head = value.slice(0, max);
  const space = head.lastIndexOf(' ');
  return (space > max * 0.6 ? head.slice(0, space) : head).trim();
}

/** An address as Addr1 (and Addr2 when it is longer than 100 characters), split at commas. */
function addressLines(address: string): { Addr1: string; Addr2?: string } {
  const text = clean(address);
  if (text.length <= 100) return { Addr1: text };
  const parts = text.split(',').map((part) => part.trim());
  let first = '';
  let index = 0;
  while (index < parts.length && `${first}${first ? ', ' : ''}${parts[index]}`.length <= 100) {
    first = `${first}${first ? ', ' : ''}${parts[index]}`;
    index++;
  }
  if (!first) return { Addr1: cut(text, 100), Addr2: cut(text.slice(cut(text, 100).length).trim(), 100) };
  const rest = cut(parts.slice(index).join(', '), 100);
  return rest.length >= 3 ? { Addr1: first, Addr2: rest } : { Addr1: first };
}

function pinOf(value: string | null | undefined): number | null {
  const digits = /^\s*([1-9]\d{5})\s*$/.exec(value ?? '');
  return digits ? Number(digits[1]) : null;
}

/**
 * The supplier's one-line address in the schema's parts. The PIN is the 6-digit number; the city is
 * what stands beside it ('Bengaluru 560001'), or, when that is only the State ('Telangana 500081'),
 * the part before; the street is everything before the city:
 * '4th Floor, Cyber Pearl, HITEC City, Madhapur, Hyderabad, Telangana 500081, India' → Addr1
 * '4th Floor, Cyber Pearl, HITEC City, Madhapur', Loc 'Hyderabad', Pin 500081.
 */
export function supplierAddress(address: string, stateName: string | null): { Addr1: string; Addr2?: string; Loc: string; Pin: number } | null {
  const parts = clean(address)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const pinAt = parts.findIndex((part) => /\b[1-9]\d{5}\b/.test(part));
  if (pinAt < 0) return null;
  const pin = Number(/\b([1-9]\d{5})\b/.exec(parts[pinAt]!)![1]);
  const beside = parts[pinAt]!.replace(/\b[1-9]\d{5}\b/, '').replace(/[\s-]+$/, '').trim();
  const onlyState = beside === '' || beside.toLowerCase() === (stateName ?? '').trim().toLowerCase();
  const locAt = onlyState ? pinAt - 1 : pinAt;
  const loc = onlyState ? (parts[locAt] ?? '') : beside;
  if (loc.length < 3 || locAt < 0) return null;
  const street = parts.slice(0, locAt).join(', ') || loc;
  return { ...addressLines(street), Loc: cut(loc, 50), Pin: pin };
}

/** '2026-11-20' → '20/11/2026' */
function ddmmyyyy(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

function description(line: Line): string {
  return cut(clean(`${line.productName} ${line.modelName} ${line.colourName} (${line.colorVariant})`), 300);
}

/** The INV-01 document of one invoice, or why there cannot be one. Pure: the mapping is in the file's head. */
export function buildEInvoice({ invoice, order, supplier, lines }: EInvoiceSource): EInvoiceBuilt {
  const reasons: string[] = [];
  const buyerGstin = order.billToGstin?.trim().toUpperCase() || null;
  if (!buyerGstin) reasons.push(deskMessages.eInvoice.noBuyerGstin(invoice.invoiceNo));
  if (lines.length === 0) reasons.push(deskMessages.eInvoice.noLines(invoice.invoiceNo));
  if (lines.some((line) => line.taxablePaise === null)) reasons.push(deskMessages.eInvoice.notPriced(invoice.invoiceNo));
  const seller = supplierAddress(supplier.address, supplier.stateName);
  if (!seller) reasons.push(deskMessages.eInvoice.badPin("company's address (corporate details)"));
  const buyerLoc = clean(order.billToCity);
  if (buyerLoc.length < 3) reasons.push(deskMessages.eInvoice.badPlace('bill-to address'));
  const hasShipTo = order.shipToAddress !== null && order.shipToStateCode !== null;
  const shipPin = pinOf(order.shipToPinCode);
  const shipLoc = clean(order.shipToCity ?? '');
  if (hasShipTo && shipPin === null) reasons.push(deskMessages.eInvoice.badPin('delivery (ship-to) address'));
  if (hasShipTo && shipLoc.length < 3) reasons.push(deskMessages.eInvoice.badPlace('delivery (ship-to) address'));
  if (reasons.length > 0 || !seller || !buyerGstin) return { ok: false, reasons };

  const items = lines.map((line, index) => {
    const taxable = line.taxablePaise ?? 0;
    const cgst = line.cgstPaise ?? 0;
    const sgst = line.sgstPaise ?? 0;
    const igst = line.igstPaise ?? 0;
    return {
      paise: { gross: line.unitPricePaise * line.quantity, discount: line.discountPerUnitPaise * line.quantity, taxable, cgst, sgst, igst },
      item: {
        SlNo: String(index + 1),
        PrdDesc: description(line),
        IsServc: 'N' as const,
        HsnCd: line.hsnCode,
        Qty: line.quantity,
        Unit: 'PCS',
        UnitPrice: rupees(line.unitPricePaise),
        TotAmt: rupees(line.unitPricePaise * line.quantity),
        Discount: rupees(line.discountPerUnitPaise * line.quantity),
        AssAmt: rupees(taxable),
        GstRt: line.gstRatePercent,
        IgstAmt: rupees(igst),
        CgstAmt: rupees(cgst),
        SgstAmt: rupees(sgst),
        TotItemVal: rupees(sumPaise([taxable, cgst, sgst, igst])),
      },
    };
  });
  const sum = (pick: (paise: (typeof items)[number]['paise']) => Paise) => sumPaise(items.map((item) => pick(item.paise)));
  const itemsTotal = sum((p) => p.taxable + p.cgst + p.sgst + p.igst);
  const roundOff = invoice.amountPaise - itemsTotal;
  if (Math.abs(roundOff) > 99_99) return { ok: false, reasons: [deskMessages.eInvoice.roundOff(invoice.invoiceNo)] };

  const phone = supplier.contactNumber.replace(/\D/g, '');
  const email = supplier.emailId.trim();
  const pos = placeOfSupply({ billTo: { stateCode: order.billToStateCode, stateName: order.billToState } }).stateCode;
  const document: EInvoiceDocument = {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: 'INV', No: invoice.invoiceNo, Dt: ddmmyyyy(invoice.invoiceDate) },
    SellerDtls: {
      Gstin: supplier.gstin,
      LglNm: cut(clean(supplier.companyName), 100),
      ...seller,
      Stcd: supplier.stateCode,
      ...(phone.length >= 6 && phone.length <= 12 ? { Ph: phone } : {}),
      ...(/^[a-zA-Z0-9+_.-]+@[a-zA-Z0-9.-]+$/.test(email) && email.length >= 6 && email.length <= 100 ? { Em: email } : {}),
    },
    BuyerDtls: {
      Gstin: buyerGstin,
      LglNm: cut(clean(order.billToBusinessName), 100),
      Pos: pos,
      ...addressLines(order.billToAddress),
      Loc: cut(buyerLoc, 100),
      ...(pinOf(order.billToPinCode) !== null ? { Pin: pinOf(order.billToPinCode)! } : {}),
      Stcd: order.billToStateCode,
    },
    ...(hasShipTo
      ? {
          ShipDtls: {
            LglNm: cut(clean(order.shipToName ?? order.billToBusinessName), 100),
            ...addressLines(order.shipToAddress!),
            Loc: cut(shipLoc, 100),
            Pin: shipPin!,
            Stcd: order.shipToStateCode!,
          },
        }
      : {}),
    ItemList: items.map(({ item }) => item),
    ValDtls: {
      AssVal: rupees(sum((p) => p.taxable)),
      CgstVal: rupees(sum((p) => p.cgst)),
      SgstVal: rupees(sum((p) => p.sgst)),
      IgstVal: rupees(sum((p) => p.igst)),
      Discount: rupees(sum((p) => p.discount)),
      RndOffAmt: rupees(roundOff),
      TotInvVal: rupees(invoice.amountPaise),
    },
  };
  return { ok: true, document };
}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

const lineColumns = {
  productName: orderLines.productName,
  modelName: orderLines.modelName,
  colourName: orderLines.colourName,
  colorVariant: orderLines.colorVariant,
  hsnCode: orderLines.hsnCode,
  gstRatePercent: orderLines.gstRatePercent,
  unitPricePaise: orderLines.unitPricePaise,
  discountPerUnitPaise: orderLines.discountPerUnitPaise,
};

/** The lines an invoice bills: its shipment's (quantities and amounts of shipment_lines), else its order's. */
async function linesOf(dbx: DbOrTx, invoice: InvoiceRow): Promise<Line[]> {
  if (invoice.shipmentId !== null) {
    return dbx
      .select({
        ...lineColumns,
        // The rate its invoice charged (in force on the invoice date); the order line's for a line dispatched before it was stored.
        gstRatePercent: sql<number>`coalesce(${shipmentLines.gstRatePercent}, ${orderLines.gstRatePercent})`.mapWith(Number),
        quantity: shipmentLines.quantity,
        taxablePaise: shipmentLines.taxablePaise,
        cgstPaise: shipmentLines.cgstPaise,
        sgstPaise: shipmentLines.sgstPaise,
        igstPaise: shipmentLines.igstPaise,
      })
      .from(shipmentLines)
      .innerJoin(orderLines, eq(orderLines.id, shipmentLines.orderLineId))
      .where(eq(shipmentLines.shipmentId, invoice.shipmentId))
      .orderBy(asc(orderLines.id));
  }
  return dbx
    .select({
      ...lineColumns,
      quantity: orderLines.quantity,
      taxablePaise: orderLines.taxablePaise,
      cgstPaise: orderLines.cgstPaise,
      sgstPaise: orderLines.sgstPaise,
      igstPaise: orderLines.igstPaise,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, invoice.orderId))
    .orderBy(asc(orderLines.id));
}

async function supplierOf(dbx: DbOrTx): Promise<Supplier> {
  const [row] = await dbx
    .select({ company: corporateDetails, stateName: states.name })
    .from(corporateDetails)
    .leftJoin(states, eq(states.stateCode, corporateDetails.stateCode))
    .where(eq(corporateDetails.id, 1));
  if (!row) throw new AppError('conflict', deskMessages.eInvoice.supplierMissing);
  return { ...row.company, stateName: row.stateName };
}

async function sourceOf(dbx: DbOrTx, invoice: InvoiceRow, supplier: Supplier): Promise<EInvoiceSource> {
  const [order] = await dbx.select().from(orders).where(eq(orders.id, invoice.orderId));
  if (!order) throw new Error(`invoice ${invoice.id}: order ${invoice.orderId} missing`);
  return { invoice, order, supplier, lines: await linesOf(dbx, invoice) };
}

/** The e-invoice download's file name: 'FP/26-27/00042' → 'e-invoice-FP-26-27-00042.json'. */
export function eInvoiceFileName(invoiceNo: string): string {
  return `e-invoice-${invoiceNo.replace(/[^A-Za-z0-9-]/g, '-')}.json`;
}

/** One invoice's INV-01 document: 404 for no such invoice, 409 (with the reasons) when it cannot have one. */
export async function eInvoiceOf(dbx: DbOrTx, invoiceId: number): Promise<{ invoiceNo: string; document: EInvoiceDocument }> {
  const [invoice] = await dbx.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw new AppError('not_found', deskMessages.eInvoice.invoiceNotFound);
  const built = buildEInvoice(await sourceOf(dbx, invoice, await supplierOf(dbx)));
  if (!built.ok) throw new AppError('conflict', deskMessages.eInvoice.refused(built.reasons));
  return { invoiceNo: invoice.invoiceNo, document: built.document };
}

/** A 'YYYY-MM-DD' that is a real day, else 400. */
function calendarDay(value: string): number {
  const at = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== value) throw new AppError('invalid', deskMessages.eInvoice.invalidDate);
  return at;
}

/**
 * The INV-01 documents of the invoices dated from..to (both included, oldest first), read in one
 * snapshot. Left out, with their reasons: invoices already registered, and those that cannot have
 * an e-invoice (no buyer GSTIN, …). from after to, or more than 366 days, is 400.
 */
export async function eInvoicesBetween(db: Db, from: string, to: string): Promise<EInvoiceBulk> {
  const start = calendarDay(from);
  const end = calendarDay(to);
  if (start > end) throw new AppError('invalid', deskMessages.eInvoice.dateRange);
  if ((end - start) / DAY_MS + 1 > E_INVOICE_MAX_RANGE_DAYS) throw new AppError('invalid', deskMessages.eInvoice.rangeTooLong(E_INVOICE_MAX_RANGE_DAYS));
  return db.transaction(
    async (tx) => {
      const rows = await tx
        .select()
        .from(invoices)
        .where(and(gte(invoices.invoiceDate, from), lte(invoices.invoiceDate, to)))
        .orderBy(asc(invoices.invoiceDate), asc(invoices.id));
      const documents: EInvoiceDocument[] = [];
      const skipped: EInvoiceSkipped[] = [];
      if (rows.length === 0) return { from, to, documents, skipped };
      const supplier = await supplierOf(tx);
      for (const invoice of rows) {
        const skip = (reasons: string[]) =>
          skipped.push({ invoiceId: invoice.id, invoiceNo: invoice.invoiceNo, invoiceDate: invoice.invoiceDate, reasons });
        if (invoice.irn !== null) {
          skip([deskMessages.eInvoice.registered(invoice.irn)]);
          continue;
        }
        const built = buildEInvoice(await sourceOf(tx, invoice, supplier));
        if (built.ok) documents.push(built.document);
        else skip(built.reasons);
      }
      return { from, to, documents, skipped };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

// ---------------------------------------------------------------------------
// Recording the registration
// ---------------------------------------------------------------------------

/**
 * The IRP's acknowledgement date as an instant: ISO 8601 with a zone as it is; without one
 * ('2026-11-20 14:35:00', as the IRP sends AckDt, or '2026-11-20T14:35') it is India time.
 */
export function ackDateOf(value: string): Date {
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2}(\.\d{1,3})?)?$/.exec(value.trim());
  const at = local ? new Date(`${local[1]}T${local[2]}${local[3] ?? ':00'}+05:30`) : new Date(value.trim());
  const isoZoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value.trim());
  if (Number.isNaN(at.getTime()) || (!local && !isoZoned)) throw new AppError('invalid', deskMessages.eInvoice.invalidAckDate);
  return at;
}

/**
 * Records an invoice's registration, in the caller's transaction (the route's idempotent one): the
 * invoice row is locked, a registered invoice is 409 (an IRN is never changed: a wrong one is
 * cancelled on the IRP and the invoice registered again, which is not in Frameport yet), and the
 * change is audited with the same transaction.
 */
export async function recordIrn(
  tx: Tx,
  identity: Identity,
  invoiceId: number,
  registration: EInvoiceRegistrationResult,
  at: Date,
): Promise<EInvoiceRegistration> {
  const [invoice] = await tx
    .select({ id: invoices.id, invoiceNo: invoices.invoiceNo, irn: invoices.irn })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for('update');
  if (!invoice) throw new AppError('not_found', deskMessages.eInvoice.invoiceNotFound);
  if (invoice.irn !== null) throw new AppError('conflict', deskMessages.eInvoice.alreadyRegistered(invoice.invoiceNo, invoice.irn));
  const irn = registration.irn.toLowerCase();
  await tx
    .update(invoices)
    .set({
      irn,
      irnAckNo: registration.ackNo,
      irnAckDate: registration.ackDate,
      irnSignedQrCode: registration.signedQrCode,
      updatedAt: at,
    })
    .where(eq(invoices.id, invoice.id));
  await recordAudit(tx, {
    actorUserId: identity.userId,
    action: 'invoice.recordIrn',
    entity: 'invoice',
    entityId: String(invoice.id),
    details: {
      invoiceNo: invoice.invoiceNo,
      before: { irn: null, ackNo: null, ackDate: null },
      after: { irn, ackNo: registration.ackNo, ackDate: registration.ackDate.toISOString() },
    },
    at,
  });
  return {
    invoiceId: invoice.id,
    invoiceNo: invoice.invoiceNo,
    irn,
    ackNo: registration.ackNo,
    ackDate: registration.ackDate.toISOString(),
    signedQrCode: registration.signedQrCode,
  };
}
