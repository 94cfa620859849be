import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdempotencyHeadersSchema,
  AdminRetailerCreateSchema,
  AdminRetailerDetailSchema,
  AdminRetailerIdParamsSchema,
  AdminRetailerPatchSchema,
  AdminRetailersExportQuerySchema,
  AdminRetailersQuerySchema,
  AdminRetailersResponseSchema,
  envelopeOf,
  ok,
  ProposeRetailerBodySchema,
  ProposeRetailerResponseSchema,
  RetailerReasonBodySchema,
} from '@frameport/domain/contract';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import type { RetailersService } from './desk.ts';

const IDEMPOTENCY =
  'With an Idempotency-Key header a repeat (a double click, a retry) answers what the first call answered and changes nothing; ' +
  'without one, a repeat finds the status already changed and is refused (409).';
const CHECKS =
  'The GSTIN (optional; typed with spaces or lower case is fine) must have a valid check character, the billing state’s code ' +
  '(its first two digits) and the PAN given (characters 3 to 12); without a PAN the GSTIN’s is stored. A GSTIN another retailer ' +
  'has (not a rejected one), or an email any retailer or user has, is refused (409) naming the field. Nothing is stored on any refusal.';

/**
 * The retailers desk (/api/admin/retailers): admin and accounts read, block and unblock; admin
 * creates, edits, approves and rejects. A sales executive proposes a retailer through
 * POST /api/Account/proposeRetailer and reads none of these (they are staff routes).
 */
export const retailerRoutes: FastifyPluginAsyncZod<{ retailers: RetailersService }> = async (app, { retailers }) => {
  const staff = requireRole('admin', 'accounts');
  const adminOnly = requireRole('admin');
  const detailAnswer = { 200: envelopeOf(AdminRetailerDetailSchema) };

  app.get(
    '/api/admin/retailers',
    {
      onRequest: staff,
      schema: {
        tags: ['Admin'],
        summary: 'Retailers: search, filter by state, sales executive and standing, sort, a page at a time: admin, accounts',
        description:
          'q matches business name, contact name, email, GSTIN or city (any part, any case). status is a standing: Pending, ' +
          'Active (not on credit hold), Credit hold, Blocked or Rejected. sort name | city (A→Z), createdAt | outstanding ' +
          '(largest first); direction asc | desc turns it round. counts: retailers per standing under the other filters. ' +
          'outstanding is the unpaid invoice balances in rupees.',
        querystring: AdminRetailersQuerySchema,
        response: { 200: envelopeOf(AdminRetailersResponseSchema) },
      },
    },
    async (request) => ok(await retailers.list(request.query)),
  );

  app.get(
    '/api/admin/retailers/export.csv',
    {
      onRequest: staff,
      schema: {
        tags: ['Admin'],
        summary: 'Every retailer matching the list’s filters as CSV (UTF-8 with BOM, opens in a spreadsheet): admin, accounts',
        description:
          'The same q, stateId, salesExecutiveId, status, sort and direction as the list, all matching rows. A cell starting ' +
          'with = + - @ is written with a leading apostrophe, so a spreadsheet shows it as text and never runs it.',
        querystring: AdminRetailersExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await retailers.exportCsv(request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.body);
    },
  );

  app.get(
    '/api/admin/retailers/:id',
    {
      onRequest: staff,
      schema: {
        tags: ['Admin'],
        summary: 'One retailer: business details, addresses, limits, credit, status, sales executives, users, orders, invoices, ageing, audit',
        description:
          'actions says what the caller may do now (edit, approve, reject: admin; block, unblock: admin and accounts). ' +
          'Credit limit, payment terms and credit hold are changed on PUT …/credit; linked sales executives on PUT …/sales-executives.',
        params: AdminRetailerIdParamsSchema,
        response: detailAnswer,
      },
    },
    async (request) => ok(await retailers.detail(requireIdentity(request), request.params.id)),
  );

  app.post(
    '/api/admin/retailers',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Create an Active retailer and its sign-in user, who is mailed a link to set a password (never a password): admin',
        description: `${CHECKS} The billing address is also the first shipping address. ${IDEMPOTENCY}`,
        headers: AdminIdempotencyHeadersSchema,
        body: AdminRetailerCreateSchema,
        response: detailAnswer,
      },
    },
    async (request) => ok(await retailers.create(request, request.body)),
  );

  app.patch(
    '/api/admin/retailers/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Edit a retailer’s business details, contact, billing address, GSTIN/PAN and limits (audited before/after): admin',
        description:
          `Any of the fields; the GSTIN and PAN are checked against the billing state as it will be. ${CHECKS} ` +
          'A new email is also the sign-in of the retailer’s user. A rejected retailer cannot be edited (409).',
        headers: AdminIdempotencyHeadersSchema,
        params: AdminRetailerIdParamsSchema,
        body: AdminRetailerPatchSchema,
        response: detailAnswer,
      },
    },
    async (request) => ok(await retailers.update(request, request.params.id, request.body)),
  );

  app.post(
    '/api/admin/retailers/:id/approve',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Approve a Pending retailer: Active, and its user is mailed a 7-day single-use link to set a password: admin',
        description: `Only from Pending (else 409). ${IDEMPOTENCY}`,
        headers: AdminIdempotencyHeadersSchema,
        params: AdminRetailerIdParamsSchema,
        response: detailAnswer,
      },
    },
    async (request) => ok(await retailers.approve(request, request.params.id)),
  );

  app.post(
    '/api/admin/retailers/:id/reject',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Reject a Pending retailer with a reason (mailed to the sales executive who proposed it): admin',
        description: `Only from Pending (else 409). Its GSTIN may then be proposed again. ${IDEMPOTENCY}`,
        headers: AdminIdempotencyHeadersSchema,
        params: AdminRetailerIdParamsSchema,
        body: RetailerReasonBodySchema,
        response: detailAnswer,
      },
    },
    async (request) => ok(await retailers.reject(request, request.params.id, request.body.reason)),
  );

  app.post(
    '/api/admin/retailers/:id/block',
    {
      onRequest: staff,
      schema: {
        tags: ['Admin'],
        summary: 'Block an Active retailer with a reason: every session of its users ends at once, sign-in is refused: admin, accounts',
        description:
          'Only from Active (else 409). Its users’ tokens answer 401 from the next request; signing in says the account is ' +
          `blocked and whom to call; sales executives can no longer act for it. ${IDEMPOTENCY}`,
        headers: AdminIdempotencyHeadersSchema,
        params: AdminRetailerIdParamsSchema,
        body: RetailerReasonBodySchema,
        response: detailAnswer,
      },
    },
    async (request) => ok(await retailers.block(request, request.params.id, request.body.reason)),
  );

  app.post(
    '/api/admin/retailers/:id/unblock',
    {
      onRequest: staff,
      schema: {
        tags: ['Admin'],
        summary: 'Unblock a Blocked retailer: Active again (its users sign in anew): admin, accounts',
        description: `Only from Blocked (else 409). ${IDEMPOTENCY}`,
        headers: AdminIdempotencyHeadersSchema,
        params: AdminRetailerIdParamsSchema,
        response: detailAnswer,
      },
    },
    async (request) => ok(await retailers.unblock(request, request.params.id)),
  );

  app.post(
    '/api/Account/proposeRetailer',
    {
      onRequest: requireRole('salesexecutive'),
      schema: {
        tags: ['Account'],
        summary: 'A sales executive proposes a new retailer: stored as Pending, linked to them, waiting for an admin: sales executives',
        description:
          `${CHECKS} Its user cannot sign in until an admin approves it (then it is mailed a link to set a password); ` +
          `a rejection is mailed to the proposer with the reason. ${IDEMPOTENCY}`,
        headers: AdminIdempotencyHeadersSchema,
        body: ProposeRetailerBodySchema,
        response: { 200: envelopeOf(ProposeRetailerResponseSchema) },
      },
    },
    async (request) => ok(await retailers.propose(request, request.body)),
  );
};
