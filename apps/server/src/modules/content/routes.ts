import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BannersResponseSchema,
  CorporateDetailsSchema,
  envelopeOf,
  GetPagesQuerySchema,
  ok,
  PageContentSchema,
  UpdatePageBodySchema,
  UpdatePageParamsSchema,
} from '@frameport/domain/contract';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { ContentService } from './service.ts';

/** A page of at most 200,000 characters as JSON, with room for escaping. (The global limit is 100 KB.) */
export const PAGE_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Content: the public reads (no bearer token) of support pages, corporate details and login
 * banners, and the admin's write of a page.
 */
export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService; catalogue: Pick<CatalogueService, 'banners'> }> = async (
  app,
  { content, catalogue },
) => {
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

  app.put(
    '/api/admin/pages/:pageName',
    {
      bodyLimit: PAGE_BODY_LIMIT_BYTES,
      onRequest: requireRole('admin'),
      schema: {
        tags: ['Admin'],
        summary: 'Replace a support or footer page (admin)',
        description:
          'Title, Content (HTML, at most 200,000 characters) and Year (the footer\'s copyright year, or null). ' +
          'Content is sanitized before it is stored: only headings h2–h4, paragraphs, line breaks, rules, bold, italic, ' +
          'underline, lists, quotes, tables, links (http, https, mailto, tel) and /media images remain. ' +
          'Answers the page as stored. A page name that was never written is created.',
        params: UpdatePageParamsSchema,
        body: UpdatePageBodySchema,
        response: { 200: envelopeOf(PageContentSchema) },
      },
    },
    async (request) => ok(await content.updatePage(requireIdentity(request), request.params.pageName, request.body)),
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
    async () => ok({ banners: await catalogue.banners('Login') }),
  );
};
