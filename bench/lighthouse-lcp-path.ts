/**
 * The chain behind a Lighthouse run's simulated largest paint (bench/lighthouse.ts, with
 * LIGHTHOUSE_LCP_PATH=1). Lighthouse's mobile LCP is not the trace's own: Lantern rebuilds the load
 * as a graph (requests and main-thread tasks, who started whom), keeps what had finished before the
 * real paint, and replays it on a phone's network (150 ms round trip, 1.6 Mb/s, six connections per
 * host over HTTP/1.1) with a 4× slower CPU; the LCP is where the slowest chain ends. This walks that
 * chain back from the node that ends last, with the simulated start and end of each step, for the
 * optimistic and the pessimistic graph (Lighthouse reports their mean): what to shorten.
 * docs/products-profile.md, fourteenth pass.
 */
import type { RunnerResult } from 'lighthouse';
// Lighthouse's own computed artifacts (the modules its LCP audit uses).
import { Audit } from 'lighthouse/core/audits/audit.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

/** The parts of Lantern's graph nodes read here. */
type GraphNode = {
  id: string;
  type: string;
  /** Observed duration (µs) of a CPU node. */
  duration?: number;
  request?: { url: string; transferSize: number };
  getDependencies(): GraphNode[];
};
type Timing = { startTime: number; endTime: number };
type Estimate = { timeInMs: number; nodeTimings: Map<GraphNode, Timing> };

/** One line per step of each graph's slowest chain, ready to print. */
export async function lcpCriticalPath(result: RunnerResult): Promise<string[]> {
  const context = { settings: result.lhr.configSettings, computedCache: new Map() };
  // Lighthouse's types for its internals are looser than its public API's: read through the shapes above.
  const input = Audit.makeMetricComputationDataInput(result.artifacts as never, context as never);
  const lcp = (await LanternLargestContentfulPaint.request(input, context as never)) as unknown as {
    optimisticEstimate: Estimate;
    pessimisticEstimate: Estimate;
  };
  const lines: string[] = [];
  for (const [label, estimate] of [
    ['optimistic', lcp.optimisticEstimate],
    ['pessimistic', lcp.pessimisticEstimate],
  ] as const) {
    lines.push(`  LCP chain, ${label} graph (${Math.round(estimate.timeInMs)} ms):`);
    for (const { node, timing } of slowestChain(estimate.nodeTimings)) {
      const what =
        node.type === 'network' && node.request
          ? `${node.request.url.replace(/^https?:\/\/[^/]+/, '')} (${node.request.transferSize} B)`
          : `main thread, ${Math.round((node.duration ?? 0) / 1000)} ms unthrottled`;
      lines.push(`    ${String(Math.round(timing.startTime)).padStart(5)}–${String(Math.round(timing.endTime)).padStart(5)} ms  ${what}`);
    }
  }
  return lines;
}

/** From the node that ends last back to the root, each step the dependency that ended last. */
function slowestChain(timings: Map<GraphNode, Timing>): { node: GraphNode; timing: Timing }[] {
  const byId = new Map([...timings.keys()].map((node) => [node.id, node]));
  const endOf = (node: GraphNode) => timings.get(node)?.endTime ?? -1;
  let current: GraphNode | undefined = [...timings.keys()].reduce<GraphNode | undefined>(
    (last, node) => (last === undefined || endOf(node) > endOf(last) ? node : last),
    undefined,
  );
  const chain: { node: GraphNode; timing: Timing }[] = [];
  while (current !== undefined) {
    chain.push({ node: current, timing: timings.get(current)! });
    const simulated = current
      .getDependencies()
      .map((dependency) => byId.get(dependency.id))
      .filter((node): node is GraphNode => node !== undefined);
    current = simulated.sort((a, b) => endOf(b) - endOf(a))[0];
  }
  return chain.reverse();
}
