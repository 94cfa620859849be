import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rupeesToPaise } from '@frameport/domain';
import type { GstRateBody, GstRateChangeResponse, GstRatePatch, GstRatesResponse, PriceChangeBody, PriceChangeResponse, ProductPrices } from '@frameport/domain/contract';
import { requireIdentity } from '../../http/auth.ts';
import { idempotent } from '../../http/idempotency.ts';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { createGstRate, deleteGstRate, listGstRates, patchGstRate } from './gst-rates.ts';
import { pricesRoutes, type PricesService } from './routes.ts';
import { createPriceScheduler } from './scheduler.ts';
import { cancelPriceChange, readProductPrices, schedulePrice } from './service.ts';

/**
 * Prices and GST (catalogue desk, issue 17 items 3 and 4): the routes, and the scheduler every
 * replica runs at start and every PRICE_SCHEDULER_INTERVAL_MINUTES (0: never, as in tests, which
 * drive `scheduler.runOnce()` with the injected clock).
 */
export function createPricesModule({ db, clock, config, logger }: ModuleDeps): AppModule<PricesService> {
  const scheduler = createPriceScheduler({ db, clock, logger });
  const actorOf = (request: FastifyRequest) => ({ actorUserId: requireIdentity(request).userId, at: clock.now(), ip: request.ip });

  const service = {
    scheduler,
    read: (productId: number): Promise<ProductPrices> => readProductPrices(db, productId, clock.now()),

    change: (request: FastifyRequest, productId: number, body: PriceChangeBody): Promise<PriceChangeResponse> =>
      idempotent(db, request, async (tx) => {
        const actor = actorOf(request);
        const result = await schedulePrice(tx, { productId, netPricePaise: rupeesToPaise(body.netPrice), effectiveFrom: body.effectiveFrom, ...actor });
        const prices = await readProductPrices(tx, productId, actor.at);
        const change = [...prices.scheduled, ...prices.history].find((c) => c.id === result.priceChangeId);
        if (!change) throw new Error('price change not found after writing it');
        return { ...prices, change, replacedId: result.replacedId };
      }),

    cancel: (request: FastifyRequest, priceChangeId: number): Promise<ProductPrices> =>
      idempotent(db, request, async (tx) => {
        const actor = actorOf(request);
        const { productId } = await cancelPriceChange(tx, { priceChangeId, ...actor });
        return readProductPrices(tx, productId, actor.at);
      }),

    gstRates: (): Promise<GstRatesResponse> => listGstRates(db, clock.now()),

    createGstRate: (request: FastifyRequest, body: GstRateBody): Promise<GstRateChangeResponse> =>
      idempotent(db, request, async (tx) => {
        const actor = actorOf(request);
        const { id, stylesUpdated } = await createGstRate(tx, body, actor);
        const table = await listGstRates(tx, actor.at);
        return { ...table, entry: table.entries.find((e) => e.id === id) ?? null, stylesUpdated };
      }),

    patchGstRate: (request: FastifyRequest, id: number, patch: GstRatePatch): Promise<GstRateChangeResponse> =>
      idempotent(db, request, async (tx) => {
        const actor = actorOf(request);
        const { stylesUpdated } = await patchGstRate(tx, id, patch, actor);
        const table = await listGstRates(tx, actor.at);
        return { ...table, entry: table.entries.find((e) => e.id === id) ?? null, stylesUpdated };
      }),

    deleteGstRate: (request: FastifyRequest, id: number): Promise<GstRateChangeResponse> =>
      idempotent(db, request, async (tx) => {
        const actor = actorOf(request);
        await deleteGstRate(tx, id, actor);
        return { ...(await listGstRates(tx, actor.at)), entry: null, stylesUpdated: 0 };
      }),
  };

  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(pricesRoutes, { prices: service });
    if (config.priceSchedulerIntervalMinutes <= 0) return;
    const intervalMs = config.priceSchedulerIntervalMinutes * 60_000;
    app.addHook('onReady', async () => scheduler.start({ intervalMs }));
    app.addHook('onClose', async () => scheduler.stop());
  };
  return { service, plugin };
}
