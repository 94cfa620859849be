/**
 * Passwords after sign-in: change (knowing the current one) and reset by mail (forgot → link
 * with a one-time token → reset). See docs/decisions/006-passwords-and-reset.md.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MS, WELCOME_TOKEN_TTL_MS, type PasswordResult } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { resetMessages } from '@frameport/domain/messages/reset-password';
import { ForgotPasswordFormSchema, NewPasswordSchema } from '@frameport/domain';
import type { Mailer, MailMessage } from '../../adapters/mail.ts';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { passwordResetTokens, sessions, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Identity } from '../../http/identity.ts';
import { cancelPendingEmailChanges } from './email-change.ts';
import { hashPassword } from '../../adapters/password-hash.ts';
import { hashToken } from './tokens.ts';
import { admit, clearAccount, forgotRules, verifyInQueue } from './throttle.ts';

export const RESET_MAIL_SUBJECT = 'Reset your Frameport password';

function firstMessage(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? messages.http.invalidInput;
}

/** The new password as stored (trimmed), or 400 with the rules it misses. */
function acceptableNewPassword(password: string): string {
  const parsed = NewPasswordSchema.safeParse(password);
  if (!parsed.success) throw new AppError('invalid', firstMessage(parsed.error));
  return parsed.data;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function resetMail(name: string, link: string) {
  const text = [
    `Hello ${name},`,
    '',
    'We received a request to reset the password of your Frameport account.',
    'Open this link within 1 hour to choose a new password:',
    link,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(name)},</p>` +
    '<p>We received a request to reset the password of your Frameport account.</p>' +
    `<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, within 1 hour).</p>` +
    '<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>';
  return { subject: RESET_MAIL_SUBJECT, text, html };
}

export const WELCOME_MAIL_SUBJECT = 'Welcome to Frameport: set your password';

/** The mail a new retailer's user gets (approved, or created on the desk): a link to set a password, never a password. */
export function welcomeMail(name: string, businessName: string, link: string) {
  const text = [
    `Hello ${name},`,
    '',
    `${businessName} can now order from Frameport. Your sign-in is this email address.`,
    'Open this link within 7 days to set your password (it works once):',
    link,
    '',
    'If the link has run out, use "Forgot password" on the sign-in page, or ask your sales executive.',
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(name)},</p>` +
    `<p>${escapeHtml(businessName)} can now order from Frameport. Your sign-in is this email address.</p>` +
    `<p><a href="${escapeHtml(link)}">Set your password</a> (the link works once, within 7 days).</p>` +
    '<p>If the link has run out, use “Forgot password” on the sign-in page, or ask your sales executive.</p>';
  return { subject: WELCOME_MAIL_SUBJECT, text, html };
}

/** A mail written to the outbox inside a transaction, to deliver after it commits. */
export type QueuedMail = { id: number; message: MailMessage };

/**
 * Inside the caller's transaction: a new single-use welcome token (purpose 'welcome', 7 days) for
 * the user, its earlier unused welcome tokens spent, and the welcome mail queued with the token as
 * a secret (the outbox row never holds it). The caller delivers the mail after commit; the link is
 * the reset link, so the retailer sets a password through the reset flow.
 */
export async function queueWelcome(
  tx: DbOrTx,
  deps: { mailer: Mailer; publicUrl: string; now: Date },
  user: { id: number; email: string; name: string },
  businessName: string,
  /** Another wording of the mail for the link (a new staff user's); default the retailer's welcome. */
  compose: (link: string) => { subject: string; text: string; html: string } = (link) => welcomeMail(user.name, businessName, link),
): Promise<QueuedMail> {
  const token = randomBytes(32).toString('base64url');
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: deps.now })
    .where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.purpose, 'welcome'), isNull(passwordResetTokens.usedAt)));
  await tx.insert(passwordResetTokens).values({
    userId: user.id,
    purpose: 'welcome',
    tokenHash: hashToken(token),
    expiresAt: new Date(deps.now.getTime() + WELCOME_TOKEN_TTL_MS),
    createdAt: deps.now,
  });
  const link = `${deps.publicUrl}/resetpassword?token=${token}`;
  const message: MailMessage = { to: user.email, ...compose(link), secrets: [token] };
  return { id: await deps.mailer.queue(tx, message), message };
}

type Logger = Pick<FastifyBaseLogger, 'error'>;

export type PasswordServiceDeps = { db: Db; clock: Clock; mailer: Mailer; publicUrl: string; logger?: Logger };

export function createPasswordService({ db, clock, mailer, publicUrl, logger }: PasswordServiceDeps) {
  async function revokeSessions(tx: DbOrTx, userId: number, now: Date, keepSessionId?: number): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
        ),
      );
  }

  /** The caller's own password; every other session of the caller is signed out. */
  async function changePassword(
    identity: Identity,
    body: { CurrentPassword: string; NewPassword: string },
  ): Promise<PasswordResult> {
    const current = body.CurrentPassword.trim();
    if (current === '') throw new AppError('invalid', messages.password.required);
    const next = acceptableNewPassword(body.NewPassword);
    const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, identity.userId));
    if (!user || !(await verifyInQueue(identity.email, user.passwordHash, current))) {
      throw new AppError('invalid', messages.password.wrongCurrent);
    }
    const passwordHash = await hashPassword(next);
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, identity.userId));
      await revokeSessions(tx, identity.userId, now, identity.sessionId);
      await cancelPendingEmailChanges(tx, identity.userId, now);
    });
    return { result: true, message: messages.password.changed };
  }

  /**
   * The same answer for every well-formed email, known or not, so nobody learns who has an
   * account. Each request is counted against the email and the address (throttle.ts) before any
   * other work, atomically, so parallel requests cannot pass a limit together; a refused request
   * counts against neither. Unknown emails count the same way. The mail is sent
   * after the token is committed, without waiting for it: an SMTP round trip would make the
   * answer for a known email slower than for an unknown one.
   */
  async function forgotPassword(body: { email: string }, ip: string): Promise<{ message: string }> {
    const parsed = ForgotPasswordFormSchema.safeParse(body);
    if (!parsed.success) throw new AppError('invalid', firstMessage(parsed.error));
    const email = parsed.data.email.toLowerCase();
    const now = clock.now();
    const admission = await admit(db, now, forgotRules(email, ip));
    if (!admission.allowed) {
      throw new AppError('rate_limited', messages.http.rateLimited, { retryAfterSeconds: admission.retryAfterSeconds });
    }

    const token = randomBytes(32).toString('base64url');
    const user = await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ id: users.id, email: users.email, name: users.name })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email), eq(users.isActive, true)))
        .limit(1);
      if (!found) return null;
      await tx.insert(passwordResetTokens).values({
        userId: found.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        createdAt: now,
      });
      return found;
    });

    if (user) {
      const link = `${publicUrl}/resetpassword?token=${token}`;
      // The token is the account for an hour: it goes to the mailbox only, never into mail_outbox.
      mailer.send({ to: user.email, ...resetMail(user.name, link), secrets: [token] }).catch((error: unknown) => {
        logger?.error({ err: error, userId: user.id }, 'password reset mail not sent');
      });
    }
    return { message: messages.forgotPassword.sent };
  }

  /**
   * Unknown, used or expired tokens (and tokens of deactivated users) are not valid. A valid one
   * says whether it is a welcome link (set a first password) or a reset.
   */
  async function validateToken(token: string): Promise<{ result: boolean; purpose: 'reset' | 'welcome' | null }> {
    if (token.trim() === '') return { result: false, purpose: null };
    const [row] = await db
      .select({ id: passwordResetTokens.id, purpose: passwordResetTokens.purpose })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token.trim())),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, clock.now()),
          eq(users.isActive, true),
        ),
      )
      .limit(1);
    return row ? { result: true, purpose: row.purpose } : { result: false, purpose: null };
  }

  /**
   * Sets a new password with a mailed token. The token is spent by one conditional UPDATE, so of
   * two concurrent uses only one succeeds. Every session of the user is signed out, the user's
   * other unused tokens are spent too, and failed sign-ins are forgotten.
   */
  async function resetPassword(body: { token: string; newPassword: string }): Promise<PasswordResult> {
    if (!(await validateToken(body.token)).result) throw new AppError('invalid', resetMessages.invalidToken);
    const passwordHash = await hashPassword(acceptableNewPassword(body.newPassword));
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [spent] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashToken(body.token.trim())),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      if (!spent) throw new AppError('invalid', resetMessages.invalidToken);
      const [user] = await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: now })
        .where(and(eq(users.id, spent.userId), eq(users.isActive, true)))
        .returning({ email: users.email });
      if (!user) throw new AppError('invalid', resetMessages.invalidToken);
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
      await revokeSessions(tx, spent.userId, now);
      await cancelPendingEmailChanges(tx, spent.userId, now);
      await clearAccount(tx, user.email.toLowerCase());
    });
    return { result: true, message: messages.password.changed };
  }

  return { changePassword, forgotPassword, validateToken, resetPassword };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
