import type { Page } from '@playwright/test';
import { messages } from '@frameport/domain/messages';
import { expect, expectAccessible, noHorizontalScroll, signIn, test } from './fixtures.ts';

/**
 * The spec's last gaps (issue 16 items 9 and 15) against the real server: a sales executive's
 * catalogue at list prices until a retailer is chosen, the spec's other addresses, the login
 * banners on a phone, and the profile menu's lens login (LENS_LOGIN_URL in playwright.config.ts).
 */

/** The visible 'List price' labels (a struck-through list price's screen-reader name says it too, inside <s>). */
function priceLabels(page: Page) {
  return page.locator('main article').getByText('List price', { exact: true }).locator('xpath=self::*[not(ancestor::s)]');
}

test('a sales executive sees list prices, labelled so, until a retailer is chosen', async ({ page, seed }) => {
  test.setTimeout(150_000);
  const sales = await seed.salesExecutive();
  const retailer = await seed.retailer({ state: 'Telangana', salesExecutive: sales });
  await signIn(page, sales);

  await page.goto('/products');
  const cards = page.locator('main article');
  await expect(cards.first()).toBeVisible();
  const cardCount = await cards.count();
  expect(cardCount).toBeGreaterThan(0);
  // Every card's price is a list price: labelled, nothing struck through, no discount badge.
  await expect(priceLabels(page)).toHaveCount(cardCount);
  await expect(page.locator('main article s')).toHaveCount(0);
  await expect(page.locator('main article').getByText(/% off$|₹[\d,.]+ off$/)).toHaveCount(0);
  await expect(page.getByText('Until you choose one, prices are list prices, without any retailer’s discount.')).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'catalogue at list prices');

  // The product page says so too.
  const firstName = (await cards.first().getByRole('link').last().textContent())?.replace(' (opens in a new tab)', '') ?? '';
  const href = await cards.first().getByRole('link').last().getAttribute('href');
  await page.goto(href!);
  await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  // The product's own price (related products' cards below it are labelled too).
  await expect(page.getByText('List price', { exact: true }).locator('xpath=self::*[not(ancestor::s) and not(ancestor::article)]')).toHaveCount(1);
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'product page at list prices');

  // Switch to the retailer: its own prices, no 'List price' label.
  await page.goto('/profile?switch-user=true');
  await page.getByRole('button', { name: new RegExp(retailer.businessName) }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Switch' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await page.goto('/products');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByText(`Acting for ${retailer.businessName}`).first()).toBeVisible();
  await expect(priceLabels(page)).toHaveCount(0);
  // Telangana's rules discount most frames: some price is now struck through beside the retailer's price.
  await expect(page.locator('main article s').first()).toBeVisible();
});

test('the spec’s other addresses lead to the screens they meant', async ({ page, retailer }, testInfo) => {
  await signIn(page, retailer);

  await page.goto('/catalog?searchText=aviator');
  await expect(page).toHaveURL(/\/products\?searchText=aviator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Frames & Sunglasses' })).toBeVisible();

  await page.goto('/catalog-filter?productTypeId=1');
  await expect(page).toHaveURL(/\/products\?productTypeId=1#filters$/);
  if (testInfo.project.name === 'phone') {
    await expect(page.getByRole('dialog', { name: 'Filter' })).toBeVisible();
  } else {
    await expect(page.getByRole('heading', { level: 2, name: 'Filters' })).toBeFocused();
  }
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'catalogue with its filters open');

  await page.goto('/view-order');
  await expect(page).toHaveURL(/\/profile\?order=true$/);
  await expect(page.getByRole('tab', { name: 'My Orders', selected: true })).toBeVisible();

  await page.goto('/slider');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await expect(page.getByText('404')).toHaveCount(0);
});

test('the login banners show on a phone too, below the form', async ({ page }, testInfo) => {
  await page.goto('/login');
  const banner = page.getByRole('img', { name: 'Welcome to Frameport' });
  await expect(banner).toBeVisible();
  const button = await page.getByRole('button', { name: 'Log in' }).boundingBox();
  const image = await banner.boundingBox();
  if (testInfo.project.name === 'phone') {
    // Below the form, as wide as it, and the form's Log in button still on the first screen.
    expect(image!.y).toBeGreaterThan(button!.y + button!.height);
    expect(button!.y + button!.height).toBeLessThan(page.viewportSize()!.height);
  } else {
    // Beside the form, in the colour panel on its left.
    expect(image!.x + image!.width).toBeLessThanOrEqual(button!.x);
  }
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'login');
});

test('the profile menu links to the lens product’s login in a new tab', async ({ page, retailer }, testInfo) => {
  await signIn(page, retailer);
  let link;
  if (testInfo.project.name === 'phone') {
    await page.getByRole('button', { name: messages.nav.openNavigation }).click();
    link = page.getByRole('link', { name: 'Lens login (opens in a new tab)' });
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Profile menu' }).click();
    link = page.getByRole('menuitem', { name: 'Lens login (opens in a new tab)' });
  }
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', 'https://lens.frameport.test/login');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener');
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'profile menu with the lens login');
  // getConfig's answer is kept for the next pages in a cookie named config, for a day.
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'config');
  expect(cookie).toBeDefined();
  const dayFromNow = Date.now() / 1000 + 86_400;
  expect(Math.abs(cookie!.expires - dayFromNow)).toBeLessThan(120);
  expect(decodeURIComponent(cookie!.value)).toContain('"CatalogPageSize":"14"');
});
