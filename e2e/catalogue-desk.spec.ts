import { deflateSync } from 'node:zlib';
import type { Page, TestInfo } from '@playwright/test';
import { demo, expect, expectAccessible, noHorizontalScroll, signIn, signInStaff, test, tokenOf } from './fixtures.ts';

/**
 * The catalogue desk's new-style journey end to end (issue 17): an admin creates a frame through
 * /admin/products/new (every required field and more, two colours with opening stock), uploads
 * images to both colours on the style's page (the file chooser for one, a drop for the other), and
 * a retailer finds the model number through the catalogue search, opens it and orders a colour;
 * then the admin deactivates the style (after the confirmation) and it leaves the catalogue. axe
 * and no sideways scroll on /admin/products, /admin/products/new (empty and filled), the style's
 * page (with its uploads, its confirmation, and as the warehouse reads it), on a desktop and on a
 * 390 px phone; screenshots of the form and the page are kept with the results.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of `width`×`height`: a frame-shaped band of `rgb` on white (small, decodable by the server's image checks). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3, 0xff);
    row[0] = 0; // filter: none
    const band = y > height * 0.35 && y < height * 0.65;
    for (let x = 0; x < width; x += 1) if (band && x > width * 0.1 && x < width * 0.9) row.set(rgb, 1 + x * 3);
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** axe, no sideways scroll and a full-page screenshot kept with the test's results. */
async function screenIsClean(page: Page, testInfo: TestInfo, what: string, shot: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page, what);
  expect(await noHorizontalScroll(page), `${what} scrolls sideways`).toBe(true);
  await page.screenshot({ path: testInfo.outputPath(`${shot}.png`), fullPage: true });
}

/** The first real option of a select (after its "Choose…" or "—"); answers its label. */
async function chooseFirst(page: Page, name: string, nth = 1): Promise<string> {
  const select = page.getByRole('combobox', { name, exact: true });
  const label = (await select.locator('option').nth(nth).textContent()) ?? '';
  await select.selectOption({ label });
  return label;
}

test('an admin creates a style with two colours and their images; a retailer finds it in the catalogue and orders it', async ({
  page,
  retailer,
}, testInfo) => {
  // Some 80 steps through four sign-ins: 1.2 min on a quiet machine, 2.5 under the other helpers' load.
  test.setTimeout(480_000);
  const model = `E2E-${testInfo.project.name.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
  const name = `Desk Journey ${testInfo.project.name}`;

  await signInStaff(page, demo.admin);
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('table').or(page.getByRole('list')).first()).toBeVisible();
  await screenIsClean(page, testInfo, '/admin/products', 'products-list');

  // ── The new style, through the form ──
  await page.getByRole('link', { name: 'New style' }).first().click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  const form = page.getByRole('form', { name: 'New style' });
  await expect(form).toBeVisible({ timeout: 45_000 });
  await screenIsClean(page, testInfo, '/admin/products/new', 'new-style-empty');

  // Save with nothing filled: the form names what is missing and sends nothing.
  await form.getByRole('button', { name: 'Create style' }).click();
  await expect(form.getByText('Please enter the model number.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await expectAccessible(page, '/admin/products/new (with its errors)');

  await form.getByRole('textbox', { name: 'Model number' }).fill(model);
  await form.getByRole('textbox', { name: 'Product name' }).fill(name);
  await chooseFirst(page, 'Brand');
  await form.getByRole('combobox', { name: 'Type', exact: true }).selectOption({ label: 'Eyeglasses frame' });
  await form.getByRole('combobox', { name: 'Frame type' }).selectOption('Full Rim');
  await chooseFirst(page, 'Shape');
  await chooseFirst(page, 'Frame material');
  await chooseFirst(page, 'Temple material');
  await chooseFirst(page, 'Size');
  await form.getByRole('textbox', { name: 'Eye size (mm)' }).fill('52');
  await form.getByRole('textbox', { name: 'Bridge (mm)' }).fill('18');
  await form.getByRole('textbox', { name: 'Temple (mm)' }).fill('140');
  await form.getByRole('checkbox').first().check();
  await form.getByRole('textbox', { name: 'HSN code' }).fill('9003');
  await expect(form.getByRole('textbox', { name: 'GST rate' })).toHaveValue('5 % (from the HSN code)');
  await form.getByRole('textbox', { name: 'Net price (₹)' }).fill('1,499.50');

  await chooseFirst(page, 'Colour 1 frame colour', 1);
  await chooseFirst(page, 'Colour 1 temple colour', 1);
  await form.getByRole('textbox', { name: 'Colour 1 opening stock' }).fill('40');
  await form.getByRole('button', { name: 'Add colour' }).click();
  await expect(form.getByRole('textbox', { name: 'Colour 2 code' })).toHaveValue('C2');
  const frameColour2 = await chooseFirst(page, 'Colour 2 frame colour', 2);
  await chooseFirst(page, 'Colour 2 temple colour', 2);
  await form.getByRole('textbox', { name: 'Colour 2 opening stock' }).fill('25');
  await screenIsClean(page, testInfo, '/admin/products/new (filled)', 'new-style-filled');
  await form.getByRole('button', { name: 'Create style' }).click();

  // ── The style's page: images for both colours ──
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const productId = Number(/\/admin\/products\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(model) })).toBeVisible();

  const c1 = page.getByRole('region', { name: /^Images of C1/ });
  const chooser = page.waitForEvent('filechooser');
  await c1.getByRole('button', { name: 'Choose files' }).click();
  await (
    await chooser
  ).setFiles([
    { name: 'c1-front.png', mimeType: 'image/png', buffer: png(240, 120, [20, 20, 20]) },
    { name: 'c1-side.png', mimeType: 'image/png', buffer: png(240, 120, [60, 60, 60]) },
  ]);
  const c1Images = c1.getByRole('list', { name: /^Images of C1/ });
  await expect(c1Images.getByRole('listitem')).toHaveCount(2, { timeout: 45_000 });
  await expect(c1Images.getByRole('img').first()).toHaveAttribute('alt', /C1 Front view/);

  // A file that is no image: refused with the server's reason, stored nowhere, offered again.
  const c2 = page.getByRole('region', { name: /^Images of C2/ });
  await c2.getByLabel('Add images to C2').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(c2.getByRole('alert')).toHaveText('Please upload a PNG, JPEG or WebP image.');
  await expect(c2.getByRole('button', { name: 'Retry notes.png' })).toBeVisible();
  await expect(c2.getByText('No images yet.')).toBeVisible();
  await expectAccessible(page, 'a refused upload');

  // C2 by drag and drop: a DataTransfer with a file, dropped on the colour's drop area.
  const bytes = [...png(240, 120, [150, 40, 40])];
  const dataTransfer = await page.evaluateHandle((data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'c2-front.png', { type: 'image/png' }));
    return transfer;
  }, bytes);
  const drop = c2.getByTestId('drop-C2');
  await drop.dispatchEvent('dragover', { dataTransfer });
  await drop.dispatchEvent('drop', { dataTransfer });
  const c2Images = c2.getByRole('list', { name: /^Images of C2/ });
  await expect(c2Images.getByRole('listitem')).toHaveCount(1, { timeout: 45_000 });
  await expect(c2.getByText('Uploaded')).toBeVisible();
  await screenIsClean(page, testInfo, `/admin/products/${productId} (after uploads)`, 'style-page-uploaded');

  await page.goto(`/admin/products/${productId}`);
  await expect(page.getByRole('region', { name: /^Images of C2/ }).getByRole('listitem')).toHaveCount(1, { timeout: 45_000 });
  await expect(page.getByRole('region', { name: 'Stock' }).getByRole('table', { name: 'Stock per colour' })).toBeVisible();
  const changes = page.getByRole('region', { name: 'Changes' });
  await expect(changes).toContainText('Style created');
  await expect(changes).toContainText('C1: 1 image added (side view)');
  await expect(changes).toContainText(`Colour C2 added: frame colour ${frameColour2}, temple colour`);
  await expect(changes).toContainText('Net price: ₹1,499.50');
  await expect(page.getByRole('textbox', { name: 'Net price (₹)', exact: true })).toHaveValue('1,499.50');
  await screenIsClean(page, testInfo, `/admin/products/${productId}`, 'style-page');

  // ── A retailer finds it by its model number and orders a colour ──
  await page.evaluate(() => localStorage.clear());
  const retailerPage = page;
  await signIn(retailerPage, retailer);
  const header = retailerPage.getByRole('banner');
  await header.getByRole('button', { name: 'Search' }).click();
  await header.getByRole('searchbox', { name: 'Search frames and sunglasses' }).fill(model);
  await header.getByRole('searchbox', { name: 'Search frames and sunglasses' }).press('Enter');
  await expect(retailerPage).toHaveURL(/\/products\?.*searchText=/);
  const cards = retailerPage.getByRole('list', { name: 'Products' }).getByRole('article');
  await expect(cards).toHaveCount(1, { timeout: 45_000 });
  await expect(cards.first()).toContainText(model);
  await expect(cards.first().locator('img').first()).toHaveAttribute('src', /\/media\/uploads\/products\//);

  await retailerPage.goto(`/product-details?productId=${productId}`);
  await expect(retailerPage.getByRole('heading', { level: 1 })).toContainText(name);
  await retailerPage.getByRole('textbox', { name: `Quantity of ${frameColour2} (C2)`, exact: true }).fill('2');
  await retailerPage.getByRole('button', { name: 'Add to order (2)' }).click();
  await retailerPage.goto('/purchase-order');
  await expect(retailerPage.getByText('You have 1 line (2 pcs) in your order')).toBeVisible();
  await expect(retailerPage.getByRole('listitem', { name: `${name}, ${frameColour2} (C2)` })).toBeVisible();
  await retailerPage.getByRole('button', { name: 'Place order' }).click();
  const placed = retailerPage.getByRole('dialog', { name: 'Order Placed Successfully' });
  await expect(placed).toBeVisible();
  await expect(placed.getByText(/FP\/\d{4}-\d{2}\/\d{6}/)).toBeVisible();

  // The order took its stock: the style's page shows 23 of C2 left, C1 untouched.
  await signInStaff(page, demo.admin);
  await page.goto(`/admin/products/${productId}`);
  const stockTable = page.getByRole('region', { name: 'Stock' }).getByRole('table', { name: 'Stock per colour' });
  await expect(stockTable.getByRole('row').filter({ hasText: 'C2' }).first()).toContainText('23');
  await expect(stockTable.getByRole('row').filter({ hasText: 'C1' }).first()).toContainText('40');

  // ── Deactivated after the confirmation: it leaves the retailers' catalogue ──
  await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate style' });
  await expect(confirm).toContainText('It disappears from the catalogue and search at once');
  await expectAccessible(page, 'the Deactivate confirmation');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  // No dialog left at all (a closing one can still hold the style's new action while it fades).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(`${model} was deactivated.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate', exact: true })).toBeVisible();
  await expect(changes).toContainText('Deactivated');
  const headers = await tokenOf(page.request, retailer);
  const search = await page.request.get('/api/Product/getAll', {
    headers,
    params: { search: `searchText=${encodeURIComponent(model)}`, pageNumber: 1, pageSize: 10 },
  });
  expect(search.status()).toBe(200);
  const found = (await search.json()).Data.searchResults.value as { modelName: string }[];
  expect(found.filter((product) => product.modelName === model)).toEqual([]);

  // The warehouse reads the same page without the admin's controls; it passes axe too.
  await signInStaff(page, demo.warehouse);
  await page.goto(`/admin/products/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(model) })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('region', { name: 'Stock' }).getByRole('table', { name: 'Stock per colour' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate', exact: true })).toHaveCount(0);
  await screenIsClean(page, testInfo, `/admin/products/${productId} (warehouse)`, 'style-page-warehouse');
});
