/**
 * Test data for payments: an invoice (with the order it belongs to) written straight into the
 * database, so payment tests need neither the cart nor the admin endpoint that raises invoices.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, orders } from '../../db/schema.ts';

export async function createInvoice(
  db: Db,
  input: { retailerId: number; userId: number; amountPaise: number; paidPaise?: number; invoiceDate?: string },
): Promise<{ id: number; invoiceNo: string; orderId: number }> {
  const tag = randomBytes(4).toString('hex').toUpperCase();
  const [order] = await db
    .insert(orders)
    .values({
      orderRefNo: `TEST/ORDER/${tag}`,
      retailerId: input.retailerId,
      placedByUserId: input.userId,
      status: 'Delivered',
      billToBusinessName: 'Test Opticals',
      billToAddress: '12 Test Street',
      billToCity: 'Hyderabad',
      billToState: 'Telangana',
      billToStateCode: '36',
      billToCountry: 'India',
      billToPinCode: '500001',
      companyStateCode: '36',
      totalQuantity: 1,
      subtotalPaise: input.amountPaise,
      taxablePaise: input.amountPaise,
      totalPaise: input.amountPaise,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order not written');
  const invoiceNo = `TI/${tag}`;
  const [invoice] = await db
    .insert(invoices)
    .values({
      invoiceNo,
      financialYear: '2026-27',
      orderId: order.id,
      retailerId: input.retailerId,
      invoiceDate: input.invoiceDate ?? '2026-10-01',
      amountPaise: input.amountPaise,
      paidPaise: input.paidPaise ?? 0,
    })
    .returning({ id: invoices.id });
  if (!invoice) throw new Error('invoice not written');
  return { id: invoice.id, invoiceNo, orderId: order.id };
}

/** An invoice as it stands: amounts and the database's derived status. */
export async function invoiceState(db: Db, invoiceId: number) {
  const [row] = await db
    .select({ paidPaise: invoices.paidPaise, balancePaise: invoices.balancePaise, paymentStatus: invoices.paymentStatus })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!row) throw new Error(`invoice ${invoiceId} not found`);
  return row;
}
