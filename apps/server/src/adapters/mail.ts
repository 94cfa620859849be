import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * What only the recipient may ever see, e.g. the one-time token in a password-reset link: it
   * goes out over SMTP and nowhere else. The `mail_outbox` row keeps the mail with each secret
   * replaced by SECRET_NOT_STORED; without SMTP the secret is written only to the log line that
   * stands in for the mail (development). See docs/decisions/011-secrets-in-logs-and-tables.md.
   */
  secrets?: readonly string[];
  /**
   * Files sent with the mail (e.g. the tax invoice PDF of a dispatched shipment). The outbox row
   * keeps only their names and types, never their bytes: nothing re-sends a queued or failed mail
   * from the outbox (the request that queued it delivers it once, after commit), so the bytes
   * would only be dead weight in the table; the documents they carry are drawn again on request
   * from their records (an invoice from its invoice row).
   */
  attachments?: readonly MailAttachmentFile[];
};

export type MailAttachmentFile = { filename: string; content: Buffer; contentType: string };

/** What the outbox row shows where the mail carried a secret. */
export const SECRET_NOT_STORED = '[not stored]';
/** Shorter values would be found in ordinary text: secrets are tokens, 32 random bytes and more. */
const MIN_SECRET_LENGTH = 16;

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

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type MailerOptions = {
  db: DbOrTx;
  clock: Clock;
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
export function createMailer({ db, clock, smtpUrl, from, logger }: MailerOptions): Mailer & { close(): Promise<void> } {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpTransportOptions(smtpUrl)) : null;
  if (!transport) {
    logger?.warn(
      'SMTP_URL is not set: mails stay unsent in mail_outbox, and the one-time links they carry (password reset, ' +
        'email change) are written only to this log. Set SMTP_URL on any server real users reach.',
    );
  }

  async function queue(dbx: DbOrTx, message: MailMessage): Promise<number> {
    const { subject, text, html } = storedCopy(message);
    const attachments = message.attachments?.map(({ filename, contentType }) => ({ filename, contentType })) ?? null;
    const [row] = await dbx
      .insert(mailOutbox)
      .values({ toAddress: message.to, subject, textBody: text, htmlBody: html ?? null, attachments })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail not written to the outbox');
    return row.id;
  }

  // Deliveries run after the business transaction's commit, unawaited by the request: close() waits for them.
  const inFlight = new Set<Promise<void>>();

  function deliver(id: number, message: MailMessage): Promise<void> {
    const delivery = send(id, message);
    inFlight.add(delivery);
    const forget = () => inFlight.delete(delivery);
    delivery.then(forget, forget);
    return delivery;
  }

  async function send(id: number, { to, subject, text, html, secrets, attachments }: MailMessage): Promise<void> {
    if (!transport) {
      // The developer's mailbox: the lines that carry a secret, which the outbox row does not hold.
      const secretLines = secrets?.length ? text.split('\n').filter((line) => secrets.some((secret) => line.includes(secret))) : undefined;
      logger?.info({ mailId: id, to, subject, ...(secretLines ? { secretLines } : {}) }, 'mail queued (no SMTP_URL: not sent)');
      return;
    }
    try {
      await transport.sendMail({
        from,
        to,
        subject,
        text,
        ...(html ? { html } : {}),
        ...(attachments?.length ? { attachments: attachments.map(({ filename, content, contentType }) => ({ filename, content, contentType })) } : {}),
      });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: clock.now() }).where(eq(mailOutbox.id, id));
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
    /** Waits for the deliveries under way (each bounded by the SMTP timeouts), then closes the connections. */
    async close() {
      await Promise.allSettled([...inFlight]);
      transport?.close();
    },
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The mail as the outbox keeps it: every secret, as written or HTML-escaped either way, replaced. */
export function storedCopy({ subject, text, html, secrets = [] }: MailMessage): { subject: string; text: string; html?: string } {
  const forms = secrets.flatMap((secret) => {
    if (secret.length < MIN_SECRET_LENGTH) throw new Error(`a mail secret must be at least ${MIN_SECRET_LENGTH} characters`);
    return [
      secret,
      secret.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!),
      secret.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`),
    ];
  });
  const redact = (value: string) => forms.reduce((out, form) => out.split(form).join(SECRET_NOT_STORED), value);
  return { subject: redact(subject), text: redact(text), ...(html === undefined ? {} : { html: redact(html) }) };
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
