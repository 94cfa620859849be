import { formatInr, istDateOf, rupeesToPaise, type OrderStatus, type ShipmentStatus } from '@frameport/domain';
import type { AdminOrderLine, Stamp } from '@frameport/domain/contract';
import { STATUS_COLOUR } from '../admin-display.ts';

/** Rupees from the wire as '₹1,249.50'. */
export const inr = (rupees: number) => formatInr(rupeesToPaise(rupees));

const dateFormatter = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const dateTimeFormatter = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

/** An instant (ISO 8601) as '05 Mar 2026, 02:30 pm' in Indian time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormatter.format(date);
}

/** A day ('YYYY-MM-DD') as '05 Mar 2026'. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T12:00:00+05:30`);
  return Number.isNaN(date.getTime()) ? day : dateFormatter.format(date);
}

/** Today in India, 'YYYY-MM-DD'. */
export function todayInIndia(now: Date = new Date()): string {
  return istDateOf(now);
}

type Who = { name: string; role: string | null } | null;

/** 'Asha Verma (warehouse)', or 'System' when nobody is named. */
export function whoText(who: Who): string {
  if (who === null) return 'System';
  return who.role === null ? who.name : `${who.name} (${who.role})`;
}

/** 'Asha Verma (warehouse), 05 Mar 2026, 02:30 pm'. */
export function stampText(stamp: { by: Who; at: string } | Stamp): string {
  return `${whoText(stamp.by)}, ${formatDateTime(stamp.at)}`;
}

/** Filled badge colours (white text passes AA on each; the queue's, one map); the status is always written too. */
export const orderStatusColor = (status: OrderStatus): string => STATUS_COLOUR[status];

export function shipmentStatusColor(status: ShipmentStatus): string {
  switch (status) {
    case 'Packing':
      return 'gray.8';
    case 'Packed':
      return 'indigo.9';
    case 'Dispatched':
      return 'teal.9';
    case 'Delivered':
      return '#1e6b31';
  }
}

/** 'Aviator Classic, Black (C1)': how a line is named on screen and in the server's messages. */
export function lineLabel(line: Pick<AdminOrderLine, 'productName' | 'colourName' | 'colorVariant'>): string {
  return `${line.productName}, ${line.colourName} (${line.colorVariant})`;
}

/** The net unit price (after the discount per unit). */
export function netUnitPrice(line: Pick<AdminOrderLine, 'unitPrice' | 'discountPerUnit'>): number {
  return Math.round((line.unitPrice - line.discountPerUnit) * 100) / 100;
}

/**
 * An audit entry's details as readable rows: a change as 'before → after' (fields of an object one
 * by one, lines of a list by their model number and colour), anything else as 'Field: value'.
 */
export function auditDetailRows(details: Record<string, unknown> | null, lineLabels: ReadonlyMap<number, string> = new Map()): string[] {
  if (details === null) return [];
  labels = lineLabels;
  const { before, after, ...rest } = details;
  const rows = before === undefined && after === undefined ? [] : changeRows('', before, after);
  for (const [field, value] of Object.entries(rest)) {
    if (value === null || value === undefined || value === '') continue;
    const pair = asRecord(value);
    if (pair !== null && 'before' in pair && 'after' in pair && Object.keys(pair).length === 2) {
      rows.push(...changeRows(humanise(field), pair.before, pair.after, field));
    } else {
      rows.push(`${humanise(field)}: ${valueText(value, field)}`);
    }
  }
  return rows;
}

/** The order's line labels by id, for the details that name a line only by its id (set per call). */
let labels: ReadonlyMap<number, string> = new Map();

/** Empty, null and missing are the same "nothing". */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || (isBlank(a) && isBlank(b));
const isBlank = (value: unknown) => value === undefined || value === null || value === '';

function changeRows(label: string, before: unknown, after: unknown, field = ''): string[] {
  if (same(before, after)) return [];
  const prefix = label === '' ? '' : `${label}: `;
  if (Array.isArray(before) || Array.isArray(after)) return listChangeRows(prefix, asArray(before), asArray(after));
  const was = asRecord(before);
  const now = asRecord(after);
  if (was !== null || now !== null) {
    const fields = [...new Set([...Object.keys(was ?? {}), ...Object.keys(now ?? {})])];
    return fields.flatMap((name) => changeRows(`${prefix}${humanise(name)}`, was?.[name], now?.[name], name));
  }
  return [`${prefix}${valueText(before, field)} → ${valueText(after, field)}`];
}

/** Lists of lines: matched by their id (or model number and colour), each one's changed fields. */
function listChangeRows(prefix: string, before: unknown[], after: unknown[]): string[] {
  const keyOf = (item: unknown, index: number) => {
    const record = asRecord(item);
    if (record === null) return `#${index}`;
    return String(record.orderLineId ?? record.id ?? `${String(record.productCode)} ${String(record.colorVariant)}`);
  };
  const labelOf = (item: unknown, key: string) => {
    const record = asRecord(item);
    if (record === null) return valueText(item);
    if (record.productCode !== undefined) return `${String(record.productCode)} ${String(record.colorVariant ?? '')}`.trim();
    return typeof record.orderLineId === 'number' ? (labels.get(record.orderLineId) ?? key) : key;
  };
  if (![...before, ...after].some((item) => asRecord(item) !== null)) {
    return [`${prefix}${before.map((item) => valueText(item)).join(', ') || '—'} → ${after.map((item) => valueText(item)).join(', ') || '—'}`];
  }
  const was = new Map(before.map((item, index) => [keyOf(item, index), item]));
  const now = new Map(after.map((item, index) => [keyOf(item, index), item]));
  const rows: string[] = [];
  for (const [key, item] of was) {
    const label = `${prefix}${labelOf(item, key)}`;
    if (!now.has(key)) rows.push(`${label}: removed`);
    else {
      const b = asRecord(item) ?? {};
      const a = asRecord(now.get(key)) ?? {};
      const changes = [...new Set([...Object.keys(b), ...Object.keys(a)])]
        .filter((field) => !same(b[field], a[field]))
        .map((field) => `${lowerFirst(humanise(field))} ${valueText(b[field], field)} → ${valueText(a[field], field)}`);
      if (changes.length > 0) rows.push(`${label}: ${changes.join('; ')}`);
    }
  }
  for (const [key, item] of now) {
    if (was.has(key)) continue;
    const quantity = asRecord(item)?.quantity;
    rows.push(`${prefix}${labelOf(item, key)}: added${quantity === undefined ? '' : ` (quantity ${valueText(quantity)})`}`);
  }
  return rows;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : value === undefined || value === null ? [] : [value];
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** 'overrideReason' → 'Override reason'; 'valuePaise' → 'Value'; 'orderLineId' → the line. */
function humanise(field: string): string {
  if (field === 'orderLineId' || field === 'lineId') return 'Line';
  const words = field.replace(/Paise$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: unknown, field = ''): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'number' && field.endsWith('Paise')) return formatInr(value);
  if (typeof value === 'number' && (field === 'orderLineId' || field === 'lineId')) return labels.get(value) ?? String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Saves a downloaded file under `fileName` (a link click works on phones, where pop-ups are blocked). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
