import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCatalogueQuery } from '@frameport/domain';
import { systemClock } from '../clock.ts';
import { queryRows } from '../db/client.ts';
import { createAccountService } from '../modules/account/service.ts';
import { createCartService } from '../modules/cart/service.ts';
import { createCatalogueService } from '../modules/catalogue/service.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { createProduct, createRetailer } from '../test/factories.ts';
import { healthRoutes, warmCatalogueAndCart } from './health.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The next transaction id: only a transaction that writes takes one, so it moves only when something was written. */
async function nextTransactionId(): Promise<string> {
  const [row] = await queryRows<{ next: string }>(t.db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`);
  return row!.next;
}

describe('warming up before the first request', () => {
  it('puts the first catalogue page in the read cache, loads the facet bitsets and reads the cart, writing nothing', async () => {
    const retailer = await createRetailer(t.db);
    await createProduct(t.db, { stocks: [5, 5] });
    const catalogue = createCatalogueService({ db: t.db, clock: systemClock, cache: true });
    const cart = createCartService({ db: t.db, clock: systemClock, config: t.config });
    const account = createAccountService({ db: t.db, clock: systemClock });
    const before = await nextTransactionId();

    const facetsAsked: unknown[] = [];
    const counted = { ...catalogue, facets: (query: Parameters<typeof catalogue.facets>[0]) => (facetsAsked.push(query), catalogue.facets(query)) };

    await warmCatalogueAndCart({ db: t.db, catalogue: counted, cart, authenticate: account.authenticate });

    // The default first page, one text search, the filter lists; getFacets' bitsets loaded.
    expect(catalogue.cacheStats()).toMatchObject({ hits: 0, size: 3 });
    expect(facetsAsked).toEqual([emptyCatalogueQuery()]);
    const page = await catalogue.search(emptyCatalogueQuery(), { pageNumber: 1, pageSize: 20 }, retailer.retailerId);
    expect(catalogue.cacheStats()).toMatchObject({ hits: 1 });
    expect(page.searchResults.value).toHaveLength(1);
    expect(await nextTransactionId()).toBe(before);
  });

  it('does not hold the start back for ever when the database hangs', async () => {
    const local = Fastify({ logger: false });
    await local.register(healthRoutes, { database: t.database, clock: systemClock, warm: () => new Promise<void>(() => {}) });
    await local.ready();
    expect((await local.inject({ url: '/healthz' })).statusCode).toBe(200);
    await local.close();
  });

  it('runs when the server gets ready, before its first answer', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const local = await buildTestApp({ logger });
    try {
      expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain('warmed up');
      expect((await local.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});
