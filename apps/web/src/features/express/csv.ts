import { QUANTITY_MAX } from '@frameport/domain';
import type { AddCartLine, Product } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';

/** One usable CSV row: `model number, colour variant, quantity`. `line` is the 1-based line in the text. */
export type CsvRow = { line: number; modelName: string; colorVariant: string; quantity: number };

/** A CSV row that cannot be added, and why. */
export type CsvProblem = { line: number; text: string; reason: string };

export type CsvParseResult = { rows: CsvRow[]; problems: CsvProblem[] };

export const CSV_SAMPLE = 'model number,colour variant,quantity\nVX-AV-1023,C1,4\nVX-AV-1023,C2,2\n';

const HEADER = /^\s*model/i;

function splitCells(text: string): string[] {
  const separator = text.includes(',') ? ',' : text.includes(';') ? ';' : '\t';
  return text.split(separator).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim());
}

/**
 * A tolerant parser for `model number, colour variant, quantity` rows: trims cells and quotes,
 * skips blank lines and an optional header row, and accepts a whole quantity from 1 to 100.
 */
export function parseExpressCsv(text: string): CsvParseResult {
  const rows: CsvRow[] = [];
  const problems: CsvProblem[] = [];
  text.split(/\r\n|\n|\r/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || (rows.length === 0 && problems.length === 0 && HEADER.test(trimmed))) return;
    const cells = splitCells(trimmed);
    while (cells.length > 3 && cells[cells.length - 1] === '') cells.pop();
    const [modelName = '', colorVariant = '', quantityText = ''] = cells;
    if (cells.length !== 3 || modelName === '' || colorVariant === '') {
      problems.push({ line, text: trimmed, reason: messages.express.csv.columns });
      return;
    }
    const quantity = /^\d+$/.test(quantityText) ? Number(quantityText) : Number.NaN;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > QUANTITY_MAX) {
      problems.push({ line, text: trimmed, reason: messages.express.csv.quantity });
      return;
    }
    rows.push({ line, modelName, colorVariant: colorVariant.toUpperCase(), quantity });
  });
  return { rows, problems };
}

/** `origins[i]` is the CSV line of `lines[i]`. */
export type CsvResolution = { lines: AddCartLine[]; origins: number[]; problems: CsvProblem[] };

const rowText = (row: CsvRow) => `${row.modelName}, ${row.colorVariant}, ${row.quantity}`;

/**
 * Matches parsed rows against the products found for their model numbers (exact, case-insensitive)
 * and returns the lines to add plus what could not be added and why.
 */
export function resolveCsvRows(rows: readonly CsvRow[], products: readonly Product[]): CsvResolution {
  const byModel = new Map(products.map((product) => [product.modelName.toLowerCase(), product]));
  const lines: AddCartLine[] = [];
  const origins: number[] = [];
  const problems: CsvProblem[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const product = byModel.get(row.modelName.toLowerCase());
    const fail = (reason: string) => problems.push({ line: row.line, text: rowText(row), reason });
    if (!product) {
      fail(messages.express.csv.unknownModel);
      continue;
    }
    const colour = product.productColor.find((variant) => variant.colorVariant.toUpperCase() === row.colorVariant);
    if (!colour) {
      fail(messages.express.csv.unknownColour);
      continue;
    }
    const key = `${product.productId}:${colour.colorVariant}`;
    if (seen.has(key)) {
      fail(messages.express.csv.duplicate);
      continue;
    }
    if (row.quantity > colour.availableStockQuantity) {
      fail(messages.quantity.onlyInStock(Math.max(0, colour.availableStockQuantity)));
      continue;
    }
    seen.add(key);
    lines.push({ ProductId: product.productId, ColorVariant: colour.colorVariant, Quantity: row.quantity });
    origins.push(row.line);
  }
  return { lines, origins, problems };
}
