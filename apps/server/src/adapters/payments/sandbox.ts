import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatInr } from '@frameport/domain';
import type { Db } from '../../db/client.ts';
import { sandboxPaymentLinks } from '../../db/schema.ts';
import { CLOSE_WINDOW_TEXT, html, page, type Html } from './html.ts';
import { ProviderError, type CreateLinkRequest, type PaymentProvider, type ProviderLink, type ProviderLinkStatus } from './provider.ts';

/**
 * The sandbox provider: payment links without a provider account. It keeps its own book
 * (`sandbox_payment_links`, what Razorpay keeps on its side) and serves the payment page, where the
 * payer chooses "Pay" or "Fail payment". No money moves. When a link is paid the sandbox tells its
 * listener at once (the payments module syncs the link), as Razorpay's webhook would.
 */

type SandboxRow = typeof sandboxPaymentLinks.$inferSelect;
type SandboxStatus = 'created' | 'paid' | 'failed' | 'cancelled';

export const SANDBOX_PAGE_PREFIX = '/payments/sandbox';
export const SANDBOX_MERCHANT = 'Frameport';
export const SANDBOX_FAILURE_REASON = 'The payer chose "Fail payment" on the sandbox page.';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

export type PaidListener = (linkId: string) => Promise<void>;

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Called after a link is paid on the sandbox page (before the page answers), like a webhook. */
  onPaid(listener: PaidListener): void;
  /** The sandbox's own record of a link, or null when it never made one with this id. */
  find(linkId: string): Promise<SandboxRow | null>;
  /** Pays an open link (amount paid = amount, a `pay_sbx_…` id); any other link stays as it is. */
  pay(linkId: string): Promise<SandboxRow | null>;
  /** Fails an open link with a reason; any other link stays as it is. */
  fail(linkId: string): Promise<SandboxRow | null>;
}

/**
 * The page is served by this server, so its address is a path: it opens from whatever address the
 * payer reached the app at, even when PUBLIC_URL (used in mails) names another.
 */
function toProviderLink(row: SandboxRow): ProviderLink {
  return {
    id: row.id,
    shortUrl: `${SANDBOX_PAGE_PREFIX}/${row.id}`,
    status: row.status as ProviderLinkStatus,
    amountPaise: row.amountPaise,
    amountPaidPaise: row.amountPaidPaise,
    paymentId: row.providerPaymentId,
    failureReason: row.failureReason,
  };
}

export function createSandboxProvider(deps: { db: Db; logger?: Pick<FastifyBaseLogger, 'error'> }): SandboxProvider {
  const { db, logger } = deps;
  const listeners: PaidListener[] = [];

  async function find(linkId: string): Promise<SandboxRow | null> {
    const [row] = await db.select().from(sandboxPaymentLinks).where(eq(sandboxPaymentLinks.id, linkId));
    return row ?? null;
  }

  /** Moves an open link to `status`; returns the link as it now stands (null: unknown id). */
  async function settle(linkId: string, status: Exclude<SandboxStatus, 'created'>): Promise<{ row: SandboxRow | null; changed: boolean }> {
    const now = new Date();
    const values =
      status === 'paid'
        ? { status, amountPaidPaise: sql`${sandboxPaymentLinks.amountPaise}`, providerPaymentId: `pay_sbx_${randomAlphanumeric(14)}`, updatedAt: now }
        : status === 'failed'
          ? { status, failureReason: SANDBOX_FAILURE_REASON, updatedAt: now }
          : { status, updatedAt: now };
    const [changed] = await db
      .update(sandboxPaymentLinks)
      .set(values)
      .where(and(eq(sandboxPaymentLinks.id, linkId), eq(sandboxPaymentLinks.status, 'created')))
      .returning();
    return changed ? { row: changed, changed: true } : { row: await find(linkId), changed: false };
  }

  return {
    name: 'sandbox',

    async createLink(request: CreateLinkRequest) {
      const [row] = await db
        .insert(sandboxPaymentLinks)
        .values({
          id: `plink_sbx_${randomAlphanumeric(14)}`,
          referenceId: request.referenceId,
          amountPaise: request.amountPaise,
          description: request.description,
          customerName: request.customer.name,
          callbackUrl: request.callbackUrl,
        })
        .returning();
      if (!row) throw new ProviderError('sandbox', 'sandbox link not written');
      return toProviderLink(row);
    },

    async fetchLink(id: string) {
      const row = await find(id);
      if (!row) throw new ProviderError('sandbox', `sandbox link ${id} does not exist`, { statusCode: 404 });
      return toProviderLink(row);
    },

    async cancelLink(id: string) {
      const { row } = await settle(id, 'cancelled');
      if (!row) throw new ProviderError('sandbox', `sandbox link ${id} does not exist`, { statusCode: 404 });
    },

    onPaid(listener) {
      listeners.push(listener);
    },

    find,

    async pay(linkId) {
      const { row, changed } = await settle(linkId, 'paid');
      if (row && changed) {
        for (const listener of listeners) {
          try {
            await listener(linkId);
          } catch (error) {
            // The link is paid whatever the listener did; the next status read syncs it again.
            logger?.error({ err: error, linkId }, 'sandbox: paid-link listener failed');
          }
        }
      }
      return row;
    },

    async fail(linkId) {
      return (await settle(linkId, 'failed')).row;
    },
  };
}

// ---------------------------------------------------------------------------
// The sandbox's pages (public, outside /api and /backoffice)
// ---------------------------------------------------------------------------

const PAGE_TITLE = 'Frameport sandbox payment';

function details(row: SandboxRow, extra: Html[] = []): Html {
  return html`<dl>
<dt>Merchant</dt><dd>${SANDBOX_MERCHANT}</dd>
<dt>Description</dt><dd>${row.description}</dd>
<dt>Transaction no.</dt><dd>${row.referenceId}</dd>
${extra}</dl>`;
}

/** The page for a link as it stands: the payment form while open, otherwise its outcome. */
export function renderSandboxPage(row: SandboxRow, returnUrl: string | null = row.callbackUrl): string {
  const back = returnUrl ? html`<p><a href="${returnUrl}">Return to Frameport</a></p>` : html``;
  const base = `${SANDBOX_PAGE_PREFIX}/${encodeURIComponent(row.id)}`;
  switch (row.status as SandboxStatus) {
    case 'created':
      return page({
        title: PAGE_TITLE,
        heading: PAGE_TITLE,
        body: html`${details(row, row.customerName ? [html`<dt>Payer</dt><dd>${row.customerName}</dd>`] : [])}
<p class="amount">${formatInr(row.amountPaise)}</p>
<p class="note">This is a sandbox: no real money moves. Choose how this test payment ends.</p>
<form method="post" action="${base}/pay"><button class="pay" type="submit">Pay ${formatInr(row.amountPaise)}</button></form>
<form method="post" action="${base}/fail"><button class="fail" type="submit">Fail payment</button></form>`,
      });
    case 'paid':
      return page({
        title: `Payment successful - ${PAGE_TITLE}`,
        heading: 'Payment successful',
        headingClass: 'ok',
        body: html`${details(row, [
          html`<dt>Amount paid</dt><dd>${formatInr(row.amountPaidPaise)}</dd>`,
          html`<dt>Payment id</dt><dd>${row.providerPaymentId ?? ''}</dd>`,
        ])}
<p>${CLOSE_WINDOW_TEXT}</p>${back}`,
      });
    case 'failed':
      return page({
        title: `Payment failed - ${PAGE_TITLE}`,
        heading: 'Payment failed',
        headingClass: 'bad',
        body: html`${details(row, [html`<dt>Amount</dt><dd>${formatInr(row.amountPaise)}</dd>`])}
<p>${row.failureReason ?? 'The payment did not go through.'} No money was taken.</p>
<p>${CLOSE_WINDOW_TEXT}</p>${back}`,
      });
    case 'cancelled':
      return page({
        title: `Payment link cancelled - ${PAGE_TITLE}`,
        heading: 'Payment link cancelled',
        headingClass: 'bad',
        body: html`${details(row, [html`<dt>Amount</dt><dd>${formatInr(row.amountPaise)}</dd>`])}
<p>This payment link can no longer be paid. Please start a new payment in Frameport.</p>
<p>${CLOSE_WINDOW_TEXT}</p>${back}`,
      });
  }
}

export function renderSandboxNotFound(): string {
  return page({
    title: `Payment link not found - ${PAGE_TITLE}`,
    heading: 'Payment link not found',
    headingClass: 'bad',
    body: html`<p>There is no sandbox payment link at this address. Please start a new payment in Frameport.</p>`,
  });
}

const LinkParamsSchema = z.object({ linkId: z.string().min(1).max(64) });

/**
 * GET /payments/sandbox/:linkId (the page), POST …/pay and POST …/fail (its two buttons; both
 * answer 303 to the page, which then shows the outcome). Public: whoever has the link pays it,
 * as with a real payment link.
 */
export const sandboxPageRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxProvider }> = async (app, { sandbox }) => {
  const routeOptions = { config: { auth: 'public' as const }, schema: { hide: true, params: LinkParamsSchema } };

  app.get(`${SANDBOX_PAGE_PREFIX}/:linkId`, routeOptions, async (request, reply) => {
    const row = await sandbox.find(request.params.linkId);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!row) return reply.code(404).send(renderSandboxNotFound());
    return reply.send(renderSandboxPage(row));
  });

  for (const action of ['pay', 'fail'] as const) {
    app.post(`${SANDBOX_PAGE_PREFIX}/:linkId/${action}`, routeOptions, async (request, reply) => {
      const row = action === 'pay' ? await sandbox.pay(request.params.linkId) : await sandbox.fail(request.params.linkId);
      if (!row) {
        return reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderSandboxNotFound());
      }
      return reply.code(303).header('location', `${SANDBOX_PAGE_PREFIX}/${encodeURIComponent(row.id)}`).send();
    });
  }
};
