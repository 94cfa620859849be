import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  allocatePayment,
  checkAmountToPay,
  istDateOf,
  normalisePhone,
  paiseToRupees,
  sumPaise,
} from '@frameport/domain';
import type { GetRazorpaymentStatusResponse } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import type { Mailer, MailMessage } from '../../adapters/mail.ts';
import { isOpenLink, ProviderError, type PaymentProvider, type ProviderLink } from '../../adapters/payments/provider.ts';
import type { RazorpayWebhook } from '../../adapters/payments/razorpay.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { invoices, paymentAllocations, paymentEvents, payments, retailers } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { ActingContext } from '../../http/identity.ts';
import { receiptMail, type ReceiptLine } from './receipt.ts';

/**
 * Invoice payments: a retailer (or someone acting for it) asks for a payment link for an amount of
 * what it owes; the provider (sandbox or Razorpay) takes the money; the payment is applied to the
 * retailer's open invoices EXACTLY ONCE, however often and however concurrently the provider's
 * word arrives (status reads, webhooks, the sandbox page, the callback).
 *
 * Provider HTTP never runs inside a database transaction: links are created before their row is
 * written and read before a payment is applied.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];

/** How long a payment link can be paid. */
export const PAYMENT_LINK_VALIDITY_MS = 24 * 60 * 60 * 1000;
/** Retry-After of a 503 when the provider does not answer. */
const PROVIDER_RETRY_AFTER_SECONDS = 30;

const TRANSACTION_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 'FPTXN20261120' + 8 random upper-case letters and digits: 21 characters (Razorpay allows 40). */
export function newTransactionNo(now: Date): string {
  let suffix = '';
  for (let i = 0; i < 8; i++) suffix += TRANSACTION_CHARS[randomInt(TRANSACTION_CHARS.length)];
  return `FPTXN${istDateOf(now).replace(/-/g, '')}${suffix}`;
}

const STATUS_MESSAGE: Record<PaymentStatus, string> = {
  created: messages.payment.pending,
  paid: messages.payment.paid,
  failed: messages.payment.failed,
  expired: messages.payment.expired,
  cancelled: messages.payment.cancelled,
};

/** GetRazorpaymentStatus's reply for a payment as it stands. */
export function toStatusResponse(payment: PaymentRow): GetRazorpaymentStatusResponse {
  return {
    result: payment.status === 'paid',
    message: STATUS_MESSAGE[payment.status],
    status: payment.status,
    transactionNo: payment.transactionNo,
    amount: paiseToRupees(payment.amountPaise),
  };
}

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type PaymentsServiceDeps = {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  mailer: Mailer;
  logger: Logger;
  /** Where the payer's browser returns after paying (Razorpay's callback route, or the web app). */
  callbackUrl: string;
};

export type LinkRequest = {
  /** TransactionAmount as sent: rupees, as typed or as a number. */
  amount: number | string | null | undefined;
  mobile: string | null | undefined;
  invoiceNos: readonly string[] | undefined;
};

export type WebhookOutcome = 'duplicate' | 'applied' | 'closed' | 'ignored' | 'unknown_link';

export function createPaymentsService({ db, clock, provider, mailer, logger, callbackUrl }: PaymentsServiceDeps) {
  /** A provider failure as the 503 the payer sees; the provider's own words only in the log. */
  function unavailable(error: unknown, what: string): never {
    if (!(error instanceof ProviderError)) throw error;
    logger.error(
      { err: error, provider: error.provider, providerStatus: error.statusCode, providerError: error.description },
      `payment provider: ${what} failed`,
    );
    throw new AppError('unavailable', messages.payment.providerUnavailable, { retryAfterSeconds: PROVIDER_RETRY_AFTER_SECONDS });
  }

  async function fetchLink(linkId: string): Promise<ProviderLink> {
    try {
      return await provider.fetchLink(linkId);
    } catch (error) {
      return unavailable(error, `fetch link ${linkId}`);
    }
  }

  async function find(linkId: string): Promise<PaymentRow | null> {
    const [row] = await db.select().from(payments).where(eq(payments.paymentLinkId, linkId));
    return row ?? null;
  }

  async function reload(paymentId: number): Promise<PaymentRow> {
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!row) throw new Error(`payment ${paymentId} vanished`);
    return row;
  }

  /**
   * A payment link for the acting retailer: the amount is checked against the balance of the
   * chosen invoices (or of every open invoice), the link is made at the provider, then its row is
   * written. Nothing is written and the provider is not called when the request is refused.
   */
  async function requestLink(acting: ActingContext, input: LinkRequest): Promise<PaymentRow> {
    const now = clock.now();
    const open = await db
      .select({ id: invoices.id, invoiceNo: invoices.invoiceNo, invoiceDate: invoices.invoiceDate, balancePaise: invoices.balancePaise })
      .from(invoices)
      .where(and(eq(invoices.retailerId, acting.retailerId), gt(invoices.balancePaise, 0)))
      .orderBy(asc(invoices.invoiceDate), asc(invoices.id));

    let chosen: typeof open | null = null;
    if (input.invoiceNos && input.invoiceNos.length > 0) {
      const byNo = new Map(open.map((invoice) => [invoice.invoiceNo.toUpperCase(), invoice]));
      const wanted = [...new Set(input.invoiceNos.map((no) => no.trim().toUpperCase()))];
      const found = wanted.map((no) => byNo.get(no));
      if (found.some((invoice) => invoice === undefined)) throw new AppError('invalid', messages.payment.invoiceNotOpen);
      chosen = found as typeof open;
    }
    const towards = chosen ?? open;
    const duePaise = sumPaise(towards.map((invoice) => invoice.balancePaise));
    if (duePaise === 0) throw new AppError('invalid', messages.payment.nothingDue);
    const amount = checkAmountToPay(input.amount, duePaise);
    if (!amount.ok) throw new AppError('invalid', amount.message);

    const [retailer] = await db
      .select({ businessName: retailers.businessName, email: retailers.email, phone: retailers.phone })
      .from(retailers)
      .where(eq(retailers.id, acting.retailerId));
    if (!retailer) throw new Error(`retailer ${acting.retailerId} not found`);
    let contact: string | null;
    const typed = input.mobile?.trim();
    if (typed) {
      contact = normalisePhone(typed);
      if (!contact) throw new AppError('invalid', messages.profile.phoneInvalid);
    } else {
      contact = normalisePhone(retailer.phone);
    }

    const transactionNo = newTransactionNo(now);
    const invoiceList = towards.map((invoice) => invoice.invoiceNo);
    const listed = invoiceList.length > 10 ? `${invoiceList.slice(0, 10).join(', ')} and ${invoiceList.length - 10} more` : invoiceList.join(', ');
    const expiresAt = new Date(now.getTime() + PAYMENT_LINK_VALIDITY_MS);

    let link: ProviderLink;
    try {
      link = await provider.createLink({
        amountPaise: amount.paise,
        referenceId: transactionNo,
        description: `${retailer.businessName}: payment towards invoice${invoiceList.length === 1 ? '' : 's'} ${listed}`,
        customer: { name: retailer.businessName, email: retailer.email, contact: contact ?? undefined },
        callbackUrl,
        expireBy: expiresAt,
        notes: { transaction_no: transactionNo, retailer_id: String(acting.retailerId), invoices: invoiceList.join(',') },
      });
    } catch (error) {
      return unavailable(error, 'create link');
    }

    try {
      const [row] = await db
        .insert(payments)
        .values({
          retailerId: acting.retailerId,
          targetInvoiceIds: chosen ? chosen.map((invoice) => invoice.id) : null,
          provider: provider.name,
          paymentLinkId: link.id,
          paymentLinkUrl: link.shortUrl,
          transactionNo,
          amountPaise: amount.paise,
          status: 'created',
          expiresAt,
          createdByUserId: acting.identity.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('payment not written');
      return row;
    } catch (error) {
      // No row, no way to apply the money: close the link again rather than leave it payable.
      await provider.cancelLink(link.id).catch((cancelError: unknown) => {
        logger.error({ err: cancelError, linkId: link.id }, 'payment link without a row could not be cancelled');
      });
      throw error;
    }
  }

  /**
   * Applies a paid payment once: the guarded UPDATE (`applied_at is null`) lets exactly one caller
   * through; that caller locks the retailer's open invoices (id order, so two payments of one
   * retailer never deadlock), spreads the amount with `allocatePayment`, raises each invoice's
   * paid amount, records the allocations and any credit left, and queues the receipt, all in one
   * transaction. The receipt goes out after commit.
   */
  async function applyPaid(paymentId: number, providerPaymentId: string | null): Promise<PaymentRow> {
    const now = clock.now();
    const outcome = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(payments)
        .set({
          status: 'paid',
          appliedAt: now,
          failureReason: null,
          updatedAt: now,
          ...(providerPaymentId ? { providerPaymentId } : {}),
        })
        .where(and(eq(payments.id, paymentId), isNull(payments.appliedAt)))
        .returning();
      if (!claimed) return null;

      const open = await tx
        .select({ id: invoices.id, invoiceDate: invoices.invoiceDate, balancePaise: invoices.balancePaise })
        .from(invoices)
        .where(and(eq(invoices.retailerId, claimed.retailerId), gt(invoices.balancePaise, 0)))
        .orderBy(asc(invoices.id))
        .for('update');
      const { allocations, unappliedPaise } = allocatePayment(claimed.amountPaise, open, claimed.targetInvoiceIds ?? null);

      const lines: ReceiptLine[] = [];
      for (const allocation of allocations) {
        const [invoice] = await tx
          .update(invoices)
          .set({ paidPaise: sql`${invoices.paidPaise} + ${allocation.amountPaise}`, updatedAt: now })
          .where(eq(invoices.id, allocation.invoiceId))
          .returning({ invoiceNo: invoices.invoiceNo, balancePaise: invoices.balancePaise, status: invoices.paymentStatus });
        if (!invoice) throw new Error(`invoice ${allocation.invoiceId} vanished while locked`);
        lines.push({ invoiceNo: invoice.invoiceNo, appliedPaise: allocation.amountPaise, balancePaise: invoice.balancePaise, status: invoice.status });
      }
      if (allocations.length > 0) {
        await tx.insert(paymentAllocations).values(
          allocations.map((allocation) => ({ paymentId, invoiceId: allocation.invoiceId, amountPaise: allocation.amountPaise, createdAt: now })),
        );
      }
      let applied = claimed;
      if (unappliedPaise > 0) {
        const [updated] = await tx.update(payments).set({ unappliedPaise }).where(eq(payments.id, paymentId)).returning();
        applied = updated ?? claimed;
        logger.warn(
          { paymentId, transactionNo: claimed.transactionNo, retailerId: claimed.retailerId, unappliedPaise },
          'payment larger than the open invoices: the rest is a credit on the account',
        );
      }

      const [retailer] = await tx
        .select({ businessName: retailers.businessName, email: retailers.email })
        .from(retailers)
        .where(eq(retailers.id, claimed.retailerId));
      if (!retailer) throw new Error(`retailer ${claimed.retailerId} not found`);
      const message = receiptMail({
        to: retailer.email,
        businessName: retailer.businessName,
        transactionNo: applied.transactionNo,
        providerPaymentId: applied.providerPaymentId,
        amountPaise: applied.amountPaise,
        unappliedPaise,
        paidAt: now,
        lines,
        sandbox: applied.provider === 'sandbox',
      });
      const mailId = await mailer.queue(tx, message);
      const mail: { id: number; message: MailMessage } = { id: mailId, message };
      return { payment: applied, mail };
    });

    if (!outcome) return reload(paymentId);
    logger.info(
      { paymentId, transactionNo: outcome.payment.transactionNo, amountPaise: outcome.payment.amountPaise },
      'payment applied to invoices',
    );
    mailer.deliver(outcome.mail.id, outcome.mail.message).catch((error: unknown) => {
      logger.error({ err: error, paymentId }, 'payment receipt mail not sent');
    });
    return outcome.payment;
  }

  /** A link that ended without money: failed, expired or cancelled. Only an open payment moves (never a paid one). */
  async function close(paymentId: number, status: 'failed' | 'expired' | 'cancelled', reason: string | null): Promise<PaymentRow> {
    const [row] = await db
      .update(payments)
      .set({ status, failureReason: reason, updatedAt: clock.now() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'created'), isNull(payments.appliedAt)))
      .returning();
    return row ?? reload(paymentId);
  }

  /** Moves a payment to where its provider link stands. */
  async function applyLink(payment: PaymentRow, link: ProviderLink): Promise<PaymentRow> {
    switch (link.status) {
      case 'paid':
        if (link.amountPaidPaise < payment.amountPaise) {
          logger.error(
            { paymentId: payment.id, linkId: link.id, amountPaise: payment.amountPaise, amountPaidPaise: link.amountPaidPaise },
            'provider reports the link paid with less than its amount: not applied',
          );
          return payment;
        }
        return applyPaid(payment.id, link.paymentId);
      case 'failed':
      case 'expired':
      case 'cancelled':
        return close(payment.id, link.status, link.failureReason);
      case 'created':
      case 'partially_paid':
        return payment;
    }
  }

  /**
   * Reads the link at the provider and moves the payment to match. A link still open past our
   * expiry is cancelled at the provider first (the sandbox keeps no expiry of its own), then read
   * again: if it was paid meanwhile, the money is applied.
   */
  async function syncWithProvider(payment: PaymentRow): Promise<PaymentRow> {
    let link = await fetchLink(payment.paymentLinkId);
    if (isOpenLink(link.status) && payment.expiresAt && payment.expiresAt.getTime() <= clock.now().getTime()) {
      try {
        await provider.cancelLink(link.id);
      } catch (error) {
        logger.warn({ err: error, linkId: link.id }, 'overdue payment link not cancelled at the provider');
      }
      link = await fetchLink(payment.paymentLinkId);
      // We cancelled it for its age: for the retailer it expired.
      if (link.status === 'cancelled') link = { ...link, status: 'expired' };
    }
    return applyLink(payment, link);
  }

  /** A status read: a payment still open is checked with the provider; a final one answers as it is. */
  async function refresh(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.status !== 'created') return payment;
    return syncWithProvider(payment);
  }

  /**
   * The provider says something happened to a link (the sandbox page, Razorpay's callback): read it
   * and apply. Unlike a status read this also looks again at a payment we closed (money that
   * arrives late is still applied); an applied one is left alone. Null for an unknown link.
   */
  async function sync(linkId: string): Promise<PaymentRow | null> {
    const payment = await find(linkId);
    if (!payment) return null;
    if (payment.appliedAt) return payment;
    return syncWithProvider(payment);
  }

  /**
   * One verified Razorpay webhook. Recorded in `payment_events` first (provider + event id): a
   * repeat answers 'duplicate' at once. If handling fails the record is removed again, so
   * Razorpay's retry is handled afresh.
   */
  async function handleRazorpayEvent(eventId: string, body: RazorpayWebhook): Promise<WebhookOutcome> {
    const linkId = body.payload?.payment_link?.entity.id ?? null;
    const [recorded] = await db
      .insert(paymentEvents)
      .values({ provider: 'razorpay', eventId, event: body.event, paymentLinkId: linkId, receivedAt: clock.now() })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!recorded) {
      logger.info({ eventId, event: body.event, linkId }, 'razorpay webhook: event already handled');
      return 'duplicate';
    }
    try {
      return await handleNewEvent(body, linkId);
    } catch (error) {
      await db
        .delete(paymentEvents)
        .where(and(eq(paymentEvents.provider, 'razorpay'), eq(paymentEvents.eventId, eventId)))
        .catch((deleteError: unknown) => logger.error({ err: deleteError, eventId }, 'razorpay webhook: event record not removed'));
      throw error;
    }
  }

  async function handleNewEvent(body: RazorpayWebhook, linkId: string | null): Promise<WebhookOutcome> {
    const handled = ['payment_link.paid', 'payment_link.expired', 'payment_link.cancelled'];
    if (!handled.includes(body.event)) {
      logger.info({ event: body.event, linkId }, 'razorpay webhook: event ignored');
      return 'ignored';
    }
    if (!linkId) {
      logger.warn({ event: body.event }, 'razorpay webhook: no payment link in the event');
      return 'ignored';
    }
    const payment = await find(linkId);
    if (!payment || payment.provider !== 'razorpay') {
      logger.warn({ event: body.event, linkId }, 'razorpay webhook: unknown payment link');
      return 'unknown_link';
    }
    if (body.event === 'payment_link.paid') {
      const amountPaid = body.payload?.payment_link?.entity.amount_paid ?? 0;
      if (amountPaid < payment.amountPaise) {
        logger.error(
          { linkId, amountPaise: payment.amountPaise, amountPaidPaise: amountPaid },
          'razorpay webhook: link paid with less than its amount: not applied',
        );
        return 'ignored';
      }
      await applyPaid(payment.id, body.payload?.payment?.entity.id ?? null);
      return 'applied';
    }
    await close(payment.id, body.event === 'payment_link.expired' ? 'expired' : 'cancelled', null);
    return 'closed';
  }

  return { requestLink, find, refresh, sync, applyPaid, handleRazorpayEvent };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
