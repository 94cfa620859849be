import AxeBuilder from '@axe-core/playwright';
import { PAYMENT_REQUEST_TYPE } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { animationsSettled, expect, type FreshRetailer, noHorizontalScroll, signIn, test, tokenOf } from './fixtures.ts';

/** What the test pays first: ₹1,000.00. */
const PART_PAISE = 100_000;

const inrFormat = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const inr = (paise: number) => inrFormat.format(paise / 100);

/** '₹14,272.62' → 1427262 */
function paiseOf(text: string | null): number {
  const match = /₹([\d,]+)\.(\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`no rupee amount in ${String(text)}`);
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2]);
}

async function openInvoices(page: Page): Promise<Locator> {
  await page.goto('/profile?my-invoices=true');
  await expect(page.getByRole('tab', { name: 'My Invoices', selected: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'My invoices' });
  await expect(table).toBeVisible();
  return table;
}

const invoiceRow = (table: Locator, invoiceNo: string) => table.getByRole('row', { name: `Invoice ${invoiceNo}` });
/** Cells: choice, number, date, amount, paid, balance, status, document. */
const balanceCell = (row: Locator) => row.getByRole('cell').nth(5);

/** Pays `rupees` of one invoice of the retailer in the sandbox, through the API (the window's own calls). */
async function paidThroughApi(request: APIRequestContext, retailer: FreshRetailer, invoiceNo: string, rupees: number) {
  const headers = await tokenOf(request, retailer);
  const created = await request.post('/backoffice/LensMaster/RazorpaymentRequest', {
    headers,
    data: { Type: PAYMENT_REQUEST_TYPE, TransactionAmount: rupees, RetailerID: retailer.retailerId, InvoiceNos: [invoiceNo] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const paid = await request.post(`/api/payments/sandbox/${(await created.json()).Data.paymentLinkId as string}/pay`, { headers });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** Pays `amountPaise` of one invoice in the sandbox window, reads the status and presses Continue. */
async function payInSandbox(page: Page, invoiceNo: string, amountPaise: number, duePaise: number) {
  const panel = page.getByRole('region', { name: 'Pay invoices' });
  await page.getByRole('checkbox', { name: `Select invoice ${invoiceNo} to pay` }).check();
  await expect(panel.getByText('Paying 1 selected invoice')).toBeVisible();
  await expect(panel.getByText(inr(duePaise), { exact: true })).toBeVisible();

  const amount = panel.getByLabel('Amount to pay');
  await amount.fill(String(amountPaise / 100));
  const popupOpened = page.waitForEvent('popup');
  await panel.getByRole('button', { name: 'Proceed To Pay' }).click();
  const popup = await popupOpened;

  await expect(panel.getByText(`${messages.payment.forTransaction} `)).toBeVisible();
  await expect(amount).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Proceed To Pay' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: `Select invoice ${invoiceNo} to pay` })).toBeDisabled();
  await expect(panel.getByText(/^Checking payment status in \d+ s$/)).toBeVisible();

  // The sandbox page is the app's own screen in the new window, signed in with the same session.
  await expect(popup).toHaveURL(/\/payments\/sandbox\/plink_sbx_[A-Za-z0-9]+$/);
  await expect(popup.getByRole('heading', { level: 1, name: 'Frameport sandbox payment' })).toBeVisible();
  await expect(popup.getByRole('complementary', { name: 'Payment sandbox' })).toHaveText(messages.payment.sandboxNotice);
  await popup.getByRole('button', { name: `Pay ${inr(amountPaise)}` }).click();
  await expect(popup.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(popup.getByText('You can close this window and return to Frameport.')).toBeVisible();
  await popup.close();

  await panel.getByRole('button', { name: 'Payment Status' }).click();
  await expect(panel.getByText(messages.payment.paid)).toBeVisible();
  await expect(panel.getByText('Payment successful')).toBeVisible();

  await panel.getByRole('button', { name: 'Continue' }).click();
  await expect(amount).toBeEnabled();
  await expect(amount).toHaveValue('');
  await expect(panel.getByText(messages.payment.paid)).toHaveCount(0);
}

test('a retailer pays part of an unpaid invoice, then the rest, in the payment window', async ({ page, retailer, seed }) => {
  test.setTimeout(240_000);
  const { InvoiceNo: invoiceNo } = await seed.invoice(retailer, 3 * PART_PAISE);
  // Another open invoice, so the pay panel (not "Nothing to pay") is still there once this one is paid.
  await seed.invoice(retailer, PART_PAISE);
  await signIn(page, retailer);
  const table = await openInvoices(page);
  const row = invoiceRow(table, invoiceNo);
  await expect(row.getByText('Unpaid', { exact: true })).toBeVisible();
  const before = paiseOf(await balanceCell(row).textContent());

  await payInSandbox(page, invoiceNo, PART_PAISE, before);

  await expect(row.getByText('Partially Paid', { exact: true })).toBeVisible();
  await expect(balanceCell(row)).toHaveText(inr(before - PART_PAISE));

  await payInSandbox(page, invoiceNo, before - PART_PAISE, before - PART_PAISE);

  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(balanceCell(row)).toHaveText(inr(0));
  await expect(row.getByRole('checkbox')).toHaveCount(0);

  // The account statement marks both payments as made in the sandbox (no money moved).
  await page.locator('label').filter({ hasText: /^Account statement$/ }).click();
  const statement = page.getByRole('table', { name: 'Statement of account' });
  await expect(statement).toBeVisible();
  const payments = statement.getByRole('row', { name: /^Payment FPTXN/ });
  await expect(payments.last()).toContainText('Sandbox');
  expect(await payments.count()).toBeGreaterThanOrEqual(2);
  for (const payment of (await payments.all()).slice(-2)) await expect(payment).toContainText('Sandbox, no money moved');
});

test('an invoice PDF downloads with the sign-in', async ({ page, retailer, seed }) => {
  await seed.invoice(retailer, PART_PAISE);
  await signIn(page, retailer);
  const table = await openInvoices(page);
  const row = table.getByRole('row', { name: /^Invoice / }).first();
  const invoiceNo = (await row.getAttribute('aria-label'))!.replace(/^Invoice /, '');

  const downloaded = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download invoice ${invoiceNo} (PDF)` }).click();
  const download = await downloaded;

  expect(download.suggestedFilename()).toBe(`${invoiceNo.replace(/\//g, '-')}.pdf`);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
});

test('My Invoices and the account statement pass axe and fit a 390 px screen', async ({ page, request, retailer, seed }) => {
  test.setTimeout(180_000);
  // Invoices in each state, and payments in the statement: paid, partly paid, unpaid.
  const paid = await seed.invoice(retailer, PART_PAISE);
  const partly = await seed.invoice(retailer, 2 * PART_PAISE);
  await seed.invoice(retailer, PART_PAISE);
  await paidThroughApi(request, retailer, paid.InvoiceNo, paid.InvoiceAmount);
  await paidThroughApi(request, retailer, partly.InvoiceNo, PART_PAISE / 100);
  await signIn(page, retailer);
  await openInvoices(page);
  if ((page.viewportSize()?.width ?? 0) <= 390) {
    // The tab row scrolls sideways on a phone: the chosen tab is brought into view.
    await expect(page.getByRole('tab', { name: 'My Invoices', selected: true })).toBeInViewport();
  }

  for (const width of [...new Set([page.viewportSize()?.width ?? 1280, 390])]) {
    await page.setViewportSize({ width, height: 844 });
    for (const view of ['Invoices', 'Account statement'] as const) {
      await page.locator('label').filter({ hasText: new RegExp(`^${view}$`) }).click();
      await expect(page.getByRole('table', { name: view === 'Invoices' ? 'My invoices' : 'Statement of account' })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

      await animationsSettled(page);

      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const serious = result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${view} at ${width} px: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
      expect(serious).toEqual([]);
      expect(await noHorizontalScroll(page), `${view} at ${width} px`).toBe(true);
    }
  }
});
