/**
 * `npm run bench:lighthouse`: Lighthouse 12 scores (performance, accessibility, best practices,
 * SEO) of /homepage and /login, and of the demo retailer's signed-in /home, /products,
 * /product-details (a real product) and /purchase-order (a cart of a few lines), on the built app
 * served by the real server (scripts/start.mjs: builds apps/web when its build is missing or stale,
 * then a fresh PGlite with the demo data), in the system Chromium, with Lighthouse's mobile
 * default and its desktop preset.
 * Signing in: the bench asks POST /token once and, before each signed-in audit, writes the
 * session the web app keeps (localStorage `frameport.session`, docs/decisions/004) into the fresh
 * browser from the origin's /healthz (a JSON answer that loads none of the app's files, so the
 * audit still starts with an empty HTTP cache); Lighthouse then runs in that page with its storage
 * reset turned off (the reset would erase the session).
 * Each page and form factor is audited LIGHTHOUSE_RUNS times (default 5), each in a fresh browser,
 * after one warm-up audit that is not counted, and the median is reported, as Lighthouse's guide
 * to score variability advises: on a shared 2-core machine one run's total blocking time swings
 * by 100 ms and more. The table also gives the lowest performance score and the median metrics.
 * Prints a Markdown table. Low scores are reported, not failed: only a crash exits non-zero.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
// Lighthouse's own browser driver (a dependency of lighthouse, the version it drives Chromium with).
import puppeteer from 'puppeteer-core';
import { lcpCriticalPath } from './lighthouse-lcp-path.ts';
import { benchPort, startServer, stopServer, waitForHealth } from './server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lighthouseVersion = (JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
/** The pages audited signed out, then signed in as the demo retailer (`{productId}` filled in at start). */
const PAGES: { path: string; signedIn: boolean }[] = [
  { path: '/homepage', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/home', signedIn: true },
  { path: '/products', signedIn: true },
  { path: '/product-details?productId={productId}', signedIn: true },
  { path: '/purchase-order', signedIn: true },
];
const RETAILER = { username: 'retailer@frameport.test', password: 'Retailer@123' };
/** How many lines the bench puts in the retailer's cart for /purchase-order. */
const CART_LINES = 4;
/** LIGHTHOUSE_PAGES (comma-separated paths, e.g. /home,/purchase-order) and LIGHTHOUSE_FORM_FACTORS (mobile,desktop) narrow a run. */
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim()).filter(Boolean);
const ONLY_FORM_FACTORS = process.env.LIGHTHOUSE_FORM_FACTORS?.split(',').map((p) => p.trim()).filter(Boolean);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/**
 * `windowSize`: Chromium's window starts at the size Lighthouse then emulates (its mobile default,
 * a 412 × 823 phone; the desktop preset's 1350 × 940). Otherwise a page that paints within a few
 * milliseconds (the prerendered /login) can be drawn once at the headless default of 800 px before
 * the emulation applies, and the jump to 1350 px is counted as a 0.5 layout shift.
 */
const FORM_FACTORS: { name: string; config: Config | undefined; windowSize: string }[] = [
  { name: 'mobile', config: undefined, windowSize: '412,823' },
  {
    name: 'desktop',
    config: desktopConfig,
    windowSize: `${desktopConfig.settings?.screenEmulation?.width ?? 1350},${desktopConfig.settings?.screenEmulation?.height ?? 940}`,
  },
];
/** The flags of stack-notes.md: headless, no sandbox in a container, nothing phoning home. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/** LIGHTHOUSE_REPORT_DIR: keep each run's full report there (JSON, for the Lighthouse viewer): its LCP element, LCP phases, requests and main-thread work. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
/** LIGHTHOUSE_LCP_PATH=1: print each run's simulated LCP chain (bench/lighthouse-lcp-path.ts): which requests and tasks the largest paint waited for. */
const LCP_PATH = process.env.LIGHTHOUSE_LCP_PATH === '1';
/** Lighthouse's metric audits behind the performance score, as the table names them. */
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
] as const;

type Scores = Record<(typeof CATEGORIES)[number], number | null>;
type Row = { path: string; formFactor: string; scores: Scores; lowestPerformance: number | null; metrics: string[] };

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type FormFactor = (typeof FORM_FACTORS)[number];

/** The session the web app keeps in localStorage after a sign-in (apps/web/src/lib/session.ts). */
type StoredSession = { accessToken: string; expiresAt: number; userName: string; rememberMe: boolean };

/**
 * One Lighthouse run in a fresh browser (no cache or storage carried from the previous page).
 * Signed in (`session` given): the session is written into the origin's localStorage from /healthz
 * first, and Lighthouse audits in that page without resetting storage.
 * Lighthouse sometimes fails to record a trace (NO_NAVSTART, "run Lighthouse again"): such a run
 * is repeated, up to three attempts.
 */
async function auditWithRetry(pagePath: string, formFactor: FormFactor, port: number, session: StoredSession | null) {
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: [...CHROME_FLAGS, `--window-size=${formFactor.windowSize}`],
    });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    try {
      const page = await browser.newPage();
      if (session !== null) {
        await page.goto(`${origin}/healthz`);
        // Runs in the page (bench/tsconfig.json has no DOM types, hence the shape of localStorage here).
        await page.evaluate(
          (value) => (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem('frameport.session', value),
          JSON.stringify(session),
        );
      }
      const result = await lighthouse(
        `${origin}${pagePath}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          disableStorageReset: session !== null,
        },
        formFactor.config,
        page,
      );
      if (result === undefined) throw new Error(`Lighthouse returned no result for ${pagePath}`);
      const { runtimeError } = result.lhr;
      if (!runtimeError) {
        // A signed-in page that bounced to /login (an expired or refused session) is no audit of that page.
        if (session !== null && new URL(result.lhr.finalDisplayedUrl).pathname === '/login') {
          throw new Error(`${pagePath}: the signed-in audit ended on /login`);
        }
        return result;
      }
      const message = `${pagePath} (${formFactor.name}): ${runtimeError.code} ${runtimeError.message}`;
      if (attempt >= 3) throw new Error(message);
      console.log(`  ${message}: trying again`);
    } finally {
      await browser.disconnect();
      chrome.kill();
    }
  }
}

async function api<T>(origin: string, pathAndQuery: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${origin}${pathAndQuery}`, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathAndQuery}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Signs the demo retailer in (POST /token, as the login form does) and prepares its pages: a product
 * with colours in stock for /product-details, and a cart of CART_LINES lines (cleared first) for
 * /purchase-order. Returns the session to store and that product's id.
 */
async function prepareRetailer(origin: string): Promise<{ session: StoredSession; productId: number }> {
  const token = await api<{ access_token: string; expires_in: number; userName: string }>(origin, '/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', ...RETAILER }).toString(),
  });
  const session: StoredSession = {
    accessToken: token.access_token,
    expiresAt: Date.now() + token.expires_in * 1000,
    userName: token.userName,
    rememberMe: false,
  };
  const headers = { authorization: `Bearer ${token.access_token}` };
  type Listed = { productId: number; productColor: { colorVariant: string; availableStockQuantity: number }[] };
  const listing = await api<{ Data: { searchResults: { value: Listed[] } } }>(
    origin,
    `/api/Product/getAll?search=${encodeURIComponent('isAvailable=true')}&pageNumber=1&pageSize=14`,
    { headers },
  );
  const inStock = listing.Data.searchResults.value
    .map((product) => ({ product, colour: product.productColor.find((colour) => colour.availableStockQuantity >= 2) }))
    .filter((entry) => entry.colour !== undefined);
  if (inStock.length < CART_LINES) throw new Error(`only ${inStock.length} products in stock for the cart`);
  await api(origin, '/api/Product/clearCart', { method: 'DELETE', headers });
  await api(origin, '/api/Product/addItemsToCart', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      Products: inStock.slice(0, CART_LINES).map(({ product, colour }, index) => ({
        ProductId: product.productId,
        ColorVariant: colour!.colorVariant,
        Quantity: 1 + (index % 2),
      })),
    }),
  });
  return { session, productId: inStock[0]!.product.productId };
}

async function main() {
  const port = benchPort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'frameport-lighthouse-'));
  const server = startServer(port, dataDir, { env: { SEED_PRODUCTS: '300' } });
  const rows: Row[] = [];
  try {
    // The first start may build the web app and seeds the demo data.
    await waitForHealth(port, 300_000);
    const origin = `http://127.0.0.1:${port}`;
    const { session, productId } = await prepareRetailer(origin);
    const pages = PAGES.map((page) => ({ ...page, path: page.path.replace('{productId}', String(productId)) })).filter(
      (page) => !ONLY_PAGES || ONLY_PAGES.includes(page.path.split('?')[0]!),
    );
    const formFactors = FORM_FACTORS.filter((formFactor) => !ONLY_FORM_FACTORS || ONLY_FORM_FACTORS.includes(formFactor.name));
    // One audit first, not counted: the first Chromium start and the server's first requests
    // (cold JIT and caches) land in it, which the scores are not about.
    const warmUp = await auditWithRetry(pages[0]!.path, formFactors[0]!, port, pages[0]!.signedIn ? session : null);
    console.log(`warm-up ${pages[0]!.path} (not counted): performance ${Math.round((warmUp.lhr.categories.performance?.score ?? 0) * 100)}`);
    for (const formFactor of formFactors) {
      for (const { path: pagePath, signedIn } of pages) {
        const runs: { scores: Scores; metrics: number[] }[] = [];
        for (let run = 1; run <= RUNS; run += 1) {
          const result = await auditWithRetry(pagePath, formFactor, port, signedIn ? session : null);
          const { categories, audits } = result.lhr;
          if (REPORT_DIR) {
            mkdirSync(REPORT_DIR, { recursive: true });
            const name = `${formFactor.name}${pagePath.split('?')[0]!.replaceAll('/', '-')}-${run}.json`;
            writeFileSync(path.join(REPORT_DIR, name), JSON.stringify(result.lhr));
          }
          const scores = Object.fromEntries(
            CATEGORIES.map((id) => {
              const score = categories[id]?.score;
              return [id, typeof score === 'number' ? Math.round(score * 100) : null];
            }),
          ) as Scores;
          const metrics = METRICS.map(([, id]) => audits[id]?.numericValue ?? Number.NaN);
          runs.push({ scores, metrics });
          console.log(
            `${formFactor.name} ${pagePath} run ${run}/${RUNS}: ${CATEGORIES.map((id) => `${id} ${scores[id] ?? 'n/a'}`).join(', ')}; ` +
              METRICS.map(([name], index) => `${name} ${formatMetric(name, metrics[index]!)}`).join(', '),
          );
          if (LCP_PATH) for (const line of await lcpCriticalPath(result)) console.log(line);
          // What moved, when a run saw a layout shift (Lighthouse's informative layout-shifts audit).
          const shifts = audits['layout-shifts']?.details;
          if ((audits['cumulative-layout-shift']?.numericValue ?? 0) > 0 && shifts?.type === 'table') {
            for (const item of shifts.items) {
              const node = item.node as { snippet?: string } | undefined;
              console.log(`  layout shift ${String(item.score)}: ${node?.snippet ?? 'unknown element'}`);
            }
          }
          for (const id of CATEGORIES) {
            const failing = (categories[id]?.auditRefs ?? [])
              .filter((ref) => ref.weight > 0)
              .map((ref) => audits[ref.id])
              .filter((audit) => audit !== undefined && typeof audit.score === 'number' && audit.score < 0.9);
            for (const audit of failing) {
              console.log(`  ${id}: ${audit?.id} ${audit?.displayValue ?? ''} (${audit?.score})`);
              // Which messages: a console error is usually a request that failed (a 404 from an API the server lacks).
              if (audit?.id === 'errors-in-console' && audit.details?.type === 'table') {
                for (const item of audit.details.items) console.log(`    ${String(item.description ?? '')} ${String(item.sourceLocation ? JSON.stringify(item.sourceLocation) : '')}`);
              }
            }
          }
        }
        const scoresOf = (id: (typeof CATEGORIES)[number]) => runs.map((run) => run.scores[id]).filter((score) => score !== null);
        rows.push({
          path: pagePath,
          formFactor: formFactor.name,
          scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(scoresOf(id))])) as Scores,
          lowestPerformance: scoresOf('performance').length > 0 ? Math.min(...scoresOf('performance')) : null,
          metrics: METRICS.map(([name], index) => formatMetric(name, median(runs.map((run) => run.metrics[index]!)) ?? Number.NaN)),
        });
      }
    }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\nMedian of ${RUNS} runs each (Lighthouse ${lighthouseVersion}, Chromium at /usr/bin/chromium); load average at the end: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}.`,
  );
  console.log(
    `\n| page | form factor | performance (lowest) | accessibility | best practices | SEO | ${METRICS.map(([name]) => name).join(' | ')} |`,
  );
  console.log(`|${' --- |'.repeat(6 + METRICS.length)}`);
  for (const { path: pagePath, formFactor, scores, lowestPerformance, metrics } of rows) {
    const [performanceScore, ...others] = CATEGORIES.map((id) => scores[id] ?? 'n/a');
    console.log(
      `| ${pagePath} | ${formFactor} | ${performanceScore} (${lowestPerformance ?? 'n/a'}) | ${others.join(' | ')} | ${metrics.join(' | ')} |`,
    );
  }
}

function formatMetric(name: string, value: number): string {
  if (Number.isNaN(value)) return 'n/a';
  return name === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
