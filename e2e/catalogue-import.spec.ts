import { randomBytes } from 'node:crypto';
import { CATALOGUE_COLUMNS } from '@frameport/domain';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import sharp from 'sharp';
import { demo, expect, expectAccessible, noHorizontalScroll, signIn, signInStaff, test, tokenOf, type Headers, openAdminNav } from './fixtures.ts';

/**
 * The catalogue desk's spreadsheet import end to end (issue 17): the admin exports the catalogue,
 * builds a sheet in the import's columns that changes the net price of three styles and adds two
 * new ones, uploads it, reviews the dry run (3 updates, 2 new), applies it after the question,
 * watches the progress reach the end, and a retailer then finds the two new styles and the new
 * prices in the catalogue. Then the banners and pages screen. Every screen: axe and no sideways
 * scroll, on a desktop and on a 390 px phone.
 */

const HEADERS = CATALOGUE_COLUMNS.map((column) => column.header);
const header = (key: (typeof CATALOGUE_COLUMNS)[number]['key']) => CATALOGUE_COLUMNS.find((column) => column.key === key)!.header;

/** A full-page screenshot among the test's results (for a person to look at the screens). */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function accessible(page: Page, screen: string) {
  await expectAccessible(page, screen);
  expect(await noHorizontalScroll(page), `${screen} scrolls sideways`).toBe(true);
}

type Row = Record<string, string>;

/** The catalogue as the export writes it (CSV in the import's column set), parsed. */
async function exportedRows(request: Parameters<typeof tokenOf>[0], headers: Headers): Promise<Row[]> {
  const response = await request.get('/api/admin/exports/catalogue', { headers, params: { format: 'csv', active: 'active' } });
  expect(response.status()).toBe(200);
  const parsed = Papa.parse<Row>((await response.text()).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  expect(parsed.meta.fields).toEqual(HEADERS);
  return parsed.data;
}

test('admin imports a sheet that changes 3 prices and adds 2 styles; the retailer sees them', async ({ page, request, retailer }, testInfo) => {
  test.setTimeout(360_000);
  const headers = await tokenOf(request, demo.admin);
  // The imports API is part of every build: a missing route fails here, it never skips the journey.
  expect((await request.get('/api/admin/imports', { headers })).status()).toBe(200);
  const rows = await exportedRows(request, headers);

  // Three styles, one row each (the sheet names only what changes), with a new price; taken from
  // the end of the export, away from the frames other tests order, and three apart per project:
  // the two sizes run side by side and must not re-price each other's styles.
  const byModel = new Map<string, Row>();
  for (const row of rows) if (!byModel.has(row[header('modelNumber')]!)) byModel.set(row[header('modelNumber')]!, row);
  const end = testInfo.project.name === 'phone' ? -3 : undefined;
  const styles = [...byModel.values()].slice(end === undefined ? -3 : -6, end);
  expect(styles).toHaveLength(3);
  const bump = 1 + (randomBytes(1)[0]! % 50);
  const updated = styles.map((row) => {
    const price = Math.round((Number(row[header('netPrice')]) + bump) * 100) / 100;
    return { ...row, [header('netPrice')]: String(price) };
  });
  const stamp = randomBytes(3).toString('hex').toUpperCase();
  const added = ['A', 'B'].map((letter) => ({
    ...styles[0]!,
    [header('modelNumber')]: `E2E-${stamp}-${letter}`,
    [header('productName')]: `Import test ${stamp} ${letter}`,
    [header('colourCode')]: 'C1',
    [header('images')]: '',
    [header('stock')]: '12',
  }));
  const csv = Papa.unparse({ fields: HEADERS, data: [...updated, ...added].map((row) => HEADERS.map((h) => row[h] ?? '')) });

  await signInStaff(page, demo.admin);
  await (await openAdminNav(page)).getByRole('link', { name: 'Imports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'What the sheet holds' })).toHaveValue('catalogue');
  await accessible(page, 'imports');
  await shot(page, 'imports');

  await page.getByLabel('Spreadsheet (.csv or .xlsx)').setInputFiles({ name: `e2e-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText(`e2e-${stamp}.csv`)).toBeVisible();
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(page).toHaveURL(/\/admin\/imports\/\d+$/);

  // The dry run: 3 updates (each the net price), 2 new, nothing else; the totals and the filters agree.
  await expect(page.getByText('Ready to apply', { exact: true })).toBeVisible({ timeout: 60_000 });
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByRole('term')).toHaveText(['New', 'Update', 'Unchanged', 'Error']);
  await expect(totals.getByRole('definition')).toHaveText(['2', '3', '0', '0']);
  const report = page.getByRole('navigation', { name: 'Rows by action' });
  await expect(report.getByRole('button')).toHaveText(['All (5)', 'New (2)', 'Update (3)', 'Unchanged (0)', 'Error (0)']);
  const table = page.getByRole('table', { name: 'Rows' });
  await expect(table.getByRole('row')).toHaveCount(6);
  await accessible(page, 'import job (ready)');
  await shot(page, 'import-job-ready');

  await report.getByRole('button', { name: 'Update (3)' }).click();
  await expect(page).toHaveURL(/action=update/);
  await expect(table.getByRole('row')).toHaveCount(4);
  for (const [i, row] of updated.entries()) {
    // Row i + 2 of the sheet (after the header): the model, the column by its header, was → now.
    const line = table.getByRole('row').filter({ hasText: `Row ${i + 2}` });
    await expect(line).toContainText(row[header('modelNumber')]!);
    await expect(line).toContainText(`${header('netPrice')}: was ${Number(styles[i]![header('netPrice')])} → now ${Number(row[header('netPrice')])}`);
  }
  await report.getByRole('button', { name: 'New (2)' }).click();
  await expect(page).toHaveURL(/action=create/);
  await expect(table.getByRole('row')).toHaveCount(3);
  for (const row of added) await expect(table).toContainText(`${header('productName')}: ${row[header('productName')]!}`);
  await accessible(page, 'import job (new rows)');

  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Apply 3 updates and 2 new styles or colours?');
  await accessible(page, 'apply question');
  await shot(page, 'apply-question');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  // The worker's progress (polled each second) to the end: every row of the file, the bar full.
  await expect(page.getByText('Applied: 3 rows updated, 2 rows created.')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Applied', { exact: true })).toBeVisible();
  const progress = page.getByRole('region', { name: 'Done' });
  await expect(progress).toContainText('5 of 5 rows');
  await expect(progress.getByRole('progressbar', { name: 'Done: 100 %' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Created' })).toHaveCount(2);
  await accessible(page, 'import job (applied)');
  await shot(page, 'import-job-applied');

  // The retailer's catalogue: the two new styles, and the new prices.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, retailer);
  for (const row of added) {
    await page.goto(`/products?searchText=${encodeURIComponent(row[header('modelNumber')]!)}`);
    await expect(page.getByText(row[header('productName')]!).first()).toBeVisible();
  }
  for (const row of updated) {
    await page.goto(`/products?searchText=${encodeURIComponent(row[header('modelNumber')]!)}`);
    const prices = page.getByRole('list', { name: 'Products' }).locator('[data-list-price]');
    await expect(prices.first()).toBeVisible();
    const shown = await prices.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-list-price'))));
    expect(shown).toContain(Math.round(Number(row[header('netPrice')]) * 100));
  }
});

test('admin edits banners and a support page on the content screen', async ({ page, request }, testInfo) => {
  test.setTimeout(300_000);
  // Each project edits its own page: the two sizes run side by side.
  const pageName = testInfo.project.name === 'phone' ? 'CODEOFBUSINESSCONDUCT' : 'BUSINESSETHICS';
  const headers = await tokenOf(request, demo.admin);
  const page0 = (await (await request.get('/api/Home/GetPages', { params: { pageName } })).json()).Data as {
    Title: string;
    Content: string;
    Year: string | null;
  };
  const title = `E2E banner ${randomBytes(3).toString('hex')}`;
  const image = await sharp({ create: { width: 1600, height: 600, channels: 3, background: '#14467c' } }).png().toBuffer();

  try {
    await signInStaff(page, demo.admin);
    await (await openAdminNav(page)).getByRole('link', { name: 'Content' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
    await accessible(page, 'content');

    // A new banner on Home and the sign-in page.
    const upload = page.getByRole('form', { name: 'Upload a new banner' });
    await upload.getByRole('textbox', { name: /Title/ }).fill(title);
    await upload.getByLabel(/Desktop image/).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: image });
    await upload.getByRole('checkbox', { name: 'Sign-in page' }).check();
    await upload.getByRole('button', { name: 'Upload banner' }).click();
    const banner = page.getByRole('form', { name: `Banner ${title}` });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(banner.getByRole('checkbox', { name: 'Home' })).toBeChecked();
    await expect(banner.getByRole('checkbox', { name: 'Sign-in page' })).toBeChecked();

    // Off the sign-in page, onto New arrivals: saved and read back from the server.
    await banner.getByRole('checkbox', { name: 'Sign-in page' }).uncheck();
    await banner.getByRole('checkbox', { name: 'New arrivals' }).check();
    await banner.getByRole('button', { name: `Save ${title}` }).click();
    // The button is also disabled while the save runs: the confirmation says the server has it.
    await expect(page.getByText('Banner saved', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await expect(banner.getByRole('button', { name: `Save ${title}` })).toBeDisabled();
    const listed = (await (await request.get('/api/admin/banners', { headers })).json()).Data.banners as { title: string; flags: Record<string, boolean> }[];
    expect(listed.find((b) => b.title === title)?.flags).toMatchObject({ Home: true, Login: false, NewArrival: true });
    await accessible(page, 'content with a new banner');

    // Delete asks first.
    await banner.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Delete the banner "${title}"?`);
    await accessible(page, 'delete banner question');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(banner).toHaveCount(0);

    // A support page: the preview keeps only what saving keeps; the saved page is the server's.
    await page.getByRole('combobox', { name: 'Page' }).selectOption(pageName);
    const editor = page.getByRole('textbox', { name: /Content \(HTML\)/ });
    await expect(editor).toHaveValue(page0.Content);
    await editor.fill('<h2>Ethics</h2><p onclick="alert(1)">Be fair.</p><script>alert(2)</script><a href="javascript:alert(3)">x</a>');
    const preview = page.getByTestId('page-preview');
    await expect(preview.locator('h2')).toHaveText('Ethics');
    expect(await preview.innerHTML()).not.toMatch(/script|onclick|javascript/);
    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByText('Saved, with some markup removed')).toBeVisible();
    await expect(editor).not.toHaveValue(/script|onclick|javascript/);
    await expect(page.getByText('The page as saved')).toBeVisible();
    await accessible(page, 'content after saving a page');
  } finally {
    await request.put(`/api/admin/pages/${pageName}`, { headers, data: page0 });
    const left = (await (await request.get('/api/admin/banners', { headers })).json()).Data.banners as { id: number; title: string }[];
    for (const b of left.filter((b) => b.title === title)) await request.delete(`/api/admin/banners/${b.id}`, { headers });
  }
});
