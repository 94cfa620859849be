import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import { emptyCatalogueQuery } from '@frameport/domain';
import type { Database, Db } from '../db/client.ts';
import { heartbeats, retailers } from '../db/schema.ts';
import type { CartService } from '../modules/cart/service.ts';
import type { CatalogueService } from '../modules/catalogue/service.ts';
import type { Identity } from './identity.ts';

export type HealthOptions = {
  database: Database;
  clock: Clock;
  /**
   * Work to finish before the first 200 (warming what the first requests need), run when the
   * server becomes ready: `listen()` waits for it, so nothing is served cold.
   */
  warm?: () => Promise<void>;
};

/**
 * What the first callers after a start would otherwise pay for (measured: the first catalogue
 * page after a restart took about 3x the second, the first cart read about 1.3x): the database's
 * table and index metadata, the pages of the catalogue's hot tables and indexes, the session
 * lookup, and the default first catalogue page in the read cache. Read-only.
 */
export async function warmCatalogueAndCart({
  db,
  catalogue,
  cart,
  authenticate,
}: {
  db: Db;
  catalogue: Pick<CatalogueService, 'search' | 'filters' | 'facets'>;
  cart: Pick<CartService, 'view'>;
  authenticate: (token: string) => Promise<unknown>;
}): Promise<void> {
  await authenticate('warm-up-token-that-matches-no-session');
  const [retailer] = await db.select({ id: retailers.id, email: retailers.email }).from(retailers).orderBy(retailers.id).limit(1);
  const firstPage = { pageNumber: 1, pageSize: 20 };
  // The first search also loads the facet bitsets getAll counts from (decision 019): the whole search table, seconds at 100,000 styles.
  await catalogue.search(emptyCatalogueQuery(), firstPage, retailer?.id ?? null);
  await catalogue.search({ ...emptyCatalogueQuery(), searchText: 'black' }, firstPage, retailer?.id ?? null);
  await catalogue.filters();
  await catalogue.facets(emptyCatalogueQuery());
  if (retailer) {
    // A read of the cart (nothing is written): its statements and tables.
    const identity: Identity = { userId: 0, sessionId: 0, email: retailer.email, name: 'warm-up', role: 'retailer', retailerId: retailer.id };
    await cart.view({ identity, retailerId: retailer.id, retailerEmail: retailer.email, onBehalf: false }, 1, 20);
  }
}

/** The longest the server waits for its warm-up before serving anyway. */
const WARM_UP_LIMIT_MS = 6_000;

/**
 * GET /healthz, for a load balancer: 200 only when this server can take orders. That needs the
 * database to answer a read AND take a write: a server whose database disk is full (53100) still
 * answers reads, and would otherwise keep receiving orders it can only fail. The write is an
 * upsert of this server's row in `heartbeats`, keyed by an id unique to the process.
 */
export async function healthRoutes(app: FastifyInstance, { database, clock, warm }: HealthOptions) {
  const instance = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  if (warm) {
    app.addHook('onReady', async () => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      // Bounded: a database that hangs must not stop the server from starting (Fastify gives
      // onReady hooks 10 s); the warm-up then goes on in the background.
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), WARM_UP_LIMIT_MS)));
      try {
        const outcome = await Promise.race([warm().then(() => 'done' as const), late]);
        if (outcome === 'late') app.log.warn({ ms: WARM_UP_LIMIT_MS }, 'warm-up still running; serving anyway');
        else app.log.info({ ms: Math.round(performance.now() - started) }, 'warmed up');
      } catch (error) {
        // Cold is slower, not wrong: serve anyway.
        app.log.warn({ err: error }, 'warm-up failed; serving cold');
      } finally {
        clearTimeout(timer);
      }
    });
  }
  app.addHook('onClose', async () => {
    await database.db
      .delete(heartbeats)
      .where(eq(heartbeats.instance, instance))
      .catch(() => {});
  });

  app.get('/healthz', { schema: { hide: true }, config: { auth: 'public' } }, async (_request, reply) => {
    try {
      await database.ping();
    } catch (error) {
      app.log.error({ err: error }, 'health check: database does not answer');
      return reply.code(503).send({ status: 'unavailable', database: database.kind, failed: 'read' });
    }
    try {
      const now = clock.now();
      await database.db
        .insert(heartbeats)
        .values({ instance, beatAt: now })
        .onConflictDoUpdate({ target: heartbeats.instance, set: { beatAt: now } });
    } catch (error) {
      app.log.error({ err: error }, 'health check: database does not take writes');
      return reply.code(503).send({ status: 'unavailable', database: database.kind, failed: 'write' });
    }
    return { status: 'ok', database: database.kind };
  });
}
