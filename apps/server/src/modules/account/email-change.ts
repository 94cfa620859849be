/**
 * Changing the sign-in email: the email is the login name and the address password resets go to,
 * so whoever controls it controls the account. A change therefore needs the current password, and
 * happens only when the link mailed to the new address is opened (proof that the new mailbox is
 * the user's); the current address is told when the change is asked for and when it is made.
 * See docs/decisions/010-email-change.md.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_TOKEN_TTL_MS, type ChangeEmailBody, type ConfirmEmailChangeResult } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { emailChangeMessages } from '@frameport/domain/messages/email-change';
import { isValidEmail } from '@frameport/domain';
import type { MailMessage, Mailer } from '../../adapters/mail.ts';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation, type Db, type DbOrTx } from '../../db/client.ts';
import { emailChangeRequests, passwordResetTokens, retailers, sessions, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Identity } from '../../http/identity.ts';
import { hashToken } from './tokens.ts';
import { verifyInQueue } from './throttle.ts';

/** Requests per user per window: each one mails two addresses, so it must not become a mail cannon. */
export const EMAIL_CHANGE_WINDOW_MS = 60 * 60 * 1000;
export const MAX_EMAIL_CHANGES_PER_WINDOW = 5;

export const CONFIRM_MAIL_SUBJECT = 'Confirm your new Frameport sign-in email';
export const REQUESTED_NOTICE_SUBJECT = 'A change of your Frameport sign-in email was requested';
export const CHANGED_NOTICE_SUBJECT = 'Your Frameport sign-in email was changed';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function paragraphs(lines: string[]): { text: string; html: string } {
  return {
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}

/** To the new address: the only place the link exists. */
export function confirmMail(name: string, newEmail: string, link: string): Omit<MailMessage, 'to'> {
  const text = [
    `Hello ${name},`,
    '',
    `To make ${newEmail} the sign-in email of your Frameport account, open this link within 24 hours:`,
    link,
    '',
    'Your email stays as it is until you open it. If you did not ask for this, ignore this mail.',
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(name)},</p>` +
    `<p>To make ${escapeHtml(newEmail)} the sign-in email of your Frameport account, open this link within 24 hours:</p>` +
    `<p><a href="${escapeHtml(link)}">Confirm my new sign-in email</a> (the link works once).</p>` +
    '<p>Your email stays as it is until you open it. If you did not ask for this, ignore this mail.</p>';
  return { subject: CONFIRM_MAIL_SUBJECT, text, html };
}

/** To the current address, without the link: the owner learns of it even if the password leaked. */
export function requestedNotice(name: string, newEmail: string): Omit<MailMessage, 'to'> {
  return {
    subject: REQUESTED_NOTICE_SUBJECT,
    ...paragraphs([
      `Hello ${name},`,
      `Someone signed in to your Frameport account with your password asked to change its sign-in email to ${newEmail}. ` +
        'Nothing changes until the link we sent to that address is opened, within 24 hours.',
      'If this was not you, change your password now: that cancels the request, and it means someone else knows your password.',
    ]),
  };
}

/** To the old address once the change is made. */
export function changedNotice(name: string, newEmail: string): Omit<MailMessage, 'to'> {
  return {
    subject: CHANGED_NOTICE_SUBJECT,
    ...paragraphs([
      `Hello ${name},`,
      `The sign-in email of your Frameport account is now ${newEmail}. You sign in with it from now on, and password resets go there.`,
      'If this was not you, contact Frameport support at once.',
    ]),
  };
}

/**
 * Cancels the user's pending email changes. A password change or reset calls it: the notice to the
 * old address promises that changing the password stops a change the owner did not ask for.
 */
export async function cancelPendingEmailChanges(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await tx
    .update(emailChangeRequests)
    .set({ cancelledAt: now })
    .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt), isNull(emailChangeRequests.cancelledAt)));
}

type Logger = Pick<FastifyBaseLogger, 'error'>;

export type EmailChangeServiceDeps = { db: Db; clock: Clock; mailer: Mailer; publicUrl: string; logger?: Logger };

type QueuedMail = { id: number; message: MailMessage };

export function createEmailChangeService({ db, clock, mailer, publicUrl, logger }: EmailChangeServiceDeps) {
  /** Mails are written with the change (in its transaction) and sent after commit: SMTP never holds a transaction. */
  async function queue(tx: DbOrTx, message: MailMessage): Promise<QueuedMail> {
    return { id: await mailer.queue(tx, message), message };
  }

  function deliver(mails: QueuedMail[], userId: number): void {
    for (const mail of mails) {
      mailer.deliver(mail.id, mail.message).catch((error: unknown) => {
        logger?.error({ err: error, userId, mailId: mail.id }, 'email change mail not sent');
      });
    }
  }

  /**
   * Whether `email` (lower case) signs in to another user, or is another retailer's business
   * email: either would make one address name two accounts (acting resolves a retailer by it).
   */
  async function isTaken(tx: DbOrTx, email: string, user: { id: number; retailerId: number | null }): Promise<boolean> {
    const [byUser] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, user.id)))
      .limit(1);
    if (byUser) return true;
    const [byRetailer] = await tx
      .select({ id: retailers.id })
      .from(retailers)
      .where(and(eq(sql`lower(${retailers.email})`, email), user.retailerId === null ? undefined : ne(retailers.id, user.retailerId)))
      .limit(1);
    return byRetailer !== undefined;
  }

  /**
   * The caller's own sign-in email only (the route refuses someone acting for a retailer). Earlier
   * pending requests of the user are cancelled, so only the newest link works.
   */
  async function requestEmailChange(identity: Identity, body: ChangeEmailBody): Promise<{ message: string }> {
    const newEmail = body.NewEmail.trim();
    if (!isValidEmail(newEmail)) throw new AppError('invalid', messages.profile.emailInvalid);
    if (body.CurrentPassword.trim() === '') throw new AppError('invalid', emailChangeMessages.passwordRequired);

    const [current] = await db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.id, identity.userId), eq(users.isActive, true)));
    // Trimmed, as ChangePassword checks it: stored passwords never start or end with a space.
    const passwordOk = current !== undefined && (await verifyInQueue(identity.email, current.passwordHash, body.CurrentPassword.trim()));
    if (!passwordOk) throw new AppError('invalid', messages.password.wrongCurrent);

    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    const wanted = newEmail.toLowerCase();
    const { user, mails } = await db.transaction(async (tx) => {
      // The user row is the per-user lock: concurrent requests count and cancel one after the other.
      const [user] = await tx
        .select({ id: users.id, email: users.email, name: users.name, retailerId: users.retailerId })
        .from(users)
        .where(eq(users.id, identity.userId))
        .for('update');
      if (!user) throw new AppError('not_found', messages.http.unauthorized);
      if (wanted === user.email.toLowerCase()) throw new AppError('invalid', emailChangeMessages.sameEmail);
      if (await isTaken(tx, wanted, user)) throw new AppError('conflict', messages.profile.emailTaken);

      const [recent] = await tx
        .select({ n: count() })
        .from(emailChangeRequests)
        .where(
          and(
            eq(emailChangeRequests.userId, user.id),
            gt(emailChangeRequests.createdAt, new Date(now.getTime() - EMAIL_CHANGE_WINDOW_MS)),
          ),
        );
      if ((recent?.n ?? 0) >= MAX_EMAIL_CHANGES_PER_WINDOW) {
        throw new AppError('rate_limited', emailChangeMessages.tooMany, { retryAfterSeconds: EMAIL_CHANGE_WINDOW_MS / 1000 });
      }

      await cancelPendingEmailChanges(tx, user.id, now);
      await tx.insert(emailChangeRequests).values({
        userId: user.id,
        newEmail,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TOKEN_TTL_MS),
        createdAt: now,
      });
      const link = `${publicUrl}/confirm-email?token=${token}`;
      const mails = [
        // The token changes the sign-in email: it goes to the new mailbox only, never into mail_outbox.
        await queue(tx, { to: newEmail, ...confirmMail(user.name, newEmail, link), secrets: [token] }),
        await queue(tx, { to: user.email, ...requestedNotice(user.name, newEmail) }),
      ];
      return { user, mails };
    });
    deliver(mails, user.id);
    return { message: emailChangeMessages.requested(newEmail) };
  }

  /** Why a token that matched no usable request cannot be used: said plainly on the confirmation page. */
  async function whyUnusable(tokenHash: string, now: Date): Promise<string> {
    const [request] = await db
      .select({
        usedAt: emailChangeRequests.usedAt,
        cancelledAt: emailChangeRequests.cancelledAt,
        expiresAt: emailChangeRequests.expiresAt,
      })
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.tokenHash, tokenHash))
      .limit(1);
    if (!request) return emailChangeMessages.linkInvalid;
    if (request.usedAt) return emailChangeMessages.linkUsed;
    if (request.cancelledAt) return emailChangeMessages.linkCancelled;
    if (request.expiresAt <= now) return emailChangeMessages.linkExpired;
    return emailChangeMessages.linkInvalid;
  }

  /**
   * Opens the mailed link. In one transaction: the request is spent (a conditional UPDATE, so of
   * two concurrent opens one wins), the address is checked again (another account may have taken
   * it since), the email changes (and the retailer's business email with it when the two were the
   * same, so acting by that email keeps finding the retailer), the user's other sessions end and
   * the reset links mailed to the old address stop working. `signedIn` is the session that opened
   * the link, if any: it is kept when it belongs to the same user, so the browser that confirms
   * stays signed in; every other session ends. The requesting session is not recorded, so a link
   * opened on another device (or signed out) ends every session.
   */
  async function confirmEmailChange(token: string, signedIn: Identity | null): Promise<ConfirmEmailChangeResult> {
    const trimmed = token.trim();
    if (trimmed === '') throw new AppError('invalid', emailChangeMessages.linkMissing);
    const tokenHash = hashToken(trimmed);
    const now = clock.now();

    const outcome = await db
      .transaction(async (tx) => {
        const [spent] = await tx
          .update(emailChangeRequests)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailChangeRequests.tokenHash, tokenHash),
              isNull(emailChangeRequests.usedAt),
              isNull(emailChangeRequests.cancelledAt),
              gt(emailChangeRequests.expiresAt, now),
            ),
          )
          .returning({ userId: emailChangeRequests.userId, newEmail: emailChangeRequests.newEmail });
        if (!spent) return null;

        const [user] = await tx
          .select({
            id: users.id,
            email: users.email,
            name: users.name,
            retailerId: users.retailerId,
            isActive: users.isActive,
          })
          .from(users)
          .where(eq(users.id, spent.userId))
          .for('update');
        if (!user || !user.isActive) throw new AppError('invalid', emailChangeMessages.linkInvalid);
        if (await isTaken(tx, spent.newEmail.toLowerCase(), user)) throw new AppError('conflict', messages.profile.emailTaken);

        await tx.update(users).set({ email: spent.newEmail }).where(eq(users.id, user.id));
        if (user.retailerId !== null) {
          await tx
            .update(retailers)
            .set({ email: spent.newEmail })
            .where(and(eq(retailers.id, user.retailerId), eq(sql`lower(${retailers.email})`, user.email.toLowerCase())));
        }
        const keep = signedIn?.userId === user.id ? signedIn.sessionId : undefined;
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), keep === undefined ? undefined : ne(sessions.id, keep)));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
        const notice = await queue(tx, { to: user.email, ...changedNotice(user.name, spent.newEmail) });
        return { userId: user.id, email: spent.newEmail, sessionKept: keep !== undefined, notice };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('conflict', messages.profile.emailTaken);
        throw error;
      });

    if (!outcome) throw new AppError('invalid', await whyUnusable(tokenHash, now));
    deliver([outcome.notice], outcome.userId);
    return { message: emailChangeMessages.confirmed(outcome.email), email: outcome.email, sessionKept: outcome.sessionKept };
  }

  return { requestEmailChange, confirmEmailChange };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
