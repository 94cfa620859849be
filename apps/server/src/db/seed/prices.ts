/**
 * Demo price changes: two styles with a new net price scheduled (in 2 and 5 weeks), so the
 * catalogue desk's price screen and the style list's "next price" have something to show. The
 * price scheduler (modules/prices) applies them on their day like any other.
 */
import { istDateOf } from '@frameport/domain';
import type { Tx } from '../client.ts';
import { priceChanges } from '../schema.ts';

const DAY_MS = 86_400_000;

export async function seedPriceChanges(
  tx: Tx,
  now: Date,
  styles: readonly { productId: number; netPricePaise: number }[],
  adminUserId: number,
): Promise<number> {
  const plan = [
    { weeks: 2, percent: 5 },
    { weeks: 5, percent: 8 },
  ];
  const rows = plan.flatMap(({ weeks, percent }, i) => {
    const style = styles[i];
    if (!style) return [];
    // Up by the percentage, to whole tens of rupees.
    const netPricePaise = Math.round((style.netPricePaise * (100 + percent)) / 100 / 1000) * 1000;
    return [{ productId: style.productId, netPricePaise, effectiveFrom: istDateOf(new Date(now.getTime() + weeks * 7 * DAY_MS)), createdByUserId: adminUserId, createdAt: now }];
  });
  if (rows.length > 0) await tx.insert(priceChanges).values(rows);
  return rows.length;
}
