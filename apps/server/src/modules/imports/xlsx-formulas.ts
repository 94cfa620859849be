/**
 * The formula cells of a workbook's first sheet. read-excel-file reads a formula cell as the value a
 * spreadsheet last computed for it (blank when none was stored) and never says it was a formula,
 * so `=HYPERLINK(…)` would come in as "Click", or as a blank that clears the field. The import
 * refuses formulas instead, as it does a CSV cell starting with "=": this finds them, by address,
 * with their text, so the row reader reports each on its row and column.
 *
 * The workbook is read with yauzl (the ZIP) and the few XML parts needed are scanned for their
 * elements: the first sheet of xl/workbook.xml, its part from xl/_rels/workbook.xml.rels (as
 * read-excel-file finds sheet 1), and the <c> elements of that part holding an <f>.
 */
import path from 'node:path';
import yauzl from 'yauzl';

/** The largest XML part read (a 50 MB upload inflates to a few hundred MB at most). */
const MAX_PART_BYTES = 512 * 1024 * 1024;

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('zip')) : resolve(zip),
    ),
  );
}

/** The named parts of the ZIP (`wanted` picks them by path) as text. */
async function readParts(bytes: Buffer, wanted: (name: string) => boolean): Promise<Map<string, string>> {
  const zip = await openZip(bytes);
  try {
    const entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const found: yauzl.Entry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        if (wanted(entry.fileName) && entry.uncompressedSize <= MAX_PART_BYTES) found.push(entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve(found));
      zip.on('error', reject);
      zip.readEntry();
    });
    const out = new Map<string, string>();
    for (const entry of entries) {
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, s) => (error || !s ? reject(error ?? new Error('zip entry')) : resolve(s))),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
    }
    return out;
  } finally {
    zip.close();
  }
}

const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|lt|gt|amp|quot|apos);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[lower] ?? '';
  });

const attribute = (attributes: string, name: RegExp) => {
  const match = new RegExp(`\\s${name.source}\\s*=\\s*"([^"]*)"`).exec(attributes) ?? new RegExp(`\\s${name.source}\\s*=\\s*'([^']*)'`).exec(attributes);
  return match ? unescapeXml(match[1]!) : undefined;
};

/** 'AB12' → [12, 28] (row and column, 1-based); null when it is not a cell address. */
function cellAddress(ref: string): [number, number] | null {
  const match = /^\$?([A-Z]{1,3})\$?(\d+)$/i.exec(ref.trim());
  if (!match) return null;
  let column = 0;
  for (const letter of match[1]!.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return [Number(match[2]), column];
}

/** The path of the workbook's first sheet, as read-excel-file reads sheet 1; null when the workbook does not say. */
function firstSheetPath(parts: Map<string, string>): string | null {
  const workbook = parts.get('xl/workbook.xml');
  const rels = parts.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return null;
  const sheet = /<(?:[\w.-]+:)?sheet\b([^>]*)\/?>/.exec(workbook);
  const id = sheet ? attribute(sheet[1]!, /[\w.-]+:id/) : undefined;
  if (!id) return null;
  for (const match of rels.matchAll(/<(?:[\w.-]+:)?Relationship\b([^>]*)\/?>/g)) {
    if (attribute(match[1]!, /Id/) !== id) continue;
    const target = attribute(match[1]!, /Target/);
    if (!target) return null;
    return target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join('xl', target));
  }
  return null;
}

/**
 * Formula cells of the first sheet: [row, column] (1-based) and the formula as typed ('=' first).
 * A shared formula's later cells carry no text of their own: they read as '='.
 */
export async function formulaCells(bytes: Buffer): Promise<{ row: number; column: number; formula: string }[]> {
  const meta = await readParts(bytes, (name) => name === 'xl/workbook.xml' || name === 'xl/_rels/workbook.xml.rels');
  const sheetPath = firstSheetPath(meta);
  if (!sheetPath) return [];
  const sheet = (await readParts(bytes, (name) => name === sheetPath)).get(sheetPath);
  if (!sheet) return [];
  const out: { row: number; column: number; formula: string }[] = [];
  // Only a cell with content can hold a formula: <c …>…</c>, never <c …/>.
  for (const cell of sheet.matchAll(/<(?:[\w.-]+:)?c\b([^>]*?)(?<!\/)>([\s\S]*?)<\/(?:[\w.-]+:)?c>/g)) {
    const formula = /<(?:[\w.-]+:)?f\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?f>)/.exec(cell[2]!);
    if (!formula) continue;
    const ref = attribute(cell[1]!, /r/);
    const at = ref ? cellAddress(ref) : null;
    if (!at) continue;
    const text = unescapeXml(formula[1] ?? '').trim();
    out.push({ row: at[0], column: at[1], formula: text.startsWith('=') ? text : `=${text}` });
  }
  return out;
}
