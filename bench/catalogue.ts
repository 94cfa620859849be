/**
 * `npm run bench:catalogue`: the catalogue call on 10,000 styles, as a signed-in retailer
 * (discounts on), on embedded PGlite and on PostgreSQL when one answers.
 * Query: three filters + price range + free text + sort + page + total count.
 * Reports req/s, p50/p95/p99 at 16 and 50 concurrent clients over HTTP, and the ratio of the
 * HTTP route's throughput to the same query run in-process (service call, no HTTP).
 */
import { asc } from 'drizzle-orm';
import { parseCatalogueSearch } from '@frameport/domain';
import { buildApp } from '../apps/server/src/app.ts';
import { systemClock } from '../apps/server/src/clock.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { frameShapes, genders, materials, retailers } from '../apps/server/src/db/schema.ts';
import { seedDemo } from '../apps/server/src/db/seed/index.ts';
import { createCatalogueService } from '../apps/server/src/modules/catalogue/service.ts';
import { onEachBackend } from './databases.ts';
import { describeLoad, runLoad, type LoadResult } from './load.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10000);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const WORDS = ['black', 'round', 'urban', 'gold', 'classic', 'acetate', 'aviatr', 'tortoise'];
const SORTS = ['sortBy=netPrice&orderBy=Asc', 'sortBy=releaseDate&orderBy=Desc', 'sortBy=productName&orderBy=Asc'];

type Row = { backend: string; measure: string; result: LoadResult };
const rows: Row[] = [];
const ratios: string[] = [];

/** Realistic catalogue searches: 3 filters (2 shapes, 2 materials, a gender) + price + text + sort. */
async function searchStrings(database: Database): Promise<string[]> {
  const shapeIds = (await database.db.select({ id: frameShapes.id }).from(frameShapes).orderBy(asc(frameShapes.id))).map((r) => r.id);
  const materialIds = (await database.db.select({ id: materials.id }).from(materials).orderBy(asc(materials.id))).map((r) => r.id);
  const genderIds = (await database.db.select({ id: genders.id }).from(genders).orderBy(asc(genders.id))).map((r) => r.id);
  const out: string[] = [];
  for (let i = 0; i < 48; i += 1) {
    const shapes = [shapeIds[i % shapeIds.length], shapeIds[(i + 3) % shapeIds.length]].join(',');
    const mats = [materialIds[i % materialIds.length], materialIds[(i + 2) % materialIds.length]].join(',');
    const gender = genderIds[i % genderIds.length];
    const from = 400 + (i % 4) * 100;
    out.push(
      `frameShapeId=${shapes}&frameMaterialId=${mats}&genderIdList=${gender}&netPrice_From=${from}&netPrice_To=${from + 800}` +
        `&searchText=${WORDS[i % WORDS.length]}&${SORTS[i % SORTS.length]}`,
    );
  }
  return out;
}

async function benchBackend(backend: string, database: Database) {
  console.log(`\n${backend}: seeding ${PRODUCTS} styles…`);
  await database.migrate();
  const seeded = performance.now();
  await seedDemo(database.db, { products: PRODUCTS, now: new Date('2026-11-01T00:00:00Z') });
  console.log(`  seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const searches = await searchStrings(database);
  const [retailer] = await database.db.select({ id: retailers.id }).from(retailers).orderBy(asc(retailers.id)).limit(1);

  for (const catalogueCache of [false, true]) {
    const label = catalogueCache ? 'HTTP getAll, read cache on' : 'HTTP getAll, no cache';
    const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), webDistDir: '/nonexistent', catalogueCache };
    const app = await buildApp({ config, database, clock: systemClock, logger: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const login = await fetch(`${address}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=password&username=retailer%40frameport.test&password=Retailer%40123',
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const urls = searches.map((search) => `${address}/api/Product/getAll?search=${encodeURIComponent(search)}&pageNumber=1&pageSize=14`);
      const headers = { authorization: `Bearer ${token}` };
      const probe = await fetch(urls[0] ?? '', { headers });
      const body = (await probe.json()) as { Data: { searchResults: { '@odata.count': number } } };
      console.log(`  probe: HTTP ${probe.status}, ${body.Data.searchResults['@odata.count']} matches for ${searches[0]}`);
      const http = (iteration: number) =>
        fetch(urls[iteration % urls.length] ?? '', { headers }).then(async (response) => {
          await response.arrayBuffer();
          return response.status === 200;
        });
      for (const concurrency of [16, 50]) {
        const result = await runLoad(http, { concurrency, durationMs: DURATION_MS });
        rows.push({ backend, measure: `${label}, ${concurrency} clients`, result });
        console.log(`  ${label}, ${concurrency} clients: ${describeLoad(result)}`);
      }
    } finally {
      await app.close();
    }
  }

  // The same queries in-process, without HTTP and without the cache: the database's own pace.
  const catalogue = createCatalogueService({ db: database.db, clock: systemClock, cache: false });
  const queries = searches.map((search) => {
    const parsed = parseCatalogueSearch(search);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.query;
  });
  const inProcess = async (iteration: number) => {
    const result = await catalogue.search(queries[iteration % queries.length]!, { pageNumber: 1, pageSize: 14 }, retailer?.id ?? null);
    return result.searchResults.value.length >= 0;
  };
  const direct = await runLoad(inProcess, { concurrency: 16, durationMs: DURATION_MS });
  rows.push({ backend, measure: 'in-process query (service call, no cache), 16 clients', result: direct });
  console.log(`  in-process, 16 clients: ${describeLoad(direct)}`);
  const http16 = rows.find((row) => row.backend === backend && row.measure === 'HTTP getAll, no cache, 16 clients')!.result;
  const ratio = http16.perSecond / direct.perSecond;
  ratios.push(`${backend}: HTTP (no cache) / in-process throughput = ${ratio.toFixed(2)}`);
  console.log(`  HTTP / in-process throughput: ${ratio.toFixed(2)}`);
}

async function main() {
  await onEachBackend(benchBackend, 16);

  console.log('\n| backend | measure | req/s | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|---|');
  for (const { backend, measure, result } of rows) {
    console.log(`| ${backend} | ${measure} | ${result.perSecond.toFixed(0)} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.p99.toFixed(1)} |`);
  }
  for (const ratio of ratios) console.log(ratio);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
