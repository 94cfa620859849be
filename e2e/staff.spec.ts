import type { Page } from '@playwright/test';
import { demo, expect, expectAccessible, noHorizontalScroll, signIn, signInStaff, test, tokenOf, openAdminNav } from './fixtures.ts';

/**
 * The sales team and staff users (issue 18 items 4–5) against the real server: an admin adds a
 * sales executive (who sets a password from the welcome mail, read from e2e/mail-catcher.mjs),
 * moves a retailer to them from another sales executive, and the moved retailer is in the new
 * executive's retailer switch (and no longer the old one's); the retailer's page links the old one
 * again with its editor; axe on each new screen.
 */

type CaughtMail = { to: string[]; subject: string; text: string };

async function mailsTo(address: string): Promise<CaughtMail[]> {
  const mailUrl = process.env.E2E_MAIL_URL;
  if (!mailUrl) throw new Error('E2E_MAIL_URL is not set: run through playwright.config.ts');
  const response = await fetch(`${mailUrl}/mails?to=${encodeURIComponent(address)}`);
  return (await response.json()) as CaughtMail[];
}

async function welcomeLinkFor(address: string): Promise<string> {
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 45_000 }).toBeGreaterThan(0);
  const mail = (await mailsTo(address)).at(-1)!;
  expect(mail.text).not.toMatch(/password:\s*\S/i);
  const link = /\/resetpassword\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!link) throw new Error(`No set-password link in the mail: ${mail.text}`);
  return link[0];
}

async function fits(page: Page, what: string) {
  expect(await noHorizontalScroll(page), `${what} scrolls sideways`).toBe(true);
  await expectAccessible(page, what);
}

test('an admin adds a sales executive and moves a retailer to them; it is in their retailer switch at once', async ({ page, seed, request }, testInfo) => {
  // Two sign-ins, a welcome mail and a move: longer than the default on a busy machine.
  test.setTimeout(180_000);
  const oldExecutive = await seed.salesExecutive();
  const retailer = await seed.retailer({ salesExecutive: oldExecutive });
  const tag = `${testInfo.project.name}${Date.now() % 1_000_000}`;
  const newExecutive = { name: `Meena ${tag}`, email: `meena.${tag}@frameport.test`, password: `Welcome@${tag}` };

  await signInStaff(page, demo.admin);
  await (await openAdminNav(page)).getByRole('link', { name: 'Sales team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales team' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sales executives' })).toBeVisible();
  await fits(page, 'sales team');

  // Add: the fields are checked first, then the new one's page opens.
  await page.getByRole('button', { name: 'Add sales executive' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a sales executive' });
  await dialog.getByLabel('Name').fill(newExecutive.name);
  await dialog.getByLabel('Email').fill(newExecutive.email);
  await dialog.getByLabel('Mobile number').fill('98765');
  await dialog.getByRole('button', { name: 'Add sales executive' }).click();
  await expect(dialog.getByText('Please enter a 10-digit mobile number starting with 6, 7, 8 or 9.')).toBeVisible();
  await dialog.getByLabel('Mobile number').fill('+91 98765 43210');
  await expectAccessible(page, 'add a sales executive');
  await dialog.getByRole('button', { name: 'Add sales executive' }).click();
  await expect(page.getByRole('heading', { level: 1, name: newExecutive.name })).toBeVisible();
  await expect(page.getByText(`No retailer is linked to ${newExecutive.name}.`)).toBeVisible();

  // The old sales executive's page: tick the retailer, Move to… the new one.
  await page.goto(`/admin/sales-team/${oldExecutive.userId}`);
  const table = page.getByRole('table', { name: /^Retailers of / });
  await expect(table.getByText(retailer.businessName)).toBeVisible();
  await fits(page, 'a sales executive');
  await page.getByRole('checkbox', { name: `Choose ${retailer.businessName}` }).check();
  await page.getByRole('button', { name: 'Move to…' }).click();
  const move = page.getByRole('dialog', { name: 'Move 1 retailer' });
  await expect(move).toContainText(`Move ${retailer.businessName} from`);
  await move.getByLabel('Move to').selectOption({ label: `${newExecutive.name} (0 retailers)` });
  await expectAccessible(page, 'move retailers');
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move).toBeHidden();
  await expect(page.getByText(`1 retailer moved to ${newExecutive.name}.`)).toBeVisible();
  await expect(table).toBeHidden();

  // The old one lost it at once.
  const oldHeaders = await tokenOf(request, oldExecutive);
  const oldList = await request.get('/api/Account/getRetailersList', { headers: oldHeaders });
  expect(((await oldList.json()).Data as { Email: string }[]).map((r) => r.Email)).not.toContain(retailer.email);

  // The retailer's page: its editor links the old one again beside the new one.
  await page.goto(`/admin/retailers/${retailer.retailerId}`);
  const editor = page.getByTestId('retailer-sales-executives-editor');
  await expect(editor.getByText(newExecutive.name)).toBeVisible();
  const oldPage = await request.get(`/api/admin/sales-executives/${oldExecutive.userId}`, { headers: await tokenOf(request, demo.admin) });
  const oldName = ((await oldPage.json()).Data as { name: string }).name;
  await editor.getByRole('combobox').click();
  await page.getByRole('option', { name: oldName }).click();
  await page.keyboard.press('Escape');
  await editor.getByRole('button', { name: 'Save sales executives' }).click();
  await expect(page.getByText('Saved: 2 sales executives look after this retailer.')).toBeVisible();
  const relinked = await request.get('/api/Account/getRetailersList', { headers: oldHeaders });
  expect(((await relinked.json()).Data as { Email: string }[]).map((r) => r.Email)).toContain(retailer.email);

  // The staff users screen lists the new one among sales executives.
  await (await openAdminNav(page)).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff users' })).toBeVisible();
  await page.getByLabel('Search').fill(newExecutive.email);
  const staffTable = page.getByRole('table', { name: 'Staff users' });
  // The search runs after a pause in typing, and the new one is on the unfiltered list too: wait for
  // the search's own answer (its one row under the header; the list is dimmed and aria-busy while it
  // loads), so axe reads the settled page rather than the faded one.
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(staffTable.locator('tbody tr')).toHaveCount(1);
  await expect(staffTable.getByText(newExecutive.name)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await fits(page, 'staff users');

  // The new one sets a password from the welcome mail, signs in, and finds the retailer in the switch.
  await page.evaluate(() => localStorage.clear());
  await page.goto(await welcomeLinkFor(newExecutive.email));
  // A welcome link: the page asks for a first password, not a reset.
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newExecutive.password);
  await page.getByLabel('Repeat password', { exact: true }).fill(newExecutive.password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your Password has been changed successfully')).toBeVisible();
  await signIn(page, newExecutive);
  await page.goto('/profile?switch-user=true');
  await expect(page.getByRole('button', { name: new RegExp(retailer.businessName) })).toBeVisible();
});

test('staff users: an admin adds a warehouse user and ends the sessions of a signed-in one', async ({ page, request, seed }, testInfo) => {
  test.setTimeout(120_000);
  const tag = `${testInfo.project.name}${Date.now() % 1_000_000}`;
  await signInStaff(page, demo.admin);
  await page.goto('/admin/staff');
  await expect(page.getByRole('table', { name: 'Staff users' })).toBeVisible();

  await page.getByRole('button', { name: 'Add staff user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a staff user' });
  await dialog.getByLabel('Name').fill(`Wasim ${tag}`);
  await dialog.getByLabel('Email').fill(`wasim.${tag}@frameport.test`);
  await dialog.getByLabel('Mobile number').fill('9000012345');
  await dialog.getByLabel('Role').selectOption('warehouse');
  await expectAccessible(page, 'add a staff user');
  await dialog.getByRole('button', { name: 'Add staff user' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Wasim ${tag} is added.`, { exact: false })).toBeVisible();

  // A sales executive of this test, signed in elsewhere: its sessions end, its old token is refused.
  const signedIn = await seed.salesExecutive();
  const headers = await tokenOf(request, signedIn);
  expect((await request.get('/api/Account/getRetailersList', { headers })).status()).toBe(200);
  await page.getByLabel('Search').fill(signedIn.email);
  const row = page.getByRole('table', { name: 'Staff users' }).getByRole('row').filter({ hasText: signedIn.email });
  await row.getByRole('button', { name: /^End sessions/ }).click();
  const ask = page.getByRole('dialog', { name: /^End every session of/ });
  await ask.getByRole('button', { name: 'End sessions' }).click();
  await expect(ask).toBeHidden();
  expect((await request.get('/api/Account/getRetailersList', { headers })).status()).toBe(401);
});
