import { messages } from '@frameport/domain/messages';
import { safeParse, type z } from 'zod/mini';
import { endSession, getAccessToken } from './session.ts';

/**
 * The one way the web talks to the server. `apiFetch` sends the bearer token, unwraps the
 * `{ Status, Error, Data }` envelope and parses `Data` with the contract schema, so a server that
 * drifts from the contract fails loudly instead of rendering wrong numbers. UI code never calls
 * `fetch`; calls that do not use the envelope (POST /token) use `sendRequest`.
 */

/** Shown when the request never reached the server (spec section 8 keeps this apart from a server error). */
export const NETWORK_ERROR_MESSAGE = messages.http.network;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly isNetworkError: boolean;

  constructor(status: number, message: string, options: { isNetworkError?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = status;
    this.isNetworkError = options.isNetworkError ?? false;
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export type ApiFetchOptions<S extends z.core.$ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; URLSearchParams and FormData as they are. */
  body?: unknown;
  /** Parses the envelope's `Data`. A 204 answer is parsed as `null`. */
  schema: S;
  /** Null and undefined values are left out; arrays repeat the parameter. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Defaults to the current session's token; `null` sends no Authorization header. */
  token?: string | null;
  /** Extra request headers, e.g. `Idempotency-Key`. Accept, Authorization and a JSON body's Content-Type win over them. */
  headers?: Record<string, string>;
};

/** `fetch` that turns "no answer" into an `ApiError` with `isNetworkError`; aborts stay aborts. */
export async function sendRequest(input: string, init: RequestInit = {}, answer: Promise<Response> | null = null): Promise<Response> {
  try {
    return await (answer ?? fetch(input, init));
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, { isNetworkError: true, cause: error });
  }
}

export function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return search === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

export async function apiFetch<S extends z.core.$ZodType>(path: string, options: ApiFetchOptions<S>): Promise<z.output<S>> {
  const { method = 'GET', body, schema, query, signal } = options;
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  let payload: BodyInit | undefined;
  if (body instanceof URLSearchParams || body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const response = await sendAuthorized(buildUrl(path, query), { method, headers, body: payload, signal: signal ?? null }, options.token);

  if (response.status === 204) return parseData(schema, null, response.status);

  const envelope = readEnvelope(await readJson(response));
  if (!response.ok || envelope === null || envelope.Status !== 0) throw failureOf(response.status, envelope);
  return parseData(schema, envelope.Data, response.status);
}

/**
 * `sendRequest` with the bearer token (the session's unless `token` says otherwise; null sends
 * none). A 401 for the session's own token ends the session: the route guard sends the user to /login.
 */
async function sendAuthorized(input: string, init: RequestInit & { headers: Headers }, token: string | null | undefined) {
  const bearer = token === undefined ? getAccessToken() : token;
  if (bearer !== null) init.headers.set('Authorization', `Bearer ${bearer}`);
  const early = init.method === 'GET' && bearer !== null ? takeEarlyAnswer(input, bearer) : null;
  const response = await sendRequest(input, init, early);
  if (response.status === 401 && bearer !== null && bearer === getAccessToken()) endSession('expired');
  return response;
}

/** Where public/boot.js keeps the answers it asked for early (app/early-requests.ts): URL → token and answer. */
export const EARLY_ANSWERS_GLOBAL = '__frameportEarly';

type EarlyAnswers = Map<string, { token: string; response: Promise<Response> }>;

/**
 * The answer boot.js asked for this URL with this token as the page arrived, once: a later call, or
 * one with another token (a new sign-in), asks the server. boot.js drops what is not taken within
 * a minute, so nothing old is ever served.
 */
function takeEarlyAnswer(url: string, token: string): Promise<Response> | null {
  const answers = (window as unknown as Record<string, EarlyAnswers | undefined>)[EARLY_ANSWERS_GLOBAL];
  const early = answers?.get(url);
  if (early === undefined) return null;
  answers?.delete(url);
  return early.token === token ? early.response : null;
}

/** The ApiError of a failed answer: the envelope's message when the server sent one. */
function failureOf(status: number, envelope: LooseEnvelope | null): ApiError {
  const fallback = status === 401 ? messages.http.unauthorized : messages.http.unexpected;
  return new ApiError(status, envelope?.message ?? fallback);
}

/**
 * GET a protected file (an invoice PDF) with the bearer token, as a Blob. Failures are ApiErrors
 * like `apiFetch`'s: the server's envelope message when it sends one, the network flag when no
 * answer came, and a 401 ends the session.
 */
export async function fetchFile(
  path: string,
  options: { accept?: string; signal?: AbortSignal; token?: string | null } = {},
): Promise<Blob> {
  const headers = new Headers({ Accept: options.accept ?? '*/*' });
  const response = await sendAuthorized(path, { method: 'GET', headers, signal: options.signal ?? null }, options.token);
  if (!response.ok) throw failureOf(response.status, readEnvelope(await readJson(response)));
  return response.blob();
}

/** The message to show for any thrown value. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return messages.http.unexpected;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

type LooseEnvelope = { Status: number; message: string | null; Data: unknown };

function readEnvelope(json: unknown): LooseEnvelope | null {
  if (typeof json !== 'object' || json === null || !('Status' in json) || typeof json.Status !== 'number') return null;
  const error = 'Error' in json ? json.Error : null;
  const message =
    typeof error === 'object' && error !== null && 'Message' in error && typeof error.Message === 'string' && error.Message !== ''
      ? error.Message
      : null;
  return { Status: json.Status, message, Data: 'Data' in json ? json.Data : undefined };
}

function parseData<S extends z.core.$ZodType>(schema: S, data: unknown, status: number): z.output<S> {
  const result = safeParse(schema, data);
  if (result.success) return result.data;
  console.error('Response does not match the contract', result.error.issues);
  throw new ApiError(status, messages.http.unexpected, { cause: result.error });
}
