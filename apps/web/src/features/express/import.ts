import { QUANTITY_MAX } from '@frameport/domain';
import { expressMessages } from '@frameport/domain/messages/express';

/**
 * Reading express rows from pasted text (spreadsheet cells, CSV, chat lines) and from .csv / .xlsx
 * files. papaparse reads text (delimiter guessed, tabs included, quoted cells kept whole) and
 * read-excel-file reads workbooks; both are imported on first use, so the screen's first load does
 * not carry them. Whatever the source, a row becomes the same ImportedRow and lands in the one list.
 */

/** A row that names a model, a colour and a quantity. `origin` says where it came from ('Pasted line 3'). */
export type ImportedLine = { kind: 'line'; origin: string; text: string; modelName: string; colorVariant: string; quantity: number };
/** A row that cannot be read as one; it is listed with its reason, never silently left out. */
export type ImportedProblem = { kind: 'problem'; origin: string; text: string; reason: string };
export type ImportedRow = ImportedLine | ImportedProblem;

/** What a read gives: the rows, or why nothing was read (then nothing may change). */
export type ImportResult = { ok: true; rows: ImportedRow[] } | { ok: false; error: string };

/** At most this many rows a paste or file (a week's order is 50–200 lines). */
export const MAX_IMPORT_ROWS = 500;
/** At most this many bytes a file (500 rows of CSV are ~15 KB; an .xlsx of them ~20 KB). */
export const MAX_IMPORT_MEGABYTES = 1;
const MAX_IMPORT_BYTES = MAX_IMPORT_MEGABYTES * 1024 * 1024;

export const CSV_SAMPLE = 'model number,colour variant,quantity\nVX-AV-1023,C1,4\nVX-AV-1023,C2,2\n';

type Cell = string | number | boolean | Date | null | undefined;
type Columns = { model: number; colour: number; quantity: number };

const HEADER_CELL = /^(model|colou?r|variant|qty|quantity|pcs|pieces)\b/i;
/** 'VX-AV-1023 C2 x 4', 'VX-AV-1023 C2 ×4', 'VX-AV-1023 - C2 - 4 pcs', 'VX-AV-1023 C2 4'. */
const CHAT_LINE = /^(\S+?)\s*[-–,;/:]?\s+(\S+?)\s*(?:[x×*:=-]\s*|\s+)(\d+(?:\.\d+)?)\s*(?:pcs?\.?|pieces?|nos?\.?|units?)?$/i;
/** A quantity cell: '4', 'x4', '× 4', '4 pcs'. */
const QUANTITY_CELL = /^(?:[x×]\s*)?(\d+(?:\.\d+)?)\s*(?:pcs?\.?|pieces?|nos?\.?|units?)?$/i;

function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/** The column of each value when the first row is a header ('Model', 'Colour', 'Qty', in any order). */
function headerColumns(cells: string[]): Columns | null {
  if (!cells.some((cell) => HEADER_CELL.test(cell))) return null;
  const find = (pattern: RegExp) => cells.findIndex((cell) => pattern.test(cell));
  const model = find(/model/i);
  const colour = find(/colou?r|variant/i);
  const quantity = find(/qty|quantity|pcs|pieces/i);
  // A header that does not name all three is read like data columns in the usual order.
  return model >= 0 && colour >= 0 && quantity >= 0 ? { model, colour, quantity } : { model: 0, colour: 1, quantity: 2 };
}

function quantityOf(text: string): number | null {
  const match = QUANTITY_CELL.exec(text);
  const quantity = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= QUANTITY_MAX ? quantity : null;
}

function line(origin: string, text: string, modelName: string, colour: string, quantityText: string): ImportedRow {
  const quantity = quantityOf(quantityText);
  if (quantity === null) return { kind: 'problem', origin, text, reason: expressMessages.row.quantity };
  return { kind: 'line', origin, text, modelName, colorVariant: colour.toUpperCase(), quantity };
}

/** One sheet row → a line or a problem; null for a blank row. */
function readRow(cells: string[], columns: Columns | null, origin: string): ImportedRow | null {
  const filled = cells.filter((cell) => cell !== '');
  if (filled.length === 0) return null;
  const text = filled.join(', ');
  if (columns) {
    const at = (index: number) => cells[index] ?? '';
    if (at(columns.model) === '' || at(columns.colour) === '') return { kind: 'problem', origin, text, reason: expressMessages.row.columns };
    return line(origin, text, at(columns.model), at(columns.colour), at(columns.quantity));
  }
  // No header: a chat line in one cell ('VX-AV-1023 C2 x 4'), model and colour in one cell with the
  // quantity in the next, or the three values in three cells.
  if (filled.length <= 2) {
    const match = CHAT_LINE.exec(filled.join(' '));
    if (!match) return { kind: 'problem', origin, text, reason: expressMessages.row.columns };
    return line(origin, text, match[1]!, match[2]!, match[3]!);
  }
  const lastFilled = cells.reduce((last, cell, index) => (cell === '' ? last : index), -1);
  if (lastFilled > 2 || cells.slice(0, 3).some((cell) => cell === '')) {
    return { kind: 'problem', origin, text, reason: expressMessages.row.columns };
  }
  return line(origin, text, cells[0]!, cells[1]!, cells[2]!);
}

/**
 * Sheet rows (cells as read) → imported rows. An optional header row names the columns; blank rows
 * are skipped; `originOf(n)` names the n-th row of the source (1-based).
 */
export function readSheetRows(rows: readonly (readonly Cell[])[], originOf: (row: number) => string): ImportResult {
  const texts = rows.map((row) => row.map(cellText));
  const firstIndex = texts.findIndex((cells) => cells.some((cell) => cell !== ''));
  if (firstIndex < 0) return { ok: false, error: expressMessages.noRows };
  const columns = headerColumns(texts[firstIndex]!);
  const dataRows = texts.slice(columns ? firstIndex + 1 : firstIndex).filter((cells) => cells.some((cell) => cell !== '')).length;
  if (dataRows > MAX_IMPORT_ROWS) return { ok: false, error: expressMessages.import.tooManyRows(dataRows, MAX_IMPORT_ROWS) };
  const read: ImportedRow[] = [];
  texts.forEach((cells, index) => {
    if (index < firstIndex || (columns && index === firstIndex)) return;
    const row = readRow(cells, columns, originOf(index + 1));
    if (row) read.push(row);
  });
  if (read.length === 0) return { ok: false, error: expressMessages.noRows };
  return { ok: true, rows: read };
}

/** Text as CSV/TSV (delimiter guessed: comma, tab, semicolon or bar; quoted cells may hold them). */
async function readDelimitedText(text: string, originOf: (row: number) => string): Promise<ImportResult> {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: false,
    delimitersToGuess: [',', '\t', ';', '|'],
  });
  // A one-column paste has no delimiter to detect: that is fine (chat lines). A broken quote is not.
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) return { ok: false, error: expressMessages.import.unclosedQuote((broken.row ?? 0) + 1) };
  return readSheetRows(parsed.data, originOf);
}

/** Pasted text: spreadsheet cells (tab-separated), CSV lines or chat lines. */
export function readPastedText(text: string): Promise<ImportResult> {
  return readDelimitedText(text, (row) => `Pasted line ${row}`);
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The file's bytes (FileReader: every browser, and the test DOM, has it). */
function bytesOf(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

/** A chosen file: .csv / .txt / .tsv as UTF-8 text, .xlsx through read-excel-file (its first sheet). */
export async function readImportFile(file: File): Promise<ImportResult> {
  const extension = extensionOf(file.name);
  if (extension === 'xls') return { ok: false, error: expressMessages.import.oldExcel };
  if (!['csv', 'txt', 'tsv', 'xlsx'].includes(extension)) return { ok: false, error: expressMessages.import.wrongType };
  if (file.size > MAX_IMPORT_BYTES) return { ok: false, error: expressMessages.import.tooLarge(MAX_IMPORT_MEGABYTES) };
  let bytes: ArrayBuffer;
  try {
    bytes = await bytesOf(file);
  } catch {
    return { ok: false, error: expressMessages.import.readFailed };
  }
  if (extension === 'xlsx') {
    let rows: Cell[][];
    try {
      const { readSheet } = await import('read-excel-file/browser');
      rows = (await readSheet(bytes)) as Cell[][];
    } catch {
      return { ok: false, error: expressMessages.import.unreadableXlsx };
    }
    return readSheetRows(rows, (row) => `${file.name} row ${row}`);
  }
  // A workbook or other binary file renamed to .csv: NUL bytes never occur in CSV text.
  const text = new TextDecoder('utf-8').decode(bytes);
  if (text.includes('\u0000')) return { ok: false, error: expressMessages.import.notText };
  return readDelimitedText(text, (row) => `${file.name} line ${row}`);
}
