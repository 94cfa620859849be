/** Invoice tests' steps through the API: a session, an order placed, its invoice raised. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { sessions } from '../db/schema.ts';
import { hashToken } from '../modules/account/service.ts';
import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';

export type Headers = { authorization: string };

/** A session straight in the database, valid whatever the test clock says (it is moved around here). */
export async function headersFor(t: TestApp, user: Pick<TestUser, 'userId'>): Promise<Headers> {
  const token = randomBytes(32).toString('base64url');
  await t.db.insert(sessions).values({ userId: user.userId, tokenHash: hashToken(token), expiresAt: new Date(Date.UTC(2035, 0, 1)) });
  return { authorization: `Bearer ${token}` };
}

/** Places an order through the API (cart, then placeOrder) at the test clock's time; returns its id. */
export async function placeOrder(
  t: TestApp,
  headers: Headers,
  items: { productId: number; colorVariant?: string; quantity: number }[],
): Promise<number> {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/Product/addItemsToCart',
    headers,
    payload: { Products: items.map((item) => ({ ProductId: item.productId, ColorVariant: item.colorVariant ?? 'C1', Quantity: item.quantity })) },
  });
  expect(added.statusCode, added.body).toBe(200);
  const cart = await t.app.inject({ url: '/api/Product/getCartItems', headers });
  const cartId = cart.json<{ Data: { billToInfo: { CartId: number } } }>().Data.billToInfo.CartId;
  const placed = await t.app.inject({ method: 'POST', url: '/api/Order/placeOrder', headers, payload: { CartId: cartId, Note: '' } });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json<{ Data: { OrderID: number } }>().Data.OrderID;
}

export function raiseInvoice(t: TestApp, headers: Headers, orderId: number | string) {
  return t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/invoice`, headers });
}

/** Raises through the API and answers the contract's reply (the call must succeed). */
export async function raised(t: TestApp, headers: Headers, orderId: number) {
  const response = await raiseInvoice(t, headers, orderId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: { InvoiceID: number; InvoiceNo: string; InvoiceDate: string; InvoiceAmount: number; created: boolean } }>().Data;
}
