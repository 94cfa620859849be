import type { Page } from '@playwright/test';
import { cartTotals, formatInr, lineTotals, rupeesToPaise } from '@frameport/domain';
import type { CartItem, Product } from '@frameport/domain/contract';
import { xlsxOf } from '../apps/web/src/testing/xlsx-fixture.ts';
import { bearer, expect, expectAccessible, noHorizontalScroll, PLENTY, signIn, test } from './fixtures.ts';

/** Two frames with at least two colours each in plenty of stock, read through the API as the signed-in retailer. */
async function twoFramesInStock(page: Page): Promise<[Product, Product]> {
  const search = encodeURIComponent('productTypeId=1&isAvailable=true');
  const response = await page.request.get(`/api/Product/getAll?search=${search}&pageNumber=1&pageSize=50`, { headers: await bearer(page) });
  const products = (await response.json()).Data.searchResults.value as Product[];
  const found = products.filter((p) => p.productColor.filter((c) => c.availableStockQuantity >= PLENTY).length >= 2);
  if (found.length < 2) throw new Error('fewer than two frames with two colours in stock');
  return [found[0]!, found[1]!];
}

const inStock = (product: Product) => product.productColor.filter((c) => c.availableStockQuantity >= PLENTY);

test('express checkout: a typed row, pasted rows and a CSV file in one list, one total, one Add all', async ({ page, retailer }) => {
  await signIn(page, retailer);
  const [typed, pasted] = await twoFramesInStock(page);
  const [typedColour] = inStock(typed);
  const [pastedFirst, pastedSecond] = inStock(pasted);

  await page.goto('/express-checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Express Checkout' })).toBeVisible();

  // Typed: the suggestion shows the name, price and stock, not only the code.
  await page.getByRole('combobox', { name: 'Model number' }).fill(typed.modelName);
  const suggestion = page.getByRole('option', { name: new RegExp(`^${typed.modelName}`) }).first();
  await expect(suggestion).toContainText(typed.productName);
  await expect(suggestion).toContainText(/₹[\d,]+\.\d{2}/);
  await expect(suggestion).toContainText(/in stock/);
  await suggestion.click();
  await page.getByRole('textbox', { name: `Quantity of ${typed.modelName} ${typedColour!.frameColor} (${typedColour!.colorVariant})` }).fill('2');

  // Pasted from a chat, with a line that names no model.
  await page.getByRole('textbox', { name: 'Pasted rows' }).fill(`${pasted.modelName} ${pastedFirst!.colorVariant} x 3\nNOPE-0000 C1 x 1`);
  await page.getByRole('button', { name: 'Add rows to the list' }).click();
  await expect(page.getByText('2 rows added to the list, 1 of them could not be matched (marked in the list).')).toBeVisible();
  const unmatched = page.getByRole('group', { name: 'Pasted line 2: NOPE-0000 C1 x 1' });
  await expect(unmatched).toContainText('Unknown model number. Not added.');

  // Uploaded: a CSV file with quoted cells.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'week.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`model number,colour variant,quantity\n"${pasted.modelName}","${pastedSecond!.colorVariant}","1"\n`),
  });
  await expect(page.getByText('1 row added to the list.')).toBeVisible();

  // One list, one total, priced as the purchase order will price it (Telangana: CGST + SGST).
  const gst = { billToStateCode: '36', companyStateCode: '36' };
  const line = (product: Product, quantity: number) => {
    const unitPricePaise = rupeesToPaise(product.netPrice);
    return lineTotals({ unitPricePaise, quantity, discountPerUnitPaise: unitPricePaise - rupeesToPaise(product.discountedPrice), gstRatePercent: product.gstRate, ...gst });
  };
  const expected = cartTotals([line(typed, 2), line(pasted, 3), line(pasted, 1)]);
  const total = page.getByTestId('express-total');
  await expect(total).toHaveText(`6 pcs · ${formatInr(expected.totalPaise)} incl. GST`);
  const addAll = page.getByRole('button', { name: 'Add all to order' });
  await expect(addAll).toBeEnabled();
  await expect(page.getByText('1 unmatched row stays in the list and is not added.')).toBeVisible();

  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'express checkout with rows');

  // The unmatched row is removed on purpose; then everything listed goes in one call.
  await unmatched.getByRole('button', { name: 'Remove Pasted line 2' }).click();
  await expect(unmatched).toHaveCount(0);
  await addAll.click();
  await expect(page).toHaveURL(/\/purchase-order/);

  // The purchase order has every row, none dropped, at the total express showed.
  const cart = await page.request.get('/api/Product/getCartItems?pageNumber=1&pageSize=50', { headers: await bearer(page) });
  const items = (await cart.json()).Data.cartItems as CartItem[];
  const quantities = Object.fromEntries(items.map((item) => [`${item.ProductID}/${item.ColorVariant}`, item.CartProductTotQuantity]));
  expect(quantities).toEqual({
    [`${typed.productId}/${typedColour!.colorVariant}`]: 2,
    [`${pasted.productId}/${pastedFirst!.colorVariant}`]: 3,
    [`${pasted.productId}/${pastedSecond!.colorVariant}`]: 1,
  });
  const count = await page.request.get('/api/Product/getCartItemsCount', { headers: await bearer(page) });
  expect(rupeesToPaise((await count.json()).Data.CartTotalWithGST as number)).toBe(expected.totalPaise);
  expect(await noHorizontalScroll(page)).toBe(true);
});

test('express checkout: an .xlsx file is read, a malformed one changes nothing, and Add all says why it is disabled', async ({ page, retailer }) => {
  await signIn(page, retailer);
  const [frame] = await twoFramesInStock(page);
  const [colour] = inStock(frame);
  await page.goto('/express-checkout');
  const addAll = page.getByRole('button', { name: 'Add all to order' });
  await expect(addAll).toBeDisabled();
  await expect(page.getByText('Enter a quantity for at least one colour to add it to your order.')).toBeVisible();

  // A real workbook, read in the browser under the app's content security policy.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'week.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(xlsxOf([['Model', 'Colour', 'Qty'], [frame.modelName, colour!.colorVariant, 2]])),
  });
  await expect(page.getByText('1 row added to the list.')).toBeVisible();
  const quantity = page.getByRole('textbox', { name: `Quantity of ${frame.modelName} ${colour!.frameColor} (${colour!.colorVariant})` });
  await expect(quantity).toHaveValue('2');
  const total = page.getByTestId('express-total');
  const before = await total.textContent();
  expect(before).toMatch(/^2 pcs · ₹[\d,]+\.\d{2} incl\. GST$/);

  await fileInput.setInputFiles({ name: 'order.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('not a workbook') });
  await expect(page.getByRole('alert').filter({ hasText: 'This file could not be read as an Excel workbook (.xlsx). Nothing was added.' })).toBeVisible();
  await expect(quantity).toHaveValue('2');
  await expect(total).toHaveText(before!);
  await expectAccessible(page, 'express checkout after a malformed file');
  expect(await noHorizontalScroll(page)).toBe(true);
});
