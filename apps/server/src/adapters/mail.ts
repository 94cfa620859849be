import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/**
 * Mail with the outbox as the durable record. `send` writes and delivers in one go; a business
 * transaction instead `queue`s its mail inside itself (the mail exists exactly when the order does,
 * with no commit of its own) and `deliver`s it after commit: SMTP never holds a transaction open.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Writes the mail to `mail_outbox` with `dbx` (a transaction, usually); returns its id. */
  queue(dbx: DbOrTx, message: MailMessage): Promise<number>;
  /** Sends a queued mail through SMTP and marks it sent or failed; does nothing without SMTP. */
  deliver(id: number, message: MailMessage): Promise<void>;
}

type Logger = Pick<FastifyBaseLogger, 'info' | 'error'>;

export type MailerOptions = {
  db: DbOrTx;
  /** smtp://user:pass@host:port (or smtps://). Unset: mails are only written to `mail_outbox`. */
  smtpUrl?: string | undefined;
  from: string;
  logger?: Logger;
};

/**
 * Every mail is first written to `mail_outbox` (the durable record: nothing is lost when the SMTP
 * server is down). With an SMTP URL it is then sent through nodemailer and the row marked
 * `sent`, or `failed` with the reason; without one it stays `queued`, which is the default for
 * development and tests.
 */
export function createMailer({ db, smtpUrl, from, logger }: MailerOptions): Mailer & { close(): void } {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpTransportOptions(smtpUrl)) : null;

  async function queue(dbx: DbOrTx, { to, subject, text, html }: MailMessage): Promise<number> {
    const [row] = await dbx
      .insert(mailOutbox)
      .values({ toAddress: to, subject, textBody: text, htmlBody: html ?? null })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail not written to the outbox');
    return row.id;
  }

  async function deliver(id: number, { to, subject, text, html }: MailMessage): Promise<void> {
    if (!transport) {
      logger?.info({ mailId: id, to, subject }, 'mail queued');
      return;
    }
    try {
      await transport.sendMail({ from, to, subject, text, ...(html ? { html } : {}) });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, id));
      logger?.info({ mailId: id, to, subject }, 'mail sent');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db.update(mailOutbox).set({ status: 'failed', error: reason.slice(0, 500) }).where(eq(mailOutbox.id, id));
      logger?.error({ err: error, mailId: id }, 'mail not sent');
      throw error;
    }
  }

  return {
    queue,
    deliver,
    async send(message) {
      await deliver(await queue(db, message), message);
    },
    close() {
      transport?.close();
    },
  };
}

/**
 * nodemailer options from an SMTP URL. `?ignoreTLS=true` skips STARTTLS (a local relay, or a test
 * receiver whose bundled certificate has expired, see stack-notes); smtps:// is TLS from the start.
 */
function smtpTransportOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: Number(url.port || (secure ? 465 : 587)),
    secure,
    ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}
