import AxeBuilder from '@axe-core/playwright';
import { messages } from '@frameport/domain/messages';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { noHorizontalScroll, signIn } from './fixtures.ts';

const admin = { email: 'admin@frameport.test', password: 'Admin@12345' };

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

async function bearer(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('frameport.session') ?? '{}').accessToken as string);
  return { authorization: `Bearer ${token}` };
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

async function adminHeaders(request: APIRequestContext) {
  const response = await request.post('/token', { form: { grant_type: 'password', username: admin.email, password: admin.password } });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${(await response.json()).access_token as string}` };
}

/**
 * An Unpaid invoice of the demo retailer with at least ₹2,000.00 due: the seeded one while it is
 * unpaid. The desktop and phone runs share the retailer, so once it is used up the admin invoices
 * one of the retailer's orders that has no invoice yet (raising is idempotent: created is false
 * for an order that has one).
 */
async function unpaidInvoiceNo(page: Page, request: APIRequestContext): Promise<string> {
  const table = await openInvoices(page);
  const unpaid = table.getByRole('row', { name: /^Invoice / }).filter({ has: page.getByText('Unpaid', { exact: true }) });
  for (const row of await unpaid.all()) {
    if (paiseOf(await balanceCell(row).textContent()) >= 2 * PART_PAISE) {
      return (await row.getAttribute('aria-label'))!.replace(/^Invoice /, '');
    }
  }
  const mine = await page.request.get('/api/Order/getMyOrders?pageNumber=1&pageSize=100', { headers: await bearer(page) });
  expect(mine.status()).toBe(200);
  const orders = (await mine.json()).Data.orders as { OrderID: number; OrderStatus: string }[];
  const headers = await adminHeaders(request);
  for (const order of orders.filter((o) => o.OrderStatus !== 'Cancelled')) {
    const raised = await request.post(`/api/admin/orders/${order.OrderID}/invoice`, { headers });
    expect(raised.status()).toBe(200);
    const invoice = (await raised.json()).Data as { InvoiceNo: string; InvoiceAmount: number; created: boolean };
    if (invoice.created && invoice.InvoiceAmount * 100 >= 2 * PART_PAISE) return invoice.InvoiceNo;
  }
  // Every order is invoiced and paid (e.g. a repeated run): order a frame now and invoice that.
  const orderId = await placeOrderOfAtLeast(page, 3 * PART_PAISE);
  const raised = await request.post(`/api/admin/orders/${orderId}/invoice`, { headers });
  expect(raised.status()).toBe(200);
  return ((await raised.json()).Data as { InvoiceNo: string }).InvoiceNo;
}

/** Places an order of the signed-in retailer worth at least `paise` before GST, through the API. */
async function placeOrderOfAtLeast(page: Page, paise: number): Promise<number> {
  const headers = await bearer(page);
  const search = await page.request.get('/api/Product/getAll', {
    headers,
    params: { search: 'isAvailable=true&productTypeId=1&sortBy=netPrice&orderBy=Desc', pageNumber: 1, pageSize: 14 },
  });
  expect(search.status()).toBe(200);
  type Colour = { colorVariant: string; availableStockQuantity: number };
  const products = (await search.json()).Data.searchResults.value as { productId: number; netPrice: number; productColor: Colour[] }[];
  for (const product of products) {
    const colour = product.productColor.find((c) => c.availableStockQuantity >= 5);
    const quantity = Math.ceil(paise / 100 / product.netPrice);
    if (!colour || quantity > Math.min(5, colour.availableStockQuantity)) continue;
    const added = await page.request.post('/api/Product/addItemsToCart', {
      headers,
      data: { Products: [{ ProductId: product.productId, ColorVariant: colour.colorVariant, Quantity: quantity }] },
    });
    expect(added.status()).toBe(200);
    const cart = await page.request.get('/api/Product/getCartItems', { headers, params: { pageNumber: 1, pageSize: 50 } });
    const placed = await page.request.post('/api/Order/placeOrder', {
      headers,
      data: { CartId: (await cart.json()).Data.billToInfo.CartId, Note: 'e2e: an order to invoice' },
    });
    expect(placed.status()).toBe(200);
    return (await placed.json()).Data.OrderID as number;
  }
  throw new Error('no frame in stock to order');
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

test('a retailer pays part of an unpaid invoice, then the rest, in the payment window', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const invoiceNo = await unpaidInvoiceNo(page, request);
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

test('an invoice PDF downloads with the sign-in', async ({ page }) => {
  await signIn(page);
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

test('My Invoices and the account statement pass axe and fit a 390 px screen', async ({ page }) => {
  await signIn(page);
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

      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const serious = result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${view} at ${width} px: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
      expect(serious).toEqual([]);
      expect(await noHorizontalScroll(page), `${view} at ${width} px`).toBe(true);
    }
  }
});
