import { demo, expect, expectAccessible, noHorizontalScroll, signInStaff, test, tokenOf, openAdminNav } from './fixtures.ts';

/**
 * The back office's home (issue 18 item 7): staff land on /admin and see the figures their role
 * uses, the same as the API's; each tile opens its filtered list. At both sizes (two tiles to a
 * row on a phone), with axe.
 */

type Figures = {
  today: { orders: number; from: string; to: string };
  queue: { toConfirm: number; onHold: number; toPack: number };
  overdue: { retailers: number } | null;
  lowStock: number | null;
};

test('an admin lands on the dashboard; its tiles agree with the API and open the filtered lists', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInStaff(page, demo.admin);
  await expect(page).toHaveURL(/\/admin$/);
  const figures = page.getByRole('list', { name: 'Figures' });
  await expect(figures).toBeVisible({ timeout: 45_000 });
  await expect(figures.getByRole('link')).toHaveCount(9);

  // Other tests place orders beside this one: read the API and the screen until they agree.
  const admin = await tokenOf(request, demo.admin);
  const tile = (name: RegExp) => figures.getByRole('link', { name });
  await expect(async () => {
    await page.reload();
    const api = (await (await request.get('/api/admin/dashboard', { headers: admin })).json()).Data as Figures;
    await expect(tile(/Orders today/)).toContainText(api.today.orders.toLocaleString('en-IN'), { timeout: 5_000 });
    await expect(tile(/Waiting for confirmation/)).toContainText(api.queue.toConfirm.toLocaleString('en-IN'), { timeout: 5_000 });
    await expect(tile(/Low stock/)).toContainText(String(api.lowStock), { timeout: 5_000 });
    await expect(tile(/Overdue receivables/)).toContainText(`${api.overdue!.retailers} retailer`, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });

  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'the dashboard');
  if ((page.viewportSize()?.width ?? 1280) < 500) {
    // Two tiles to a row on a phone, each a thumb-size target.
    const boxes = await figures.getByRole('link').evaluateAll((links) => links.slice(0, 3).map((link) => link.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes[0]!.top).toBe(boxes[1]!.top);
    expect(boxes[2]!.top).toBeGreaterThan(boxes[0]!.top);
    expect(Math.min(...boxes.map((box) => box.height))).toBeGreaterThanOrEqual(44);
  }

  await tile(/Waiting for confirmation/).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=Placed$/);
  await expect(page.getByRole('table', { name: 'Orders' }).or(page.getByText(/No orders/).first())).toBeVisible({ timeout: 30_000 });
  await page.goBack();
  await tile(/On hold/).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=On\+hold$/);
  await page.goBack();
  await tile(/Orders today/).click();
  await expect(page).toHaveURL(/\/admin\/orders\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await page.goBack();
  await tile(/Overdue receivables/).click();
  await expect(page).toHaveURL(/\/admin\/receivables$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Receivables' })).toBeVisible();
  await page.goBack();
  await tile(/Low stock/).click();
  await expect(page).toHaveURL(/\/admin\/stock$/);
  await page.goBack();
  await expect(tile(/New retailers to approve/)).toHaveAttribute('href', '/admin/retailers?status=Pending');
  await (await openAdminNav(page)).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('warehouse staff see the counts without money or receivables', async ({ page }) => {
  test.setTimeout(120_000);
  await signInStaff(page, demo.warehouse);
  const figures = page.getByRole('list', { name: 'Figures' });
  await expect(figures).toBeVisible({ timeout: 45_000 });
  await expect(figures.getByRole('link')).toHaveCount(7);
  await expect(figures).not.toContainText('₹');
  await expect(figures.getByRole('link', { name: /To pack/ })).toHaveAttribute('href', '/admin/orders?status=Confirmed');
  await expectAccessible(page, 'the warehouse dashboard');
});

test('the sales charts show the sales report’s figures, each also as a table', async ({ page, request, retailer, seed }) => {
  test.setTimeout(180_000);
  // Something invoiced this month (India time), whatever the day: on the 1st the demo's invoices are
  // all last month's, and the month's charts would say that nothing is invoiced yet.
  await seed.invoice(retailer, 100_000);
  await signInStaff(page, demo.admin);
  const brands = page.getByRole('figure', { name: 'Sales by brand (this month)' });
  await expect(brands.getByRole('img', { name: /bar chart/ })).toBeVisible({ timeout: 45_000 });
  // recharts drew the bars (one per brand, at most eight).
  await expect(brands.locator('.recharts-bar-rectangle').first()).toBeVisible();

  // The Table view has the same figures as the report for this month (others invoice beside this test: retry until they agree).
  const admin = await tokenOf(request, demo.admin);
  const link = await brands.getByRole('link', { name: 'Open the sales report' }).getAttribute('href');
  const query = new URL(link!, 'http://x').searchParams;
  await expect(async () => {
    await page.reload();
    const view = page.getByRole('figure', { name: 'Sales by brand (this month)' });
    await view.getByText('Table', { exact: true }).click();
    const api = (await (await request.get(`/api/admin/reports/sales?${query}`, { headers: admin })).json()).Data as { rows: { name: string; total: number }[] };
    const table = view.getByRole('table', { name: 'Sales by brand (this month)' });
    const first = api.rows[0]!;
    await expect(table.getByRole('row', { name: new RegExp(`^${first.name}`) })).toContainText(
      `₹${first.total.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      { timeout: 5_000 },
    );
  }).toPass({ timeout: 60_000 });

  const weeks = page.getByRole('figure', { name: 'Sales by week (last 12 weeks)' });
  await weeks.getByText('Table', { exact: true }).click();
  await expect(weeks.getByRole('table').getByRole('rowheader')).toHaveCount(12);
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'the dashboard’s charts as tables');
  await weeks.getByText('Chart', { exact: true }).click();
  await expect(weeks.getByRole('img', { name: /bar chart/ })).toHaveAttribute('aria-label', /^Sales by week \(last 12 weeks\), bar chart\. Week of /);
  await expectAccessible(page, 'the dashboard’s charts');
});
