/**
 * GET /api/admin/reports/gst through the real server, checked against the invoices it covers: the
 * December fixture's invoices (intra- and inter-state, 5% / 12% / 18%, a part shipment billed at a
 * rate changed after the order, a whole-order invoice with a round-off) each state their own
 * figures in their e-invoice; the summary must add up to them to the paisa, by rate and by place of
 * supply, and leave out November's invoice and the order never invoiced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createRetailer, createStaffUser } from '../../test/factories.ts';
import { headersFor } from '../../test/invoices.ts';
import { buildSalesFixture, eInvoiceOf, type EInvoiceFigures, type SalesFixture } from './sales-test-fixture.ts';

let t: TestApp;
let f: SalesFixture;
let documents: { id: number; doc: EInvoiceFigures }[];

beforeAll(async () => {
  t = await buildTestApp();
  f = await buildSalesFixture(t);
  documents = await Promise.all(f.december.map(async (id) => ({ id, doc: await eInvoiceOf(t, f.accounts, id) })));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const paise = (rupees: number) => Math.round(rupees * 100);

type Heads = { taxable: number; cgst: number; sgst: number; igst: number; invoices: Set<number> };
function fold(keyOf: (item: EInvoiceFigures['ItemList'][number], doc: EInvoiceFigures) => string) {
  const groups = new Map<string, Heads>();
  for (const { id, doc } of documents) {
    for (const item of doc.ItemList) {
      const key = keyOf(item, doc);
      const group = groups.get(key) ?? { taxable: 0, cgst: 0, sgst: 0, igst: 0, invoices: new Set<number>() };
      group.taxable += paise(item.AssAmt);
      group.cgst += paise(item.CgstAmt);
      group.sgst += paise(item.SgstAmt);
      group.igst += paise(item.IgstAmt);
      group.invoices.add(id);
      groups.set(key, group);
    }
  }
  return groups;
}

type Row = { taxable: number; cgst: number; sgst: number; igst: number; tax: number; invoices: number };
const inPaise = (row: Row) => ({ taxable: paise(row.taxable), cgst: paise(row.cgst), sgst: paise(row.sgst), igst: paise(row.igst), invoices: row.invoices });
const expected = (heads: Heads) => ({ taxable: heads.taxable, cgst: heads.cgst, sgst: heads.sgst, igst: heads.igst, invoices: heads.invoices.size });

async function gst(query: string, headers = f.accounts) {
  return t.app.inject({ url: `/api/admin/reports/gst${query}`, headers });
}

describe('GET /api/admin/reports/gst', () => {
  it('sums December’s invoices by rate to the paisa of their own figures, the changed rate of the part shipment apart', async () => {
    const response = await gst('?month=2026-12');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json().Data;
    expect(body).toMatchObject({ month: '2026-12', from: '2026-12-01', to: '2026-12-31' });
    const byRate = fold((item) => String(item.GstRt));
    expect(body.byRate.map((row: { ratePercent: number }) => row.ratePercent)).toEqual([5, 12, 18]);
    for (const row of body.byRate) {
      expect(inPaise(row), `${row.ratePercent}%`).toEqual(expected(byRate.get(String(row.ratePercent))!));
      expect(paise(row.tax)).toBe(paise(row.cgst) + paise(row.sgst) + paise(row.igst));
      expect(paise(row.intraTaxable) + paise(row.interTaxable)).toBe(paise(row.taxable));
    }
    // 12%: only the second part of the Telangana order (2 frames of ₹1,000 after the change): 6% + 6%.
    expect(body.byRate[1]).toMatchObject({ ratePercent: 12, taxable: 2000, cgst: 120, sgst: 120, igst: 0, intraTaxable: 2000, interTaxable: 0, invoices: 1 });
    // 5%: Telangana's first part (2 frames, 2.5% + 2.5%) and Karnataka's 3 frames (IGST 5%).
    expect(body.byRate[0]).toMatchObject({ taxable: 5000, cgst: 50, sgst: 50, igst: 150, intraTaxable: 2000, interTaxable: 3000, invoices: 2 });
  });

  it('sums them by place of supply (the bill-to State), within the State as CGST + SGST and across as IGST', async () => {
    const body = (await gst('?month=2026-12')).json().Data;
    const byState = fold((_item, doc) => doc.BuyerDtls.Pos);
    expect(body.byState.map((row: { stateCode: string; kind: string }) => [row.stateCode, row.kind]).sort()).toEqual([
      ['29', 'inter'],
      ['36', 'intra'],
    ]);
    for (const row of body.byState) expect(inPaise(row), row.state).toEqual(expected(byState.get(row.stateCode)!));
    expect(body.byState.find((row: { stateCode: string }) => row.stateCode === '29')).toMatchObject({ state: 'Karnataka', cgst: 0, sgst: 0, invoices: 2 });
  });

  it('totals every invoice of the month once: heads, count, value and round-off agree with the invoices', async () => {
    const body = (await gst('?month=2026-12')).json().Data;
    const all = fold(() => 'all').get('all')!;
    expect(inPaise(body.totals)).toEqual(expected(all));
    expect(body.totals.invoices).toBe(4);
    const value = documents.reduce((sum, { doc }) => sum + paise(doc.ValDtls.TotInvVal), 0);
    expect(paise(body.totals.invoiceValue)).toBe(value);
    expect(body.totals.roundOff).toBe(0.3);
    expect(paise(body.totals.taxable) + paise(body.totals.tax) + paise(body.totals.roundOff)).toBe(value);
    // by rate and by state each add up to the totals
    for (const table of [body.byRate, body.byState]) {
      for (const head of ['taxable', 'cgst', 'sgst', 'igst'] as const) {
        expect(table.reduce((sum: number, row: Row) => sum + paise(row[head]), 0), head).toBe(paise(body.totals[head]));
      }
    }
  });

  it('covers only the month asked for: November has its one invoice, January none', async () => {
    const november = (await gst('?month=2026-11')).json().Data;
    expect(november.totals).toMatchObject({ invoices: 1, taxable: 1000, cgst: 25, sgst: 25, igst: 0, invoiceValue: 1050 });
    const january = (await gst('?month=2027-01')).json().Data;
    expect(january).toMatchObject({ byRate: [], byState: [], totals: { invoices: 0, taxable: 0, tax: 0, invoiceValue: 0, roundOff: 0 } });
    // default: this month (the test clock is in December)
    expect((await gst('')).json().Data.month).toBe('2026-12');
  });

  it('downloads as CSV and XLSX with the same figures', async () => {
    const csv = await gst('?month=2026-12&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="gst-summary-2026-12.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Section,Rate or State,State code,Supply,Invoices,Taxable value (₹),CGST (₹),SGST (₹),IGST (₹),Total GST (₹),Round-off (₹),Invoice value (₹)');
    expect(lines).toContain('By rate,12%,,,1,2000.00,120.00,120.00,0.00,240.00,,');
    const body = (await gst('?month=2026-12')).json().Data;
    expect(lines.at(-1)).toBe(
      `Total,2026-12-01 to 2026-12-31,,,4,${body.totals.taxable.toFixed(2)},${body.totals.cgst.toFixed(2)},${body.totals.sgst.toFixed(2)},` +
        `${body.totals.igst.toFixed(2)},${body.totals.tax.toFixed(2)},0.30,${body.totals.invoiceValue.toFixed(2)}`,
    );
    const xlsx = await gst('?month=2026-12&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="gst-summary-2026-12.xlsx"');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('is for admin and accounts; a month that is not YYYY-MM is 400 and says so', async () => {
    expect((await gst('?month=2026-12', f.admin)).statusCode).toBe(200);
    for (const role of ['warehouse', 'salesexecutive'] as const) {
      expect((await gst('', await headersFor(t, await createStaffUser(t.db, role)))).statusCode, role).toBe(403);
    }
    expect((await gst('', await headersFor(t, await createRetailer(t.db)))).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/reports/gst' })).statusCode).toBe(401);
    for (const month of ['2026-13', '2026-1', 'December']) {
      const wrong = await gst(`?month=${month}`);
      expect(wrong.statusCode, month).toBe(400);
      expect(wrong.json().Error.Message).toMatch(/YYYY-MM/);
    }
    expect((await gst('?month=2026-12&format=pdf')).statusCode).toBe(400);
  });
});
