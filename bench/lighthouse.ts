/**
 * `npm run bench:lighthouse`: Lighthouse 12 scores (performance, accessibility, best practices,
 * SEO) of /homepage and /login on the built app served by the real server (scripts/start.mjs:
 * builds apps/web when its build is missing or stale, then a fresh PGlite with the demo data),
 * in the system Chromium, with Lighthouse's mobile default and its desktop preset.
 * Each page and form factor is audited LIGHTHOUSE_RUNS times (default 5), each in a fresh browser,
 * after one warm-up audit that is not counted, and the median is reported, as Lighthouse's guide
 * to score variability advises: on a shared 2-core machine one run's total blocking time swings
 * by 100 ms and more. The table also gives the lowest performance score and the median metrics.
 * Prints a Markdown table. Low scores are reported, not failed: only a crash exits non-zero.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import { startServer, stopServer, waitForHealth } from './server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lighthouseVersion = (JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
const PATHS = ['/homepage', '/login'];
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

/**
 * One Lighthouse run in a fresh browser (no cache or storage carried from the previous page).
 * Lighthouse sometimes fails to record a trace (NO_NAVSTART, "run Lighthouse again"): such a run
 * is repeated, up to three attempts.
 */
async function auditWithRetry(pagePath: string, formFactor: FormFactor, port: number) {
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: [...CHROME_FLAGS, `--window-size=${formFactor.windowSize}`],
    });
    try {
      const result = await lighthouse(
        `http://127.0.0.1:${port}${pagePath}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
        formFactor.config,
      );
      if (result === undefined) throw new Error(`Lighthouse returned no result for ${pagePath}`);
      const { runtimeError } = result.lhr;
      if (!runtimeError) return result;
      const message = `${pagePath} (${formFactor.name}): ${runtimeError.code} ${runtimeError.message}`;
      if (attempt >= 3) throw new Error(message);
      console.log(`  ${message}: trying again`);
    } finally {
      chrome.kill();
    }
  }
}

async function main() {
  const port = 43000 + Math.floor(Math.random() * 2000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'frameport-lighthouse-'));
  const server = startServer(port, dataDir, { env: { SEED_PRODUCTS: '300' } });
  const rows: Row[] = [];
  try {
    // The first start may build the web app and seeds the demo data.
    await waitForHealth(port, 300_000);
    // One audit first, not counted: the first Chromium start and the server's first requests
    // (cold JIT and caches) land in it, which the scores are not about.
    const warmUp = await auditWithRetry(PATHS[0]!, FORM_FACTORS[0]!, port);
    console.log(`warm-up ${PATHS[0]} (not counted): performance ${Math.round((warmUp.lhr.categories.performance?.score ?? 0) * 100)}`);
    for (const formFactor of FORM_FACTORS) {
      for (const pagePath of PATHS) {
        const runs: { scores: Scores; metrics: number[] }[] = [];
        for (let run = 1; run <= RUNS; run += 1) {
          const result = await auditWithRetry(pagePath, formFactor, port);
          const { categories, audits } = result.lhr;
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
            for (const audit of failing) console.log(`  ${id}: ${audit?.id} ${audit?.displayValue ?? ''} (${audit?.score})`);
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

  console.log(`\nMedian of ${RUNS} runs each (Lighthouse ${lighthouseVersion}, Chromium at /usr/bin/chromium).`);
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
