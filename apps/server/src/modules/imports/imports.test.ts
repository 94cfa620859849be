/**
 * Imports through the real server: the upload's refusals (size, content, kind, roles), the worker's
 * dry run of stock and price sheets (every bad-input case of the issue as a per-row or per-file
 * report that changes nothing), apply, re-apply of the same file (all unchanged), cancel, the
 * job list and report paging, templates and examples.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_FILE_BYTES, STOCK_COLUMNS, PRICE_COLUMNS } from '@frameport/domain';
import { auditLog, importJobs, priceChanges, productColours, products, stockMovements } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser } from '../../test/factories.ts';
import { headersFor } from '../../test/invoices.ts';
import { applyJob, csv, detail, dryRun, multipart, rawCsv, upload, workerFor, xlsx, type Headers } from './test-support.ts';

let t: TestApp;
let admin: Headers;
let warehouse: Headers;
let accounts: Headers;
let retailer: Headers;
let worker: ReturnType<typeof workerFor>;

const STOCK = STOCK_COLUMNS.map((c) => c.header);
const PRICES = PRICE_COLUMNS.map((c) => c.header);

beforeAll(async () => {
  t = await buildTestApp({ env: { IMPORT_POLL_MS: '0' } });
  worker = workerFor(t);
  admin = await headersFor(t, await createStaffUser(t.db, 'admin'));
  warehouse = await headersFor(t, await createStaffUser(t.db, 'warehouse'));
  accounts = await headersFor(t, await createStaffUser(t.db, 'accounts'));
  retailer = await headersFor(t, await createRetailer(t.db, { stateCode: '36' }));
});

afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

async function modelOf(productId: number) {
  const [p] = await t.db.select({ model: products.modelName, price: products.netPricePaise }).from(products).where(eq(products.id, productId));
  return p!;
}
const stockOf = async (variantId: number) =>
  (await t.db.select({ s: productColours.availableStockQuantity }).from(productColours).where(eq(productColours.id, variantId)))[0]!.s;
const importFiles = () => {
  const dir = path.join(t.config.fileStore.kind === 'local' ? t.config.fileStore.dir : '', 'imports');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0;
};

describe('the upload', () => {
  it('refuses a 50 MB file with 413 and a clear message, storing nothing and queueing nothing', async () => {
    const before = (await t.db.select().from(importJobs)).length;
    const filesBefore = importFiles();
    const big = Buffer.alloc(50 * 1024 * 1024, 'a');
    const response = await upload(t, admin, 'stock', big, 'big.csv');
    expect(response.statusCode).toBe(413);
    expect(response.json().Error.Message).toBe(`The file is larger than ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB. Please split it into smaller files.`);
    expect((await t.db.select().from(importJobs)).length).toBe(before);
    expect(importFiles()).toBe(filesBefore);
  });

  it('refuses a file that is neither CSV nor XLSX by its content, whatever its name', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const [bytes, name] of [
      [png, 'stock.csv'],
      [Buffer.concat([Buffer.from('%PDF-1.7\n%'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]), Buffer.from('\n1 0 obj\n')]), 'stock.xlsx'],
      [Buffer.from('d0cf11e0a1b11ae1000000000000000000', 'hex'), 'stock.xls'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), 'stock.xlsx'],
      [Buffer.from([0xff, 0xfe, 0x41, 0x00]), 'stock.csv'],
    ] as const) {
      const response = await upload(t, admin, 'stock', bytes, name);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().Error.Message).toBe('Please upload a CSV (UTF-8) or an Excel .xlsx file. This file is neither.');
    }
  });

  it('answers 415 to a body that is not multipart, and 400 without a file or with an unknown kind', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: admin, payload: { kind: 'stock' } });
    expect(json.statusCode).toBe(415);
    const noFile = multipart([{ name: 'kind', value: 'stock' }]);
    const a = await t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...admin, 'content-type': noFile.contentType }, payload: noFile.payload });
    expect(a.statusCode).toBe(400);
    expect(a.json().Error.Message).toBe('Please choose a CSV or Excel file to upload.');
    const badKind = await upload(t, admin, 'colours', csv(STOCK, [['X', 'C1', 1]]));
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().Error.Message).toBe('kind must be catalogue, stock or prices.');
  });

  it('lets warehouse staff import stock only; accounts staff and retailers not at all', async () => {
    const sheet = csv(STOCK, [['NOPE-1', 'C1', 1]]);
    expect((await upload(t, warehouse, 'prices', sheet)).statusCode).toBe(403);
    expect((await upload(t, warehouse, 'catalogue', sheet)).statusCode).toBe(403);
    expect((await upload(t, accounts, 'stock', sheet)).statusCode).toBe(403);
    expect((await upload(t, retailer, 'stock', sheet)).statusCode).toBe(403);
    const ok = await upload(t, warehouse, 'stock', sheet);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().Data).toMatchObject({ kind: 'stock', status: 'queued', fileName: 'sheet.csv', totalRows: 0 });
    await worker.drain();
  });

  it('never parses in the request: the job stays queued until a worker runs', async () => {
    const response = await upload(t, admin, 'stock', csv(STOCK, [['NOPE-2', 'C1', 1]]));
    const id = response.json().Data.id;
    expect((await detail(t, admin, id)).status).toBe('queued');
    await worker.drain();
    expect((await detail(t, admin, id)).status).toBe('ready');
  });
});

describe('a stock import', () => {
  it('reports every row (update, unchanged, each bad input with its column) and applies only the good ones, once', async () => {
    const a = await createProduct(t.db, { stocks: [10, 20] });
    const b = await createProduct(t.db, { stocks: [5] });
    const modelA = (await modelOf(a.productId)).model;
    const modelB = (await modelOf(b.productId)).model;
    const sheet = rawCsv([
      STOCK.join(','),
      `${modelA},C1,15`,
      `${modelA.toLowerCase()},c2,20`,
      `${modelB},C1,ten`,
      `NO-SUCH-MODEL,C1,4`,
      `${modelB},C7,4`,
      `${modelA},C1,16`,
      `"=HYPERLINK(""http://evil.example"",""x"")",C1,3`,
      `${modelB},C1,-2`,
    ]);
    const job = await dryRun(t, admin, worker, 'stock', sheet);
    expect(job).toMatchObject({ status: 'ready', totalRows: 8, checkedRows: 8, counts: { create: 0, update: 1, unchanged: 1, error: 6 } });
    const byRow = Object.fromEntries(job.rows.map((r: { rowNo: number }) => [r.rowNo, r]));
    expect(byRow[2]).toMatchObject({ action: 'update', label: `${modelA} C1`, changes: [{ field: 'stock', from: 10, to: 15 }] });
    expect(byRow[3]).toMatchObject({ action: 'unchanged' });
    expect(byRow[4].errors).toEqual([{ column: 'Stock', message: 'Stock must be a whole number (not "ten").' }]);
    expect(byRow[5].errors).toEqual([{ column: 'Model number', message: 'No style has the model number "NO-SUCH-MODEL".' }]);
    expect(byRow[6].errors).toEqual([{ column: 'Colour code', message: `Style "${modelB}" has no colour C7.` }]);
    expect(byRow[7].errors).toEqual([{ column: 'Colour code', message: `${modelA} C1 appears twice in the file (also on row 2).` }]);
    expect(byRow[8].errors[0]).toEqual({ column: 'Model number', message: 'Formulas are not accepted: =HYPERLINK("http://evil.example","x")' });
    expect(byRow[9].errors).toContainEqual({ column: 'Stock', message: 'Stock cannot be negative.' });
    // The dry run changed nothing.
    expect(await stockOf(a.variants[0]!.id)).toBe(10);

    const errorsOnly = await detail(t, admin, job.id, 'action=error&pageSize=2&pageNumber=2');
    expect(errorsOnly.rowCount).toBe(6);
    expect(errorsOnly.rows.map((r: { rowNo: number }) => r.rowNo)).toEqual([6, 7]);

    const applying = await applyJob(t, warehouse, job.id);
    expect(applying.status).toBe('applying');
    await worker.drain();
    const done = await detail(t, admin, job.id);
    expect(done).toMatchObject({ status: 'applied', appliedRows: 8, applied: { by: { name: 'Warehouse Person', role: 'warehouse' } } });
    expect(await stockOf(a.variants[0]!.id)).toBe(15);
    expect(await stockOf(b.variants[0]!.id)).toBe(5);
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.productColourId, a.variants[0]!.id));
    expect(moves.filter((m) => m.reason === 'import').map((m) => m.delta)).toEqual([5]);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'import_job'), eq(auditLog.entityId, String(job.id))));
    expect(audit.map((row) => row.action).sort()).toEqual(['import_job.applied', 'import_job.apply', 'import_job.uploaded']);

    // Applying again is refused; the same file again is all unchanged and applying it changes nothing.
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/imports/${job.id}/apply`, headers: admin });
    expect(again.statusCode).toBe(409);
    const rerun = await dryRun(t, admin, worker, 'stock', sheet);
    expect(rerun.counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 6 });
    expect(rerun.sameFileAs).toMatchObject({ id: job.id, status: 'applied' });
    await applyJob(t, admin, rerun.id, worker);
    const movesAfter = await t.db.select().from(stockMovements).where(eq(stockMovements.productColourId, a.variants[0]!.id));
    expect(movesAfter.length).toBe(moves.length);
  });

  it('fails a sheet with wrong or missing headers as a whole, naming the columns, with no rows', async () => {
    const wrong = await dryRun(t, admin, worker, 'stock', rawCsv(['Model,Colour code,Qty', 'X,C1,1']));
    expect(wrong.status).toBe('failed');
    expect(wrong.fileError).toBe(
      'Required columns are missing: "Model number", "Stock". Unknown columns: "Model", "Qty". The columns of this import are: "Model number", "Colour code", "Stock".',
    );
    expect(wrong.rows).toEqual([]);
    const missing = await dryRun(t, admin, worker, 'stock', rawCsv(['Model number,Colour code', 'X,C1']));
    expect(missing.fileError).toBe('Required column is missing: "Stock".');
    const empty = await dryRun(t, admin, worker, 'stock', rawCsv(['Model number,Colour code,Stock']));
    expect(empty.fileError).toBe('The file has a header row but no rows below it.');
  });

  it('reads an XLSX sheet the same way', async () => {
    const p = await createProduct(t.db, { stocks: [3] });
    const model = (await modelOf(p.productId)).model;
    const job = await dryRun(t, admin, worker, 'stock', await xlsx(STOCK, [[model, 'C1', 9]]), 'stock.xlsx');
    expect(job).toMatchObject({ status: 'ready', counts: { update: 1, error: 0 } });
    await applyJob(t, admin, job.id, worker);
    expect(await stockOf(p.variants[0]!.id)).toBe(9);
  });

  it('cancels a ready job (nothing applied), and only a ready one; an Idempotency-Key repeat answers the first answer', async () => {
    const p = await createProduct(t.db, { stocks: [3] });
    const model = (await modelOf(p.productId)).model;
    const job = await dryRun(t, admin, worker, 'stock', csv(STOCK, [[model, 'C1', 30]]));
    const key = { 'idempotency-key': `cancel-${job.id}-xyz` };
    const first = await t.app.inject({ method: 'POST', url: `/api/admin/imports/${job.id}/cancel`, headers: { ...admin, ...key } });
    expect(first.statusCode).toBe(200);
    expect(first.json().Data.status).toBe('cancelled');
    const repeat = await t.app.inject({ method: 'POST', url: `/api/admin/imports/${job.id}/cancel`, headers: { ...admin, ...key } });
    expect(repeat.json()).toEqual(first.json());
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/imports/${job.id}/cancel`, headers: admin })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/imports/${job.id}/apply`, headers: admin })).statusCode).toBe(409);
    await worker.drain();
    expect(await stockOf(p.variants[0]!.id)).toBe(3);
  });
});

describe('a price import', () => {
  it("changes today's price at once, schedules a later one, and reports unchanged, past and bad rows", async () => {
    const a = await createProduct(t.db, { netPricePaise: 100_000 });
    const b = await createProduct(t.db, { netPricePaise: 250_000 });
    const c = await createProduct(t.db, { netPricePaise: 80_000 });
    const [ma, mb, mc] = [(await modelOf(a.productId)).model, (await modelOf(b.productId)).model, (await modelOf(c.productId)).model];
    // The test clock: 20 Nov 2026, India.
    const sheet = csv(PRICES, [
      [ma, '1,150.50', ''],
      [mb, '2500', '2026-11-20'],
      [mc, '900', '2026-12-01'],
      [ma, '1200', ''],
      [mc, 'abc', ''],
      [mc, '700', '2026-11-01'],
    ]);
    const job = await dryRun(t, admin, worker, 'prices', sheet);
    expect(job.counts).toEqual({ create: 0, update: 2, unchanged: 1, error: 3 });
    const byRow = Object.fromEntries(job.rows.map((r: { rowNo: number }) => [r.rowNo, r]));
    expect(byRow[2].changes).toEqual([{ field: 'netPrice', from: 1000, to: 1150.5 }]);
    expect(byRow[4].changes).toEqual([{ field: 'netPrice from 2026-12-01', from: 800, to: 900 }]);
    expect(byRow[5].errors[0].message).toBe(`Model number "${ma}" appears twice in the file (also on row 2).`);
    expect(byRow[6].errors[0]).toEqual({ column: 'Net price (₹)', message: 'Net price (₹) must be an amount in rupees such as 1499 or 1499.50 (not "abc").' });
    expect(byRow[7].errors[0]).toEqual({ column: 'Effective from', message: 'Effective from cannot be before today (2026-11-20).' });
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/imports/${job.id}/apply`, headers: warehouse })).statusCode).toBe(403);

    await applyJob(t, admin, job.id, worker);
    expect((await modelOf(a.productId)).price).toBe(115_050);
    expect((await modelOf(c.productId)).price).toBe(80_000);
    const scheduled = await t.db.select().from(priceChanges).where(eq(priceChanges.productId, c.productId));
    expect(scheduled).toMatchObject([{ netPricePaise: 90_000, effectiveFrom: '2026-12-01', appliedAt: null, importJobId: job.id }]);

    const rerun = await dryRun(t, admin, worker, 'prices', sheet);
    expect(rerun.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 3 });
  });
});

describe('templates and the job list', () => {
  it('serves each kind’s template (headers only) and an example that imports cleanly, as CSV and XLSX', async () => {
    await createProduct(t.db, { stocks: [4, 4] });
    for (const kind of ['stock', 'prices'] as const) {
      const blank = await t.app.inject({ url: `/api/admin/imports/template?kind=${kind}`, headers: admin });
      expect(blank.statusCode).toBe(200);
      expect(blank.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(blank.headers['content-disposition']).toBe(`attachment; filename="${kind}-import-template.csv"`);
      expect(blank.body.replace(/^\uFEFF/, '').trim()).toBe((kind === 'stock' ? STOCK : PRICES).join(','));
      for (const format of ['csv', 'xlsx'] as const) {
        const example = await t.app.inject({ url: `/api/admin/imports/template?kind=${kind}&variant=example&format=${format}`, headers: warehouse });
        expect(example.statusCode).toBe(200);
        const job = await dryRun(t, admin, worker, kind, example.rawPayload, `example.${format}`);
        expect(job.status, job.fileError).toBe('ready');
        expect(job.counts.error, JSON.stringify(job.rows)).toBe(0);
        expect(job.totalRows).toBeGreaterThan(0);
      }
    }
  });

  it('lists jobs newest first; warehouse staff see stock imports only', async () => {
    const all = (await t.app.inject({ url: '/api/admin/imports?pageSize=100', headers: admin })).json().Data;
    expect(all.totalCount).toBeGreaterThan(3);
    const ids = all.jobs.map((j: { id: number }) => j.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    const mine = (await t.app.inject({ url: '/api/admin/imports?pageSize=100', headers: warehouse })).json().Data;
    expect(mine.jobs.every((j: { kind: string }) => j.kind === 'stock')).toBe(true);
    const priceJob = all.jobs.find((j: { kind: string }) => j.kind === 'prices');
    expect((await t.app.inject({ url: `/api/admin/imports/${priceJob.id}`, headers: warehouse })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/imports/999999', headers: admin })).statusCode).toBe(404);
  });
});
