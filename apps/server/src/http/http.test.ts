import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { createProduct, createRetailer, loginAs } from '../test/factories.ts';

/** The HTTP basics every route shares: envelope, one error handler, headers, limits, SPA. */

let t: TestApp;
let signedIn: { authorization: string };
const webDist = mkdtempSync(path.join(tmpdir(), 'frameport-web-'));
const PRERENDERED_LOGIN = '<!doctype html><title>Log in</title><div id="root" data-prerendered="/login"><h1>Partner login</h1></div>';

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Frameport</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log("app")'));
  mkdirSync(path.join(webDist, 'prerendered'));
  writeFileSync(path.join(webDist, 'prerendered', 'login.html'), PRERENDERED_LOGIN);
  writeFileSync(path.join(webDist, 'prerendered', 'login.html.br'), brotliCompressSync(PRERENDERED_LOGIN));
  t = await buildTestApp({ webDistDir: webDist });
  signedIn = (await loginAs(t.app, await createRetailer(t.db))).headers;
});

afterAll(async () => {
  await t.close();
});

describe('errors answer with the envelope, never a stack trace', () => {
  it('an unknown /api route → 404 envelope', async () => {
    const response = await t.app.inject({ url: '/api/Nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(fail(messages.http.notFound));
  });

  it('malformed JSON → 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Account/logout',
      headers: { ...signedIn, 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fail(messages.http.malformedJson));
  });

  it('application/json with no body (what many clients send on DELETE) is a call without a body', async () => {
    const own = (await loginAs(t.app, await createRetailer(t.db))).headers;
    const json = { ...own, 'content-type': 'application/json' };
    const product = await createProduct(t.db, { stocks: [50] });
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/Product/addItemsToCart',
      headers: own,
      payload: { Products: [{ ProductId: product.productId, ColorVariant: 'C1', Quantity: 1 }] },
    });
    expect(add.statusCode).toBe(200);
    const cart = await t.app.inject({ url: '/api/Product/getCartItems', headers: own });
    const lineId = cart.json().Data.cartItems[0].CartProductDetailId as number;
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/Product/deleteCartItems?CartProductDetailID=${lineId}`, headers: json });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().Data.productCount).toBe(0);
    const cleared = await t.app.inject({ method: 'DELETE', url: '/api/Product/clearCart', headers: { ...json, 'content-type': 'application/json; charset=utf-8' } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/Account/logout', headers: json })).statusCode).toBe(200);
  });

  it('a route that needs a body answers an empty or non-object one with a clear 400', async () => {
    for (const payload of ['', 'null', '[]', '"text"']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/Product/addItemsToCart',
        headers: { ...signedIn, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual(fail(messages.http.bodyNotObject));
    }
  });

  it('JSON naming __proto__ or constructor.prototype is refused (400), as by Fastify’s own parser', async () => {
    for (const payload of ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/Account/logout',
        headers: { ...signedIn, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().Status).toBe(1);
    }
  });

  it('a content type the server does not read → 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Account/logout',
      headers: { ...signedIn, 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(fail(messages.http.unsupportedMediaType));
  });

  it('a body over the limit → 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Account/logout',
      headers: { ...signedIn, 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(200 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(fail(messages.http.tooLarge));
  });

  it('invalid query input → 400 naming the field', async () => {
    const response = await t.app.inject({ url: `/api/Account/getUserProfile?email=${'a'.repeat(300)}`, headers: signedIn });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fail('"email" must be at most 254 characters long'));
  });
});

describe('security headers and request ids', () => {
  it('sends CSP, nosniff, frame-ancestors and no X-Powered-By', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('answers every request with a request id, keeping a well-formed incoming one', async () => {
    const fresh = await t.app.inject({ url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-12345678' } });
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
    const refused = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id <script>' } });
    expect(refused.headers['x-request-id']).not.toBe('bad id <script>');
  });
});

describe('OpenAPI', () => {
  it('serves the document with the account routes and the UI at /api/docs', async () => {
    const json = await t.app.inject({ url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toBe('3.0.3');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/token', '/api/Account/getUserProfile', '/api/Account/logout']));
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('the built SPA', () => {
  it('serves index.html for client-side routes and hashed assets with a long cache', async () => {
    const page = await t.app.inject({ url: '/purchase-order?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    // The build's files are public routes: no session needed, as for the page itself.
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(t.app.routeTable.find((route) => route.url === '/assets/app-abc123.js')?.isPublic).toBe(true);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends the build’s precompressed copies to browsers that take them, the plain file to others', async () => {
    const br = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');
    const gz = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
    // index.html has no compressed copy here: the client route still gets it.
    const page = await t.app.inject({ url: '/homepage', headers: { 'accept-encoding': 'gzip, br' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('answers a path the build prerendered with that page, query or not, and other paths with index.html', async () => {
    for (const url of ['/login', '/login?next=%2Fproducts']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toBe(PRERENDERED_LOGIN);
    }
    const compressed = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(PRERENDERED_LOGIN);
    for (const url of ['/login/', '/loginx', '/resetpassword']) {
      expect((await t.app.inject({ url })).body).toContain('<div id="root"></div>');
    }
    expect((await t.app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });

  it('compresses API answers above 1 KB for browsers that take it, and leaves small ones alone', async () => {
    const big = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as { openapi: string };
    expect(document.openapi).toBe('3.0.3');
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('sends a compressed API answer whole, with its length, in the encoding the browser prefers', async () => {
    for (let made = 0; made < 6; made += 1) await createProduct(t.db, { stocks: [5, 0] });
    const catalogue = '/api/Product/getAll?search=&pageNumber=1&pageSize=14';
    // A catalogue page is compressed on the event loop, the 500 KB API document on the thread pool.
    for (const [url, headers] of [
      [catalogue, signedIn],
      ['/api/docs/json', {}],
    ] as const) {
      const plain = await t.app.inject({ url, headers });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers.vary, url).toContain('Accept-Encoding');
      const document = plain.body;
      expect(Buffer.byteLength(document), url).toBeGreaterThan(4096);

      const br = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip;q=0.8, br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['transfer-encoding'], url).toBeUndefined();
      expect(Number(br.headers['content-length']), url).toBe(br.rawPayload.length);
      expect(br.rawPayload.length, url).toBeLessThan(Buffer.byteLength(document) / 3);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(document);
      expect(br.headers.vary, url).toContain('Accept-Encoding');

      const gz = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(Number(gz.headers['content-length']), url).toBe(gz.rawPayload.length);
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(document);

      for (const accepted of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
        const none = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': accepted } });
        expect(none.headers['content-encoding'], `${url} ${accepted}`).toBeUndefined();
        expect(none.body, `${url} ${accepted}`).toBe(document);
      }
      const refused = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'br', 'x-no-compression': '1' } });
      expect(refused.headers['content-encoding'], url).toBeUndefined();
      expect(refused.body, url).toBe(document);
    }
  });

  it('does not answer API paths or missing files with the SPA', async () => {
    expect((await t.app.inject({ url: '/api/unknown' })).statusCode).toBe(404);
    for (const url of ['/%61pi/unknown', '//api/unknown', '/API/Product/getAll', '/x/../api/unknown', '/%2Fbackoffice/x']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual(fail(messages.http.notFound));
    }
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/home' })).statusCode).toBe(404);
  });
});

describe('GET /healthz', () => {
  it('answers 200 while the database answers, and 503 without a stack trace when it does not', async () => {
    const local = await buildTestApp();
    expect((await local.app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'ok' });
    const user = await createRetailer(local.db);
    const { headers } = await loginAs(local.app, user);
    await local.database.close();
    const health = await local.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable' });
    // An unexpected failure inside a route: 500 with a readable message and nothing internal.
    const profile = await local.app.inject({ url: '/api/Account/getUserProfile', headers });
    expect(profile.statusCode).toBe(500);
    expect(profile.json()).toEqual(fail(messages.http.serverError));
    expect(profile.body).not.toMatch(/at .*\.ts|PGlite|closed|Error:/i);
    await local.app.close();
  });
});
