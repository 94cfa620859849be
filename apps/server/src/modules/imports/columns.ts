/**
 * The sheet's columns: the header row matched against the kind's column set (packages/domain
 * catalogue-desk.ts), and each cell read with the checks every kind shares (formulas, numbers,
 * rupees, dates). A header matches by its text in any case and spacing; a column of the set that
 * is not required may be left out.
 */
import { IMPORT_COLUMNS, looksLikeFormula, rupeesToPaise, type ImportKind } from '@frameport/domain';
import { importMessages } from './messages.ts';
import type { Sheet, SheetRow } from './parse.ts';

export type RowError = { column: string | null; message: string };
export type ColumnDef = { key: string; header: string; required: boolean };

const norm = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');

export const columnsOf = (kind: ImportKind): readonly ColumnDef[] => IMPORT_COLUMNS[kind];

/** Column key → its index in the sheet, or the file-level problem with the header row. */
export function mapHeaders(kind: ImportKind, headers: readonly string[]): { index: Map<string, number> } | { error: string } {
  const columns = columnsOf(kind);
  const byHeader = new Map(columns.map((c) => [norm(c.header), c]));
  const index = new Map<string, number>();
  const unknown: string[] = [];
  const twice: string[] = [];
  headers.forEach((header, i) => {
    if (header.trim() === '') return;
    const column = byHeader.get(norm(header));
    if (!column) unknown.push(header.trim());
    else if (index.has(column.key)) twice.push(column.header);
    else index.set(column.key, i);
  });
  const missing = columns.filter((c) => c.required && !index.has(c.key)).map((c) => c.header);
  const problems = [
    missing.length ? importMessages.missingColumns(missing) : null,
    unknown.length ? importMessages.unknownColumns(unknown, columns.map((c) => c.header)) : null,
    twice.length ? importMessages.duplicateColumns(twice) : null,
  ].filter((p): p is string => p !== null);
  return problems.length ? { error: problems.join(' ') } : { index };
}

/**
 * One row's cells by column key, read once: a formula-like cell is an error (and reads as blank);
 * a cell the export neutralised (a leading apostrophe before = + - @) reads as the text after it.
 */
export class RowReader {
  readonly errors: RowError[] = [];
  private readonly values = new Map<string, string>();

  constructor(
    readonly row: SheetRow,
    private readonly columns: readonly ColumnDef[],
    index: Map<string, number>,
  ) {
    for (const column of columns) {
      const i = index.get(column.key);
      if (i === undefined) continue;
      let value = (row.cells[i] ?? '').trim();
      if (/^'[=+\-@]/.test(value)) {
        value = value.slice(1);
      } else if (value !== '' && looksLikeFormula(value)) {
        this.errors.push({ column: column.header, message: importMessages.formula(value) });
        value = '';
      }
      this.values.set(column.key, value);
    }
  }

  header(key: string): string {
    return this.columns.find((c) => c.key === key)?.header ?? key;
  }

  /** Whether the sheet has the column at all (an optional column left out changes nothing). */
  has(key: string): boolean {
    return this.values.has(key);
  }

  text(key: string): string {
    return this.values.get(key) ?? '';
  }

  fail(key: string | null, message: string): void {
    this.errors.push({ column: key === null ? null : this.header(key), message });
  }

  required(key: string): string | null {
    const value = this.text(key);
    if (value === '') {
      if (!this.errors.some((e) => e.column === this.header(key))) this.fail(key, importMessages.required(this.header(key)));
      return null;
    }
    return value;
  }

  /** A whole number, or null when blank; undefined (and an error) when not one. */
  whole(key: string, { min = 0, max = 1_000_000 }: { min?: number; max?: number } = {}): number | null | undefined {
    const value = this.text(key);
    if (value === '') return null;
    const cleaned = value.replace(/,/g, '');
    if (!/^-?\d+(\.0+)?$/.test(cleaned)) {
      this.fail(key, importMessages.wholeNumber(this.header(key), value));
      return undefined;
    }
    const n = Number.parseInt(cleaned, 10);
    if (n < min) {
      this.fail(key, min === 0 ? importMessages.notNegative(this.header(key)) : importMessages.wholeNumber(this.header(key), value));
      return undefined;
    }
    if (n > max) {
      this.fail(key, importMessages.tooBig(this.header(key), max));
      return undefined;
    }
    return n;
  }

  /** A number (decimals allowed), or null when blank; undefined (and an error) when not one. */
  decimal(key: string): number | null | undefined {
    const value = this.text(key).replace(/%$/, '').trim();
    if (value === '') return null;
    if (!/^-?\d+(\.\d+)?$/.test(value.replace(/,/g, ''))) {
      this.fail(key, importMessages.number(this.header(key), this.text(key)));
      return undefined;
    }
    return Number(value.replace(/,/g, ''));
  }

  /** Rupees ('1499', '1,499.50', '₹1499') as paise, or null when blank; undefined (and an error) when not an amount. */
  paise(key: string): number | null | undefined {
    const value = this.text(key);
    if (value === '') return null;
    const cleaned = value.replace(/^(₹|Rs\.?|INR)\s*/i, '').replace(/,/g, '');
    if (!/^\d+(\.\d{1,2})?$/.test(cleaned) || Number(cleaned) > 999_999.99) {
      this.fail(key, importMessages.rupees(this.header(key), value));
      return undefined;
    }
    return rupeesToPaise(Number(cleaned));
  }

  /** 'YYYY-MM-DD' (also DD-MM-YYYY / DD/MM/YYYY as Indian sheets write it), or null when blank. */
  date(key: string): string | null | undefined {
    const value = this.text(key);
    if (value === '') return null;
    let iso: string | null = null;
    const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
    const dmy = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(value);
    if (ymd) iso = `${ymd[1]}-${ymd[2]!.padStart(2, '0')}-${ymd[3]!.padStart(2, '0')}`;
    else if (dmy) iso = `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
    if (iso !== null) {
      const d = new Date(`${iso}T00:00:00Z`);
      if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) iso = null;
    }
    if (iso === null) {
      this.fail(key, importMessages.date(this.header(key), value));
      return undefined;
    }
    return iso;
  }
}

/** Readers for every row of the sheet. */
export function readersOf(kind: ImportKind, sheet: Sheet, index: Map<string, number>): RowReader[] {
  const columns = columnsOf(kind);
  return sheet.rows.map((row) => new RowReader(row, columns, index));
}
