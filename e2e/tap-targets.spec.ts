import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { bearer, expect, noHorizontalScroll, PLENTY, signIn, test } from './fixtures.ts';

/**
 * Issue 16 item 11: at 390 px every control a thumb uses is at least 44×44 px. On each screen the
 * visible interactive elements of the header and the main content are measured; the test lists
 * every one under 44×44.
 *
 * A control's target is its own box together with the boxes of its <label>s (a tap on the label
 * operates it: Mantine draws a checkbox's or a segment's label beside a small or hidden input).
 * The one exclusion, narrow on purpose: a link inside running text (an <a> whose nearest block is
 * a <p>), which WCAG 2.5.8 exempts as inline; a link standing alone is measured like a button.
 */
const MIN = 44;
/** Layout rounds sub-pixels (43.99 px); half a pixel of slack, no more. */
const SLACK = 0.5;

const INTERACTIVE = [
  'button',
  'a[href]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="tab"]',
  '[role="slider"]',
  '[role="menuitem"]',
  '[role="link"]',
].join(', ');

/**
 * The header's and the main content's controls (or those under `roots`) under 44×44:
 * 'button "Decrease quantity" 30×30'.
 */
async function smallTargets(page: Page, roots = 'header, main'): Promise<string[]> {
  return page.evaluate(
    ({ selector, min, slack, roots }) => {
      const found: string[] = [];
      const seen = new Set<Element>();
      const viewportWidth = document.documentElement.clientWidth;
      for (const root of Array.from(document.querySelectorAll(roots))) {
        for (const element of Array.from(root.querySelectorAll<HTMLElement>(selector))) {
          if (seen.has(element)) continue;
          seen.add(element);
          // Not on screen: hidden, aria-hidden or inert, or placed outside the page (a skip link
          // above it, a carousel's other slides beside it).
          if (element.closest('[aria-hidden="true"], [inert]')) continue;
          const style = getComputedStyle(element);
          if (style.visibility === 'hidden' || style.display === 'none') continue;
          const own = element.getBoundingClientRect();
          const boxes = [own];
          const labels = 'labels' in element ? Array.from((element as HTMLInputElement).labels ?? []) : [];
          for (const label of labels) boxes.push(label.getBoundingClientRect());
          const visible = boxes.filter((box) => box.width > 0 && box.height > 0);
          if (visible.length === 0) continue;
          const left = Math.min(...visible.map((box) => box.left));
          const right = Math.max(...visible.map((box) => box.right));
          const top = Math.min(...visible.map((box) => box.top + window.scrollY));
          const bottom = Math.max(...visible.map((box) => box.bottom + window.scrollY));
          if (right <= 0 || left >= viewportWidth || bottom <= 0) continue;
          // Inline links in running text (WCAG 2.5.8's inline exception).
          if (element.tagName === 'A' && style.display === 'inline' && element.parentElement?.closest('p')) continue;
          const width = right - left;
          const height = bottom - top;
          if (width + slack >= min && height + slack >= min) continue;
          const name =
            element.getAttribute('aria-label') ??
            (labels.map((label) => label.textContent?.trim()).find(Boolean) || element.textContent?.trim() || element.getAttribute('placeholder') || '');
          const role = element.getAttribute('role') ?? element.tagName.toLowerCase() + (element.getAttribute('type') ? `[${element.getAttribute('type')}]` : '');
          found.push(`${role} "${name.slice(0, 60)}" ${Math.round(width)}×${Math.round(height)}`);
        }
      }
      return found;
    },
    { selector: INTERACTIVE, min: MIN, slack: SLACK, roots },
  );
}

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

test.describe('tap targets at 390 px', () => {
  test.skip(({ isMobile }) => !isMobile, 'measured on the phone');

  test("/products' Filter and Sort show their labels whole beside the view switch, with three filters chosen", async ({ page, retailer }) => {
    await signIn(page, retailer);
    await page.goto('/products?frameShapeId=1,2&genderIdList=1');
    await settled(page);
    const filter = page.getByRole('button', { name: 'Filter (3)' });
    await expect(filter).toBeVisible();
    for (const button of [filter, page.getByRole('button', { name: 'Sort', exact: true })]) {
      // Mantine's label cuts what does not fit ('Filter (3' before): nothing may be cut.
      const cut = await button.locator('.mantine-Button-label').evaluate((label) => label.scrollWidth - label.clientWidth);
      expect(cut, (await button.textContent()) ?? '').toBeLessThanOrEqual(0);
    }
    // The chosen filters' chips and their Clear link (a text link among buttons) are thumb-sized too.
    const activeFilters = 'section[aria-label="Active filters"]';
    await expect(page.locator(activeFilters).getByRole('link', { name: 'Clear' })).toBeVisible();
    expect(await smallTargets(page, activeFilters)).toEqual([]);
    expect(await noHorizontalScroll(page)).toBe(true);
  });

  test("the front page's footer has no link under 44×44", async ({ page }) => {
    await page.goto('/homepage');
    const footer = page.locator('footer');
    // Its contacts load as it nears the screen.
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole('link', { name: /@/ })).toBeVisible();
    expect(await smallTargets(page, 'footer')).toEqual([]);
  });

  test('the catalogue, a product, the purchase order and My Invoices have no control under 44×44', async ({ page, retailer, seed }) => {
    test.setTimeout(240_000);
    await seed.invoice(retailer, 100_000);
    await signIn(page, retailer);

    // Two lines in the purchase order.
    const headers = await bearer(page);
    const search = encodeURIComponent('isAvailable=true&productTypeId=1');
    const found = await (await page.request.get(`/api/Product/getAll?search=${search}&pageNumber=1&pageSize=10`, { headers })).json();
    type Colour = { colorVariant: string; availableStockQuantity: number };
    const products = (found.Data.searchResults.value as { productId: number; productColor: Colour[] }[]).filter((product) =>
      product.productColor.some((colour) => colour.availableStockQuantity >= PLENTY),
    );
    expect(products.length).toBeGreaterThanOrEqual(2);
    const lines = products.slice(0, 2).map((product) => ({
      ProductId: product.productId,
      ColorVariant: product.productColor.find((colour) => colour.availableStockQuantity >= PLENTY)!.colorVariant,
      Quantity: 1,
    }));
    const added = await page.request.post('/api/Product/addItemsToCart', { headers, data: { Products: lines } });
    expect(added.status(), await added.text()).toBe(200);

    const report: string[] = [];
    const check = async (screen: string) => {
      const small = await smallTargets(page);
      report.push(...small.map((line) => `${screen}: ${line}`));
      expect(await noHorizontalScroll(page), screen).toBe(true);
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const serious = axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => `${screen}: ${violation.id}`)).toEqual([]);
    };

    await page.goto('/products');
    await settled(page);
    await expect(page.getByRole('article').first()).toBeVisible();
    await check('/products');
    // The footer's links stand alone, one to a line: each a row a thumb can hit (its Products column
    // comes from the API: measured once its skeleton has gone).
    await expect(page.locator('footer').getByRole('navigation', { name: 'Products' }).getByRole('link').first()).toBeVisible();
    const footer = await smallTargets(page, 'footer');
    report.push(...footer.map((line) => `the footer: ${line}`));

    // The phone's filter screen: each option of a group is a row a thumb can hit, and so is View All.
    await page.getByRole('button', { name: /^Filter/ }).click();
    const filters = page.getByRole('dialog');
    for (const group of [/^Frame Shape/, /^Material/]) {
      await filters.getByRole('tab', { name: group }).click();
      await expect(filters.getByRole('tabpanel').getByRole('checkbox').first()).toBeVisible();
      const small = await smallTargets(page, '[role="dialog"] [role="tabpanel"]');
      report.push(...small.map((line) => `the filter screen: ${line}`));
    }
    await page.keyboard.press('Escape');
    await expect(filters).toBeHidden();

    await page.goto(`/product-details?productId=${products[0]!.productId}`);
    await settled(page);
    await check('/product-details');

    await page.goto('/purchase-order');
    await settled(page);
    await expect(page.getByRole('button', { name: /place order/i })).toBeVisible();
    await check('/purchase-order');

    await page.goto('/profile?my-invoices=true');
    await expect(page.getByRole('table', { name: 'My invoices' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Select invoice / }).first()).toBeVisible();
    await settled(page);
    await check('My Invoices');

    expect(report, `controls under ${MIN}×${MIN} px:\n${report.join('\n')}`).toEqual([]);
  });
});
