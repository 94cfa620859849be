import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Sends a mail. The outbox implementation queues it in `mail_outbox`; a sender (SMTP) comes later. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

type Logger = Pick<FastifyBaseLogger, 'info'>;

/** Writes each mail as a queued `mail_outbox` row (and logs a line). Call it after the business transaction commits. */
export function createOutboxMailer(db: DbOrTx, logger?: Logger): Mailer {
  return {
    async send({ to, subject, text, html }) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ toAddress: to, subject, textBody: text, htmlBody: html ?? null })
        .returning({ id: mailOutbox.id });
      logger?.info({ mailId: row?.id, to, subject }, 'mail queued');
    },
  };
}
