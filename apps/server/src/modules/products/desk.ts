/**
 * The catalogue desk's style service for the API: each write one transaction (with its audit row,
 * service.ts), answered with the style as it now is; reads through read.ts.
 */
import { catalogueDeskMessages, istDateOf } from '@frameport/domain';
import type { AdminProductDetail, AdminProductsQuery, StyleInput, StylePatch } from '@frameport/domain/contract';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { catalogueMasters, listStyles, styleDetail } from './read.ts';
import { createStyle, patchStyle, setStylesActive, type WriteOutcome } from './service.ts';

const text = catalogueDeskMessages.product;

export type Actor = { userId: number; ip?: string };

export function createProductsService({ db, clock }: { db: Db; clock: Clock }) {
  const today = () => istDateOf(clock.now());

  async function detailOrThrow(dbx: Db | Tx, productId: number): Promise<AdminProductDetail> {
    const detail = await styleDetail(dbx, productId);
    if (!detail) throw new AppError('not_found', text.notFound);
    return detail;
  }

  /** Runs one write in a transaction and answers the style it wrote; refusals roll everything back. */
  async function write(run: (tx: Tx, at: Date) => Promise<WriteOutcome>): Promise<AdminProductDetail> {
    return db.transaction(async (tx) => {
      const outcome = await run(tx, clock.now());
      if (!outcome.ok) {
        if (outcome.kind === 'not_found') throw new AppError('not_found', text.notFound);
        if (outcome.kind === 'conflict') throw new AppError('conflict', outcome.message);
        throw new AppError('invalid', outcome.problems.map((p) => p.message).join(' '));
      }
      return detailOrThrow(tx, outcome.productId);
    });
  }

  async function setActive(actor: Actor, ids: readonly number[], active: boolean) {
    return db.transaction(async (tx) => {
      const result = await setStylesActive(tx, ids, active, { actorUserId: actor.userId, at: clock.now(), ...(actor.ip ? { ip: actor.ip } : {}) });
      if (result.missing.length > 0) throw new AppError('not_found', ids.length === 1 ? text.notFound : text.bulkUnknown(result.missing));
      return result;
    });
  }

  return {
    list: (query: AdminProductsQuery) => listStyles(db, query, today()),
    detail: (productId: number) => detailOrThrow(db, productId),
    masters: () => catalogueMasters(db, today()),
    create: (actor: Actor, input: StyleInput) =>
      write((tx, at) => createStyle(tx, input, { actorUserId: actor.userId, at, ...(actor.ip ? { ip: actor.ip } : {}) })),
    patch: (actor: Actor, productId: number, patch: StylePatch) =>
      write((tx, at) => patchStyle(tx, productId, patch, { actorUserId: actor.userId, at, ...(actor.ip ? { ip: actor.ip } : {}) })),
    /** Deactivates or activates one style; answers it as it now is (doing it twice changes nothing the second time). */
    async setOneActive(actor: Actor, productId: number, active: boolean): Promise<AdminProductDetail> {
      await setActive(actor, [productId], active);
      return detailOrThrow(db, productId);
    },
    /** Bulk activate / deactivate: all or nothing (an unknown id refuses the lot). */
    async bulk(actor: Actor, ids: readonly number[], action: 'activate' | 'deactivate') {
      const result = await setActive(actor, ids, action === 'activate');
      return { changed: result.changed.length, unchanged: result.unchanged.length };
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
