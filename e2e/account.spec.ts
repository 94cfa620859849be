import type { Page } from '@playwright/test';
import { expect, expectAccessible, noHorizontalScroll, signIn, test } from './fixtures.ts';

/**
 * Account screens against the real server: a forgotten password reset through the mailed link
 * (read from e2e/mail-catcher.mjs), a profile edit and an email change. Each test has its own fresh
 * retailer, so changing its password, phone or email disturbs nothing else, and it reads only the
 * mails to its own addresses.
 */

type CaughtMail = { to: string[]; subject: string; text: string; html: string };

async function mailsTo(address: string): Promise<CaughtMail[]> {
  const mailUrl = process.env.E2E_MAIL_URL;
  if (!mailUrl) throw new Error('E2E_MAIL_URL is not set: run through playwright.config.ts');
  const response = await fetch(`${mailUrl}/mails?to=${encodeURIComponent(address)}`);
  return (await response.json()) as CaughtMail[];
}

/** The path of the reset link in the newest mail to `address` that arrives after `seen` mails. */
async function resetLinkFor(address: string, seen: number): Promise<string> {
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 45_000 }).toBeGreaterThan(seen);
  const mail = (await mailsTo(address)).at(-1)!;
  const link = /\/resetpassword\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!link) throw new Error(`No reset link in the mail: ${mail.text}`);
  return link[0];
}

async function newPasswordForm(page: Page, password: string) {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Reset Password' }).click();
}

test('a forgotten password is reset from the mailed link, and the new one signs in', async ({ page, retailer: forgetful }, testInfo) => {
  const newPassword = `Reset@${testInfo.project.name}${Date.now() % 100_000}`;
  const seen = (await mailsTo(forgetful.email)).length;

  await page.goto('/login');
  await page.getByLabel('Email').fill(forgetful.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(forgetful.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Password reset instructions sent to email.')).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'forgot password');

  const link = await resetLinkFor(forgetful.email, seen);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profile menu' })).toHaveCount(0);
  await newPasswordForm(page, 'short1');
  await expect(page.getByText(/^Password must have: At least 8 characters/)).toBeVisible();
  await expectAccessible(page, 'reset password');
  await newPasswordForm(page, newPassword);
  await expect(page.getByText('Your Password has been changed successfully')).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);

  // The link works once.
  await page.goto(link);
  await expect(page.getByText('Invalid token. Please request a new link by clicking on forgot password again!')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(forgetful.email);
  await page.getByLabel('Password', { exact: true }).fill(forgetful.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('The user name or password is incorrect.')).toBeVisible();

  await signIn(page, { email: forgetful.email, password: newPassword });
});

test('a retailer changes the alternate phone on the profile', async ({ page, retailer: editor }) => {
  // 10 digits starting with 9, never the retailer's own (98…).
  const alternate = `97${String(Date.now()).slice(-8)}`;
  await signIn(page, editor);

  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'My Profile', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Change Password' })).toBeVisible();
  await expect(page.getByRole('main').getByText(editor.businessName).first()).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Alternate phone').fill(editor.phone);
  await expect(page.getByText('Please enter a different phone number')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('Alternate phone').fill(alternate);
  await expect(submit).toBeEnabled();
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'edit profile');
  await submit.click();

  await expect(page.getByText('Profile Updated Successfully')).toBeVisible();
  const contact = page.getByRole('region', { name: 'Contact details' });
  await expect(contact.getByText(alternate)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('region', { name: 'Contact details' }).getByText(alternate)).toBeVisible();

  await page.getByRole('tab', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/profile\?change-password=true$/);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'change password');
});

/** POST /token outside this browser: "another device". */
function signInElsewhere(baseURL: string, user: { email: string; password: string }): Promise<Response> {
  return fetch(`${baseURL}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: user.email, password: user.password }).toString(),
  });
}

async function profileStatus(baseURL: string, token: string): Promise<number> {
  return (await fetch(`${baseURL}/api/Account/getUserProfile`, { headers: { Authorization: `Bearer ${token}` } })).status;
}

test('the sign-in email changes only from the link mailed to the new address; the old one is told and other sessions end', async ({
  page,
  baseURL,
  retailer: mover,
}) => {
  // Three sign-ins, two forms and three mails: well over the default budget on a busy 2-core machine.
  test.setTimeout(360_000);
  const newEmail = mover.email.replace(/^retailer\./, 'moved.');
  const signedInElsewhere = await signInElsewhere(baseURL!, mover);
  expect(signedInElsewhere.status).toBe(200);
  const otherDevice = ((await signedInElsewhere.json()) as { access_token: string }).access_token;
  await signIn(page, mover);

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Sign-in email' });
  await expect(card.getByText(mover.email)).toBeVisible();
  await card.getByRole('button', { name: 'Change email' }).click();
  await card.getByLabel('New email').fill(newEmail);
  await card.getByLabel('Current password', { exact: true }).fill('Wrong@12345');
  await card.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(card.getByText('Please Enter Valid Current Password')).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'change email');

  await card.getByLabel('Current password', { exact: true }).fill(mover.password);
  await card.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(card.getByText(`We sent a confirmation link to ${newEmail}. Your email changes when you open it.`)).toBeVisible();
  // Nothing has changed yet.
  await expect(card.getByText(mover.email)).toBeVisible();
  expect(await profileStatus(baseURL!, otherDevice)).toBe(200);

  await expect.poll(async () => (await mailsTo(newEmail)).length, { timeout: 45_000 }).toBe(1);
  const [confirmation] = await mailsTo(newEmail);
  const link = /\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(confirmation!.text)?.[0];
  expect(link, confirmation!.text).toBeTruthy();
  await expect
    .poll(async () => (await mailsTo(mover.email)).map((mail) => mail.subject), { timeout: 45_000 })
    .toContain('A change of your Frameport sign-in email was requested');
  const requestedNotice = (await mailsTo(mover.email)).find((mail) => mail.subject.includes('was requested'))!;
  expect(requestedNotice.text).toContain(newEmail);
  expect(requestedNotice.text).not.toContain('confirm-email?token=');

  // Opened in this browser, which is signed in to the account: it stays signed in, the other device does not.
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new email' })).toBeVisible();
  await expect(page.getByText(`Your sign-in email is now ${newEmail}.`)).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'email confirmed');
  expect(await profileStatus(baseURL!, otherDevice)).toBe(401);
  await expect
    .poll(async () => (await mailsTo(mover.email)).map((mail) => mail.subject), { timeout: 45_000 })
    .toContain('Your Frameport sign-in email was changed');

  await page.getByRole('link', { name: 'Go to My Profile' }).click();
  await expect(page.getByRole('region', { name: 'Sign-in email' }).getByText(newEmail)).toBeVisible();

  // The link works once.
  await page.goto(link!);
  await expect(page.getByText('This confirmation link has already been used.')).toBeVisible();

  await page.goto('/home');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect((await signInElsewhere(baseURL!, mover)).status).toBe(400);
  await signIn(page, { email: newEmail, password: mover.password });
});
