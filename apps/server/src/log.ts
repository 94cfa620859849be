/**
 * What the server's log may say about a request and an error. A failed statement must not carry the
 * data it was writing into the log: drizzle's DrizzleQueryError puts every bound parameter into its
 * message and `params` (session token hashes, emails, cart lines), PGlite adds `params` to its own
 * errors, and PostgreSQL's `detail` repeats the row ("Failing row contains (…)", "Key (email)=(…)").
 * See docs/decisions/011-secrets-in-logs-and-tables.md.
 */
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';

/** Error fields that carry the data of a statement, never its shape. */
const DATA_FIELDS = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where', 'internalQuery', 'cause']);
/** What a PostgreSQL error says about itself without data: lifted from the cause, so a wrapped error still shows it. */
const DATABASE_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;
/** Query-string parameters that are credentials: a reset or confirmation link opened in the browser carries one. */
const SECRET_QUERY_PARAMETERS = new Set(['token', 'access_token', 'password']);
const MAX_CAUSES = 8;

export type SerializedError = { type: string; message: string; stack: string; [field: string]: unknown };

function isDatabaseError(error: Error): error is Error & { code: string } & Record<(typeof DATABASE_FIELDS)[number], unknown> {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

function typeOf(error: Error): string {
  return error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : error.name;
}

/**
 * The message without the data it quotes, and the stack with that message in its first line.
 * drizzle appends the bound parameters; PostgreSQL's data exceptions (class 22) quote the value
 * they refused ('invalid input syntax for type integer: "…"', 'value "…" is out of range').
 */
function withoutData(error: Error): { message: string; stack: string } {
  let message = error.message;
  if (error instanceof DrizzleQueryError) message = `Failed query: ${error.query}`;
  else if (message.includes('\nparams: ')) message = message.slice(0, message.indexOf('\nparams: '));
  if (isDatabaseError(error) && error.code.startsWith('22') && message.includes('"')) {
    message = `${message.slice(0, message.indexOf('"'))}"…"${message.slice(message.lastIndexOf('"') + 1)}`;
  }
  const stack = error.stack ?? '';
  if (message === error.message) return { message, stack };
  // The raw message is replaced where it stands; if it cannot be found, no frame is worth the risk.
  const at = stack.indexOf(error.message);
  return { message, stack: at === -1 ? `${error.name}: ${message}` : stack.slice(0, at) + message + stack.slice(at + error.message.length) };
}

/**
 * pino's error shape (type, message and stack with their causes appended, the error's own fields)
 * without data fields; the first database error in the chain lends its code, table and constraint.
 */
export function serializeError(value: Error): SerializedError;
export function serializeError(value: unknown): unknown;
export function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const chain: Error[] = [];
  for (let error: unknown = value; error instanceof Error && chain.length < MAX_CAUSES && !chain.includes(error); error = error.cause) {
    chain.push(error);
  }
  const parts = chain.map(withoutData);
  const serialized: SerializedError = {
    type: typeOf(value),
    message: parts.map((part) => part.message).join(': '),
    stack: parts.map((part) => part.stack).join('\ncaused by: '),
  };
  for (const [field, fieldValue] of Object.entries(value)) {
    if (DATA_FIELDS.has(field) || field in serialized) continue;
    serialized[field] = fieldValue instanceof Error ? serializeError(fieldValue) : fieldValue;
  }
  if (value instanceof AggregateError) serialized.aggregateErrors = value.errors.map(serializeError);
  const database = chain.find(isDatabaseError);
  if (database) {
    for (const field of DATABASE_FIELDS) {
      if (database[field] !== undefined && serialized[field] === undefined) serialized[field] = database[field];
    }
  }
  return serialized;
}

/** A URL with the values of credential parameters replaced, for the request log line. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const parameters = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as it came.
      }
      return SECRET_QUERY_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${parameters.join('&')}`;
}

/** The serializers every server logger uses (main.ts's and the one a test passes in). */
export const logSerializers = {
  err: (error: Error): SerializedError => serializeError(error),
  // Fastify's own request shape, with credentials in the query string redacted.
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * Fastify's logger options with these serializers in force, whether the server is given pino
 * options (main.ts) or a ready logger (tests): the redaction a test sees is the one production runs.
 */
export function loggerOptions(
  logger: FastifyServerOptions['logger'] | FastifyBaseLogger,
): { loggerInstance: FastifyBaseLogger } | { logger: FastifyServerOptions['logger'] } {
  if (logger && typeof logger === 'object' && 'child' in logger) {
    return { loggerInstance: logger.child({}, { serializers: logSerializers }) };
  }
  if (logger && typeof logger === 'object') {
    return { logger: { ...logger, serializers: { ...logSerializers, ...logger.serializers } } };
  }
  return { logger };
}
