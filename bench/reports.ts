/**
 * `npm run bench:reports`: the back office's reports and dashboard (issue 18) over 3,000 retailers,
 * 200,000 orders and 150,000 invoices (bench/reports-data.ts makes them once and keeps them), on
 * PGlite and on PostgreSQL (when one answers).
 *
 * Per backend:
 * 1. Bare: each report's service called in-process on the database (no HTTP, no server), 1 and 4
 *    at a time, for BENCH_SECONDS (default 8): the database's and the service's own pace.
 * 2. Over HTTP: the real server (apps/server/src/main.ts, a process of its own, as `npm start` runs
 *    it) on the same data; the admin signs in; each endpoint is probed (an endpoint that answers
 *    404 has not landed: said, and skipped), then loaded by bench/reports-load.ts in another process
 *    with 1 and 4 clients for BENCH_SECONDS, one endpoint after the other: p50/p95/p99, req/s and
 *    the server's peak RSS (from /proc) while it ran. The ratio HTTP / bare req/s is how much of
 *    the limit the server keeps.
 * 3. The dashboard's first paint in Chromium (/usr/bin/chromium, playwright): /admin signed in as the
 *    admin, cold (a fresh context each time), at 1366 × 900 and at 390 × 844 with the CPU 4× slower
 *    (CDP Emulation.setCPUThrottlingRate): first contentful paint, and the time until the
 *    dashboard's figures are on the screen; median of BENCH_PAINT_RUNS (default 3). Needs the web
 *    build (`npm run build`).
 *
 * Prints Markdown tables and the machine's load (uptime) at the start and the end. Loopback only.
 * BENCH_BACKEND=pglite|postgres runs one; --fresh makes the data again; BENCH_BARE=0 skips step 1;
 * BENCH_PAINT=0 skips step 3; BENCH_ONLY=<regular expression> measures only the endpoints whose label matches.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright';
import { istDateOf } from '@frameport/domain';
import { systemClock } from '../apps/server/src/clock.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORDS } from '../apps/server/src/db/seed/index.ts';
import { createDashboardService } from '../apps/server/src/modules/dashboard/service.ts';
import { createGstReports } from '../apps/server/src/modules/reports/gst.ts';
import { createSalesReports } from '../apps/server/src/modules/reports/sales.ts';
import { createReportsService } from '../apps/server/src/modules/reports/service.ts';
import { startReplica, waitHealthy, type Replica } from '../apps/server/src/test/replicas.ts';
import type { LoadResult } from './load.ts';
import { measure } from './reports-measure.ts';
import { backendsAsked, ensureReportsData, pgliteWhere, postgresWhere, SIZES, type Where } from './reports-data.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const CONCURRENCIES = [1, 4];
/** At least this many measured calls per endpoint and client count, however slow (up to a minute). */
const MIN_CALLS = Number(process.env.BENCH_MIN_CALLS ?? 8);
const PAINT_RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 3);
const WEB_DIST = path.join(root, 'apps/web/dist');

/** One call of the bench: its path and query, and the same work in-process when the bench knows the service. */
type Case = { label: string; path: string; bare?: (db: Db) => Promise<unknown> };

function months(now: Date) {
  const today = istDateOf(now);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;
  const lastMonth = m === 1 ? { y: y - 1, m: 12 } : { y, m: m - 1 };
  const lastDay = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  return {
    month: { from: first(lastMonth.y, lastMonth.m), to: lastDay, label: `${first(lastMonth.y, lastMonth.m).slice(0, 7)}` },
    year: { from: lastMonth.m === 12 ? first(lastMonth.y, 1) : first(lastMonth.y - 1, lastMonth.m + 1), to: lastDay },
    gstMonth: first(lastMonth.y, lastMonth.m).slice(0, 7),
  };
}

function cases(now: Date): Case[] {
  const { month, year, gstMonth } = months(now);
  const reports = (db: Db) => createReportsService({ db, clock: systemClock, invoiceCreditDays: loadConfig({}).invoiceCreditDays });
  const list: Case[] = [
    { label: 'receivables by retailer', path: '/api/admin/reports/receivables?groupBy=retailer', bare: (db) => reports(db).receivables({ groupBy: 'retailer' }) },
    {
      label: 'receivables by sales executive',
      path: '/api/admin/reports/receivables?groupBy=salesExecutive',
      bare: (db) => reports(db).receivables({ groupBy: 'salesExecutive' }),
    },
  ];
  for (const [span, range] of [[`a month (${month.label})`, month], [`a year (${year.from} – ${year.to})`, year]] as const) {
    for (const groupBy of ['brand', 'state', 'retailer', 'salesExecutive'] as const) {
      list.push({
        label: `sales by ${groupBy}, ${span}`,
        path: `/api/admin/reports/sales?from=${range.from}&to=${range.to}&groupBy=${groupBy}`,
        bare: (db) => createSalesReports({ db, clock: systemClock }).sales({ from: range.from, to: range.to, groupBy, format: 'json' }),
      });
    }
  }
  list.push({
    label: `GST summary, ${gstMonth}`,
    path: `/api/admin/reports/gst?month=${gstMonth}`,
    bare: (db) => createGstReports({ db, clock: systemClock }).gst({ month: gstMonth }),
  });
  list.push({
    label: 'dashboard (as the admin)',
    path: '/api/admin/dashboard',
    bare: (db) => createDashboardService({ db, clock: systemClock, invoiceCreditDays: loadConfig({}).invoiceCreditDays }).dashboard('admin'),
  });
  return list;
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const load = () => loadavg().map((l) => l.toFixed(1)).join(', ');

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  return kb ? Number(kb[1]) * 1024 : 0;
}

/** Runs bench/reports-load.ts in a process of its own; resolves with its result. */
function loadInChild(job: { url: string; headers: Record<string, string>; concurrency: number; durationMs: number; minCalls: number }) {
  return new Promise<LoadResult & { firstError: string | null }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/reports-load.ts'), JSON.stringify(job)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1);
      if (code !== 0 || !line) reject(new Error(`reports-load exited with ${code}: ${out}`));
      else resolve(JSON.parse(line) as LoadResult & { firstError: string | null });
    });
  });
}

type Row = { backend: string; label: string; concurrency: number; http?: LoadResult; bare?: LoadResult; rss?: number; first?: number; note?: string };
const rows: Row[] = [];
const paints: string[] = [];
const notes: string[] = [];

async function bare(backend: string, where: Where, list: Case[]) {
  const database = await openDatabase({ ...where, poolMax: 8 });
  try {
    for (const c of list) {
      if (!c.bare) continue;
      for (const concurrency of CONCURRENCIES) {
        const call = c.bare;
        const result = await measure(async () => (await call(database.db)) !== undefined, { concurrency, durationMs: DURATION_MS, minCalls: MIN_CALLS });
        rows.push({ backend, label: c.label, concurrency, bare: result });
        console.log(`  bare ${c.label}, ${concurrency}: ${result.perSecond.toFixed(1)} req/s, p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms`);
      }
    }
  } finally {
    await database.close();
  }
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: DEMO_EMAILS.admin, password: DEMO_PASSWORDS.admin }).toString(),
  });
  if (response.status !== 200) throw new Error(`admin sign-in: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function overHttp(backend: string, replica: Replica, list: Case[]) {
  const pid = replica.process.pid!;
  const headers = { authorization: `Bearer ${await signIn(replica.url)}` };
  const idle = rssOf(pid);
  notes.push(`${backend}: server RSS after start and sign-in ${mb(idle)}`);
  for (const c of list) {
    // The first call (cold for this endpoint), and whether the endpoint is there at all.
    const started = performance.now();
    const probe = await fetch(`${replica.url}${c.path}`, { headers });
    const text = await probe.text();
    const first = performance.now() - started;
    if (probe.status === 404) {
      const note = `${backend}: ${c.path.split('?')[0]} answers 404: not on main yet, not measured`;
      if (!notes.includes(note)) notes.push(note);
      console.log(`  ${c.label}: 404 (not landed), skipped`);
      continue;
    }
    if (probe.status !== 200) {
      notes.push(`${backend}: ${c.path} answers ${probe.status}: ${text.slice(0, 200)}`);
      console.log(`  ${c.label}: HTTP ${probe.status}, skipped`);
      continue;
    }
    console.log(`  ${c.label}: first call ${ms(first)} ms, ${(text.length / 1024).toFixed(0)} KB`);
    for (const concurrency of CONCURRENCIES) {
      let peak = rssOf(pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 200);
      const result = await loadInChild({ url: `${replica.url}${c.path}`, headers, concurrency, durationMs: DURATION_MS, minCalls: MIN_CALLS }).finally(() =>
        clearInterval(sampler),
      );
      const row = rows.find((r) => r.backend === backend && r.label === c.label && r.concurrency === concurrency);
      const fields = { http: result, rss: peak, first: concurrency === 1 ? first : undefined, note: result.firstError ?? undefined };
      if (row) Object.assign(row, fields);
      else rows.push({ backend, label: c.label, concurrency, ...fields });
      console.log(
        `  ${c.label}, ${concurrency} client${concurrency > 1 ? 's' : ''}: ${result.perSecond.toFixed(1)} req/s, p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms, p99 ${ms(result.p99)} ms, RSS ${mb(peak)}${result.errors ? `, ${result.errors} errors (${result.firstError})` : ''}`,
      );
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

/** /admin cold, signed in as the admin: FCP and the time until the dashboard's figures show. */
async function firstPaint(backend: string, replica: Replica, browser: Browser) {
  const token = await signIn(replica.url);
  // How the web app keeps its session: sign in once through the real screen and copy its storage.
  const login = await browser.newContext({ baseURL: replica.url });
  const page = await login.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_EMAILS.admin);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORDS.admin);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin'), { timeout: 120_000 });
  const state = await login.storageState();
  const session = JSON.parse(
    await page.evaluate(() => JSON.stringify(Object.entries((globalThis as unknown as { sessionStorage: Record<string, string> }).sessionStorage))),
  ) as [string, string][];
  await login.close();
  void token;

  for (const form of [
    { name: 'desktop 1366 × 900', viewport: { width: 1366, height: 900 }, mobile: false, slowdown: 1 },
    { name: 'phone 390 × 844, CPU 4× slower', viewport: { width: 390, height: 844 }, mobile: true, slowdown: 4 },
  ]) {
    const fcp: number[] = [];
    const ready: number[] = [];
    let failure: string | null = null;
    for (let run = 0; run < PAINT_RUNS; run += 1) {
      const context = await browser.newContext({
        baseURL: replica.url,
        viewport: form.viewport,
        isMobile: form.mobile,
        hasTouch: form.mobile,
        deviceScaleFactor: form.mobile ? 3 : 1,
        storageState: state,
      });
      await context.addInitScript((entries: [string, string][]) => {
        const storage = (globalThis as unknown as { sessionStorage: { setItem(key: string, value: string): void } }).sessionStorage;
        for (const [key, value] of entries) storage.setItem(key, value);
      }, session);
      const tab = await context.newPage();
      if (form.slowdown > 1) await (await context.newCDPSession(tab)).send('Emulation.setCPUThrottlingRate', { rate: form.slowdown });
      try {
        const started = Date.now();
        await tab.goto('/admin');
        // The dashboard's figures: its tiles (each a link to its filtered list).
        await tab.locator('[data-tile]').first().waitFor({ timeout: 120_000 });
        const shown = Date.now() - started;
        const paint = await tab.evaluate(() => {
          const entries = (globalThis as unknown as { performance: { getEntriesByName(name: string): { startTime: number }[] } }).performance.getEntriesByName(
            'first-contentful-paint',
          );
          return entries[0]?.startTime ?? null;
        });
        if (paint !== null) fcp.push(paint);
        ready.push(shown);
      } catch (error) {
        failure = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      } finally {
        await context.close();
      }
      if (failure) break;
    }
    if (failure) {
      paints.push(`| ${backend} | ${form.name} | — | — | ${failure} |`);
      console.log(`  paint ${form.name}: ${failure}`);
    } else {
      paints.push(`| ${backend} | ${form.name} | ${ms(median(fcp))} | ${ms(median(ready))} | ${ready.length} runs: ${ready.map((r) => ms(r)).join(', ')} ms |`);
      console.log(`  paint ${form.name}: FCP ${ms(median(fcp))} ms, figures ${ms(median(ready))} ms`);
    }
  }
}

async function bench(backend: 'PGlite' | 'PostgreSQL', where: Where, fresh: boolean, browser: Browser | null) {
  console.log(`\n${backend} (load average ${load()})`);
  await ensureReportsData(backend, where, { fresh });
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
  const list = cases(new Date()).filter((c) => !only || only.test(c.label));
  if (process.env.BENCH_BARE !== '0') await bare(backend, where, list);
  const env: Record<string, string> = {
    LOG_LEVEL: 'warn',
    ...('dataDir' in where ? { DATA_DIR: where.dataDir } : { DATABASE_URL: where.databaseUrl }),
    ...(browser ? { WEB_DIST_DIR: WEB_DIST } : {}),
  };
  const replica = await startReplica(`reports-${backend.toLowerCase()}`, env);
  try {
    const startMs = await waitHealthy(replica, 300_000);
    notes.push(`${backend}: server healthy ${(startMs / 1000).toFixed(1)} s after spawn`);
    await overHttp(backend, replica, list);
    if (browser) await firstPaint(backend, replica, browser);
  } catch (error) {
    console.error(replica.output().slice(-4000));
    throw error;
  } finally {
    await replica.stop();
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const fresh = argv.includes('--fresh');
  const asked = backendsAsked(argv);
  const started = `load average ${load()} (${new Date().toISOString()})`;
  let browser: Browser | null = null;
  if (process.env.BENCH_PAINT !== '0') {
    if (existsSync(path.join(WEB_DIST, 'index.html'))) {
      browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    } else notes.push(`no web build in ${WEB_DIST}: run \`npm run build\` for the dashboard's first paint`);
  }
  try {
    if (asked.pglite) await bench('PGlite', pgliteWhere(), fresh, browser);
    if (asked.postgres) {
      const where = await postgresWhere();
      if (where) await bench('PostgreSQL', where, fresh, browser);
      else notes.push('PostgreSQL does not answer: PGlite only');
    }
  } finally {
    await browser?.close();
  }

  console.log(`\nData: ${SIZES.retailers} retailers, ${SIZES.orders} orders, ${SIZES.invoices} invoices; ${DURATION_MS / 1000} s per endpoint and client count.`);
  console.log('\n| backend | endpoint | clients | calls | p50 ms | p95 ms | p99 ms | req/s | bare req/s (in-process) | HTTP / bare | server RSS (peak) | first call ms |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const h = r.http;
    const ratio = h && r.bare && r.bare.perSecond > 0 ? (h.perSecond / r.bare.perSecond).toFixed(2) : '';
    console.log(
      `| ${r.backend} | ${r.label} | ${r.concurrency} | ${h ? h.requests : ''} | ${h ? ms(h.p50) : ''} | ${h ? ms(h.p95) : ''} | ${h ? ms(h.p99) : ''} | ${h ? h.perSecond.toFixed(1) : ''}${h?.errors ? ` (${h.errors} errors)` : ''} | ${r.bare ? `${r.bare.perSecond.toFixed(1)} (p50 ${ms(r.bare.p50)})` : ''} | ${ratio} | ${r.rss ? mb(r.rss) : ''} | ${r.first !== undefined ? ms(r.first) : ''} |`,
    );
  }
  if (paints.length) {
    console.log('\n| backend | /admin | first contentful paint ms | dashboard figures shown ms | runs |\n|---|---|---:|---:|---|');
    for (const p of paints) console.log(p);
  }
  for (const note of notes) console.log(`- ${note}`);
  console.log(`- machine: 2 cores; at the start ${started}; at the end load average ${load()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
