import type { ImportKind, ImportRowAction, ImportStatus } from '@frameport/domain';

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
  skipped: (errors: number) => ` ${plural(errors, 'row has', 'rows have')} errors and will be skipped.`,
  confirmCancelTitle: 'Cancel this import?',
  confirmCancel: 'Nothing from this file will be applied. You can upload it again later.',
  nothingToApply: 'Nothing to apply: every row is unchanged or has an error.',
  actionFailed: 'The import could not be changed',
  applied: (create: number, update: number) => `Applied: ${plural(update, 'row', 'rows')} updated, ${plural(create, 'row', 'rows')} created.`,
  cancelled: 'This import was cancelled: nothing from it was applied.',
  totals: 'Totals',
  report: 'Rows',
  all: 'All',
  noRows: 'No rows of this kind.',
  changeFrom: 'was',
  changeTo: 'now',
} as const;
