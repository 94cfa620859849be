/**
 * The reports bench's load generator, in a process of its own (neither the server's nor the bench's):
 *
 *   node --import tsx bench/reports-load.ts '{"url":"…","headers":{…},"concurrency":4,"durationMs":10000}'
 *
 * `concurrency` clients call GET `url` back to back for `durationMs` and at least `minCalls` calls
 * (after a warm-up second whose calls are not counted; bench/reports-measure.ts); a call counts as
 * good when it answers 200 with its whole body read. Prints one line of JSON: requests, errors,
 * req/s and p50/p95/p99/max in ms.
 */
import { measure } from './reports-measure.ts';

type Job = { url: string; headers: Record<string, string>; concurrency: number; durationMs: number; warmupMs?: number; minCalls?: number };

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
if (!job.url?.startsWith('http://127.0.0.1:')) throw new Error('reports-load: a loopback url is needed');
let firstError: string | null = null;
const result = await measure(
  async () => {
    const response = await fetch(job.url, { headers: { ...job.headers, 'accept-encoding': 'br, gzip' } });
    const body = await response.arrayBuffer();
    if (response.status !== 200 && firstError === null) firstError = `HTTP ${response.status} ${Buffer.from(body).toString().slice(0, 200)}`;
    return response.status === 200;
  },
  { concurrency: job.concurrency, durationMs: job.durationMs, warmupMs: job.warmupMs ?? 1000, minCalls: job.minCalls },
);
process.stdout.write(`${JSON.stringify({ ...result, firstError })}\n`);
