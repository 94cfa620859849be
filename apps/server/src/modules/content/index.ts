import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogueService } from '../catalogue/service.ts';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { contentRoutes } from './routes.ts';
import { createContentService, type ContentService } from './service.ts';

export type ContentModuleDeps = ModuleDeps & {
  /** The sign-in page's banners are the catalogue's. */
  catalogue: Pick<CatalogueService, 'banners'>;
};

/** Content: support and footer pages (read by anyone, written by an admin), corporate details, sign-in banners. */
export function createContentModule({ db, clock, catalogue }: ContentModuleDeps): AppModule<ContentService> {
  const content = createContentService({ db, clock });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(contentRoutes, { content, catalogue });
  };
  return { service: content, plugin };
}
