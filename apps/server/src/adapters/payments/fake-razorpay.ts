/**
 * A local fake of Razorpay's Payment Links API for tests (node:http on 127.0.0.1, random port),
 * speaking the documented shapes (domain-india.md §5.2–5.5): Basic auth, create / fetch / cancel,
 * `plink_…` entities with short_url, status, amount_paid and payments, errors as
 * `{ error: { code, description } }`. The test marks links paid on it and builds the webhook
 * payload Razorpay would send. Never touches the internet.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeLinkEntity = {
  id: string;
  short_url: string;
  status: 'created' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';
  amount: number;
  amount_paid: number;
  currency: string;
  accept_partial: boolean;
  description: string;
  reference_id: string;
  customer: Record<string, unknown>;
  notify: Record<string, unknown>;
  reminder_enable: boolean;
  notes: Record<string, string>;
  callback_url: string | null;
  callback_method: string | null;
  expire_by: number;
  expired_at: number;
  cancelled_at: number;
  created_at: number;
  updated_at: number;
  user_id: string;
  upi_link: boolean;
  reminders: unknown[];
  payments: Array<{
    amount: number;
    created_at: number;
    method: string;
    payment_id: string;
    plink_id: string;
    status: 'captured';
    updated_at: number;
  }> | null;
};

export type FakeRequest = { method: string; path: string; authorized: boolean; body: unknown };

function randomId(length: number): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((byte) => chars[byte % chars.length]).join('');
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function badRequest(res: ServerResponse, description: string, status = 400) {
  sendJson(res, status, { error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' } });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeRazorpay(options: { keyId: string; keySecret: string }) {
  const links = new Map<string, FakeLinkEntity>();
  const requests: FakeRequest[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const now = () => Math.floor(Date.now() / 1000);

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const text = await readBody(req);
      const body = parseJson(text);
      const authorized = req.headers.authorization === expectedAuth;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, authorized, body });
      if (!authorized) return badRequest(res, 'Authentication failed', 401);

      const parts = url.pathname.split('/').filter(Boolean); // ['v1', 'payment_links', id?, 'cancel'?]
      if (parts[0] !== 'v1' || parts[1] !== 'payment_links') return badRequest(res, 'The requested URL was not found on the server.', 404);

      if (req.method === 'POST' && parts.length === 2) {
        const b = (body ?? {}) as Record<string, unknown>;
        if (!Number.isInteger(b.amount) || (b.amount as number) < 100) return badRequest(res, 'The amount must be atleast INR 1.00');
        if (b.currency !== undefined && b.currency !== 'INR') return badRequest(res, 'The currency provided is not supported');
        if (typeof b.reference_id !== 'string' || b.reference_id.length > 40) return badRequest(res, 'The reference id may not be greater than 40 characters.');
        if ([...links.values()].some((link) => link.reference_id === b.reference_id)) {
          return badRequest(res, `Payment Link with reference id ${b.reference_id} already exists`);
        }
        if (b.callback_url !== undefined && b.callback_method !== 'get') return badRequest(res, 'The callback method must be get');
        const notes = (b.notes ?? {}) as Record<string, unknown>;
        if (Object.keys(notes).length > 15) return badRequest(res, 'The notes may not have more than 15 items.');
        if (Object.values(notes).some((value) => typeof value !== 'string' || value.length > 256)) {
          return badRequest(res, 'The notes value may not be greater than 256 characters.');
        }
        if (typeof b.description === 'string' && b.description.length > 2048) {
          return badRequest(res, 'The description may not be greater than 2048 characters.');
        }
        const id = `plink_${randomId(14)}`;
        const at = now();
        const entity: FakeLinkEntity = {
          id,
          short_url: `https://rzp.io/i/${randomId(9)}`,
          status: 'created',
          amount: b.amount as number,
          amount_paid: 0,
          currency: 'INR',
          accept_partial: Boolean(b.accept_partial),
          description: String(b.description ?? ''),
          reference_id: b.reference_id,
          customer: (b.customer ?? {}) as Record<string, unknown>,
          notify: (b.notify ?? {}) as Record<string, unknown>,
          reminder_enable: Boolean(b.reminder_enable),
          notes: (b.notes ?? {}) as Record<string, string>,
          callback_url: typeof b.callback_url === 'string' ? b.callback_url : null,
          callback_method: typeof b.callback_method === 'string' ? b.callback_method : null,
          expire_by: typeof b.expire_by === 'number' ? b.expire_by : at + 180 * 86_400,
          expired_at: 0,
          cancelled_at: 0,
          created_at: at,
          updated_at: at,
          user_id: '',
          upi_link: false,
          reminders: [],
          payments: null,
        };
        links.set(id, entity);
        return sendJson(res, 200, entity);
      }

      const link = parts[2] ? links.get(parts[2]) : undefined;
      if (!link) return badRequest(res, 'The id provided does not exist');
      if (req.method === 'GET' && parts.length === 3) return sendJson(res, 200, link);
      if (req.method === 'POST' && parts[3] === 'cancel' && parts.length === 4) {
        if (link.status !== 'created') return badRequest(res, `Payment link cannot be cancelled in ${link.status} state`);
        link.status = 'cancelled';
        link.cancelled_at = now();
        link.updated_at = now();
        return sendJson(res, 200, link);
      }
      return badRequest(res, 'The requested URL was not found on the server.', 404);
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function get(id: string): FakeLinkEntity {
    const link = links.get(id);
    if (!link) throw new Error(`fake razorpay: no link ${id}`);
    return link;
  }

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    links,
    requests,
    get,
    /** The payer pays the link in full: status paid, amount_paid = amount, one captured payment. */
    markPaid(id: string): FakeLinkEntity {
      const link = get(id);
      const at = now();
      link.status = 'paid';
      link.amount_paid = link.amount;
      link.updated_at = at;
      link.payments = [
        { amount: link.amount, created_at: at, method: 'upi', payment_id: `pay_${randomId(14)}`, plink_id: id, status: 'captured', updated_at: at },
      ];
      return link;
    },
    markExpired(id: string): FakeLinkEntity {
      const link = get(id);
      link.status = 'expired';
      link.expired_at = now();
      return link;
    },
    /** The body Razorpay POSTs for `payment_link.paid` / `.expired` / `.cancelled` of a link. */
    webhookPayload(event: 'payment_link.paid' | 'payment_link.expired' | 'payment_link.cancelled' | 'payment_link.partially_paid', id: string) {
      const link = get(id);
      const payment = link.payments?.at(-1);
      return {
        entity: 'event',
        account_id: 'acc_FakeAccount0001',
        event,
        contains: payment ? ['payment_link', 'order', 'payment'] : ['payment_link'],
        payload: {
          payment_link: { entity: { ...link, order_id: `order_${link.id.slice(6)}` } },
          ...(payment
            ? {
                order: { entity: { id: `order_${link.id.slice(6)}`, amount: link.amount, amount_paid: link.amount_paid, status: 'paid', receipt: link.reference_id } },
                payment: {
                  entity: { id: payment.payment_id, entity: 'payment', amount: payment.amount, currency: 'INR', status: 'captured', method: payment.method },
                },
              }
            : {}),
        },
        created_at: now(),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;
