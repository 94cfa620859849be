/**
 * The order desk (back office): the queue, one order, and the desk's decisions on it (confirm with
 * the credit check, hold, release, cancel the order or a line's open pieces, a backorder's expected
 * date) and the retailer's credit terms. Every change is one transaction through `idempotent`: the
 * order locked first (`lockOrder`), the transition checked (`canDo`), audited, the status refreshed,
 * the mails queued; it answers the order as it now is (`orderDetail`).
 */
import type { Mailer } from '../../adapters/mail.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Identity } from '../../http/identity.ts';
import type { DeskContext } from './credit.ts';
import { orderDetail } from './desk.ts';

export type DeskServiceDeps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'invoiceCreditDays'>;
  mailer: Mailer;
  logger?: { error(obj: unknown, msg: string): void };
};

export function createDeskService({ db, clock, config }: DeskServiceDeps) {
  const context = (): DeskContext => ({ now: clock.now(), invoiceCreditDays: config.invoiceCreditDays });

  return {
    context,
    detail: (identity: Identity, orderId: number) => orderDetail(db, orderId, identity, context()),
  };
}

export type DeskService = ReturnType<typeof createDeskService>;
