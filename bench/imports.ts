/**
 * `npm run bench:imports`: a 10,000-row catalogue import (2,500 new styles × 4 colours) through
 * the real server, on PGlite and on PostgreSQL (when one answers at BENCH_POSTGRES_URL).
 *
 * The server is apps/server/src/main.ts in a process of its own (a fresh demo seed of
 * BENCH_SEED_PRODUCTS styles, default 100); this process signs in as the demo admin, exports the
 * catalogue to learn the seed's brand, type and colour names, writes the sheet, uploads it
 * (POST /api/admin/imports), polls the job until the dry run is ready, applies it and polls until
 * it is applied, then exports the whole catalogue (CSV) once and imports that export again (a dry
 * run that must find every row unchanged). Printed: seconds and rows/s of each phase, and the
 * server's resident memory (peak, from /proc). BENCH_ROWS changes the size (a multiple of 4);
 * BENCH_BACKEND=pglite or =postgres runs one.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { CATALOGUE_COLUMNS } from '@frameport/domain';
import { DEMO_EMAILS, DEMO_PASSWORDS } from '../apps/server/src/db/seed/accounts.ts';
import { createScratchDatabase, startReplica, waitHealthy, type Replica } from '../apps/server/src/test/replicas.ts';
import { POSTGRES_URL, postgresAnswers } from './databases.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const SEED_PRODUCTS = process.env.BENCH_SEED_PRODUCTS ?? '100';
const COLOURS_PER_STYLE = 4;
const results: string[] = [];

type Job = { id: number; status: string; totalRows: number; checkedRows: number; appliedRows: number; counts: Record<string, number>; fileError: string | null };

/** Peak and current resident memory of a process (MB), from /proc (Linux). */
function memoryOf(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peak: Math.round(kb('VmHWM') / 1024), now: Math.round(kb('VmRSS') / 1024) };
}

async function signIn(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: DEMO_EMAILS.admin, password: DEMO_PASSWORDS.admin }).toString(),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${token}` };
}

async function exportCsv(url: string, auth: Record<string, string>): Promise<Buffer> {
  const response = await fetch(`${url}/api/admin/exports/catalogue?format=csv`, { headers: auth });
  if (!response.ok) throw new Error(`export: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** 2,500 new styles × 4 colours, named with the seed's own brand, type and colour names. */
function sheetFrom(exported: Buffer): Buffer {
  const parsed = Papa.parse<string[]>(exported.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  const [header, ...rows] = parsed.data;
  if (!header || rows.length === 0) throw new Error('the export is empty');
  const at = (key: (typeof CATALOGUE_COLUMNS)[number]['key']) => CATALOGUE_COLUMNS.findIndex((c) => c.key === key);
  const colours = [...new Set(rows.map((r) => r[at('frameColour')]!))].slice(0, COLOURS_PER_STYLE);
  while (colours.length < COLOURS_PER_STYLE) colours.push(colours[0]!);
  const base = rows[0]!.map((cell) => cell.replace(/^'/, ''));
  const out: string[][] = [];
  for (let s = 1; s <= ROWS / COLOURS_PER_STYLE; s++) {
    for (let c = 0; c < COLOURS_PER_STYLE; c++) {
      const row = [...base];
      row[at('modelNumber')] = `BENCH-${String(s).padStart(5, '0')}`;
      row[at('colourCode')] = `C${c + 1}`;
      row[at('productName')] = `Bench Frame ${s}`;
      row[at('netPrice')] = String(900 + (s % 700));
      row[at('frameColour')] = colours[c]!;
      row[at('templeColour')] = colours[c]!;
      row[at('stock')] = String((s + c) % 50);
      row[at('images')] = '';
      row[at('active')] = 'Yes';
      out.push(row);
    }
  }
  return Buffer.from(Papa.unparse({ fields: header, data: out }), 'utf8');
}

async function upload(url: string, auth: Record<string, string>, sheet: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.set('kind', 'catalogue');
  form.set('file', new Blob([sheet], { type: 'text/csv' }), name);
  const response = await fetch(`${url}/api/admin/imports`, { method: 'POST', headers: auth, body: form });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { Data: Job }).Data.id;
}

async function waitFor(url: string, auth: Record<string, string>, id: number, status: string, timeoutMs = 900_000): Promise<Job> {
  const started = performance.now();
  let last: Job | null = null;
  while (performance.now() - started < timeoutMs) {
    let response: Response;
    try {
      response = await fetch(`${url}/api/admin/imports/${id}?pageSize=1`, { headers: auth });
    } catch (error) {
      const seen = last ? `${last.status}, ${last.checkedRows} checked, ${last.appliedRows} applied` : 'nothing yet';
      throw new Error(`polling job ${id} after ${((performance.now() - started) / 1000).toFixed(1)} s (last seen: ${seen})`, { cause: error });
    }
    const job = ((await response.json()) as { Data: Job }).Data;
    last = job;
    if (job.status === status) return job;
    if (job.status === 'failed') throw new Error(`job ${id} failed: ${job.fileError}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`job ${id} not ${status} within ${timeoutMs} ms`);
}

async function bench(backend: string, env: Record<string, string>) {
  console.log(`\n${backend}: seeding ${SEED_PRODUCTS} styles and starting the server…`);
  const replica: Replica = await startReplica(`imports-${backend.toLowerCase()}`, { SEED_PRODUCTS, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', ...env });
  try {
    await waitHealthy(replica, 300_000);
    const pid = replica.process.pid!;
    const auth = await signIn(replica.url);
    const sheet = sheetFrom(await exportCsv(replica.url, auth));
    const before = memoryOf(pid);

    let started = performance.now();
    const id = await upload(replica.url, auth, sheet, 'bench.csv');
    const uploadMs = performance.now() - started;
    const ready = await waitFor(replica.url, auth, id, 'ready');
    const dryRun = (performance.now() - started) / 1000;
    if (ready.counts.create !== ROWS) throw new Error(`dry run: ${JSON.stringify(ready.counts)}`);
    console.log(`  upload ${(uploadMs / 1000).toFixed(2)} s; dry run ${dryRun.toFixed(1)} s (${(ROWS / dryRun).toFixed(0)} rows/s)`);

    started = performance.now();
    const apply = await fetch(`${replica.url}/api/admin/imports/${id}/apply`, { method: 'POST', headers: auth });
    if (!apply.ok) throw new Error(`apply: ${apply.status} ${await apply.text()}`);
    const applied = await waitFor(replica.url, auth, id, 'applied');
    const applySeconds = (performance.now() - started) / 1000;
    if (applied.appliedRows !== ROWS) throw new Error(`applied ${applied.appliedRows} of ${ROWS}`);
    console.log(`  apply ${applySeconds.toFixed(1)} s (${(ROWS / applySeconds).toFixed(0)} rows/s)`);

    started = performance.now();
    const exported = await exportCsv(replica.url, auth);
    const exportSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const again = await waitFor(replica.url, auth, await upload(replica.url, auth, exported, 'export.csv'), 'ready');
    const roundTrip = (performance.now() - started) / 1000;
    const exportedRows = again.totalRows;
    if (again.counts.unchanged !== exportedRows) throw new Error(`re-import of the export: ${JSON.stringify(again.counts)}`);
    console.log(`  export of ${exportedRows} rows ${exportSeconds.toFixed(1)} s; its dry run ${roundTrip.toFixed(1)} s, all unchanged`);
    const after = memoryOf(pid);
    results.push(
      `| ${backend} | ${ROWS.toLocaleString('en-IN')} | ${dryRun.toFixed(1)} s (${(ROWS / dryRun).toFixed(0)}/s) | ${applySeconds.toFixed(1)} s (${(ROWS / applySeconds).toFixed(0)}/s) | ` +
        `${exportSeconds.toFixed(1)} s / ${roundTrip.toFixed(1)} s (${exportedRows.toLocaleString('en-IN')} rows) | ${before.now} → ${after.peak} MB |`,
    );
  } catch (error) {
    // A dropped connection comes before the process's exit event: wait for it (a few seconds) to say how it ended.
    const child = replica.process;
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
    }
    const ended = child.exitCode !== null ? `exit code ${child.exitCode}` : child.signalCode !== null ? `signal ${child.signalCode}` : 'still running';
    console.error(`${backend}: server ${ended}; it said:\n${replica.output().slice(-4000)}`);
    throw error;
  } finally {
    await replica.stop();
  }
}

async function main() {
  if (ROWS % COLOURS_PER_STYLE !== 0) throw new Error('BENCH_ROWS must be a multiple of 4');
  const only = process.env.BENCH_BACKEND?.toLowerCase();
  if (only !== 'postgres') await bench('PGlite', {});
  if (only !== 'pglite') {
    if (await postgresAnswers()) {
      const scratch = await createScratchDatabase(POSTGRES_URL, 'frameport_bench_imports');
      try {
        await bench('PostgreSQL', { DATABASE_URL: scratch.url });
      } finally {
        await scratch.drop();
      }
    } else console.log('\nPostgreSQL does not answer: PGlite only.');
  }
  console.log('\n| backend | rows | dry run | apply | export / its re-import dry run | server RSS (before → peak) |\n|---|---|---|---|---|---|');
  for (const row of results) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
