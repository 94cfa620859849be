import { formatInr, istDateOf, previousMonth, reportPeriod } from '@frameport/domain';
import type { Download } from '@playwright/test';
import { demo, expect, expectAccessible, noHorizontalScroll, signInStaff, test, tokenOf, openAdminNav } from './fixtures.ts';

/**
 * Sales and GST reports (back office III): accounts staff open the sales report for this financial
 * year by state and the GST summary of last month, check a figure against the API's answer over the
 * seeded invoices, download an export of each, and the screens pass axe without sideways scroll
 * at both sizes. The server's tests check the sums against the invoices themselves.
 */

const rupeesText = (rupees: number) => formatInr(Math.round(rupees * 100));

async function downloadText(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test('accounts staff read sales by state for this financial year and download it as CSV', async ({ page, request }) => {
  test.setTimeout(180_000);
  const today = istDateOf(new Date());
  const year = reportPeriod('thisFinancialYear', today);
  const headers = await tokenOf(request, demo.accounts);
  type SalesByState = { totals: { total: number; invoices: number }; rows: { name: string; total: number }[] };
  const salesByState = async (): Promise<SalesByState> => {
    const api = await request.get(`/api/admin/reports/sales?from=${year.from}&to=${year.to}&groupBy=state`, { headers });
    expect(api.status(), await api.text()).toBe(200);
    return (await api.json()).Data as SalesByState;
  };
  expect((await salesByState()).totals.invoices).toBeGreaterThan(0);

  await signInStaff(page, demo.accounts);
  await (await openAdminNav(page)).getByRole('link', { name: 'Sales', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/sales$/);
  await expect(page.getByRole('table', { name: 'Sales by brand' })).toBeVisible({ timeout: 45_000 });
  await expectAccessible(page, 'sales by brand');

  await page.getByRole('combobox', { name: 'Period' }).selectOption('thisFinancialYear');
  await page.getByRole('combobox', { name: 'Group by' }).selectOption('state');
  await expect(page).toHaveURL(new RegExp(`from=${year.from}&to=${year.to}&groupBy=state`));
  const table = page.getByRole('table', { name: 'Sales by state' });
  await expect(table).toBeVisible();
  const totals = table.locator('tfoot tr');
  // Other tests dispatch, and so invoice, this year while this one runs: the screen is compared with
  // the API read right after it, and read again (the period is in the URL) until both saw the same invoices.
  let expected = await salesByState();
  await expect(async () => {
    const shown = (await totals.textContent()) ?? '';
    expected = await salesByState();
    if (!shown.includes(rupeesText(expected.totals.total))) {
      await page.reload();
      await expect(table).toBeVisible();
    }
    expect(shown).toContain(rupeesText(expected.totals.total));
  }).toPass({ timeout: 90_000 });
  const top = expected.rows[0]!;
  await expect(table.locator('tbody tr').first()).toContainText(top.name);
  await expect(table.locator('tbody tr').first()).toContainText(rupeesText(top.total));
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'sales by state');

  // The export asks the server again: compared with the API read right after it, as above.
  await expect(async () => {
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`sales-by-state-${year.from}-to-${year.to}.csv`);
    const csv = (await downloadText(download)).toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    const now = await salesByState();
    expect(csv[0]).toBe('State,Detail,Invoices,Quantity,Taxable value (₹),CGST (₹),SGST (₹),IGST (₹),Total GST (₹),Total (₹)');
    expect(csv.at(-1)).toMatch(new RegExp(`^Total,.*,${now.totals.invoices},\\d+,.*,${now.totals.total.toFixed(2).replace('.', '\\.')}$`));
  }).toPass({ timeout: 90_000 });
});

test('accounts staff read last month’s GST summary by rate and place of supply and download it as XLSX', async ({ page, request }) => {
  test.setTimeout(180_000);
  const month = previousMonth(istDateOf(new Date()).slice(0, 7));
  const headers = await tokenOf(request, demo.accounts);
  const api = await request.get(`/api/admin/reports/gst?month=${month}`, { headers });
  expect(api.status(), await api.text()).toBe(200);
  const expected = (await api.json()).Data as { totals: { tax: number; taxable: number; invoices: number }; byRate: { ratePercent: number }[] };
  expect(expected.totals.invoices).toBeGreaterThan(0);

  await signInStaff(page, demo.accounts);
  await (await openAdminNav(page)).getByRole('link', { name: 'GST summary' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/gst$/);
  const rates = page.getByRole('table', { name: 'GST by rate' });
  await expect(rates).toBeVisible({ timeout: 45_000 });
  await expect(page.getByLabel('Month', { exact: true })).toHaveValue(month);
  await expect(rates.locator('tbody tr')).toHaveCount(expected.byRate.length);
  await expect(rates.locator('tfoot tr')).toContainText(rupeesText(expected.totals.taxable));
  await expect(rates.locator('tfoot tr')).toContainText(rupeesText(expected.totals.tax));
  await expect(page.getByRole('table', { name: 'GST by place of supply' }).locator('tfoot tr')).toContainText(rupeesText(expected.totals.tax));
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'GST summary');

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`gst-summary-${month}.xlsx`);
  expect((await downloadText(download)).subarray(0, 2).toString()).toBe('PK');
});
