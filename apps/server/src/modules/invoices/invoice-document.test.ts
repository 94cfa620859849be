import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { cartTotals, lineTotals } from '@frameport/domain';
import { fail } from '@frameport/domain/contract';
import { invoiceMessages } from '@frameport/domain/messages/invoices';
import { makeGstin } from '../../db/seed/gstin.ts';
import { invoices, orderLines, orders, retailers } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser, ensureCorporateDetails } from '../../test/factories.ts';
import { dispatchedInvoice, headersFor, placeOrder, type Headers } from '../../test/invoices.ts';

let t: TestApp;
let company: Awaited<ReturnType<typeof ensureCorporateDetails>>;
let admin: Headers;
let frame: { productId: number };
let sunglasses: { productId: number };

const TELANGANA_GSTIN = makeGstin('36', 'AABCT1234F');
const KARNATAKA_GSTIN = makeGstin('29', 'AABCK5678G');

type Party = { retailerId: number; userId: number; headers: Headers };

async function retailerWithGstin(stateCode: '36' | '29', gstin: string | null, businessName: string): Promise<Party> {
  const user = await createRetailer(t.db, { stateCode, businessName });
  if (gstin) await t.db.update(retailers).set({ gstin }).where(eq(retailers.id, user.retailerId));
  return { retailerId: user.retailerId, userId: user.userId, headers: await headersFor(t, user) };
}

/** 1234.5 → '1,234.50': rupees as the invoice's table prints them (Indian grouping, 2 decimals). */
const inr = (paise: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100);
const rate = (percent: number) => `${String(percent)}%`;

function documentUrl(invoiceId: number | string) {
  return `/backoffice/LensMaster/InvoiceDocument/${invoiceId}`;
}

async function download(headers: Headers | null, invoiceId: number | string) {
  return t.app.inject({ url: documentUrl(invoiceId), headers: headers ?? {} });
}

/** The PDF's text, page by page, whitespace collapsed to single spaces. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' ').trim());
}

async function textOf(headers: Headers, invoiceId: number) {
  const response = await download(headers, invoiceId);
  expect(response.statusCode, response.body).toBe(200);
  const pages = await pagesOf(response.rawPayload);
  return { response, pages, text: pages.join(' ') };
}

let telangana: Party;
let karnataka: Party;
let telanganaInvoice: Awaited<ReturnType<typeof dispatchedInvoice>>;
let karnatakaInvoice: Awaited<ReturnType<typeof dispatchedInvoice>>;

beforeAll(async () => {
  t = await buildTestApp();
  company = await ensureCorporateDetails(t.db);
  frame = await createProduct(t.db, { stocks: [100], netPricePaise: 1_000_00, gstRatePercent: 5, name: 'Aviator Classic Frame' });
  sunglasses = await createProduct(t.db, { stocks: [100], netPricePaise: 1_499_50, productTypeId: 2, gstRatePercent: 18, name: 'Wayfarer Polarised Sunglasses' });
  // Independent accounts made side by side: their password hashing is most of this file's set-up time.
  let adminUser;
  [adminUser, telangana, karnataka] = await Promise.all([
    createStaffUser(t.db, 'admin'),
    retailerWithGstin('36', TELANGANA_GSTIN, 'Charminar Opticals'),
    retailerWithGstin('29', KARNATAKA_GSTIN, 'Lalbagh Eyewear'),
  ]);
  admin = await headersFor(t, adminUser);
  const telanganaOrder = await placeOrder(t, telangana.headers, [
    { productId: frame.productId, quantity: 3 },
    { productId: sunglasses.productId, quantity: 2 },
  ]);
  const karnatakaOrder = await placeOrder(t, karnataka.headers, [
    { productId: frame.productId, quantity: 2 },
    { productId: sunglasses.productId, quantity: 1 },
  ]);
  telanganaInvoice = await dispatchedInvoice(t, admin, telanganaOrder);
  karnatakaInvoice = await dispatchedInvoice(t, admin, karnatakaOrder);
});

afterAll(async () => {
  await t?.close();
});

async function orderOf(invoiceId: number) {
  const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const [order] = await t.db.select().from(orders).where(eq(orders.id, invoice!.orderId));
  const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id)).orderBy(orderLines.id);
  return { invoice: invoice!, order: order!, lines };
}

describe('GET /backoffice/LensMaster/InvoiceDocument/:invoiceId', () => {
  it('prints a Telangana (36) retailer’s tax invoice with CGST and SGST, and the Rule 46 particulars', async () => {
    const { response, pages, text } = await textOf(telangana.headers, telanganaInvoice.InvoiceID);
    const number = telanganaInvoice.InvoiceNo;
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="Invoice-${number.replace(/\//g, '-')}.pdf"`);
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="Invoice-FP-26-27-\d{5}\.pdf"$/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pages).toHaveLength(1);

    const { order, lines } = await orderOf(telanganaInvoice.InvoiceID);
    expect(text).toContain('TAX INVOICE');
    // Supplier.
    expect(text).toContain(company.name);
    expect(text).toContain(`GSTIN: ${company.gstin}`);
    expect(text).toContain('State: Telangana (36)');
    // Invoice number and date, order, place of supply, reverse charge.
    expect(text).toContain(`Invoice No.: ${number}`);
    expect(text).toContain('Invoice date: 20 Nov 2026');
    expect(text).toContain(`Order ref.: ${order.orderRefNo}`);
    expect(text).toContain('Place of supply: Telangana (36)');
    expect(text).toContain('Reverse charge: No');
    // Recipient and delivery address.
    expect(text).toContain('Bill to (recipient) Charminar Opticals 12 Test Street Hyderabad - 500001 State: Telangana (36)');
    expect(text).toContain(`GSTIN: ${TELANGANA_GSTIN}`);
    expect(text).toContain('Ship to (delivery address) Asha Rao 12 Test Street Hyderabad - 500001');

    // Each line as the order holds it: HSN, quantity, unit, rate, discount, taxable value, CGST and SGST.
    expect(lines.map((line) => [line.hsnCode, line.quantity, line.taxablePaise, line.cgstRatePercent, line.cgstPaise])).toEqual([
      ['9003', 3, 3_000_00, 2.5, 75_00],
      ['900410', 2, 2_999_00, 9, 269_91],
    ]);
    for (const line of lines) {
      expect(line.igstPaise).toBe(0);
      expect(text).toContain(
        `${line.hsnCode} ${line.quantity} PCS ${inr(line.unitPricePaise)} ${inr(line.discountPerUnitPaise * line.quantity)} ` +
          `${inr(line.taxablePaise)} ${rate(line.cgstRatePercent)} ${inr(line.cgstPaise)} ${rate(line.sgstRatePercent)} ${inr(line.sgstPaise)}`,
      );
      expect(text).toContain(line.productName);
    }
    expect(text).toContain('9003 3 PCS 1,000.00 0.00 3,000.00 2.5% 75.00 2.5% 75.00');
    expect(text).toContain('900410 2 PCS 1,499.50 0.00 2,999.00 9% 269.91 9% 269.91');

    // Totals in figures (₹, Indian grouping) and in words.
    expect(order.totalPaise).toBe(6_688_82);
    expect(text).toContain(`Total taxable value ₹${inr(order.taxablePaise)}`);
    expect(text).toContain('CGST ₹344.91');
    expect(text).toContain('SGST ₹344.91');
    expect(text).not.toContain('IGST');
    expect(text).not.toContain('Round off');
    expect(text).toContain('Invoice total ₹6,688.82');
    expect(text).toContain('Amount in words: Six Thousand Six Hundred Eighty Eight Rupees And Eighty Two Paise Only');
    expect(text).toContain('Amount paid ₹0.00');
    expect(text).toContain('Balance due ₹6,688.82');
    expect(text).toContain('This is a computer-generated invoice.');
    expect(text).toContain(`For ${company.name}`);
    expect(text).toContain('Authorised Signatory');
    expect(text).toContain('Page 1 of 1');
  });

  it('prints a Karnataka (29) retailer’s tax invoice with IGST and Karnataka as the place of supply', async () => {
    const { text } = await textOf(karnataka.headers, karnatakaInvoice.InvoiceID);
    const { order, lines } = await orderOf(karnatakaInvoice.InvoiceID);
    expect(text).toContain(`Invoice No.: ${karnatakaInvoice.InvoiceNo}`);
    expect(text).toContain(`GSTIN: ${company.gstin}`);
    expect(text).toContain(`GSTIN: ${KARNATAKA_GSTIN}`);
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('State: Karnataka (29)');
    expect(lines.map((line) => [line.hsnCode, line.quantity, line.taxablePaise, line.igstRatePercent, line.igstPaise])).toEqual([
      ['9003', 2, 2_000_00, 5, 100_00],
      ['900410', 1, 1_499_50, 18, 269_91],
    ]);
    for (const line of lines) {
      expect(line.cgstPaise + line.sgstPaise).toBe(0);
      expect(text).toContain(
        `${line.hsnCode} ${line.quantity} PCS ${inr(line.unitPricePaise)} ${inr(line.discountPerUnitPaise * line.quantity)} ` +
          `${inr(line.taxablePaise)} ${rate(line.igstRatePercent)} ${inr(line.igstPaise)}`,
      );
    }
    expect(text).toContain('9003 2 PCS 1,000.00 0.00 2,000.00 5% 100.00');
    expect(text).toContain('900410 1 PCS 1,499.50 0.00 1,499.50 18% 269.91');
    expect(order.totalPaise).toBe(3_869_41);
    expect(text).toContain('IGST ₹369.91');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    expect(text).toContain('Invoice total ₹3,869.41');
    expect(text).toContain('Amount in words: Three Thousand Eight Hundred Sixty Nine Rupees And Forty One Paise Only');
  });

  it('shows what was paid and what is still due, as the invoice stands now, and is the same file for the same state', async () => {
    const first = await download(telangana.headers, telanganaInvoice.InvoiceID);
    const second = await download(telangana.headers, telanganaInvoice.InvoiceID);
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
    await t.db.update(invoices).set({ paidPaise: 1_000_00 }).where(eq(invoices.id, telanganaInvoice.InvoiceID));
    try {
      const { text } = await textOf(telangana.headers, telanganaInvoice.InvoiceID);
      expect(text).toContain('Amount paid ₹1,000.00');
      expect(text).toContain('Balance due ₹5,688.82');
    } finally {
      await t.db.update(invoices).set({ paidPaise: 0 }).where(eq(invoices.id, telanganaInvoice.InvoiceID));
    }
  });

  it('flows 60 lines onto further pages, each with the heading and the table header, then the totals and round off', async () => {
    // Written straight into the database: 60 lines, with discounts and a round-off the cart never makes.
    const buyer = await retailerWithGstin('36', null, 'Unregistered Optics');
    const inputs = Array.from({ length: 60 }, (_, i) => ({
      unitPricePaise: 800_00 + i * 1_25,
      quantity: (i % 5) + 1,
      discountPerUnitPaise: i % 3 === 0 ? 40_00 : 0,
      gstRatePercent: i % 4 === 0 ? 18 : 5,
      billToStateCode: '36',
      companyStateCode: '36',
    }));
    const lineSums = inputs.map((input) => lineTotals(input));
    const sum = cartTotals(lineSums);
    const rounded = Math.round(sum.totalPaise / 100) * 100;
    const roundOff = rounded - sum.totalPaise;
    const [buyerRow] = await t.db.select().from(retailers).where(eq(retailers.id, buyer.retailerId));
    const [order] = await t.db
      .insert(orders)
      .values({
        orderRefNo: 'FP/2026-27/LONG01',
        retailerId: buyer.retailerId,
        placedByUserId: buyer.userId,
        status: 'Confirmed',
        billToBusinessName: 'Unregistered Optics',
        billToAddress: buyerRow!.address,
        billToCity: 'Hyderabad',
        billToState: 'Telangana',
        billToStateCode: '36',
        billToCountry: 'India',
        billToPinCode: buyerRow!.pinCode,
        billToGstin: null,
        companyStateCode: '36',
        totalQuantity: sum.quantity,
        subtotalPaise: sum.grossPaise,
        discountPaise: sum.discountPaise,
        taxablePaise: sum.subtotalPaise,
        cgstPaise: sum.cgst,
        sgstPaise: sum.sgst,
        igstPaise: sum.igst,
        roundOffPaise: roundOff,
        totalPaise: rounded,
        placedAt: t.clock.now(),
      })
      .returning({ id: orders.id });
    await t.db.insert(orderLines).values(
      inputs.map((input, i) => {
        const totals = lineSums[i]!;
        return {
          orderId: order!.id,
          productId: frame.productId,
          productTypeId: 1,
          productCode: `LONG-${i + 1}`,
          productName: `Long Order Frame ${i + 1}`,
          modelName: `LO-${1000 + i}`,
          colourName: 'Matte Black',
          colorVariant: 'C1',
          sizeName: 'Medium',
          hsnCode: input.gstRatePercent === 18 ? '900410' : '9003',
          gstRatePercent: input.gstRatePercent,
          quantity: input.quantity,
          unitPricePaise: input.unitPricePaise,
          discountPerUnitPaise: input.discountPerUnitPaise,
          taxablePaise: totals.taxablePaise,
          cgstRatePercent: totals.cgstRate,
          sgstRatePercent: totals.sgstRate,
          igstRatePercent: totals.igstRate,
          cgstPaise: totals.cgst,
          sgstPaise: totals.sgst,
          igstPaise: totals.igst,
          lineTotalPaise: totals.totalPaise,
        };
      }),
    );
    // An invoice of the whole order, as raised before shipments existed (no shipment): it prints the order's lines.
    const [legacy] = await t.db
      .insert(invoices)
      .values({
        invoiceNo: 'FP/26-27/09001',
        financialYear: '2026-27',
        orderId: order!.id,
        retailerId: buyer.retailerId,
        invoiceDate: '2026-11-20',
        amountPaise: rounded,
      })
      .returning({ id: invoices.id, invoiceNo: invoices.invoiceNo });
    const invoice = { InvoiceID: legacy!.id, InvoiceNo: legacy!.invoiceNo };

    const { pages, text } = await textOf(buyer.headers, invoice.InvoiceID);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[0]).toContain('TAX INVOICE Original for recipient');
    const tableHeader = 'Sr Description of goods HSN Qty Unit Rate (₹) Discount (₹) Taxable value (₹)';
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i > 0) {
        expect(page).toContain('TAX INVOICE (continued)');
        expect(page).toContain(`Invoice No. ${invoice.InvoiceNo}`);
      }
    });
    expect(pages[1]).toContain(tableHeader);
    // Every line is printed once, in order, with its own figures.
    let from = 0;
    lineSums.forEach((totals, i) => {
      const row =
        `${i + 1} Long Order Frame ${i + 1} LO-${1000 + i}, Matte Black (C1), Size Medium ${inputs[i]!.gstRatePercent === 18 ? '900410' : '9003'} ` +
        `${totals.quantity} PCS ${inr(inputs[i]!.unitPricePaise)} ${inr(totals.discountPaise)} ${inr(totals.taxablePaise)} ` +
        `${rate(totals.cgstRate)} ${inr(totals.cgst)} ${rate(totals.sgstRate)} ${inr(totals.sgst)}`;
      const at = text.indexOf(row, from);
      expect(at, row).toBeGreaterThanOrEqual(from);
      from = at + row.length;
    });
    expect(roundOff).not.toBe(0);
    expect(text).toContain(`Round off ${roundOff > 0 ? '+' : '-'}₹${inr(Math.abs(roundOff))}`);
    expect(text).toContain(`Invoice total ₹${inr(rounded)}`);
    expect(text).toContain('GSTIN: Unregistered');
    expect(text).not.toContain('Ship to');
    expect(text).toContain('Place of supply: Telangana (36)');
    expect(pages.at(-1)).toContain('Authorised Signatory');
  });
});

describe('who may download a tax invoice', () => {
  it('the retailer, a linked sales executive and an admin get it; another retailer and an unlinked sales executive get 404', async () => {
    const linked = await headersFor(t, await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [telangana.retailerId] }));
    const unlinked = await headersFor(t, await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [karnataka.retailerId] }));
    const id = telanganaInvoice.InvoiceID;
    for (const headers of [telangana.headers, linked, admin]) {
      const response = await download(headers, id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
    }
    for (const headers of [karnataka.headers, unlinked]) {
      const response = await download(headers, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(fail(invoiceMessages.oneNotFound));
    }
    expect((await download(null, id)).statusCode).toBe(401);
    const missing = await download(admin, 987_654);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(fail(invoiceMessages.oneNotFound));
    expect((await download(admin, 'abc')).statusCode).toBe(400);
  });
});
