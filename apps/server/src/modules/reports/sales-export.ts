/**
 * The sales and GST reports as files (CSV or XLSX): one table, a header row then the rows, money in
 * rupees. Text cells go through the domain's neutraliseCell (a retailer or style named '=HYPERLINK(…)'
 * is written with a leading apostrophe, so a spreadsheet shows it and never runs it); in XLSX
 * numbers are number cells (an accountant adds them up) and text is always a text cell.
 */
import Papa from 'papaparse';
import writeXlsxFile from 'write-excel-file/node';
import { neutraliseCell } from '@frameport/domain';

export type SheetFile = { fileName: string; contentType: string; body: Buffer };

const CSV_TYPE = 'text/csv; charset=utf-8';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell: text, or a number (rupees or a count). */
export type ReportCell = string | number;
export type ReportTable = { columns: { header: string; money?: boolean }[]; rows: ReportCell[][] };

export async function reportFile(table: ReportTable, format: 'csv' | 'xlsx', stem: string): Promise<SheetFile> {
  if (format === 'csv') {
    const headers = table.columns.map((column) => column.header);
    const rows = table.rows.map((row) => row.map((value, index) => (typeof value === 'number' && table.columns[index]?.money ? value.toFixed(2) : String(value))));
    // A BOM first (Excel then reads UTF-8: ₹ and names survive), CRLF line ends.
    const text = Papa.unparse({ fields: headers, data: rows.map((row) => row.map(neutraliseCell)) }, { newline: '\r\n' });
    return { fileName: `${stem}.csv`, contentType: CSV_TYPE, body: Buffer.from(`\uFEFF${text}\r\n`, 'utf8') };
  }
  const header = table.columns.map((column) => ({ value: column.header, fontWeight: 'bold' as const }));
  const data = table.rows.map((row) =>
    row.map((value, index) =>
      typeof value === 'number'
        ? { value, type: Number, ...(table.columns[index]?.money ? { format: '#,##0.00' } : {}) }
        : value === ''
          ? null
          : { value: neutraliseCell(value), type: String },
    ),
  );
  const body = await writeXlsxFile([header, ...data], { sheet: 'Report', stickyRowsCount: 1 }).toBuffer();
  return { fileName: `${stem}.xlsx`, contentType: XLSX_TYPE, body };
}
