import AxeBuilder from '@axe-core/playwright';
import { PAYMENT_REQUEST_TYPE } from '@frameport/domain/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { animationsSettled, demo, expect, noHorizontalScroll, PLENTY, signIn, test, tokenOf, type Account, type FreshRetailer, type Headers } from './fixtures.ts';

/**
 * The order desk end to end, as issue 15 tells it: the Telangana retailer orders two models; the
 * warehouse sees it in the queue and cannot confirm it past a credit hold; accounts confirms it
 * anyway with a reason; the warehouse ships one model and dispatches it with a docket; the
 * retailer sees "Partially dispatched" and the shipment's invoice in My Invoices, and pays it in
 * the sandbox; the rest ships and the order reads "Dispatched", then "Delivered"; accounts downloads the month's
 * e-invoices and opens the IRN form. Every new screen is checked with axe and for sideways scroll,
 * on a desktop and on a 390 px phone.
 */

/** `models`: the two frames' product names (how the desk labels a line). */
type Placed = { orderId: number; orderRefNo: string; models: string[] };

/** Two pieces each of two different frames in stock, placed through the API as the retailer. */
async function orderTwoModels(request: APIRequestContext, headers: Headers): Promise<Placed> {
  const search = await request.get('/api/Product/getAll', {
    headers,
    params: { search: 'isAvailable=true&productTypeId=1', pageNumber: 1, pageSize: 50 },
  });
  expect(search.status()).toBe(200);
  type Colour = { colorVariant: string; availableStockQuantity: number };
  type Product = { productId: number; productName: string; productColor: Colour[] };
  const products = (await search.json()).Data.searchResults.value as Product[];
  const chosen = products
    .map((product) => ({ product, colour: product.productColor.find((c) => c.availableStockQuantity >= PLENTY) }))
    .filter((pick): pick is { product: Product; colour: Colour } => pick.colour !== undefined)
    .filter((pick, index, all) => all.findIndex((other) => other.product.productName === pick.product.productName) === index)
    .slice(0, 2);
  expect(chosen).toHaveLength(2);
  const added = await request.post('/api/Product/addItemsToCart', {
    headers,
    data: { Products: chosen.map(({ product, colour }) => ({ ProductId: product.productId, ColorVariant: colour.colorVariant, Quantity: 2 })) },
  });
  expect(added.status(), await added.text()).toBe(200);
  const cart = await request.get('/api/Product/getCartItems', { headers, params: { pageNumber: 1, pageSize: 50 } });
  const placed = await request.post('/api/Order/placeOrder', {
    headers,
    data: { CartId: (await cart.json()).Data.billToInfo.CartId, Note: 'e2e: two models for the desk' },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const data = (await placed.json()).Data as { OrderID: number; OrderRefNo: string };
  return { orderId: data.OrderID, orderRefNo: data.OrderRefNo, models: chosen.map(({ product }) => product.productName) };
}

/** Ends the page's session (as a sign-out does) and signs `user` in through /login: staff land on /admin. */
async function switchTo(page: Page, user: Account, landing: RegExp) {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(landing);
}

/** No serious or critical axe violation and nothing wider than the screen. */
async function accessible(page: Page, screen: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await animationsSettled(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${screen}: ${violation.id} (${violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join(', ')})`);
  expect(serious).toEqual([]);
  // What sticks out past the screen (outside any scrolling box), named for the failure message.
  const wide = await page.evaluate(() => {
    const clipped = (el: Element) => {
      for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
        if (getComputedStyle(at).overflowX !== 'visible') return true;
      }
      return false;
    };
    return Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(el))
      .slice(0, 5)
      .map((el) => `${el.tagName}.${String(el.className).slice(0, 40)} ${Math.round(el.getBoundingClientRect().right)}`)
      .concat([`scrollWidth ${document.documentElement.scrollWidth}, innerWidth ${window.innerWidth}`]);
  });
  expect(await noHorizontalScroll(page), `${screen}: ${wide.join('; ')}`).toBe(true);
}

const status = (page: Page, value: string) => expect(page.getByLabel(`Status: ${value}`)).toBeVisible();

/** Creates a shipment of the order's open pieces (those of `leaveOut` set to 0), packs and dispatches it. */
async function shipAndDispatch(page: Page, shipmentNo: number, leaveOut: string | null) {
  await page.getByRole('button', { name: 'New shipment' }).click();
  const dialog = page.getByRole('dialog');
  if (leaveOut !== null) {
    await dialog.getByLabel(new RegExp(`^Pieces of ${leaveOut.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, .* to ship$`)).fill('0');
  }
  if (shipmentNo === 1) await accessible(page, 'the new shipment dialog');
  await dialog.getByRole('button', { name: 'Create shipment' }).click();
  await expect(dialog).toBeHidden();
  const shipment = page.getByRole('article', { name: `Shipment ${shipmentNo}` });
  await expect(shipment.getByText('Packing', { exact: true })).toBeVisible();

  await shipment.getByRole('button', { name: 'Pack', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark packed' }).click();
  await expect(shipment.getByText('Packed', { exact: true })).toBeVisible();

  await shipment.getByRole('button', { name: 'Dispatch', exact: true }).click();
  const dispatch = page.getByRole('dialog');
  await dispatch.getByLabel('Transporter').fill('Blue Dart');
  await dispatch.getByLabel('Docket / AWB number').fill(`BD${Date.now()}${shipmentNo}`);
  if (shipmentNo === 1) await accessible(page, 'the dispatch dialog');
  await dispatch.getByRole('button', { name: 'Dispatch' }).click();
  await expect(dispatch).toBeHidden();
  await expect(shipment.getByText('Dispatched', { exact: true })).toBeVisible();
}

async function deliver(page: Page, shipmentNo: number) {
  const shipment = page.getByRole('article', { name: `Shipment ${shipmentNo}` });
  await shipment.getByRole('button', { name: 'Deliver', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Received by').fill('Shop owner');
  if (shipmentNo === 1) await accessible(page, 'the deliver dialog');
  await dialog.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(dialog).toBeHidden();
  await expect(shipment.getByText('Delivered', { exact: true })).toBeVisible();
}

async function myOrderStatus(page: Page, placed: Placed, expected: string) {
  await page.goto('/profile?order=true');
  await expect(page.getByRole('row', { name: `Order ${placed.orderRefNo}` }).getByText(expected, { exact: true })).toBeVisible();
}

/** Pays the whole balance of `invoiceNo` through the sandbox provider, as the payment window does. */
async function payInSandbox(request: APIRequestContext, retailer: FreshRetailer, invoiceNo: string, rupees: number) {
  const headers = await tokenOf(request, retailer);
  const created = await request.post('/backoffice/LensMaster/RazorpaymentRequest', {
    headers,
    data: { Type: PAYMENT_REQUEST_TYPE, TransactionAmount: rupees, RetailerID: retailer.retailerId, InvoiceNos: [invoiceNo] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const paid = await request.post(`/api/payments/sandbox/${(await created.json()).Data.paymentLinkId as string}/pay`, { headers });
  expect(paid.status(), await paid.text()).toBe(200);
}

test('an order goes from the queue through a credit override and two shipments to Delivered, and the retailer follows it', async ({
  page,
  request,
  retailer,
}) => {
  test.setTimeout(480_000);
  const placed = await orderTwoModels(request, await tokenOf(request, retailer));

  // Accounts puts the retailer on credit hold (its own screen is checked below).
  const accountsApi = await tokenOf(request, demo.accounts);
  const hold = await request.put(`/api/admin/retailers/${retailer.retailerId}/credit`, {
    headers: accountsApi,
    data: { creditLimit: 500000, paymentTermsDays: null, creditHold: true, creditHoldReason: 'Cheque returned unpaid' },
  });
  expect(hold.status(), await hold.text()).toBe(200);

  // The warehouse finds the order in the queue with the keyboard and cannot confirm it.
  await page.goto('/login');
  await switchTo(page, demo.warehouse, /\/admin/);
  // Staff land on the dashboard (/admin); its "Waiting for confirmation" tile opens the queue's Placed tab.
  await page.getByRole('link', { name: /Waiting for confirmation/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=Placed$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await accessible(page, 'the order queue');
  await page.keyboard.press('/');
  const search = page.getByLabel('Search orders');
  await expect(search).toBeFocused();
  await search.fill(placed.orderRefNo);
  const row = page.getByRole('row', { name: new RegExp(`^Order ${placed.orderRefNo.replaceAll('/', '\\/')}, .*, Placed$`) });
  // The search has been applied (the URL carries it, the list shows that one order): the row stays put.
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('table', { name: 'Orders' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(row).toBeVisible();
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${placed.orderId}$`));
  await status(page, 'Placed');
  await expect(page.getByText('Credit check failed')).toBeVisible();
  await expect(page.getByText(/credit hold: Cheque returned unpaid/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm order' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Confirm anyway' })).toHaveCount(0);
  await accessible(page, 'the order page');

  // Accounts sees the retailer's credit, then confirms anyway with a reason.
  await switchTo(page, demo.accounts, /\/admin/);
  await page.goto(`/admin/retailers/${retailer.retailerId}/credit`);
  await expect(page.getByText('Cheque returned unpaid').first()).toBeVisible();
  await accessible(page, 'the credit page');
  await page.goto(`/admin/orders/${placed.orderId}`);
  await page.getByRole('button', { name: 'Confirm anyway' }).click();
  const override = page.getByRole('dialog');
  await override.getByLabel('Reason for confirming past the credit check').fill('Owner paid by NEFT today, cheque replaced');
  await override.getByRole('button', { name: 'Confirm anyway' }).click();
  await expect(override).toBeHidden();
  await status(page, 'Confirmed');
  await expect(page.getByText('Owner paid by NEFT today, cheque replaced').first()).toBeVisible();

  // The warehouse ships the first model only.
  await switchTo(page, demo.warehouse, /\/admin/);
  await page.goto(`/admin/orders/${placed.orderId}`);
  await shipAndDispatch(page, 1, placed.models[1]!);
  await status(page, 'Partially dispatched');
  const invoicePdf = page.getByRole('article', { name: 'Shipment 1' }).getByLabel(/^Invoice \S+ \(PDF\)$/);
  const invoiceNo = (await invoicePdf.getAttribute('aria-label'))!.replace(/^Invoice (\S+) \(PDF\)$/, '$1');
  expect(invoiceNo).toMatch(/^FP\/\d{2}-\d{2}\/\d+$/);

  // The retailer sees where the order is and the shipment's invoice, and pays it in the sandbox.
  await switchTo(page, retailer, /\/home$/);
  await myOrderStatus(page, placed, 'Partially dispatched');
  await page.getByRole('button', { name: `View order ${placed.orderRefNo}` }).click();
  await expect(page.getByText(/Blue Dart/).first()).toBeVisible();
  await accessible(page, 'the order details with a shipment');
  await page.keyboard.press('Escape');
  await page.goto('/profile?my-invoices=true');
  const invoiceRow = page.getByRole('row', { name: `Invoice ${invoiceNo}` });
  await expect(invoiceRow).toBeVisible();
  const report = await request.post('/backoffice/LensMaster/LensInvoiceReport', {
    headers: await tokenOf(request, retailer),
    data: { RetailerID: retailer.retailerId },
  });
  const invoices = JSON.parse((await report.json()).Data.stores as string) as { InvoiceNo: string; BalanceAmount: number }[];
  const invoice = invoices.find((row) => row.InvoiceNo === invoiceNo)!;
  await payInSandbox(request, retailer, invoiceNo, invoice.BalanceAmount);
  await page.reload();
  await expect(invoiceRow.getByText('Paid', { exact: true })).toBeVisible();

  // The rest ships: Dispatched; both shipments delivered: Delivered.
  await switchTo(page, demo.warehouse, /\/admin/);
  await page.goto(`/admin/orders/${placed.orderId}`);
  await shipAndDispatch(page, 2, null);
  await status(page, 'Dispatched');
  await switchTo(page, retailer, /\/home$/);
  await myOrderStatus(page, placed, 'Dispatched');

  await switchTo(page, demo.warehouse, /\/admin/);
  await page.goto(`/admin/orders/${placed.orderId}`);
  await deliver(page, 1);
  await status(page, 'Dispatched');
  await deliver(page, 2);
  await status(page, 'Delivered');
  await switchTo(page, retailer, /\/home$/);
  await myOrderStatus(page, placed, 'Delivered');

  // Accounts: this month's e-invoices from the queue, and the IRN form on the order page; Escape closes each.
  await switchTo(page, demo.accounts, /\/admin/);
  await page.goto('/admin/orders');
  await page.getByRole('button', { name: 'E-invoices' }).click();
  const range = page.getByRole('dialog', { name: 'E-invoice JSON for a date range' });
  const download = page.waitForEvent('download');
  await range.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^e-invoices-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(range.getByRole('status')).toContainText(/\d+ e-invoices? downloaded/);
  await accessible(page, 'the e-invoices dialog');
  await page.keyboard.press('Escape');
  await expect(range).toBeHidden();
  await page.goto(`/admin/orders/${placed.orderId}`);
  await page.getByRole('article', { name: 'Shipment 1' }).getByRole('button', { name: `Record the IRN of invoice ${invoiceNo}` }).click();
  const registration = page.getByRole('dialog', { name: `E-invoice registration of ${invoiceNo}` });
  await expect(registration.getByLabel('IRN')).toBeFocused();
  await accessible(page, 'the IRN dialog');
  await page.keyboard.press('Escape');
  await expect(registration).toBeHidden();
});

test('a retailer never reaches the back office', async ({ page, retailer }) => {
  await signIn(page, retailer);
  await page.goto('/admin');
  await expect(page).not.toHaveURL(/\/admin\/orders/);
  await expect(page.getByRole('heading', { name: 'Order queue' })).toHaveCount(0);
  const response = await page.request.get('/api/admin/orders', { headers: await (async () => ({ authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('frameport.session') ?? '{}').accessToken as string)}` }))() });
  expect(response.status()).toBe(403);
});
