import { z } from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../testing/render-app.tsx';
import { ApiError, apiFetch, EARLY_ANSWERS_GLOBAL, fetchFile, NETWORK_ERROR_MESSAGE } from './api-client.ts';
import { getSessionState, startSession } from './session.ts';

const CountSchema = z.object({ CartCount: z.number().check(z.int()) });

function signIn(accessToken = 'token-abc') {
  startSession({ accessToken, expiresAt: Date.now() + 60_000, userName: 'asha@vermaopticals.in', rememberMe: false });
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('apiFetch', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.restoreAllMocks());

  it('sends the bearer token and returns the parsed Data of the envelope', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ Status: 0, Error: null, Data: { CartCount: 3 } }));

    const data = await apiFetch('/api/Product/getCartItemsCount', {
      schema: CountSchema,
      query: { email: 'shop@example.in', page: 1, skipped: null, ids: [4, 5] },
    });

    expect(data).toEqual({ CartCount: 3 });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/Product/getCartItemsCount?email=shop%40example.in&page=1&ids=4&ids=5');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-abc');
  });

  it('sends a JSON body', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ Status: 0, Error: null, Data: { message: 'Added' } }));

    await apiFetch('/api/Product/addItemsToCart', {
      method: 'POST',
      body: { Products: [] },
      schema: z.object({ message: z.string() }),
    });

    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"Products":[]}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends extra headers such as Idempotency-Key, but never lets them replace the token or Accept', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ Status: 0, Error: null, Data: { message: 'Placed' } }));

    await apiFetch('/api/Order/placeOrder', {
      method: 'POST',
      body: { CartId: 7 },
      schema: z.object({ message: z.string() }),
      headers: { 'Idempotency-Key': 'key-1', Authorization: 'Bearer forged', Accept: 'text/html' },
    });

    const headers = new Headers(fetchSpy.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toBe('key-1');
    expect(headers.get('Authorization')).toBe('Bearer token-abc');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('throws an ApiError with the server message on Status 1', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ Status: 1, Error: { Message: 'Order quantity limit reached', StackTrace: null }, Data: null }, 409),
    );

    const error = await caught(apiFetch('/api/Order/placeOrder', { method: 'POST', schema: CountSchema }));

    expect(error.status).toBe(409);
    expect(error.message).toBe('Order quantity limit reached');
    expect(error.isNetworkError).toBe(false);
  });

  it('treats Status 1 as a failure even with HTTP 200', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ Status: 1, Error: { Message: 'Invoices not found.', StackTrace: null }, Data: null }),
    );

    const error = await caught(apiFetch('/x', { schema: CountSchema }));

    expect(error.message).toBe('Invoices not found.');
  });

  it('uses the generic message when a failure has no envelope', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await caught(apiFetch('/x', { schema: CountSchema }));

    expect(error.status).toBe(502);
    expect(error.message).toBe('An unexpected server error occurred.');
  });

  it('fails when Data does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ Status: 0, Error: null, Data: { CartCount: 'three' } }));

    const error = await caught(apiFetch('/x', { schema: CountSchema }));

    expect(error.message).toBe('An unexpected server error occurred.');
    expect(error.cause).toBeInstanceOf(z.core.$ZodError);
  });

  it('flags a network failure, apart from a server error', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await caught(apiFetch('/x', { schema: CountSchema }));

    expect(error.isNetworkError).toBe(true);
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('lets an abort stay an abort', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new DOMException('Aborted', 'AbortError'));

    await expect(apiFetch('/x', { schema: CountSchema, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('clears the session on 401', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ Status: 1, Error: { Message: 'Your session has expired. Please sign in again.', StackTrace: null }, Data: null }, 401),
    );

    const error = await caught(apiFetch('/api/Account/getUserProfile', { schema: CountSchema }));

    expect(error.status).toBe(401);
    expect(getSessionState()).toEqual({ session: null, endedBy: 'expired' });
    expect(window.sessionStorage.getItem('frameport.session')).toBeNull();
  });

  it('keeps a newer session when a request made with an older token gets 401', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ Status: 1, Error: null, Data: null }, 401));

    await caught(apiFetch('/api/Account/logout', { method: 'POST', schema: CountSchema, token: 'old-token' }));

    expect(getSessionState().session?.accessToken).toBe('token-abc');
  });

  it('sends no Authorization header for a public call', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ Status: 0, Error: null, Data: { CartCount: 0 } }));

    await apiFetch('/api/Home/getCorporateDetails', { schema: CountSchema, token: null });

    expect(new Headers(fetchSpy.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });
});

describe('fetchFile', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.restoreAllMocks());

  it('GETs the file with the bearer token and returns its body as a Blob', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('%PDF-1.7 invoice', { status: 200, headers: { 'Content-Type': 'application/pdf' } }));

    const blob = await fetchFile('/backoffice/LensMaster/InvoiceDocument/12', { accept: 'application/pdf' });

    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7 invoice');
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/backoffice/LensMaster/InvoiceDocument/12');
    expect(init?.method).toBe('GET');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-abc');
    expect(headers.get('Accept')).toBe('application/pdf');
  });

  it('throws the server message of a failure envelope', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ Status: 1, Error: { Message: 'Invoice not found.', StackTrace: null }, Data: null }, 404),
    );

    const error = await caught(fetchFile('/backoffice/LensMaster/InvoiceDocument/99'));

    expect(error.status).toBe(404);
    expect(error.message).toBe('Invoice not found.');
  });

  it('uses the generic message when a failure has no envelope', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await caught(fetchFile('/backoffice/LensMaster/InvoiceDocument/12'));

    expect(error.status).toBe(502);
    expect(error.message).toBe('An unexpected server error occurred.');
  });

  it('ends the session on 401 and flags a network failure apart', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(jsonResponse({ Status: 1, Error: null, Data: null }, 401));

    const expired = await caught(fetchFile('/backoffice/LensMaster/InvoiceDocument/12'));

    expect(expired.message).toBe('Your session has expired. Please sign in again.');
    expect(getSessionState().endedBy).toBe('expired');

    signIn();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = await caught(fetchFile('/backoffice/LensMaster/InvoiceDocument/12'));
    expect(offline.isNetworkError).toBe(true);
    expect(offline.message).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe('apiFetch with the answers public/boot.js asked for early', () => {
  type Early = Map<string, { token: string; response: Promise<Response> }>;
  const early = () => (window as unknown as Record<string, Early | undefined>)[EARLY_ANSWERS_GLOBAL];
  const answered = (token: string, count: number) => ({ token, response: Promise.resolve(jsonResponse({ Status: 0, Error: null, Data: { CartCount: count } })) });

  beforeEach(() => signIn('token-abc'));
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL];
    vi.restoreAllMocks();
  });

  it('takes the answer for the same URL and token once, then asks the server', async () => {
    (window as unknown as Record<string, Early>)[EARLY_ANSWERS_GLOBAL] = new Map([['/api/Product/getCartItemsCount?page=1', answered('token-abc', 7)]]);
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ Status: 0, Error: null, Data: { CartCount: 8 } }));

    expect(await apiFetch('/api/Product/getCartItemsCount', { schema: CountSchema, query: { page: 1 } })).toEqual({ CartCount: 7 });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(early()?.size).toBe(0);
    expect(await apiFetch('/api/Product/getCartItemsCount', { schema: CountSchema, query: { page: 1 } })).toEqual({ CartCount: 8 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('asks the server for another URL, for an answer asked with another token, and for anything but a GET', async () => {
    (window as unknown as Record<string, Early>)[EARLY_ANSWERS_GLOBAL] = new Map([
      ['/api/Product/getCartItemsCount?page=1', answered('token-of-someone-before', 7)],
      ['/api/Product/getCartItemsCount?page=2', answered('token-abc', 7)],
    ]);
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse({ Status: 0, Error: null, Data: { CartCount: 8 } }));

    expect(await apiFetch('/api/Product/getCartItemsCount', { schema: CountSchema, query: { page: 3 } })).toEqual({ CartCount: 8 });
    expect(await apiFetch('/api/Product/getCartItemsCount', { schema: CountSchema, query: { page: 1 } })).toEqual({ CartCount: 8 });
    expect(await apiFetch('/api/Product/getCartItemsCount', { method: 'POST', schema: CountSchema, query: { page: 2 } })).toEqual({ CartCount: 8 });
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it('reports an early request that got no answer as a network error, as its own', async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => {});
    (window as unknown as Record<string, Early>)[EARLY_ANSWERS_GLOBAL] = new Map([['/api/Product/getCartItemsCount', { token: 'token-abc', response: failed }]]);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');

    const error = await caught(apiFetch('/api/Product/getCartItemsCount', { schema: CountSchema }));
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
