import { STOCK_ADJUSTMENT_REASONS, STOCK_REASON_LABELS, type StockAdjustmentReason } from '@frameport/domain';

/** The stock desk's own texts (the server's refusals, e.g. stock below 0, arrive in its message). */
export const stockTexts = {
  panelTitle: 'Stock',
  adjust: 'Adjust',
  adjustTitle: (label: string) => `Adjust stock: ${label}`,
  changeLabel: 'Change (pieces)',
  changeHint: 'Pieces in, or − for pieces out (e.g. 12 or -3).',
  changeInvalid: 'Please enter a whole number of pieces other than 0 (e.g. 12 or -3).',
  reasonLabel: 'Reason',
  reasonPick: 'Choose a reason',
  reasonRequired: 'Please choose a reason.',
  noteLabel: 'Note (optional)',
  save: 'Save adjustment',
  newStock: (now: number, after: number) => `In stock now: ${now}. After this change: ${after}.`,
  belowZeroHint: 'That takes the stock below 0: the server will refuse it.',
  saved: (label: string, stock: number) => `Stock of ${label} is now ${stock}.`,
  history: 'Movements',
  historyOf: (label: string) => `Movements of ${label}`,
  noMovements: 'No stock movements recorded for this colour yet.',
  movementsLoadFailed: 'The movements could not be loaded',
  noColours: 'This style has no colours yet.',
  lowStockTitle: 'Low stock',
  lowStockLoadFailed: 'The low-stock list could not be loaded',
  noLowStock: 'No colour is at or below its low-stock threshold.',
  noLowStockMatch: 'No low-stock colours match these filters.',
  clearFilters: 'Clear filters',
  exportCsv: 'Export CSV',
  exportFailed: 'The CSV could not be downloaded',
} as const;

export const ADJUSTMENT_REASONS: readonly { value: StockAdjustmentReason; label: string }[] = STOCK_ADJUSTMENT_REASONS.map((value) => ({
  value,
  label: STOCK_REASON_LABELS[value] ?? value,
}));

/** A change as staff read it: '+12', '−3' (a real minus sign), '0'. */
export const signed = (change: number): string => (change > 0 ? `+${change}` : change < 0 ? `−${Math.abs(change)}` : '0');

/** '12', '-3', '+5', '−3' typed by staff as a whole number; null when it is not one or is 0. */
export function parseChange(raw: string): number | null {
  const text = raw.trim().replace(/^[−–]/, '-').replace(/^\+/, '');
  if (!/^-?\d{1,7}$/.test(text)) return null;
  const value = Number(text);
  return value === 0 || Math.abs(value) > 1_000_000 ? null : value;
}
