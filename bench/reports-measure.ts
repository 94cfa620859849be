/**
 * Closed-loop measuring for the reports bench, where one call can take seconds: `concurrency`
 * workers call `task` back to back until `durationMs` has passed AND at least `minCalls` calls were
 * measured (or `maxMs` has passed); the calls started in the first `warmupMs` are not counted.
 * Throughput is measured calls over the time they took (first measured start to last end), not
 * over `durationMs`, so a slow call that runs past the window is not counted at a rate it never had.
 */
import type { LoadResult } from './load.ts';

export type MeasureOptions = { concurrency: number; durationMs: number; warmupMs?: number; minCalls?: number; maxMs?: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export async function measure(task: () => Promise<boolean>, options: MeasureOptions): Promise<LoadResult> {
  const { concurrency, durationMs, warmupMs = 1000, minCalls = 8, maxMs = Math.max(durationMs * 6, 60_000) } = options;
  const begun = performance.now();
  const warmupEnds = begun + warmupMs;
  const latencies: number[] = [];
  let errors = 0;
  let firstStart = Infinity;
  let lastEnd = 0;
  const goOn = () => {
    const now = performance.now();
    if (now - begun >= maxMs) return false;
    return now < warmupEnds + durationMs || latencies.length < minCalls;
  };
  async function worker() {
    while (goOn()) {
      const started = performance.now();
      let good: boolean;
      try {
        good = await task();
      } catch {
        good = false;
      }
      const finished = performance.now();
      if (started < warmupEnds) continue;
      firstStart = Math.min(firstStart, started);
      lastEnd = Math.max(lastEnd, finished);
      if (!good) errors += 1;
      latencies.push(finished - started);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  const spanMs = lastEnd - firstStart;
  return {
    requests: latencies.length,
    errors,
    perSecond: spanMs > 0 ? latencies.length / (spanMs / 1000) : 0,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
  };
}
