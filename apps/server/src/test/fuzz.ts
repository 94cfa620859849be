/**
 * A property-based HTTP fuzzer over every route the server registers (its route table), driven
 * through `app.inject` (the real router, body parsers, hooks and handlers, no sockets).
 *
 * For each route, fast-check draws requests: hostile path parameters and query strings, arbitrary
 * JSON, wrong types, huge strings, NUL bytes, lone surrogates, RTL marks, `__proto__` and
 * `constructor` keys, deep nesting, malformed JSON and form bodies, wrong content types; sent by
 * nobody, by a bogus token, and signed in as the demo retailer, sales executive and admin. Field
 * names come from the route's own OpenAPI description, so most requests reach the handlers rather
 * than stop at validation. Every reply is judged (see `judge`): never a 5xx; failures in the
 * envelope (the OAuth shape on /token, an HTML page where the route serves pages); no stack trace,
 * source path or SQL in any reply; and for a refused request (4xx), nothing changed in the
 * database (see `fingerprint`). fast-check shrinks a failing request to a minimal one.
 *
 * Used by the fixed-seed test (http/fuzz.test.ts, part of `npm test`) and by `npm run bench:fuzz`
 * (bench/fuzz.ts, long runs).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../app.ts';
import { queryRows, type Db } from '../db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORDS } from '../db/seed/accounts.ts';

export type Caller = 'nobody' | 'bogus' | 'retailer' | 'sales' | 'admin';

/** One drawn request: `url` is sent as is (path and query already encoded, or deliberately not). */
export type FuzzRequest = {
  caller: Caller;
  method: string;
  url: string;
  contentType?: string;
  body?: string;
  /** More headers: a hostile Authorization, Idempotency-Key, X-Request-Id or Accept-Encoding. */
  headers?: Record<string, string>;
};

export type Finding = { route: string; request: FuzzRequest; status: number; problems: string[]; reply: string };

export type FuzzReport = {
  requests: number;
  routes: number;
  /** How many replies had each status: how deep the requests got (2xx reached a handler's success). */
  statuses: Map<number, number>;
  /** One per failing route: the smallest request fast-check shrank it to. */
  findings: Finding[];
};

// ---------------------------------------------------------------------------
// What a reply must never contain
// ---------------------------------------------------------------------------

const LEAKS: Array<[string, RegExp]> = [
  ['a stack frame', /\bat (?:async )?[\w$.<>[\]]+ \([^)\n]*:\d+:\d+\)|^\s+at [^\s]+:\d+:\d+/m],
  ['a JavaScript error name', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError): /],
  ['node_modules', /node_modules/],
  ['a source file path', /(?:file:\/\/|\/work\/|\/home\/|\/usr\/lib\/|\/tmp\/|\.(?:ts|mjs|cjs|js):\d+:\d+)/],
  ['SQL text', /\bselect\s+(?:"|\*|distinct\b|count\(|[\w"]+\.[\w"]+)|\binsert\s+into\b|\bupdate\s+"?\w+"?\s+set\b|\bdelete\s+from\b|\bon conflict\b/i],
  ['a database error', /\bviolates\b|duplicate key value|syntax error at or near|invalid input syntax for|\brelation "|\bSQLSTATE\b|\bFailed query\b/i],
  ['a PostgreSQL error code', /"code"\s*:\s*"[0-9A-Z]{5}"|\b(?:22P02|22021|22P05|22003|23505|23503|23502|23514|40001|40P01|42P01|42703|42883|53100|57P01)\b/],
];

/** Bodies that are files served as they are, not built from the request: not scanned for leaks. */
const OPAQUE_TYPES = /^(?:application\/pdf|image\/(?!svg)|application\/javascript|text\/javascript|text\/css|font\/|application\/octet-stream)/;

/** Routes whose successes are JSON envelopes (their files, the docs and the PDF aside). */
const API_ROUTES = /^[A-Z]+ \/(?:api\/(?!docs)|backoffice\/)/;
/** The content type a success of a route must have, for routes that serve something else than JSON. */
const SUCCESS_TYPES: Array<[RegExp, RegExp]> = [
  [/InvoiceDocument/, /^application\/pdf/],
  [/^GET \/media\/(?!uploads)/, /^image\/svg\+xml/],
  [/^GET \/media\/uploads/, /^image\//],
  [/^GET \/(?:\*|index\.html)$/, /^text\/html/],
  [/^GET \/assets\/.*\.js$/, /^(?:application|text)\/javascript/],
  [/^POST \/token$/, /^application\/json/],
  [API_ROUTES, /^application\/json/],
];

function isEnvelopeFailure(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const { Status, Error: error, Data, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || Status !== 1 || Data !== null) return false;
  if (!error || typeof error !== 'object') return false;
  const { Message, StackTrace, ...more } = error as Record<string, unknown>;
  return Object.keys(more).length === 0 && typeof Message === 'string' && Message.length > 0 && StackTrace === null;
}

function isOAuthFailure(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const { error, error_description: description, ...rest } = body as Record<string, unknown>;
  return Object.keys(rest).length === 0 && typeof error === 'string' && /^[a-z_]+$/.test(error) && typeof description === 'string';
}

/** The reply's text, uncompressed when the request asked for br or gzip (API answers over 1 KB are compressed). */
function decodedBody(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Everything wrong with one reply (empty when it is fine). `route` is "METHOD /pattern" of the route the request was drawn for. */
export function judge(route: string, request: FuzzRequest, response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  const type = String(response.headers['content-type'] ?? '');
  if (status >= 500) problems.push(`answered ${status}`);
  const body = decodedBody(response);
  if (body.length > 0 && type === '') problems.push('a body without a content type');

  const isToken = route === 'POST /token' && request.method === 'POST' && /^\/token(?:\?|$)/.test(request.url);
  if (status >= 400) {
    if (type.startsWith('application/json')) {
      const json = parseJson(body);
      if (isToken ? !isOAuthFailure(json) : !isEnvelopeFailure(json)) {
        problems.push(isToken ? 'a /token failure not in the OAuth shape {error, error_description}' : 'a failure not in the envelope {Status:1, Error:{Message, StackTrace:null}, Data:null}');
      }
    } else {
      problems.push(`a ${status} answered as ${type || 'nothing'} instead of the envelope`);
    }
  }
  if (status >= 200 && status < 300) {
    const expected = SUCCESS_TYPES.find(([pattern]) => pattern.test(route))?.[1];
    if (expected && !expected.test(type)) problems.push(`a ${status} answered as ${type || 'nothing'} (expected ${expected.source})`);
    if (API_ROUTES.test(route) && type.startsWith('application/json')) {
      const json = parseJson(body) as Record<string, unknown> | undefined;
      if (!json || json.Status !== 0 || json.Error !== null || !('Data' in json)) problems.push('a success not in the envelope {Status:0, Error:null, Data}');
    }
  }
  if (!OPAQUE_TYPES.test(type)) {
    for (const [what, pattern] of LEAKS) {
      const match = pattern.exec(body);
      if (match) problems.push(`the reply contains ${what}: …${body.slice(Math.max(0, match.index - 40), match.index + 80)}…`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------
// The database fingerprint: what a refused request must leave as it was
// ---------------------------------------------------------------------------

/**
 * Tables left out of the fingerprint, and why: a refused sign-in or password reset is itself
 * counted (login_attempts, login_throttle: that is the throttle working) and a known address is
 * remembered on success only; the audit log records attempts made on someone's behalf;
 * heartbeats is written by the health check on its own schedule; payment_events logs what a
 * provider sent, accepted or not.
 */
export const UNWATCHED_TABLES = ['login_attempts', 'login_throttle', 'login_known_addresses', 'audit_log', 'heartbeats', 'payment_events'];
/** Columns that change on any authenticated call, refused or not (when the session was last used). */
const UNWATCHED_COLUMNS: Record<string, string[]> = { sessions: ['last_used_at'] };

/**
 * A digest per table: its row count and the sum of its rows' xmin (the id of the transaction that
 * wrote each row version), so any insert, update or delete shows, at the cost of one scan of a
 * small table (the fuzzed database holds a 10-style demo seed). Tables with unwatched columns are
 * digested from their rows' content without those columns instead.
 */
export async function fingerprint(db: Db): Promise<Map<string, string>> {
  let query = fingerprintQueries.get(db);
  if (!query) {
    query = fingerprintQuery(db);
    fingerprintQueries.set(db, query);
  }
  const rows = await queryRows<{ name: string; digest: string }>(db, await query);
  return new Map(rows.map((row) => [row.name, row.digest]));
}

/** The digest query of a database, built once (reading information_schema is slow in PGlite). */
const fingerprintQueries = new WeakMap<Db, Promise<SQL>>();

async function fingerprintQuery(db: Db): Promise<SQL> {
  const tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'
          order by table_name`,
    )
  )
    .map((row) => row.name)
    .filter((name) => !UNWATCHED_TABLES.includes(name));
  const parts = tables.map((name) => {
    const unwatched = UNWATCHED_COLUMNS[name];
    if (!unwatched) return `select '${name}' as name, count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) as digest from "${name}"`;
    const row = `(to_jsonb(t)${unwatched.map((column) => ` - '${column}'`).join('')})::text`;
    return `select '${name}' as name, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from "${name}" t`;
  });
  if (parts.length === 0) throw new Error('fuzz: the database fingerprint found no table to watch');
  return sql.raw(parts.join(' union all '));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}

// ---------------------------------------------------------------------------
// Drawing requests
// ---------------------------------------------------------------------------

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDFFF',
  '\u202Eevil\u202C',
  '\u200F\u200E',
  '\uFEFF',
  '\u00A0',
  "' OR 1=1 --",
  '"; drop table users; --',
  '%00',
  '%',
  '%zz',
  '../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-0',
  '-1',
  '0',
  '1',
  '2147483648',
  '9007199254740993',
  '1e309',
  '0x10',
  '1.5',
  ' 7 ',
  'retailer@frameport.test',
  'admin@frameport.test',
  'retailer.blr@frameport.test',
  'C1',
  'FAQS',
  '2026-11-20',
];

/** Strings a client should never manage to turn into a 500. */
const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\uD800', '\uDC00', '\u202E', 'a', '%', '/', '.'), maxLength: 12 }) },
  { weight: 2, arbitrary: fc.integer({ min: -10, max: 100_000 }).map(String) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('x', '\u0000', 'é', '\uD83D\uDE00'), fc.integer({ min: 200, max: 5_000 })).map(([c, n]) => c.repeat(n)) },
);

const hugeString = fc.integer({ min: 20_000, max: 150_000 }).map((n) => 'x'.repeat(n));

/** Deep nesting of arrays or objects, written as text (JSON.stringify would recurse as deep). */
const deepJson = fc
  .tuple(fc.integer({ min: 20, max: 3_000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 5_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER + 2, 1e308, -0, 0.5, 1e-9) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer({ min: -1, max: 5_000 }), nastyString), { maxLength: 4 }) },
);

type RouteShape = { query: string[]; body: string[]; nested: Record<string, string[]> };

/** The fields a route's OpenAPI description names (query, body, and the fields of body arrays). */
function shapesFromOpenApi(app: App): Map<string, RouteShape> {
  const spec = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const shapes = new Map<string, RouteShape>();
  for (const [openApiPath, operations] of Object.entries(spec.paths ?? {})) {
    const pattern = openApiPath.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
      const body = Object.keys(schema?.properties ?? {});
      const nested: Record<string, string[]> = {};
      for (const [name, property] of Object.entries(schema?.properties ?? {})) {
        const item = property.items?.properties;
        if (item) nested[name] = Object.keys(item);
      }
      shapes.set(`${method.toUpperCase()} ${pattern}`, { query, body, nested });
    }
  }
  return shapes;
}

type OpenApiSchema = { properties?: Record<string, OpenApiSchema & { items?: OpenApiSchema }>; items?: OpenApiSchema };
type OpenApiOperation = {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
};

const COMMON_FIELDS = ['id', 'email', 'Email', 'page', 'pageSize', 'productId', 'orderId', 'RetailerID', 'q'];
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'];

function fieldValue(nested: Record<string, string[]>, name: string): fc.Arbitrary<unknown> {
  // Own keys only: a drawn key may be 'constructor' or '__proto__'.
  const inner = Object.hasOwn(nested, name) ? nested[name] : undefined;
  if (!inner) return anyValue;
  // An array of objects with the route's own item fields, sometimes (wrong) something else.
  const item = fc.dictionary(fc.constantFrom(...inner, ...POLLUTING_KEYS), anyValue, { maxKeys: inner.length + 1 });
  return fc.oneof({ weight: 3, arbitrary: fc.array(item, { maxLength: 3 }) }, { weight: 1, arbitrary: anyValue });
}

/** A JSON object with (mostly) the route's field names and hostile values. */
function objectOf(shape: RouteShape): fc.Arbitrary<Record<string, unknown>> {
  const names = [...new Set([...shape.body, ...shape.query])];
  const known = names.length > 0 ? names : COMMON_FIELDS;
  const key = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.constantFrom(...COMMON_FIELDS) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
  return fc
    .array(key, { maxLength: known.length + 2 })
    .chain((keys) => fc.tuple(...[...new Set(keys)].map((k) => fieldValue(shape.nested, k).map((v) => [k, v] as const))))
    .map((pairs) => Object.fromEntries(pairs));
}

/** `{"__proto__": …, "constructor": …}` spliced into an object as text, where JSON.parse keeps them as own keys. */
function withPollutingKeys(object: Record<string, unknown>, keys: string[]): string {
  const own = JSON.stringify(object);
  const spliced = keys.map((key) => `${JSON.stringify(key)}:{"isAdmin":true,"roleId":1,"prototype":{"polluted":1}}`).join(',');
  return own === '{}' ? `{${spliced}}` : `{${spliced},${own.slice(1)}`;
}

type Body = { contentType?: string; body?: string };

function jsonBodies(shape: RouteShape): fc.Arbitrary<Body> {
  const json = (text: fc.Arbitrary<string>) => text.map((body) => ({ contentType: 'application/json', body }));
  return fc.oneof(
    { weight: 8, arbitrary: json(objectOf(shape).map((o) => JSON.stringify(o))) },
    { weight: 2, arbitrary: json(fc.tuple(objectOf(shape), fc.subarray(POLLUTING_KEYS, { minLength: 1 })).map(([o, keys]) => withPollutingKeys(o, keys))) },
    { weight: 1, arbitrary: json(fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null')) },
    { weight: 1, arbitrary: json(deepJson) },
    { weight: 1, arbitrary: json(fc.tuple(fc.constantFrom(...(shape.body.length ? shape.body : COMMON_FIELDS)), hugeString).map(([k, v]) => JSON.stringify({ [k]: v }))) },
    { weight: 1, arbitrary: json(fc.constantFrom('', ' ', '{', '{"a":', '[1,]', 'nul', '"\\ud800"', '{"a":"\\u0000"}', '\u0000', '{"a":1}{"a":2}', '{"a":1,"a":{"b":2}}')) },
    { weight: 1, arbitrary: fc.record({ contentType: fc.constantFrom('text/plain', 'application/xml', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'multipart/form-data; boundary=x', 'multipart/form-data', 'application/x-www-form-urlencoded', 'foo/bar', ''), body: fc.oneof(fc.constant('--x--\r\n'), nastyString, objectOf(shape).map((o) => JSON.stringify(o))) }) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** A form body: pairs encoded properly, or raw bytes a form parser must survive (`%`, `%zz`, repeated keys…). */
function formPairs(names: string[]): fc.Arbitrary<string> {
  const key = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.constantFrom(...POLLUTING_KEYS, 'a[b]', 'a[]', '') }, { weight: 1, arbitrary: nastyString });
  const encoded = fc.tuple(key, nastyString).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`);
  const raw = fc.constantFrom('%', '%zz=1', 'a=%ff%fe', '=', '&&&', 'a', 'a==b', '+=+', '%00=%00', 'username=a%00b', 'password=%uD800', 'grant_type=password&grant_type=password', 'a[b][c]=1');
  return fc.array(fc.oneof({ weight: 4, arbitrary: encoded }, { weight: 1, arbitrary: raw }), { maxLength: 6 }).map((parts) => parts.join('&'));
}

const TOKEN_FIELDS = ['grant_type', 'username', 'password', 'remember_me', 'client_id', 'scope', 'refresh_token'];

function tokenBodies(): fc.Arbitrary<Body> {
  const form = (text: fc.Arbitrary<string>) => text.map((body) => ({ contentType: 'application/x-www-form-urlencoded', body }));
  return fc.oneof(
    { weight: 6, arbitrary: form(formPairs(TOKEN_FIELDS)) },
    { weight: 1, arbitrary: form(fc.constant('grant_type=password&username=retailer%40frameport.test&password=wrong')) },
    { weight: 1, arbitrary: form(hugeString.map((s) => `username=${s}`)) },
    { weight: 2, arbitrary: jsonBodies({ query: [], body: TOKEN_FIELDS, nested: {} }) },
  );
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is written as its WTF-8
 * bytes (%ED%A0%80 for U+D800): what a careless client sends for it.
 */
function percentEncode(text: string): string {
  return text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
    return encodeURIComponent(char);
  });
}

/** A path parameter: an id-like value or a hostile one, percent-encoded, sometimes left raw. */
const pathParam = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -2, max: 3_000 }).map(String) },
  { weight: 4, arbitrary: nastyString.map(percentEncode) },
  { weight: 1, arbitrary: fc.constantFrom('%00', '%', '%zz', '%2e%2e', '..', '%2F', 'a%2Fb', '%C0%AE', '%ED%A0%80', 'x'.repeat(300)) },
);

function pathOf(pattern: string): fc.Arbitrary<string> {
  const names = [...pattern.matchAll(/:(\w+)|\*/g)];
  if (names.length === 0) return fc.constant(pattern);
  return fc.tuple(...names.map((m) => (m[0] === '*' ? fc.array(pathParam, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/')) : pathParam))).map((values) => {
    let index = 0;
    return pattern.replace(/:(\w+)|\*/g, () => values[index++] ?? '');
  });
}

function queryOf(shape: RouteShape): fc.Arbitrary<string> {
  const names = [...new Set([...shape.query, ...shape.body, 'email'])];
  const key = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.constantFrom(...POLLUTING_KEYS, 'a[b]', `${names[0]}[]`) }, { weight: 1, arbitrary: nastyString });
  const pair = fc.tuple(key, fc.oneof(nastyString, fc.integer({ min: -1, max: 3_000 }).map(String))).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`);
  const raw = fc.constantFrom('%', '%zz', 'a=%ff', '&&==', '=1', 'a', `${names[0]}=1&${names[0]}=2`, `${names[0]}=%00`, `${names[0]}=%ED%A0%80`, `${names[0]}=${'9'.repeat(400)}`);
  return fc.array(fc.oneof({ weight: 5, arbitrary: pair }, { weight: 1, arbitrary: raw }), { maxLength: 5 }).map((parts) => (parts.length ? `?${parts.join('&')}` : ''));
}

const CALLERS: Caller[] = ['nobody', 'bogus', 'retailer', 'sales', 'admin'];

/** Header text must be printable Latin-1 to be sent at all: hostile within that. */
const headerText = fc.oneof(
  fc.constantFrom('', ' ', 'x', '%00', '../..', "' OR 1=1 --", '\u00e9\u00ff', 'a'.repeat(300), 'crash-0123456789', '1'.repeat(8)),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 120 }),
);
/** Now and then a header beyond the token and content type (the caller's token is replaced by a hostile Authorization). */
const extraHeaders: fc.Arbitrary<Record<string, string> | undefined> = fc.option(
  fc.oneof(
    headerText.map((value): Record<string, string> => ({ authorization: `Bearer ${value}` })),
    fc.constantFrom<Record<string, string>>({ authorization: 'Basic Zm9vOmJhcg==' }, { authorization: 'Bearer' }, { authorization: `Bearer ${'A'.repeat(129)}` }),
    headerText.map((value): Record<string, string> => ({ 'idempotency-key': value })),
    headerText.map((value): Record<string, string> => ({ 'x-request-id': value })),
    fc.constantFrom<Record<string, string>>({ 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip;q=0, identity;q=0' }, { 'content-encoding': 'gzip' }, { 'content-length': '5' }, { 'transfer-encoding': 'chunked' }),
  ),
  { freq: 4, nil: undefined },
);
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/** Requests for one route of the table. */
export function requestsFor(route: { method: string; url: string }, shape: RouteShape | undefined): fc.Arbitrary<FuzzRequest> {
  const known = shape ?? { query: [], body: [], nested: {} };
  const isToken = route.method === 'POST' && route.url === '/token';
  const hasBody = route.method !== 'GET';
  const body: fc.Arbitrary<Body> = isToken ? tokenBodies() : hasBody ? jsonBodies(known) : fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: jsonBodies(known) });
  // Now and then the route's path with another method, so 404/405 paths are judged too.
  const method = fc.oneof({ weight: 12, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) });
  return fc
    .record({ caller: fc.constantFrom(...CALLERS), method, path: pathOf(route.url), query: queryOf(known), body, headers: extraHeaders })
    .map(({ caller, method: m, path: p, query, body: b, headers }) => ({ caller, method: m, url: `${p}${query}`, ...b, ...(headers ? { headers } : {}) }));
}

/**
 * Hand-written requests sent before the drawn ones, whatever the seed: every field the route
 * names (query, body, path, the acting email) set to a NUL byte, then to a lone surrogate, then
 * RTL marks with `__proto__`/`constructor` keys; an empty JSON body; and on /token the form
 * fields a sign-in form carries, with the same text.
 */
export function probesFor(route: { method: string; url: string }, shape: RouteShape | undefined): FuzzRequest[] {
  const known = shape ?? { query: [], body: [], nested: {} };
  // The acting email is left out where the other fields are probed: naming a retailer one may not
  // act for is refused (403) before the fields are read. It is probed on its own.
  const fields = known.body.filter((name) => name !== 'Email');
  const queryFields = known.query.filter((name) => name !== 'email');
  const filled = (value: string, caller: Caller, only?: 'acting'): FuzzRequest => {
    const query = (only ? ['email'] : queryFields).map((name) => `${name}=${percentEncode(value)}`).join('&');
    const names = only ? ['Email'] : fields;
    const body = Object.fromEntries(names.map((name) => [name, Object.hasOwn(known.nested, name) ? [Object.fromEntries(known.nested[name]!.map((inner) => [inner, value]))] : value]));
    const url = `${only ? route.url.replace(/:(\w+)|\*/g, '1') : route.url.replace(/:(\w+)|\*/g, percentEncode(value))}${query ? `?${query}` : ''}`;
    return route.method === 'GET' ? { caller, method: route.method, url } : { caller, method: route.method, url, contentType: 'application/json', body: JSON.stringify(body) };
  };
  if (route.method === 'POST' && route.url === '/token') {
    const form = (fields: Record<string, string>): FuzzRequest => ({ caller: 'nobody', method: 'POST', url: '/token', contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields).toString() });
    return [
      form({ grant_type: 'password', username: 'a\u0000b', password: 'x' }),
      form({ grant_type: 'password', username: DEMO_EMAILS.retailer, password: 'a\u0000b' }),
      { caller: 'nobody', method: 'POST', url: '/token', contentType: 'application/x-www-form-urlencoded', body: 'grant_type=password&username=%ED%A0%80&password=x' },
      form({ username: 'nobody@example.test', password: 'x' }),
      form({ grant_type: 'client_credentials', username: 'nobody@example.test', password: 'x' }),
    ];
  }
  const polluted = filled('\u202E1\u200F', 'retailer');
  const probes = [filled('a\u0000b', 'retailer'), filled('\uD800', 'admin'), filled('a\u0000b', 'sales', 'acting'), polluted];
  if (polluted.body !== undefined) polluted.body = withPollutingKeys(JSON.parse(polluted.body) as Record<string, unknown>, POLLUTING_KEYS);
  if (route.method !== 'GET') probes.push({ caller: 'retailer', method: route.method, url: route.url.replace(/:(\w+)|\*/g, '1'), contentType: 'application/json', body: '' });
  return probes;
}

// ---------------------------------------------------------------------------
// Running
// ---------------------------------------------------------------------------

export type FuzzTarget = { app: App; db: Db };

/** Signs in through /token as the demo accounts (the database holds the demo seed). */
async function signIn(app: App, username: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
  if (response.statusCode !== 200) throw new Error(`fuzz: signing in as ${username} failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { access_token: string }).access_token;
}

const ACCOUNTS: Record<Exclude<Caller, 'nobody' | 'bogus'>, [string, string]> = {
  retailer: [DEMO_EMAILS.retailer, DEMO_PASSWORDS.retailer],
  sales: [DEMO_EMAILS.sales, DEMO_PASSWORDS.sales],
  admin: [DEMO_EMAILS.admin, DEMO_PASSWORDS.admin],
};

export type FuzzOptions = {
  seed: number;
  /** Requests drawn per route before shrinking. */
  runsPerRoute: number;
  /** How long fast-check may spend on one route, shrinking included. */
  msPerRoute?: number;
  /** Only routes whose "METHOD /pattern" matches. */
  only?: RegExp;
  /** Told after each route: its name, requests sent so far, and its finding if any. */
  onRoute?: (route: string, requests: number, finding: Finding | undefined) => void;
};

/**
 * Fuzzes every route of `app.routeTable` (the database must hold the demo seed, for the sign-ins),
 * plus unknown paths, and returns the requests sent and the minimal failing request per route.
 */
export async function fuzzRoutes({ app, db }: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const tokens = new Map<Caller, string>();
  for (const [caller, [username, password]] of Object.entries(ACCOUNTS)) tokens.set(caller as Caller, await signIn(app, username, password));
  tokens.set('bogus', 'x'.repeat(43));

  const shapes = shapesFromOpenApi(app);
  const routes = [...app.routeTable.map((r) => ({ method: r.method, url: r.url })), { method: 'GET', url: '/*' }, { method: 'POST', url: '/api/*' }];
  let requests = 0;
  const statuses = new Map<number, number>();
  let state = await fingerprint(db);

  const send = async (route: string, request: FuzzRequest): Promise<Finding | undefined> => {
    const headers: Record<string, string> = {};
    const token = tokens.get(request.caller);
    if (token) headers.authorization = `Bearer ${token}`;
    Object.assign(headers, request.headers);
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    const options: InjectOptions = { method: request.method as InjectOptions['method'], url: request.url, headers };
    if (request.body !== undefined) options.payload = request.body;
    requests += 1;
    const response = await app.inject(options);
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    const problems = judge(route, request, response);
    const after = await fingerprint(db);
    if (response.statusCode >= 400) {
      const changed = changedTables(state, after);
      if (changed.length > 0) problems.push(`refused with ${response.statusCode} but changed ${changed.join(', ')}`);
    }
    state = after;
    // A fuzzed sign-out (or password change) ends the caller's session: sign in again for the next request.
    if (token && request.caller !== 'bogus' && response.statusCode < 400 && /logout|ChangePassword|resetPassword/i.test(request.url)) {
      const [username, password] = ACCOUNTS[request.caller as keyof typeof ACCOUNTS];
      tokens.set(request.caller, await signIn(app, username, password));
      state = await fingerprint(db);
    }
    if (problems.length === 0) return undefined;
    return { route, request, status: response.statusCode, problems, reply: decodedBody(response).slice(0, 300) };
  };

  const findings: Finding[] = [];
  let routeCount = 0;
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    if (options.only && !options.only.test(name)) continue;
    routeCount += 1;
    let last: Finding | undefined;
    const probes = probesFor(route, shapes.get(name)).map((probe) => [probe] as [FuzzRequest]);
    const result = await fc.check(
      fc.asyncProperty(requestsFor(route, shapes.get(name)), async (request) => {
        const finding = await send(name, request);
        if (finding) last = finding;
        return finding === undefined;
      }),
      {
        seed: options.seed,
        // The probes count as runs: the drawn requests come after them.
        numRuns: probes.length + options.runsPerRoute,
        examples: probes,
        ...(options.msPerRoute ? { interruptAfterTimeLimit: options.msPerRoute, markInterruptAsFailure: false } : {}),
      },
    );
    let finding: Finding | undefined;
    if (result.failed && result.counterexample) {
      // Replay the smallest request, so the finding describes it (not the last one tried while shrinking).
      finding = (await send(name, result.counterexample[0])) ?? last;
    }
    if (finding) findings.push(finding);
    options.onRoute?.(name, requests, finding);
  }
  return { requests, routes: routeCount, statuses, findings };
}

/** A finding as a few readable lines: what was sent, what came back, what is wrong. */
export function describeFinding(finding: Finding): string {
  const { request } = finding;
  const shown = (text: string) => JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
  return [
    `${finding.route}: ${finding.problems.join('; ')}`,
    `  sent: ${request.method} ${shown(request.url)} as ${request.caller}${request.contentType !== undefined ? `, content-type ${shown(request.contentType)}` : ''}${request.body !== undefined ? `, body ${shown(request.body)}` : ''}${request.headers ? `, headers ${JSON.stringify(request.headers)}` : ''}`,
    `  got: ${finding.status} ${shown(finding.reply)}`,
  ].join('\n');
}

/** A tiny web build (index.html and one asset) so the SPA's routes and fallback are fuzzed too. */
export function writeFakeWebBuild(dir: string): string {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Frameport</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app");\n');
  return dir;
}
