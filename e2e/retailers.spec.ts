import type { Page } from '@playwright/test';
import { gstinCheckCharacter } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import type { Product } from '@frameport/domain/contract';
import { bearer, demo, expect, expectAccessible, noHorizontalScroll, PLENTY, signIn, signInStaff, test } from './fixtures.ts';

/**
 * The retailers desk (back office III) against the real server: a sales executive proposes a shop
 * from the ordering app, an admin approves it on the desk, the owner sets a password from the
 * mailed link (e2e/mail-catcher.mjs) and places an order; accounts blocks a retailer whose session
 * is open in another browser, and that session ends at its next step. Each run makes its own
 * shop (name, email, GSTIN unique per project and run), so desktop and phone run side by side.
 */

type CaughtMail = { to: string[]; subject: string; text: string };

async function mailsTo(address: string): Promise<CaughtMail[]> {
  const mailUrl = process.env.E2E_MAIL_URL;
  if (!mailUrl) throw new Error('E2E_MAIL_URL is not set: run through playwright.config.ts');
  const response = await fetch(`${mailUrl}/mails?to=${encodeURIComponent(address)}`);
  return (await response.json()) as CaughtMail[];
}

/** A PAN and the Telangana GSTIN around it, both new to this run: letters from the run's time. */
function freshTaxIds(seed: number): { pan: string; gstin: string } {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let n = seed;
  let five = '';
  for (let i = 0; i < 5; i += 1) {
    five += letters[n % 26];
    n = Math.floor(n / 26);
  }
  const pan = `${five}${String(seed % 10_000).padStart(4, '0')}${letters[(seed >> 3) % 26]}`;
  const first14 = `36${pan}1Z`;
  return { pan, gstin: `${first14}${gstinCheckCharacter(first14)}` };
}

async function openProfileMenuItem(page: Page, name: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name }).click();
}

/** A frame with a colour in plenty of stock, read as the signed-in retailer. */
async function frameInStock(page: Page): Promise<{ product: Product; colour: Product['productColor'][number] }> {
  const search = encodeURIComponent('productTypeId=1&isAvailable=true');
  const response = await page.request.get(`/api/Product/getAll?search=${search}&pageNumber=1&pageSize=50`, { headers: await bearer(page) });
  const products = (await response.json()).Data.searchResults.value as Product[];
  for (const product of products) {
    const colour = product.productColor.find((c) => c.availableStockQuantity >= PLENTY);
    if (colour) return { product, colour };
  }
  throw new Error('no frame in stock');
}

test('a sales executive proposes a shop, an admin approves it, the owner sets a password from the mail and orders', async ({ page, seed }, testInfo) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const run = `${testInfo.project.name}${stamp % 1_000_000}`;
  const shop = `Proposed Optics ${run}`;
  const email = `owner.${run}@proposed.test`;
  const { pan, gstin } = freshTaxIds(stamp + (testInfo.project.name === 'phone' ? 7_777 : 0));
  const password = `Welcome@${run}`;

  // 1. The sales executive's short form, from the profile menu.
  const sales = await seed.salesExecutive();
  await signIn(page, sales);
  await openProfileMenuItem(page, 'Propose a retailer');
  await expect(page).toHaveURL(/\/propose-retailer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Propose a retailer' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Propose a retailer' });
  await form.getByLabel('Shop name').fill(shop);
  await form.getByLabel("Owner's first name").fill('Kiran');
  await form.getByLabel('Last name').fill('Rao');
  await form.getByLabel('Mobile').fill('98480 12345');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Billing address').fill('7-1-21 Begumpet');
  await form.getByLabel('State').selectOption({ label: 'Telangana' });
  const city = form.getByLabel('City');
  await expect(city).toBeEnabled();
  await city.selectOption({ index: 1 });
  await form.getByLabel('PIN code').fill('500016');
  // Typed as a person would: lower case with spaces; a wrong last character first.
  const wrongLast = gstin.endsWith('A') ? 'B' : 'A';
  await form.getByLabel('GSTIN (optional)').fill(`${gstin.slice(0, 2)} ${gstin.slice(2, 12).toLowerCase()} ${gstin.slice(12, 14)}${wrongLast}`);
  await form.getByLabel('PAN (optional)').click();
  await expect(form.getByText(/last character does not match the rest/)).toBeVisible();
  await form.getByLabel('GSTIN (optional)').fill(gstin.toLowerCase());
  await form.getByLabel('PAN (optional)').fill(pan.toLowerCase());
  await form.getByLabel('Shop name').click();
  await expect(form.getByLabel('GSTIN (optional)')).toHaveValue(gstin);
  await expect(form.getByText(/last character does not match the rest/)).toHaveCount(0);
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'propose a retailer');
  await form.getByRole('button', { name: 'Send for approval' }).click();
  await expect(page.getByRole('heading', { name: 'Sent for approval' })).toBeVisible();
  await expectAccessible(page, 'proposal sent');

  // 2. The admin finds it among the pending retailers and approves it.
  await signInStaff(page, demo.admin);
  await page.goto('/admin/retailers?status=Pending');
  await page.getByRole('searchbox', { name: 'Search retailers' }).fill(shop);
  const row = page.getByRole('row', { name: new RegExp(`${shop}.*Pending`) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  // The row may show in the list before the search (it runs after a pause in typing) has its own
  // answer, which dims the list (aria-busy) while it loads: wait for that answer, the one row, so
  // axe reads the settled list, not the faded one.
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('table', { name: 'Retailers' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'retailers list');
  await row.getByRole('link', { name: shop }).click();
  await expect(page.getByRole('heading', { level: 1, name: shop })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Business' }).getByText(gstin)).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'pending retailer');
  const seen = (await mailsTo(email)).length;
  await page.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: `Approve ${shop}` });
  await expectAccessible(page, 'approve dialog');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // 3. The owner's welcome mail: a link to set a password (no password in it).
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 45_000 }).toBeGreaterThan(seen);
  const mail = (await mailsTo(email)).at(-1)!;
  expect(mail.text).not.toContain(password);
  const link = /\/resetpassword\?[A-Za-z0-9_=&-]*token=[A-Za-z0-9_-]+[A-Za-z0-9_=&-]*/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expectAccessible(page, 'set your password');
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status').filter({ hasText: /password/i })).toBeVisible();

  // 4. The owner signs in and places an order.
  await signIn(page, { email, password });
  const { product, colour } = await frameInStock(page);
  await page.goto(`/product-details?productId=${product.productId}`);
  await page.getByRole('textbox', { name: `Quantity of ${colour.frameColor} (${colour.colorVariant})`, exact: true }).fill('1');
  await page.getByRole('button', { name: 'Add to order (1)' }).click();
  await page.goto('/purchase-order');
  await expect(page.getByText('You have 1 line (1 pc) in your order')).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('dialog', { name: 'Order Placed Successfully' })).toBeVisible();
});

test('accounts blocks a retailer whose session is open elsewhere: that session ends at its next step, and it cannot sign in', async ({ page, browser, seed }) => {
  test.setTimeout(240_000);
  const retailer = await seed.retailer();

  // The retailer's own browser, signed in.
  const shopContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const shopPage = await shopContext.newPage();
  await signIn(shopPage, retailer);

  // Accounts blocks it from the desk.
  await signInStaff(page, demo.accounts);
  await page.goto(`/admin/retailers?q=${encodeURIComponent(retailer.email)}`);
  const row = page.getByRole('row', { name: new RegExp(retailer.businessName) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('link', { name: retailer.businessName }).click();
  await expect(page.getByRole('heading', { level: 1, name: retailer.businessName })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectAccessible(page, 'active retailer (accounts)');
  await page.getByRole('button', { name: 'Block' }).click();
  const dialog = page.getByRole('dialog', { name: `Block ${retailer.businessName}` });
  await dialog.getByLabel('Reason').fill('Three cheques bounced');
  await expectAccessible(page, 'block dialog');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Blocked: Three cheques bounced')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);

  // The retailer's next step lands on sign-in, saying the session ended.
  await shopPage.goto('/products');
  await expect(shopPage).toHaveURL(/\/login/);
  await expect(shopPage.getByText(messages.http.unauthorized)).toBeVisible();
  await shopPage.getByLabel('Email').fill(retailer.email);
  await shopPage.getByLabel('Password', { exact: true }).fill(retailer.password);
  await shopPage.getByRole('button', { name: 'Log in' }).click();
  await expect(shopPage.getByText(/account is blocked, so you cannot sign in/)).toBeVisible();
  await shopContext.close();
});
