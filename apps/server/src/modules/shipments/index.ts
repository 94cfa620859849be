import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InvoicesService } from '../invoices/service.ts';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { shipmentRoutes } from './routes.ts';
import { createShipmentsService, type ShipmentsService } from './service.ts';

/** Shipments: making, packing, dispatching (with the tax invoice) and delivering an order's shipments; packing slips. */
export function createShipmentsModule({ db, clock, config, mailer, invoices }: ModuleDeps & { invoices: InvoicesService }): AppModule<ShipmentsService> {
  const shipments = createShipmentsService({ db, clock, config, mailer, invoices });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(shipmentRoutes, { shipments, db, mailer });
  };
  return { service: shipments, plugin };
}
