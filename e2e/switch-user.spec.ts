import type { Page } from '@playwright/test';
import type { Product } from '@frameport/domain/contract';
import { bearer, expect, PLENTY, signIn, test, type FreshRetailer } from './fixtures.ts';

/** A frame whose every colour has plenty of stock, read as the sales executive acting for `retailer`. */
async function frameInStock(page: Page, retailer: FreshRetailer): Promise<Product> {
  const search = encodeURIComponent('productTypeId=1&isAvailable=true');
  const response = await page.request.get(
    `/api/Product/getAll?search=${search}&pageNumber=1&pageSize=50&email=${encodeURIComponent(retailer.email)}`,
    { headers: await bearer(page) },
  );
  const products = (await response.json()).Data.searchResults.value as Product[];
  const found = products.find((p) => p.productColor.length > 0 && p.productColor.every((c) => c.availableStockQuantity >= PLENTY));
  if (!found) throw new Error('not enough frames in stock');
  return found;
}

async function openProfileMenuItem(page: Page, name: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name }).click();
}

test('a sales executive switches to a retailer and orders for them; the order is theirs alone', async ({ page, seed }) => {
  // Two sign-ins, a switch and a placed order: longer than the default 30 s on a busy machine.
  test.setTimeout(180_000);
  // A sales executive of its own with two retailers: Karnataka, ordered for, and Telangana.
  const sales = await seed.salesExecutive();
  const karnataka = await seed.retailer({ state: 'Karnataka', salesExecutive: sales });
  const telangana = await seed.retailer({ state: 'Telangana', salesExecutive: sales });
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

  const product = await frameInStock(page, karnataka);
  await page.goto(`/products?searchText=${encodeURIComponent(product.modelName)}`);
  await expect(header.getByText(`Acting for ${karnataka.businessName}`)).toBeVisible();
  const card = page.getByRole('article', { name: new RegExp(product.productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
  await card.getByRole('textbox', { name: /^Quantity of / }).fill('2');
  await card.getByRole('button', { name: 'Add to order (2)' }).click();
  // Confirmed by the running order (issue 16): the drawer on a desktop, the bottom bar on a phone.
  const narrow = (page.viewportSize()?.width ?? 1366) < 768;
  await expect(
    narrow ? page.getByRole('complementary', { name: 'Your purchase order' }) : page.getByRole('dialog', { name: '2 pcs added to your order' }),
  ).toBeVisible();

  await header.getByRole('link', { name: 'Purchase order' }).click();
  await expect(page).toHaveURL(/\/purchase-order/);
  await expect(page.getByText('You have 1 line (2 pcs) in your order')).toBeVisible();
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
