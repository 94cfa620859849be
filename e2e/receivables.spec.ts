import { formatInr, rupeesToPaise } from '@frameport/domain';
import type { ReceivablesRetailer } from '@frameport/domain/contract/admin-reports';
import { demo, expect, expectAccessible, noHorizontalScroll, signInStaff, test, tokenOf, openAdminNav } from './fixtures.ts';

/**
 * Receivables (back office III): accounts staff read the ageing of the demo's open invoices by
 * retailer, open a retailer's open invoices from its row, and group by sales executive; axe and no
 * sideways scroll at both sizes. The figures change as other tests invoice, so this checks the
 * screen's shape; the server's tests check the sums.
 */
test('accounts staff read receivables by retailer and by sales executive, and open a retailer’s invoices from its row', async ({ page }) => {
  test.setTimeout(180_000);
  await signInStaff(page, demo.accounts);

  await (await openAdminNav(page)).getByRole('link', { name: 'Receivables' }).click();
  const table = page.getByRole('table', { name: 'Receivables' });
  await expect(table).toBeVisible({ timeout: 45_000 });
  await expect(table.getByRole('columnheader', { name: 'Over 90 days' })).toBeAttached();
  await expect(table.getByRole('rowheader', { name: 'All retailers' })).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'receivables by retailer');

  const first = table.getByRole('row').nth(1).getByRole('link');
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/admin\/receivables\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await page.goBack();

  await page.getByRole('combobox', { name: 'Group by' }).selectOption('salesExecutive');
  await expect(page).toHaveURL(/groupBy=salesExecutive/);
  await expect(table.getByRole('columnheader', { name: 'Sales executive' })).toBeAttached();
  await expect(table.getByRole('rowheader', { name: 'All retailers (each once)' })).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'receivables by sales executive');
});

type CaughtMail = { to: string[]; subject: string; text: string };

async function mailsTo(address: string): Promise<CaughtMail[]> {
  const mailUrl = process.env.E2E_MAIL_URL;
  if (!mailUrl) throw new Error('E2E_MAIL_URL is not set: run through playwright.config.ts');
  const response = await fetch(`${mailUrl}/mails?to=${encodeURIComponent(address)}`);
  return (await response.json()) as CaughtMail[];
}

const inr = (rupees: number) => formatInr(rupeesToPaise(rupees));

/**
 * The drill-down of a retailer of this test (so desktop and phone never touch the same invoice):
 * its open invoices as the API answers them, a payment reminder after a confirmation (the mail
 * arrives), and a 194Q TDS deduction on one invoice at the figure the dialog shows, which lowers
 * the balance; axe on the drill-down and both dialogs, no sideways scroll.
 */
test('accounts staff drill into a retailer, send it a payment reminder and record a 194Q deduction', async ({ page, request, seed }) => {
  test.setTimeout(240_000);
  const retailer = await seed.retailer();
  const first = await seed.invoice(retailer, 1_000_000);
  await seed.invoice(retailer, 500_000);
  const accounts = await tokenOf(request, demo.accounts);
  const drillOf = async () => {
    const response = await request.get(`/api/admin/reports/receivables/retailers/${retailer.retailerId}`, { headers: accounts });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).Data as ReceivablesRetailer;
  };
  const before = await drillOf();
  expect(before.invoices).toHaveLength(2);

  await signInStaff(page, demo.accounts);
  await page.goto('/admin/receivables');
  const report = page.getByRole('table', { name: 'Receivables' });
  await expect(report).toBeVisible({ timeout: 45_000 });
  await report.getByRole('link', { name: retailer.businessName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/receivables/${retailer.retailerId}$`));
  await expect(page.getByRole('heading', { level: 1, name: retailer.businessName })).toBeVisible({ timeout: 30_000 });

  // The invoices shown are the API's, in its order, with its balances.
  const invoices = page.getByRole('table', { name: 'Open invoices' });
  const rows = invoices.locator('tbody tr');
  await expect(rows).toHaveCount(before.invoices.length);
  for (const [index, invoice] of before.invoices.entries()) {
    const row = rows.nth(index);
    await expect(row.getByRole('button', { name: `Invoice ${invoice.invoiceNo} (PDF)` })).toBeVisible();
    await expect(row.locator('td[data-label="Amount"]')).toHaveText(inr(invoice.amount));
    await expect(row.locator('td[data-label="Balance"]')).toHaveText(inr(invoice.balance));
  }
  await expect(page.getByText(`Total: ${inr(before.ageing.total)}`)).toBeVisible();
  await expect(page.getByTestId('last-reminder')).toHaveText('No reminder sent yet');
  expect(await noHorizontalScroll(page), 'the drill-down scrolls sideways').toBe(true);
  await expectAccessible(page, 'receivables of a retailer');

  // A reminder, after a confirmation naming the retailer's address and the total; the mail arrives.
  const seen = (await mailsTo(before.retailer.email)).length;
  await page.getByRole('button', { name: 'Send reminder' }).click();
  const ask = page.getByRole('dialog', { name: 'Send a payment reminder' });
  await expect(ask).toContainText(`Mail ${retailer.businessName} (${before.retailer.email}) its statement of 2 open invoices and a payment link for ${inr(before.ageing.total)}?`);
  await expectAccessible(page, 'send a payment reminder');
  await ask.getByRole('button', { name: 'Send reminder' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('last-reminder')).toContainText(`to ${before.retailer.email} for ${inr(before.ageing.total)}`);
  await expect.poll(async () => (await mailsTo(before.retailer.email)).length, { timeout: 45_000 }).toBeGreaterThan(seen);
  const mail = (await mailsTo(before.retailer.email)).at(-1)!;
  expect(mail.subject).toBe(`Payment reminder: ${inr(before.ageing.total)} outstanding`);
  for (const invoice of before.invoices) expect(mail.text).toContain(invoice.invoiceNo);

  // TDS on the first invoice: the dialog shows its 194Q figure and offers it.
  const target = before.invoices.find((invoice) => invoice.invoiceNo === first.InvoiceNo)!;
  expect(target.tds194Q).toBeGreaterThan(0);
  await page.getByRole('button', { name: `Record TDS on ${target.invoiceNo}` }).click();
  const tds = page.getByRole('dialog', { name: `TDS on ${target.invoiceNo}` });
  await expect(tds).toContainText(`0.1 % of the taxable value ${inr(target.taxable)} is ${inr(target.tds194Q)}`);
  await expect(tds.getByLabel('Amount deducted (₹)')).toHaveValue(String(target.tds194Q));
  const reference = `CHL-${retailer.retailerId}`;
  await tds.getByLabel('Challan or Form 16A reference').fill(reference);
  await expectAccessible(page, 'record TDS');
  await tds.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Record a TDS deduction' });
  await expect(confirm).toContainText(`against ${target.invoiceNo}, reference ${reference}?`);
  await expectAccessible(page, 'confirm TDS');
  await confirm.getByRole('button', { name: 'Record TDS' }).click();
  await expect(confirm).toBeHidden();
  await expect(tds).toBeHidden();

  const after = await drillOf();
  const recorded = after.invoices.find((invoice) => invoice.id === target.id)!;
  expect(recorded.tds).toMatchObject({ amount: target.tds194Q, reference });
  expect(recorded.balance).toBeCloseTo(target.balance - target.tds194Q, 2);
  const row = rows.filter({ has: page.getByRole('button', { name: `Invoice ${target.invoiceNo} (PDF)` }) });
  await expect(row.locator('td[data-label="TDS"]')).toHaveText(inr(target.tds194Q));
  await expect(row.locator('td[data-label="Balance"]')).toHaveText(inr(recorded.balance));
  await expect(page.getByRole('button', { name: `Record TDS on ${target.invoiceNo}` })).toHaveCount(0);
  expect(await noHorizontalScroll(page), 'the drill-down scrolls sideways').toBe(true);
});
