import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminDiscountRuleDetailSchema,
  AdminDiscountRulesResponseSchema,
  AdminIdempotencyHeadersSchema,
  DiscountPreviewSchema,
  DiscountRuleCreateSchema,
  DiscountRuleIdParamsSchema,
  DiscountRulePatchSchema,
  DiscountRulePreviewBodySchema,
  envelopeOf,
  ok,
} from '@frameport/domain/contract';
import { requireRole } from '../../http/auth.ts';
import type { DiscountsService } from './service.ts';

const IDEMPOTENCY =
  'With an Idempotency-Key header a repeat (a double click, a retry) answers what the first call answered and changes nothing.';
const RULE =
  'usePercentage with discountPercentage (more than 0, at most 100) or discountAmount (rupees, more than 0); stateId null for ' +
  'all states (they apply where a state has no rule of its own); priceFrom/priceTo a band on the net price in rupees (from ≤ to); ' +
  'validFrom/validTo a day YYYY-MM-DD (India: from its start, to its end) or an ISO date-time (from ≤ to). Accessories are never discounted.';

/** Discount rules on the catalogue desk (/api/admin/discount-rules): admin only. */
export const discountRoutes: FastifyPluginAsyncZod<{ discounts: DiscountsService }> = async (app, { discounts }) => {
  const adminOnly = requireRole('admin');
  const ruleAnswer = { 200: envelopeOf(AdminDiscountRuleDetailSchema) };

  app.get(
    '/api/admin/discount-rules',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Every discount rule with its state, status (active, scheduled, inactive, ended) and who created and last changed it',
        response: { 200: envelopeOf(AdminDiscountRulesResponseSchema) },
      },
    },
    async () => ok(await discounts.list()),
  );

  app.get(
    '/api/admin/discount-rules/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'One discount rule with every change to it (audit, newest first)',
        params: DiscountRuleIdParamsSchema,
        response: ruleAnswer,
      },
    },
    async (request) => ok(await discounts.detail(request.params.id)),
  );

  app.post(
    '/api/admin/discount-rules',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Create a discount rule (the catalogue and carts price with it at once)',
        description: `${RULE} An unknown state is 400. ${IDEMPOTENCY}`,
        headers: AdminIdempotencyHeadersSchema,
        body: DiscountRuleCreateSchema,
        response: ruleAnswer,
      },
    },
    async (request) => ok(await discounts.create(request, request.body)),
  );

  app.post(
    '/api/admin/discount-rules/preview',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: "What a rule would do before it is saved: 'these 312 styles get 10% off in Telangana'",
        description:
          `The rule's fields as on create (name optional; ruleId when editing one, which is then left out of the comparison). ` +
          'Counts the active styles the rule applies to, lists 10 of them with the price after it, and counts those another ' +
          'rule in force (at the rule’s start, or now) discounts as much or more, so that rule stays the one applied. Changes nothing.',
        body: DiscountRulePreviewBodySchema,
        response: { 200: envelopeOf(DiscountPreviewSchema) },
      },
    },
    async (request) => ok(await discounts.preview(request.body)),
  );

  app.patch(
    '/api/admin/discount-rules/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'Change a discount rule (any of its fields; the rule they make is checked as on create)',
        description: `An ended rule cannot be changed (409): create a new one. ${RULE} ${IDEMPOTENCY}`,
        params: DiscountRuleIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        body: DiscountRulePatchSchema,
        response: ruleAnswer,
      },
    },
    async (request) => ok(await discounts.patch(request, request.params.id, request.body)),
  );

  app.post(
    '/api/admin/discount-rules/:id/end',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'End a discount rule now (valid to now, inactive); it is kept, as orders name the discount they got',
        description: `Ending an ended rule is 409. ${IDEMPOTENCY}`,
        params: DiscountRuleIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        response: ruleAnswer,
      },
    },
    async (request) => ok(await discounts.end(request, request.params.id)),
  );
};
