import { demo, expect, expectAccessible, noHorizontalScroll, signInStaff, test } from './fixtures.ts';

/**
 * Receivables (back office III): accounts staff read the ageing of the demo's open invoices by
 * retailer, open a retailer's credit page from its row, and group by sales executive; axe and no
 * sideways scroll at both sizes. The figures change as other tests invoice, so this checks the
 * screen's shape; the server's tests check the sums.
 */
test('accounts staff read receivables by retailer and by sales executive, and open a retailer from its row', async ({ page }) => {
  test.setTimeout(180_000);
  await signInStaff(page, demo.accounts);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Receivables' }).click();
  const table = page.getByRole('table', { name: 'Receivables' });
  await expect(table).toBeVisible({ timeout: 45_000 });
  await expect(table.getByRole('columnheader', { name: 'Over 90 days' })).toBeAttached();
  await expect(table.getByRole('rowheader', { name: 'All retailers' })).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'receivables by retailer');

  const first = table.getByRole('row').nth(1).getByRole('link');
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/admin\/retailers\/\d+\/credit$/);
  await expect(page.getByText(name).first()).toBeVisible({ timeout: 30_000 });
  await page.goBack();

  await page.getByRole('combobox', { name: 'Group by' }).selectOption('salesExecutive');
  await expect(page).toHaveURL(/groupBy=salesExecutive/);
  await expect(table.getByRole('columnheader', { name: 'Sales executive' })).toBeAttached();
  await expect(table.getByRole('rowheader', { name: 'All retailers (each once)' })).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'receivables by sales executive');
});
