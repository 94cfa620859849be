import type { Page } from '@playwright/test';
import type { Product } from '@frameport/domain/contract';
import { bearer, expect, expectAccessible, noHorizontalScroll, placeOrderOfAtLeast, PLENTY, signIn, test } from './fixtures.ts';

/** A frame with a colour that has plenty of stock, read through the API as the signed-in retailer. */
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

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1366) < 768;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('an add from the catalogue shows the running order: the bar on a phone, the drawer on a desktop', async ({ page, retailer }) => {
  await signIn(page, retailer);
  const { product, colour } = await frameInStock(page);
  await page.goto(`/products?searchText=${encodeURIComponent(product.modelName)}`);
  const card = page.getByRole('article', { name: new RegExp(escapeRegExp(product.productName)) }).first();
  await expect(card).toBeVisible();
  // The order is empty: no bar.
  await expect(page.getByRole('complementary', { name: 'Your purchase order' })).toHaveCount(0);

  // The card's chosen colour may be another one: choose the one with plenty of stock.
  const colourName = `${colour.frameColor} (${colour.colorVariant})`;
  await card.getByRole('button', { name: new RegExp(`^Colour ${escapeRegExp(colourName)}`) }).click();
  const quantity = card.getByRole('textbox', { name: `Quantity of ${product.productName}, ${colourName}` });
  await quantity.fill('3');
  await card.getByRole('button', { name: 'Add to order (3)' }).click();

  const header = page.getByRole('banner');
  const cart = header.getByRole('link', { name: 'Purchase order' });
  if (isPhone(page)) {
    const bar = page.getByRole('complementary', { name: 'Your purchase order' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveText(/^3 pcs · ₹[\d,]+\.\d{2} incl\. GST\s*Review order$/);
    // No toast over the screen; the header's cart stays in view.
    await expect(page.getByText('Success', { exact: true })).toHaveCount(0);
    await expect(cart).toBeVisible();
    // The bar never covers the end of the page: scrolled to the bottom, the footer's last line is above it.
    // Measured until the page settles (a late font or count can still move the end by a pixel;
    // CI once read the footer 1.06 px under the bar from one scroll made just before that).
    const footer = page.getByRole('contentinfo');
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const barBox = (await bar.boundingBox())!;
        const footerBox = (await footer.boundingBox())!;
        return footerBox.y + footerBox.height - barBox.y;
      })
      .toBeLessThanOrEqual(1);
    const barBox = (await bar.boundingBox())!;
    expect(barBox.height).toBeGreaterThanOrEqual(44);
    expect((await bar.getByRole('link', { name: 'Review order' }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await noHorizontalScroll(page)).toBe(true);
    await expectAccessible(page, '/products with the order bar');

    await bar.getByRole('link', { name: 'Review order' }).click();
  } else {
    const drawer = page.getByRole('dialog', { name: '3 pcs added to your order' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText(`${product.productName}, ${colourName}`)).toBeVisible();
    await expect(drawer).toContainText(/Your order: 3 pcs · ₹[\d,]+\.\d{2} incl\. GST · 1 line/);
    await expect(page.getByText('Success', { exact: true })).toHaveCount(0);
    // The cart icon and its badge stay in view, not under the drawer.
    await expect(header.getByTestId('cart-count')).toHaveText('1');
    const badge = (await header.getByTestId('cart-count').boundingBox())!;
    const panel = (await drawer.boundingBox())!;
    expect(badge.y + badge.height).toBeLessThanOrEqual(panel.y);
    await expectAccessible(page, '/products with the order drawer');

    // Esc closes it and gives focus back to the card.
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(quantity).toBeFocused();

    // Another add, then Review order.
    await quantity.fill('2');
    await card.getByRole('button', { name: 'Add to order (2)' }).click();
    await expect(page.getByRole('dialog', { name: '2 pcs added to your order' })).toContainText(/Your order: 5 pcs/);
    await page.getByRole('dialog').getByRole('link', { name: 'Review order' }).click();
  }
  await expect(page).toHaveURL(/\/purchase-order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Order' })).toBeVisible();
});

test('a retailer with a past order sees Buy again above the banners on /home and adds from it in place', async ({ page, retailer }) => {
  await signIn(page, retailer);
  await expect(page.getByRole('link', { name: 'Shop all frames' })).toBeVisible();
  // No past orders yet: no Buy again.
  await expect(page.getByRole('region', { name: 'Buy again' })).toHaveCount(0);

  await placeOrderOfAtLeast(page.request, await bearer(page), 100_000);
  await page.goto('/home');
  const buyAgain = page.getByRole('region', { name: 'Buy again' });
  await expect(buyAgain).toBeVisible();
  const card = buyAgain.getByRole('article').first();
  await expect(card).toContainText(/\d+ pcs? ordered before/);
  const shopAll = (await page.getByRole('link', { name: 'Shop all frames' }).boundingBox())!;
  expect((await buyAgain.boundingBox())!.y).toBeLessThan(shopAll.y);
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, '/home with Buy again');

  await card.getByRole('textbox', { name: /^Quantity of / }).first().fill('1');
  await card.getByRole('button', { name: 'Add to order (1)' }).click();
  if (isPhone(page)) {
    await expect(page.getByRole('complementary', { name: 'Your purchase order' })).toHaveText(/^1 pc · ₹[\d,]+\.\d{2} incl\. GST/);
  } else {
    await expect(page.getByRole('dialog', { name: '1 pc added to your order' })).toContainText('Your order: 1 pc ·');
  }
  await expect(card.getByRole('textbox', { name: /^Quantity of / }).first()).toHaveValue('0');
});
