/**
 * Reading an uploaded sheet: what the bytes are (never the file name or the declared type), and
 * the rows as text. CSV through papaparse (UTF-8, with or without a BOM, any of , ; tab as the
 * delimiter), XLSX through read-excel-file (the first sheet; formula cells as their formula). Every cell comes back as trimmed text:
 * numbers as JavaScript writes them, dates as 'YYYY-MM-DD', booleans as TRUE / FALSE, so the checks
 * downstream are the same whichever format came in.
 */
import Papa from 'papaparse';
import { readSheet as readXlsxSheet } from 'read-excel-file/node';
import { IMPORT_MAX_ROWS } from '@frameport/domain';
import { importMessages } from './messages.ts';
import { formulaCells } from './xlsx-formulas.ts';

export type SheetFormat = 'csv' | 'xlsx';
/** One row of the sheet: `rowNo` as a spreadsheet shows it (the header is row 1). */
export type SheetRow = { rowNo: number; cells: string[] };
export type Sheet = { headers: string[]; rows: SheetRow[] };

export class SheetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SheetError';
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export const isZip = (bytes: Uint8Array): boolean => bytes.length >= 4 && ZIP_MAGIC.every((b, i) => bytes[i] === b);

/** A workbook: a ZIP whose central directory names xl/workbook.xml (read from the end of the file). */
function isWorkbook(bytes: Buffer): boolean {
  return isZip(bytes) && bytes.includes('xl/workbook.xml', Math.max(0, bytes.length - 1_000_000), 'latin1');
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** UTF-8 text without NUL bytes (binary files have them), or null. */
function decodeText(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** 'csv' | 'xlsx' by content, or null for anything else (a PDF, an image, an old .xls, a ZIP of something else). */
export function sniffSheet(bytes: Buffer): SheetFormat | null {
  if (bytes.length === 0) return null;
  if (isZip(bytes)) return isWorkbook(bytes) ? 'xlsx' : null;
  return decodeText(bytes) === null ? null : 'csv';
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? '' : `${value.getUTCFullYear()}-${pad2(value.getUTCMonth() + 1)}-${pad2(value.getUTCDate())}`;
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value).trim();
}

function toSheet(table: readonly (readonly unknown[])[]): Sheet {
  const headerIndex = table.findIndex((row) => row.some((cell) => cellText(cell) !== ''));
  if (headerIndex < 0) throw new SheetError(importMessages.emptyFile);
  const headers = (table[headerIndex] ?? []).map(cellText);
  const rows: SheetRow[] = [];
  for (let i = headerIndex + 1; i < table.length; i++) {
    const cells = (table[i] ?? []).map(cellText);
    if (cells.every((cell) => cell === '')) continue;
    rows.push({ rowNo: i + 1, cells });
    if (rows.length > IMPORT_MAX_ROWS) throw new SheetError(importMessages.tooManyRows(IMPORT_MAX_ROWS));
  }
  if (rows.length === 0) throw new SheetError(importMessages.noRows);
  return { headers, rows };
}

function readCsv(bytes: Buffer): Sheet {
  const text = decodeText(bytes);
  if (text === null) throw new SheetError(importMessages.notUtf8);
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false, delimitersToGuess: [',', ';', '\t'] });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken) throw new SheetError(importMessages.csvQuotes((broken.row ?? 0) + 1));
  return toSheet(parsed.data);
}

/**
 * The first sheet through read-excel-file; a formula cell reads as its formula ('=HYPERLINK(…)'),
 * not as the value a spreadsheet computed for it, so the row reader refuses it as it refuses one
 * typed into a CSV (xlsx-formulas.ts).
 */
async function readXlsx(bytes: Buffer): Promise<Sheet> {
  let data: unknown[][];
  let formulas: Awaited<ReturnType<typeof formulaCells>>;
  try {
    data = (await readXlsxSheet(bytes, 1, { trim: true })) as unknown[][];
    formulas = await formulaCells(bytes);
  } catch {
    throw new SheetError(importMessages.unreadableWorkbook);
  }
  for (const { row, column, formula } of formulas) {
    if (row > IMPORT_MAX_ROWS + 1_000) continue;
    while (data.length < row) data.push([]);
    const cells = data[row - 1]!;
    while (cells.length < column) cells.push(null);
    cells[column - 1] = formula;
  }
  return toSheet(data);
}

/** The sheet's header and rows; SheetError (the job's fileError) when it cannot be read as one. */
export async function readSheet(bytes: Buffer): Promise<Sheet & { format: SheetFormat }> {
  const format = sniffSheet(bytes);
  if (format === null) throw new SheetError(importMessages.notASheet);
  const sheet = format === 'csv' ? readCsv(bytes) : await readXlsx(bytes);
  return { ...sheet, format };
}
