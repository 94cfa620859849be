/**
 * `npm run bench:invoices`: the invoice and payment calls on PGlite and on PostgreSQL (when one
 * answers), through the real server over loopback HTTP:
 * - LensInvoiceReport and AccountStatement for the demo retailer (about 10 invoices) and for a
 *   retailer with 500 invoices;
 * - the tax invoice PDF: one at a time (latency, size) and 20 at once (throughput), with the
 *   process's RSS before and after;
 * - the sandbox pay cycle: RazorpaymentRequest → the sandbox page's Pay (with the retailer's
 *   session) → GetRazorpaymentStatus.
 * Prints a Markdown table. Timings are measured here, never asserted in tests.
 */
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { systemClock } from '../apps/server/src/clock.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { invoices, retailers } from '../apps/server/src/db/schema.ts';
import { seedDemo } from '../apps/server/src/db/seed/index.ts';
import { createInvoice, createRetailer } from '../apps/server/src/test/factories.ts';
import { onEachBackend } from './databases.ts';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 50);
const table: string[] = [];

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  return { p50: at(50), p95: at(95), count: sorted.length };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function bench(backend: string, database: Database) {
  await database.migrate();
  await seedDemo(database.db, { products: 500 });
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webDistDir: '/nonexistent' };
  const app = await buildApp({ config, database, clock: systemClock, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  async function signIn(email: string, password: string) {
    const response = await fetch(`${address}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
    });
    return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
  }

  async function post(headers: Record<string, string>, path: string, body: unknown) {
    const response = await fetch(`${address}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'accept-encoding': 'br' },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { Status: number; Data: Record<string, unknown> };
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json.Data;
  }

  async function timed(label: string, times: number, call: () => Promise<unknown>) {
    const values: number[] = [];
    for (let i = 0; i < times; i += 1) {
      const started = performance.now();
      await call();
      values.push(performance.now() - started);
    }
    const s = stats(values);
    table.push(`| ${backend} | ${label} | ${s.count} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | |`);
  }

  try {
    const demo = await signIn('retailer@frameport.test', 'Retailer@123');
    const [demoRetailer] = await database.db
      .select({ id: retailers.id })
      .from(retailers)
      .where(eq(retailers.email, 'retailer@frameport.test'));
    const demoId = demoRetailer!.id;
    const demoInvoices = await database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.retailerId, demoId));

    // A retailer with 500 invoices (a busy shop over a couple of years).
    const busy = await createRetailer(database.db, { stateCode: '36' });
    for (let i = 0; i < 500; i += 1) {
      const day = new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      await createInvoice(database.db, { retailerId: busy.retailerId, userId: busy.userId, amountPaise: 1_000_000 + i, invoiceDate: day });
    }
    const busyHeaders = await signIn(busy.email, busy.password);

    await timed(`LensInvoiceReport, demo retailer (${demoInvoices.length} invoices)`, REPEAT, () =>
      post(demo, '/backoffice/LensMaster/LensInvoiceReport', { RetailerID: demoId }),
    );
    await timed('LensInvoiceReport, 500 invoices', REPEAT, () =>
      post(busyHeaders, '/backoffice/LensMaster/LensInvoiceReport', { RetailerID: busy.retailerId }),
    );
    await timed('AccountStatement, 500 invoices', REPEAT, () =>
      post(busyHeaders, '/backoffice/LensMaster/AccountStatement', { RetailerID: busy.retailerId, FromDate: '2025-01-01' }),
    );

    // The PDF: one at a time, then 20 at once.
    const pdfUrl = `${address}/backoffice/LensMaster/InvoiceDocument/${demoInvoices[0]!.id}`;
    let size = 0;
    const rssBefore = process.memoryUsage().rss;
    await timed('tax invoice PDF, one at a time', REPEAT, async () => {
      const response = await fetch(pdfUrl, { headers: demo });
      size = (await response.arrayBuffer()).byteLength;
    });
    const burst = performance.now();
    await Promise.all(Array.from({ length: 20 }, async () => (await fetch(pdfUrl, { headers: demo })).arrayBuffer()));
    const burstMs = performance.now() - burst;
    const rssAfter = process.memoryUsage().rss;
    table.push(`| ${backend} | tax invoice PDF, 20 at once | 20 | | | ${(20_000 / burstMs).toFixed(1)} PDFs/s; ${(size / 1024).toFixed(1)} KB each; RSS ${mb(rssBefore)} → ${mb(rssAfter)} |`);

    // The sandbox pay cycle, ₹1 at a time towards the busy retailer's invoices.
    const request: number[] = [];
    const pay: number[] = [];
    const status: number[] = [];
    for (let i = 0; i < REPEAT; i += 1) {
      let started = performance.now();
      const link = (await post(busyHeaders, '/backoffice/LensMaster/RazorpaymentRequest', {
        Type: 'Stock',
        TransactionAmount: 1,
        RetailerID: busy.retailerId,
      })) as { paymentLinkId: string };
      request.push(performance.now() - started);
      started = performance.now();
      // Pay on the sandbox page's call, signed in as the retailer the link is for (nobody else may).
      const paid = await fetch(`${address}/api/payments/sandbox/${link.paymentLinkId}/pay`, { method: 'POST', headers: busyHeaders });
      if (paid.status !== 200) throw new Error(`sandbox pay: ${paid.status} ${await paid.text()}`);
      await paid.arrayBuffer();
      pay.push(performance.now() - started);
      started = performance.now();
      const read = (await post(busyHeaders, '/backoffice/LensMaster/GetRazorpaymentStatus', { PaymentLinkID: link.paymentLinkId })) as {
        result: boolean;
      };
      status.push(performance.now() - started);
      if (!read.result) throw new Error('sandbox payment not applied');
    }
    for (const [label, values] of [
      ['RazorpaymentRequest (sandbox link)', request],
      ['sandbox Pay (applies the payment, queues the receipt)', pay],
      ['GetRazorpaymentStatus after paying', status],
    ] as const) {
      const s = stats(values);
      table.push(`| ${backend} | ${label} | ${s.count} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | |`);
    }
    console.log(`${backend}: done`);
  } finally {
    await app.close();
  }
}

await onEachBackend(bench);
console.log('\n| backend | call | calls | p50 ms | p95 ms | notes |\n|---|---|---|---|---|---|');
for (const row of table) console.log(row);
