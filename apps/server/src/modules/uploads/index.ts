import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { bannerAdminRoutes } from './banner-routes.ts';
import { uploadRoutes } from './routes.ts';
import { createUploadService, type UploadService } from './service.ts';

/** Uploads: the admin's product and banner images, re-encoded into the file store, and serving them. */
export function createUploadsModule({ db, clock, fileStore }: ModuleDeps): AppModule<UploadService> {
  const uploads = createUploadService({ db, clock, store: fileStore });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(uploadRoutes, { uploads, store: fileStore });
    await app.register(bannerAdminRoutes, { db, clock });
  };
  return { service: uploads, plugin };
}
