import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffMessages } from '@frameport/domain';
import {
  AdminIdempotencyHeadersSchema,
  CreateSalesExecutiveBodySchema,
  CreateStaffUserBodySchema,
  EndSessionsResultSchema,
  envelopeOf,
  MoveRetailersBodySchema,
  MoveRetailersResultSchema,
  ok,
  RetailerIdParamsSchema,
  RetailerSalesExecutivesBodySchema,
  RetailerSalesExecutivesResultSchema,
  SalesExecutiveDetailSchema,
  SalesExecutiveResultSchema,
  SalesExecutivesQuerySchema,
  SalesExecutivesResponseSchema,
  StaffUserResultSchema,
  StaffUsersQuerySchema,
  StaffUsersResponseSchema,
  UnlockSignInResultSchema,
  UserIdParamsSchema,
} from '@frameport/domain/contract';
import type { FastifyRequest } from 'fastify';
import { requireIdentity } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { StaffService } from './service.ts';

const IDEMPOTENCY =
  'With an Idempotency-Key header a repeat (a double click, a retry) answers what the first call answered and changes nothing.';
const WELCOME = 'The new user gets a mail with a single-use link (7 days) to set a password; no password is ever sent or shown.';

/**
 * Only an admin manages the sales team and staff users. Accounts and warehouse staff, sales
 * executives and retailers are refused (403) before the body is read, with a message that says so.
 */
async function adminOnly(request: FastifyRequest): Promise<void> {
  if (requireIdentity(request).role !== 'admin') throw new AppError('forbidden', staffMessages.onlyAdmin);
}

/** The sales team and staff users (/api/admin/sales-executives, /api/admin/staff-users, a retailer's sales executives): admin only. */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  const salesExecutiveAnswer = { 200: envelopeOf(SalesExecutiveResultSchema) };
  const staffUserAnswer = { 200: envelopeOf(StaffUserResultSchema) };

  app.get(
    '/api/admin/sales-executives',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Sales executives: name, email, phone, active, their retailers, those retailers’ outstanding, last sign-in',
        description: '`q` searches name, email and phone; `active` true, false or all (default). Active first, then by name.',
        querystring: SalesExecutivesQuerySchema,
        response: { 200: envelopeOf(SalesExecutivesResponseSchema) },
      },
    },
    async (request) => ok(await staff.listSalesExecutives(request.query)),
  );

  app.get(
    '/api/admin/sales-executives/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'One sales executive with its linked retailers (city, standing, outstanding, other sales executives)',
        params: UserIdParamsSchema,
        response: { 200: envelopeOf(SalesExecutiveDetailSchema) },
      },
    },
    async (request) => ok(await staff.salesExecutive(request.params.id)),
  );

  app.post(
    '/api/admin/sales-executives',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Add a sales executive (a user with the Sales Executive role)',
        description: `name, email (not used by any other user: 409), phone (an Indian mobile number). ${WELCOME} Audited. ${IDEMPOTENCY}`,
        headers: AdminIdempotencyHeadersSchema,
        body: CreateSalesExecutiveBodySchema,
        response: salesExecutiveAnswer,
      },
    },
    async (request) => ok(await staff.createSalesExecutive(request, request.body)),
  );

  app.post(
    '/api/admin/sales-executives/:id/deactivate',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Deactivate a sales executive: signed out at once, cannot sign in',
        description: `Refused (409) while retailers are still linked to it: move them first (move-retailers). Audited. ${IDEMPOTENCY}`,
        params: UserIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        response: salesExecutiveAnswer,
      },
    },
    async (request) => ok(await staff.deactivateSalesExecutive(request, request.params.id)),
  );

  app.post(
    '/api/admin/sales-executives/:id/reactivate',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Let a deactivated sales executive sign in again',
        description: `Audited. ${IDEMPOTENCY}`,
        params: UserIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        response: salesExecutiveAnswer,
      },
    },
    async (request) => ok(await staff.reactivateSalesExecutive(request, request.params.id)),
  );

  app.post(
    '/api/admin/sales-executives/:id/move-retailers',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Move retailers from this sales executive to another, in one transaction',
        description:
          'Every retailer must be linked to this sales executive (else 400, nothing moves); the target must be another, active ' +
          'sales executive. The old one loses access to them at once, the new one gains it. One audit row per retailer. ' +
          IDEMPOTENCY,
        params: UserIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        body: MoveRetailersBodySchema,
        response: { 200: envelopeOf(MoveRetailersResultSchema) },
      },
    },
    async (request) => ok(await staff.moveRetailers(request, request.params.id, request.body)),
  );

  app.put(
    '/api/admin/retailers/:id/sales-executives',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Replace the sales executives of a retailer',
        description:
          '`salesExecutiveIds`: active sales executives, each once, at most 20; empty leaves the retailer with none. ' +
          `Access follows at once. Audited (before and after) when anything changed. ${IDEMPOTENCY}`,
        params: RetailerIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        body: RetailerSalesExecutivesBodySchema,
        response: { 200: envelopeOf(RetailerSalesExecutivesResultSchema) },
      },
    },
    async (request) => ok(await staff.setRetailerSalesExecutives(request, request.params.id, request.body.salesExecutiveIds)),
  );

  app.get(
    '/api/admin/staff-users',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Staff users (admin, accounts, warehouse) and sales executives, with open sessions and whether sign-in is locked',
        description: '`role` filters; `q` searches name, email and phone; `active` true, false or all (default).',
        querystring: StaffUsersQuerySchema,
        response: { 200: envelopeOf(StaffUsersResponseSchema) },
      },
    },
    async (request) => ok(await staff.listStaffUsers(request.query)),
  );

  app.post(
    '/api/admin/staff-users',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Add a staff user with a role: admin, accounts or warehouse (admin only)',
        description: `Anyone but an admin is refused (403) and nothing is stored. A used email is 409. ${WELCOME} Audited. ${IDEMPOTENCY}`,
        headers: AdminIdempotencyHeadersSchema,
        body: CreateStaffUserBodySchema,
        response: staffUserAnswer,
      },
    },
    async (request) => ok(await staff.createStaffUser(request, request.body)),
  );

  app.post(
    '/api/admin/staff-users/:id/deactivate',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Deactivate a staff user: every session ends at once, cannot sign in',
        description:
          'Refused (409) for yourself, for the last active admin, and for a sales executive with retailers. A retailer’s login is 404 ' +
          `(block the retailer instead). Audited. ${IDEMPOTENCY}`,
        params: UserIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        response: staffUserAnswer,
      },
    },
    async (request) => ok(await staff.deactivateStaffUser(request, request.params.id)),
  );

  app.post(
    '/api/admin/staff-users/:id/reactivate',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Let a deactivated staff user sign in again',
        description: `Audited. ${IDEMPOTENCY}`,
        params: UserIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        response: staffUserAnswer,
      },
    },
    async (request) => ok(await staff.reactivateStaffUser(request, request.params.id)),
  );

  app.post(
    '/api/admin/staff-users/:id/unlock',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Let a locked-out staff user sign in again at once (forgets its sign-in throttle counters)',
        description: 'The same as POST /api/admin/accounts/:userId/unlock, for staff users and sales executives. Audited (account.unlockSignIn).',
        params: UserIdParamsSchema,
        response: { 200: envelopeOf(UnlockSignInResultSchema) },
      },
    },
    async (request) => ok(await staff.unlock(request, request.params.id)),
  );

  app.post(
    '/api/admin/staff-users/:id/end-sessions',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'End every session of a staff user: its next request with an old token is 401',
        description: `Not for yourself (409: sign out instead). Audited with the number ended. ${IDEMPOTENCY}`,
        params: UserIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        response: { 200: envelopeOf(EndSessionsResultSchema) },
      },
    },
    async (request) => ok(await staff.endSessions(request, request.params.id)),
  );
};
