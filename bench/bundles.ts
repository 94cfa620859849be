/**
 * `npm run bench:bundles`: what each screen makes the browser download, on the built app served by
 * the real server (scripts/start.mjs builds apps/web when its build is missing or stale, then a
 * fresh PGlite with the demo data), in the system Chromium at 1366 × 900.
 *
 * Each screen is opened in a fresh browser context (empty cache) after signing in through the API,
 * so a row is everything that screen needs on a cold load: the scripts and style sheets as they
 * travel (Brotli, which the server precompresses), counted from the responses' encoded sizes.
 * Images and fonts are left out: they are content, and the catalogue's differ with the data.
 * Prints a Markdown table; the figures go in the issue note when a change moves them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright';
import { benchPort, startServer, stopServer, waitForHealth } from './server.ts';

type Screen = { path: string; as: 'nobody' | 'retailer' | 'admin'; ready: string };

/** `ready`: a selector that shows the screen has rendered its data, not only its loader. */
const SCREENS: Screen[] = [
  { path: '/login', as: 'nobody', ready: 'button[type=submit]' },
  { path: '/home', as: 'retailer', ready: 'main h2' },
  { path: '/products', as: 'retailer', ready: 'main a[href*="product-details"]' },
  { path: '/product-details?productId=1', as: 'retailer', ready: 'main h1' },
  { path: '/express-checkout', as: 'retailer', ready: 'main h1' },
  { path: '/purchase-order', as: 'retailer', ready: 'main h1' },
  { path: '/profile?order=true', as: 'retailer', ready: 'main [role=tablist]' },
  { path: '/profile?my-invoices=true', as: 'retailer', ready: 'main [role=tablist]' },
  { path: '/admin/orders', as: 'admin', ready: 'main table, main [role=table]' },
];

/** `BUNDLES_FILES=/products,/home`: also list those screens' files, largest first (on stderr). */
const SHOW_FILES = (process.env.BUNDLES_FILES ?? '').split(',').filter(Boolean);

const LOGINS = {
  retailer: { email: 'retailer@frameport.test', password: 'Retailer@123' },
  admin: { email: 'admin@frameport.test', password: 'Admin@12345' },
} as const;

/**
 * Signs in through the real /login screen in its own context and returns that context's storage
 * (the session), so each measured screen starts signed in but with an empty cache.
 */
async function sessionOf(browser: Browser, baseUrl: string, login: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
  const state = await context.storageState();
  // Evaluated in the page: `globalThis` there is the window (bench's tsconfig has no DOM types).
  const session = await page.evaluate(() => JSON.stringify(Object.entries((globalThis as unknown as { sessionStorage: Record<string, string> }).sessionStorage)));
  await context.close();
  return { state, session: JSON.parse(session) as [string, string][] };
}

async function measure(browser: Browser, baseUrl: string, screen: Screen, session: Awaited<ReturnType<typeof sessionOf>> | null) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 900 }, storageState: session?.state });
  if (session) {
    await context.addInitScript((entries: [string, string][]) => {
      const storage = (globalThis as unknown as { sessionStorage: { setItem(key: string, value: string): void } }).sessionStorage;
      for (const [key, value] of entries) storage.setItem(key, value);
    }, session.session);
  }
  const page = await context.newPage();
  const totals = { js: 0, css: 0, files: 0 };
  const files: { name: string; bytes: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      request.sizes().then((sizes) => {
        totals[type === 'script' ? 'js' : 'css'] += sizes.responseBodySize;
        totals.files += 1;
        files.push({ name: new URL(request.url()).pathname, bytes: sizes.responseBodySize });
      }),
    );
  });
  await page.goto(screen.path);
  await page.locator(screen.ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  if (SHOW_FILES.includes(screen.path)) {
    for (const file of files.sort((a, b) => b.bytes - a.bytes)) console.error(`  ${screen.path} ${kB(file.bytes).padStart(9)} ${file.name}`);
  }
  return totals;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function main() {
  const port = benchPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'frameport-bundles-'));
  const server = startServer(port, dataDir, { env: { SEED_PRODUCTS: '300' } });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await waitForHealth(port, 300_000);
    const sessions = {
      nobody: null,
      retailer: await sessionOf(browser, baseUrl, LOGINS.retailer),
      admin: await sessionOf(browser, baseUrl, LOGINS.admin),
    };
    console.log('| screen | as | JS | CSS | total | files |');
    console.log('|---|---|---:|---:|---:|---:|');
    for (const screen of SCREENS) {
      const totals = await measure(browser, baseUrl, screen, sessions[screen.as]);
      console.log(`| ${screen.path} | ${screen.as} | ${kB(totals.js)} | ${kB(totals.css)} | ${kB(totals.js + totals.css)} | ${totals.files} |`);
    }
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
