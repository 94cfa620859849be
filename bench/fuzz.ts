/**
 * `npm run bench:fuzz`: the HTTP fuzzer (apps/server/src/test/fuzz.ts) run long, in-process
 * through `app.inject`, on a fresh database with a small demo seed (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). It prints the requests sent, the replies by status and, per failing route,
 * the smallest failing request fast-check shrank it to.
 *
 *   FUZZ_RUNS     requests drawn per route (default 200)
 *   FUZZ_SEED     the seed (default: a random one, printed, so a failing run can be replayed)
 *   FUZZ_ROUTES   a regular expression on "METHOD /pattern" to fuzz only some routes
 *   FUZZ_SECONDS  the most time spent on one route, shrinking included (default 120)
 * Exits 1 when something was found.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedDemo } from '../apps/server/src/db/seed/index.ts';
import { buildTestApp } from '../apps/server/src/test/app.ts';
import { describeFinding, fuzzRoutes, writeFakeWebBuild } from '../apps/server/src/test/fuzz.ts';

const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 200);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const only = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : undefined;
const msPerRoute = Number(process.env.FUZZ_SECONDS ?? 120) * 1000;

async function main() {
  const webDir = writeFakeWebBuild(mkdtempSync(path.join(tmpdir(), 'frameport-fuzz-web-')));
  const t = await buildTestApp({ webDistDir: webDir });
  try {
    await seedDemo(t.db, { products: 10, now: new Date('2026-11-01T00:00:00Z') });
    console.log(`Fuzzing ${t.app.routeTable.length} routes (+ unknown paths) on ${t.database.kind}, ${runsPerRoute} requests per route, seed ${seed}`);
    const started = performance.now();
    const report = await fuzzRoutes(t, {
      seed,
      runsPerRoute,
      msPerRoute,
      ...(only ? { only } : {}),
      onRoute: (route, requests, finding) => {
        console.log(`  ${finding ? '✖' : '✔'} ${route} (${requests} requests so far)`);
        if (finding) console.log(describeFinding(finding).replace(/^/gm, '    '));
      },
    });
    const seconds = (performance.now() - started) / 1000;
    const statuses = [...report.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ');
    console.log(`\n${report.requests} requests over ${report.routes} routes in ${seconds.toFixed(0)} s (${(report.requests / seconds).toFixed(0)}/s); replies by status: ${statuses}`);
    console.log(`${report.findings.length} failing route(s)${report.findings.length ? ', smallest failing request of each:\n' : ''}`);
    for (const finding of report.findings) console.log(`${describeFinding(finding)}\n`);
    console.log(`| seed | routes | requests | failing routes |\n|---|---|---|---|\n| ${seed} | ${report.routes} | ${report.requests} | ${report.findings.length} |`);
    process.exitCode = report.findings.length > 0 ? 1 : 0;
  } finally {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
