/**
 * A small closed-loop load generator: `concurrency` workers each run `task` back to back for
 * `durationMs`; returns throughput and latency percentiles. Bounded in time; loopback only.
 */
import { Agent, get as httpGet } from 'node:http';

export type LoadResult = {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Every timed call's latency, ascending (ms), so runs in slices can be added up (mergeLoads). */
  latencies?: number[];
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

export async function runLoad(
  task: (iteration: number) => Promise<boolean>,
  { concurrency, durationMs, warmupMs = 1000 }: { concurrency: number; durationMs: number; warmupMs?: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let iteration = 0;
  const warmupEnds = performance.now() + warmupMs;
  const ends = warmupEnds + durationMs;
  async function worker() {
    while (performance.now() < ends) {
      const started = performance.now();
      let good: boolean;
      try {
        good = await task(iteration++);
      } catch {
        good = false;
      }
      const finished = performance.now();
      if (started < warmupEnds) continue;
      if (!good) errors += 1;
      latencies.push(finished - started);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / (durationMs / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    latencies,
  };
}

/** Several runs of the same load (slices of `durationMs` each) as one: throughput over their total time. */
export function mergeLoads(results: LoadResult[], durationMs: number): LoadResult {
  const latencies = results.flatMap((result) => result.latencies ?? []).sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    perSecond: latencies.length / ((durationMs * results.length) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    latencies,
  };
}

export function describeLoad(result: LoadResult): string {
  const ms = (value: number) => value.toFixed(1);
  return `${result.perSecond.toFixed(0)} req/s, p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms, p99 ${ms(result.p99)} ms${result.errors ? `, ${result.errors} errors` : ''}`;
}

/**
 * GET over a keep-alive connection pool (`agent`), the answer read as it travels, never decoded: the
 * server compresses as it does for a browser (`accept-encoding`), but this process spends no CPU
 * decompressing or building fetch's Response objects. On a 2-core machine the load generator shares
 * the cores with the server and the database; a lighter one takes less of them from the server.
 * Resolves with the status and the bytes received.
 */
export function lightGet(agent: Agent, url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { agent, headers: { 'accept-encoding': 'br, gzip, deflate', ...headers } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** A keep-alive pool of at most `sockets` connections for `lightGet`. */
export function keepAliveAgent(sockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: sockets });
}
