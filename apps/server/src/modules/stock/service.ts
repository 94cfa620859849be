/**
 * Stock on the catalogue desk: adjustments by hand (a delivery, a count, damage, a return), the
 * levels a stock import sets, a variant's movement history with the balance after each movement,
 * and the low-stock view with its CSV. Every change locks the variant's row, writes its
 * stock_movements row and one audit row (entity 'product', the style's id, so the style's page
 * lists it) in the caller's transaction. Writing product_colours.available_stock_quantity does not
 * bump catalogue_version (migration 0007): the catalogue lays live stock over its cached pages.
 */
import Papa from 'papaparse';
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  catalogueDeskMessages,
  DEFAULT_LOW_STOCK_THRESHOLD,
  istDateOf,
  neutraliseCell,
  STOCK_REASON_LABELS,
} from '@frameport/domain';
import {
  LOW_STOCK_CSV_HEADERS,
  type LowStockQuery,
  type LowStockResponse,
  type LowStockRow,
  type StockAdjustmentBody,
  type StockAdjustmentResponse,
  type StockMovement,
  type StockMovementsQuery,
  type StockMovementsResponse,
} from '@frameport/domain/contract';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../db/audit.ts';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import { brands, colours, config as configTable, productColours, products, stockMovements } from '../../db/schema.ts';
import { requireIdentity } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { Clock } from '../../clock.ts';

const m = catalogueDeskMessages.stock;

export function reasonLabelOf(reason: string): string {
  const label = STOCK_REASON_LABELS[reason];
  if (label) return label;
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

export type AdjustStockInput = {
  productColourId: number;
  /** Pieces in (+) or out (−). */
  change: number;
  /** An adjustment reason (STOCK_ADJUSTMENT_REASONS), or 'import'. */
  reason: string;
  note: string | null;
  actorUserId: number;
  at: Date;
  /** The import job that made the change, if any (in the audit row; the movement's note names it). */
  importJobId?: number;
};

export type StockChange = { productColourId: number; productId: number; before: number; after: number; movementId: number };

type LockedVariant = { id: number; productId: number; stock: number; colourCode: string; modelNumber: string };

/** Locks the variant's row (no key update: as the order desk does, so both queue on it) and reads its stock. */
async function lockVariant(tx: Tx, productColourId: number): Promise<LockedVariant> {
  const [row] = await tx
    .select({
      id: productColours.id,
      productId: productColours.productId,
      stock: productColours.availableStockQuantity,
      colourCode: productColours.colorVariant,
    })
    .from(productColours)
    .where(eq(productColours.id, productColourId))
    .for('no key update');
  if (!row) throw new AppError('not_found', m.variantNotFound);
  const [product] = await tx.select({ modelNumber: products.modelName }).from(products).where(eq(products.id, row.productId));
  return { ...row, modelNumber: product?.modelNumber ?? '' };
}

async function writeChange(tx: Tx, variant: LockedVariant, input: AdjustStockInput): Promise<StockChange> {
  const before = variant.stock;
  const after = before + input.change;
  if (after < 0) throw new AppError('conflict', m.belowZero(before, `${variant.modelNumber} ${variant.colourCode}`.trim()));
  await tx
    .update(productColours)
    .set({ availableStockQuantity: after, updatedOn: input.at })
    .where(eq(productColours.id, variant.id));
  const note = input.note ?? (input.importJobId !== undefined ? `Import #${input.importJobId}` : null);
  const [movement] = await tx
    .insert(stockMovements)
    .values({
      productColourId: variant.id,
      delta: input.change,
      reason: input.reason,
      note,
      userId: input.actorUserId,
      createdAt: input.at,
    })
    .returning({ id: stockMovements.id });
  await recordAudit(tx, {
    actorUserId: input.actorUserId,
    action: input.reason === 'import' ? 'stock.import' : 'stock.adjust',
    entity: 'product',
    entityId: String(variant.productId),
    details: {
      productColourId: variant.id,
      colourCode: variant.colourCode,
      before: { stock: before },
      after: { stock: after },
      change: input.change,
      reason: input.reason,
      note,
      ...(input.importJobId !== undefined ? { importJobId: input.importJobId } : {}),
    },
    at: input.at,
  });
  return { productColourId: variant.id, productId: variant.productId, before, after, movementId: movement!.id };
}

/**
 * Changes a variant's stock by `change` in the caller's transaction: the row locked, the stock
 * never below 0 (409 'Only N in stock: …'), one movement and one audit row.
 */
export async function adjustStock(tx: Tx, input: AdjustStockInput): Promise<StockChange> {
  return writeChange(tx, await lockVariant(tx, input.productColourId), input);
}

/**
 * Sets a variant's stock to `level` (a stock import): a movement 'import' of the difference and its
 * audit row; nothing at all when the level is already that.
 */
export async function setStockLevel(
  tx: Tx,
  input: { productColourId: number; level: number; actorUserId: number; at: Date; importJobId?: number; note?: string | null },
): Promise<{ changed: boolean; before: number; after: number }> {
  if (!Number.isSafeInteger(input.level) || input.level < 0) throw new AppError('invalid', 'Stock must be a whole number, 0 or more.');
  const variant = await lockVariant(tx, input.productColourId);
  if (variant.stock === input.level) return { changed: false, before: variant.stock, after: variant.stock };
  const change = await writeChange(tx, variant, {
    productColourId: input.productColourId,
    change: input.level - variant.stock,
    reason: 'import',
    note: input.note ?? null,
    actorUserId: input.actorUserId,
    at: input.at,
    ...(input.importJobId !== undefined ? { importJobId: input.importJobId } : {}),
  });
  return { changed: true, before: change.before, after: change.after };
}

/** The default low-stock threshold: config LowStockThreshold when it holds a whole number ≥ 0, else DEFAULT_LOW_STOCK_THRESHOLD. */
export async function defaultLowStockThreshold(dbx: DbOrTx): Promise<number> {
  const [row] = await dbx.select({ value: configTable.configValue }).from(configTable).where(eq(configTable.configKey, 'LowStockThreshold'));
  const value = row?.value?.trim();
  if (value && /^\d{1,6}$/.test(value)) return Number(value);
  return DEFAULT_LOW_STOCK_THRESHOLD;
}

type MovementRow = {
  id: number;
  product_colour_id: number;
  delta: number;
  balance: number;
  reason: string;
  note: string | null;
  order_id: number | null;
  order_ref_no: string | null;
  user_id: number | null;
  user_name: string | null;
  user_role: string | null;
  created_at: Date | string;
  total: number;
};

const iso = (at: Date | string): string => (at instanceof Date ? at : new Date(at)).toISOString();

function toMovement(row: MovementRow): StockMovement {
  return {
    id: Number(row.id),
    productColourId: Number(row.product_colour_id),
    change: Number(row.delta),
    balance: Number(row.balance),
    reason: row.reason,
    reasonLabel: reasonLabelOf(row.reason),
    note: row.note,
    orderId: row.order_id === null ? null : Number(row.order_id),
    orderRefNo: row.order_ref_no,
    by: row.user_id === null ? null : { userId: Number(row.user_id), name: row.user_name ?? '', role: row.user_role },
    at: iso(row.created_at),
  };
}

/**
 * A variant's movements, newest first, with the stock after each: the stock now less what the
 * newer movements changed (a window sum back from the current stock).
 */
async function movementsOf(dbx: DbOrTx, productColourId: number, page: { offset: number; limit: number }): Promise<MovementRow[]> {
  return queryRows<MovementRow>(
    dbx,
    sql`with m as (
        select sm.*, pc.available_stock_quantity - coalesce(sum(sm.delta) over (
            order by sm.created_at desc, sm.id desc rows between unbounded preceding and 1 preceding), 0) as balance,
          count(*) over () as total
        from stock_movements sm
        join product_colours pc on pc.id = sm.product_colour_id
        where sm.product_colour_id = ${productColourId}
      )
      select m.id, m.product_colour_id, m.delta, m.balance, m.reason, m.note, m.order_id, o.order_ref_no,
        m.user_id, u.name as user_name, r.code as user_role, m.created_at, m.total
      from m
      left join orders o on o.id = m.order_id
      left join users u on u.id = m.user_id
      left join roles r on r.id = u.role_id
      order by m.created_at desc, m.id desc
      limit ${page.limit} offset ${page.offset}`,
  );
}

export type StockService = ReturnType<typeof createStockService>;

export function createStockService({ db, clock }: { db: Db; clock: Clock }) {
  /** The movement just written: its balance is the stock the change left. */
  async function movementJustWritten(tx: Tx, change: StockChange): Promise<StockMovement> {
    const [row] = await queryRows<MovementRow>(
      tx,
      sql`select sm.id, sm.product_colour_id, sm.delta, ${change.after}::int as balance, sm.reason, sm.note, sm.order_id,
          null as order_ref_no, sm.user_id, u.name as user_name, r.code as user_role, sm.created_at, 1 as total
        from stock_movements sm
        left join users u on u.id = sm.user_id
        left join roles r on r.id = u.role_id
        where sm.id = ${change.movementId}`,
    );
    return toMovement(row!);
  }

  return {
    /** POST /api/admin/stock-adjustments: one transaction (idempotent under an Idempotency-Key). */
    async adjust(request: FastifyRequest, body: StockAdjustmentBody): Promise<StockAdjustmentResponse> {
      const identity = requireIdentity(request);
      const at = clock.now();
      return idempotent(db, request, async (tx) => {
        const change = await adjustStock(tx, {
          productColourId: body.productColourId,
          change: body.change,
          reason: body.reason,
          note: body.note ?? null,
          actorUserId: identity.userId,
          at,
        });
        return {
          productColourId: change.productColourId,
          stock: change.after,
          movement: await movementJustWritten(tx, change),
        };
      });
    },

    async movements(productColourId: number, query: StockMovementsQuery): Promise<StockMovementsResponse> {
      const [variant] = await db
        .select({
          productColourId: productColours.id,
          productId: productColours.productId,
          modelNumber: products.modelName,
          productName: products.productName,
          colourCode: productColours.colorVariant,
          frameColour: colours.name,
          stock: productColours.availableStockQuantity,
          lowStockThreshold: productColours.lowStockThreshold,
        })
        .from(productColours)
        .innerJoin(products, eq(products.id, productColours.productId))
        .innerJoin(colours, eq(colours.id, productColours.frameColourId))
        .where(eq(productColours.id, productColourId));
      if (!variant) throw new AppError('not_found', m.variantNotFound);
      const fallback = await defaultLowStockThreshold(db);
      const rows = await movementsOf(db, productColourId, {
        offset: (query.pageNumber - 1) * query.pageSize,
        limit: query.pageSize,
      });
      let totalCount = rows.length > 0 ? Number(rows[0]!.total) : 0;
      if (rows.length === 0 && query.pageNumber > 1) {
        const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(stockMovements).where(eq(stockMovements.productColourId, productColourId));
        totalCount = Number(count?.n ?? 0);
      }
      return {
        variant: { ...variant, effectiveLowStockThreshold: variant.lowStockThreshold ?? fallback },
        movements: rows.map(toMovement),
        totalCount,
        pageNumber: query.pageNumber,
        pageSize: query.pageSize,
      };
    },

    lowStock,

    /** The low-stock CSV: every matching row, cells neutralised, a file name with today's India date. */
    async lowStockCsv(query: LowStockQuery): Promise<{ fileName: string; csv: string }> {
      const { rows } = await lowStock({ ...query, format: 'csv' });
      return { fileName: m.csvFileName(istDateOf(clock.now())), csv: lowStockCsvOf(rows) };
    },
  };

  async function lowStock(query: LowStockQuery): Promise<LowStockResponse> {
    const defaultThreshold = await defaultLowStockThreshold(db);
    const { where, threshold } = lowStockFilter(query, defaultThreshold);
    const base = db
      .select({
        productColourId: productColours.id,
        productId: products.id,
        modelNumber: products.modelName,
        productName: products.productName,
        brand: brands.name,
        colourCode: productColours.colorVariant,
        frameColour: colours.name,
        stock: productColours.availableStockQuantity,
        threshold: sql<number>`${threshold}::int`,
        isActive: products.isActive,
        total: sql<number>`count(*) over ()::int`,
      })
      .from(productColours)
      .innerJoin(products, eq(products.id, productColours.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(colours, eq(colours.id, productColours.frameColourId))
      .where(where)
      .orderBy(productColours.availableStockQuantity, products.modelName, productColours.variantNumber);
    const rows =
      query.format === 'csv'
        ? await base
        : await base.limit(query.pageSize).offset((query.pageNumber - 1) * query.pageSize);
    let totalCount = rows.length > 0 ? Number(rows[0]!.total) : 0;
    if (rows.length === 0 && query.pageNumber > 1) {
      // Past the last page: the count still says how many there are.
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(productColours)
        .innerJoin(products, eq(products.id, productColours.productId))
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(where);
      totalCount = Number(count?.n ?? 0);
    }
    return {
      rows: rows.map(({ total: _total, ...row }) => ({ ...row, threshold: Number(row.threshold) })),
      totalCount,
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
      defaultThreshold,
    };
  }
}

function lowStockFilter(query: LowStockQuery, defaultThreshold: number): { where: SQL; threshold: SQL } {
  const threshold =
    query.threshold !== undefined
      ? sql`${query.threshold}::int`
      : sql`coalesce(${productColours.lowStockThreshold}, ${defaultThreshold}::int)`;
  const conditions: (SQL | undefined)[] = [sql`${productColours.availableStockQuantity} <= ${threshold}`];
  if (query.active === 'active') conditions.push(eq(products.isActive, true));
  if (query.active === 'inactive') conditions.push(eq(products.isActive, false));
  if (query.brandId !== undefined) conditions.push(eq(products.brandId, query.brandId));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(products.modelName, like), ilike(products.productName, like), ilike(brands.name, like)));
  }
  return { where: and(...conditions)!, threshold };
}

/** CSV text (a BOM first, so Excel reads UTF-8), every cell through neutraliseCell. */
export function lowStockCsvOf(rows: readonly LowStockRow[]): string {
  const data = rows.map((row) =>
    [row.modelNumber, row.productName, row.brand, row.colourCode, row.frameColour, String(row.stock), String(row.threshold), row.isActive ? 'Yes' : 'No'].map(
      neutraliseCell,
    ),
  );
  return `\uFEFF${Papa.unparse({ fields: [...LOW_STOCK_CSV_HEADERS], data }, { newline: '\r\n' })}\r\n`;
}

