import { expect, test, type Page } from '@playwright/test';
import type { Product } from '@frameport/domain/contract';
import { signIn } from './fixtures.ts';

const sales = { email: 'sales@frameport.test', password: 'Sales@12345' };
const telangana = { email: 'retailer@frameport.test', password: 'Retailer@123' };
/** retailer.blr@frameport.test, linked to the demo sales executive in the seed. */
const karnataka = { email: 'retailer.blr@frameport.test', businessName: 'Nayana Eye Care' };

async function bearer(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('frameport.session') ?? '{}').accessToken as string);
  return { authorization: `Bearer ${token}` };
}

/** The Karnataka retailer's cart starts empty: the demo retailers are shared by the desktop and phone runs. */
async function emptyKarnatakaCart(page: Page) {
  const response = await page.request.delete(`/api/Product/clearCart?email=${encodeURIComponent(karnataka.email)}`, {
    headers: await bearer(page),
  });
  expect(response.status()).toBe(200);
}

/** A different in-stock frame for each project, so the two runs do not use up one product's stock. */
async function frameInStock(page: Page, index: number): Promise<Product> {
  const search = encodeURIComponent('productTypeId=1&isAvailable=true');
  const response = await page.request.get(
    `/api/Product/getAll?search=${search}&pageNumber=1&pageSize=50&email=${encodeURIComponent(karnataka.email)}`,
    { headers: await bearer(page) },
  );
  const products = (await response.json()).Data.searchResults.value as Product[];
  const inStock = products.filter((p) => p.productColor.length > 0 && p.productColor.every((c) => c.availableStockQuantity >= 3));
  const found = inStock[index];
  if (!found) throw new Error('not enough frames in stock');
  return found;
}

async function openProfileMenuItem(page: Page, name: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name }).click();
}

test('a sales executive switches to a retailer and orders for them; the order is theirs alone', async ({ page }, testInfo) => {
  // Two sign-ins, a switch and a placed order: longer than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  await signIn(page, sales);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  // No retailer chosen yet: nothing to order with.
  await expect(header.getByRole('link', { name: 'Purchase order' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Express checkout' })).toHaveCount(0);

  await openProfileMenuItem(page, 'Switch User');
  await expect(page).toHaveURL(/\/profile\?switch-user=true/);
  await page.getByRole('button', { name: new RegExp(karnataka.businessName) }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText(`Are you sure you want to switch to ${karnataka.businessName}?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Switch' }).click();
  const done = page.getByRole('dialog');
  await expect(done.getByText(`You have successfully swithced to ${karnataka.businessName}`)).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(header.getByText(`Acting for ${karnataka.businessName}`)).toBeVisible();

  await emptyKarnatakaCart(page);
  const product = await frameInStock(page, testInfo.project.name === 'phone' ? 1 : 0);
  await page.goto(`/products?searchText=${encodeURIComponent(product.modelName)}`);
  await expect(header.getByText(`Acting for ${karnataka.businessName}`)).toBeVisible();
  const card = page.getByRole('article', { name: new RegExp(product.productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
  await card.getByRole('textbox', { name: /^Quantity of / }).fill('2');
  await card.getByRole('button', { name: 'Add to order (2)' }).click();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();

  await header.getByRole('link', { name: 'Purchase order' }).click();
  await expect(page).toHaveURL(/\/purchase-order/);
  await expect(page.getByText('You have 1 item in your order')).toBeVisible();
  // Karnataka retailer, Telangana supplier: IGST only.
  const summary = page.getByRole('region', { name: /Payment summary/i });
  await expect(summary.getByText(/^IGST/)).toBeVisible();
  await expect(summary.getByText(/^CGST/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Place order' }).click();
  const placed = page.getByRole('dialog', { name: 'Order Placed Successfully' });
  await expect(placed).toBeVisible();
  const ref = (await placed.getByText(/FP\/\d{4}-\d{2}\/\d{6}/).textContent())?.match(/FP\/\d{4}-\d{2}\/\d{6}/)?.[0] ?? '';
  expect(ref).not.toBe('');
  await placed.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/profile\?order=true/);
  await expect(page.getByRole('row', { name: `Order ${ref}` })).toBeVisible();

  // The Telangana retailer, also linked to this executive, does not see it.
  await page.getByRole('banner').getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, telangana);
  await expect(page.getByText(/Acting for/)).toHaveCount(0);
  await page.goto('/profile?order=true');
  await expect(page.getByRole('tab', { name: 'My Orders', selected: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'My orders' }).or(page.getByText('You have not placed any orders yet'))).toBeVisible();
  await expect(page.getByRole('row', { name: `Order ${ref}` })).toHaveCount(0);
});
