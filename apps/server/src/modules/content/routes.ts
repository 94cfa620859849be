import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BannersResponseSchema,
  CorporateDetailsSchema,
  envelopeOf,
  GetPagesQuerySchema,
  ok,
  PageContentSchema,
} from '@frameport/domain/contract';
import type { Db } from '../../db/client.ts';
import { listBanners } from '../catalogue/banners.ts';
import { createContentService } from './service.ts';

/** Public content (no bearer token): support pages, corporate details, login banners. */
export const contentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const content = createContentService({ db });

  app.get(
    '/api/Home/GetPages',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Home'],
        summary: 'A support or footer page: title, HTML content, year',
        security: [],
        querystring: GetPagesQuerySchema,
        response: { 200: envelopeOf(PageContentSchema) },
      },
    },
    async (request) => ok(await content.getPage(request.query.pageName)),
  );

  app.get(
    '/api/Home/getCorporateDetails',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Home'],
        summary: "The company's address, contact number and email",
        security: [],
        response: { 200: envelopeOf(CorporateDetailsSchema) },
      },
    },
    async () => ok(await content.getCorporateDetails()),
  );

  app.get(
    '/api/Account/getLoginBanners',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Account'],
        summary: 'Banners of the sign-in page carousel',
        security: [],
        response: { 200: envelopeOf(BannersResponseSchema) },
      },
    },
    async () => ok({ banners: await listBanners(db, 'Login') }),
  );
};
