import type { Page } from '@playwright/test';
import type { Product } from '@frameport/domain/contract';
import { bearer, expect, expectAccessible, noHorizontalScroll, PLENTY, signIn, test } from './fixtures.ts';

/** The List / Gallery switch (a segmented control: its radios are hidden behind their labels). */
async function chooseView(page: Page, view: 'List' | 'Gallery') {
  await page.locator('label:visible').filter({ hasText: new RegExp(`^${view}$`) }).click();
  await expect(page.getByRole('radio', { name: view })).toBeChecked();
}

/** Frames read through the API as the signed-in user, filtered by `search`, newest first. */
async function frames(page: Page, search: string): Promise<Product[]> {
  const response = await page.request.get('/api/Product/getAll', {
    headers: await bearer(page),
    params: { search, pageNumber: 1, pageSize: 50 },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).Data.searchResults.value as Product[];
}

/** A row or card is named by its product; names are matched from their start. */
const startsWith = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const fieldName = (product: Product, colour: Product['productColor'][number]) =>
  `Quantity of ${product.productName}, ${colour.frameColor} (${colour.colorVariant})`;

test('the quick-order list adds three colours of two models with one Add all, shows them as in the order and is remembered', async ({
  page,
  retailer,
}) => {
  // Sign-in, a list page, an accessibility scan, a reload and a card page: 30 s alone here, 72 s
  // in the full suite on CI's 2 cores, and past the 90 s default there once (stop 27).
  test.setTimeout(180_000);
  await signIn(page, retailer);
  // Aviators in stock: a short list the test can find its two models in, whatever the sort.
  const search = 'frameShapeId=1&isAvailable=true&sortBy=releaseDate&orderBy=Desc';
  const products = await frames(page, search);
  const plenty = (product: Product) => product.productColor.filter((colour) => colour.availableStockQuantity >= PLENTY);
  const [first, second] = products.filter((product) => plenty(product).length >= 2);
  if (!first || !second) throw new Error('two aviators with two colours in stock are needed');
  const picks = [
    { product: first, colour: plenty(first)[0]!, quantity: 2 },
    { product: first, colour: plenty(first)[1]!, quantity: 1 },
    { product: second, colour: plenty(second)[0]!, quantity: 3 },
  ];

  await page.goto('/products?frameShapeId=1&isAvailable=true');
  await chooseView(page, 'List');
  const list = page.getByRole('form', { name: 'Quick order' });
  await expect(list).toBeVisible();
  // The filters stay as they were: the same URL, the same products.
  await expect(page).toHaveURL(/frameShapeId=1/);

  const addAll = list.getByRole('button', { name: /^Add all to order/ });
  await expect(addAll).toBeDisabled();
  await expect(list.getByText('Enter a quantity to add.')).toBeVisible();

  for (const pick of picks) await list.getByRole('textbox', { name: fieldName(pick.product, pick.colour), exact: true }).fill(String(pick.quantity));
  await expect(list.getByText('6 pcs · 3 lines')).toBeVisible();
  const added = page.waitForResponse((response) => response.url().includes('/api/Product/addItemsToCart'));
  // Enter in a box adds everything typed on the page, in one call.
  await list.getByRole('textbox', { name: fieldName(second, picks[2]!.colour), exact: true }).press('Enter');
  const body = (await added).request().postDataJSON() as { Products: { ProductId: number; ColorVariant: string; Quantity: number }[] };
  expect(body.Products).toHaveLength(3);
  expect(body.Products).toEqual(
    expect.arrayContaining(picks.map((pick) => ({ ProductId: pick.product.productId, ColorVariant: pick.colour.colorVariant, Quantity: pick.quantity }))),
  );

  // Each colour now says what the order holds, and the boxes are empty again.
  for (const pick of picks) {
    const row = list.getByRole('listitem', { name: startsWith(pick.product.productName) });
    const box = row.getByRole('textbox', { name: fieldName(pick.product, pick.colour), exact: true });
    await expect(box).toHaveValue('');
    await expect(box).toHaveAccessibleDescription(new RegExp(`In your order: ${pick.quantity}$`));
  }
  await expect(addAll).toBeDisabled();

  await expectAccessible(page, 'quick-order list');
  expect(await noHorizontalScroll(page)).toBe(true);

  // The view is remembered on this device.
  await page.reload();
  await expect(page.getByRole('form', { name: 'Quick order' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();

  // The card grid shows the same marker for the chosen colour of a card.
  await chooseView(page, 'Gallery');
  await expect(page.getByRole('form', { name: 'Quick order' })).toHaveCount(0);
  await page.goto(`/products?searchText=${encodeURIComponent(first.modelName)}`);
  const card = page.getByRole('article', { name: first.productName });
  await card.getByRole('button', { name: new RegExp(`^Colour ${picks[0]!.colour.frameColor} \\(${picks[0]!.colour.colorVariant}\\)`) }).click();
  await expect(card.getByText(`In your order: ${picks[0]!.quantity}`)).toBeVisible();
});

test('a colour out of stock takes no quantity in the list, on the card and on the product page', async ({ page, retailer }) => {
  await signIn(page, retailer);
  const products = await frames(page, 'productTypeId=1&isAvailable=true');
  const mixed = products.find(
    (product) =>
      product.productColor.some((colour) => colour.availableStockQuantity === 0) &&
      product.productColor.some((colour) => colour.availableStockQuantity > 0),
  );
  if (!mixed) throw new Error('a frame with one colour out of stock and one in stock is needed');
  const soldOut = mixed.productColor.find((colour) => colour.availableStockQuantity === 0)!;

  await page.goto(`/products?searchText=${encodeURIComponent(mixed.modelName)}`);
  await chooseView(page, 'List');
  const list = page.getByRole('form', { name: 'Quick order' });
  const row = list.getByRole('listitem', { name: startsWith(mixed.productName) });
  const box = row.getByRole('textbox', { name: fieldName(mixed, soldOut), exact: true });
  await expect(box).toBeDisabled();
  await expect(box).toHaveAccessibleDescription('Out of stock');
  await expect(row.getByText('Only 0 available in stock!')).toHaveCount(0);
  expect(await noHorizontalScroll(page)).toBe(true);

  // The card: choosing the colour out of stock locks its quantity.
  await chooseView(page, 'Gallery');
  const card = page.getByRole('article', { name: mixed.productName });
  await card.getByRole('button', { name: new RegExp(`^Colour ${soldOut.frameColor} \\(${soldOut.colorVariant}\\)`) }).click();
  await expect(card.getByRole('textbox', { name: fieldName(mixed, soldOut), exact: true })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Add to order' })).toBeDisabled();
  await expect(card.getByText('Enter a quantity to add.')).toBeVisible();

  // The product page.
  await page.goto(`/product-details?productId=${mixed.productId}`);
  const details = page.getByRole('region', { name: 'Order quantities' });
  await expect(details.getByRole('textbox', { name: `Quantity of ${soldOut.frameColor} (${soldOut.colorVariant})`, exact: true })).toBeDisabled();
  // The disabled button's reason is beside it: in view with it, on a phone too.
  const add = details.getByRole('button', { name: 'Add to order' });
  await expect(add).toBeDisabled();
  await add.scrollIntoViewIfNeeded();
  await expect(details.getByText('Enter a quantity to add.')).toBeInViewport();
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'product page');
});
