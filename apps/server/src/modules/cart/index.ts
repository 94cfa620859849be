import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { cartRoutes } from './routes.ts';
import { createCartService, type CartService } from './service.ts';

/** The cart of the acting retailer, priced live. */
export function createCartModule({ db, clock, config }: ModuleDeps): AppModule<CartService> {
  const cart = createCartService({ db, clock, config });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(cartRoutes, { cart });
  };
  return { service: cart, plugin };
}
