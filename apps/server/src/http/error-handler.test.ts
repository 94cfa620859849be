/**
 * URLs the router refuses before any route runs (found by the HTTP fuzzer, test/fuzz.ts) answer in
 * the envelope like every other failure, not in Fastify's own `{error, code, message}` JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { buildTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

const failure = fail(messages.http.invalidInput);

describe('URLs the router refuses', () => {
  it('a percent-escape that decodes to no valid text → 400 envelope', async () => {
    const response = await t.app.inject({ url: '/media/uploads/%ED%A0%80/x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(failure);
  });

  it('a path parameter longer than the router takes → 414 envelope', async () => {
    const response = await t.app.inject({ url: `/backoffice/LensMaster/InvoiceDocument/${'1'.repeat(300)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual(failure);
  });
});
