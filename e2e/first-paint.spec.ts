import { expect, holdApp, signIn, test } from './fixtures.ts';

/**
 * Issue 19 item 5: a signed-in screen paints the header's bar from its HTML (app/prerender.tsx,
 * layouts/first-paint-shell.tsx) instead of a blank page until the app's scripts have run; the app's
 * first render replaces it whole, the screen itself, not a loader, and nothing on the page moves.
 */
test('a signed-in screen paints the header bar before any script; the app replaces it without a layout shift', async ({ page, browser, request, retailer }) => {
  for (const path of ['/home', '/products', '/product-details', '/purchase-order', '/profile', '/express-checkout']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('data-shell="signed-in"');
    expect(html, path).toMatch(/<header[^>]*>.*Frameport<\/span>/s);
    // Painted with the layout's own style sheet, linked in the HTML.
    expect(html, path).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/signed-in-layout-[^"]+\.css">/);
  }
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/products');
  await expect(bare.getByRole('banner').getByText('Frameport')).toBeVisible();
  await noScript.close();

  await signIn(page, retailer);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const release = await holdApp(page);
  await page.goto('/products', { waitUntil: 'commit' });
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Frameport')).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Profile menu' })).toHaveCount(0);
  release();
  await expect(banner.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'All Frames & Sunglasses' })).toBeVisible();
  await expect(page.locator('main a[href*="product-details"]').first()).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(1);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
});
