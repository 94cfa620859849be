/**
 * Whether a retailer may order, and whom it is told to call when it may not: read by the cart (the
 * notice before Place order), by placing an order (the refusal) and by sign-in (a blocked shop).
 * Published to other modules; reads only.
 */
import { and, asc, eq } from 'drizzle-orm';
import { contactPhrase, retailerMessages, type RetailerContact } from '@frameport/domain';
import type { OrderingBlocked } from '@frameport/domain/contract';
import type { DbOrTx } from '../../db/client.ts';
import { corporateDetails, retailers, salesExecutiveRetailers, users } from '../../db/schema.ts';

/**
 * The retailer's sales executive (the first active one linked, by name) when there is one, else the
 * distributor's accounts contact (corporate details: company name, phone, email).
 */
export async function retailerContact(dbx: DbOrTx, retailerId: number): Promise<RetailerContact> {
  const [executive] = await dbx
    .select({ name: users.name, phone: users.phoneNumber, email: users.email })
    .from(salesExecutiveRetailers)
    .innerJoin(users, eq(users.id, salesExecutiveRetailers.salesExecutiveUserId))
    .where(and(eq(salesExecutiveRetailers.retailerId, retailerId), eq(users.isActive, true)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(1);
  if (executive) return { kind: 'salesExecutive', name: executive.name, phone: executive.phone || null, email: executive.email };
  return distributorContact(dbx);
}

export async function distributorContact(dbx: DbOrTx): Promise<RetailerContact> {
  const [company] = await dbx
    .select({ name: corporateDetails.companyName, phone: corporateDetails.contactNumber, email: corporateDetails.emailId })
    .from(corporateDetails)
    .where(eq(corporateDetails.id, 1));
  return { kind: 'accounts', name: company?.name ?? 'Frameport', phone: company?.phone || null, email: company?.email || null };
}

/**
 * Why this retailer cannot place an order now (blocked, or on credit hold), with the sentence to
 * show and whom to call; null when it can. `lock`: inside placing, the retailer row is read FOR
 * SHARE so a hold set at the same moment is either seen or waits for the order.
 */
export async function orderingBlocked(dbx: DbOrTx, retailerId: number, options: { lock?: boolean } = {}): Promise<OrderingBlocked | null> {
  const query = dbx
    .select({ status: retailers.status, creditHold: retailers.creditHold, creditHoldReason: retailers.creditHoldReason })
    .from(retailers)
    .where(eq(retailers.id, retailerId));
  const [row] = options.lock ? await query.for('share') : await query;
  if (!row) return null;
  if (row.status === 'Active' && !row.creditHold) return null;
  const contact = await retailerContact(dbx, retailerId);
  const phrase = contactPhrase(contact);
  if (row.status === 'Active') {
    return { reason: 'creditHold', message: retailerMessages.ordering.creditHold(row.creditHoldReason, phrase), contact };
  }
  const message =
    row.status === 'Pending'
      ? retailerMessages.ordering.pending
      : row.status === 'Rejected'
        ? retailerMessages.ordering.rejected
        : retailerMessages.ordering.blocked(phrase);
  return { reason: 'blocked', message, contact };
}
