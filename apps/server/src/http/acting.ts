import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EMAIL_MAX_LENGTH } from '@frameport/domain';
import { INT4_MAX, isStorableText } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { requireIdentity } from './auth.ts';
import { AppError } from './errors.ts';
import type { ActingContext, Identity } from './identity.ts';

/** What a request names as the retailer it acts for. */
export type NamedRetailer = { email?: string | undefined; retailerId?: number | undefined };
/** Resolves who a call acts for; throws 403 for a retailer the caller may not act for. */
export type ActingResolver = (identity: Identity, named: NamedRetailer) => Promise<ActingContext | null>;
/** Writes one audit row for a call done on behalf of a retailer. */
export type AuditWriter = (
  acting: ActingContext,
  entry: { action: string; details: Record<string, unknown>; ip: string },
) => Promise<void>;

const ACTING = Symbol('acting');

type RequestWithActing = FastifyRequest & { [ACTING]?: Promise<ActingContext | null> };

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The retailer this call reads and writes for: the caller itself, or the retailer a sales
     * executive (linked) or admin names with `email` in the query, `Email` in the body, or (the
     * back-office calls) `RetailerID` in the body.
     * Resolved once per request; null for staff who named nobody. 403 when not allowed.
     */
    acting(): Promise<ActingContext | null>;
    /** As acting(), but a staff user who named no retailer gets 400 'Please choose a retailer first.' */
    requireActing(): Promise<ActingContext>;
    /**
     * For a record found by its own id (an invoice, a payment link): whether the caller may act for
     * the retailer it belongs to. Null when not (answer 404, as for an id that does not exist).
     */
    canActFor(retailerId: number): Promise<ActingContext | null>;
    /** What a handler wants written to the audit row of an on-behalf call (e.g. the order number). */
    auditDetails: Record<string, unknown> | null;
  }
  interface FastifyContextConfig {
    /** The audit log's name for this route's action ('cart.add'); default 'METHOD /url'. */
    audit?: string;
  }
}

/**
 * The acting email of a request, written once for every module: `email` in the query string or
 * `Email` in a JSON body (spec section 6). Lower-case `email` in a body is a field of the body
 * (the profile's new email address), never an acting identity.
 */
export function actingEmailOf(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | null | undefined;
  const fromQuery = typeof query?.email === 'string' ? query.email : undefined;
  const fromBody = body && typeof body === 'object' && typeof body.Email === 'string' ? body.Email : undefined;
  // Read before validation, so checked here: text the database cannot take is a 400, on any route.
  if (fromQuery !== undefined && !isStorableText(fromQuery)) throw new AppError('invalid', messages.http.unstorableText('"email"'));
  if (fromBody !== undefined && !isStorableText(fromBody)) throw new AppError('invalid', messages.http.unstorableText('"Email"'));
  const email = (fromQuery ?? fromBody)?.trim();
  return email ? email : undefined;
}

/** The back-office calls name the retailer by `RetailerID` in the JSON body (spec section 7). */
export function actingRetailerIdOf(request: FastifyRequest): number | undefined {
  const body = request.body as Record<string, unknown> | null | undefined;
  const value = body && typeof body === 'object' ? body.RetailerID : undefined;
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= INT4_MAX ? id : undefined;
}

/** Everything a request names as its acting retailer. */
function namedRetailerOf(request: FastifyRequest): NamedRetailer {
  return { email: actingEmailOf(request), retailerId: actingRetailerIdOf(request) };
}

/**
 * Acting for a retailer, in the HTTP layer: `request.acting()` / `request.requireActing()` read the
 * acting email the same way for every route and check it through the account service, and every
 * successful change made on behalf of a retailer (any call but GET/HEAD) leaves an audit row: who,
 * for whom, which call, what. Reads are not audited: a sales executive browsing the catalogue for
 * a retailer would bury the changes under thousands of rows.
 */
export const actingPlugin = fp(
  async function actingPlugin(app: FastifyInstance, options: { resolve: ActingResolver; audit: AuditWriter }) {
    app.decorateRequest('auditDetails', null);
    app.decorateRequest('acting', function acting(this: FastifyRequest) {
      const request = this as RequestWithActing;
      request[ACTING] ??= options.resolve(requireIdentity(request), namedRetailerOf(request));
      return request[ACTING];
    });
    app.decorateRequest('requireActing', async function requireActing(this: FastifyRequest) {
      const acting = await this.acting();
      if (!acting) throw new AppError('invalid', messages.cart.chooseRetailer);
      return acting;
    });

    app.decorateRequest('canActFor', async function canActFor(this: FastifyRequest, retailerId: number) {
      try {
        return await options.resolve(requireIdentity(this), { retailerId });
      } catch (error) {
        if (error instanceof AppError && error.kind === 'forbidden') return null;
        throw error;
      }
    });

    // A call that names a retailer (query `email`, body `Email` or `RetailerID`) the caller may not act for is 403 on
    // EVERY route, also on routes that would ignore the field: checked before validation, on the
    // request as sent, so a route without `email` in its schema cannot let it slip through.
    // An email too long to be one is left to validation, which names the field (400).
    app.addHook('preValidation', async (request) => {
      if (!request.identity) return;
      const email = actingEmailOf(request);
      if ((email !== undefined && email.length <= EMAIL_MAX_LENGTH) || actingRetailerIdOf(request) !== undefined) {
        await request.acting();
      }
    });

    // onSend (not onResponse) so the row is written before the caller sees the answer.
    app.addHook('onSend', async (request, reply, payload) => {
      const pending = (request as RequestWithActing)[ACTING];
      if (!pending || reply.statusCode >= 400 || request.method === 'GET' || request.method === 'HEAD') return payload;
      const acting = await pending.catch(() => null);
      if (!acting?.onBehalf) return payload;
      const action = request.routeOptions.config.audit ?? `${request.method} ${request.routeOptions.url ?? request.url}`;
      try {
        await options.audit(acting, { action, details: request.auditDetails ?? {}, ip: request.ip });
      } catch (error) {
        request.log.error({ err: error, action }, 'audit row not written');
      }
      return payload;
    });
  },
  { name: 'acting', dependencies: ['bearer-auth'] },
);
