/**
 * The welcome mail of a new staff user or sales executive: the account module's welcome link
 * (queueWelcome: a single-use `welcome` token, 7 days, earlier unused ones spent; the link is the
 * reset page, which then says "Set your password") in words for staff, never a password. The token
 * row and the mail are written in the caller's transaction; the mail goes out after it commits
 * (the returned `deliver`).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail.ts';
import type { Tx } from '../../db/client.ts';
import { queueWelcome } from '../account/service.ts';

export const STAFF_WELCOME_SUBJECT = 'Welcome to Frameport: set your password';

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
    'If the link has run out, use "Forgot password" on the sign-in page, or ask your admin.',
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(name)},</p>` +
    `<p>An account on Frameport has been made for you. You sign in with ${escapeHtml(email)}.</p>` +
    `<p><a href="${escapeHtml(link)}">Choose your password</a> (the link works once, within 7 days).</p>` +
    '<p>If the link has run out, use “Forgot password” on the sign-in page, or ask your admin.</p>';
  return { subject: STAFF_WELCOME_SUBJECT, text, html };
}

export function createWelcomeMail(deps: { mailer: Mailer; publicUrl: string; logger?: Pick<FastifyBaseLogger, 'error'> }): WelcomeMail {
  return async (tx, user, now) => {
    const queued = await queueWelcome(tx, { mailer: deps.mailer, publicUrl: deps.publicUrl, now }, { id: user.userId, email: user.email, name: user.name }, 'Frameport', (link) =>
      staffWelcomeMail(user.name, user.email, link),
    );
    return async () => {
      // After commit: a failed delivery is logged and marked on the outbox row.
      await deps.mailer.deliver(queued.id, queued.message).catch((error: unknown) => {
        deps.logger?.error({ err: error, userId: user.userId }, 'welcome mail not sent');
      });
    };
  };
}
