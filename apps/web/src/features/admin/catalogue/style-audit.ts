import { formatInr, formatPercent, rupeesToPaise, STOCK_REASON_LABELS } from '@frameport/domain';
import { auditDetailRows, formatDay } from '../order/order-display.ts';

/**
 * A style's audit entries (GET /api/admin/products/:id's `audit`) as a desk user reads them: what
 * happened in words ("Images added", not 'product_images.upload') and what changed, field by
 * field with the form's own labels, prices in rupees, without ids, URLs or the style's own codes
 * (the page already shows them).
 */

const ACTIONS: Record<string, string> = {
  'product.create': 'Style created',
  'product.update': 'Style changed',
  'product.activate': 'Activated',
  'product.deactivate': 'Deactivated',
  'product.gst_rate': 'GST rate changed by the GST table',
  'price.change': 'Price changed',
  'price.schedule': 'Price change scheduled',
  'price.cancel': 'Scheduled price change cancelled',
  'price.apply': 'Scheduled price applied',
  'stock.adjust': 'Stock adjusted',
  'stock.import': 'Stock imported',
  'product_images.upload': 'Images added',
  'product_images.set_type': 'Image view changed',
  'product_images.reorder': 'Images reordered',
  'product_images.remove': 'Image removed',
};

/** The style form's labels for the fields the server records. */
const FIELDS: Record<string, string> = {
  modelNumber: 'Model number',
  productName: 'Product name',
  brand: 'Brand',
  productType: 'Type',
  frameType: 'Frame type',
  frameShape: 'Shape',
  frameMaterial: 'Frame material',
  templeMaterial: 'Temple material',
  size: 'Size',
  eyeSizeMm: 'Eye size (mm)',
  noseBridgeMm: 'Bridge (mm)',
  armLengthMm: 'Temple (mm)',
  frameWidthMm: 'Frame width (mm)',
  weightGrams: 'Weight (g)',
  genders: 'Gender',
  tags: 'Tags',
  warranty: 'Warranty',
  description: 'Description',
  hsnCode: 'HSN code',
  gstRatePercent: 'GST rate',
  netPrice: 'Net price',
  releaseDate: 'Release date',
  colourCode: 'code',
  frameColour: 'frame colour',
  templeColour: 'temple colour',
  lowStockThreshold: 'low-stock threshold',
  openingStock: 'opening stock',
};

const VIEWS: Record<string, string> = { front: 'front', side: 'side view', thumbnail: 'thumbnail' };

/** What an audit action says in words; an action this page does not know reads as its words. */
export function styleAuditTitle(action: string): string {
  return ACTIONS[action] ?? action.replace(/[._]+/g, ' ').replace(/^./, (first) => first.toUpperCase());
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '—';
  if (field === 'netPrice' && typeof value === 'number') return formatInr(rupeesToPaise(value));
  if (field === 'gstRatePercent' && typeof value === 'number') return `${formatPercent(value)} %`;
  if (field === 'releaseDate' && typeof value === 'string') return formatDay(value);
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const label = (field: string) => FIELDS[field] ?? field;

/**
 * The form's order (the server's JSON keeps no order of its own): the style's fields, then the
 * colours by number, each colour's fields in the form's order; fields this page does not know last.
 */
const FIELD_ORDER = Object.keys(FIELDS);
const rank = (field: string) => (FIELD_ORDER.includes(field) ? FIELD_ORDER.indexOf(field) : FIELD_ORDER.length);
function compareKeys(a: string, b: string): number {
  const colourA = /^C(\d{1,2})(?:\.(\w+))?$/.exec(a);
  const colourB = /^C(\d{1,2})(?:\.(\w+))?$/.exec(b);
  if (colourA === null || colourB === null) return colourA === null && colourB === null ? rank(a) - rank(b) : colourA === null ? -1 : 1;
  return Number(colourA[1]) - Number(colourB[1]) || rank(colourA[2] ?? '') - rank(colourB[2] ?? '');
}

/** product.create / product.update: 'Field: before → after' (a new style: 'Field: value'); colours by their code. */
function styleRows(details: Record<string, unknown>, created: boolean): string[] {
  const before = record(details.before);
  const after = record(details.after);
  const rows: string[] = [];
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(compareKeys)) {
    const colour = /^(C\d{1,2})(?:\.(\w+))?$/.exec(key);
    if (colour !== null && colour[2] === undefined) {
      // A new colour: its fields in one row.
      const fields = Object.entries(record(after[key]))
        .sort(([a], [b]) => rank(a) - rank(b))
        .filter(([, value]) => value !== null && value !== undefined)
        .map(([field, value]) => `${label(field)} ${valueText(field, value)}`);
      rows.push(`Colour ${colour[1]} added${fields.length > 0 ? `: ${fields.join(', ')}` : ''}`);
      continue;
    }
    const field = colour?.[2] ?? key;
    const name = colour === null ? label(field) : `${colour[1]} ${label(field)}`;
    rows.push(created ? `${name}: ${valueText(field, after[key])}` : `${name}: ${valueText(field, before[key])} → ${valueText(field, after[key])}`);
  }
  return rows;
}

function imageRows(action: string, details: Record<string, unknown>): string[] {
  const code = typeof details.colourCode === 'string' ? details.colourCode : 'A colour';
  if (action === 'product_images.upload') {
    const added = Array.isArray(details.added) ? details.added.map(record) : [];
    const views = added.map((image) => VIEWS[String(image.imageType)] ?? String(image.imageType));
    return [`${code}: ${added.length} ${added.length === 1 ? 'image' : 'images'} added (${views.join(', ')})`];
  }
  if (action === 'product_images.set_type') {
    const after = Array.isArray(details.after) ? details.after.map(record) : [];
    const index = after.findIndex((image) => image.id === details.productImageId);
    const image = after[index];
    return image === undefined ? [`${code}: a view changed`] : [`${code}: image ${index + 1} is now the ${VIEWS[String(image.imageType)] ?? String(image.imageType)}`];
  }
  if (action === 'product_images.reorder') return [`${code}: the images' order changed`];
  if (action === 'product_images.remove') {
    const view = VIEWS[String(record(details.removed).imageType)];
    return [`${code}: ${view === undefined ? 'an image' : `the ${view} image`} removed`];
  }
  return [];
}

function stockRows(details: Record<string, unknown>): string[] {
  const code = typeof details.colourCode === 'string' ? `${details.colourCode}: ` : '';
  const change = typeof details.change === 'number' ? ` (${details.change > 0 ? '+' : ''}${details.change})` : '';
  const rows = [`${code}${valueText('stock', record(details.before).stock)} → ${valueText('stock', record(details.after).stock)}${change}`];
  if (typeof details.reason === 'string') rows.push(`Reason: ${STOCK_REASON_LABELS[details.reason] ?? details.reason}`);
  if (typeof details.note === 'string' && details.note !== '') rows.push(`Note: ${details.note}`);
  return rows;
}

function priceRows(action: string, details: Record<string, unknown>): string[] {
  const from = typeof details.effectiveFrom === 'string' ? ` from ${formatDay(details.effectiveFrom)}` : '';
  if (action === 'price.cancel') return [`Net price ${valueText('netPrice', details.netPrice)}${from}`];
  const rows = [`Net price: ${valueText('netPrice', record(details.before).netPrice)} → ${valueText('netPrice', record(details.after).netPrice)}${action === 'price.schedule' ? from : ''}`];
  const replaced = record(details.replaced);
  if (replaced.netPrice !== undefined) rows.push(`Replaces the change to ${valueText('netPrice', replaced.netPrice)} on the same day`);
  return rows;
}

/** The rows under an audit entry's title. */
export function styleAuditRows(action: string, details: Record<string, unknown> | null): string[] {
  if (details === null) return [];
  const fromImport = typeof details.importJobId === 'number' ? [`From import #${details.importJobId}`] : [];
  let rows: string[];
  if (action === 'product.create' || action === 'product.update') rows = styleRows(details, action === 'product.create');
  else if (action === 'product.activate' || action === 'product.deactivate') rows = [];
  else if (action.startsWith('product_images.')) rows = imageRows(action, details);
  else if (action === 'stock.adjust' || action === 'stock.import') rows = stockRows(details);
  else if (action.startsWith('price.')) rows = priceRows(action, details);
  else if (action === 'product.gst_rate') {
    const hsn = typeof details.hsnCode === 'string' ? ` (HSN ${details.hsnCode})` : '';
    rows = [`GST rate: ${valueText('gstRatePercent', record(details.before).gstRatePercent)} → ${valueText('gstRatePercent', record(details.after).gstRatePercent)}${hsn}`];
  } else {
    const { productCode: _code, modelNumber: _model, productColourId: _colour, importJobId: _job, ...rest } = details;
    rows = auditDetailRows(rest);
  }
  return [...rows, ...fromImport];
}
