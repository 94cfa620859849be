import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { mediaRoutes } from './routes.ts';
import { createMediaService, type MediaService } from './service.ts';

/** Generated images: colour variants drawn from their frame, and the home page's tiles. */
export function createMediaModule({ db }: ModuleDeps): AppModule<MediaService> {
  const media = createMediaService({ db });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(mediaRoutes, { media });
  };
  return { service: media, plugin };
}
