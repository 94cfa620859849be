import AxeBuilder from '@axe-core/playwright';
import { messages } from '@frameport/domain/messages';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, noHorizontalScroll, signIn, test, tokenOf, type FreshRetailer } from './fixtures.ts';

/**
 * The payment sandbox (the server's default provider, as in this test server): every page says no
 * money moves, and its payment page pays only with the session of the link's retailer.
 */

const notice = (page: Page) => page.getByRole('complementary', { name: 'Payment sandbox' });

/** The notice is on screen, along the bottom edge of the viewport, and the page neither scrolls sideways nor moved. */
async function expectNoticeAtBottom(page: Page, where: string) {
  await expect(notice(page), where).toHaveText(messages.payment.sandboxNotice);
  await expect(notice(page), where).toBeInViewport();
  const box = (await notice(page).boundingBox())!;
  expect(Math.abs(box.y + box.height - page.viewportSize()!.height), `${where}: the bar's bottom edge`).toBeLessThanOrEqual(1);
  expect(await noHorizontalScroll(page), where).toBe(true);
  // A page that scrolls has room below its end for the bar: scrolled to the end, nothing is under it.
  const end = await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const scrolls = document.documentElement.scrollHeight > window.innerHeight;
    const last = document.querySelector('footer') ?? document.querySelector('main');
    return { scrolls, lastBottom: last?.getBoundingClientRect().bottom ?? 0 };
  });
  if (end.scrolls) expect(end.lastBottom, `${where}: the page's end, scrolled down`).toBeLessThanOrEqual(box.y + 1);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Layout shift after `since` (a `performance.now()` of the page), without user input: what the
 * notice's arrival moved, apart from whatever the page's own loading moved before it.
 */
async function layoutShiftSince(page: Page, since: number): Promise<number> {
  return page.evaluate(
    (from) =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput && entry.startTime >= from) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
    since,
  );
}

/** A ₹1.00 payment link of the retailer (which has an open invoice). */
async function linkOf(request: APIRequestContext, retailer: FreshRetailer) {
  const headers = await tokenOf(request, retailer);
  const created = await request.post('/backoffice/LensMaster/RazorpaymentRequest', {
    headers,
    data: { Type: 'Stock', TransactionAmount: 1, RetailerID: retailer.retailerId },
  });
  expect(created.status()).toBe(200);
  const link = (await created.json()).Data as { paymentLinkId: string; paymentUrl: string };
  const status = async () => {
    const read = await request.post('/backoffice/LensMaster/GetRazorpaymentStatus', { headers, data: { PaymentLinkID: link.paymentLinkId } });
    return (await read.json()).Data.status as string;
  };
  return { ...link, status };
}

test('every page says "Sandbox payments — no money moves" along the bottom, shifting nothing', async ({ page, retailer }) => {
  test.setTimeout(240_000);
  for (const path of ['/homepage', '/login']) {
    // The settings answer is held until the page has hydrated and settled, so the shift measured
    // after its release is the notice's own: it must move nothing that is already painted.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/payments/settings', async (route) => {
      await held;
      await route.continue();
    });
    const asked = page.waitForRequest('**/api/payments/settings');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await asked;
    await page.waitForTimeout(1000);
    const since = await page.evaluate(() => performance.now());
    release();
    await expectNoticeAtBottom(page, path);
    expect(await layoutShiftSince(page, since), `${path}: layout shift when the notice arrived`).toBeLessThan(0.01);
    await page.unroute('**/api/payments/settings');
  }
  await signIn(page, retailer);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoticeAtBottom(page, '/home');
  const result = await new AxeBuilder({ page }).include('aside').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(result.violations.map((violation) => violation.id)).toEqual([]);
});

test('the sandbox page pays only with the session of the link’s retailer; a signed-out visitor signs in first', async ({ page, request, seed }) => {
  test.setTimeout(240_000);
  const karnataka = await seed.retailer({ state: 'Karnataka' });
  await seed.invoice(karnataka, 100_000);
  const link = await linkOf(request, karnataka);
  expect(link.paymentUrl).toBe(`/payments/sandbox/${link.paymentLinkId}`);

  // Whoever merely has the link id gets nothing: no session 401, another retailer's session 404.
  const anonymous = await request.post(`/api/payments/sandbox/${link.paymentLinkId}/pay`);
  expect(anonymous.status()).toBe(401);
  const otherRetailer = await request.post(`/api/payments/sandbox/${link.paymentLinkId}/pay`, { headers: await tokenOf(request, await seed.retailer()) });
  expect(otherRetailer.status()).toBe(404);
  expect(await link.status()).toBe('created');

  await page.goto(link.paymentUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeVisible();
  await expect(notice(page)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(karnataka.email);
  await page.getByLabel('Password', { exact: true }).fill(karnataka.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  // Back on the payment page, signed in as the retailer the link is for.
  await expect(page).toHaveURL(new RegExp(`${link.paymentUrl}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Frameport sandbox payment' })).toBeVisible();
  await expect(page).toHaveTitle('Frameport sandbox payment');
  await expect(page.getByText('This is a sandbox: no real money moves.', { exact: false })).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  expect(await noHorizontalScroll(page)).toBe(true);

  await page.getByRole('button', { name: 'Pay ₹1.00' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText('You can close this window and return to Frameport.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Pay|Fail/ })).toHaveCount(0);
  expect(await link.status()).toBe('paid');
});
