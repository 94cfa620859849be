/**
 * The price scheduler: applies the price changes that have come due and the GST rates that have
 * come into force (India day from the injected clock) to `products`, in one transaction per run.
 * Every replica runs it, at start and on a timer; the updates are guarded (`applied_at is null`,
 * `gst_rate_percent <> rate`) and take the styles' rows in id order, so two replicas racing apply
 * each change once. Writing `products` bumps `catalogue_version`: carts and the catalogue on every
 * replica see the new price at once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { createRepeater } from '../../repeat.ts';
import { applyGstRatesInForce } from './gst-rates.ts';
import { applyDuePriceChanges } from './service.ts';

export type PriceRunResult = { pricesApplied: number; gstStylesUpdated: number };

export function createPriceScheduler({ db, clock, logger }: { db: Db; clock: Clock; logger: FastifyBaseLogger }) {
  /** One run: due prices, then GST rates in force today, in one transaction. */
  async function runOnce(): Promise<PriceRunResult> {
    const at = clock.now();
    return db.transaction(async (tx) => ({
      pricesApplied: await applyDuePriceChanges(tx, at),
      gstStylesUpdated: await applyGstRatesInForce(tx, at),
    }));
  }

  async function run(): Promise<void> {
    try {
      const result = await runOnce();
      if (result.pricesApplied > 0 || result.gstStylesUpdated > 0) {
        logger.info(result, `prices: ${result.pricesApplied} scheduled price changes applied, ${result.gstStylesUpdated} styles re-rated for GST`);
      }
    } catch (error) {
      logger.error({ err: error }, 'prices: the scheduled run failed; the next run tries again');
    }
  }

  const repeater = createRepeater('price scheduler', run);

  return {
    runOnce,
    /** Runs now (start-up) and then every `intervalMs`, timed from the end of the last run. */
    start({ intervalMs }: { intervalMs: number }): void {
      repeater.start(0, intervalMs);
    },
    /** No further run starts; resolves when a run in progress has finished. */
    stop: (): Promise<void> => repeater.stop(),
  };
}

export type PriceScheduler = ReturnType<typeof createPriceScheduler>;
