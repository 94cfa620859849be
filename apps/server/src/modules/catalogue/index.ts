import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { catalogueRoutes } from './routes.ts';
import { createCatalogueService, type CatalogueService } from './service.ts';

/** The catalogue: search, filters, product pages, stock, the home page's lists and banners. */
export function createCatalogueModule({ db, clock, config }: ModuleDeps): AppModule<CatalogueService> {
  const catalogue = createCatalogueService({ db, clock, cache: config.catalogueCache, lensLoginUrl: config.lensLoginUrl });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(catalogueRoutes, { catalogue, companyStateCode: config.companyStateCode });
  };
  return { service: catalogue, plugin };
}
