/**
 * The HTTP fuzzer (test/fuzz.ts), short and with a fixed seed, so `npm test` runs the same
 * requests every time: every route of the route table, hostile input, each reply judged (no 5xx,
 * the envelope, no stack or SQL, nothing changed by a refused request). `npm run bench:fuzz` runs
 * it long, with any seed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../db/seed/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { describeFinding, fingerprint, fuzzRoutes, writeFakeWebBuild } from '../test/fuzz.ts';

const SEED = 20261124;
const RUNS_PER_ROUTE = 6;

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = writeFakeWebBuild(mkdtempSync(path.join(tmpdir(), 'frameport-fuzz-web-')));
  t = await buildTestApp({ webDistDir: webDir });
  await seedDemo(t.db, { products: 10, now: new Date('2026-11-01T00:00:00Z') });
});

afterAll(async () => {
  await t?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

describe('the HTTP fuzzer, fixed seed', () => {
  it('finds no 5xx, no reply outside the envelope, no leak and no change made by a refused request on any route', async () => {
    const report = await fuzzRoutes(t, { seed: SEED, runsPerRoute: RUNS_PER_ROUTE, msPerRoute: 4_000 });
    expect(report.routes).toBeGreaterThanOrEqual(t.app.routeTable.length);
    expect(report.findings.map(describeFinding).join('\n\n')).toBe('');
  }, 180_000);

  it('its database fingerprint sees any change to a watched table, and not a session merely used', async () => {
    const before = await fingerprint(t.db);
    await t.db.execute(sql`update sessions set last_used_at = now()`);
    expect(await fingerprint(t.db)).toEqual(before);
    await t.db.execute(sql`update product_colours set available_stock_quantity = available_stock_quantity + 1 where id = (select min(id) from product_colours)`);
    const after = await fingerprint(t.db);
    expect([...after.keys()].filter((name) => after.get(name) !== before.get(name))).toEqual(['product_colours']);
  });
});
