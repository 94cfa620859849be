import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { createProductsService, type ProductsService } from './desk.ts';
import { productRoutes } from './routes.ts';

/**
 * The catalogue desk's styles: list, create, edit, (de)activate styles and their colour variants
 * (/api/admin/products), the form's masters; service.ts is also the import's writer (modules/imports).
 */
export function createProductsModule({ db, clock }: ModuleDeps): AppModule<ProductsService> {
  const products = createProductsService({ db, clock });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(productRoutes, { products });
  };
  return { service: products, plugin };
}
