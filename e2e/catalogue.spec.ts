import { expect, noHorizontalScroll, signIn, test } from './fixtures.ts';

function searchParam(url: string, key: string) {
  return new URL(url).searchParams.get(key);
}

test.describe('catalogue on a desktop', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop layout');

  test('filter by shape and price, sort, page, then open a product in a new tab', async ({ page, context, retailer }) => {
    await signIn(page, retailer);
    await page.goto('/products');
    await expect(page.getByText('All Frames & Sunglasses').first()).toBeVisible();
    const total = page.getByText(/^\d[\d,]* products?$/);
    await expect(total).toBeVisible();
    const before = await total.textContent();

    const filters = page.getByRole('complementary');
    await filters.getByRole('checkbox', { name: /^Aviator( \([\d,]+\))?$/ }).click();
    await expect(page).toHaveURL(/frameShapeId=\d+/);
    await expect(page.getByRole('button', { name: /Remove.*Aviator/ })).toBeVisible();
    await expect(total).not.toHaveText(before ?? '');

    // Price: the upper thumb of the slider, moved with the keyboard.
    const upper = filters.getByRole('slider').last();
    await upper.focus();
    for (let i = 0; i < 8; i += 1) await upper.press('PageDown');
    await expect.poll(() => searchParam(page.url(), 'netPrice_To')).not.toBeNull();
    const priceCap = Number(searchParam(page.url(), 'netPrice_To'));

    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL(/sortBy=netPrice&orderBy=Asc/);
    expect(searchParam(page.url(), 'page')).toBeNull();

    const prices = page.getByRole('list', { name: 'Products' }).locator('[data-list-price]');
    await expect(prices.first()).toBeVisible();
    const shownPrices = async () =>
      (await prices.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-list-price'))))).map((paise) => paise / 100);
    // The URL changes before the sorted page replaces the previous one on screen: wait for it.
    await expect.poll(async () => {
      const shown = await shownPrices();
      return shown.length > 1 && [...shown].sort((a, b) => a - b).every((price, index) => price === shown[index]);
    }).toBe(true);
    const shown = await shownPrices();
    expect([...shown].sort((a, b) => a - b)).toEqual(shown);
    expect(Math.max(...shown)).toBeLessThanOrEqual(priceCap);

    const firstName = page
      .getByRole('list', { name: 'Products' })
      .getByRole('article')
      .first()
      .getByRole('link', { name: /opens in a new tab/ });
    const pageOneFirst = (await firstName.textContent()) ?? '';
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/frameShapeId=\d+/);
    await expect(firstName).not.toHaveText(pageOneFirst);

    const nameLink = firstName;
    const name = ((await nameLink.textContent()) ?? '').replace('(opens in a new tab)', '').trim();
    const [productTab] = await Promise.all([context.waitForEvent('page'), nameLink.click()]);
    await expect(productTab).toHaveURL(/\/product-details\?productId=\d+/);
    await expect(productTab.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(productTab).toHaveTitle(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(productTab.getByRole('tab', { name: 'Technical info' })).toHaveAttribute('aria-selected', 'true');
    await expect(productTab.getByText('Frame shape')).toBeVisible();
    await expect(productTab.getByText('Aviator').first()).toBeVisible();
    await expect(productTab.getByText('Model number')).toBeVisible();
  });
});

test.describe('catalogue on a 390 px phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone layout');

  test('the mobile filter modal applies on Apply, the sort modal sorts', async ({ page, retailer }) => {
    await signIn(page, retailer);
    await page.goto('/products');
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('article').first()).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('tab', { name: /Frame Shape/ }).click();
    await modal.getByRole('checkbox', { name: /^Aviator( \([\d,]+\))?$/ }).click();
    expect(searchParam(page.url(), 'frameShapeId')).toBeNull();
    await modal.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/frameShapeId=\d+/);
    await expect(page.getByRole('button', { name: /Remove.*Aviator/ })).toBeVisible();

    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await page.getByRole('dialog').getByRole('radio', { name: 'Price: High to Low' }).click();
    await expect(page).toHaveURL(/sortBy=netPrice&orderBy=Desc/);
    expect(await noHorizontalScroll(page)).toBe(true);
  });
});
