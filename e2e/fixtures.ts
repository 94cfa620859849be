import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export type Account = { email: string; password: string };
export type Headers = { authorization: string };

/** The seed's documented logins: for tests about them, and the admin that makes the tests' own data. */
export const demo = {
  retailer: { email: 'retailer@frameport.test', password: 'Retailer@123' },
  admin: { email: 'admin@frameport.test', password: 'Admin@12345' },
  warehouse: { email: 'warehouse@frameport.test', password: 'Warehouse@123' },
  accounts: { email: 'accounts@frameport.test', password: 'Accounts@123' },
};

export type State = 'Telangana' | 'Karnataka';
const STATE_CODES: Record<State, '36' | '29'> = { Telangana: '36', Karnataka: '29' };

export type SalesExecutive = Account & { userId: number };
export type FreshRetailer = Account & { userId: number; retailerId: number; businessName: string; phone: string; stateCode: '36' | '29' };

/**
 * Stock a test asks of a colour it orders: far more than all the tests of a run order of one
 * colour together, so tests running side by side never leave each other short.
 */
export const PLENTY = 30;

/** POST /token as `user`; the bearer header for API calls outside the browser. */
export async function tokenOf(request: APIRequestContext, user: Account): Promise<Headers> {
  const response = await request.post('/token', { form: { grant_type: 'password', username: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  return { authorization: `Bearer ${(await response.json()).access_token as string}` };
}

/** The signed-in page's bearer header (the session the app keeps in localStorage). */
export async function bearer(page: Page): Promise<Headers> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('frameport.session') ?? '{}').accessToken as string);
  return { authorization: `Bearer ${token}` };
}

/**
 * Places an order of `headers`' retailer worth at least `paise` before GST, through the API, from
 * a frame with plenty of stock; answers its id.
 */
export async function placeOrderOfAtLeast(request: APIRequestContext, headers: Headers, paise: number): Promise<number> {
  const search = await request.get('/api/Product/getAll', {
    headers,
    params: { search: 'isAvailable=true&productTypeId=1&sortBy=netPrice&orderBy=Desc', pageNumber: 1, pageSize: 50 },
  });
  expect(search.status()).toBe(200);
  type Colour = { colorVariant: string; availableStockQuantity: number };
  const products = (await search.json()).Data.searchResults.value as { productId: number; netPrice: number; productColor: Colour[] }[];
  for (const product of products) {
    const colour = product.productColor.find((c) => c.availableStockQuantity >= PLENTY);
    const quantity = Math.ceil(paise / 100 / product.netPrice);
    if (!colour || quantity > 5) continue;
    const added = await request.post('/api/Product/addItemsToCart', {
      headers,
      data: { Products: [{ ProductId: product.productId, ColorVariant: colour.colorVariant, Quantity: quantity }] },
    });
    expect(added.status()).toBe(200);
    const cart = await request.get('/api/Product/getCartItems', { headers, params: { pageNumber: 1, pageSize: 50 } });
    const placed = await request.post('/api/Order/placeOrder', {
      headers,
      data: { CartId: (await cart.json()).Data.billToInfo.CartId, Note: 'e2e: an order to invoice' },
    });
    expect(placed.status()).toBe(200);
    return (await placed.json()).Data.OrderID as number;
  }
  throw new Error('no frame in stock to order');
}

type Seeding = {
  /** A retailer no other test knows (Telangana unless asked), with the demo limits; linked to `salesExecutive` when given. */
  retailer(options?: { state?: State; salesExecutive?: SalesExecutive }): Promise<FreshRetailer>;
  /** A sales executive with no retailers until `retailer({ salesExecutive })` links one. */
  salesExecutive(): Promise<SalesExecutive>;
  /** An Unpaid invoice of the retailer: an order worth at least `paise` before GST, confirmed, shipped and dispatched by the admin. */
  invoice(retailer: FreshRetailer, paise: number): Promise<{ InvoiceNo: string; InvoiceAmount: number }>;
};

/**
 * Each test makes its own accounts through the server's test seeding (TEST_SEEDING=true, set by
 * playwright.config.ts; an admin's call), so tests run side by side without sharing a cart, an
 * order history or a mailbox. `retailer` is a fresh Telangana retailer for tests that need one.
 */
export const test = base.extend<{ seed: Seeding; retailer: FreshRetailer }>({
  seed: async ({ request }, use) => {
    let admin: Promise<Headers> | undefined;
    const asAdmin = () => (admin ??= tokenOf(request, demo.admin));
    const made = async <T>(url: string, data: Record<string, unknown>): Promise<T> => {
      const response = await request.post(url, { headers: await asAdmin(), data });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()).Data as T;
    };
    await use({
      retailer: ({ state = 'Telangana', salesExecutive } = {}) =>
        made<FreshRetailer>('/api/test/retailers', { stateCode: STATE_CODES[state], salesExecutiveUserId: salesExecutive?.userId }),
      salesExecutive: () => made<SalesExecutive>('/api/test/sales-executives', {}),
      async invoice(retailer, paise) {
        // As the back office invoices: confirm the order, ship all of it, pack and dispatch (which raises the invoice).
        const orderId = await placeOrderOfAtLeast(request, await tokenOf(request, retailer), paise);
        type Detail = {
          lines: { id: number; openQuantity: number }[];
          shipments: { id: number; invoice: { invoiceNo: string; amount: number } | null }[];
        };
        const confirmed = await made<Detail>(`/api/admin/orders/${orderId}/confirm`, {});
        const lines = confirmed.lines.filter((line) => line.openQuantity > 0).map((line) => ({ orderLineId: line.id, quantity: line.openQuantity }));
        const shipped = await made<Detail>(`/api/admin/orders/${orderId}/shipments`, { lines });
        const shipmentId = shipped.shipments.at(-1)!.id;
        await made<Detail>(`/api/admin/shipments/${shipmentId}/pack`, { boxes: 1 });
        const dispatched = await made<Detail>(`/api/admin/shipments/${shipmentId}/dispatch`, {
          transporter: 'Blue Dart',
          docketNo: `E2E-${shipmentId}`,
          // Today in India (the invoice's date).
          dispatchDate: new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10),
          ewayBillNo: '123456789012',
        });
        const { invoice } = dispatched.shipments.find((shipment) => shipment.id === shipmentId)!;
        return { InvoiceNo: invoice!.invoiceNo, InvoiceAmount: invoice!.amount };
      },
    });
  },
  retailer: async ({ seed }, use) => {
    await use(await seed.retailer());
  },
});

export { expect };

/** Signs in through the real /login screen and waits for /home. */
export async function signIn(page: Page, user: Account) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Ends the page's session and signs staff `user` in through /login: staff land on /admin. */
export async function signInStaff(page: Page, user: Account) {
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin/);
}

/**
 * The back office's nav, ready to click: on a phone its links sit behind the Menu button, which
 * this opens first (on desktop the button is hidden and the bar is used as it is).
 */
export async function openAdminNav(page: Page) {
  // The shell first (the brand and the Menu button come together), so a phone is not mistaken for a desktop mid-load.
  await expect(page.getByRole('link', { name: 'Frameport back office' })).toBeVisible();
  const burger = page.getByRole('button', { name: 'Menu', exact: true });
  if (await burger.isVisible()) {
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
  }
  return page.getByRole('navigation', { name: 'Back office' });
}

/**
 * Nothing sticks out sideways. Measured against the device's width, not `innerWidth`: a phone (the
 * phone project is a mobile device) widens its layout viewport to whatever overflows, so innerWidth
 * grew with the overflow and the old comparison could not fail there.
 */
export async function noHorizontalScroll(page: Page) {
  const deviceWidth = page.viewportSize()?.width ?? null;
  return page.evaluate(
    (width) => document.documentElement.scrollWidth <= Math.min(window.innerWidth, width ?? window.innerWidth),
    deviceWidth,
  );
}

/**
 * Waits until no finite animation or transition runs (a modal fading in, a drawer sliding), so
 * that axe reads the colours as they settle, not a frame of a fade (white text at 90 % opacity
 * fails contrast that the settled badge passes). Endless ones (a loader, a progress bar) are left.
 */
export async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** UI.md: no serious or critical axe violation. */
export async function expectAccessible(page: Page, what: string) {
  await animationsSettled(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${what}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

/**
 * Holds back the app of a page that paints from its HTML (public/boot.js starts it: the prerendered
 * pages, and the signed-in screens' first-paint shell) until the returned function is called: the
 * page shows its HTML alone meanwhile.
 */
export async function holdApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // Once a route handler, always one: a later call's handler runs first, this one stays released.
  await page.route('**/boot.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
