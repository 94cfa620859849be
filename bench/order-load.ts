/**
 * The load generator of bench/orders.ts, run in a worker thread so the clients' own work (HTTP,
 * JSON) does not queue on the server's event loop: real clients are other machines. Each retailer
 * loops for `durationMs`. 'order': add a 5-line cart in one call, read it, place the order.
 * 'cart': add 5 lines (one piece each) again and again, clearing the cart every 10th time (not timed).
 */
import { parentPort, Worker, workerData } from 'node:worker_threads';

export type LoadInput = {
  address: string;
  /** Several servers (replicas behind one load balancer): retailer i talks to addresses[i % n]. */
  addresses?: string[];
  tokens: string[];
  variants: { productId: number; colorVariant: string }[];
  durationMs: number;
  /** Every retailer orders from the same few variants instead of five of its own. */
  hot: boolean;
  mode: 'order' | 'cart';
  /**
   * Paced: each retailer starts a new round every `intervalMs` (or at once when it is late), so
   * the load is a fixed rate rather than as fast as the server answers. Unset: back to back.
   */
  intervalMs?: number;
};
export type LoadOutput = { add: number[]; order: number[]; orders: number; failures: number; elapsedMs: number };

async function run({ address: single, addresses, tokens, variants, durationMs, hot, mode, intervalMs }: LoadInput): Promise<LoadOutput> {
  const add: number[] = [];
  const order: number[] = [];
  let orders = 0;
  let failures = 0;
  const started = performance.now();
  const ends = started + durationMs;
  await Promise.all(
    tokens.map(async (token, worker) => {
      const address = addresses?.length ? addresses[worker % addresses.length]! : single;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      let round = 0;
      // Paced retailers start spread over one interval, not all at once.
      const firstAt = started + (intervalMs ? (intervalMs * worker) / tokens.length : 0);
      while (performance.now() < ends) {
        if (intervalMs) {
          const due = firstAt + round * intervalMs;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          if (performance.now() >= ends) break;
        }
        const pick = (k: number) => (hot ? variants[(worker + round + k * 5) % variants.length]! : variants[worker * 5 + k]!);
        const lines = Array.from({ length: 5 }, (_, k) => pick(k)).map((v) => ({
          ProductId: v.productId,
          ColorVariant: v.colorVariant,
          Quantity: mode === 'cart' ? 1 : 1 + ((worker + round) % 3),
        }));
        round += 1;
        if (mode === 'cart' && round % 10 === 0) {
          await (await fetch(`${address}/api/Product/clearCart`, { method: 'DELETE', headers: { authorization: headers.authorization } })).arrayBuffer();
        }
        let t0 = performance.now();
        const added = await fetch(`${address}/api/Product/addItemsToCart`, { method: 'POST', headers, body: JSON.stringify({ Products: lines }) });
        await added.arrayBuffer();
        add.push(performance.now() - t0);
        if (added.status !== 200) {
          failures += 1;
          continue;
        }
        if (mode === 'cart') continue;
        const cart = await fetch(`${address}/api/Product/getCartItems?pageNumber=1&pageSize=10`, { headers });
        const cartId = ((await cart.json()) as { Data: { billToInfo: { CartId: number | null } } }).Data.billToInfo.CartId;
        t0 = performance.now();
        const placed = await fetch(`${address}/api/Order/placeOrder`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ CartId: cartId, Note: 'bench', Email: null }),
        });
        await placed.arrayBuffer();
        order.push(performance.now() - t0);
        if (placed.status === 200) orders += 1;
        else failures += 1;
      }
    }),
  );
  return { add, order, orders, failures, elapsedMs: performance.now() - started };
}

/** Runs the clients in a worker thread (this file) and waits for their figures. */
export async function runLoad(input: LoadInput): Promise<LoadOutput> {
  // A worker does not inherit tsx's loader: it registers it, then imports the TypeScript module.
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const module = new URL('./order-load.ts', import.meta.url).href;
  const entry = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(module)});`;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(entry)}`), { workerData: input });
  try {
    return await new Promise<LoadOutput>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

if (parentPort) {
  const port = parentPort;
  run(workerData as LoadInput).then(
    (output) => port.postMessage(output),
    (error: unknown) => {
      throw error;
    },
  );
}
