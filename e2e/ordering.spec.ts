import type { Page } from '@playwright/test';
import type { Product } from '@frameport/domain/contract';
import { bearer, expect, noHorizontalScroll, PLENTY, signIn, test } from './fixtures.ts';

/** A frame with at least two colours that have plenty of stock, read through the API as the signed-in user. */
async function productWithTwoColoursInStock(page: Page): Promise<Product> {
  const search = encodeURIComponent('productTypeId=1&isAvailable=true');
  const response = await page.request.get(`/api/Product/getAll?search=${search}&pageNumber=1&pageSize=50`, {
    headers: await bearer(page),
  });
  const products = (await response.json()).Data.searchResults.value as Product[];
  const found = products.find((p) => p.productColor.filter((c) => c.availableStockQuantity >= PLENTY).length >= 2);
  if (!found) throw new Error('no product with two colours in stock');
  return found;
}

async function addTwoColours(page: Page) {
  const product = await productWithTwoColoursInStock(page);
  const colours = product.productColor.filter((c) => c.availableStockQuantity >= PLENTY).slice(0, 2);
  await page.goto(`/product-details?productId=${product.productId}`);
  for (const colour of colours) {
    await page.getByRole('textbox', { name: `Quantity of ${colour.frameColor} (${colour.colorVariant})`, exact: true }).fill('1');
  }
  await page.getByRole('button', { name: 'Add to order (2)' }).click();
  // Confirmed by the running order (issue 16): the drawer on a desktop, the bottom bar on a phone.
  const narrow = (page.viewportSize()?.width ?? 1366) < 768;
  await expect(
    narrow ? page.getByRole('complementary', { name: 'Your purchase order' }) : page.getByRole('dialog', { name: '2 pcs added to your order' }),
  ).toBeVisible();
  return { product, colours };
}

test('a retailer orders two colours of one model, changes a quantity and places the order', async ({ page, isMobile, retailer }) => {
  await signIn(page, retailer);
  const { product, colours } = await addTwoColours(page);

  await page.getByRole('link', { name: /Purchase order/ }).first().click();
  await expect(page).toHaveURL(/\/purchase-order/);
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Order' })).toBeVisible();
  await expect(page.getByText('You have 2 lines (2 pcs) in your order')).toBeVisible();
  // Telangana retailer, Telangana supplier: CGST + SGST, no IGST.
  const summary = page.getByRole('region', { name: /Payment summary/i });
  await expect(summary.getByText(/^CGST/)).toBeVisible();
  await expect(summary.getByText(/^SGST/)).toBeVisible();
  await expect(summary.getByText(/^IGST/)).toHaveCount(0);
  const totalBefore = await summary.getByText(/^Order total/).locator('..').textContent();

  const first = colours[0]!;
  const lineName = `${product.productName}, ${first.frameColor} (${first.colorVariant})`;
  const line = page.getByRole('listitem', { name: lineName });
  await line.getByRole('textbox', { name: `Quantity of ${lineName}` }).fill('3');
  await line.getByRole('button', { name: 'Update' }).click();
  await expect(line.getByRole('button', { name: 'Update' })).toBeDisabled();
  await expect.poll(async () => summary.getByText(/^Order total/).locator('..').textContent()).not.toBe(totalBefore);
  if (isMobile) expect(await noHorizontalScroll(page)).toBe(true);

  const orderTotal = (await summary.getByText(/^Order total/).locator('..').textContent())?.match(/₹[\d,]+\.\d{2}/)?.[0];
  expect(orderTotal).toBeTruthy();

  await page.getByRole('button', { name: 'Place order' }).click();
  const placed = page.getByRole('dialog', { name: 'Order Placed Successfully' });
  await expect(placed).toBeVisible();
  const ref = (await placed.getByText(/FP\/\d{4}-\d{2}\/\d{6}/).textContent())?.match(/FP\/\d{4}-\d{2}\/\d{6}/)?.[0] ?? '';
  expect(ref).not.toBe('');
  await placed.getByRole('button', { name: 'OK' }).click();

  // My Orders lists it with the same total, and its details add up to the same amount.
  await expect(page).toHaveURL(/\/profile\?order=true/);
  const row = page.getByRole('row', { name: `Order ${ref}` });
  await expect(row).toBeVisible();
  await expect(row.getByText(orderTotal!)).toBeVisible();
  await row.getByRole('button', { name: `View order ${ref}` }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByText(orderTotal!).last()).toBeVisible();
  await expect(details.getByText(/^CGST/).first()).toBeVisible();
});

test('express checkout: a model number, a quantity, Add to order', async ({ page, retailer }) => {
  await signIn(page, retailer);
  const product = await productWithTwoColoursInStock(page);
  const colour = product.productColor.find((c) => c.availableStockQuantity >= PLENTY)!;
  await page.goto('/express-checkout');
  await page.getByRole('combobox', { name: 'Model number' }).fill(product.modelName);
  await page.getByRole('option', { name: new RegExp(product.modelName) }).first().click();
  const quantity = page.getByRole('textbox', { name: new RegExp(`^Quantity of ${product.modelName} .*\\(${colour.colorVariant}\\)`) });
  await quantity.fill('2');
  await page.getByRole('button', { name: 'Add all to order' }).click();
  await expect(page).toHaveURL(/\/purchase-order/);
  await expect(page.getByText('You have 1 line (2 pcs) in your order')).toBeVisible();
});

test('a Karnataka retailer sees IGST where the Telangana retailer sees CGST + SGST', async ({ page, seed }) => {
  await signIn(page, await seed.retailer({ state: 'Karnataka' }));
  await addTwoColours(page);
  await page.goto('/purchase-order');
  const summary = page.getByRole('region', { name: /Payment summary/i });
  await expect(summary.getByText(/^IGST/)).toBeVisible();
  await expect(summary.getByText(/^CGST/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByText('You have 0 items in your order')).toBeVisible();
});
