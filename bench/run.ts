/**
 * `npm run bench`: the foundation's numbers for this commit, printed as a table.
 *  - seed time for 2,500 and 10,000 styles (PGlite, and PostgreSQL when one answers)
 *  - time from `npm start` to the first 200 on /healthz (warm build, seeded database), after a
 *    clean stop and after `kill -9`, and what the first callers then wait: the first catalogue
 *    page (getAll) and the first cart read against the second of each
 *  - idle memory (RSS) of the server process
 *  - POST /token round trips per second (argon2id verification dominates)
 * Everything runs on loopback; loops are bounded in count and time.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Database } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed/index.ts';
import { postgresAnswers, withPglite, withPostgres } from './databases.ts';
import { benchPort, startServer, stopServer, waitForHealth } from './server.ts';

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

/** The node process that runs main.ts (the child of scripts/start.mjs). */
function serverPid(starter: ChildProcess): number {
  const children = spawnSync('pgrep', ['-P', String(starter.pid)], { encoding: 'utf8' }).stdout.trim().split('\n');
  return Number(children.find(Boolean) ?? starter.pid);
}

async function killHard(server: ChildProcess) {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(serverPid(server), 'SIGKILL');
  await exited;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function call(port: number, url: string, token: string) {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

async function signIn(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'retailer@frameport.test', password: 'Retailer@123' }),
  });
  if (response.status !== 200) throw new Error(`/token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Right after /healthz said 200: the first and second catalogue page and cart read, in ms. */
async function firstCalls(port: number) {
  const token = await signIn(port);
  const getAll = '/api/Product/getAll?search=&pageNumber=1&pageSize=20';
  const cart = '/api/Product/getCartItems?pageNumber=1&pageSize=20';
  const [, firstGetAll] = await timed(() => call(port, getAll, token));
  const [, secondGetAll] = await timed(() => call(port, `${getAll.replace('search=', 'search=sortBy%3DnetPrice')}`, token));
  const [, firstCart] = await timed(() => call(port, cart, token));
  const [, secondCart] = await timed(() => call(port, cart, token));
  return { firstGetAll, secondGetAll, firstCart, secondCart };
}

function ms(value: number) {
  return `${Math.round(value)} ms`;
}

/** RSS of the node process that runs main.ts (the child of scripts/start.mjs). */
function serverRssMb(starter: ChildProcess): number {
  const status = readFileSync(`/proc/${serverPid(starter)}/status`, 'utf8');
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
    // One account from one address: at most 5 of its attempts may be in flight (the sign-in
    // throttle counts an attempt before checking it and gives a success back), so 4 connections.
    connections: 4,
    duration: 10,
  });
  return result;
}

/** `npm run bench:foundation -- --startup`: only the start-up figures. */
const startupOnly = process.argv.includes('--startup');

async function main() {
  console.log('Frameport foundation benchmark\n');
  spawnSync('npm', ['run', 'build', '--silent', '-w', '@frameport/web'], { cwd: root, stdio: 'inherit' });

  if (!startupOnly) console.log('Seeding (embedded PGlite, fresh data directory):');
  for (const products of startupOnly ? [] : [2500, 10000]) {
    record(`seed ${products} styles, PGlite`, `${(await seedOnPglite(products) / 1000).toFixed(1)} s`);
  }
  if (!startupOnly && (await postgresAnswers())) {
    console.log('Seeding (PostgreSQL):');
    for (const products of [2500, 10000]) {
      record(`seed ${products} styles, PostgreSQL`, `${(await seedOnPostgres(products) / 1000).toFixed(1)} s`);
    }
  }

  const port = benchPort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'frameport-bench-start-'));
  try {
    console.log('Start-up (npm start equivalent: node scripts/start.mjs):');
    let server = startServer(port, dataDir, { stdout: 'ignore' });
    record('first start to /healthz 200, incl. migrations + demo seed', `${((await waitForHealth(port, 400_000, 25)) / 1000).toFixed(2)} s`);
    await stopServer(server);

    const warm: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      server = startServer(port, dataDir, { stdout: 'ignore' });
      warm.push(await waitForHealth(port, 180_000, 25));
      if (run < 2) await stopServer(server);
    }
    warm.sort((a, b) => a - b);
    record('warm start to /healthz 200 (median of 3)', `${((warm[1] ?? 0) / 1000).toFixed(2)} s`);
    const afterStop = await firstCalls(port);
    record('after that start: first getAll / a second one', `${ms(afterStop.firstGetAll)} / ${ms(afterStop.secondGetAll)}`);
    record('after that start: first cart read / a second one', `${ms(afterStop.firstCart)} / ${ms(afterStop.secondCart)}`);

    await killHard(server);
    server = startServer(port, dataDir, { stdout: 'ignore' });
    record('restart after kill -9 to /healthz 200', `${((await waitForHealth(port, 180_000, 25)) / 1000).toFixed(2)} s`);
    const afterKill = await firstCalls(port);
    record('after kill -9: first getAll / a second one', `${ms(afterKill.firstGetAll)} / ${ms(afterKill.secondGetAll)}`);
    record('after kill -9: first cart read / a second one', `${ms(afterKill.firstCart)} / ${ms(afterKill.secondCart)}`);

    if (!startupOnly) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      record('idle RSS after start', `${serverRssMb(server).toFixed(0)} MB`);

      console.log('POST /token, 4 connections, 10 s:');
      const token = await tokenThroughput(port);
      record('/token round trips', `${token.requests.average.toFixed(0)} req/s (p50 ${token.latency.p50} ms, p99 ${token.latency.p99} ms, non-2xx ${token.non2xx})`);
      record('RSS after the /token load', `${serverRssMb(server).toFixed(0)} MB`);
    }
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
