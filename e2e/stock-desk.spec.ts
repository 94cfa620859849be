import { istDateOf } from '@frameport/domain';
import type { Product } from '@frameport/domain/contract';
import type { Page } from '@playwright/test';
import { demo, expect, expectAccessible, noHorizontalScroll, signInStaff, test, tokenOf } from './fixtures.ts';

/**
 * The catalogue desk's stock and money screens end to end (issue 17): the warehouse records a
 * delivery on a style (the stock and the movement show, and a retailer's catalogue shows the new
 * stock) and has no way to change a price (none on screen, 403 from the API); an admin schedules a
 * price (and cancels it) and creates a discount rule after its preview. axe and no sideways scroll
 * on /admin/stock, /admin/gst-rates and /admin/discounts, on a desktop and on a 390 px phone.
 */

/** A sunglasses style (type 2: the ordering specs use frames) with its first colour, as a retailer reads it. */
async function aStyle(page: Page, project: string): Promise<{ product: Product; colourIndex: number }> {
  const headers = await tokenOf(page.request, demo.retailer);
  const search = encodeURIComponent('productTypeId=2');
  const response = await page.request.get(`/api/Product/getAll?search=${search}&pageNumber=1&pageSize=50`, { headers });
  expect(response.status()).toBe(200);
  const products = (await response.json()).Data.searchResults.value as Product[];
  // Each project takes its own style, so the two runs never count each other's deliveries.
  const product = products[project === 'phone' ? 1 : 0];
  if (!product) throw new Error('fewer than two sunglasses styles');
  return { product, colourIndex: 0 };
}

async function retailerStock(page: Page, productId: number, colourVariant: string): Promise<number> {
  const headers = await tokenOf(page.request, demo.retailer);
  const response = await page.request.get(`/api/Product/get?id=${productId}`, { headers });
  expect(response.status(), await response.text()).toBe(200);
  const data = (await response.json()).Data as Product | { product: Product };
  const product = 'product' in data ? data.product : data;
  return product.productColor.find((colour) => colour.colorVariant === colourVariant)!.availableStockQuantity;
}

async function screenIsClean(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page, path);
  expect(await noHorizontalScroll(page), `${path} scrolls sideways`).toBe(true);
}

test('the warehouse records a delivery: the stock and the movement show, a retailer sees the new stock; no price controls, 403 on prices', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const { product } = await aStyle(page, testInfo.project.name);
  const colour = product.productColor[0]!;
  const before = await retailerStock(page, product.productId, colour.colorVariant);

  await signInStaff(page, demo.warehouse);
  await page.goto(`/admin/products/${product.productId}`);
  const stock = page.getByRole('region', { name: 'Stock' });
  await expect(stock.getByRole('table', { name: 'Stock per colour' })).toBeVisible({ timeout: 45_000 });
  await stock.getByRole('button', { name: `Adjust ${colour.colorVariant}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Change \(pieces\)/ }).fill('7');
  await expect(dialog.getByText(`In stock now: ${before}. After this change: ${before + 7}.`)).toBeVisible();
  await dialog.getByRole('combobox', { name: /Reason/ }).selectOption('delivery');
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill(`e2e delivery ${testInfo.project.name}`);
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(dialog).toBeHidden();

  const row = stock.getByRole('table', { name: 'Stock per colour' }).getByRole('row').filter({ hasText: colour.colorVariant }).first();
  await expect(row).toContainText(String(before + 7));
  const movements = stock.getByRole('table', { name: /^Movements of / });
  const newest = movements.getByRole('row').nth(1);
  await expect(newest).toContainText('+7');
  await expect(newest).toContainText('Delivery received');
  await expect(newest).toContainText(String(before + 7));
  await expect(newest).toContainText(`e2e delivery ${testInfo.project.name}`);

  expect(await retailerStock(page, product.productId, colour.colorVariant)).toBe(before + 7);

  // No price controls for the warehouse, and the API refuses a direct call.
  await expect(page.getByRole('heading', { name: 'Price', exact: true })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'New net price (₹)' })).toHaveCount(0);
  const headers = await tokenOf(page.request, demo.warehouse);
  const tomorrow = istDateOf(new Date(Date.now() + 86_400_000));
  const refused = await page.request.post(`/api/admin/products/${product.productId}/prices`, { headers, data: { netPrice: 999, effectiveFrom: tomorrow } });
  expect(refused.status()).toBe(403);

  await screenIsClean(page, '/admin/stock', 'Low stock');
});

test('an admin schedules a price (then cancels it) and creates a discount rule after its preview', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const { product } = await aStyle(page, testInfo.project.name);
  await signInStaff(page, demo.admin);

  await page.goto(`/admin/products/${product.productId}`);
  const price = page.getByRole('region', { name: 'Price' });
  await expect(price.getByRole('textbox', { name: 'New net price (₹)' })).toBeVisible({ timeout: 45_000 });
  const nextWeek = istDateOf(new Date(Date.now() + 7 * 86_400_000));
  await price.getByRole('textbox', { name: 'New net price (₹)' }).fill('1,234.50');
  await price.getByLabel('Effective from').fill(nextWeek);
  await price.getByRole('button', { name: 'Schedule change' }).click();
  const confirm = page.getByRole('dialog', { name: 'Change the price?' });
  await expect(confirm).toContainText('to ₹1,234.50 on');
  await confirm.getByRole('button', { name: 'Schedule change' }).click();
  await expect(confirm).toBeHidden();
  const scheduled = price.getByRole('group', { name: 'Scheduled change' });
  await expect(scheduled).toContainText('₹1,234.50 from');

  await scheduled.getByRole('button', { name: 'Cancel change' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel change' });
  await cancel.getByRole('button', { name: 'Cancel change' }).click();
  await expect(price.getByRole('group', { name: 'Scheduled change' })).toHaveCount(0);

  // A rule that starts next year: it changes no price while the other tests run.
  const nextYear = istDateOf(new Date(Date.now() + 370 * 86_400_000));
  const name = `e2e Telangana offer ${testInfo.project.name} ${Date.now()}`;
  await page.goto('/admin/discounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Discounts' })).toBeVisible();
  await page.getByRole('button', { name: 'New rule' }).first().click();
  const form = page.getByRole('dialog', { name: 'New discount rule' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Percentage (%)' }).fill('10');
  await form.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Telangana' });
  await form.getByLabel('Valid from').fill(nextYear);
  await expect(form.getByRole('button', { name: 'Save rule' })).toBeDisabled();
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByTestId('discount-preview-message')).toHaveText(/^[\d,]+ styles? gets? 10% off in Telangana$/);
  await expect(form.getByRole('table', { name: 'Sample styles' })).toBeVisible();
  await form.getByRole('button', { name: 'Save rule' }).click();
  await expect(form).toBeHidden();
  const ruleRow = page.getByRole('table', { name: 'Discount rules' }).getByRole('row').filter({ hasText: name });
  await expect(ruleRow).toContainText('Scheduled');
  await expect(ruleRow).toContainText('Telangana');

  await screenIsClean(page, '/admin/discounts', 'Discounts');
  await screenIsClean(page, '/admin/gst-rates', 'GST rates');
  await screenIsClean(page, '/admin/stock', 'Low stock');
});
