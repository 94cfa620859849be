import { formatInr, rupeesToPaise } from '@frameport/domain';
import { bearer, expect, expectAccessible, noHorizontalScroll, signIn, test } from './fixtures.ts';

/**
 * A sales executive's cockpit (issue 18 item 9) at both sizes: their retailers with the
 * outstanding the API gives (one of them owes an invoice raised through the back office), and one
 * tap on Order acts for a retailer and opens their catalogue. axe on the screen.
 */
test('the cockpit lists the executive’s retailers with the right outstanding, and one tap orders for one', async ({ page, seed }) => {
  test.setTimeout(240_000);
  const sales = await seed.salesExecutive();
  const owing = await seed.retailer({ salesExecutive: sales });
  const other = await seed.retailer({ state: 'Karnataka', salesExecutive: sales });
  const invoice = await seed.invoice(owing, 500_000);

  await signIn(page, sales);
  await page.goto('/my-retailers');
  await expect(page.getByRole('heading', { level: 1, name: 'My retailers' })).toBeVisible({ timeout: 45_000 });
  const list = page.getByRole('list', { name: 'Retailers' });
  await expect(list).toBeVisible({ timeout: 30_000 });
  await expect(list.getByRole('article')).toHaveCount(2);

  const api = await page.request.get('/api/Account/myRetailers', { headers: await bearer(page) });
  expect(api.status()).toBe(200);
  const book = (await api.json()).Data as { retailers: { id: number; businessName: string; outstanding: number; available: number }[] };
  const owingRow = book.retailers.find((row) => row.id === owing.retailerId)!;
  expect(owingRow.outstanding).toBe(invoice.InvoiceAmount);
  const money = (rupees: number) => formatInr(rupeesToPaise(rupees));
  const card = list.getByRole('article', { name: owing.businessName });
  await expect(card).toContainText(`Outstanding${money(owingRow.outstanding)}`);
  await expect(card).toContainText(`Credit available${money(owingRow.available)}`);
  await expect(list.getByRole('article', { name: other.businessName })).toContainText(`Outstanding${money(0)}`);
  // Nothing is overdue yet (invoiced today): the owing retailer still leads by outstanding.
  await expect(list.getByRole('article').first()).toHaveAccessibleName(owing.businessName);

  expect(await noHorizontalScroll(page)).toBe(true);
  await expectAccessible(page, 'the cockpit');
  const order = card.getByRole('button', { name: `Order for ${owing.businessName}` });
  expect((await order.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  await order.click();
  await expect(page).toHaveURL(/\/products/);
  await expect(page.getByText(/Acting for/).first()).toContainText(owing.businessName);
});
