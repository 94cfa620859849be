import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { createDeskService } from './desk-service.ts';
import { deskRoutes } from './desk-routes.ts';
import { orderEditRoutes } from './edit-routes.ts';
import { orderRoutes } from './routes.ts';
import { createOrdersService, type OrdersService } from './service.ts';

/** Orders: placing the cart as an order, My Orders, an order's details; the back office's order desk. */
export function createOrdersModule({ db, clock, config, mailer, logger }: ModuleDeps): AppModule<OrdersService> {
  const orders = createOrdersService({ db, clock, config, mailer, logger });
  const desk = createDeskService({ db, clock, config, mailer, logger });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(orderRoutes, { orders });
    await app.register(deskRoutes, { desk });
    await app.register(orderEditRoutes, { db, clock, config, mailer, logger });
  };
  return { service: orders, plugin };
}
