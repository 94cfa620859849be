/**
 * Catalogue imports through the real server and a worker: styles grouped by model number, every
 * bad input of the issue as a per-row report that changes nothing, create / update / unchanged,
 * apply and re-apply (nothing twice), images from a ZIP, the export → import round trip (CSV and
 * XLSX), a worker that dies mid-apply resumed by another server on the same database, and 10,000 rows.
 */
import { and, eq, sql } from 'drizzle-orm';
import { readSheet as readXlsx } from 'read-excel-file/node';
import sharp from 'sharp';
import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_COLUMNS } from '@frameport/domain';
import { auditLog, colours, importJobs, priceChanges, productColours, productImages, products, productTags, stockMovements, tags } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createStaffUser } from '../../test/factories.ts';
import { headersFor } from '../../test/invoices.ts';
import { applyJob, catalogueMasters, csv, detail, dryRun, upload, workerFor, xlsx, zipOf, type Headers } from './test-support.ts';
import { LEASE_MS } from './worker.ts';

let t: TestApp;
let admin: Headers;
let worker: ReturnType<typeof workerFor>;

const HEADERS = CATALOGUE_COLUMNS.map((c) => c.header);
type Key = (typeof CATALOGUE_COLUMNS)[number]['key'];

/** One sheet row from a few fields; the rest as a tidy new style would have them. */
function row(fields: Partial<Record<Key, string | number>>): string[] {
  const base: Partial<Record<Key, string | number>> = {
    productName: 'Import Classic',
    brand: 'Urban Optix',
    type: 'Eyeglasses',
    frameType: 'Full Rim',
    shape: 'Square',
    frameMaterial: 'Acetate',
    templeMaterial: 'Metal',
    size: 'Medium',
    eyeSizeMm: 52,
    noseBridgeMm: 18,
    armLengthMm: 140,
    frameWidthMm: 136,
    weightGrams: 22,
    genders: 'Men, Women',
    tags: 'Autumn 2026',
    warranty: '1 year',
    description: 'A light everyday frame.',
    hsnCode: '900311',
    gstRate: '5',
    netPrice: '1499',
    releaseDate: '2026-11-01',
    frameColour: 'Havana',
    templeColour: 'Gold',
    stock: 10,
    images: '',
    active: 'Yes',
  };
  const all = { ...base, ...fields };
  return CATALOGUE_COLUMNS.map((c) => String(all[c.key] ?? ''));
}
const sheetOf = (rows: string[][]) => csv(HEADERS, rows);

beforeAll(async () => {
  t = await buildTestApp({ env: { IMPORT_POLL_MS: '0' } });
  worker = workerFor(t);
  admin = await headersFor(t, await createStaffUser(t.db, 'admin'));
  await catalogueMasters(t);
});

afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

async function style(model: string) {
  const [p] = await t.db.select().from(products).where(eq(products.modelName, model));
  if (!p) return null;
  const colours = await t.db.select().from(productColours).where(eq(productColours.productId, p.id)).orderBy(productColours.variantNumber);
  return { ...p, colours };
}

describe('a catalogue import', () => {
  it('reports every bad input per row with its column, creates the good styles once, and a re-run is all unchanged', async () => {
    const sheet = sheetOf([
      row({ modelNumber: 'EX-100', colourCode: 'C1', frameColour: 'Havana', stock: 12 }),
      row({ modelNumber: 'EX-100', colourCode: 'C2', frameColour: 'Gold', templeColour: '', stock: 0 }),
      row({ modelNumber: 'EX-200', colourCode: 'C1', brand: 'Nobrand Optics' }),
      row({ modelNumber: 'EX-200', colourCode: 'C2', brand: 'Nobrand Optics' }),
      row({ modelNumber: 'EX-300', colourCode: 'C1', frameColour: 'Purple' }),
      row({ modelNumber: 'EX-400', colourCode: 'C1' }),
      row({ modelNumber: 'EX-400', colourCode: 'c1' }),
      row({ modelNumber: 'EX-500', colourCode: 'C1', netPrice: '1499' }),
      row({ modelNumber: 'EX-500', colourCode: 'C2', netPrice: '1599' }),
      row({ modelNumber: 'EX-600', colourCode: 'C1', eyeSizeMm: 'wide' }),
      row({ modelNumber: 'EX-700', colourCode: 'C1' }),
      row({ modelNumber: 'EX-800', colourCode: 'C1', eyeSizeMm: 99 }),
      row({ modelNumber: 'EX-900', colourCode: 'C1', images: 'ex-900-front.jpg' }),
    ]);
    // A formula typed into a cell (the CSV writer would neutralise it, so it goes in by hand).
    const withFormula = Buffer.from(
      sheet
        .toString('utf8')
        .split('\r\n')
        .map((line) => (line.startsWith('EX-700,') ? line.replace('A light everyday frame.', '"=HYPERLINK(""http://evil.example"",""Click"")"') : line))
        .join('\r\n'),
    );
    const job = await dryRun(t, admin, worker, 'catalogue', withFormula);
    expect(job.status, job.fileError).toBe('ready');
    const byRow = Object.fromEntries(job.rows.map((r: { rowNo: number }) => [r.rowNo, r]));
    expect(byRow[2]).toMatchObject({ action: 'create', label: 'EX-100 C1' });
    expect(byRow[3]).toMatchObject({ action: 'create', label: 'EX-100 C2' });
    expect(byRow[4].errors).toEqual([{ column: 'Brand', message: 'Unknown brand: "Nobrand Optics".' }]);
    expect(byRow[5].errors).toEqual([{ column: null, message: 'Another row of this model number has an error, so the style is not imported.' }]);
    expect(byRow[6].errors).toEqual([{ column: 'Frame colour', message: 'Unknown frame colour: "Purple".' }]);
    expect(byRow[8].errors).toEqual([{ column: 'Colour code', message: 'EX-400 C1 appears twice in the file (also on row 7).' }]);
    expect(byRow[10].errors).toEqual([
      { column: 'Net price (₹)', message: "Net price (₹) differs from row 9 of the same model number: a style's columns must be the same on each of its rows." },
    ]);
    expect(byRow[11].errors).toEqual([{ column: 'Eye size (mm)', message: 'Eye size (mm) must be a whole number (not "wide").' }]);
    expect(byRow[12].errors).toEqual([{ column: 'Description', message: 'Formulas are not accepted: =HYPERLINK("http://evil.example","Click"…' }]);
    expect(byRow[13].errors).toEqual([{ column: 'Eye size (mm)', message: 'Eye size must be between 30 and 75.' }]);
    expect(byRow[14].errors).toEqual([
      { column: 'Images', message: 'Image "ex-900-front.jpg" is not one of this colour\'s images; upload the images ZIP with the sheet.' },
    ]);
    expect(job.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 11 });
    expect(await style('EX-100')).toBeNull();

    await applyJob(t, admin, job.id, worker);
    const created = await style('EX-100');
    expect(created).toMatchObject({ productName: 'Import Classic', netPricePaise: 149_900, hsnCode: '900311', isActive: true });
    expect(created!.colours.map((c) => [c.colorVariant, c.availableStockQuantity])).toEqual([
      ['C1', 12],
      ['C2', 0],
    ]);
    for (const model of ['EX-200', 'EX-300', 'EX-400', 'EX-500', 'EX-600', 'EX-700', 'EX-800', 'EX-900']) expect(await style(model)).toBeNull();
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(created!.id))));
    expect(audits.length).toBe(1);

    const rerun = await dryRun(t, admin, worker, 'catalogue', withFormula);
    expect(rerun.counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 11 });
    await applyJob(t, admin, rerun.id, worker);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(created!.id))))).toHaveLength(1);
  });

  it('updates a style: changes on its first row, a colour’s stock and a new colour on theirs; the level is set through a stock movement', async () => {
    await dryRun(t, admin, worker, 'catalogue', sheetOf([row({ modelNumber: 'UP-1', colourCode: 'C1', stock: 5 }), row({ modelNumber: 'UP-1', colourCode: 'C2', frameColour: 'Gold', stock: 5 })])).then(
      (job) => applyJob(t, admin, job.id, worker),
    );
    const job = await dryRun(
      t,
      admin,
      worker,
      'catalogue',
      sheetOf([
        row({ modelNumber: 'up-1', colourCode: 'C1', stock: 5, netPrice: '1650' }),
        row({ modelNumber: 'UP-1', colourCode: 'C2', frameColour: 'Gold', stock: 8, netPrice: '1650' }),
        row({ modelNumber: 'UP-1', colourCode: 'C3', frameColour: 'Crystal', stock: 4, netPrice: '1650' }),
      ]),
    );
    expect(job.counts).toEqual({ create: 1, update: 2, unchanged: 0, error: 0 });
    expect(job.rows[0]).toMatchObject({ label: 'UP-1 C1', action: 'update', changes: [{ field: 'netPrice', from: 1499, to: 1650 }] });
    expect(job.rows[1]).toMatchObject({ action: 'update', changes: [{ field: 'C2.stock', from: 5, to: 8 }] });
    expect(job.rows[2]).toMatchObject({ action: 'create', changes: [{ field: 'C3', from: null }] });
    await applyJob(t, admin, job.id, worker);
    const updated = await style('UP-1');
    expect(updated!.netPricePaise).toBe(165_000);
    expect(updated!.colours.map((c) => [c.colorVariant, c.availableStockQuantity])).toEqual([
      ['C1', 5],
      ['C2', 8],
      ['C3', 4],
    ]);
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.productColourId, updated!.colours[1]!.id));
    expect(moves.filter((m) => m.reason === 'import').map((m) => m.delta)).toEqual([3]);
  });

  it('stores the images a ZIP brings through the upload pipeline, once: the same sheet and ZIP again are unchanged', async () => {
    const png = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#884422' } }).png().toBuffer();
    const side = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#224488' } }).jpeg().toBuffer();
    const zip = zipOf({ 'photos/img-front.png': png, 'img-side.jpg': side, 'notes.txt': Buffer.from('not an image') });
    const sheet = sheetOf([row({ modelNumber: 'IMG-1', colourCode: 'C1', images: 'img-front.png; img-side.jpg' })]);
    const extra = [{ name: 'images', filename: 'images.zip', data: zip }];
    const job = await dryRun(t, admin, worker, 'catalogue', sheet, 'sheet.csv', extra);
    expect(job).toMatchObject({ hasImages: true, counts: { create: 1, error: 0 } });
    await applyJob(t, admin, job.id, worker);
    const made = await style('IMG-1');
    const images = await t.db.select().from(productImages).where(eq(productImages.productColourId, made!.colours[0]!.id));
    expect(images.map((i) => [i.imageType, i.priority]).sort()).toEqual([
      ['front', 0],
      ['side', 1],
    ]);
    expect(images.every((i) => /^\/media\/uploads\/products\/[0-9a-f]{2}\/[0-9a-f]{24}-card\.webp$/.test(i.url))).toBe(true);
    const served = await t.app.inject({ url: images[0]!.url });
    expect(served.headers['content-type']).toBe('image/webp');

    const again = await dryRun(t, admin, worker, 'catalogue', sheet, 'sheet.csv', extra);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 1, error: 0 });

    const bad = await dryRun(t, admin, worker, 'catalogue', sheetOf([row({ modelNumber: 'IMG-1', colourCode: 'C1', images: 'notes.txt, missing.png' })]), 'sheet.csv', extra);
    expect(bad.rows[0].errors.map((e: { message: string }) => e.message)).toEqual([
      'Image "notes.txt": Please upload a PNG, JPEG or WebP image.',
      'Image "missing.png" is not in the ZIP.',
    ]);
  });
});

describe('a batch written together', () => {
  it('gives each style of one batch its own result: unchanged, updated, (de)activated, created and refused', async () => {
    await applyJob(
      t,
      admin,
      (
        await dryRun(
          t,
          admin,
          worker,
          'catalogue',
          sheetOf([
            row({ modelNumber: 'MX-1', colourCode: 'C1' }),
            row({ modelNumber: 'MX-1', colourCode: 'C2', frameColour: 'Gold' }),
            row({ modelNumber: 'MX-2', colourCode: 'C1', stock: 5 }),
            row({ modelNumber: 'MX-2', colourCode: 'C2', frameColour: 'Gold', stock: 5 }),
            row({ modelNumber: 'MX-3', colourCode: 'C1' }),
          ]),
        )
      ).id,
      worker,
    );
    const [teal] = await t.db.insert(colours).values({ name: 'Teal', hexCode: '#008080' }).returning();
    const sheet = sheetOf([
      row({ modelNumber: 'MX-1', colourCode: 'C1' }),
      row({ modelNumber: 'MX-1', colourCode: 'C2', frameColour: 'Gold' }),
      row({ modelNumber: 'mx-2', colourCode: 'C1', stock: 5, netPrice: '1650' }),
      row({ modelNumber: 'MX-2', colourCode: 'C2', frameColour: 'Gold', stock: 8, netPrice: '1650' }),
      row({ modelNumber: 'MX-2', colourCode: 'C3', frameColour: 'Crystal', stock: 4, netPrice: '1650' }),
      row({ modelNumber: 'MX-3', colourCode: 'C1', active: 'No' }),
      row({ modelNumber: 'MX-4', colourCode: 'C1', tags: 'Winter Drop, Autumn 2026', stock: 3 }),
      row({ modelNumber: 'MX-5', colourCode: 'C1', tags: 'winter drop', stock: 0 }),
      row({ modelNumber: 'MX-6', colourCode: 'C1', frameColour: 'Teal' }),
    ]);
    const job = await dryRun(t, admin, worker, 'catalogue', sheet);
    expect(job.counts).toEqual({ create: 4, update: 3, unchanged: 2, error: 0 });
    // The catalogue moves before the apply: MX-6's colour is gone, so MX-6 can no longer be written.
    await t.db.delete(colours).where(eq(colours.id, teal!.id));
    const before = await t.db.select({ id: auditLog.id }).from(auditLog);
    await applyJob(t, admin, job.id, worker);
    const done = await detail(t, admin, job.id);
    expect(done).toMatchObject({ status: 'applied', appliedRows: 9 });
    const byLabel = Object.fromEntries(done.rows.map((r: { label: string }) => [r.label, r]));
    expect(byLabel['MX-6 C1']).toMatchObject({ action: 'error', errors: [{ column: 'Frame colour', message: expect.stringContaining('Frame colour') }] });
    expect(await style('MX-6')).toBeNull();

    const mx2 = await style('MX-2');
    expect(mx2!.netPricePaise).toBe(165_000);
    expect(mx2!.colours.map((c) => [c.colorVariant, c.availableStockQuantity])).toEqual([
      ['C1', 5],
      ['C2', 8],
      ['C3', 4],
    ]);
    const c2Moves = await t.db.select().from(stockMovements).where(eq(stockMovements.productColourId, mx2!.colours[1]!.id));
    expect(c2Moves.filter((m) => m.reason === 'import').map((m) => m.delta)).toEqual([3]);
    const c3Moves = await t.db.select().from(stockMovements).where(eq(stockMovements.productColourId, mx2!.colours[2]!.id));
    expect(c3Moves.map((m) => [m.reason, m.delta])).toEqual([['initial', 4]]);
    const prices = await t.db.select().from(priceChanges).where(eq(priceChanges.productId, mx2!.id)).orderBy(priceChanges.id);
    expect(prices.map((p) => [p.previousPricePaise, p.netPricePaise, p.importJobId])).toEqual([
      [null, 149_900, prices[0]!.importJobId],
      [149_900, 165_000, job.id],
    ]);
    expect((await style('MX-3'))!.isActive).toBe(false);

    const mx4 = await style('MX-4');
    const mx5 = await style('MX-5');
    expect(Number(mx5!.productCode.slice(2))).toBe(Number(mx4!.productCode.slice(2)) + 1);
    const winter = await t.db.select().from(tags).where(sql`lower(${tags.name}) = 'winter drop'`);
    expect(winter.map((tag) => [tag.name, tag.isCollection])).toEqual([['Winter Drop', true]]);
    const tagged = await t.db.select().from(productTags).where(eq(productTags.tagId, winter[0]!.id)).orderBy(productTags.productId);
    expect(tagged.map((pt) => [pt.productId, pt.position])).toEqual([
      [mx4!.id, 0],
      [mx5!.id, 0],
    ]);
    expect(mx5!.searchKeywords).toContain('Winter Drop');

    // One audit row per change, each with its before and after; nothing about the unchanged MX-1.
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), sql`${auditLog.id} > ${Math.max(0, ...before.map((b) => b.id))}`))
      .orderBy(auditLog.id);
    const mx1 = await style('MX-1');
    const mx3 = await style('MX-3');
    const actionsOf = (id: number) => audits.filter((a) => a.entityId === String(id)).map((a) => a.action);
    expect(actionsOf(mx1!.id)).toEqual([]);
    expect(actionsOf(mx2!.id).sort()).toEqual(['product.update', 'stock.import']);
    expect(actionsOf(mx3!.id)).toEqual(['product.deactivate']);
    expect(actionsOf(mx4!.id)).toEqual(['product.create']);
    expect(actionsOf(mx5!.id)).toEqual(['product.create']);
    const update = audits.find((a) => a.entityId === String(mx2!.id) && a.action === 'product.update')!;
    expect(update.details).toMatchObject({
      productCode: mx2!.productCode,
      importJobId: job.id,
      before: { netPrice: 1499, C3: null },
      after: { netPrice: 1650, C3: { frameColour: 'Crystal', openingStock: 4 } },
    });
    expect(audits.find((a) => a.entityId === String(mx4!.id))!.details).toMatchObject({ productCode: mx4!.productCode, after: { tags: ['Winter Drop', 'Autumn 2026'] } });

    // The same sheet again: every written style is unchanged, and applying it writes nothing.
    const again = await dryRun(t, admin, worker, 'catalogue', sheet);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 8, error: 1 });
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.entity, 'product')))[0]!.n;
    const audited = await count();
    await applyJob(t, admin, again.id, worker);
    expect(await count()).toBe(audited);
  });
});

describe('XLSX formulas', () => {
  it('reports a formula cell of a real workbook on its row and column, as a formula typed into a CSV, and changes nothing', async () => {
    const cells = (model: string, override: Partial<Record<Key, Cell>>): Cell[] =>
      row({ modelNumber: model, colourCode: 'C1' }).map((value, i) => {
        const key = CATALOGUE_COLUMNS[i]!.key;
        if (key in override) return override[key]!;
        return value === '' ? null : { value, type: String };
      });
    const workbook = await writeXlsxFile(
      [
        HEADERS.map((value) => ({ value })),
        cells('XF-1', { description: { type: 'Formula', value: '=HYPERLINK("http://evil.example","Click")' } }),
        cells('XF-2', { warranty: { value: '=HYPERLINK("http://evil.example","x")', type: String } }),
        cells('XF-3', { netPrice: { type: 'Formula', value: 'SUM(1000,499)' } }),
        cells('XF-4', {}),
      ] satisfies SheetData,
    ).toBuffer();
    const job = await dryRun(t, admin, worker, 'catalogue', workbook, 'formulas.xlsx');
    expect(job.status, job.fileError).toBe('ready');
    const byRow = Object.fromEntries(job.rows.map((r: { rowNo: number }) => [r.rowNo, r]));
    expect(byRow[2].errors).toEqual([{ column: 'Description', message: 'Formulas are not accepted: =HYPERLINK("http://evil.example","Click"…' }]);
    expect(byRow[3].errors).toEqual([{ column: 'Warranty', message: 'Formulas are not accepted: =HYPERLINK("http://evil.example","x")' }]);
    expect(byRow[4].errors).toContainEqual({ column: 'Net price (₹)', message: 'Formulas are not accepted: =SUM(1000,499)' });
    expect(byRow[5]).toMatchObject({ action: 'create', errors: [] });
    expect(job.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 3 });
    await applyJob(t, admin, job.id, worker);
    for (const model of ['XF-1', 'XF-2', 'XF-3']) expect(await style(model)).toBeNull();
    expect(await style('XF-4')).not.toBeNull();
  });
});

describe('export → import', () => {
  it('round-trips a CSV: unchanged as exported; two edited prices are exactly two updates', async () => {
    const rows = ['RT-1', 'RT-2', 'RT-3', 'RT-4'].flatMap((model, i) => [
      row({ modelNumber: model, colourCode: 'C1', description: i === 0 ? '-Lightweight, +flexible @home' : 'Plain' }),
      row({ modelNumber: model, colourCode: 'C2', frameColour: 'Gold', description: i === 0 ? '-Lightweight, +flexible @home' : 'Plain' }),
    ]);
    await applyJob(t, admin, (await dryRun(t, admin, worker, 'catalogue', sheetOf(rows))).id, worker);
    const exported = await t.app.inject({ url: '/api/admin/exports/catalogue?format=csv&q=RT-', headers: admin });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="catalogue-2026-11-20.csv"');
    const text = exported.body.replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe(HEADERS.join(','));
    expect(text).toContain("'-Lightweight");
    expect(text.trim().split('\r\n')).toHaveLength(9);

    const same = await dryRun(t, admin, worker, 'catalogue', exported.rawPayload);
    expect(same.counts).toEqual({ create: 0, update: 0, unchanged: 8, error: 0 });

    const edited = text.replace(/^(RT-2,.*?),1499,/gm, '$1,1525,').replace(/^(RT-4,.*?),1499,/gm, '$1,1399.5,');
    const job = await dryRun(t, admin, worker, 'catalogue', Buffer.from(edited));
    expect(job.counts).toEqual({ create: 0, update: 2, unchanged: 6, error: 0 });
    expect(job.rows.filter((r: { action: string }) => r.action === 'update').map((r: { label: string; changes: unknown }) => [r.label, r.changes])).toEqual([
      ['RT-2 C1', [{ field: 'netPrice', from: 1499, to: 1525 }]],
      ['RT-4 C1', [{ field: 'netPrice', from: 1499, to: 1399.5 }]],
    ]);
    await applyJob(t, admin, job.id, worker);
    expect((await style('RT-2'))!.netPricePaise).toBe(152_500);
    expect((await style('RT-1'))!.description).toBe('-Lightweight, +flexible @home');
  });

  it('round-trips an XLSX the same way', async () => {
    const exported = await t.app.inject({ url: '/api/admin/exports/catalogue?format=xlsx&q=RT-', headers: admin });
    expect(exported.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const same = await dryRun(t, admin, worker, 'catalogue', exported.rawPayload, 'catalogue.xlsx');
    expect(same.counts).toEqual({ create: 0, update: 0, unchanged: 8, error: 0 });

    const table = (await readXlsx(exported.rawPayload)) as unknown[][];
    const priceAt = HEADERS.indexOf('Net price (₹)');
    const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
    const rows = table.slice(1).map((r) => HEADERS.map((_, i) => text(r[i])));
    for (const r of rows) if (r[0] === 'RT-1' || r[0] === 'RT-3') r[priceAt] = '1111';
    const job = await dryRun(t, admin, worker, 'catalogue', await xlsx(HEADERS, rows), 'edited.xlsx');
    expect(job.counts).toEqual({ create: 0, update: 2, unchanged: 6, error: 0 });
  });
});

describe('resuming', () => {
  it('survives a worker that dies mid-apply: another server on the same database finishes it, nothing twice', async () => {
    const models = Array.from({ length: 30 }, (_, i) => `CR-${String(i + 1).padStart(3, '0')}`);
    const sheet = sheetOf(models.flatMap((m) => [row({ modelNumber: m, colourCode: 'C1' }), row({ modelNumber: m, colourCode: 'C2', frameColour: 'Gold' })]));
    const first = await buildTestApp({ database: t.database, env: { IMPORT_POLL_MS: '0' } });
    const dying = workerFor(first, { batchRows: 10 });
    const job = await dryRun(first, admin, dying, 'catalogue', sheet);
    expect(job.counts.create).toBe(60);
    await applyJob(first, admin, job.id);
    await dying.runOnce({ crashAfterBatches: 2 });
    const [mid] = await t.db.select().from(importJobs).where(eq(importJobs.id, job.id));
    expect(mid).toMatchObject({ status: 'applying', appliedRows: 20 });
    expect(mid!.leaseOwner).toBe(dying.owner);
    await first.close();

    // A new server on the same database, a minute later: its own worker takes the expired lease over.
    const second = await buildTestApp({ database: t.database, env: { IMPORT_POLL_MS: '20' } });
    try {
      second.clock.advance(LEASE_MS + 1000);
      const deadline = Date.now() + 30_000;
      let status = '';
      while (Date.now() < deadline) {
        status = (await detail(second, admin, job.id, 'pageSize=1')).status;
        if (status === 'applied') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe('applied');
    } finally {
      await second.close();
    }
    const [created] = await t.db.select({ n: sql<number>`count(*)::int` }).from(products).where(sql`model_name like 'CR-%'`);
    expect(created!.n).toBe(30);
    const [colours] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productColours)
      .innerJoin(products, eq(products.id, productColours.productId))
      .where(sql`model_name like 'CR-%'`);
    expect(colours!.n).toBe(60);
    const creates = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), sql`details->>'importJobId' = ${String(job.id)}`));
    expect(creates).toHaveLength(30);
    const [done] = await t.db.select().from(importJobs).where(eq(importJobs.id, job.id));
    expect(done).toMatchObject({ status: 'applied', appliedRows: 60, leaseOwner: null });
  }, 60_000);
});

describe('10,000 rows', () => {
  it('checks and applies 2,500 styles × 4 colours', async () => {
    const colours = ['Havana', 'Gold', 'Crystal', 'Test Black'];
    const rows: string[][] = [];
    const N = 2500;
    for (let s = 1; s <= N; s++) {
      const model = `BIG-${String(s).padStart(5, '0')}`;
      for (let c = 0; c < 4; c++) {
        rows.push(row({ modelNumber: model, colourCode: `C${c + 1}`, frameColour: colours[c], templeColour: colours[c], netPrice: String(1000 + (s % 500)), stock: (s + c) % 40 }));
      }
    }
    const started = performance.now();
    const response = await upload(t, admin, 'catalogue', sheetOf(rows), 'big.csv');
    expect(response.statusCode).toBe(201);
    await worker.drain();
    const checked = await detail(t, admin, response.json().Data.id, 'pageSize=1');
    expect(checked).toMatchObject({ status: 'ready', totalRows: N * 4, counts: { create: N * 4, update: 0, unchanged: 0, error: 0 } });
    const dryRunSeconds = (performance.now() - started) / 1000;
    const applyStarted = performance.now();
    await applyJob(t, admin, checked.id, worker);
    const applySeconds = (performance.now() - applyStarted) / 1000;
    const done = await detail(t, admin, checked.id, 'pageSize=1');
    expect(done).toMatchObject({ status: 'applied', appliedRows: N * 4 });
    const sample = await style('BIG-01234');
    expect(sample).toMatchObject({ netPricePaise: (1000 + (1234 % 500)) * 100, productName: 'Import Classic' });
    expect(sample!.colours.map((c) => c.availableStockQuantity)).toEqual([34, 35, 36, 37]);
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(products).where(sql`model_name like 'BIG-%'`);
    expect(count!.n).toBe(N);
    console.warn(`10,000 catalogue rows: dry run ${dryRunSeconds.toFixed(1)} s, apply ${applySeconds.toFixed(1)} s`);
  }, 400_000);
});
