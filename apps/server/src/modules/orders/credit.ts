/**
 * A retailer's credit position, written once for the order desk (an order's detail, the confirm
 * check, the credit screen):
 * - outstanding: the balances of its unpaid invoices;
 * - on order: what confirmed, not cancelled orders (Confirmed, On hold after confirming, Partially
 *   dispatched) will still bill: their total less what their invoices already billed;
 * - overdue: balances of invoices past their due date (the invoice's own, else invoice date plus the
 *   configured default terms), the oldest one's days and number.
 * The rules (available credit, why a confirm is refused) are the domain's `creditPosition` and
 * `creditRefusals`; the texts are `deskMessages.credit`.
 */
import { sql } from 'drizzle-orm';
import {
  creditPosition,
  creditRefusals,
  deskMessages,
  istDateOf,
  paiseToRupees,
  type CreditPosition,
  type CreditRefusal,
  type Paise,
} from '@frameport/domain';
import type { CreditPositionView } from '@frameport/domain/contract';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';

/** What the desk's reads need besides the database: today (India) and the default payment terms. */
export type DeskContext = { now: Date; invoiceCreditDays: number };

export type RetailerCreditBook = CreditPosition & {
  retailerId: number;
  businessName: string;
  paymentTermsDays: number | null;
  /** The retailer's terms, or the default. */
  effectiveTermsDays: number;
  oldestOverdueInvoiceNo: string | null;
  creditUpdatedAt: Date | null;
  creditUpdatedByUserId: number | null;
  /** The part of on order that is `forOrderId`'s own (0 when it is not counted there). */
  ownOnOrderPaise: Paise;
};

const num = (value: unknown): number => Number(value ?? 0);

/**
 * The credit position of a retailer as of `context.now`. With `forOrderId`, also that order's own
 * share of "on order", so its credit check does not count it twice. 404 for an unknown retailer.
 */
export async function creditBookOf(
  dbx: DbOrTx,
  retailerId: number,
  context: DeskContext,
  forOrderId?: number,
): Promise<RetailerCreditBook> {
  const [row] = await creditRows(dbx, [retailerId], context, forOrderId ?? 0);
  if (!row) throw new AppError('not_found', deskMessages.credit.retailerNotFound);
  return bookOf(row, context);
}

/**
 * The credit positions of many retailers in one statement (a sales executive's book), by retailer
 * id; unknown ids are absent. The same reads and rules as `creditBookOf`.
 */
export async function creditBooksOf(dbx: DbOrTx, retailerIds: readonly number[], context: DeskContext): Promise<Map<number, RetailerCreditBook>> {
  if (retailerIds.length === 0) return new Map();
  const rows = await creditRows(dbx, retailerIds, context, 0);
  return new Map(rows.map((row) => [num(row.id), bookOf(row, context)]));
}

async function creditRows(dbx: DbOrTx, retailerIds: readonly number[], context: DeskContext, orderId: number) {
  const today = istDateOf(context.now);
  const days = context.invoiceCreditDays;
  return queryRows<Record<string, unknown>>(
    dbx,
    sql`select r.id, r.business_name, r.credit_limit_paise, r.payment_terms_days, r.credit_hold, r.credit_hold_reason,
        r.credit_updated_at, r.credit_updated_by_user_id,
        coalesce(inv.outstanding, 0) as outstanding,
        coalesce(inv.overdue, 0) as overdue,
        inv.oldest_due,
        inv.oldest_no,
        coalesce(oo.on_order, 0) as on_order,
        coalesce(oo.own, 0) as own
      from retailers r
      left join lateral (
        select sum(i.balance_paise) as outstanding,
          sum(i.balance_paise) filter (where coalesce(i.due_date, i.invoice_date + ${days}::int) < ${today}::date) as overdue,
          min(coalesce(i.due_date, i.invoice_date + ${days}::int))::text as oldest_due,
          (array_agg(i.invoice_no order by coalesce(i.due_date, i.invoice_date + ${days}::int), i.id)
            filter (where coalesce(i.due_date, i.invoice_date + ${days}::int) < ${today}::date))[1] as oldest_no
        from invoices i
        where i.retailer_id = r.id and i.balance_paise > 0
      ) inv on true
      left join lateral (
        select sum(u.unbilled) as on_order, sum(u.unbilled) filter (where u.id = ${orderId}) as own
        from (
          select o.id, greatest(0, o.total_paise - coalesce((select sum(b.amount_paise) from invoices b where b.order_id = o.id), 0)) as unbilled
          from orders o
          where o.retailer_id = r.id and o.cancelled_at is null and o.confirmed_at is not null
            and o.status in ('Confirmed', 'On hold', 'Partially dispatched')
        ) u
      ) oo on true
      where r.id in (${sql.join(
        retailerIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
}

function bookOf(row: Record<string, unknown>, context: DeskContext): RetailerCreditBook {
  const today = istDateOf(context.now);
  const days = context.invoiceCreditDays;
  const oldestDue = row.oldest_due === null || row.oldest_due === undefined ? null : String(row.oldest_due).slice(0, 10);
  const oldestOverdueDays = oldestDue !== null && oldestDue < today ? daysBetween(oldestDue, today) : 0;
  const position = creditPosition({
    creditLimitPaise: num(row.credit_limit_paise),
    creditHold: row.credit_hold === true,
    creditHoldReason: (row.credit_hold_reason as string | null) ?? null,
    outstandingPaise: num(row.outstanding),
    onOrderPaise: num(row.on_order),
    overduePaise: num(row.overdue),
    oldestOverdueDays,
  });
  const terms = row.payment_terms_days === null ? null : num(row.payment_terms_days);
  return {
    ...position,
    retailerId: num(row.id),
    businessName: String(row.business_name),
    paymentTermsDays: terms,
    effectiveTermsDays: terms ?? days,
    oldestOverdueInvoiceNo: oldestOverdueDays > 0 ? ((row.oldest_no as string | null) ?? null) : null,
    creditUpdatedAt: row.credit_updated_at ? new Date(row.credit_updated_at as string | Date) : null,
    creditUpdatedByUserId: row.credit_updated_by_user_id === null ? null : num(row.credit_updated_by_user_id),
    ownOnOrderPaise: num(row.own),
  };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Why confirming an order of `orderPaise` would breach the book (its own share of on order left out). */
export function creditRefusalsFor(book: RetailerCreditBook, orderPaise: Paise): CreditRefusal[] {
  const withoutOwn = creditPosition({ ...book, onOrderPaise: book.onOrderPaise - book.ownOnOrderPaise });
  return creditRefusals(withoutOwn, orderPaise);
}

/** The refusals in the desk's words, one sentence each. */
export function creditReasonTexts(refusals: readonly CreditRefusal[]): string[] {
  return refusals.map((refusal) => {
    switch (refusal.reason) {
      case 'hold':
        return deskMessages.credit.hold(refusal.holdReason);
      case 'limit':
        return deskMessages.credit.limit(refusal.shortPaise);
      case 'overdue':
        return deskMessages.credit.overdue(refusal.days, refusal.overduePaise);
    }
  });
}

export function toCreditPositionView(book: RetailerCreditBook): CreditPositionView {
  return {
    retailerId: book.retailerId,
    creditLimit: paiseToRupees(book.creditLimitPaise),
    paymentTermsDays: book.effectiveTermsDays,
    paymentTermsDefault: book.paymentTermsDays === null,
    creditHold: book.creditHold,
    creditHoldReason: book.creditHoldReason,
    outstanding: paiseToRupees(book.outstandingPaise),
    onOrder: paiseToRupees(book.onOrderPaise),
    available: paiseToRupees(book.availablePaise),
    overdue: paiseToRupees(book.overduePaise),
    oldestOverdueDays: book.oldestOverdueDays,
    oldestOverdueInvoiceNo: book.oldestOverdueInvoiceNo,
  };
}
