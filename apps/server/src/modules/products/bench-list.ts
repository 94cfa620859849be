/**
 * Times GET /api/admin/products' query on a seeded database (not a test): median and p95 of each
 * listed query over 30 runs after 3 warm-up runs.
 *   DATABASE_URL=postgres://… npx tsx apps/server/src/modules/products/bench-list.ts
 */
import { AdminProductsQuerySchema } from '@frameport/domain/contract';
import { openDatabase } from '../../db/client.ts';
import { listStyles } from './read.ts';

const QUERIES: Record<string, Record<string, string>> = {
  'first page, newest': {},
  'sort stockAsc page 20': { sort: 'stockAsc', pageNumber: '20' },
  'page 100, by model': { sort: 'model', pageNumber: '100' },
  'q=aviator': { q: 'aviator' },
  'q=uo-av-10 (model number)': { q: 'uo-av-10' },
  'brand + type + gender': { brandId: '1', productTypeId: '1', genderId: '1' },
  'lowStock': { availability: 'lowStock' },
  'outOfStock, all': { availability: 'outOfStock', active: 'all' },
  'sort stockAsc': { sort: 'stockAsc' },
  'sort updated': { sort: 'updated' },
  'sort priceDesc page 50': { sort: 'priceDesc', pageNumber: '50' },
};

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolMax: 2 });
try {
  for (const [label, raw] of Object.entries(QUERIES)) {
    const query = AdminProductsQuerySchema.parse(raw);
    for (let i = 0; i < 3; i++) await listStyles(database.db, query, '2026-11-20');
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      total = (await listStyles(database.db, query, '2026-11-20')).totalCount;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    process.stdout.write(`${label.padEnd(28)} median ${times[15]!.toFixed(1)} ms  p95 ${times[28]!.toFixed(1)} ms  (${total} styles)\n`);
  }
} finally {
  await database.close();
}
