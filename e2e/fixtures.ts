import { expect, type Page } from '@playwright/test';

export const demo = {
  retailer: { email: 'retailer@frameport.test', password: 'Retailer@123' },
};

/** Signs in through the real /login screen and waits for /home. */
export async function signIn(page: Page, user = demo.retailer) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

export async function noHorizontalScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
