import AxeBuilder from '@axe-core/playwright';
import { expect, holdApp, noHorizontalScroll, signIn, test } from './fixtures.ts';

/** Spec section 2: the public marketing site, its header, the partner login window, and safe server content. */
const PAGES: [string, string][] = [
  ['/homepage', "Eyewear wholesale, made simple for India's optical retailers"],
  ['/about', 'About Frameport'],
  ['/brands', 'Our brands'],
  ['/careers', 'Careers at Frameport'],
  ['/news-room', 'News Room'],
  ['/contact', 'Contact us'],
  ['/privacy-policy', 'Privacy policy'],
  ['/cookie-policy', 'Cookie policy'],
];


test('/ redirects to /homepage and every public page renders its heading without sideways scroll', async ({ page, request }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  await page.goto('/');
  await expect(page).toHaveURL(/\/homepage$/);
  for (const [path, heading] of PAGES) {
    // Each arrives prerendered (app/prerender.tsx) and is hydrated: a mismatch is a page error.
    expect(await (await request.get(path)).text(), path).toContain(`data-prerendered="${path}"`);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(/ · Frameport$/);
    await expect(page.locator('button[aria-label="Open navigation"]')).toBeEnabled();
    expect(await noHorizontalScroll(page), path).toBe(true);
  }
  // The footer's contacts and year (editable data) load as the reader nears the footer.
  await page.goto('/homepage');
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByText(/^© \d{4} Frameport Eyewear Distributors LLP$/)).toBeVisible();
  await expect(footer.locator('address')).toContainText('Hyderabad');
  expect(problems).toEqual([]);
});

test('the first screens run within the Content Security Policy: no violation, no console error', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  for (const path of ['/homepage', '/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The login form validates with zod: a submit runs its parsers (jitless, or the CSP refuses eval).
    if (path === '/login') await page.getByRole('button', { name: 'Log in' }).click();
  }
  expect(problems).toEqual([]);
});

test('/homepage and /login arrive prerendered: they paint without scripts, then the app hydrates that markup', async ({ page, browser, request }) => {
  const FIRST_SCREENS: [string, string, string][] = [
    ['/homepage', "Eyewear wholesale, made simple for India's optical retailers", 'button[aria-label="Open navigation"]'],
    ['/login', 'Partner login', 'button[type="submit"]'],
  ];
  for (const [path, heading] of FIRST_SCREENS) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`data-prerendered="${path}"`);
    expect(html, path).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(html, path).toMatch(/<title>[^<]+ · Frameport<\/title>/);
    // A browser with scripts off shows it (Playwright's switch below keeps the parser's noscript off).
    expect(html, path).toMatch(/<noscript>\s*<p class="noscript">Frameport needs JavaScript to sign in/);
    // Plain HTML, no script: the page reads the same with JavaScript off.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto(path);
    await expect(bare.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await noScript.close();
  }

  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  for (const [path, heading, control] of FIRST_SCREENS) {
    // Hold the app back: the prerendered page is on screen, its controls waiting for the app.
    const release = await holdApp(page);
    await page.goto(path, { waitUntil: 'commit' });
    const h1 = page.getByRole('heading', { level: 1, name: heading });
    await expect(h1).toBeVisible();
    await expect(page.locator(control)).toBeDisabled();
    await h1.evaluate((element) => element.setAttribute('data-painted-before-app', ''));
    release();
    await expect(page.locator(control)).toBeEnabled();
    // The same element: React took the markup over instead of drawing the page again.
    await expect(h1).toHaveAttribute('data-painted-before-app', '');
  }

  // A reader who scrolls before the app is there keeps their place when it hydrates the page.
  const release = await holdApp(page);
  await page.goto('/homepage', { waitUntil: 'commit' });
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  release();
  await expect(page.locator('button[aria-label="Open navigation"]')).toBeEnabled();
  await expect(footer.locator('address')).toContainText('Hyderabad');
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(problems).toEqual([]);
});

/**
 * The cascade: every CSS module comes after Mantine's own styles (the build's 'app' chunk starts its
 * sheet with them, vite.config.ts), so a module's rule wins over the Mantine component it styles. The
 * hero's title is a Mantine Title with marketing.module.css's size (32 px, 44 px from 768 px), not
 * Mantine's h1 (34 px); with the sheets the other way round it read 34 px.
 */
test('the CSS modules come after Mantine’s styles: the homepage hero title has its module’s size', async ({ page }) => {
  await page.goto('/homepage');
  await page.waitForLoadState('networkidle');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  const wide = (page.viewportSize()?.width ?? 0) >= 768;
  await expect(title).toHaveCSS('font-size', wide ? '44px' : '32px');
});

test('the header collapses to a burger and side menu below 768 px', async ({ page, isMobile }) => {
  await page.goto('/homepage');
  const burger = page.getByRole('button', { name: 'Open navigation' });
  if (!isMobile) {
    await expect(burger).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'News Room' })).toBeVisible();
    return;
  }
  await expect(burger).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'News Room' })).toBeHidden();
  await burger.click();
  const drawer = page.getByRole('dialog');
  for (const name of ['About', 'Careers', 'News Room', 'Partner Log-in', 'Contact Us']) {
    await expect(drawer.getByRole('link', { name })).toBeVisible();
  }
  await drawer.getByRole('link', { name: 'News Room' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'News Room' })).toBeVisible();
});

test('Partner Log-in opens /login in a named window and focuses that window on the next click', async ({ page, context, isMobile }) => {
  await page.goto('/homepage');
  // Prerendered: Partner Log-in is a plain link to /login until the app has hydrated the page.
  await expect(page.locator('button[aria-label="Open navigation"]')).toBeEnabled();
  const openLogin = async () => {
    if (isMobile) {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Partner Log-in' }).click();
    } else {
      await page.getByRole('banner').getByRole('link', { name: 'Partner Log-in' }).click();
    }
  };
  const popupOpened = page.waitForEvent('popup');
  await openLogin();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/\/login$/);
  await expect(popup.getByRole('heading', { level: 1, name: 'Partner login' })).toBeVisible();
  await popup.getByLabel('Email').fill('typed@example.in');

  await openLogin();
  await page.getByRole('link', { name: 'Partner Login' }).click();
  expect(context.pages()).toHaveLength(2);
  // The same window, not reloaded: what was typed is still there.
  await expect(popup.getByLabel('Email')).toHaveValue('typed@example.in');
});

test('malicious page content from the server never executes on /support', async ({ page, retailer }) => {
  await signIn(page, retailer);
  await page.route('**/api/Home/GetPages?*', async (route) => {
    const pageName = new URL(route.request().url()).searchParams.get('pageName');
    if (pageName !== 'ABOUTUS') return route.continue();
    await route.fulfill({
      json: {
        Status: 0,
        Error: null,
        Data: {
          Title: 'About us',
          Content:
            '<p>Welcome</p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">' +
            '<a href="javascript:window.__pwned=1">x</a>',
          Year: '2026',
        },
      },
    });
  });
  await page.goto('/support?pageName=ABOUTUS');
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  await expect(page.getByText('Welcome')).toBeVisible();
  const link = page.getByRole('article').getByText('x', { exact: true });
  if ((await link.count()) > 0) await link.click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('the public pages and /login have no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(240_000);
  for (const path of [...PAGES.map(([path]) => path), '/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The footer's contacts load as the reader nears it: axe checks them loaded.
    if (path !== '/login') await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.locator('[aria-hidden="true"] .mantine-Skeleton-root')).toHaveCount(0);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
    expect(serious).toEqual([]);
  }
});
