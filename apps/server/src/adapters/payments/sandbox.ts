import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import { text } from '@frameport/domain/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { sandboxPaymentLinks } from '../../db/schema.ts';
import { ProviderError, type CreateLinkRequest, type PaymentProvider, type ProviderLink, type ProviderLinkStatus } from './provider.ts';

/**
 * The sandbox provider: payment links without a provider account. It keeps its own book
 * (`sandbox_payment_links`, what Razorpay keeps on its side); the payer chooses "Pay" or "Fail
 * payment" on the web app's sandbox page, through the payments module's routes, which check whose
 * link it is first. No money moves. When a link is paid the sandbox tells its listener at once
 * (the payments module syncs the link), as Razorpay's webhook would.
 */

export type SandboxRow = typeof sandboxPaymentLinks.$inferSelect;
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
 * The page is a screen of the web app this server serves, so its address is a path: it opens from
 * whatever address the payer reached the app at (sharing that origin's signed-in session), even
 * when PUBLIC_URL (used in mails) names another.
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

export function createSandboxProvider(deps: { db: Db; clock: Clock; logger?: Pick<FastifyBaseLogger, 'error'> }): SandboxProvider {
  const { db, clock, logger } = deps;
  const listeners: PaidListener[] = [];

  async function find(linkId: string): Promise<SandboxRow | null> {
    const [row] = await db.select().from(sandboxPaymentLinks).where(eq(sandboxPaymentLinks.id, linkId));
    return row ?? null;
  }

  /** Moves an open link to `status`; returns the link as it now stands (null: unknown id). */
  async function settle(linkId: string, status: Exclude<SandboxStatus, 'created'>): Promise<{ row: SandboxRow | null; changed: boolean }> {
    const now = clock.now();
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

/**
 * A sandbox link id in a path (/api/payments/sandbox/:linkId). The payment page that uses it is a
 * screen of the web app, calling the payments module's sandbox routes with the payer's session.
 */
export const LinkParamsSchema = z.object({ linkId: text().check(z.minLength(1), z.maxLength(64)) });
