/**
 * `npm run bench:products`: the main-thread work of /products for a signed-in retailer (issue 19,
 * item 4), read from Chromium performance traces (CDP Tracing, the Performance panel's categories)
 * on the built app served by the real server (scripts/start.mjs: builds apps/web when its build is
 * missing or stale, then a fresh PGlite with the demo data), in the system Chromium at 1366 × 900.
 *
 * Two figures, each the median of PRODUCTS_RUNS runs (default 5), without CPU throttling and at
 * 4× (CDP Emulation.setCPUThrottlingRate):
 * - load: a cold visit (a fresh browser context: empty cache, signed in) from the navigation until
 *   the cards are shown, the network is idle and the main thread has had an idle moment;
 * - filter change: on that loaded page, ticking Aviator in the side panel until its chip shows, the
 *   new results are in (the grid is no longer busy), the network is idle and the thread is idle.
 * Main-thread work is the sum of the renderer main thread's top-level tasks (RunTask), as the
 * Performance panel and Lighthouse count it; it is split by the self time of the events inside
 * (Lighthouse's groups: script, parse/compile, style/layout, paint, HTML, GC, other). The load's
 * scripts as they travel (Brotli, precompressed by the server) are counted too, in KiB.
 *
 * The load average (1 min) before and after is printed with the figures: the machine is shared,
 * and a task's wall time grows with the processes it waits behind. So the tasks' thread time (the
 * trace's `tdur`: what the main thread actually ran) is printed beside it; unthrottled, it is the
 * figure a quiet machine would show. (At 4× the slowdown is Chromium pausing the thread, which
 * thread time does not see: there, read the wall time.)
 * BASE_URL=http://127.0.0.1:PORT measures a server already running (built and seeded) instead.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright';
import { benchPort, startServer, stopServer, waitForHealth } from './server.ts';

const RUNS = Number(process.env.PRODUCTS_RUNS ?? 5);
const RATES = (process.env.PRODUCTS_CPU_RATES ?? '1,4').split(',').map(Number);
const RETAILER = { email: 'retailer@frameport.test', password: 'Retailer@123' };
/** Where to write the last run's traces (open them in the Performance panel), when set. */
const TRACE_DIR = process.env.PRODUCTS_TRACE_DIR;

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
  'loading',
  'latencyInfo',
];

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time: what the thread ran, without the time it waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
};

const GROUPS: [group: string, names: string[]][] = [
  ['script', ['EventDispatch', 'EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'FireIdleCallback', 'FireAnimationFrame', 'RunMicrotasks', 'V8.Execute', 'v8.run', 'V8.RunMicrotasks', 'XHRReadyStateChange', 'XHRLoad', 'ResourceReceivedData', 'HandlePostMessage', 'MessagePort::Accept']],
  ['parse/compile', ['v8.compile', 'v8.compileModule', 'V8.CompileCode', 'v8.produceCache', 'v8.produceModuleCache', 'v8.deserializeOnBackground', 'v8.parseOnBackground', 'V8.CompileLazy', 'CacheScript']],
  ['style/layout', ['ScheduleStyleRecalculation', 'UpdateLayoutTree', 'RecalcStyles', 'ParseAuthorStyleSheet', 'Layout', 'InvalidateLayout', 'ScheduleStyleInvalidationTracking', 'StyleRecalcInvalidationTracking', 'LayoutInvalidationTracking']],
  ['paint', ['Animation', 'PrePaint', 'Paint', 'PaintImage', 'RasterTask', 'Layerize', 'UpdateLayer', 'UpdateLayerTree', 'CompositeLayers', 'Commit', 'PaintSetup', 'Decode Image', 'Decode LazyPixelRef', 'ImageDecodeTask', 'Draw LazyPixelRef', 'Rasterize']],
  ['HTML', ['ParseHTML']],
  ['GC', ['GCEvent', 'MinorGC', 'MajorGC', 'BlinkGC.AtomicPhase', 'ThreadState::performIdleLazySweep', 'ThreadState::completeSweep', 'V8.GCIncrementalMarking', 'V8.GCScavenger', 'V8.GCFinalizeMC', 'V8.GCCompactor', 'V8.GCIncrementalMarkingFinalize', 'V8.GCIncrementalMarkingStart', 'BlinkGCMarking', 'CppGC.IncrementalSweep']],
];
const GROUP_OF = new Map(GROUPS.flatMap(([group, names]) => names.map((name) => [name, group] as const)));
const GROUP_NAMES = [...GROUPS.map(([group]) => group), 'other'];

/** `total`: wall time of the tasks (the Performance panel's figure); `cpu`: their thread time. */
type Work = { total: number; cpu: number; tasks: number; longest: number; groups: Record<string, number> };

/**
 * The renderer main threads' work in a trace (ms): top-level RunTask durations summed, and the
 * self time of each event inside them by group.
 */
function mainThreadWork(events: TraceEvent[]): Work {
  const mainThreads = new Set(
    events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph !== 'X' || event.dur === undefined) continue;
    const key = `${event.pid}:${event.tid}`;
    if (!mainThreads.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push(event);
    byThread.set(key, list);
  }
  const work: Work = { total: 0, cpu: 0, tasks: 0, longest: 0, groups: Object.fromEntries(GROUP_NAMES.map((group) => [group, 0])) };
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    // Nesting: each event's self time is its duration less its children's; a task's own time is "other".
    const stack: { end: number; group: string; self: number }[] = [];
    const close = (until: number) => {
      while (stack.length > 0 && stack.at(-1)!.end <= until) {
        const done = stack.pop()!;
        work.groups[done.group] = (work.groups[done.group] ?? 0) + done.self;
      }
    };
    let inTask = false;
    for (const event of list) {
      close(event.ts);
      const dur = (event.dur ?? 0) / 1000;
      if (stack.length === 0) {
        inTask = event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask';
        if (!inTask) continue;
        work.total += dur;
        work.cpu += (event.tdur ?? event.dur ?? 0) / 1000;
        work.tasks += 1;
        work.longest = Math.max(work.longest, dur);
        stack.push({ end: event.ts + (event.dur ?? 0), group: 'other', self: dur });
        continue;
      }
      if (!inTask) continue;
      const parent = stack.at(-1)!;
      parent.self -= dur;
      // An event inside a script call keeps the script's group unless it names its own.
      const group = GROUP_OF.get(event.name) ?? (parent.group === 'other' ? 'other' : parent.group);
      stack.push({ end: event.ts + (event.dur ?? 0), group, self: dur });
    }
    close(Number.POSITIVE_INFINITY);
  }
  return work;
}

async function startTrace(cdp: CDPSession) {
  const events: TraceEvent[] = [];
  const collect = (payload: { value: object[] }) => {
    events.push(...(payload.value as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' }, transferMode: 'ReportEvents' });
  return async (): Promise<TraceEvent[]> => {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
    return events;
  };
}

/** Waits until the page has had an idle moment (its main thread has nothing queued). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Evaluated in the page: `globalThis` there is the window (bench's tsconfig has no DOM types).
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        (globalThis as unknown as { requestIdleCallback: (callback: () => void, options: { timeout: number }) => void }).requestIdleCallback(
          () => setTimeout(resolve, 200),
          { timeout: 5_000 },
        ),
      ),
  );
}

/** Signs in through the real /login screen and returns the session to start each run with. */
async function sessionOf(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(RETAILER.email);
  await page.getByLabel('Password', { exact: true }).fill(RETAILER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

type Run = { load: Work; filter: Work; jsBytes: number; jsFiles: number };

async function oneRun(browser: Browser, baseUrl: string, state: Awaited<ReturnType<typeof sessionOf>>, rate: number, keepTrace: string | null): Promise<Run> {
  const context: BrowserContext = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 900 }, storageState: state });
  try {
    const page = await context.newPage();
    const pageCdp = await context.newCDPSession(page);
    await pageCdp.send('Emulation.setCPUThrottlingRate', { rate });
    const browserCdp = await browser.newBrowserCDPSession();
    const scripts = { bytes: 0, files: 0 };
    const sizes: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      sizes.push(
        request.sizes().then((size) => {
          scripts.bytes += size.responseBodySize;
          scripts.files += 1;
        }),
      );
    });

    let stop = await startTrace(browserCdp);
    await page.goto('/products');
    // CSS selectors while tracing: Playwright's role queries walk the accessibility of the whole page
    // on the page's main thread, and would be counted as the page's work.
    await page.locator('ul[aria-label="Products"] article').first().waitFor({ timeout: 120_000 });
    await settle(page);
    const loadEvents = await stop();
    await Promise.all(sizes);

    const panel = page.getByRole('complementary');
    // The name may carry the facet count ("Aviator (312)").
    const aviator = panel.getByRole('checkbox', { name: /^Aviator( \([\d,]+\))?$/ });
    await aviator.click({ trial: true });
    const box = await aviator.boundingBox();
    if (box === null) throw new Error('Aviator is not on screen');
    stop = await startTrace(browserCdp);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('button[aria-label^="Remove filter"][aria-label*="Aviator"]').waitFor({ timeout: 120_000 });
    await page.locator('ul[aria-label="Products"][aria-busy="false"]').waitFor({ timeout: 120_000 });
    await settle(page);
    const filterEvents = await stop();
    await browserCdp.detach();

    if (keepTrace) {
      writeFileSync(path.join(keepTrace, `products-load-${rate}x.json`), JSON.stringify({ traceEvents: loadEvents }));
      writeFileSync(path.join(keepTrace, `products-filter-${rate}x.json`), JSON.stringify({ traceEvents: filterEvents }));
    }
    return { load: mainThreadWork(loadEvents), filter: mainThreadWork(filterEvents), jsBytes: scripts.bytes, jsFiles: scripts.files };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => `${Math.round(value)} ms`;

function describe(label: string, works: Work[]) {
  const groups = GROUP_NAMES.map((group) => `${group} ${ms(median(works.map((work) => work.groups[group] ?? 0)))}`).join(', ');
  return `| ${label} | ${ms(median(works.map((work) => work.total)))} | ${ms(median(works.map((work) => work.cpu)))} | ${works.map((work) => Math.round(work.total)).join(', ')} | ${ms(median(works.map((work) => work.longest)))} | ${groups} |`;
}

async function main() {
  let server: ReturnType<typeof startServer> | null = null;
  let dataDir: string | null = null;
  let baseUrl = process.env.BASE_URL;
  if (!baseUrl) {
    const port = benchPort();
    baseUrl = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'frameport-products-bench-'));
    server = startServer(port, dataDir, { stdout: 'ignore' });
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    if (server) await waitForHealth(Number(new URL(baseUrl).port), 300_000);
    const state = await sessionOf(browser, baseUrl);
    // One visit not counted: the server's first answers and the disk cache of the machine warm up.
    await oneRun(browser, baseUrl, state, 1, null);
    const loadBefore = loadavg()[0]!;
    const lines: string[] = [];
    let js = { bytes: 0, files: 0 };
    for (const rate of RATES) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(await oneRun(browser, baseUrl, state, rate, TRACE_DIR && run === RUNS - 1 ? TRACE_DIR : null));
      }
      js = { bytes: median(runs.map((run) => run.jsBytes)), files: median(runs.map((run) => run.jsFiles)) };
      lines.push(describe(`load, ${rate}× CPU`, runs.map((run) => run.load)));
      lines.push(describe(`filter change, ${rate}× CPU`, runs.map((run) => run.filter)));
    }
    const loadAfter = loadavg()[0]!;
    console.log(`/products, signed-in retailer, 1366 × 900, median of ${RUNS} runs; load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`);
    console.log(`Initial JavaScript: ${(js.bytes / 1024).toFixed(1)} KiB as sent (Brotli), ${js.files} files`);
    console.log('');
    console.log('| case | main-thread work, wall (median) | thread time (median) | runs (wall) | longest task | by kind (median self time, wall) |');
    console.log('|---|---:|---:|---|---:|---|');
    for (const line of lines) console.log(line);
  } finally {
    await browser.close();
    if (server) await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
