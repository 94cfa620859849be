import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { createHousekeeping, HOUSEKEEPING_FIRST_RUN_AFTER_MS, type Housekeeping } from './service.ts';

/**
 * Housekeeping: no routes, a schedule. Every replica keeps it; they take turns through an advisory
 * lock (service.ts). HOUSEKEEPING_INTERVAL_MINUTES=0 turns it off.
 */
export function createHousekeepingModule({ db, clock, config, logger }: ModuleDeps): AppModule<Housekeeping> {
  const housekeeping = createHousekeeping({ db, clock, logger });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    if (config.housekeepingIntervalMinutes <= 0) return;
    const intervalMs = config.housekeepingIntervalMinutes * 60_000;
    app.addHook('onReady', async () => housekeeping.start({ intervalMs, firstRunAfterMs: HOUSEKEEPING_FIRST_RUN_AFTER_MS }));
    app.addHook('onClose', async () => housekeeping.stop());
  };
  return { service: housekeeping, plugin };
}
