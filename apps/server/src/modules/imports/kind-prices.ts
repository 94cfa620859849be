/**
 * A price sheet: Model number, Net price (₹), Effective from (blank = today). Today's price equal
 * to the style's price, or a later day's equal to the change already scheduled for that day, is
 * unchanged; anything else is scheduled through the prices module (which applies today's at once).
 */
import { paiseToRupees } from '@frameport/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { importMessages } from './messages.ts';
import { modelKey, planned, type KindHandler, type PlannedRow } from './kinds.ts';

/** The prices module's schedulePrice: today's price applies at once, a later day's is scheduled; nothing when unchanged. */
export type SchedulePrice = (
  tx: Tx,
  input: { productId: number; netPricePaise: number; effectiveFrom: string; actorUserId: number; at: Date; importJobId?: number },
) => Promise<unknown>;

type StylePrice = { id: number; model_name: string; net_price_paise: number; pending: Record<string, number> | null };

/** The styles named in the file with their price and the changes scheduled for later days. */
export async function pricesOf(db: DbOrTx, models: readonly string[]): Promise<Map<string, StylePrice>> {
  const out = new Map<string, StylePrice>();
  if (models.length === 0) return out;
  const rows = await queryRows<StylePrice>(
    db,
    sql`select p.id, p.model_name, p.net_price_paise,
               (select jsonb_object_agg(pc.effective_from::text, pc.net_price_paise)
                  from price_changes pc
                 where pc.product_id = p.id and pc.applied_at is null and pc.cancelled_at is null) as pending
        from products p
        where lower(p.model_name) = any(${sql.param([...new Set(models)])}::text[])`,
  );
  for (const row of rows) out.set(modelKey(row.model_name), { ...row, net_price_paise: Number(row.net_price_paise) });
  return out;
}

/** What a style's price would be on `day` by what is in force or scheduled now. */
export function priceOn(style: StylePrice, day: string, today: string): number {
  if (day <= today) return style.net_price_paise;
  const pending = Object.entries(style.pending ?? {})
    .filter(([from]) => from <= day)
    .sort(([a], [b]) => a.localeCompare(b));
  return pending.length ? Number(pending[pending.length - 1]![1]) : style.net_price_paise;
}

export function pricesHandler(schedulePrice: SchedulePrice): KindHandler {
  return {
    kind: 'prices',
    async check(readers, { db, today }) {
      const styles = await pricesOf(
        db,
        readers.map((r) => modelKey(r.text('modelNumber'))).filter((m) => m !== ''),
      );
      const seen = new Map<string, number>();
      const out: PlannedRow[] = [];
      for (const r of readers) {
        const model = r.required('modelNumber');
        const paise = r.paise('netPrice');
        if (paise === null) r.fail('netPrice', importMessages.required(r.header('netPrice')));
        else if (paise === 0) r.fail('netPrice', 'Net price must be more than ₹0.');
        const from = r.date('effectiveFrom');
        if (typeof from === 'string' && from < today) r.fail('effectiveFrom', importMessages.pastDate(r.header('effectiveFrom'), today));
        const label = model ?? `Row ${r.row.rowNo}`;
        const style = model === null ? undefined : styles.get(modelKey(model));
        if (model !== null) {
          const earlier = seen.get(modelKey(model));
          if (earlier !== undefined) r.fail('modelNumber', importMessages.duplicateModelRow(model, earlier));
          else seen.set(modelKey(model), r.row.rowNo);
          if (!style) r.fail('modelNumber', importMessages.unknownModel(model));
        }
        if (!style || typeof paise !== 'number' || from === undefined || r.errors.length > 0) {
          out.push(planned(r, label, 'error', {}));
          continue;
        }
        const effectiveFrom = from ?? today;
        const data = { productId: style.id, netPricePaise: paise, effectiveFrom };
        const current = effectiveFrom === today ? style.net_price_paise : (style.pending?.[effectiveFrom] ?? null);
        out.push(
          current === paise
            ? planned(r, label, 'unchanged', data)
            : planned(r, label, 'update', data, [
                { field: effectiveFrom === today ? 'netPrice' : `netPrice from ${effectiveFrom}`, from: paiseToRupees(priceOn(style, effectiveFrom, today)), to: paiseToRupees(paise) },
              ]),
        );
      }
      return out;
    },
    async apply(rows, { tx, actorUserId, jobId, today, now }) {
      const styles = await pricesOf(tx, [...new Set(rows.filter((row) => row.action === 'update').map((row) => modelKey(row.label)))]);
      const byId = new Map([...styles.values()].map((s) => [s.id, s]));
      for (const row of rows) {
        if (row.action !== 'update' && row.action !== 'create') continue;
        const { productId, netPricePaise, effectiveFrom } = row.data as { productId: number; netPricePaise: number; effectiveFrom: string };
        const style = byId.get(productId);
        if (!style) continue;
        const day = effectiveFrom < today ? today : effectiveFrom;
        const current = day === today ? style.net_price_paise : (style.pending?.[day] ?? null);
        if (current === netPricePaise) continue;
        await schedulePrice(tx, { productId, netPricePaise, effectiveFrom: day, actorUserId, at: now, importJobId: jobId });
      }
    },
  };
}
