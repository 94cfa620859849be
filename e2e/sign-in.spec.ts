import { expect, test } from '@playwright/test';
import { demo, noHorizontalScroll } from './fixtures.ts';

/** The demo login the README documents: this spec is about it, so it signs in as it (other specs make their own retailer). */
const retailer = demo.retailer;

test('a retailer signs in, lands on /home and signs out', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('Email').fill(retailer.email);
  await page.getByLabel('Password', { exact: true }).fill(retailer.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await expect(page.getByRole('main').getByText('Vision Point Opticals')).toBeVisible();

  expect(await noHorizontalScroll(page)).toBe(true);

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.goto('/home');
  await expect(page).toHaveURL(/\/login/);
});

test('wrong credentials show the server’s message and keep the visitor on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(retailer.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong@12345');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('The user name or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Email')).toBeEnabled();
});

test('empty fields show the spec’s messages and send nothing', async ({ page }) => {
  await page.goto('/login');
  let tokenCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/token')) tokenCalls += 1;
  });
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please enter Email')).toBeVisible();
  await expect(page.getByText('Please enter password')).toBeVisible();
  expect(tokenCalls).toBe(0);
});
