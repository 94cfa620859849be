/**
 * Idempotent state changes for the back office: a call that carries an `Idempotency-Key` header
 * claims the key inside its own transaction, before it changes anything. A retry (a double click,
 * a lost answer, a second tab) with the same key waits on the first one's row lock, then answers
 * what the first answered and changes nothing; the same key on another call is a 409. Without the
 * header the call runs as it is (its own state checks then refuse a repeated transition with 409).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { deskMessages } from '@frameport/domain';
import type { Db, Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { requireIdentity } from './auth.ts';
import { AppError } from './errors.ts';

/** Keys are kept this long (housekeeping deletes older ones). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** The call a key belongs to: method and path with its ids, e.g. 'POST /api/admin/orders/12/confirm'. */
function requestOf(request: FastifyRequest): string {
  return `${request.method} ${request.url.split('?')[0]}`;
}

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  const key = Array.isArray(value) ? value[0] : value;
  return key?.trim() || undefined;
}

/**
 * Runs `change` in one transaction of `db`, once per Idempotency-Key of the caller: the first call
 * runs it and stores its result with the key (same transaction: both commit or neither does); a
 * repeat returns the stored result. `change` must return JSON-serialisable data.
 */
export async function idempotent<T>(db: Db, request: FastifyRequest, change: (tx: Tx) => Promise<T>): Promise<T> {
  const key = keyOf(request);
  if (key === undefined) return db.transaction(change);
  const userId = requireIdentity(request).userId;
  const call = requestOf(request);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, request: call })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      // Another transaction holds or held the key: its row is committed once we get here.
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!stored || stored.request !== call || stored.statusCode === null) {
        throw new AppError('conflict', deskMessages.idempotency.reused);
      }
      return stored.response as T;
    }
    const result = await change(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: 200, response: sql`${JSON.stringify(result ?? null)}::jsonb` })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return result;
  });
}
