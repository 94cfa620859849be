/**
 * EXPLAIN ANALYZE of the catalogue statements on a seeded database (docs/catalogue-indexes.md):
 *
 *   DATA_DIR=/tmp/cat10k npm run seed -- --products 10000
 *   DATA_DIR=/tmp/cat10k npx tsx bench/explain-catalogue.ts [--runs 100] [--plan bench]
 *   DATABASE_URL=postgres://… npx tsx bench/explain-catalogue.ts
 *
 * For every case: the statement getAll runs (as the Telangana demo retailer, with discounts), warmed
 * up, then `runs` times under EXPLAIN (ANALYZE, TIMING OFF) for the server's planning and execution
 * time, and `runs` times plainly for the wall-clock time seen by the caller (driver included).
 * Where getAll counts from the facet bitsets (decision 019: every search but free text sorted by
 * relevance and the corrected retry; a text matched in SQL only once the process holds its matches,
 * as the warmed index here does), the statement is handed that total, and `bitset count ms` is that
 * call's wall (its refresh statement and the counting), for a text matched before and for a new
 * one: getAll's cost is the two together.
 * Prints a Markdown table; `--plan <case>` also prints that case's plan with buffers; `--only <case>`
 * measures only the cases whose name starts so.
 * On PGlite it refuses a DATA_DIR a running server holds (db/client.ts lockDataDir): copy the folder first.
 */
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { parseCatalogueSearch, type CatalogueQuery } from '@frameport/domain';
import { loadConfig } from '../apps/server/src/config.ts';
import { DataDirLockedError, openDatabase, queryRows, type Db } from '../apps/server/src/db/client.ts';
import {
  catalogueSearchSql,
  correctionsSql,
  countedInStatement,
  facetsSql,
  productByIdSql,
  relatedProductsSql,
  toCorrections,
  type TextMode,
} from '../apps/server/src/modules/catalogue/search.ts';
import { createFacetIndex, type FacetIndex } from '../apps/server/src/modules/catalogue/facets-index.ts';

/** [name, search string, page number, text mode] */
const EXPLAIN_CASES: [string, string, number, TextMode][] = [
  ['default (newest, page 1)', '', 1, 'literal'],
  ['benchmark: 3 filters + price + text + sort, page 2', 'frameShapeId=3&frameMaterialId=1,2&genderIdList=1,4&netPrice_From=500&netPrice_To=1200&searchText=black&sortBy=netPrice&orderBy=Asc', 2, 'literal'],
  ['filters only (same 3 + price)', 'frameShapeId=3&frameMaterialId=1,2&genderIdList=1,4&netPrice_From=500&netPrice_To=1200&sortBy=netPrice&orderBy=Asc', 2, 'literal'],
  ['one filter: genderIdList=1', 'genderIdList=1', 1, 'literal'],
  ['in stock + colour', 'isAvailable=true&frameColorIdList=1,2', 1, 'literal'],
  ['sort by name, page 50', 'sortBy=productName&orderBy=Asc', 50, 'literal'],
  ['text: aviator', 'searchText=aviator', 1, 'literal'],
  ['text: black (half the catalogue)', 'searchText=black', 1, 'literal'],
  ['text: urbanoptix (no space)', 'searchText=urbanoptix', 1, 'literal'],
  ['text: uoav1042 (model, no hyphens)', 'searchText=uoav1042', 1, 'literal'],
  ['text: aviatr (typo, corrected retry)', 'searchText=aviatr', 1, 'corrected'],
  ['express: modelName=uo-av-10', 'modelName=uo-av-10', 1, 'literal'],
];

/**
 * [name, search string] of getFacets cases (its sort and page are ignored). Each is measured twice:
 * `facets SQL (before): …` is the one statement that grouped the matching rows (facetsSql, decision
 * 017); `facets: …` is what getFacets does now (decision 018): the refresh statement (execution) and
 * the whole call, statement and counting over this process's bitsets (wall).
 */
const FACET_CASES: [string, string][] = [
  ['facets: nothing chosen', ''],
  ['facets: 3 filters + price + text', 'frameShapeId=3&frameMaterialId=1,2&genderIdList=1,4&netPrice_From=500&netPrice_To=1200&searchText=black'],
  ['facets: in stock + colour', 'isAvailable=true&frameColorIdList=1,2'],
  ['facets: text: black', 'searchText=black'],
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
}

async function explainText(db: Db, statement: SQL, options: string): Promise<string> {
  const rows = await queryRows<Record<string, string>>(db, sql`explain (${sql.raw(options)}) ${statement}`);
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

async function measure(db: Db, statement: SQL, runs: number) {
  for (let i = 0; i < Math.max(20, runs / 2); i++) await queryRows(db, statement);
  const planning: number[] = [];
  const execution: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const text = await explainText(db, statement, 'analyze, timing off, summary on');
    planning.push(Number(/Planning Time: ([\d.]+)/.exec(text)?.[1] ?? NaN));
    execution.push(Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? NaN));
    const started = performance.now();
    await queryRows(db, statement);
    wall.push(performance.now() - started);
  }
  return { planning: median(planning), execution: median(execution), wall: median(wall), wallP95: p95(wall) };
}

/**
 * getAll's count from the bitsets (the call's wall, statement and counting): medians of `runs`
 * calls, then of calls for a text this process has not matched yet ('' without text), as two cells.
 */
async function measureTotal(index: FacetIndex, query: CatalogueQuery, runs: number): Promise<string> {
  const timed = async (forget: boolean) => {
    const wall: number[] = [];
    for (let i = 0; i < runs; i++) {
      if (forget) index.forgetTexts();
      const started = performance.now();
      await index.total(query);
      wall.push(performance.now() - started);
    }
    return median(wall).toFixed(2);
  };
  for (let i = 0; i < Math.max(20, runs / 2); i++) await index.total(query);
  const known = await timed(false);
  const fresh = query.searchText.trim() === '' && query.modelName.trim() === '' ? '' : await timed(true);
  return `${known} | ${fresh}`;
}

/** getFacets as the service runs it now: the first load, the memory it holds, then each case. */
async function measureFacetIndex(db: Db, runs: number, out: (line: string) => void) {
  const index = createFacetIndex(db);
  const heap = () => {
    globalThis.gc?.();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const heapBefore = heap();
  const started = performance.now();
  const empty = parseCatalogueSearch('');
  if (!empty.ok) throw new Error(empty.message);
  await index.count(empty.query);
  const loadMs = performance.now() - started;
  const stats = index.stats();
  const held = heap() - heapBefore;
  for (const [name, search] of FACET_CASES) {
    const parsed = parseCatalogueSearch(search);
    if (!parsed.ok) throw new Error(parsed.message);
    const statement = index.refreshStatement(parsed.query);
    for (let i = 0; i < Math.max(20, runs / 2); i++) await index.count(parsed.query);
    const planning: number[] = [];
    const execution: number[] = [];
    const wall: number[] = [];
    let total = 0;
    for (let i = 0; i < runs; i++) {
      const text = await explainText(db, statement, 'analyze, timing off, summary on');
      planning.push(Number(/Planning Time: ([\d.]+)/.exec(text)?.[1] ?? NaN));
      execution.push(Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? NaN));
      const callStarted = performance.now();
      total = (await index.count(parsed.query)).total;
      wall.push(performance.now() - callStarted);
    }
    out(`| ${name} | ${total} | ${median(planning).toFixed(2)} | ${median(execution).toFixed(2)} | ${median(wall).toFixed(2)} | ${p95(wall).toFixed(2)} |`);
    if (parsed.query.searchText === '') continue;
    // The same call for a text this process has not matched yet.
    const fresh: number[] = [];
    for (let i = 0; i < runs; i++) {
      index.forgetTexts();
      const callStarted = performance.now();
      await index.count(parsed.query);
      fresh.push(performance.now() - callStarted);
    }
    out(`| ${name} (text not seen before) | ${total} | | | ${median(fresh).toFixed(2)} | ${p95(fresh).toFixed(2)} |`);
  }
  out(
    `\nfacet bitsets: ${stats.styles} styles, typed arrays ${(stats.bytes / 1_048_576).toFixed(1)} MB, ` +
      `heap + array buffers held ${(held / 1_048_576).toFixed(1)} MB${globalThis.gc ? '' : ' (run with --expose-gc for a settled figure)'}, ` +
      `first load ${loadMs.toFixed(0)} ms`,
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '100' },
      plan: { type: 'string' },
      only: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(
      'Usage: DATA_DIR=<seeded folder> | DATABASE_URL=<url> npx tsx bench/explain-catalogue.ts [--runs 100] [--plan <case name prefix>] [--only <case name prefix>]\n',
    );
    return;
  }
  const runs = Number(values.runs);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 1 });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const db = database.db;
    const [retailer] = await queryRows<{ id: number }>(db, sql`select id from retailers where email = 'retailer@frameport.test'`);
    const [counts] = await queryRows<{ n: number }>(db, sql`select count(*) as n from products`);
    const pricing = { retailerId: retailer?.id ?? null, now: new Date() };
    out(`${database.kind}, ${counts?.n} styles, ${runs} runs per case (medians; wall = driver round trip)\n`);
    out('| case | matches | planning ms | execution ms | wall ms | wall p95 ms | bitset count ms | … new text |');
    out('|---|---:|---:|---:|---:|---:|---:|---:|');
    const statements: [string, SQL][] = [];
    // getAll's count from the bitsets where the statement does not count itself (search.ts countedInStatement).
    const counter = createFacetIndex(db);
    const bitsetCounts = new Map<string, string>();
    for (const [name, search, pageNumber, mode] of EXPLAIN_CASES) {
      const parsed = parseCatalogueSearch(search);
      if (!parsed.ok) throw new Error(parsed.message);
      // The corrected retry as getAll runs it: the corrections read first (not timed here), then the statement.
      const lookup = mode === 'corrected' ? correctionsSql(parsed.query) : null;
      const corrections = lookup ? toCorrections(await queryRows<{ word: string; term: string; sim: number }>(db, lookup)) : undefined;
      const fromBitsets = mode === 'literal' && !countedInStatement(parsed.query, mode);
      const knownTotal = fromBitsets ? await counter.total(parsed.query) : undefined;
      if (fromBitsets && (!values.only || name.startsWith(values.only))) bitsetCounts.set(name, await measureTotal(counter, parsed.query, runs));
      statements.push([name, catalogueSearchSql(parsed.query, { pageNumber, pageSize: 14 }, pricing, mode, { corrections, knownTotal })]);
    }
    for (const [name, search] of FACET_CASES) {
      const parsed = parseCatalogueSearch(search);
      if (!parsed.ok) throw new Error(parsed.message);
      statements.push([name.replace('facets:', 'facets SQL (before):'), facetsSql(parsed.query)]);
    }
    const [first] = await queryRows<{ id: number }>(db, sql`select id from products where is_active order by id limit 1`);
    statements.push(['get?id', productByIdSql(first!.id, pricing)]);
    statements.push(['getRelatedProducts (8)', relatedProductsSql(first!.id, 8, pricing)]);
    for (const [name, statement] of statements) {
      if (values.only && !name.startsWith(values.only)) continue;
      const rows = await queryRows<{ total?: number | null; bit?: number; count?: number }>(db, statement);
      const [row] = rows;
      // getAll: the count (counted up to COUNT_LIMIT + 1); facets: the search's own count (exact).
      const matches = name.startsWith('get')
        ? ''
        : name.startsWith('facets')
          ? String(rows.find((r) => r.bit === 0)?.count ?? 0)
          : String(row?.total ?? 0);
      const m = await measure(db, statement, runs);
      out(`| ${name} | ${matches} | ${m.planning.toFixed(2)} | ${m.execution.toFixed(2)} | ${m.wall.toFixed(2)} | ${m.wallP95.toFixed(2)} | ${bitsetCounts.get(name) ?? ' | '} |`);
      if (values.plan && name.startsWith(values.plan)) {
        out(`\n\`\`\`\n${await explainText(db, statement, 'analyze, buffers, costs off')}\n\`\`\`\n`);
      }
    }
    await measureFacetIndex(db, runs, out);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exitCode = 1;
});
