import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_CHANGE_TOKEN_TTL_MS, fail } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { emailChangeMessages } from '@frameport/domain/messages/email-change';
import { emailChangeRequests, mailOutbox, passwordResetTokens, retailers, sessions, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createRetailer, createStaffUser, loginAs, type TestUser } from '../../test/factories.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp.ts';
import {
  CHANGED_NOTICE_SUBJECT,
  CONFIRM_MAIL_SUBJECT,
  MAX_EMAIL_CHANGES_PER_WINDOW,
  REQUESTED_NOTICE_SUBJECT,
} from './email-change.ts';
import { RESET_MAIL_SUBJECT } from './passwords.ts';
import { hashToken } from './service.ts';

let smtp: SmtpReceiver;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const freshEmail = (label = 'new') => `${label}.${randomBytes(4).toString('hex')}@example.test`;

function requestChange(headers: Record<string, string>, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/Account/ChangeEmail', headers, payload: body });
}

function confirm(token: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/Account/confirmEmailChange', headers, payload: { token } });
}

function profileWith(token: string) {
  return t.app.inject({ url: '/api/Account/getUserProfile', headers: { authorization: `Bearer ${token}` } });
}

async function userRow(userId: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

async function retailerEmail(retailerId: number) {
  const [row] = await t.db.select({ email: retailers.email }).from(retailers).where(eq(retailers.id, retailerId));
  return row!.email;
}

async function requestsOf(userId: number) {
  return t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, userId));
}

/** A session straight in the database: another browser or phone of the same user. */
async function otherSession(user: TestUser): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.db.insert(sessions).values({ userId: user.userId, tokenHash: hashToken(token), expiresAt: new Date(Date.UTC(2030, 0, 1)) });
  return token;
}

/** The mails to `to` with `subject` that arrived over SMTP, waiting until there are `expected` of them. */
async function mailsTo(to: string, subject: string, expected = 1): Promise<ParsedMail[]> {
  return vi.waitFor(
    () => {
      const found = smtp.received.filter(
        (mail) => mail.subject === subject && (mail.to && !Array.isArray(mail.to) ? mail.to.value : []).some((a) => a.address?.toLowerCase() === to.toLowerCase()),
      );
      expect(found).toHaveLength(expected);
      return found;
    },
    { timeout: 5000 },
  );
}

function tokenIn(mail: ParsedMail): string {
  const match = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error(`no confirmation link in: ${mail.text}`);
  return match[1]!;
}

async function signedInRetailer() {
  const user = await createRetailer(t.db);
  const { token, headers } = await loginAs(t.app, user);
  return { user, token, headers };
}

/** Asks for the change and returns the token from the mail to the new address. */
async function requested(user: TestUser, headers: Record<string, string>, newEmail: string, mailsBefore = 0) {
  const response = await requestChange(headers, { NewEmail: newEmail, CurrentPassword: user.password });
  expect(response.statusCode, response.body).toBe(200);
  const mails = await mailsTo(newEmail, CONFIRM_MAIL_SUBJECT, mailsBefore + 1);
  return tokenIn(mails.at(-1)!);
}

describe('POST /api/Account/ChangeEmail', () => {
  it('a wrong current password → 400, nothing stored, nothing mailed, the email unchanged', async () => {
    const { user, headers } = await signedInRetailer();
    const newEmail = freshEmail();
    const response = await requestChange(headers, { NewEmail: newEmail, CurrentPassword: 'Wrong@12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fail(messages.password.wrongCurrent));
    expect(await requestsOf(user.userId)).toEqual([]);
    expect((await userRow(user.userId)).email).toBe(user.email);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, newEmail))).toEqual([]);
    // A later, accepted request's mails arrive; none for the refused one came before them.
    await requested(user, headers, freshEmail());
    expect(smtp.received.filter((mail) => mail.text?.includes(newEmail))).toEqual([]);
  });

  it.each([
    ['no password', { NewEmail: 'someone@example.test' }, emailChangeMessages.passwordRequired],
    ['a malformed email', { NewEmail: 'someone@example', CurrentPassword: 'Retailer@123' }, messages.profile.emailInvalid],
    ['no email', { CurrentPassword: 'Retailer@123' }, messages.profile.emailInvalid],
  ])('%s → 400 with its message and nothing stored', async (_label, body, message) => {
    const { user, headers } = await signedInRetailer();
    const response = await requestChange(headers, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fail(message));
    expect(await requestsOf(user.userId)).toEqual([]);
  });

  it("refuses an address another account signs in with (any letter case), another retailer's business email, or its own", async () => {
    const { user, headers } = await signedInRetailer();
    const other = await createRetailer(t.db);
    const staff = await createStaffUser(t.db, 'salesexecutive');
    const businessOnly = freshEmail('shop');
    await t.db.update(retailers).set({ email: businessOnly }).where(eq(retailers.id, other.retailerId));
    for (const taken of [other.email.toUpperCase(), staff.email, businessOnly]) {
      const response = await requestChange(headers, { NewEmail: taken, CurrentPassword: user.password });
      expect(response.statusCode, taken).toBe(409);
      expect(response.json()).toEqual(fail(messages.profile.emailTaken));
    }
    const own = await requestChange(headers, { NewEmail: user.email.toUpperCase(), CurrentPassword: user.password });
    expect(own.json()).toEqual(fail(emailChangeMessages.sameEmail));
    expect(await requestsOf(user.userId)).toEqual([]);
  });

  it('answers with where the link went, mails it only to the new address, tells the old one, and changes nothing yet', async () => {
    const { user, token, headers } = await signedInRetailer();
    const newEmail = freshEmail('Mixed.Case');
    const response = await requestChange(headers, { NewEmail: `  ${newEmail} `, CurrentPassword: user.password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().Data).toEqual({ message: emailChangeMessages.requested(newEmail) });

    const [confirmation] = await mailsTo(newEmail.toLowerCase(), CONFIRM_MAIL_SUBJECT);
    const linkToken = tokenIn(confirmation!);
    expect(confirmation!.text).toContain(`${t.config.publicUrl}/confirm-email?token=${linkToken}`);
    const [notice] = await mailsTo(user.email, REQUESTED_NOTICE_SUBJECT);
    expect(notice!.text).toContain(newEmail);
    expect(`${notice!.text}${String(notice!.html)}`).not.toContain(linkToken);
    // The outbox rows of both mails hold no token: reading the table does not change anyone's email.
    const outbox = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, [newEmail, user.email]));
    expect(outbox).toHaveLength(2);
    expect(JSON.stringify(outbox)).not.toContain(linkToken);

    // Stored as a hash with a 24-hour expiry; the email, the sessions and the old sign-in are untouched.
    const [stored] = await requestsOf(user.userId);
    expect(stored).toMatchObject({ newEmail, tokenHash: hashToken(linkToken), usedAt: null, cancelledAt: null });
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(EMAIL_CHANGE_TOKEN_TTL_MS);
    expect((await userRow(user.userId)).email).toBe(user.email);
    expect((await profileWith(token)).statusCode).toBe(200);
    await expect(loginAs(t.app, user)).resolves.toBeDefined();
  });

  it('refuses more than the hourly number of requests', async () => {
    const { user, headers } = await signedInRetailer();
    for (let i = 0; i < MAX_EMAIL_CHANGES_PER_WINDOW; i++) {
      expect((await requestChange(headers, { NewEmail: freshEmail(), CurrentPassword: user.password })).statusCode).toBe(200);
    }
    const refused = await requestChange(headers, { NewEmail: freshEmail(), CurrentPassword: user.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(fail(emailChangeMessages.tooMany));
    expect(await requestsOf(user.userId)).toHaveLength(MAX_EMAIL_CHANGES_PER_WINDOW);
  });

  describe('a sales executive', () => {
    it("acting for a linked retailer cannot change that retailer's email (403, nothing stored)", async () => {
      const linked = await createRetailer(t.db);
      const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [linked.retailerId] });
      const { headers } = await loginAs(t.app, sales);
      for (const acting of [{ body: { Email: linked.email } }, { query: { email: linked.email } }]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/Account/ChangeEmail',
          headers,
          query: acting.query ?? {},
          payload: { NewEmail: freshEmail(), CurrentPassword: sales.password, ...acting.body },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(fail(messages.profile.emailOnBehalf));
      }
      expect(await requestsOf(linked.userId)).toEqual([]);
      expect(await requestsOf(sales.userId)).toEqual([]);
    });

    it('changes its own sign-in email', async () => {
      const sales = await createStaffUser(t.db, 'salesexecutive');
      const { headers } = await loginAs(t.app, sales);
      const newEmail = freshEmail('sales');
      const linkToken = await requested(sales, headers, newEmail);
      expect((await confirm(linkToken)).statusCode).toBe(200);
      expect((await userRow(sales.userId)).email).toBe(newEmail);
    });
  });
});

describe('POST /api/Account/confirmEmailChange', () => {
  it('the link changes the email once: the retailer follows, every session ends, the old address is told, the new email signs in', async () => {
    const { user, token, headers } = await signedInRetailer();
    const phone = await otherSession(user);
    const newEmail = freshEmail();
    const linkToken = await requested(user, headers, newEmail);

    const response = await confirm(linkToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().Data).toEqual({ message: emailChangeMessages.confirmed(newEmail), email: newEmail, sessionKept: false });
    expect((await userRow(user.userId)).email).toBe(newEmail);
    expect(await retailerEmail(user.retailerId)).toBe(newEmail);
    // Opened without a session: nothing ties the link to the requesting one, so every session ends.
    expect((await profileWith(token)).statusCode).toBe(401);
    expect((await profileWith(phone)).statusCode).toBe(401);

    const [notice] = await mailsTo(user.email, CHANGED_NOTICE_SUBJECT);
    expect(notice!.text).toContain(newEmail);
    await expect(loginAs(t.app, user)).rejects.toThrow(/400/);
    const signedIn = await loginAs(t.app, { email: newEmail.toUpperCase(), password: user.password });
    expect((await profileWith(signedIn.token)).json().Data).toMatchObject({ Email: newEmail, UserName: newEmail });

    const again = await confirm(linkToken);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(fail(emailChangeMessages.linkUsed));
    expect((await userRow(user.userId)).email).toBe(newEmail);
    await mailsTo(user.email, CHANGED_NOTICE_SUBJECT, 1);
  });

  it("keeps the session that opens the link when it is the same user's, and ends the others", async () => {
    const { user, token, headers } = await signedInRetailer();
    const phone = await otherSession(user);
    const stranger = await signedInRetailer();
    const linkToken = await requested(user, headers, freshEmail());

    const response = await confirm(linkToken, headers);
    expect(response.json().Data.sessionKept).toBe(true);
    expect((await profileWith(token)).json().Data.Email).toBe(response.json().Data.email);
    expect((await profileWith(phone)).statusCode).toBe(401);

    // Opened in a browser signed in to another account: that account's session is not this user's to keep or end.
    const second = await signedInRetailer();
    const secondLink = await requested(second.user, second.headers, freshEmail());
    const opened = await confirm(secondLink, stranger.headers);
    expect(opened.json().Data.sessionKept).toBe(false);
    expect((await profileWith(stranger.token)).statusCode).toBe(200);
    expect((await profileWith(second.token)).statusCode).toBe(401);
  });

  it('an expired link is refused and changes nothing', async () => {
    const { user, token, headers } = await signedInRetailer();
    const linkToken = await requested(user, headers, freshEmail());
    t.clock.advance(EMAIL_CHANGE_TOKEN_TTL_MS + 1000);
    try {
      const response = await confirm(linkToken);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(fail(emailChangeMessages.linkExpired));
    } finally {
      t.clock.advance(-(EMAIL_CHANGE_TOKEN_TTL_MS + 1000));
    }
    expect((await userRow(user.userId)).email).toBe(user.email);
    expect((await profileWith(token)).statusCode).toBe(200);
  });

  it('a newer request or a password change cancels the pending link', async () => {
    const { user, headers } = await signedInRetailer();
    const first = freshEmail('first');
    const firstLink = await requested(user, headers, first);
    const second = freshEmail('second');
    const secondLink = await requested(user, headers, second);
    expect((await confirm(firstLink)).json()).toEqual(fail(emailChangeMessages.linkCancelled));

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/Account/ChangePassword',
      headers,
      payload: { CurrentPassword: user.password, NewPassword: 'Another#Pass42' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await confirm(secondLink)).json()).toEqual(fail(emailChangeMessages.linkCancelled));
    expect((await userRow(user.userId)).email).toBe(user.email);
  });

  it('a password reset cancels the pending link too', async () => {
    const { user, headers } = await signedInRetailer();
    const linkToken = await requested(user, headers, freshEmail());
    expect((await t.app.inject({ method: 'POST', url: '/api/Account/forgotPassword', payload: { email: user.email } })).statusCode).toBe(200);
    const [resetMail] = await mailsTo(user.email, RESET_MAIL_SUBJECT);
    const resetToken = /resetpassword\?token=([A-Za-z0-9_-]+)/.exec(resetMail!.text ?? '')![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/Account/resetPassword',
      payload: { token: resetToken, newPassword: 'Another#Pass42' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await confirm(linkToken)).json()).toEqual(fail(emailChangeMessages.linkCancelled));
    expect((await userRow(user.userId)).email).toBe(user.email);
  });

  it('an unknown or empty token is refused', async () => {
    expect((await confirm(randomBytes(32).toString('base64url'))).json()).toEqual(fail(emailChangeMessages.linkInvalid));
    expect((await confirm('   ')).json()).toEqual(fail(emailChangeMessages.linkMissing));
  });

  it('re-checks the address when the link is opened: taken meanwhile → refused, and the link still works once it is free', async () => {
    const { user, headers } = await signedInRetailer();
    const newEmail = freshEmail();
    const linkToken = await requested(user, headers, newEmail);
    const rival = await createRetailer(t.db, { email: newEmail.toUpperCase() });

    const response = await confirm(linkToken);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(fail(messages.profile.emailTaken));
    expect((await userRow(user.userId)).email).toBe(user.email);
    expect((await requestsOf(user.userId))[0]!.usedAt).toBeNull();

    await t.db.update(users).set({ email: freshEmail('moved') }).where(eq(users.id, rival.userId));
    await t.db.update(retailers).set({ email: freshEmail('moved') }).where(eq(retailers.id, rival.retailerId));
    expect((await confirm(linkToken)).statusCode).toBe(200);
    expect((await userRow(user.userId)).email).toBe(newEmail);
  });

  it('two opens of one link at once: exactly one changes the email', async () => {
    const { user, headers } = await signedInRetailer();
    const newEmail = freshEmail();
    const linkToken = await requested(user, headers, newEmail);
    const answers = await Promise.all([confirm(linkToken), confirm(linkToken), confirm(linkToken)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
    expect((await userRow(user.userId)).email).toBe(newEmail);
    await mailsTo(user.email, CHANGED_NOTICE_SUBJECT, 1);
  });

  it('leaves a business email that differs from the sign-in email alone, and spends reset links mailed to the old address', async () => {
    const { user, headers } = await signedInRetailer();
    const business = freshEmail('accounts');
    await t.db.update(retailers).set({ email: business }).where(eq(retailers.id, user.retailerId));
    const forgot = await t.app.inject({ method: 'POST', url: '/api/Account/forgotPassword', payload: { email: user.email } });
    expect(forgot.statusCode).toBe(200);
    const pending = () =>
      t.db
        .select()
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, user.userId), isNull(passwordResetTokens.usedAt)));
    expect(await pending()).toHaveLength(1);

    const newEmail = freshEmail();
    expect((await confirm(await requested(user, headers, newEmail))).statusCode).toBe(200);
    expect((await userRow(user.userId)).email).toBe(newEmail);
    expect(await retailerEmail(user.retailerId)).toBe(business);
    expect(await pending()).toEqual([]);
  });

  it('a sales executive acting by email finds the retailer under its new email', async () => {
    const retailer = await createRetailer(t.db);
    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [retailer.retailerId] });
    const { headers: salesHeaders } = await loginAs(t.app, sales);
    const { headers } = await loginAs(t.app, retailer);
    const newEmail = freshEmail();
    expect((await confirm(await requested(retailer, headers, newEmail))).statusCode).toBe(200);

    const actingNew = await t.app.inject({ url: '/api/Account/getUserProfile', headers: salesHeaders, query: { email: newEmail } });
    expect(actingNew.statusCode, actingNew.body).toBe(200);
    expect(actingNew.json().Data).toMatchObject({ RetailerID: retailer.retailerId, Email: newEmail });
    const actingOld = await t.app.inject({ url: '/api/Account/getUserProfile', headers: salesHeaders, query: { email: retailer.email } });
    expect(actingOld.statusCode).toBe(403);
  });
});
