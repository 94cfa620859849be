import AxeBuilder from '@axe-core/playwright';
import { animationsSettled, bearer, expect, noHorizontalScroll, signIn, test } from './fixtures.ts';

/** UI.md: axe-core finds no serious or critical violation on any screen, at desktop and 390 px. */
const SCREENS = ['/home', '/products', '/product-details?productId=5', '/purchase-order', '/express-checkout', '/profile?order=true'];

test('signed-in screens have no serious or critical accessibility violations and no sideways scroll', async ({ page, retailer }) => {
  test.setTimeout(240_000);
  await page.goto('/login');
  await animationsSettled(page);
  const login = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(login.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await signIn(page, retailer);
  // A line in the cart, so the purchase order is checked with its lines, summary and buttons.
  const headers = await bearer(page);
  const search = encodeURIComponent('isAvailable=true&productTypeId=1');
  const found = await (await page.request.get(`/api/Product/getAll?search=${search}&pageSize=1`, { headers })).json();
  const product = found.Data.searchResults.value[0];
  const colour = product.productColor.find((c: { availableStockQuantity: number }) => c.availableStockQuantity > 0);
  const added = await page.request.post('/api/Product/addItemsToCart', {
    headers,
    data: { Products: [{ ProductId: product.productId, ColorVariant: colour.colorVariant, Quantity: 1 }] },
  });
  expect(added.status()).toBe(200);

  for (const screen of SCREENS) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await animationsSettled(page);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${screen}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
    expect(serious).toEqual([]);
    expect(await noHorizontalScroll(page), screen).toBe(true);
  }
});
