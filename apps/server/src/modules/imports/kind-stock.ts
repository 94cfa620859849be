/**
 * A stock sheet: Model number, Colour code, Stock, the level to set (not a change). A row whose
 * level is already the colour's is unchanged; applying writes the difference as one stock
 * movement (reason 'import') through the stock module, against the level at that moment.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { importMessages } from './messages.ts';
import { modelKey, planned, type KindHandler, type PlannedRow } from './kinds.ts';

/** The stock module's setStockLevel: a movement 'import' of the difference, nothing when the level is already that. */
export type SetStockLevel = (
  tx: Tx,
  input: { productColourId: number; level: number; actorUserId: number; at: Date; importJobId?: number; note?: string | null },
) => Promise<unknown>;

type VariantRow = { product_colour_id: number; model_name: string; color_variant: string; stock: number };

/** The colours of the styles named in the file, by 'model|C2' (model number in lower case). */
export async function variantsOf(db: DbOrTx, models: readonly string[]): Promise<Map<string, VariantRow>> {
  const out = new Map<string, VariantRow>();
  if (models.length === 0) return out;
  const rows = await queryRows<VariantRow>(
    db,
    sql`select pc.id as product_colour_id, p.model_name, pc.color_variant, pc.available_stock_quantity as stock
        from products p join product_colours pc on pc.product_id = p.id
        where lower(p.model_name) = any(${sql.param([...new Set(models)])}::text[])`,
  );
  for (const row of rows) out.set(`${modelKey(row.model_name)}|${row.color_variant.toUpperCase()}`, row);
  return out;
}

export function stockHandler(setStockLevel: SetStockLevel): KindHandler {
  return {
    kind: 'stock',
    async check(readers, { db }) {
      const variants = await variantsOf(
        db,
        readers.map((r) => modelKey(r.text('modelNumber'))).filter((m) => m !== ''),
      );
      const knownModels = new Set([...variants.keys()].map((k) => k.slice(0, k.lastIndexOf('|'))));
      const seen = new Map<string, number>();
      const out: PlannedRow[] = [];
      for (const r of readers) {
        const model = r.required('modelNumber');
        const code = r.required('colourCode')?.toUpperCase() ?? null;
        const level = r.whole('stock', { max: 1_000_000 });
        if (level === null) r.fail('stock', importMessages.required(r.header('stock')));
        const label = [model, code].filter(Boolean).join(' ') || `Row ${r.row.rowNo}`;
        let variant: VariantRow | undefined;
        if (model !== null && code !== null) {
          const key = `${modelKey(model)}|${code}`;
          const earlier = seen.get(key);
          if (earlier !== undefined) r.fail('colourCode', importMessages.duplicateRow(label, earlier));
          else seen.set(key, r.row.rowNo);
          variant = variants.get(key);
          if (!variant) {
            if (knownModels.has(modelKey(model))) r.fail('colourCode', importMessages.unknownColour(model, code));
            else r.fail('modelNumber', importMessages.unknownModel(model));
          }
        }
        if (!variant || typeof level !== 'number' || r.errors.length > 0) {
          out.push(planned(r, label, 'error', {}));
          continue;
        }
        const data = { productColourId: variant.product_colour_id, stock: level };
        out.push(
          level === variant.stock
            ? planned(r, label, 'unchanged', data)
            : planned(r, label, 'update', data, [{ field: 'stock', from: variant.stock, to: level }]),
        );
      }
      return out;
    },
    async apply(rows, { tx, actorUserId, jobId, now }) {
      for (const row of rows) {
        if (row.action !== 'update' && row.action !== 'create') continue;
        const { productColourId, stock } = row.data as { productColourId: number; stock: number };
        await setStockLevel(tx, { productColourId, level: stock, actorUserId, at: now, importJobId: jobId, note: `Import #${jobId}, row ${row.rowNo}` });
      }
    },
  };
}
