import { cartTotals, formatInr, lineTotals, orderLimitProblem, quantityProblem, rupeesToPaise, type CartTotals, type Paise } from '@frameport/domain';
import type { AddCartLine, CartItem, GstStateCodes, Product, SkippedCartLine } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { expressMessages } from '@frameport/domain/messages/express';
import type { ImportedRow } from './import.ts';

/**
 * The express list: ONE list whatever fed it (a typed model, pasted rows, a file). A product row
 * holds a quantity per colour; a row that could not be matched stays listed with its reason and is
 * never sent. The total and the Add all call are computed from this list alone, so nothing typed,
 * pasted or uploaded can be left out without being on screen.
 */

export type ProductRow = {
  kind: 'product';
  key: string;
  product: Product;
  /** How GST applies to the acting retailer (from the same getAll answer as the product). */
  gst: GstStateCodes | null;
  /** Quantity by colour variant. */
  quantities: Record<string, number>;
  /** The server's reason by colour variant, after an Add all that skipped it. */
  skipped: Record<string, string>;
};

export type UnmatchedRow = { kind: 'unmatched'; key: string; origin: string; text: string; reason: string };

export type ExpressRow = ProductRow | UnmatchedRow;

/** Products found for a model number, with the GST state codes of the same answer. */
export type LookupResult = { products: Product[]; gst: GstStateCodes | null };

let nextKey = 0;
export const newRowKey = (): string => `row-${++nextKey}`;

export function productRow(product: Product, gst: GstStateCodes | null): ProductRow {
  return { kind: 'product', key: newRowKey(), product, gst, quantities: {}, skipped: {} };
}

/** Pieces of each colour already in the order (unexpired lines), keyed by colourKey. */
export type InOrder = ReadonlyMap<string, number>;

export const colourKey = (productId: number, colorVariant: string): string => `${productId}/${colorVariant.toUpperCase()}`;

/** The order's unexpired lines as pieces per colour: a new quantity is checked on top of them, as the server does. */
export function inOrderByColour(items: readonly CartItem[]): Map<string, number> {
  const inOrder = new Map<string, number>();
  for (const item of items) {
    if (item.IsExpired) continue;
    const key = colourKey(item.ProductID, item.ColorVariant);
    inOrder.set(key, (inOrder.get(key) ?? 0) + item.CartProductTotQuantity);
  }
  return inOrder;
}

/**
 * The rule a colour's quantity breaks (range, stock, per-colour limit), or null. Stock and the limit
 * count what the order already holds of the colour, as addItemsToCart will.
 */
export function quantityError(row: ProductRow, variant: string, maxPerVariant: number | null | undefined, inOrder: InOrder = new Map()): string | null {
  const colour = row.product.productColor.find((c) => c.colorVariant === variant);
  if (!colour) return null;
  const quantity = row.quantities[variant] ?? 0;
  // Item 8: an out-of-stock colour says so, not 'Only 0 available in stock!'.
  if (colour.availableStockQuantity <= 0 && quantity > 0) return messages.quantity.outOfStock;
  const alreadyInCart = inOrder.get(colourKey(row.product.productId, variant)) ?? 0;
  return quantityProblem({ quantity, stock: colour.availableStockQuantity, maxPerVariant, alreadyInCart })?.message ?? null;
}

/** Product rows with at least one colour whose quantity breaks a rule. */
export function rowsWithProblems(rows: readonly ExpressRow[], maxPerVariant: number | null | undefined, inOrder: InOrder = new Map()): ProductRow[] {
  return rows.filter(
    (row): row is ProductRow =>
      row.kind === 'product' && Object.keys(row.quantities).some((variant) => quantityError(row, variant, maxPerVariant, inOrder) !== null),
  );
}

/** The retailer's order-wide limits (profile) and what the order holds already (the cart's count). */
export type OrderLimits = {
  maxOrderQuantity: number | null;
  maxOrderValuePaise: Paise | null;
  inOrderPieces: number;
  inOrderTotalPaise: Paise;
};

/**
 * Why adding the list would take the order past the retailer's order quantity or value limit (the
 * server refuses the whole add then), with the figures; null when it stays within them.
 */
export function orderLimitReason(limits: OrderLimits, pieces: number, totals: CartTotals | null): string | null {
  const totalQuantity = limits.inOrderPieces + pieces;
  const totalValuePaise = limits.inOrderTotalPaise + (totals?.totalPaise ?? 0);
  const problem = orderLimitProblem({ totalQuantity, totalValuePaise, maxOrderQuantity: limits.maxOrderQuantity, maxOrderValuePaise: limits.maxOrderValuePaise });
  if (!problem) return null;
  return problem.kind === 'orderQuantity'
    ? expressMessages.orderQuantityOver(problem.message, totalQuantity, limits.maxOrderQuantity!)
    : expressMessages.orderValueOver(problem.message, formatInr(totalValuePaise), formatInr(limits.maxOrderValuePaise!));
}

/** Every colour with a quantity above 0, in list order: what Add all sends, in one call. */
export function linesToSend(rows: readonly ExpressRow[]): AddCartLine[] {
  return rows.flatMap((row) =>
    row.kind !== 'product'
      ? []
      : row.product.productColor
          .filter((colour) => (row.quantities[colour.colorVariant] ?? 0) > 0)
          .map((colour) => ({ ProductId: row.product.productId, ColorVariant: colour.colorVariant, Quantity: row.quantities[colour.colorVariant]! })),
  );
}

/**
 * Pieces and money of the list, priced as the cart will price it: the retailer's discount per unit,
 * then GST on each line (CGST + SGST or IGST, by the GST state codes). `totals` is null while a
 * row's GST codes are unknown (nobody acting), so no total claims to include GST when it cannot.
 */
export function listTotals(rows: readonly ExpressRow[]): { pieces: number; totals: CartTotals | null } {
  let known = true;
  const lines = rows.flatMap((row) => {
    if (row.kind !== 'product') return [];
    const quantities = row.product.productColor.map((colour) => row.quantities[colour.colorVariant] ?? 0).filter((q) => q > 0);
    if (quantities.length === 0) return [];
    if (!row.gst) {
      known = false;
      return [];
    }
    const unitPricePaise = rupeesToPaise(row.product.netPrice);
    const discountPerUnitPaise = unitPricePaise - rupeesToPaise(row.product.discountedPrice);
    return quantities.map((quantity) =>
      lineTotals({
        unitPricePaise,
        quantity,
        discountPerUnitPaise,
        gstRatePercent: row.product.gstRate,
        billToStateCode: row.gst!.billTo,
        companyStateCode: row.gst!.company,
      }),
    );
  });
  const pieces = rows.reduce(
    (sum, row) => (row.kind === 'product' ? sum + Object.values(row.quantities).reduce((a, b) => a + b, 0) : sum),
    0,
  );
  return { pieces, totals: known ? cartTotals(lines) : null };
}

/**
 * Imported rows (already read) matched against the products found for their model numbers and
 * merged into the list: a known model and colour adds its quantity to that model's row (a new row
 * when the model is not listed yet); anything else becomes an unmatched row with its reason.
 * An out-of-stock colour takes no quantity, so it is unmatched too ('Out of stock').
 */
export function mergeImported(
  rows: readonly ExpressRow[],
  imported: readonly ImportedRow[],
  found: ReadonlyMap<string, LookupResult>,
): { rows: ExpressRow[]; unmatched: number } {
  const next: ExpressRow[] = rows.map((row) => (row.kind === 'product' ? { ...row, quantities: { ...row.quantities }, skipped: { ...row.skipped } } : row));
  let unmatched = 0;
  const unmatchedRow = (origin: string, text: string, reason: string) => {
    unmatched += 1;
    next.push({ kind: 'unmatched', key: newRowKey(), origin, text, reason });
  };
  for (const item of imported) {
    if (item.kind === 'problem') {
      unmatchedRow(item.origin, item.text, item.reason);
      continue;
    }
    const lookup = found.get(item.modelName.toLowerCase());
    const product = lookup?.products.find((candidate) => candidate.modelName.toLowerCase() === item.modelName.toLowerCase());
    if (!lookup || !product) {
      unmatchedRow(item.origin, item.text, expressMessages.row.unknownModel);
      continue;
    }
    const colour = product.productColor.find((variant) => variant.colorVariant.toUpperCase() === item.colorVariant);
    if (!colour) {
      unmatchedRow(item.origin, item.text, expressMessages.row.unknownColour);
      continue;
    }
    if (colour.availableStockQuantity <= 0) {
      unmatchedRow(item.origin, item.text, messages.quantity.outOfStock);
      continue;
    }
    let row = next.find((candidate): candidate is ProductRow => candidate.kind === 'product' && candidate.product.productId === product.productId);
    if (!row) {
      row = productRow(product, lookup.gst);
      next.push(row);
    }
    row.quantities[colour.colorVariant] = (row.quantities[colour.colorVariant] ?? 0) + item.quantity;
    delete row.skipped[colour.colorVariant];
  }
  return { rows: next, unmatched };
}

/**
 * After Add all: what the server took leaves the list, what it skipped stays with its reason, and
 * unmatched rows stay as they were. Product rows left with nothing to add are removed.
 */
export function afterAdd(rows: readonly ExpressRow[], skipped: readonly SkippedCartLine[]): ExpressRow[] {
  return rows.flatMap((row): ExpressRow[] => {
    if (row.kind !== 'product') return [row];
    const mine = skipped.filter((line) => line.ProductId === row.product.productId);
    if (mine.length === 0) return [];
    const quantities: Record<string, number> = {};
    const reasons: Record<string, string> = {};
    for (const line of mine) {
      quantities[line.ColorVariant] = row.quantities[line.ColorVariant] ?? 0;
      reasons[line.ColorVariant] = line.Message;
    }
    return [{ ...row, quantities, skipped: reasons }];
  });
}
