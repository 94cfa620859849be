import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

/**
 * Moving around inside the app (app/app-router.tsx): where a page opens, and the one screen that
 * holds a navigation back while it has unsaved work (express checkout).
 */

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
/** The header's wordmark: a link to /home on a desktop and on a phone. */
const homeLink = (page: Page) => page.locator('header a[href="/home"]').first();

/** Express checkout by the app's own link: the header's on a desktop, the slide-out menu's on a phone. */
async function openExpressCheckout(page: Page) {
  await expect(homeLink(page)).toBeVisible();
  const headerLink = page.locator('header').getByRole('link', { name: 'Express checkout' });
  if (await headerLink.isVisible()) {
    await headerLink.click();
  } else {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Express checkout' }).click();
  }
}

test('a link opens the next page at the top; Back and Forward return to where each page was left', async ({ page, retailer }) => {
  await signIn(page, retailer);
  await page.goto('/products');
  await expect(page.locator('main a[href*="product-details"]').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 600)).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 500));
  await expect.poll(() => scrollY(page)).toBe(500);

  await homeLink(page).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 120));
  await expect.poll(() => scrollY(page)).toBe(120);

  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect.poll(() => scrollY(page)).toBe(500);

  await page.goForward();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => scrollY(page)).toBe(120);
});

test('express checkout with unsaved rows asks before a link, Back or Forward takes the reader away; Cancel stays, Leave goes', async ({
  page,
  retailer,
}) => {
  await signIn(page, retailer);
  await openExpressCheckout(page);
  const heading = page.getByRole('heading', { level: 1, name: 'Express Checkout' });
  await expect(heading).toBeVisible();
  // Nothing typed yet: the reader moves freely.
  await homeLink(page).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goBack();
  await expect(heading).toBeVisible();

  // A row (one that matches no model still counts as work on the page).
  await page.getByRole('textbox', { name: 'Pasted rows' }).fill('NOPE-0000 C1 x 1');
  await page.getByRole('button', { name: 'Add rows to the list' }).click();
  const row = page.getByRole('group', { name: 'Pasted line 1: NOPE-0000 C1 x 1' });
  await expect(row).toBeVisible();

  const leave = page.getByRole('dialog', { name: 'Leave this page?' });
  // Forward (to /home): asked; Cancel keeps the page, its rows and its address.
  await page.goForward();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(leave).toHaveCount(0);
  await expect(page).toHaveURL(/\/express-checkout$/);
  await expect(row).toBeVisible();

  // Back (to /home, where express checkout was opened from): asked too.
  await page.goBack();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/express-checkout$/);
  await expect(row).toBeVisible();

  // A link: asked; Leave goes where it leads.
  await homeLink(page).click();
  await expect(leave).toBeVisible();
  await expect(page).toHaveURL(/\/express-checkout$/);
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(heading).toHaveCount(0);
});
