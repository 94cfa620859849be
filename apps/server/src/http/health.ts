import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { heartbeats } from '../db/schema.ts';

export type HealthOptions = {
  database: Database;
  clock: Clock;
  /**
   * Work to finish before the first 200 (warming the statements the first requests need), run
   * when the server becomes ready; until then /healthz answers 503 `starting`.
   */
  warm?: () => Promise<void>;
};

/**
 * GET /healthz, for a load balancer: 200 only when this server can take orders. That needs the
 * database to answer a read AND take a write: a server whose database disk is full (53100) still
 * answers reads, and would otherwise keep receiving orders it can only fail. The write is an
 * upsert of this server's row in `heartbeats`, keyed by an id unique to the process.
 */
export async function healthRoutes(app: FastifyInstance, { database, clock, warm }: HealthOptions) {
  const instance = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let warmed = warm === undefined;

  if (warm) {
    app.addHook('onReady', async () => {
      const started = performance.now();
      try {
        await warm();
        app.log.info({ ms: Math.round(performance.now() - started) }, 'warmed up');
      } catch (error) {
        // Cold is slower, not wrong: serve anyway.
        app.log.warn({ err: error }, 'warm-up failed; serving cold');
      }
      warmed = true;
    });
  }
  app.addHook('onClose', async () => {
    await database.db
      .delete(heartbeats)
      .where(eq(heartbeats.instance, instance))
      .catch(() => {});
  });

  app.get('/healthz', { schema: { hide: true }, config: { auth: 'public' } }, async (_request, reply) => {
    if (!warmed) return reply.code(503).send({ status: 'starting', database: database.kind });
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
