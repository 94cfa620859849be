/**
 * `npm run bench:catalogue`: the catalogue search on BENCH_PRODUCTS (default 10,000) styles, as a
 * signed-in retailer (discounts on), on embedded PGlite and on PostgreSQL when one answers
 * (BENCH_BACKEND=pglite or =postgres runs one).
 *
 * The load: a rotating stream of distinct searches, no two the same within a run: filters (shapes,
 * frame colours, materials, a gender, a brand, in stock), a price range, free text, each sort and
 * pages 1–3, drawn from a fixed-seed generator and de-duplicated. 16 clients (and 50) back to back
 * for BENCH_SECONDS (default 10) after a 1 s warm-up.
 *
 * 1. Bare: the same searches in this process, straight through the catalogue service (the route's
 *    one call, `search`, which reads the bill-to GST state code with the page), no HTTP, no read cache, on a pool of
 *    POOL_MAX connections: the database's own pace. On PostgreSQL bare and HTTP alternate in
 *    ROUNDS slices while the server runs (the machine's other load then weighs on both alike);
 *    PGlite's folder belongs to one process, so there bare runs before and after the server.
 * 2. Over HTTP: the server (apps/server/src/main.ts, as `npm start` runs it) in a process of its
 *    own with the read cache off (CATALOGUE_CACHE=false) and the same pool size; the load
 *    generator is this process, so it never shares the server's event loop (it still shares the
 *    machine's cores). GET /api/Product/getAll with the retailer's token.
 * 3. The read cache's own effect: the server again with CATALOGUE_CACHE=true, 48 searches repeated
 *    (after runLoad's 1 s warm-up they are all cached).
 *
 * Prints a Markdown table (req/s, p50/p95/p99), the ratio HTTP / bare at 16 clients, and the load
 * average. Loopback only, bounded in time; the databases are temporary (PGlite folder, a PostgreSQL
 * database created and dropped).
 */
import { loadavg } from 'node:os';
import { asc } from 'drizzle-orm';
import { parseCatalogueSearch, type CatalogueQuery } from '@frameport/domain';
import { systemClock } from '../apps/server/src/clock.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { brands, colours, frameShapes, genders, materials, retailers } from '../apps/server/src/db/schema.ts';
import { DEMO_EMAILS, DEMO_PASSWORDS } from '../apps/server/src/db/seed/accounts.ts';
import { seedDemo } from '../apps/server/src/db/seed/index.ts';
import { mulberry32 } from '../apps/server/src/db/seed/random.ts';
import { createCatalogueService } from '../apps/server/src/modules/catalogue/service.ts';
import { startReplica, waitHealthy } from '../apps/server/src/test/replicas.ts';
import { onEachBackendLocation, type DatabaseLocation as Where } from './databases.ts';
import { describeLoad, keepAliveAgent, lightGet, mergeLoads, runLoad, type LoadResult } from './load.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const CLIENTS = 16;
const MORE_CLIENTS = 50;
/** The server's default DATABASE_POOL_MAX; the bare run gets the same. */
const POOL_MAX = 10;
const PAGE_SIZE = 14;
/** Distinct searches generated: far more than one run asks (a run that needs more says so). */
const STREAM_LENGTH = 60_000;
const WORDS = ['black', 'round', 'urban', 'gold', 'classic', 'acetate', 'aviatr', 'tortoise', 'metal', 'blue', 'cat eye', 'matte black'];
const SORTS = ['', 'sortBy=netPrice&orderBy=Asc', 'sortBy=netPrice&orderBy=Desc', 'sortBy=releaseDate&orderBy=Desc', 'sortBy=productName&orderBy=Asc'];

type Search = { search: string; pageNumber: number };
type Row = { backend: string; measure: string; result: LoadResult };
const rows: Row[] = [];
const ratios: string[] = [];


/**
 * STREAM_LENGTH distinct searches (search string + page): each filter group present or not, one or
 * two ids, a price range, text or not, a sort, page 1 (most), 2 or 3.
 */
async function distinctSearches(database: Database): Promise<Search[]> {
  const ids = async (table: typeof frameShapes | typeof materials | typeof genders | typeof brands | typeof colours) =>
    (await database.db.select({ id: table.id }).from(table).orderBy(asc(table.id))).map((row) => row.id);
  const [shapeIds, materialIds, genderIds, brandIds, colourIds] = await Promise.all([
    ids(frameShapes),
    ids(materials),
    ids(genders),
    ids(brands),
    ids(colours),
  ]);
  const next = mulberry32(19);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const some = (list: number[]) => [...new Set(next() < 0.6 ? [pick(list)] : [pick(list), pick(list)])].join(',');
  const seen = new Set<string>();
  const out: Search[] = [];
  while (out.length < STREAM_LENGTH) {
    const parts: string[] = [];
    if (next() < 0.5) parts.push(`searchText=${encodeURIComponent(pick(WORDS))}`);
    if (next() < 0.45) parts.push(`frameShapeId=${some(shapeIds)}`);
    if (next() < 0.3) parts.push(`frameColorIdList=${some(colourIds)}`);
    if (next() < 0.35) parts.push(`frameMaterialId=${some(materialIds)}`);
    if (next() < 0.4) parts.push(`genderIdList=${pick(genderIds)}`);
    if (next() < 0.25) parts.push(`brandId=${some(brandIds)}`);
    if (next() < 0.3) parts.push('isAvailable=true');
    if (next() < 0.35) {
      const from = 300 + Math.floor(next() * 20) * 100;
      parts.push(`netPrice_From=${from}&netPrice_To=${from + 200 + Math.floor(next() * 10) * 100}`);
    }
    const sort = pick(SORTS);
    if (sort) parts.push(sort);
    const roll = next();
    const pageNumber = roll < 0.7 ? 1 : roll < 0.9 ? 2 : 3;
    const search = parts.join('&');
    const key = `${search}#${pageNumber}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ search, pageNumber });
  }
  return out;
}

/** Fails loudly rather than repeat a search within a run. */
function nth<T>(stream: T[], iteration: number): T {
  if (iteration >= stream.length) throw new Error(`the run asked more than ${stream.length} searches: raise STREAM_LENGTH`);
  return stream[iteration]!;
}

/** One slice of a run: searches from `offset` on, never more than `limit` of them (no repeats within a measure). */
type Slice = { offset: number; limit: number; durationMs: number; warmupMs?: number };
const WHOLE_RUN: Slice = { offset: 0, limit: STREAM_LENGTH, durationMs: DURATION_MS };

function at<T>(stream: T[], iteration: number, slice: Slice): T {
  if (iteration >= slice.limit) throw new Error(`the slice asked more than ${slice.limit} searches: raise STREAM_LENGTH`);
  return nth(stream, slice.offset + iteration);
}

async function bare(database: Database, searches: Search[], queries: CatalogueQuery[], slice: Slice = WHOLE_RUN): Promise<LoadResult> {
  const catalogue = createCatalogueService({ db: database.db, clock: systemClock, cache: false });
  const [retailer] = await database.db.select({ id: retailers.id }).from(retailers).orderBy(asc(retailers.id)).limit(1);
  const retailerId = retailer!.id;
  return runLoad(
    async (iteration) => {
      const results = await catalogue.search(at(queries, iteration, slice), { pageNumber: at(searches, iteration, slice).pageNumber, pageSize: PAGE_SIZE }, retailerId);
      return results.searchResults.value.length >= 0;
    },
    { concurrency: CLIENTS, durationMs: slice.durationMs, warmupMs: slice.warmupMs },
  );
}

/**
 * GET /api/Product/getAll of the stream's searches, `concurrency` clients on as many keep-alive
 * connections; answers compressed as a browser gets them, read but not decoded (`lightGet`).
 */
async function overHttp(url: string, token: string, searches: Search[], concurrency: number, slice: Slice = WHOLE_RUN): Promise<LoadResult> {
  const headers = { authorization: `Bearer ${token}` };
  const agent = keepAliveAgent(concurrency);
  try {
    return await runLoad(
      async (iteration) => {
        const { search, pageNumber } = at(searches, iteration, slice);
        const response = await lightGet(
          agent,
          `${url}/api/Product/getAll?search=${encodeURIComponent(search)}&pageNumber=${pageNumber}&pageSize=${PAGE_SIZE}`,
          headers,
        );
        return response.status === 200 && response.bytes > 0;
      },
      { concurrency, durationMs: slice.durationMs, warmupMs: slice.warmupMs },
    );
  } finally {
    agent.destroy();
  }
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: DEMO_EMAILS.retailer, password: DEMO_PASSWORDS.retailer }).toString(),
  });
  if (response.status !== 200) throw new Error(`sign-in: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The server in a process of its own on `where`, cache on or off; `use` gets its URL and a retailer token. */
async function withServer(backend: string, where: Where, catalogueCache: boolean, use: (url: string, token: string) => Promise<void>) {
  const replica = await startReplica(backend, {
    LOG_LEVEL: 'warn',
    CATALOGUE_CACHE: String(catalogueCache),
    DATABASE_POOL_MAX: String(POOL_MAX),
    ...('dataDir' in where ? { DATA_DIR: where.dataDir } : { DATABASE_URL: where.databaseUrl }),
  });
  try {
    await waitHealthy(replica);
    await use(replica.url, await signIn(replica.url));
  } finally {
    await replica.stop();
  }
}

function record(backend: string, measure: string, result: LoadResult) {
  rows.push({ backend, measure, result });
  console.log(`  ${measure}: ${describeLoad(result)} (${result.requests} requests; load average ${loadavg()[0]!.toFixed(2)})`);
}


/** PostgreSQL: bare and HTTP alternate in ROUNDS slices while the server runs, so both see the same load from the rest of the machine. */
const ROUNDS = 4;

async function benchBackend(backend: string, where: Where) {
  console.log(`\n${backend}: seeding ${PRODUCTS} styles…`);
  const database = await openDatabase({ ...where, poolMax: POOL_MAX });
  let open = true;
  const close = async () => {
    if (open) await database.close();
    open = false;
  };
  try {
    await database.migrate();
    const seeded = performance.now();
    await seedDemo(database.db, { products: PRODUCTS, now: new Date('2026-11-01T00:00:00Z') });
    console.log(`  seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const searches = await distinctSearches(database);
    const queries = searches.map(({ search }) => {
      const parsed = parseCatalogueSearch(search);
      if (!parsed.ok) throw new Error(`${search}: ${parsed.message}`);
      return parsed.query;
    });
    const bareLabel = `bare in-process (service, no HTTP, no cache), distinct searches, ${CLIENTS} clients`;
    const httpLabel = `HTTP getAll, server process, read cache off, distinct searches`;
    let bareResult: LoadResult;
    let http: LoadResult | undefined;
    let ratioNote: string;

    if ('dataDir' in where) {
      // PGlite's folder is one process's: bare before the server, and again after it.
      const before = await bare(database, searches, queries);
      record(backend, `${bareLabel}, before the server`, before);
      await close();
      await withServer(backend, where, false, async (url, token) => {
        http = await overHttp(url, token, searches, CLIENTS);
        record(backend, `${httpLabel}, ${CLIENTS} clients`, http);
        record(backend, `${httpLabel}, ${MORE_CLIENTS} clients`, await overHttp(url, token, searches, MORE_CLIENTS));
      });
      const again = await openDatabase({ ...where, poolMax: POOL_MAX });
      let after: LoadResult;
      try {
        after = await bare(again, searches, queries);
      } finally {
        await again.close();
      }
      record(backend, `${bareLabel}, after the server`, after);
      bareResult = mergeLoads([before, after], DURATION_MS);
      ratioNote = `bare = before and after together`;
    } else {
      // PostgreSQL: the server runs while the bench keeps its own pool; the two alternate.
      const sliceMs = DURATION_MS / ROUNDS;
      const bareSlices: LoadResult[] = [];
      const httpSlices: LoadResult[] = [];
      await withServer(backend, where, false, async (url, token) => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const slice: Slice = { offset: round * 10_000, limit: 10_000, durationMs: sliceMs, warmupMs: 500 };
          bareSlices.push(await bare(database, searches, queries, slice));
          httpSlices.push(await overHttp(url, token, searches, CLIENTS, slice));
        }
        http = mergeLoads(httpSlices, sliceMs);
        record(backend, `${bareLabel}, alternating with HTTP`, mergeLoads(bareSlices, sliceMs));
        record(backend, `${httpLabel}, ${CLIENTS} clients, alternating with bare`, http);
        const more: Slice = { offset: ROUNDS * 10_000, limit: STREAM_LENGTH - ROUNDS * 10_000, durationMs: DURATION_MS };
        record(backend, `${httpLabel}, ${MORE_CLIENTS} clients`, await overHttp(url, token, searches, MORE_CLIENTS, more));
      });
      bareResult = mergeLoads(bareSlices, sliceMs);
      ratioNote = `${ROUNDS} alternating slices of ${sliceMs / 1000} s each`;
      await close();
    }

    // The read cache's own effect: 48 of the searches, repeated.
    await withServer(backend, where, true, async (url, token) => {
      const repeated = searches.slice(0, 48);
      const cycle = Array.from({ length: STREAM_LENGTH }, (_, index) => repeated[index % repeated.length]!);
      record(backend, `HTTP getAll, server process, read cache on, 48 searches repeated, ${CLIENTS} clients`, await overHttp(url, token, cycle, CLIENTS));
    });

    const ratio = http!.perSecond / bareResult.perSecond;
    ratios.push(
      `${backend}: HTTP (server process, cache off) / bare in-process throughput at ${CLIENTS} clients = ${ratio.toFixed(2)} ` +
        `(${http!.perSecond.toFixed(0)} / ${bareResult.perSecond.toFixed(0)} req/s; ${ratioNote}); HTTP p95 ${http!.p95.toFixed(1)} ms, bare p95 ${bareResult.p95.toFixed(1)} ms`,
    );
    console.log(`  ${ratios.at(-1)}`);
  } finally {
    await close();
  }
}

async function main() {
  await onEachBackendLocation('frameport_bench_catalogue', (backend, location) => benchBackend(backend, location));

  console.log(`\n${PRODUCTS} styles, ${DURATION_MS / 1000} s per measure; load average at the end ${loadavg().map((v) => v.toFixed(2)).join(', ')}`);
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
