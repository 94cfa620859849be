import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from './modules/account/service.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { createProduct, createRetailer, loginAs, type TestUser } from './test/factories.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { loggerOptions, serializeError } from './log.ts';

/**
 * Database errors in the log: PostgreSQL's "Failing row contains (…)" detail and drizzle's bound
 * parameters carry whatever the statement wrote (token hashes, emails, password hashes, cart
 * lines). The failures are real: a `CHECK (false) NOT VALID` constraint refuses every new write to
 * a table while leaving its rows readable.
 */
let t: TestApp;
let logLines: string[] = [];
let retailer: TestUser;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({ logger: pino({ level: 'trace' }, sink) });
  retailer = await createRetailer(t.db, { stateCode: '36' });
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => {
  logLines = [];
});

/** Runs `request` while `ddl` has broken the table it needs; `undo` mends it. */
async function whileBroken<T>(ddl: string, undo: string, request: () => Promise<T>): Promise<T> {
  await t.db.execute(sql.raw(ddl));
  try {
    return await request();
  } finally {
    await t.db.execute(sql.raw(undo));
  }
}

/** `table` refuses every new insert and update while its rows stay readable. */
function refusingWrites(table: string): [string, string] {
  return [`alter table ${table} add constraint refuse_writes check (false) not valid`, `alter table ${table} drop constraint refuse_writes`];
}

function errorLines() {
  return logLines.map((line) => JSON.parse(line) as { level: number; err?: Record<string, unknown> }).filter((line) => line.level >= 50);
}

describe('database errors in the log', () => {
  it('a request whose session lookup fails logs the error without the token hash', async () => {
    const { token, headers } = await loginAs(t.app, retailer);
    const response = await whileBroken(
      'alter table sessions rename column token_hash to token_hash_gone',
      'alter table sessions rename column token_hash_gone to token_hash',
      () => t.app.inject({ url: '/api/Account/getUserProfile', headers }),
    );
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    const [failed] = errorLines();
    expect(failed?.err, logLines.join('')).toBeDefined();
    // What an operator needs stays: the kind of error, PostgreSQL's code and message, the statement.
    expect(failed!.err).toMatchObject({ type: 'DrizzleQueryError', code: '42703' });
    expect(failed!.err!.message).toMatch(/^Failed query: select .* from "sessions".*: column .*token_hash.* does not exist$/s);

    const log = logLines.join('');
    expect(log).not.toContain(hashToken(token));
    expect(log).not.toContain(token);
    expect(log).not.toMatch(/params/i);
  });

  it('a failed sign-in logs neither the email nor the password', async () => {
    const response = await whileBroken(
      'alter table users rename column email to email_gone',
      'alter table users rename column email_gone to email',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ grant_type: 'password', username: retailer.email, password: retailer.password }).toString(),
        }),
    );
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    expect(errorLines()).toHaveLength(1);
    const log = logLines.join('');
    expect(log).not.toContain(retailer.email);
    expect(log).not.toContain(retailer.password);
    expect(log).not.toMatch(/params/i);
  });

  it('a failed write logs neither the row (PostgreSQL\'s detail) nor the cart line it was writing', async () => {
    const { headers } = await loginAs(t.app, retailer);
    const product = await createProduct(t.db, { stocks: [40] });
    const response = await whileBroken(...refusingWrites('cart_lines'), () =>
      t.app.inject({
        method: 'POST',
        url: '/api/Product/addItemsToCart',
        headers,
        payload: { Products: [{ ProductId: product.productId, ColorVariant: 'C1', Quantity: 17 }] },
      }),
    );
    expect(response.statusCode).toBe(500);
    const [failed] = errorLines();
    expect(failed?.err).toMatchObject({ code: '23514', constraint: 'refuse_writes', table: 'cart_lines' });
    // The statement and PostgreSQL's words, and nothing of the line (quantity 17) it was writing.
    expect(failed!.err!.message).toBe(
      `Failed query: ${failed!.err!.query as string}: new row for relation "cart_lines" violates check constraint "refuse_writes"`,
    );
    const log = logLines.join('');
    expect(log).not.toContain('Failing row');
    expect(log).not.toMatch(/params/i);
  });

  it('an error straight from the database client (PGlite puts params on it) loses its parameters too', async () => {
    // drizzle's handle on the driver: a PGlite instance or a pg Pool, both with query(text, values).
    const client = (t.db as unknown as { $client: { query(text: string, values: unknown[]): Promise<unknown> } }).$client;
    const error = await client.query('select $1::integer', ['secret-value@frameport.test']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    const serialized = serializeError(error);
    expect(serialized).toMatchObject({ code: '22P02' });
    expect(JSON.stringify(serialized)).not.toMatch(/params|queryOptions/);
    expect(JSON.stringify(serialized)).not.toContain('secret-value@frameport.test');
  });
});

describe("main.ts's logger", () => {
  it('built from options (no logger instance) redacts the same way', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify(loggerOptions({ level: 'info', stream: sink }));
    registerErrorHandler(app);
    app.get('/fails', async () => t.db.execute(sql`select ${'secret-param@frameport.test'}::integer`));
    try {
      expect((await app.inject({ url: '/fails?token=SecretTokenValue123' })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
    const log = lines.join('');
    // PostgreSQL quotes the value it refused; the log keeps what kind of value it was.
    expect(log).toContain('"code":"22P02"');
    expect(log).toContain('invalid input syntax for type integer: \\"…\\"');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain('secret-param@frameport.test');
    expect(log).not.toContain('SecretTokenValue123');
  });
});

describe('request lines', () => {
  it('a reset link opened in the browser is logged without its token', async () => {
    await t.app.inject({ url: '/resetpassword?token=AbCdEfGh0123456789secret&x=1' });
    const log = logLines.join('');
    expect(log).toContain('/resetpassword?token=[redacted]&x=1');
    expect(log).not.toContain('AbCdEfGh0123456789secret');
  });
});
