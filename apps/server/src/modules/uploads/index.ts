import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { bannerAdminRoutes } from './banner-routes.ts';
import { createProductImageDesk } from './product-images.ts';
import { productImageRoutes } from './product-image-routes.ts';
import { uploadRoutes } from './routes.ts';
import { createUploadService, type UploadService } from './service.ts';

/** Uploads: the admin's product and banner images, re-encoded into the file store, and serving them; the catalogue desk's image calls. */
export function createUploadsModule({ db, clock, fileStore }: ModuleDeps): AppModule<UploadService> {
  const uploads = createUploadService({ db, clock, store: fileStore });
  const desk = createProductImageDesk({ db, clock, store: fileStore });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(uploadRoutes, { uploads, store: fileStore });
    await app.register(bannerAdminRoutes, { db, clock });
    await app.register(productImageRoutes, { desk });
  };
  return { service: uploads, plugin };
}
