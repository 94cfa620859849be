/**
 * `npm run bench`: the foundation's numbers for this commit, printed as a table.
 *  - seed time for 2,500 and 10,000 styles (PGlite, and PostgreSQL when one answers)
 *  - time from `npm start` to the first 200 on /healthz (warm build, seeded database)
 *  - idle memory (RSS) of the server process
 *  - POST /token round trips per second (argon2id verification dominates)
 * Everything runs on loopback; loops are bounded in count and time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Database } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed/index.ts';
import { postgresAnswers, withPglite, withPostgres } from './databases.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results: Array<[string, string]> = [];

function record(name: string, value: string) {
  results.push([name, value]);
  console.log(`  ${name}: ${value}`);
}

/** Milliseconds to seed `products` styles into a freshly migrated database. */
async function timeSeed(database: Database, products: number) {
  await database.migrate();
  const started = performance.now();
  await seedDemo(database.db, { products });
  return performance.now() - started;
}

function seedOnPglite(products: number) {
  return withPglite((database) => timeSeed(database, products));
}

function seedOnPostgres(products: number) {
  return withPostgres((database) => timeSeed(database, products));
}

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(port: number, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no 200 on /healthz within ${timeoutMs} ms`);
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** RSS of the node process that runs main.ts (the child of scripts/start.mjs). */
function serverRssMb(starter: ChildProcess): number {
  const children = spawnSync('pgrep', ['-P', String(starter.pid)], { encoding: 'utf8' }).stdout.trim().split('\n');
  const pid = children.find(Boolean) ?? String(starter.pid);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function tokenThroughput(port: number) {
  const body = new URLSearchParams({
    grant_type: 'password',
    username: 'retailer@frameport.test',
    password: 'Retailer@123',
  }).toString();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/token`,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    connections: 8,
    duration: 10,
  });
  return result;
}

async function main() {
  console.log('Frameport foundation benchmark\n');
  spawnSync('npm', ['run', 'build', '--silent', '-w', '@frameport/web'], { cwd: root, stdio: 'inherit' });

  console.log('Seeding (embedded PGlite, fresh data directory):');
  for (const products of [2500, 10000]) {
    record(`seed ${products} styles, PGlite`, `${(await seedOnPglite(products) / 1000).toFixed(1)} s`);
  }
  if (await postgresAnswers()) {
    console.log('Seeding (PostgreSQL):');
    for (const products of [2500, 10000]) {
      record(`seed ${products} styles, PostgreSQL`, `${(await seedOnPostgres(products) / 1000).toFixed(1)} s`);
    }
  }

  const port = 43000 + Math.floor(Math.random() * 1000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'frameport-bench-start-'));
  try {
    console.log('Start-up (npm start equivalent: node scripts/start.mjs):');
    let server = startServer(port, dataDir);
    record('first start to /healthz 200, incl. migrations + demo seed', `${((await waitForHealth(port, 180_000)) / 1000).toFixed(2)} s`);
    await stopServer(server);

    const warm: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      server = startServer(port, dataDir);
      warm.push(await waitForHealth(port, 60_000));
      if (run < 2) await stopServer(server);
    }
    warm.sort((a, b) => a - b);
    record('warm start to /healthz 200 (median of 3)', `${((warm[1] ?? 0) / 1000).toFixed(2)} s`);

    await new Promise((resolve) => setTimeout(resolve, 3000));
    record('idle RSS after start', `${serverRssMb(server).toFixed(0)} MB`);

    console.log('POST /token, 8 connections, 10 s:');
    const token = await tokenThroughput(port);
    record('/token round trips', `${token.requests.average.toFixed(0)} req/s (p50 ${token.latency.p50} ms, p99 ${token.latency.p99} ms, non-2xx ${token.non2xx})`);
    record('RSS after the /token load', `${serverRssMb(server).toFixed(0)} MB`);
    await stopServer(server);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log('\n| measure | value |\n|---|---|');
  for (const [name, value] of results) console.log(`| ${name} | ${value} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
