import type { AuditPage } from '@frameport/domain/contract/admin-audit';
import type { Download, Page } from '@playwright/test';
import { demo, expect, expectAccessible, noHorizontalScroll, signInStaff, test, tokenOf, openAdminNav, type Headers } from './fixtures.ts';

/**
 * The audit log (issue 18): an admin blocks and unblocks a retailer of this test through the API,
 * then on /admin/audit reads the log newest first, narrows it to that retailer by clicking its
 * name and to one action, the URL carrying both, the rows being what the API answers; opens a
 * row's before and after, and downloads the filtered log as CSV. Accounts staff have no link to it
 * and are refused at its address. Axe and no sideways scroll in each state, at both sizes.
 */

async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '');
}

async function fits(page: Page, what: string) {
  expect(await noHorizontalScroll(page), `${what} scrolls sideways`).toBe(true);
  await expectAccessible(page, what);
}

/** The actions of the table's rows as shown, top to bottom (detail rows have none). */
async function shownActions(page: Page): Promise<string[]> {
  return page.getByRole('table', { name: 'Audit log' }).locator('tbody td[data-label="What"]').allInnerTexts();
}

async function auditOf(page: Page, headers: Headers, query: Record<string, string | number>): Promise<AuditPage> {
  const response = await page.request.get('/api/admin/audit', { headers, params: { limit: 50, ...query } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).Data as AuditPage;
}

test('an admin reads the audit log newest first, narrows it to a retailer and an action, opens a change and downloads it', async ({ page, request, seed }, testInfo) => {
  test.setTimeout(180_000);
  const retailer = await seed.retailer();
  const admin = await tokenOf(request, demo.admin);
  const reason = `Cheque bounced (e2e ${testInfo.project.name} ${Date.now() % 1_000_000})`;
  for (const [step, data] of [
    ['block', { reason }],
    ['unblock', undefined],
  ] as const) {
    const response = await request.post(`/api/admin/retailers/${retailer.retailerId}/${step}`, {
      headers: { ...admin, 'Idempotency-Key': crypto.randomUUID() },
      ...(data ? { data } : {}),
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  await signInStaff(page, demo.admin);
  await (await openAdminNav(page)).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table).toBeVisible({ timeout: 45_000 });

  // Newest first: the API's order, whose times never rise; this test's unblock is on the first page.
  const everything = await auditOf(page, admin, {});
  const times = everything.entries.map((entry) => Date.parse(entry.at));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  const shown = await shownActions(page);
  expect(shown.length).toBeGreaterThan(1);
  expect(shown.slice(0, 3)).toEqual(everything.entries.slice(0, 3).map((entry) => entry.action));
  await fits(page, 'audit log');

  // The retailer's name narrows the log to it; the URL carries the filter.
  await table.getByRole('button', { name: `Only ${retailer.businessName}` }).first().click();
  await expect(page).toHaveURL(new RegExp(`[?&]retailer=${retailer.retailerId}(&|$)`));
  await expect(page.getByText(`Retailer: ${retailer.businessName}`)).toBeVisible();
  const ofRetailer = await auditOf(page, admin, { retailerId: retailer.retailerId });
  expect(ofRetailer.entries.slice(0, 2).map((entry) => entry.action)).toEqual(['retailer.unblock', 'retailer.block']);
  await expect.poll(() => shownActions(page)).toEqual(ofRetailer.entries.map((entry) => entry.action));
  await fits(page, 'audit log of a retailer');

  // And to one action.
  await page.getByLabel('What', { exact: true }).first().click();
  await page.getByRole('option', { name: 'retailer.block', exact: true }).click();
  await expect(page).toHaveURL(/[?&]what=retailer\.block(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]retailer=${retailer.retailerId}(&|$)`));
  const blocked = await auditOf(page, admin, { retailerId: retailer.retailerId, action: 'retailer.block' });
  expect(blocked.entries).toHaveLength(1);
  await expect.poll(() => shownActions(page)).toEqual(['retailer.block']);

  // The row's details: status before and after, the reason, and the business name.
  const show = table.getByRole('button', { name: 'Show' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.click();
  await expect(table.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
  const changes = page.getByRole('table', { name: 'Before and after' });
  await expect(changes.getByRole('row').filter({ hasText: 'status' }).first()).toContainText(/Active\s*Blocked/);
  await expect(changes.getByRole('row').filter({ hasText: 'statusReason' })).toContainText(reason);
  await fits(page, 'audit log entry details');

  // The CSV carries the same filters: the header and the one block.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const lines = (await downloadText(await downloaded)).trim().split('\r\n');
  expect(lines[0]).toBe('When (India),Who,Email,Role,On behalf of,Action,Entity,Entity id,Entity name,Details,IP');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,${demo.admin.email},admin,,retailer.block,retailer,${retailer.retailerId},`);
  expect(lines[1]).toContain(reason);
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);

  // Back to any retailer: the action filter stays.
  await page.getByRole('button', { name: 'Any retailer' }).click();
  await expect(page).not.toHaveURL(/[?&]retailer=/);
  await expect(page).toHaveURL(/[?&]what=retailer\.block(&|$)/);
  await expect.poll(async () => new Set(await shownActions(page))).toEqual(new Set(['retailer.block']));
});

test('accounts staff have no audit log: no link, and its address says so', async ({ page, request }) => {
  await signInStaff(page, demo.accounts);
  const nav = (await openAdminNav(page));
  await expect(nav.getByRole('link', { name: 'Receivables' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await page.goto('/admin/audit');
  await expect(page.getByText('Only admin can see the audit log.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit log' })).toHaveCount(0);
  await fits(page, 'audit log refused');

  const accounts = await tokenOf(request, demo.accounts);
  expect((await request.get('/api/admin/audit', { headers: accounts })).status()).toBe(403);
  expect((await request.get('/api/admin/audit.csv', { headers: accounts })).status()).toBe(403);
});
