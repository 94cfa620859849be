/**
 * Text PostgreSQL refuses (U+0000: 22021; an unpaired surrogate: 22P05 in jsonb) is a 400 naming
 * the field wherever it comes in (JSON bodies, query strings, the /token form, path parameters,
 * the acting email), never a 500; and a database error of that kind maps to 400 as a backstop.
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@frameport/domain/messages';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { createProduct, createRetailer, createStaffUser, loginAs } from '../test/factories.ts';
import { classifyError } from './error-handler.ts';

let t: TestApp;
let retailer: { authorization: string };
let admin: { authorization: string };
let retailerEmail: string;
let retailerId: number;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const user = await createRetailer(t.db);
  retailerEmail = user.email;
  retailerId = user.retailerId;
  retailer = (await loginAs(t.app, user)).headers;
  admin = (await loginAs(t.app, await createStaffUser(t.db, 'admin'))).headers;
  productId = (await createProduct(t.db, { stocks: [10] })).productId;
});

afterAll(async () => {
  await t?.close();
});

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';
const refused = (field: string) => messages.http.unstorableText(field);

describe('the three calls the review saw answer 500', () => {
  it('GetRazorpaymentStatus with PaymentLinkID "a\\u0000b" → 400 naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/backoffice/LensMaster/GetRazorpaymentStatus',
      headers: retailer,
      payload: { PaymentLinkID: NUL },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ Status: 1, Error: { Message: refused('"PaymentLinkID"'), StackTrace: null }, Data: null });
  });

  it('/token with username=a%00b → 400 in the OAuth shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=a%00b&password=secret1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_request', error_description: refused('"username"') });
  });

  it('the sandbox payment page and its API with x%00 → never a 500', async () => {
    // The page is the web app's (no build in tests: the 404 envelope); its data call validates the link id.
    expect((await t.app.inject({ url: '/payments/sandbox/x%00' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/payments/sandbox/x%00', headers: retailer });
    expect(api.statusCode).toBe(400);
    expect(api.json().Error.Message).toBe(refused('"linkId"'));
  });
});

type Case = { name: string; request: (bad: string) => InjectOptions };

const json = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload: Record<string, unknown>): InjectOptions => ({
  method,
  url,
  headers,
  payload,
});

/** Routes that take text, each with the bad text in one of its string fields. */
const CASES: Case[] = [
  { name: 'addItemsToCart ColorVariant', request: (bad) => json('POST', '/api/Product/addItemsToCart', retailer, { Products: [{ ProductId: productId, ColorVariant: bad, Quantity: 1 }] }) },
  { name: 'placeOrder Note', request: (bad) => json('POST', '/api/Order/placeOrder', retailer, { CartId: 1, Note: bad }) },
  { name: 'updateUserProfile name', request: (bad) => json('POST', '/api/Account/updateUserProfile', retailer, { name: bad, phoneNumber: '9876543210', email: retailerEmail }) },
  { name: 'ChangePassword CurrentPassword', request: (bad) => json('POST', '/api/Account/ChangePassword', retailer, { CurrentPassword: bad, NewPassword: 'Another#Pass1' }) },
  { name: 'ChangeEmail NewEmail', request: (bad) => json('POST', '/api/Account/ChangeEmail', retailer, { NewEmail: `${bad}@example.com`, CurrentPassword: 'x' }) },
  { name: 'forgotPassword email (public)', request: (bad) => json('POST', '/api/Account/forgotPassword', {}, { email: `${bad}@example.com` }) },
  { name: 'validateToken Token (public)', request: (bad) => json('POST', '/api/Account/validateToken', {}, { Token: bad }) },
  { name: 'resetPassword token (public)', request: (bad) => json('POST', '/api/Account/resetPassword', {}, { token: bad, newPassword: 'Another#Pass1' }) },
  { name: 'confirmEmailChange token (public)', request: (bad) => json('POST', '/api/Account/confirmEmailChange', {}, { token: bad }) },
  { name: 'the acting Email in a body', request: (bad) => json('POST', '/api/Product/updateItemsToCart', retailer, { lines: [{ CartProductDetailID: 1, Quantity: 1 }], Email: bad }) },
  { name: 'LensInvoiceReport Type', request: (bad) => json('POST', '/backoffice/LensMaster/LensInvoiceReport', retailer, { Type: bad, RetailerID: retailerId }) },
  { name: 'RazorpaymentRequest InvoiceNos', request: (bad) => json('POST', '/backoffice/LensMaster/RazorpaymentRequest', retailer, { Type: 'Stock', InvoiceNos: [bad], RetailerID: retailerId }) },
  { name: 'admin page Title', request: (bad) => json('PUT', '/api/admin/pages/FAQS', admin, { Title: bad, Content: '<p>x</p>', Year: null }) },
  { name: 'getAll search (query)', request: (bad) => ({ url: '/api/Product/getAll', query: { search: bad }, headers: retailer }) },
  { name: 'the acting email in a query', request: (bad) => ({ url: '/api/Account/getUserProfile', query: { email: bad }, headers: retailer }) },
  { name: 'the acting email on a route that does not read it', request: (bad) => ({ url: '/api/Product/getSortTypes', query: { email: bad }, headers: retailer }) },
  { name: 'GetPages pageName (public query)', request: (bad) => ({ url: '/api/Home/GetPages', query: { pageName: bad } }) },
  { name: 'a stored file’s path (public path parameter)', request: (bad) => ({ url: `/media/uploads/${encodeURIComponent(bad)}.webp` }) },
];

describe('every route that takes text', () => {
  it.each(CASES)('$name: NUL → 400, never 500', async ({ request }) => {
    const response = await t.app.inject(request(NUL));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ Status: 1, Data: null, Error: { StackTrace: null } });
    expect(response.json().Error.Message).toMatch(/contains characters that are not allowed/);
  });

  it.each(CASES.filter((c) => c.request('x').payload !== undefined))('$name: an unpaired surrogate → 400, never 500', async ({ request }) => {
    const response = await t.app.inject(request(LONE_SURROGATE));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().Error.Message).toMatch(/contains characters that are not allowed/);
  });

  it('leaves everything as it was: the refused profile change did not happen', async () => {
    const before = (await t.app.inject({ url: '/api/Account/getUserProfile', headers: retailer })).json().Data;
    await t.app.inject(CASES.find((c) => c.name === 'updateUserProfile name')!.request(NUL));
    expect((await t.app.inject({ url: '/api/Account/getUserProfile', headers: retailer })).json().Data).toEqual(before);
  });
});

describe('the backstop: PostgreSQL refusing text is a 400', () => {
  it('maps 22021 and 22P05 anywhere in the cause chain to 400, other database errors stay 500', () => {
    const pg = (code: string) => Object.assign(new Error('database said no'), { code });
    expect(classifyError(pg('22021'))).toMatchObject({ status: 400 });
    expect(classifyError(new Error('Failed query', { cause: pg('22P05') }))).toMatchObject({ status: 400 });
    expect(classifyError(new Error('Failed query', { cause: pg('23514') }))).toMatchObject({ status: 500 });
    expect(classifyError(new Error('Kaboom'))).toMatchObject({ status: 500 });
  });

  it('catches what the database driver really throws for a NUL in text', async () => {
    const error = await t.db.execute(sql`select ${NUL}::text as value`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeNull();
    expect(classifyError(error)).toEqual({ status: 400, message: refused('The text') });
  });
});
