import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { fail } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { isDatabaseUnavailable } from '../db/client.ts';
import { redactUrl } from '../log.ts';
import { AppError } from './errors.ts';
import type { SpaFallback } from './spa.ts';

type Failure = { status: number; message: string; retryAfterSeconds?: number | undefined };

/** A database restart or a failover takes seconds; a full disk longer, but clients then back off on their own. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own client-error codes, answered with a message a retailer can read. */
const FASTIFY_CLIENT_ERRORS: Record<string, Failure> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.http.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.http.bodyNotObject },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.http.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages.http.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: messages.http.invalidInput },
  FST_ERR_CTP_EMPTY_TYPE: { status: 415, message: messages.http.unsupportedMediaType },
};

/**
 * PostgreSQL refusing text: 22021 (a NUL byte, "invalid byte sequence") and 22P05 (an unpaired
 * surrogate in jsonb, "unsupported Unicode escape sequence"). The contract's text() refuses both
 * first; this is the backstop for a string that reached a query some other way.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

function isUnstorableText(error: unknown): boolean {
  // The driver's error sits in the cause chain (drizzle wraps it), as for isUniqueViolation.
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code)) return true;
  }
  return false;
}

export function classifyError(error: unknown): Failure {
  if (error instanceof AppError) {
    return { status: error.statusCode, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // The body as a whole is missing (no body, or an empty one) or is not an object.
    if (error.validationContext === 'body' && first?.instancePath === '/' && first.keyword === 'invalid_type') {
      return { status: 400, message: messages.http.bodyNotObject };
    }
    return { status: 400, message: first?.message ?? messages.http.invalidInput };
  }
  if (isUnstorableText(error)) return { status: 400, message: messages.http.unstorableText('The text') };
  if (isDatabaseUnavailable(error)) {
    return { status: 503, message: messages.http.unavailable, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
  }
  if (isResponseSerializationError(error)) {
    return { status: 500, message: messages.http.serverError };
  }
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return known;
  if (fastifyError.validation) return { status: 400, message: messages.http.invalidInput };
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    // Another framework-level client error (e.g. a malformed URL): keep the status, not the internals.
    return { status, message: messages.http.invalidInput };
  }
  return { status: 500, message: messages.http.serverError };
}

/**
 * The one error handler (register it before any route: routes keep the handler in force
 * when they are added): every failure answers with the envelope, `StackTrace` null.
 * 5xx are logged with the request id; 4xx at info level.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const failure = classifyError(error);
    if (error instanceof AppError && error.kind === 'unavailable') {
      // A dependency (the payment provider) is down: the caller logged its details; no stack here.
      request.log.warn({ status: failure.status, reason: failure.message }, 'dependency unavailable');
    } else if (failure.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ status: failure.status, reason: failure.message }, 'request rejected');
    }
    if (failure.retryAfterSeconds !== undefined) reply.header('Retry-After', String(failure.retryAfterSeconds));
    return reply.code(failure.status).send(fail(failure.message));
  });
}

/** Unknown paths: the SPA's index.html for page navigations, otherwise a 404 envelope. */
export function registerNotFoundHandler(app: FastifyInstance, spaFallback: SpaFallback | null): void {
  app.setNotFoundHandler((request, reply) => {
    const page = spaFallback?.(request, reply);
    if (page) return page;
    request.log.info({ url: redactUrl(request.url) }, 'route not found');
    return reply.code(404).send(fail(messages.http.notFound));
  });
}

/**
 * Fastify's `frameworkErrors`: the router refuses some URLs before any route, hook or error
 * handler runs (a percent-escape that decodes to no valid text, a path parameter longer than the
 * router allows). Those answer in the envelope too, not in Fastify's own JSON.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const failure = classifyError(error);
  request.log.info({ status: failure.status, code: error.code }, 'request refused by the router');
  return reply.code(failure.status).send(fail(failure.message));
}
