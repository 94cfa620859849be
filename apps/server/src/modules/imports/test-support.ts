/**
 * Test helpers for imports: a multipart body, a worker on a test app's database and file store
 * (what another process would run), sheets as CSV or XLSX, masters for catalogue sheets, and
 * waiting for a job to reach a state.
 */
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { expect } from 'vitest';
import { createLocalFileStore } from '../../adapters/storage.ts';
import { brands, colours, frameShapes, genders, materials, sizes } from '../../db/schema.ts';
import type { TestApp } from '../../test/app.ts';
import { createProduct } from '../../test/factories.ts';
import { createUploadService } from '../uploads/service.ts';
import { toCsv, toXlsx } from './export.ts';
import { importHandlers } from './index.ts';
import { createImportWorker } from './worker.ts';

export type Headers = { authorization: string };

type FormPart = { name: string; value: string } | { name: string; filename: string; data: Buffer };

/** A multipart/form-data body written by hand (what a browser's FormData sends). */
export function multipart(parts: FormPart[]) {
  const boundary = `----frameport${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A worker on the app's database and file store, as another server process would run it. */
export function workerFor(t: TestApp, options: { batchRows?: number } = {}) {
  if (t.config.fileStore.kind !== 'local') throw new Error('tests use the local file store');
  const store = createLocalFileStore(t.config.fileStore.dir);
  const uploads = createUploadService({ db: t.db, clock: t.clock, store });
  return createImportWorker({ db: t.db, clock: t.clock, store, logger: silent, handlers: importHandlers({ db: t.db, store, uploads }), ...options });
}

export const csv = (headers: string[], rows: (string | number)[][]) => toCsv({ headers, rows: rows.map((r) => r.map(String)) });
/** A CSV written by hand (no neutralising), e.g. to send a formula. */
export const rawCsv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
export const xlsx = (headers: string[], rows: (string | number)[][]) => toXlsx({ headers, rows: rows.map((r) => r.map(String)) });

export async function upload(
  t: TestApp,
  headers: Headers,
  kind: string,
  file: Buffer,
  fileName = 'sheet.csv',
  extra: FormPart[] = [],
) {
  const body = multipart([{ name: 'kind', value: kind }, { name: 'file', filename: fileName, data: file }, ...extra]);
  return t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
}

/** Uploads, runs the dry run with `worker` and answers the job's detail (every row). */
export async function dryRun(t: TestApp, headers: Headers, worker: ReturnType<typeof workerFor>, kind: string, file: Buffer, fileName = 'sheet.csv', extra: FormPart[] = []) {
  const response = await upload(t, headers, kind, file, fileName, extra);
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().Data.id as number;
  await worker.drain();
  return detail(t, headers, id);
}

export async function detail(t: TestApp, headers: Headers, id: number, query = 'pageSize=500') {
  const response = await t.app.inject({ url: `/api/admin/imports/${id}?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Data;
}

export async function applyJob(t: TestApp, headers: Headers, id: number, worker?: ReturnType<typeof workerFor>) {
  const response = await t.app.inject({ method: 'POST', url: `/api/admin/imports/${id}/apply`, headers });
  expect(response.statusCode, response.body).toBe(200);
  if (worker) await worker.drain();
  return response.json().Data;
}

/** Masters a catalogue sheet names (beside createProduct's 'Test Brand' and 'Test Black'). */
export async function catalogueMasters(t: TestApp) {
  await createProduct(t.db, { stocks: [1] });
  await t.db.insert(brands).values({ code: 'UOX', name: 'Urban Optix' }).onConflictDoNothing();
  await t.db
    .insert(colours)
    .values([
      { name: 'Havana', hexCode: '#6b3e26' },
      { name: 'Gold', hexCode: '#d4af37' },
      { name: 'Crystal', hexCode: '#e6f2f5' },
    ])
    .onConflictDoNothing();
  await t.db.insert(genders).values([{ name: 'Men' }, { name: 'Women' }]).onConflictDoNothing();
  await t.db
    .insert(frameShapes)
    .values([
      { code: 'square', name: 'Square' },
      { code: 'round', name: 'Round' },
    ])
    .onConflictDoNothing();
  await t.db
    .insert(materials)
    .values([
      { code: 'ACE', name: 'Acetate' },
      { code: 'MET', name: 'Metal' },
    ])
    .onConflictDoNothing();
  await t.db.insert(sizes).values({ name: 'Medium' }).onConflictDoNothing();
}

/** A ZIP of `files` (stored, no compression), written by hand for the tests. */
export function zipOf(files: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
