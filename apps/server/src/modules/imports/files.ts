/**
 * An import's files in the file store (adapters/storage.ts): the sheet and the optional images ZIP,
 * stored by the request under content-addressed keys and read again by whichever process runs the
 * job. The ZIP is read with yauzl from memory: only the entries' names at first, an image's bytes
 * when it is used, each checked against the image size limit before it is inflated.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import yauzl from 'yauzl';
import { MAX_IMAGE_BYTES } from '../../adapters/images.ts';
import type { FileStore } from '../../adapters/storage.ts';
import type { ZipImages } from './kinds.ts';
import { importMessages } from './messages.ts';
import { SheetError } from './parse.ts';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** 'imports/ab/<sha256>.csv' */
export const importKey = (sha: string, extension: 'csv' | 'xlsx' | 'zip') => `imports/${sha.slice(0, 2)}/${sha}.${extension}`;

export async function readStored(store: FileStore, key: string): Promise<Buffer> {
  const file = await store.open(key);
  if (!file) throw new SheetError('The uploaded file is no longer in the file store. Please upload it again.');
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('zip')) : resolve(zip),
    ),
  );
}

type Entry = yauzl.Entry;

/** Every file entry of the ZIP by its base name (folders inside the ZIP do not matter). */
async function entriesOf(bytes: Buffer): Promise<{ zip: yauzl.ZipFile; entries: Map<string, Entry> }> {
  const zip = await openZip(bytes);
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      const name = path.posix.basename(entry.fileName);
      if (!entry.fileName.endsWith('/') && !entry.fileName.startsWith('__MACOSX/') && !name.startsWith('.')) {
        entries.set(name.toLowerCase(), entry);
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve({ zip, entries }));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** Whether the bytes open as a ZIP at all (checked by the request before it stores them). */
export async function isReadableZip(bytes: Buffer): Promise<boolean> {
  try {
    (await entriesOf(bytes)).zip.close();
    return true;
  } catch {
    return false;
  }
}

export async function openZipImages(bytes: Buffer): Promise<ZipImages> {
  let zip: yauzl.ZipFile;
  let entries: Map<string, Entry>;
  try {
    ({ zip, entries } = await entriesOf(bytes));
  } catch {
    throw new SheetError(importMessages.unreadableZip);
  }
  return {
    names: new Set(entries.keys()),
    async read(name) {
      const entry = entries.get(name.toLowerCase());
      if (!entry) throw new Error(`not in the zip: ${name}`);
      if (entry.uncompressedSize > MAX_IMAGE_BYTES) throw new Error('The image is larger than 5 MB.');
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, s) => (error || !s ? reject(error ?? new Error('zip entry')) : resolve(s))),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
  };
}
