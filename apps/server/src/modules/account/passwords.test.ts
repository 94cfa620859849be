import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, RESET_TOKEN_TTL_MS } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { resetMessages } from '@frameport/domain/messages/reset-password';
import { loginThrottle, mailOutbox, passwordResetTokens, sessions, users } from '../../db/schema.ts';
import { SECRET_NOT_STORED } from '../../adapters/mail.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createRetailer, createStaffUser, loginAs, type TestUser } from '../../test/factories.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp.ts';
import { RESET_MAIL_SUBJECT } from './passwords.ts';
import { MAX_FORGOT_PER_IP } from './throttle.ts';

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

const NEW_PASSWORD = 'Fresh#Pass42';

let ipCounter = 0;
/** Each call from its own address unless told, so the per-address limit only bites where tested. */
function forgot(email: string, ip = `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`) {
  return t.app.inject({ method: 'POST', url: '/api/Account/forgotPassword', payload: { email }, remoteAddress: ip });
}

function validate(token: string) {
  return t.app.inject({ method: 'POST', url: '/api/Account/validateToken', payload: { Token: token } });
}

function reset(token: string, newPassword = NEW_PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/Account/resetPassword', payload: { token, newPassword } });
}

function signIn(email: string, password: string, ip = '10.30.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
    remoteAddress: ip,
  });
}

/** The reset tokens mailed to `email` so far, as they arrived over SMTP (the outbox never holds them). */
async function tokensMailedTo(email: string, expected: number): Promise<string[]> {
  return vi.waitFor(
    () => {
      const mails = smtp.received.filter((mail) =>
        (mail.to && !Array.isArray(mail.to) ? mail.to.value : []).some((a) => a.address?.toLowerCase() === email.toLowerCase()),
      );
      expect(mails).toHaveLength(expected);
      return mails.map((mail) => /resetpassword\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!);
    },
    { timeout: 5000 },
  );
}

async function tokenOf(user: TestUser): Promise<string> {
  expect((await forgot(user.email)).statusCode).toBe(200);
  const tokens = await tokensMailedTo(user.email, 1);
  return tokens[0]!;
}

describe('reset by mail, end to end through SMTP', () => {
  it('mails a link whose token validates, resets once, and replaces the password and every session', async () => {
    const user = await createRetailer(t.db);
    const old = await loginAs(t.app, user);

    const answer = await forgot(user.email.toUpperCase());
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ Status: 0, Error: null, Data: { message: 'Password reset instructions sent to email.' } });

    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe(RESET_MAIL_SUBJECT);
    const link = /(http:\/\/localhost:3000\/resetpassword\?token=([A-Za-z0-9_-]{43}))/.exec(mail.text ?? '');
    expect(link, mail.text).not.toBeNull();
    expect(mail.html).toContain(`href="${link![1]}"`);
    const token = link![2]!;

    // The outbox keeps the mail without the token: reading the table does not let anyone in.
    const outbox = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)))[0];
    await expect.poll(async () => (await outbox())?.status).toBe('sent');
    const outboxRow = await outbox();
    expect(outboxRow!.subject).toBe(RESET_MAIL_SUBJECT);
    expect(outboxRow!.textBody).toContain(`/resetpassword?token=${SECRET_NOT_STORED}`);
    expect(outboxRow!.htmlBody).toContain(`/resetpassword?token=${SECRET_NOT_STORED}`);
    expect(JSON.stringify(outboxRow)).not.toContain(token);

    const [stored] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.userId));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - t.clock.now().getTime()).toBe(RESET_TOKEN_TTL_MS);

    expect((await validate(token)).json().Data).toEqual({ result: true, purpose: 'reset' });
    const done = await reset(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().Data).toEqual({ result: true, message: 'Your Password has been changed successfully' });

    const again = await reset(token, 'Another#Pass43');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(fail(resetMessages.invalidToken));
    expect((await validate(token)).json().Data).toEqual({ result: false, purpose: null });

    expect((await signIn(user.email, user.password)).statusCode).toBe(400);
    expect((await signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const withOldSession = await t.app.inject({ url: '/api/Account/getUserProfile', headers: old.headers });
    expect(withOldSession.statusCode).toBe(401);
  });

  it('an expired token neither validates nor resets', async () => {
    const user = await createRetailer(t.db);
    const token = await tokenOf(user);
    t.clock.advance(RESET_TOKEN_TTL_MS + 1000);
    expect((await validate(token)).json().Data).toEqual({ result: false, purpose: null });
    const response = await reset(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fail(resetMessages.invalidToken));
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('POST /api/Account/forgotPassword', () => {
  it('answers known, unknown and inactive emails the same, and mails only the active user', async () => {
    const known = await createRetailer(t.db);
    const inactive = await createRetailer(t.db);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.userId));
    const answers = [];
    for (const email of [known.email, 'nobody.here@example.test', inactive.email]) {
      const response = await forgot(email);
      answers.push({ status: response.statusCode, body: response.json() });
    }
    expect(answers[0]).toEqual({ status: 200, body: { Status: 0, Error: null, Data: { message: messages.forgotPassword.sent } } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    await tokensMailedTo(known.email, 1);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, inactive.email))).toEqual([]);
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, inactive.userId))).toEqual([]);
  });

  it.each([
    ['an empty email', '  ', messages.forgotPassword.emailRequired],
    ['a single character', 'a', messages.forgotPassword.emailTooShort],
    ['a malformed email', 'someone@example', messages.forgotPassword.emailInvalid],
  ])('%s → 400 with the spec message', async (_label, email, message) => {
    const response = await forgot(email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fail(message));
  });

  it('allows 3 requests per email an hour, counting unknown emails the same way', async () => {
    const known = await createRetailer(t.db);
    for (const email of [known.email, 'unknown.limit@example.test']) {
      for (let i = 0; i < 3; i += 1) expect((await forgot(email)).statusCode, email).toBe(200);
      const blocked = await forgot(email.toUpperCase());
      expect(blocked.statusCode, email).toBe(429);
      expect(blocked.json()).toEqual(fail(messages.http.rateLimited));
      expect(blocked.headers['retry-after']).toBe('3600');
    }
    await tokensMailedTo(known.email, 3);
    t.clock.advance(61 * 60 * 1000);
    expect((await forgot(known.email)).statusCode).toBe(200);
    await tokensMailedTo(known.email, 4);
  });

  it('allows 20 requests an hour from one address, whatever the email', async () => {
    for (let i = 0; i < MAX_FORGOT_PER_IP; i += 1) {
      expect((await forgot(`spray${i}@example.test`, '10.99.0.1')).statusCode).toBe(200);
    }
    expect((await forgot('spray-last@example.test', '10.99.0.1')).statusCode).toBe(429);
    expect((await forgot('spray-last@example.test', '10.99.0.2')).statusCode).toBe(200);
  });
});

describe('POST /api/Account/resetPassword and validateToken', () => {
  it('unknown and empty tokens are invalid', async () => {
    expect((await validate('A'.repeat(43))).json().Data).toEqual({ result: false, purpose: null });
    expect((await validate('')).json().Data).toEqual({ result: false, purpose: null });
    const response = await reset('A'.repeat(43));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fail(resetMessages.invalidToken));
  });

  it('a weak password is refused with the unmet rules and leaves the token usable', async () => {
    const user = await createRetailer(t.db);
    const token = await tokenOf(user);
    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual(
      fail('Password must have: At least 8 characters, At least 1 number, At least 1 special character (! @ # $ % ^ & *)'),
    );
    expect((await validate(token)).json().Data).toEqual({ result: true, purpose: 'reset' });
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('of two concurrent resets with one token exactly one succeeds', async () => {
    const user = await createRetailer(t.db);
    const token = await tokenOf(user);
    const results = await Promise.all([reset(token, 'First#Pass11'), reset(token, 'Second#Pass22')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]!.statusCode === 200 ? 'First#Pass11' : 'Second#Pass22';
    const loser = winner === 'First#Pass11' ? 'Second#Pass22' : 'First#Pass11';
    expect((await signIn(user.email, winner)).statusCode).toBe(200);
    expect((await signIn(user.email, loser)).statusCode).toBe(400);
  });

  it("a successful reset spends the user's earlier unused tokens", async () => {
    const user = await createRetailer(t.db);
    expect((await forgot(user.email)).statusCode).toBe(200);
    expect((await forgot(user.email)).statusCode).toBe(200);
    const [first, second] = await tokensMailedTo(user.email, 2);
    expect((await validate(first!)).json().Data).toEqual({ result: true, purpose: 'reset' });
    expect((await reset(second!)).statusCode).toBe(200);
    expect((await validate(first!)).json().Data).toEqual({ result: false, purpose: null });
    expect((await reset(first!, 'Later#Pass99')).statusCode).toBe(400);
  });

  it('clears the failed sign-ins that had locked the account', async () => {
    const user = await createRetailer(t.db);
    for (let i = 0; i < 5; i += 1) await signIn(user.email, 'Wrong@1234', '10.40.0.1');
    expect((await signIn(user.email, user.password, '10.40.0.1')).statusCode).toBe(429);
    const token = await tokenOf(user);
    expect((await reset(token)).statusCode).toBe(200);
    const email = user.email.toLowerCase();
    const counters = await t.db
      .select({ key: loginThrottle.key })
      .from(loginThrottle)
      .where(or(eq(loginThrottle.key, `user:${email}`), eq(loginThrottle.key, `pair:${email}|10.40.0.1`)));
    expect(counters).toEqual([]);
    expect((await signIn(user.email, NEW_PASSWORD, '10.40.0.1')).statusCode).toBe(200);
  });
});

describe('POST /api/Account/ChangePassword', () => {
  function change(headers: Record<string, string>, body: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: '/api/Account/ChangePassword', headers, payload: body });
  }

  it.each([
    ['a missing current password', { NewPassword: NEW_PASSWORD }, messages.password.required],
    ['a blank current password', { CurrentPassword: '  ', NewPassword: NEW_PASSWORD }, messages.password.required],
    ['a wrong current password', { CurrentPassword: 'Wrong@12345', NewPassword: NEW_PASSWORD }, messages.password.wrongCurrent],
    ['a new password without a number', { CurrentPassword: 'Retailer@123', NewPassword: 'NoNumber#here' }, 'Password must have: At least 1 number'],
  ])('%s → 400 with the spec message and the password unchanged', async (_label, body, message) => {
    const user = await createRetailer(t.db);
    const { headers } = await loginAs(t.app, user);
    const [before] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.userId));
    const response = await change(headers, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fail(message));
    const [after] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.userId));
    expect(after!.hash).toBe(before!.hash);
  });

  it('replaces the hash, keeps the current session and signs out every other one', async () => {
    const user = await createStaffUser(t.db, 'salesexecutive');
    const current = await loginAs(t.app, user);
    const other = await loginAs(t.app, user);
    const response = await change(current.headers, { CurrentPassword: user.password, NewPassword: `  ${NEW_PASSWORD} ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      Status: 0,
      Error: null,
      Data: { result: true, message: 'Your Password has been changed successfully' },
    });

    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.userId));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
    expect((await t.app.inject({ url: '/api/Account/getUserProfile', headers: current.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/Account/getUserProfile', headers: other.headers })).statusCode).toBe(401);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(live.filter((s) => s.revokedAt === null)).toHaveLength(1);

    expect((await signIn(user.email, user.password, '10.50.0.1')).statusCode).toBe(400);
    expect((await signIn(user.email, NEW_PASSWORD, '10.50.0.2')).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const response = await change({}, { CurrentPassword: 'x', NewPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(401);
  });
});
