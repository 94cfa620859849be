/**
 * E-invoice readiness through the real server and database: the INV-01 JSON of a shipment's invoice
 * (intra-State, CGST + SGST) and of a whole order's invoice (inter-State, IGST) validated against
 * NIC's published schema (einvoice-schema-1.1.json, made checkable by e-invoice-schema.ts) with ajv,
 * their totals against the invoices; the bulk download of a date range; recording the IRN (once,
 * audited, idempotent) and the tax invoice printing it; who may call what.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { and, asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskMessages, shipmentLineTotals } from '@frameport/domain';
import { fail } from '@frameport/domain/contract';
import { makeGstin } from '../../db/seed/gstin.ts';
import { auditLog, invoices, orderLines, orders, retailers, shipmentLines, shipments } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser, ensureCorporateDetails } from '../../test/factories.ts';
import { headersFor, placeOrder, type Headers } from '../../test/invoices.ts';
import { inv01ValidationSchema, publishedInv01Schema } from './e-invoice-schema.ts';
import { supplierAddress } from './e-invoice.ts';

let t: TestApp;
let company: Awaited<ReturnType<typeof ensureCorporateDetails>>;
let admin: Headers;
let accounts: Headers;
let warehouse: Headers;
let retailer: Headers;
let validate: ValidateFunction;

const TELANGANA_GSTIN = makeGstin('36', 'AABCT1234F');
const KARNATAKA_GSTIN = makeGstin('29', 'AABCK5678G');

/** Rupees (a JSON number) back to paise, exactly. */
const paise = (rupees: number) => Math.round(rupees * 100);

type Doc = {
  Version: string;
  DocDtls: { No: string; Dt: string };
  SellerDtls: Record<string, unknown>;
  BuyerDtls: Record<string, unknown> & { Gstin: string; Pos: string; Stcd: string };
  ShipDtls?: Record<string, unknown>;
  ItemList: (Record<string, unknown> & {
    HsnCd: string;
    Qty: number;
    UnitPrice: number;
    TotAmt: number;
    Discount: number;
    AssAmt: number;
    GstRt: number;
    CgstAmt: number;
    SgstAmt: number;
    IgstAmt: number;
    TotItemVal: number;
  })[];
  ValDtls: { AssVal: number; CgstVal: number; SgstVal: number; IgstVal: number; RndOffAmt: number; TotInvVal: number };
};

function errorsOf(document: unknown): string[] {
  return validate(document) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

/** A retailer with a GSTIN (or none), and its session. */
async function buyer(stateCode: '36' | '29', gstin: string | null, businessName: string) {
  const user = await createRetailer(t.db, { stateCode, businessName });
  await t.db.update(retailers).set({ gstin }).where(eq(retailers.id, user.retailerId));
  return { ...user, headers: await headersFor(t, user) };
}

/**
 * A dispatched shipment of `take` pieces of each of the order's lines (in line order) and its
 * invoice, written as the shipments module writes them at dispatch: the shares by shipmentLineTotals.
 */
async function shipmentInvoice(orderId: number, take: number[], invoiceDate: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  const shares = lines.map((line, i) =>
    shipmentLineTotals(
      {
        unitPricePaise: line.unitPricePaise,
        discountPerUnitPaise: line.discountPerUnitPaise,
        gstRatePercent: line.gstRatePercent,
        billToStateCode: order!.billToStateCode,
        companyStateCode: order!.companyStateCode,
        billableQuantity: line.quantity,
        totals: { taxablePaise: line.taxablePaise, cgst: line.cgstPaise, sgst: line.sgstPaise, igst: line.igstPaise, totalPaise: line.lineTotalPaise },
        billed: { quantity: 0, taxablePaise: 0, cgst: 0, sgst: 0, igst: 0 },
      },
      take[i]!,
    ),
  );
  const amount = shares.reduce((sum, share) => sum + share.totalPaise, 0);
  const [shipment] = await t.db
    .insert(shipments)
    .values({
      orderId,
      shipmentNo: 1,
      status: 'Dispatched',
      boxes: 1,
      transporter: 'Blue Dart',
      docketNo: 'BD123456789',
      dispatchDate: invoiceDate,
      valuePaise: amount,
    })
    .returning({ id: shipments.id });
  await t.db.insert(shipmentLines).values(
    shares.map((share, i) => ({
      shipmentId: shipment!.id,
      orderLineId: lines[i]!.id,
      quantity: share.quantity,
      taxablePaise: share.taxablePaise,
      cgstPaise: share.cgst,
      sgstPaise: share.sgst,
      igstPaise: share.igst,
      totalPaise: share.totalPaise,
    })),
  );
  const [invoice] = await t.db
    .insert(invoices)
    .values({
      invoiceNo: `FP/26-27/9${String(shipment!.id).padStart(4, '0')}`,
      financialYear: '2026-27',
      orderId,
      shipmentId: shipment!.id,
      retailerId: order!.retailerId,
      invoiceDate,
      amountPaise: amount,
    })
    .returning();
  return { invoice: invoice!, shares, lines };
}

/** An invoice of a whole order (raised before shipments existed: no shipment), for the order's total. */
async function orderInvoice(orderId: number, invoiceNo: string, invoiceDate: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const [invoice] = await t.db
    .insert(invoices)
    .values({ invoiceNo, financialYear: '2026-27', orderId, retailerId: order!.retailerId, invoiceDate, amountPaise: order!.totalPaise })
    .returning();
  return invoice!;
}

function download(headers: Headers, invoiceId: number | string) {
  return t.app.inject({ url: `/api/admin/invoices/${invoiceId}/e-invoice`, headers });
}

function bulk(headers: Headers, from: string, to: string) {
  return t.app.inject({ url: '/api/admin/invoices/e-invoice', query: { from, to }, headers });
}

function recordIrn(headers: Headers, invoiceId: number, body: Record<string, unknown>, key?: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/invoices/${invoiceId}/irn`,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

let telanganaShipment: Awaited<ReturnType<typeof shipmentInvoice>>;
let karnatakaInvoice: Awaited<ReturnType<typeof orderInvoice>>;
let unregisteredInvoice: Awaited<ReturnType<typeof orderInvoice>>;
let outsideRange: Awaited<ReturnType<typeof orderInvoice>>;
let shippedElsewhere: Awaited<ReturnType<typeof orderInvoice>>;
let frameId: number;

beforeAll(async () => {
  const ajv = new Ajv({ allErrors: true, strict: true, unicodeRegExp: false });
  addFormats(ajv);
  // NIC's patterns are .NET regular expressions (`[^\"]`), not Unicode-mode JavaScript ones.
  validate = ajv.compile(inv01ValidationSchema());

  t = await buildTestApp();
  company = await ensureCorporateDetails(t.db);
  const frame = await createProduct(t.db, { stocks: [100], netPricePaise: 1_000_00, gstRatePercent: 5, name: 'Aviator "Classic" Frame' });
  const sunglasses = await createProduct(t.db, { stocks: [100], netPricePaise: 1_499_50, productTypeId: 2, gstRatePercent: 18, name: 'Wayfarer Polarised Sunglasses' });
  frameId = frame.productId;
  const [adminUser, accountsUser, warehouseUser, telangana, karnataka, unregistered] = await Promise.all([
    createStaffUser(t.db, 'admin'),
    createStaffUser(t.db, 'accounts'),
    createStaffUser(t.db, 'warehouse'),
    buyer('36', TELANGANA_GSTIN, 'Charminar Opticals'),
    buyer('29', KARNATAKA_GSTIN, 'Lalbagh Eyewear'),
    buyer('36', null, 'Unregistered Optics'),
  ]);
  [admin, accounts, warehouse] = await Promise.all([headersFor(t, adminUser), headersFor(t, accountsUser), headersFor(t, warehouseUser)]);
  retailer = telangana.headers;
  const items = (a: number, b: number) => [
    { productId: frame.productId, quantity: a },
    { productId: sunglasses.productId, quantity: b },
  ];
  const [telanganaOrder, karnatakaOrder, unregisteredOrder, laterOrder, elsewhereOrder] = [
    await placeOrder(t, telangana.headers, items(3, 2)),
    await placeOrder(t, karnataka.headers, items(2, 1)),
    await placeOrder(t, unregistered.headers, items(1, 1)),
    await placeOrder(t, karnataka.headers, items(1, 1)),
    await placeOrder(t, telangana.headers, items(1, 1)),
  ];
  // Billed to the Telangana retailer (taxed CGST + SGST), delivered to its branch in Karnataka.
  await t.db
    .update(orders)
    .set({ shipToName: 'Charminar Opticals Bengaluru', shipToAddress: '5 Brigade Road', shipToCity: 'Bengaluru', shipToState: 'Karnataka', shipToStateCode: '29', shipToPinCode: '560001' })
    .where(eq(orders.id, elsewhereOrder));
  // The Telangana order ships part: 2 of 3 frames and 1 of 2 sunglasses.
  telanganaShipment = await shipmentInvoice(telanganaOrder, [2, 1], '2026-11-20');
  karnatakaInvoice = await orderInvoice(karnatakaOrder, 'FP/26-27/80001', '2026-11-21');
  unregisteredInvoice = await orderInvoice(unregisteredOrder, 'FP/26-27/80002', '2026-11-21');
  outsideRange = await orderInvoice(laterOrder, 'FP/26-27/80003', '2026-12-01');
  shippedElsewhere = await orderInvoice(elsewhereOrder, 'FP/26-27/80004', '2025-06-01');
});

afterAll(async () => {
  await t?.close();
});

describe('the stored INV-01 schema', () => {
  it('is NIC’s published "GST-India Invoice Document" schema, and its checkable form keeps its rules', () => {
    const published = publishedInv01Schema();
    expect(published.Title).toBe('GST-India Invoice Document ');
    expect(published.Description).toBe('GST Invoice format for IRN Generation in INDIA');
    expect(published.required).toEqual(['Version', 'TranDtls', 'DocDtls', 'SellerDtls', 'BuyerDtls', 'ItemList', 'ValDtls']);
    const schema = inv01ValidationSchema() as { properties: Record<string, { items?: { required?: string[] }; properties?: Record<string, unknown> }> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['ItemList', 'ValDtls', 'EwbDtls', 'AddlDocDtls']));
    expect(schema.properties.ItemList!.items!.required).toEqual(['SlNo', 'IsServc', 'HsnCd', 'UnitPrice', 'TotAmt', 'AssAmt', 'GstRt', 'TotItemVal']);
    expect(Object.keys(schema.properties.RefDtls!.properties!)).not.toContain('required');
  });

  it('catches a document that breaks it: the check can fail', async () => {
    const good = (await download(admin, telanganaShipment.invoice.id)).json<Doc>();
    expect(errorsOf(good)).toEqual([]);
    const broken = (change: (doc: Doc & Record<string, unknown>) => void) => {
      const doc = structuredClone(good) as Doc & Record<string, unknown>;
      change(doc);
      return errorsOf(doc);
    };
    expect(broken((doc) => delete (doc.BuyerDtls as Record<string, unknown>).Gstin)).toEqual([expect.stringContaining("must have required property 'Gstin'")]);
    expect(broken((doc) => (doc.DocDtls.Dt = '2026-11-20'))).toEqual(expect.arrayContaining([expect.stringMatching(/^\/DocDtls\/Dt /)]));
    expect(broken((doc) => (doc.ItemList[0]!.HsnCd = '90'))).toEqual(expect.arrayContaining([expect.stringMatching(/^\/ItemList\/0\/HsnCd /)]));
    expect(broken((doc) => ((doc.ItemList[0] as Record<string, unknown>).Qty = '2'))).toEqual(['/ItemList/0/Qty must be number']);
    expect(broken((doc) => (doc.BuyerDtls.Gstin = 'NOT-A-GSTIN'))).toEqual(expect.arrayContaining([expect.stringMatching(/^\/BuyerDtls\/Gstin /)]));
    expect(broken((doc) => (doc.ValDtls.RndOffAmt = 150))).toEqual(['/ValDtls/RndOffAmt must be <= 99.99']);
    expect(broken((doc) => delete (doc as Record<string, unknown>).ValDtls)).toEqual([" must have required property 'ValDtls'"]);
  });
});

describe('GET /api/admin/invoices/:id/e-invoice', () => {
  it('writes a Telangana shipment’s invoice (CGST + SGST) as INV-01 that the schema accepts and that adds up to the invoice', async () => {
    const response = await download(accounts, telanganaShipment.invoice.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const number = telanganaShipment.invoice.invoiceNo;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="e-invoice-${number.replace(/\//g, '-')}.json"`);
    const doc = response.json<Doc>();
    expect(errorsOf(doc)).toEqual([]);

    expect(doc.Version).toBe('1.1');
    expect(doc.DocDtls).toEqual({ Typ: 'INV', No: number, Dt: '20/11/2026' });
    expect(doc.SellerDtls).toEqual({
      Gstin: company.gstin,
      LglNm: company.name,
      Addr1: '4th Floor, Cyber Pearl, HITEC City, Madhapur',
      Loc: 'Hyderabad',
      Pin: 500081,
      Stcd: '36',
      Ph: '914040123456',
      Em: company.emailId,
    });
    expect(doc.BuyerDtls).toMatchObject({ Gstin: TELANGANA_GSTIN, LglNm: 'Charminar Opticals', Pos: '36', Stcd: '36', Loc: 'Hyderabad', Pin: 500001 });

    // The shipment's quantities and its stored shares, not the order's.
    const { shares, lines } = telanganaShipment;
    expect(doc.ItemList.map((item) => [item.HsnCd, item.Qty, item.GstRt])).toEqual([
      ['9003', 2, 5],
      ['900410', 1, 18],
    ]);
    doc.ItemList.forEach((item, i) => {
      expect(paise(item.UnitPrice)).toBe(lines[i]!.unitPricePaise);
      expect(paise(item.TotAmt) - paise(item.Discount)).toBe(paise(item.AssAmt));
      expect(paise(item.AssAmt)).toBe(shares[i]!.taxablePaise);
      expect(paise(item.CgstAmt)).toBe(shares[i]!.cgst);
      expect(paise(item.SgstAmt)).toBe(shares[i]!.sgst);
      expect(item.IgstAmt).toBe(0);
      expect(paise(item.TotItemVal)).toBe(shares[i]!.totalPaise);
      // Quotes are not allowed by the schema's text patterns: the product's name loses them.
      expect(item.PrdDesc).not.toContain('"');
    });
    expect(doc.ItemList[0]!.PrdDesc).toMatch(/^Aviator Classic Frame /);
    expect(doc.ItemList[0]).toMatchObject({ UnitPrice: 1000, TotAmt: 2000, AssAmt: 2000, CgstAmt: 50, SgstAmt: 50, TotItemVal: 2100 });
    // 9% of 1,499.50 is 134.955: each of CGST and SGST rounds on its own (domain lineTotals).
    expect(doc.ItemList[1]).toMatchObject({ UnitPrice: 1499.5, AssAmt: 1499.5, CgstAmt: 134.96, SgstAmt: 134.96, TotItemVal: 1769.42 });

    // Totals: the items' sums, and the invoice's amount.
    const sum = (pick: (item: Doc['ItemList'][number]) => number) => doc.ItemList.reduce((total, item) => total + paise(pick(item)), 0);
    expect(paise(doc.ValDtls.AssVal)).toBe(sum((item) => item.AssAmt));
    expect(paise(doc.ValDtls.CgstVal)).toBe(sum((item) => item.CgstAmt));
    expect(paise(doc.ValDtls.SgstVal)).toBe(sum((item) => item.SgstAmt));
    expect(doc.ValDtls.IgstVal).toBe(0);
    expect(paise(doc.ValDtls.TotInvVal)).toBe(telanganaShipment.invoice.amountPaise);
    expect(sum((item) => item.TotItemVal) + paise(doc.ValDtls.RndOffAmt)).toBe(telanganaShipment.invoice.amountPaise);
  });

  it('writes a Karnataka order’s invoice (IGST, place of supply 29) from the order’s lines when it has no shipment', async () => {
    const response = await download(admin, karnatakaInvoice.id);
    expect(response.statusCode, response.body).toBe(200);
    const doc = response.json<Doc>();
    expect(errorsOf(doc)).toEqual([]);
    expect(doc.BuyerDtls).toMatchObject({ Gstin: KARNATAKA_GSTIN, Pos: '29', Stcd: '29' });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, karnatakaInvoice.orderId)).orderBy(asc(orderLines.id));
    expect(doc.ItemList.map((item) => [item.HsnCd, item.Qty, paise(item.AssAmt), paise(item.IgstAmt), item.CgstAmt, item.SgstAmt])).toEqual(
      lines.map((line) => [line.hsnCode, line.quantity, line.taxablePaise, line.igstPaise, 0, 0]),
    );
    expect(doc.ItemList.map((item) => item.GstRt)).toEqual([5, 18]);
    expect(paise(doc.ValDtls.IgstVal)).toBe(lines.reduce((total, line) => total + line.igstPaise, 0));
    expect(doc.ValDtls.CgstVal + doc.ValDtls.SgstVal).toBe(0);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, karnatakaInvoice.orderId));
    expect(paise(doc.ValDtls.TotInvVal)).toBe(karnatakaInvoice.amountPaise);
    expect(paise(doc.ValDtls.RndOffAmt)).toBe(order!.roundOffPaise);
    expect(doc.ItemList.reduce((total, item) => total + paise(item.TotItemVal), 0) + paise(doc.ValDtls.RndOffAmt)).toBe(karnatakaInvoice.amountPaise);
  });

  it('keeps the place of supply the tax was charged on (bill-to, 36) for goods delivered to another State, which goes in ShipDtls', async () => {
    const response = await download(admin, shippedElsewhere.id);
    expect(response.statusCode, response.body).toBe(200);
    const doc = response.json<Doc>();
    expect(errorsOf(doc)).toEqual([]);
    expect(doc.BuyerDtls).toMatchObject({ Gstin: TELANGANA_GSTIN, Pos: '36', Stcd: '36' });
    expect(doc.ShipDtls).toEqual({ LglNm: 'Charminar Opticals Bengaluru', Addr1: '5 Brigade Road', Loc: 'Bengaluru', Pin: 560001, Stcd: '29' });
    expect(doc.ValDtls.CgstVal).toBeGreaterThan(0);
    expect(doc.ValDtls.IgstVal).toBe(0);
    // The tax invoice prints the same place of supply.
    const document = await t.app.inject({ url: `/backoffice/LensMaster/InvoiceDocument/${shippedElsewhere.id}`, headers: admin });
    const printed = (await extractText(await getDocumentProxy(new Uint8Array(document.rawPayload)), { mergePages: true })).text;
    expect(printed.replace(/\s+/g, ' ')).toContain('Place of supply: Telangana (36)');

    // A delivery address without a valid PIN cannot go in ShipDtls: refused, with the reason.
    await t.db.update(orders).set({ shipToPinCode: '5600' }).where(eq(orders.id, shippedElsewhere.orderId));
    try {
      const refused = await download(admin, shippedElsewhere.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(fail(deskMessages.eInvoice.refused([deskMessages.eInvoice.badPin('delivery (ship-to) address')])));
    } finally {
      await t.db.update(orders).set({ shipToPinCode: '560001' }).where(eq(orders.id, shippedElsewhere.orderId));
    }
  });

  it('refuses an invoice whose buyer has no GSTIN (B2B needs it) with 409 and says so; an unknown invoice is 404', async () => {
    const response = await download(admin, unregisteredInvoice.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(fail(deskMessages.eInvoice.refused([deskMessages.eInvoice.noBuyerGstin(unregisteredInvoice.invoiceNo)])));
    const missing = await download(admin, 987_654);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(fail(deskMessages.eInvoice.invoiceNotFound));
    expect((await download(admin, 'abc')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/invoices/e-invoice?from=&to=', () => {
  it('answers the documents of the invoices dated in the range, oldest first, and lists the ones left out with the reasons', async () => {
    const response = await bulk(accounts, '2026-11-01', '2026-11-30');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="e-invoices-2026-11-01-to-2026-11-30.json"');
    const body = response.json<{ from: string; to: string; documents: Doc[]; skipped: { invoiceId: number; invoiceNo: string; reasons: string[] }[] }>();
    expect(body.from).toBe('2026-11-01');
    expect(body.to).toBe('2026-11-30');
    expect(body.documents.map((doc) => doc.DocDtls.No)).toEqual([telanganaShipment.invoice.invoiceNo, karnatakaInvoice.invoiceNo]);
    for (const doc of body.documents) expect(errorsOf(doc)).toEqual([]);
    // The same documents as one at a time.
    expect(body.documents[1]).toEqual((await download(admin, karnatakaInvoice.id)).json());
    expect(body.skipped).toEqual([
      {
        invoiceId: unregisteredInvoice.id,
        invoiceNo: unregisteredInvoice.invoiceNo,
        invoiceDate: '2026-11-21',
        reasons: [deskMessages.eInvoice.noBuyerGstin(unregisteredInvoice.invoiceNo)],
      },
    ]);
    // The December invoice is outside the range; an empty range is an empty answer.
    expect(JSON.stringify(body)).not.toContain(outsideRange.invoiceNo);
    const empty = (await bulk(admin, '2025-01-01', '2025-01-31')).json();
    expect(empty).toEqual({ from: '2025-01-01', to: '2025-01-31', documents: [], skipped: [] });
    expect((await bulk(admin, '2026-12-01', '2026-12-01')).json().documents.map((doc: Doc) => doc.DocDtls.No)).toEqual([outsideRange.invoiceNo]);
  });

  it('refuses a range backwards, longer than 366 days, or of days that do not exist (400)', async () => {
    const backwards = await bulk(admin, '2026-11-30', '2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual(fail(deskMessages.eInvoice.dateRange));
    const tooLong = await bulk(admin, '2025-11-01', '2026-11-02');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual(fail(deskMessages.eInvoice.rangeTooLong(366)));
    expect((await bulk(admin, '2025-11-01', '2026-11-01')).statusCode).toBe(200);
    expect((await bulk(admin, '2026-02-30', '2026-03-01')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/admin/invoices/e-invoice?from=2026-11-01', headers: admin })).statusCode).toBe(400);
  });
});

describe('PUT /api/admin/invoices/:id/irn', () => {
  const registration = {
    irn: 'A3DC3B5E4D8A6F3A2C1B0E9D8C7B6A5F4E3D2C1B0A9F8E7D6C5B4A3F2E1D0C9B8'.slice(0, 64),
    ackNo: '112610012345678',
    ackDate: '2026-11-20 14:35:00',
    signedQrCode: `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify({ data: { DocNo: 'x', Irn: 'y' } })).toString('base64url')}.${'S'.repeat(300)}`,
  };

  it('records the registration once (audited, idempotent by key), after which the tax invoice prints the IRN, Ack No. and the QR code', async () => {
    const id = karnatakaInvoice.id;
    const first = await recordIrn(accounts, id, registration, 'irn-karnataka-0001');
    expect(first.statusCode, first.body).toBe(200);
    const recorded = {
      invoiceId: id,
      invoiceNo: karnatakaInvoice.invoiceNo,
      irn: registration.irn.toLowerCase(),
      ackNo: registration.ackNo,
      // 14:35 in India.
      ackDate: '2026-11-20T09:05:00.000Z',
      signedQrCode: registration.signedQrCode,
    };
    expect(first.json().Data).toEqual(recorded);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({ irn: recorded.irn, irnAckNo: registration.ackNo, irnSignedQrCode: registration.signedQrCode });
    expect(row!.irnAckDate!.toISOString()).toBe(recorded.ackDate);

    // A retry with the same key answers the same and changes nothing; another registration is 409.
    const retry = await recordIrn(accounts, id, registration, 'irn-karnataka-0001');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().Data).toEqual(recorded);
    const again = await recordIrn(admin, id, { ...registration, irn: 'b'.repeat(64) }, 'irn-karnataka-0002');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(fail(deskMessages.eInvoice.alreadyRegistered(karnatakaInvoice.invoiceNo, recorded.irn)));
    expect((await recordIrn(admin, id, registration)).statusCode).toBe(409);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.recordIrn'), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ before: { irn: null }, after: { irn: recorded.irn, ackNo: registration.ackNo } });

    // Registered: the bulk download leaves it out, saying why.
    const listed = (await bulk(admin, '2026-11-21', '2026-11-21')).json<{ skipped: { invoiceId: number; reasons: string[] }[] }>();
    expect(listed.skipped.find((skip) => skip.invoiceId === id)?.reasons).toEqual([deskMessages.eInvoice.registered(recorded.irn)]);

    // The tax invoice prints it, with the signed QR code as an image; before registration there is none.
    const pdf = await t.app.inject({ url: `/backoffice/LensMaster/InvoiceDocument/${id}`, headers: admin });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const proxy = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const text = (await extractText(proxy, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain(`IRN: ${recorded.irn}`);
    expect(text).toContain(`Ack No.: ${registration.ackNo}`);
    expect(text).toContain('Ack Date: 20 Nov 2026 14:35');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
    const unregistered = await t.app.inject({ url: `/backoffice/LensMaster/InvoiceDocument/${telanganaShipment.invoice.id}`, headers: admin });
    expect(unregistered.statusCode).toBe(200);
    expect(unregistered.rawPayload.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
    // A shipment's invoice prints the consignment's transport.
    const shipmentText = (await extractText(await getDocumentProxy(new Uint8Array(unregistered.rawPayload)), { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(shipmentText).toContain('Transporter: Blue Dart');
    expect(shipmentText).toContain('Docket / AWB No.: BD123456789');
    expect(shipmentText).toContain('Dispatch date: 20 Nov 2026');
    expect(shipmentText).not.toContain('IRN');
  });

  it('refuses a malformed registration (400) and an unknown invoice (404)', async () => {
    const id = telanganaShipment.invoice.id;
    expect((await recordIrn(admin, id, { ...registration, irn: 'xyz' })).statusCode).toBe(400);
    expect((await recordIrn(admin, id, { ...registration, ackNo: 'ACK-1' })).statusCode).toBe(400);
    const badDate = await recordIrn(admin, id, { ...registration, ackDate: 'yesterday at noon' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toEqual(fail(deskMessages.eInvoice.invalidAckDate));
    const missing = await recordIrn(admin, 987_654, registration);
    expect(missing.statusCode).toBe(404);
    const [row] = await t.db.select({ irn: invoices.irn }).from(invoices).where(eq(invoices.id, id));
    expect(row!.irn).toBeNull();
  });
});

describe('who may use the e-invoice routes', () => {
  it('admin and accounts staff; warehouse staff and retailers get 403, nobody 401', async () => {
    const id = telanganaShipment.invoice.id;
    for (const headers of [admin, accounts]) {
      expect((await download(headers, id)).statusCode).toBe(200);
      expect((await bulk(headers, '2026-11-01', '2026-11-30')).statusCode).toBe(200);
    }
    for (const headers of [warehouse, retailer]) {
      expect((await download(headers, id)).statusCode).toBe(403);
      expect((await bulk(headers, '2026-11-01', '2026-11-30')).statusCode).toBe(403);
      expect((await recordIrn(headers, id, { irn: 'c'.repeat(64), ackNo: '1', ackDate: '2026-11-20 10:00:00', signedQrCode: 'x' })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: `/api/admin/invoices/${id}/e-invoice` })).statusCode).toBe(401);
    const [row] = await t.db.select({ irn: invoices.irn }).from(invoices).where(eq(invoices.id, id));
    expect(row!.irn).toBeNull();
  });
});

describe('the order page and the registration', () => {
  it('shows a shipment invoice’s IRN, Ack No. and Ack Date once recorded, and none before', async () => {
    const orderId = await placeOrder(t, retailer, [{ productId: frameId, quantity: 1 }]);
    const { invoice } = await shipmentInvoice(orderId, [1], '2027-02-01');
    const invoiceOnPage = async () => {
      const page = await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers: accounts });
      expect(page.statusCode, page.body).toBe(200);
      return page.json().Data.shipments[0].invoice as { id: number; invoiceNo: string; registration: unknown };
    };
    expect(await invoiceOnPage()).toMatchObject({ id: invoice.id, invoiceNo: invoice.invoiceNo, registration: null });
    const recorded = await recordIrn(accounts, invoice.id, { irn: 'D'.repeat(64), ackNo: '112610099999999', ackDate: '2027-02-01 18:10:00', signedQrCode: 'signed.qr.code' }, 'irn-order-page-0001');
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect((await invoiceOnPage()).registration).toEqual({ irn: 'd'.repeat(64), ackNo: '112610099999999', ackDate: '2027-02-01T12:40:00.000Z' });
  });
});

describe('the supplier’s address in the schema’s parts', () => {
  it('finds the PIN, the city (beside the PIN, or before a part that is only the State and PIN) and the street before it', () => {
    expect(supplierAddress('4th Floor, Cyber Pearl, HITEC City, Madhapur, Hyderabad, Telangana 500081, India', 'Telangana')).toEqual({
      Addr1: '4th Floor, Cyber Pearl, HITEC City, Madhapur',
      Loc: 'Hyderabad',
      Pin: 500081,
    });
    expect(supplierAddress('12 Market Road, Bengaluru 560001, Karnataka', 'Karnataka')).toEqual({ Addr1: '12 Market Road', Loc: 'Bengaluru', Pin: 560001 });
    expect(supplierAddress('12 Market Road, Bengaluru', 'Karnataka')).toBeNull();
  });
});

describe('the API docs', () => {
  it('list the e-invoice routes under Admin, the IRN record with its Idempotency-Key header', async () => {
    const paths = (await t.app.inject({ url: '/api/docs/json' })).json().paths as Record<
      string,
      Record<string, { tags: string[]; summary: string; parameters?: { in: string; name: string }[] }>
    >;
    for (const [path, method, keyed] of [
      ['/api/admin/invoices/e-invoice', 'get', false],
      ['/api/admin/invoices/{id}/e-invoice', 'get', false],
      ['/api/admin/invoices/{id}/irn', 'put', true],
    ] as const) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.tags).toEqual(['Admin']);
      expect((operation!.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key')).toBe(keyed);
    }
  });
});
