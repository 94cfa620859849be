import { IMPORT_COLUMNS, type ImportKind, type ImportRowAction, type ImportStatus } from '@frameport/domain';
import { dateAndTimeIndia } from '../admin-display.ts';

/** The imports screens' own texts (the server's refusals and row reasons arrive in its messages). */

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

export const KIND_LABELS: Record<ImportKind, string> = {
  catalogue: 'Catalogue (styles and colours)',
  stock: 'Stock levels',
  prices: 'Prices',
};

export const KIND_SHORT: Record<ImportKind, string> = { catalogue: 'Catalogue', stock: 'Stock', prices: 'Prices' };

export const STATUS_LABELS: Record<ImportStatus, string> = {
  queued: 'Queued',
  validating: 'Checking',
  ready: 'Ready to apply',
  applying: 'Applying',
  applied: 'Applied',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Filled badges with white text: each shade passes AA. */
export const STATUS_COLOURS: Record<ImportStatus, string> = {
  queued: 'gray.7',
  validating: 'frameport.7',
  ready: 'indigo.9',
  applying: 'frameport.7',
  applied: '#1e6b31',
  failed: 'red.9',
  cancelled: 'gray.7',
};

export const ACTION_LABELS: Record<ImportRowAction, string> = {
  create: 'New',
  update: 'Update',
  unchanged: 'Unchanged',
  error: 'Error',
};

/** A row's badge once applied. */
export const ACTION_DONE_LABELS = { create: 'Created', update: 'Updated' } as const;

export const ACTION_COLOURS: Record<ImportRowAction, string> = {
  create: '#1e6b31',
  update: 'indigo.9',
  unchanged: 'gray.7',
  error: 'red.9',
};

export const importTexts = {
  pageTitle: 'Imports',
  newImport: 'Import a spreadsheet',
  kindLabel: 'What the sheet holds',
  warehouseKind: 'Warehouse staff import stock levels only.',
  fileLabel: 'Spreadsheet (.csv or .xlsx)',
  dropHere: 'Drag a .csv or .xlsx file here, or',
  chooseFile: 'Choose file',
  chooseAnother: 'Choose another file',
  imagesLabel: 'Images (.zip, optional)',
  imagesHelp: 'Name each image file in the sheet\u2019s Images column; put the files in one ZIP.',
  chooseZip: 'Choose ZIP',
  removeZip: 'Remove ZIP',
  check: 'Upload and check',
  noFile: 'Please choose a .csv or .xlsx file.',
  wrongType: 'Please choose a .csv or .xlsx file. Other files cannot be imported.',
  notZip: 'The images must be one .zip file.',
  tooLarge: (mb: number) => `The file is larger than ${mb} MB. Please split it into smaller files.`,
  zipTooLarge: (mb: number) => `The images ZIP is larger than ${mb} MB.`,
  uploadFailed: 'The file could not be uploaded',
  templates: 'Templates and examples',
  templatesHelp: 'The template has the columns only; the example has a few filled rows that import cleanly.',
  template: 'Template',
  example: 'Example',
  export: 'Export the catalogue',
  exportHelp: 'Every style and colour in the import\u2019s columns: edit it in a spreadsheet and import it back.',
  downloadFailed: 'The file could not be downloaded',
  pastImports: 'Past imports',
  noImports: 'No imports yet.',
  noImportsHelp: 'Upload a sheet above: it is checked first, and nothing changes until you apply it.',
  listFailed: 'The imports could not be loaded',
  // The job
  jobTitle: (id: number) => `Import #${id}`,
  jobNotFound: 'Import not found.',
  jobLoadFailed: 'The import could not be loaded',
  backToImports: 'All imports',
  checking: 'Checking the rows',
  applying: 'Applying the rows',
  queued: 'Waiting to start',
  appliedAll: 'Done',
  took: (seconds: number) => (seconds < 60 ? `took ${Math.max(1, Math.round(seconds))} s` : `took ${Math.round(seconds / 60)} min`),
  progress: (done: number, total: number) => `${done.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} rows`,
  rate: (rate: number) => `${rate.toLocaleString('en-IN', { maximumFractionDigits: 1 })} rows/s`,
  timeLeft: (seconds: number) => (seconds < 60 ? `about ${Math.max(1, Math.round(seconds))} s left` : `about ${Math.ceil(seconds / 60)} min left`),
  fileFailed: 'This file could not be imported',
  sameFile: (id: number, status: string, at: string) => `This is the same file as import #${id} (${status.toLowerCase()}, ${at}).`,
  sameFileApplied: 'Applying it again changes only what has changed since.',
  apply: 'Apply',
  cancelImport: 'Cancel import',
  confirmApplyTitle: 'Apply this import?',
  confirmApply: (kind: ImportKind, create: number, update: number) => {
    if (kind === 'stock') return `Set ${plural(update, 'stock level', 'stock levels')}?`;
    if (kind === 'prices') return `Apply ${plural(update, 'price change', 'price changes')}?`;
    return `Apply ${plural(update, 'update', 'updates')} and ${plural(create, 'new style or colour', 'new styles or colours')}?`;
  },
  confirmApplyEffect: (kind: ImportKind) =>
    ({
      catalogue: ' Retailers see the changes as soon as each batch is applied.',
      stock: ' Retailers see the new stock levels as soon as each batch is applied.',
      prices: ' Retailers see a price from today as soon as it is applied, a later one from its day.',
    })[kind],
  skipped: (errors: number) => ` ${plural(errors, 'row has', 'rows have')} errors and will be skipped.`,
  confirmCancelTitle: 'Cancel this import?',
  confirmCancel: 'Nothing from this file will be applied. You can upload it again later.',
  nothingToApply: 'Nothing to apply: every row is unchanged or has an error.',
  actionFailed: 'The import could not be changed',
  applied: (create: number, update: number) => `Applied: ${plural(update, 'row', 'rows')} updated, ${plural(create, 'row', 'rows')} created.`,
  cancelled: 'This import was cancelled: nothing from it was applied.',
  totals: 'Totals',
  report: 'Rows',
  rowColumn: 'Row',
  itemColumn: (kind: ImportKind) => (kind === 'prices' ? 'Model number' : 'Model and colour'),
  changesColumn: 'Changes or errors',
  actionColumn: 'Action',
  all: 'All',
  noRows: 'No rows of this kind.',
  changeFrom: 'was',
  changeTo: 'now',
} as const;

/**
 * The server names a change by its field (GET /api/admin/imports/:id `changes[].field`): a style
 * field as the products module and the audit name it (`netPrice`, `productType`, `genders`), a
 * colour's field after its code (`C2.stock`, `C2.frameColour`), a whole new colour by its code
 * (`C3`), a dated price (`netPrice from 2026-12-01`). Staff read the sheet's column headers.
 */
const FIELD_COLUMN: Record<string, string> = {
  productType: 'type',
  frameShape: 'shape',
  gstRatePercent: 'gstRate',
  openingStock: 'stock',
};
const FIELD_HEADERS: Record<string, string> = {
  lowStockThreshold: 'Low-stock threshold',
};

function headerOf(kind: ImportKind, field: string): string {
  const key = FIELD_COLUMN[field] ?? field;
  const columns: readonly { key: string; header: string }[] = IMPORT_COLUMNS[kind];
  const column = columns.find((c) => c.key === key) ?? IMPORT_COLUMNS.catalogue.find((c) => c.key === key);
  return column?.header ?? FIELD_HEADERS[field] ?? field;
}

/** What a change is called on the report: the sheet's column ('Net price (₹) from 01 Dec 2026', 'Stock', 'New colour C3'). */
export function changeColumn(kind: ImportKind, field: string): string {
  const dated = /^(.+) from (\d{4}-\d{2}-\d{2})$/.exec(field);
  if (dated) return `${headerOf(kind, dated[1]!)} from ${dateAndTimeIndia(`${dated[2]!}T00:00:00+05:30`).date}`;
  const colour = /^(C\d+)(?:\.(.+))?$/.exec(field);
  if (colour) return colour[2] === undefined ? `New colour ${colour[1]!}` : `${headerOf(kind, colour[2])} (${colour[1]!})`;
  return headerOf(kind, field);
}

/** A value of a change as staff read it: blank, a list, or a new colour's fields with their headers. */
export function changeValue(kind: ImportKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(blank)';
  if (Array.isArray(value)) return value.length === 0 ? '(blank)' : value.map((v) => changeValue(kind, v)).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([field, v]) => `${headerOf(kind, field)} ${changeValue(kind, v)}`)
      .join(', ');
  }
  return String(value);
}
