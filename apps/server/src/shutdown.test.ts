/**
 * Graceful shutdown of the real server (main.ts in a child process, as `npm start` runs it, on an
 * embedded database of its own): SIGTERM in the middle of a burst of placeOrder calls.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, gt, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, SearchResults } from '@frameport/domain/contract';
import { DATA_DIR_LOCK_FILE, openDatabase, queryRows } from './db/client.ts';
import { mailOutbox, orderLines, orders } from './db/schema.ts';
import { startReplica, waitHealthy, type Replica } from './test/replicas.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'frameport-shutdown-'));
let server: Replica | undefined;

/** A slow mail server (each mail takes 1.5 s to accept): order mails are still on their way at SIGTERM. */
const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      setTimeout(() => {
        received.push(session.envelope.rcptTo.map((to) => to.address).join(','));
        callback();
      }, 1500);
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await server?.stop(5_000);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

type Outcome = { kind: 'answer'; status: number; body: string } | { kind: 'connection error'; reason: string };
type Line = { ProductId: number; ColorVariant: string; Quantity: number };

async function request(url: string, init: RequestInit): Promise<Outcome> {
  try {
    const response = await fetch(url, init);
    // A complete answer is a whole body; a body cut off mid-way would throw here.
    return { kind: 'answer', status: response.status, body: await response.text() };
  } catch (error) {
    return { kind: 'connection error', reason: String((error as Error).cause ?? error) };
  }
}

async function signIn(base: string, username: string, password: string) {
  const response = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in ${username}: ${response.status} ${await response.text()}`);
  const token = ((await response.json()) as { access_token: string }).access_token;
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

describe('SIGTERM during a burst of orders', () => {
  it('exits 0; every request gets a complete answer or a connection error; every acknowledged order is whole', async () => {
    const { port: smtpPort } = smtp.server.address() as { port: number };
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      SEED_PRODUCTS: '10',
      LOG_LEVEL: 'info',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    };
    server = await startReplica('graceful', env);
    await waitHealthy(server, 150_000);
    const base = server.url;
    const clients = await Promise.all([
      signIn(base, 'retailer@frameport.test', 'Retailer@123'),
      signIn(base, 'retailer.blr@frameport.test', 'Retailer@123'),
    ]);

    // Frames with stock: each order takes one piece of three colours.
    const page = await fetch(`${base}/api/Product/getAll?search=isAvailable%3Dtrue&pageNumber=1&pageSize=20`, { headers: clients[0] });
    const products = ((await page.json()) as { Data: SearchResults }).Data.searchResults.value;
    const variants = products
      .flatMap((product) => product.productColor.map((colour) => ({ productId: product.productId, colour })))
      .filter(({ colour }) => colour.availableStockQuantity >= 50)
      .slice(0, 6);
    expect(variants.length).toBe(6);
    const [before] = await Promise.all([
      fetch(`${base}/api/Order/getMyOrders?pageNumber=1&pageSize=1`, { headers: clients[0] }).then((r) => r.status),
    ]);
    expect(before).toBe(200);
    const stockBefore = new Map(variants.map(({ colour }) => [colour.productColorId, colour.availableStockQuantity]));

    const acknowledged: Array<{ orderId: number; lines: Line[] }> = [];
    const outcomes: Outcome[] = [];
    const record = (outcome: Outcome) => {
      outcomes.push(outcome);
      return outcome;
    };
    let stopping = false;

    // Each client: fill the cart, read its id, then place it three times at once (one order per cart).
    const burst = clients.map(async (headers, client) => {
      for (let round = 0; round < 200 && outcomes.every((o) => o.kind === 'answer'); round += 1) {
        const lines: Line[] = [0, 1, 2].map((k) => {
          const { productId, colour } = variants[(client * 3 + k + round) % variants.length]!;
          return { ProductId: productId, ColorVariant: colour.colorVariant, Quantity: 1 + ((round + k) % 2) };
        });
        const added = record(await request(`${base}/api/Product/addItemsToCart`, { method: 'POST', headers, body: JSON.stringify({ Products: lines }) }));
        if (added.kind !== 'answer' || added.status !== 200) continue;
        const cart = record(await request(`${base}/api/Product/getCartItems?pageNumber=1&pageSize=20`, { headers }));
        if (cart.kind !== 'answer' || cart.status !== 200) continue;
        const cartData = (JSON.parse(cart.body) as { Data: CartResponse }).Data;
        const cartLines: Line[] = cartData.cartItems.map((line) => ({
          ProductId: line.ProductID,
          ColorVariant: line.ColorVariant,
          Quantity: line.CartProductTotQuantity,
        }));
        const placed = await Promise.all(
          [0, 1, 2].map(() =>
            request(`${base}/api/Order/placeOrder`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ CartId: cartData.billToInfo.CartId, Note: `burst ${client}/${round}` }),
            }),
          ),
        );
        placed.forEach(record);
        for (const outcome of placed) {
          if (outcome.kind === 'answer' && outcome.status === 200) {
            const orderId = (JSON.parse(outcome.body) as { Data: { OrderID: number } }).Data.OrderID;
            if (!acknowledged.some((order) => order.orderId === orderId)) acknowledged.push({ orderId, lines: cartLines });
          }
        }
        if (!stopping && acknowledged.length >= 4) {
          stopping = true;
          server!.process.kill('SIGTERM');
          // Ctrl+C under `npm start` arrives twice (from the terminal and from start.mjs), and a
          // supervisor may repeat its SIGTERM: the second must not cut the first's work short.
          setTimeout(() => server!.process.kill('SIGINT'), 200);
        }
      }
    });
    const exitCode = new Promise<number | null>((resolve) => server!.process.once('exit', (code) => resolve(code)));
    await Promise.all(burst);
    expect(await exitCode, server.output()).toBe(0);
    expect(stopping).toBe(true);
    expect(server.output()).toContain('shutting down');

    // Every request: a complete answer (the envelope, or a 503 while closing) or a connection error.
    for (const outcome of outcomes) {
      if (outcome.kind === 'connection error') continue;
      expect([200, 400, 409, 422, 503]).toContain(outcome.status);
      expect(JSON.parse(outcome.body)).toHaveProperty('Status');
    }
    expect(outcomes.some((outcome) => outcome.kind === 'connection error' || outcome.status === 503)).toBe(true);
    // The data folder was closed cleanly: no lock left behind.
    expect(existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);

    // The same data opened again: every acknowledged order with its lines, and stock that adds up.
    const database = await openDatabase({ dataDir });
    try {
      const burstOrders = await database.db
        .select({ id: orders.id, ref: orders.orderRefNo })
        .from(orders)
        .where(sql`${orders.note} like 'burst %'`);
      for (const order of acknowledged) {
        expect(burstOrders.map((row) => row.id)).toContain(order.orderId);
        const lines = await database.db
          .select({ ProductId: orderLines.productId, ColorVariant: orderLines.colorVariant, Quantity: orderLines.quantity })
          .from(orderLines)
          .where(inArray(orderLines.orderId, [order.orderId]));
        expect(lines.sort((x, y) => x.ColorVariant.localeCompare(y.ColorVariant) || x.ProductId - y.ProductId)).toEqual(
          [...order.lines].sort((x, y) => x.ColorVariant.localeCompare(y.ColorVariant) || x.ProductId - y.ProductId),
        );
      }
      // Each order's mail went out before the process ended (SMTP was slow, not down).
      const mails = await database.db
        .select({ subject: mailOutbox.subject, status: mailOutbox.status })
        .from(mailOutbox)
        .where(sql`${mailOutbox.subject} like 'Order % placed'`);
      for (const order of burstOrders) {
        expect(mails.find((mail) => mail.subject === `Order ${order.ref} placed`)?.status).toBe('sent');
      }
      expect(received.length).toBeGreaterThanOrEqual(burstOrders.length);
      // No order without lines, and every piece ordered in the burst left the stock exactly once.
      const ids = burstOrders.map((row) => row.id);
      const empty = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*) as n from orders o where o.id in ${ids.length ? sql`(${sql.join(ids, sql`, `)})` : sql`(null)`}
          and not exists (select 1 from order_lines l where l.order_id = o.id)`,
      );
      expect(empty[0]?.n).toBe(0);
      const taken = ids.length
        ? await database.db
            .select({ colourId: orderLines.productColourId, quantity: sql<number>`sum(${orderLines.quantity})`.mapWith(Number) })
            .from(orderLines)
            .where(and(inArray(orderLines.orderId, ids), gt(orderLines.quantity, 0)))
            .groupBy(orderLines.productColourId)
        : [];
      const stockNow = await queryRows<{ id: number; available_stock_quantity: number }>(
        database.db,
        sql`select id, available_stock_quantity from product_colours where id in (${sql.join([...stockBefore.keys()], sql`, `)})`,
      );
      for (const row of stockNow) {
        const took = taken.find((entry) => entry.colourId === row.id)?.quantity ?? 0;
        expect(row.available_stock_quantity + took).toBe(stockBefore.get(row.id));
      }
    } finally {
      await database.close();
    }
  }, 240_000);
});
