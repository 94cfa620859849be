/**
 * The order desk's mails (confirmed, held, edited, dispatched, delivered, cancelled) go to the
 * retailer and to each sales executive linked to it, one mail each, queued in the transaction of
 * the change (the mail exists exactly when the change does) and sent through SMTP after commit.
 */
import { and, eq } from 'drizzle-orm';
import type { Mailer, MailMessage } from '../../adapters/mail.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { retailers, salesExecutiveRetailers, users } from '../../db/schema.ts';

export type Recipient = { email: string; name: string; kind: 'retailer' | 'salesexecutive' };

/** The retailer's email and its linked, active sales executives'. */
export async function recipientsOf(dbx: DbOrTx, retailerId: number): Promise<Recipient[]> {
  const [retailer] = await dbx
    .select({ email: retailers.email, name: retailers.businessName })
    .from(retailers)
    .where(eq(retailers.id, retailerId));
  if (!retailer) return [];
  const sales = await dbx
    .select({ email: users.email, name: users.name })
    .from(salesExecutiveRetailers)
    .innerJoin(users, eq(users.id, salesExecutiveRetailers.salesExecutiveUserId))
    .where(and(eq(salesExecutiveRetailers.retailerId, retailerId), eq(users.isActive, true)))
    .orderBy(users.id);
  return [{ ...retailer, kind: 'retailer' }, ...sales.map((s) => ({ ...s, kind: 'salesexecutive' as const }))];
}

export type QueuedMail = { id: number; message: MailMessage };

/** Queues `build(recipient)` for each recipient of the retailer's order mail, in `tx`. */
export async function queueOrderMail(
  tx: Tx,
  mailer: Mailer,
  retailerId: number,
  build: (recipient: Recipient) => MailMessage,
): Promise<QueuedMail[]> {
  const queued: QueuedMail[] = [];
  for (const recipient of await recipientsOf(tx, retailerId)) {
    const message = build(recipient);
    queued.push({ id: await mailer.queue(tx, message), message });
  }
  return queued;
}

/** After commit: sends what was queued (SMTP when configured); a failure is logged, the mail stays in the outbox. */
export function deliverQueued(
  mailer: Mailer,
  queued: readonly QueuedMail[],
  logger?: { error(obj: unknown, msg: string): void },
): void {
  for (const mail of queued) {
    mailer.deliver(mail.id, mail.message).catch((error: unknown) => {
      logger?.error({ err: error, mailId: mail.id }, 'order desk mail not sent');
    });
  }
}
