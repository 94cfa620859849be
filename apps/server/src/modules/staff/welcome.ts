/**
 * The welcome mail of a new staff user or sales executive: a single-use `welcome` token
 * (password_reset_tokens, purpose 'welcome', longer-lived than a reset) and a mail with the link to
 * set a first password on the reset page, never a password. The token row and the mail are written
 * in the caller's transaction; the mail goes out after it commits (the returned `deliver`).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail.ts';
import type { Tx } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema.ts';
import { hashToken } from '../account/service.ts';

/** How long a welcome link works: a new colleague may open the mail days later. */
export const STAFF_WELCOME_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const STAFF_WELCOME_SUBJECT = 'Welcome to the Frameport back office: set your password';

export type WelcomeMail = (tx: Tx, user: { userId: number; email: string; name: string }, now: Date) => Promise<() => Promise<void>>;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function staffWelcomeMail(name: string, email: string, link: string) {
  const text = [
    `Hello ${name},`,
    '',
    `An account on Frameport has been made for you. You sign in with ${email}.`,
    'Open this link within 7 days to choose your password (it works once):',
    link,
    '',
    'If you did not expect this mail, ignore it: nobody can sign in until a password is chosen.',
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(name)},</p>` +
    `<p>An account on Frameport has been made for you. You sign in with ${escapeHtml(email)}.</p>` +
    `<p><a href="${escapeHtml(link)}">Choose your password</a> (the link works once, within 7 days).</p>` +
    '<p>If you did not expect this mail, ignore it: nobody can sign in until a password is chosen.</p>';
  return { subject: STAFF_WELCOME_SUBJECT, text, html };
}

export function createWelcomeMail(deps: { mailer: Mailer; publicUrl: string; logger?: Pick<FastifyBaseLogger, 'error'> }): WelcomeMail {
  return async (tx, user, now) => {
    const token = randomBytes(32).toString('base64url');
    await tx.insert(passwordResetTokens).values({
      userId: user.userId,
      purpose: 'welcome',
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + STAFF_WELCOME_TTL_MS),
      createdAt: now,
    });
    const message = { to: user.email, ...staffWelcomeMail(user.name, user.email, `${deps.publicUrl}/resetpassword?token=${token}`), secrets: [token] };
    const mailId = await deps.mailer.queue(tx, message);
    return async () => {
      // After commit, unawaited by nobody: a failed delivery is logged and marked on the outbox row.
      await deps.mailer.deliver(mailId, message).catch((error: unknown) => {
        deps.logger?.error({ err: error, userId: user.userId }, 'welcome mail not sent');
      });
    };
  };
}
