/**
 * GET /api/admin/reports/sales through the real server over the December fixture (see
 * sales-test-fixture.ts): what was invoiced by invoice date, by every grouping, the GST split as
 * the invoices charged it, a shared retailer under both its sales executives but once in the
 * totals, every week of the range, the files, and who may read it.
 */
import { eq } from 'drizzle-orm';
import { readSheet as readXlsx } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retailers } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createRetailer, createStaffUser } from '../../test/factories.ts';
import { headersFor } from '../../test/invoices.ts';
import { buildSalesFixture, type SalesFixture } from './sales-test-fixture.ts';

let t: TestApp;
let f: SalesFixture;

beforeAll(async () => {
  t = await buildTestApp();
  f = await buildSalesFixture(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const DECEMBER = '?from=2026-12-01&to=2026-12-31';

async function sales(query: string, headers = f.accounts) {
  return t.app.inject({ url: `/api/admin/reports/sales${query}`, headers });
}

async function report(query: string) {
  const response = await sales(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Data;
}

// Frames ₹1,000 (5%, then 12% from 10 Dec), sunglasses ₹1,499.50 (18%); see the fixture.
const TELANGANA = { invoices: 2, quantity: 6, taxable: 6999, cgst: 439.91, sgst: 439.91, igst: 0, tax: 879.82, total: 7878.82 };
const KARNATAKA = { invoices: 2, quantity: 5, taxable: 5999, cgst: 0, sgst: 0, igst: 689.82, tax: 689.82, total: 6688.82 };
const ALL = { invoices: 4, quantity: 11, taxable: 12998, cgst: 439.91, sgst: 439.91, igst: 689.82, tax: 1569.64, total: 14567.64 };

describe('GET /api/admin/reports/sales', () => {
  it('by style: the pieces and values December’s invoices billed, at the rate each invoice charged', async () => {
    const body = await report(`${DECEMBER}&groupBy=style`);
    expect(body).toMatchObject({ from: '2026-12-01', to: '2026-12-31', groupBy: 'style' });
    expect(body.rows).toEqual([
      {
        key: String(f.frame),
        id: f.frame,
        name: 'Report Aviator Frame',
        detail: expect.any(String),
        invoices: 3,
        quantity: 7,
        // 2 at 5% and 2 at 12% within Telangana, 3 at 5% to Karnataka
        taxable: 7000,
        cgst: 170,
        sgst: 170,
        igst: 150,
        tax: 490,
        total: 7490,
      },
      {
        key: String(f.sunglasses),
        id: f.sunglasses,
        name: 'Report Wayfarer Sunglasses',
        detail: expect.any(String),
        invoices: 3,
        quantity: 4,
        taxable: 5998,
        cgst: 269.91,
        sgst: 269.91,
        igst: 539.82,
        tax: 1079.64,
        total: 7077.64,
      },
    ]);
    // The order placed but never invoiced and November's invoice are not December's sales.
    expect(body.totals).toEqual(ALL);
  });

  it('by state and by city: the bill-to place, within the State CGST + SGST, across IGST', async () => {
    const byState = await report(`${DECEMBER}&groupBy=state`);
    expect(byState.rows).toEqual([
      { key: '36', id: null, name: 'Telangana', detail: null, ...TELANGANA },
      { key: '29', id: null, name: 'Karnataka', detail: null, ...KARNATAKA },
    ]);
    const byCity = await report(`${DECEMBER}&groupBy=city`);
    expect(byCity.rows.map((row: { detail: string; total: number }) => [row.detail, row.total])).toEqual([
      ['Telangana', 7878.82],
      ['Karnataka', 6688.82],
    ]);
    expect(byCity.totals).toEqual(ALL);
  });

  it('by retailer and by brand', async () => {
    const byRetailer = await report(`${DECEMBER}&groupBy=retailer`);
    expect(byRetailer.rows).toEqual([
      { key: String(f.telangana), id: f.telangana, name: 'Report Charminar Opticals', detail: expect.stringContaining('Telangana'), ...TELANGANA },
      { key: String(f.karnataka), id: f.karnataka, name: 'Report Lalbagh Eyewear', detail: expect.stringContaining('Karnataka'), ...KARNATAKA },
    ]);
    const byBrand = await report(`${DECEMBER}&groupBy=brand`);
    expect(byBrand.rows).toEqual([{ key: expect.any(String), id: expect.any(Number), name: 'Test Brand', detail: null, ...ALL }]);
  });

  it('by sales executive: a retailer two look after counts under each, the totals once', async () => {
    const body = await report(`${DECEMBER}&groupBy=salesExecutive`);
    expect(body.rows).toEqual([
      { key: String(f.meera), id: f.meera, name: 'Meera Report', detail: '2 retailers', ...ALL },
      { key: String(f.ravi), id: f.ravi, name: 'Ravi Report', detail: '1 retailer', ...KARNATAKA },
    ]);
    expect(body.totals).toEqual(ALL);
  });

  it('by week: every Monday-to-Sunday week of the range oldest first, empty weeks as zeros (Sunday 20 Dec in the week of the 14th)', async () => {
    const body = await report(`${DECEMBER}&groupBy=week`);
    expect(body.rows.map((row: { key: string; total: number; invoices: number }) => [row.key, row.invoices, row.total])).toEqual([
      ['2026-11-30', 2, 2000 + 100 + 2999 + 539.82 + 3000 + 150 + 1499.5 + 269.91],
      ['2026-12-07', 1, 2240],
      ['2026-12-14', 1, 1769.41],
      ['2026-12-21', 0, 0],
      ['2026-12-28', 0, 0],
    ]);
    expect(body.rows[0]).toMatchObject({ name: 'Week of 30 Nov 2026', detail: '2026-11-30 to 2026-12-06' });
    expect(body.totals).toEqual(ALL);
  });

  it('counts by invoice date, both ends of the range included; the default is this month so far', async () => {
    const edge = await report('?from=2026-11-30&to=2026-12-02&groupBy=state');
    expect(edge.totals).toMatchObject({ invoices: 2, quantity: 5, taxable: 1000 + 2000 + 2999 });
    const november = await report('?from=2026-11-01&to=2026-11-30');
    expect(november.totals).toEqual({ invoices: 1, quantity: 1, taxable: 1000, cgst: 25, sgst: 25, igst: 0, tax: 50, total: 1050 });
    const empty = await report('?from=2027-01-01&to=2027-01-31&groupBy=retailer');
    expect(empty).toMatchObject({ rows: [], totals: { invoices: 0, quantity: 0, taxable: 0, total: 0 } });
    // The test clock stands on 24 Dec 2026 (India); grouping by brand unless asked.
    const standard = await report('');
    expect(standard).toMatchObject({ from: '2026-12-01', to: '2026-12-24', groupBy: 'brand', totals: ALL });
  });

  it('refuses a backwards, too long or impossible range and an unknown grouping with a message, for admin and accounts only', async () => {
    const backwards = await sales('?from=2026-12-31&to=2026-12-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().Error.Message).toContain('"from" date must be on or before the "to" date');
    const long = await sales('?from=2020-01-01&to=2026-12-31');
    expect(long.statusCode).toBe(400);
    expect(long.json().Error.Message).toContain('at most 1,096 days');
    expect((await sales('?from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
    const group = await sales('?groupBy=colour');
    expect(group.statusCode).toBe(400);
    expect(group.json().Error.Message).toMatch(/groupBy/);

    expect((await sales(DECEMBER, f.admin)).statusCode).toBe(200);
    for (const role of ['warehouse', 'salesexecutive'] as const) {
      expect((await sales(DECEMBER, await headersFor(t, await createStaffUser(t.db, role)))).statusCode, role).toBe(403);
    }
    expect((await sales(DECEMBER, await headersFor(t, await createRetailer(t.db)))).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/admin/reports/sales${DECEMBER}` })).statusCode).toBe(401);
  });

  it('downloads as CSV and XLSX: the rows then the totals, a retailer named like a formula written as text', async () => {
    await t.db.update(retailers).set({ businessName: '=HYPERLINK("http://evil.example","Charminar")' }).where(eq(retailers.id, f.telangana));
    const csv = await sales(`${DECEMBER}&groupBy=retailer&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="sales-by-retailer-2026-12-01-to-2026-12-31.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Retailer,Detail,Invoices,Quantity,Taxable value (₹),CGST (₹),SGST (₹),IGST (₹),Total GST (₹),Total (₹)');
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example"",""Charminar""\)",.*,2,6,6999\.00,439\.91,439\.91,0\.00,879\.82,7878\.82$/);
    expect(lines.at(-1)).toBe('Total,2026-12-01 to 2026-12-31,4,11,12998.00,439.91,439.91,689.82,1569.64,14567.64');

    const xlsx = await sales(`${DECEMBER}&groupBy=salesExecutive&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="sales-by-sales-executive-2026-12-01-to-2026-12-31.xlsx"');
    const table = (await readXlsx(xlsx.rawPayload)) as unknown[][];
    expect(table[0]?.[0]).toBe('Sales executive');
    expect(table[1]).toEqual(['Meera Report', '2 retailers', 4, 11, 12998, 439.91, 439.91, 689.82, 1569.64, 14567.64]);
    expect(table.at(-1)).toEqual(['Total', '2026-12-01 to 2026-12-31', 4, 11, 12998, 439.91, 439.91, 689.82, 1569.64, 14567.64]);
  });

  it('is in /api/docs with its query (and the GST summary’s), under Admin', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, { get: { tags: string[]; summary: string; parameters: { in: string; name: string }[] } }>;
    const names = (path: string) => paths[path]!.get.parameters.filter((p) => p.in === 'query').map((p) => p.name).sort();
    expect(paths['/api/admin/reports/sales']!.get.tags).toEqual(['Admin']);
    expect(names('/api/admin/reports/sales')).toEqual(['format', 'from', 'groupBy', 'to']);
    expect(names('/api/admin/reports/gst')).toEqual(['format', 'month']);
    expect(paths['/api/admin/reports/gst']!.get.summary).toMatch(/GSTR-1/);
  });
});
