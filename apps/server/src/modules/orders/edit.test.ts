import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartTotals, deskMessages, formatInr, lineTotals, paiseToRupees } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import {
  auditLog,
  discountRules,
  orderLines,
  orders,
  orderStatusHistory,
  productColours,
  products,
  retailers,
  shipmentLines,
  shipments,
  states,
  stockMovements,
} from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser, loginAs, type TestUser, HSN_NOT_IN_GST_TABLE } from '../../test/factories.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp.ts';

type Headers = { authorization: string };
type Party = TestUser & { headers: Headers };
type Line = { orderLineId: number; quantity: number } | { productCode: string; colorVariant: string; quantity: number };

let t: TestApp;
let smtp: SmtpReceiver;
let admin: Party;
let warehouse: Party;
let accounts: Party;

async function party<User extends TestUser>(user: User): Promise<User & { headers: Headers }> {
  return { ...user, headers: (await loginAs(t.app, user, true)).headers };
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
  admin = await party(await createStaffUser(t.db, 'admin'));
  warehouse = await party(await createStaffUser(t.db, 'warehouse'));
  accounts = await party(await createStaffUser(t.db, 'accounts'));
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function retailer(stateCode: '36' | '29' = '36') {
  return party(await createRetailer(t.db, { stateCode }));
}

/** Places an order of the retailer's through the cart, as the retailer would. */
async function placeOrder(r: Party, items: { productId: number; colour: string; quantity: number }[]): Promise<number> {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/Product/addItemsToCart',
    headers: r.headers,
    payload: { Products: items.map((i) => ({ ProductId: i.productId, ColorVariant: i.colour, Quantity: i.quantity })) },
  });
  expect(added.statusCode, added.body).toBe(200);
  const cart = await t.app.inject({ url: '/api/Product/getCartItems', headers: r.headers });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/Order/placeOrder',
    headers: r.headers,
    payload: { CartId: cart.json().Data.billToInfo.CartId, Note: '' },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().Data.OrderID;
}

function edit(who: Party, orderId: number, lines: Line[], options: { key?: string; note?: string; override?: string } = {}) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/lines`,
    headers: { ...who.headers, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    payload: {
      lines,
      ...(options.note ? { note: options.note } : {}),
      ...(options.override ? { override: { reason: options.override } } : {}),
    },
  });
}

const linesOf = (orderId: number) => t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
const orderOf = async (orderId: number) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const stockOf = async (variantId: number) =>
  (await t.db.select().from(productColours).where(eq(productColours.id, variantId)))[0]!.availableStockQuantity;
const editMovements = (orderId: number) =>
  t.db
    .select({ colour: stockMovements.productColourId, delta: stockMovements.delta, userId: stockMovements.userId })
    .from(stockMovements)
    .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.reason, 'order edited')))
    .orderBy(asc(stockMovements.productColourId));

/**
 * The order's totals are the sums of its lines, each line's money is `lineTotals` of its own price
 * for its billable pieces, and the whole equals the domain's cartTotals over those lines.
 */
async function expectTotalsAreSumOfLines(orderId: number) {
  const order = await orderOf(orderId);
  const lines = await linesOf(orderId);
  const computed = lines.map((line) =>
    lineTotals({
      unitPricePaise: line.unitPricePaise,
      quantity: line.quantity - line.cancelledQuantity,
      discountPerUnitPaise: line.discountPerUnitPaise,
      gstRatePercent: line.gstRatePercent,
      billToStateCode: order.billToStateCode,
      companyStateCode: order.companyStateCode,
    }),
  );
  lines.forEach((line, i) => {
    const c = computed[i]!;
    expect({ taxable: line.taxablePaise, cgst: line.cgstPaise, sgst: line.sgstPaise, igst: line.igstPaise, total: line.lineTotalPaise }).toEqual({
      taxable: c.taxablePaise,
      cgst: c.cgst,
      sgst: c.sgst,
      igst: c.igst,
      total: c.totalPaise,
    });
  });
  const totals = cartTotals(computed);
  expect({
    quantity: order.totalQuantity,
    gross: order.subtotalPaise,
    discount: order.discountPaise,
    taxable: order.taxablePaise,
    cgst: order.cgstPaise,
    sgst: order.sgstPaise,
    igst: order.igstPaise,
    total: order.totalPaise,
  }).toEqual({
    quantity: totals.quantity,
    gross: totals.grossPaise,
    discount: totals.discountPaise,
    taxable: totals.subtotalPaise,
    cgst: totals.cgst,
    sgst: totals.sgst,
    igst: totals.igst,
    total: totals.totalPaise,
  });
  return order;
}

/** The retailer's cart line for this product and colour, as the cart prices it now (the cart is emptied after). */
async function cartPriceOf(r: Party, productId: number, colour: string, quantity: number) {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/Product/addItemsToCart',
    headers: r.headers,
    payload: { Products: [{ ProductId: productId, ColorVariant: colour, Quantity: quantity }] },
  });
  expect(added.statusCode, added.body).toBe(200);
  const cart = (await t.app.inject({ url: '/api/Product/getCartItems', headers: r.headers })).json().Data;
  await t.app.inject({ method: 'DELETE', url: '/api/Product/clearCart', headers: r.headers });
  return cart.cartItems[0];
}

/** The first mail to `to` with this subject, waiting for it to arrive over SMTP. */
async function mailTo(to: string, subject: string): Promise<ParsedMail> {
  for (let waited = 0; waited < 5000; waited += 25) {
    const mail = smtp.received.find(
      (m) => m.subject === subject && [m.to].flat().some((a) => a?.value.some((v) => v.address?.toLowerCase() === to.toLowerCase())),
    );
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}

async function telanganaRule(name: string, pricePaise: number, percent: number) {
  const [telangana] = await t.db.select().from(states).where(eq(states.stateCode, '36'));
  await t.db.insert(discountRules).values({
    name,
    stateId: telangana!.id,
    usePercentage: true,
    discountPercentage: percent,
    priceFromPaise: pricePaise,
    priceToPaise: pricePaise,
  });
}

/** A shipment of the order in the given status carrying these pieces, written straight into the database. */
async function shipment(orderId: number, status: 'Packing' | 'Packed', lines: { orderLineId: number; quantity: number }[]) {
  await t.db.update(orders).set({ status: 'Confirmed', confirmedAt: t.clock.now() }).where(eq(orders.id, orderId));
  const [row] = await t.db
    .insert(shipments)
    .values({ orderId, shipmentNo: 1, status, ...(status === 'Packed' ? { boxes: 1, packedAt: t.clock.now() } : {}) })
    .returning({ id: shipments.id });
  await t.db.insert(shipmentLines).values(lines.map((l) => ({ shipmentId: row!.id, ...l })));
}

describe('PUT /api/admin/orders/:id/lines', () => {
  it('changes quantities up and down: stock taken and returned exactly, one movement per colour, changed lines repriced, unchanged kept', async () => {
    const r = await retailer('36');
    const p = await createProduct(t.db, { netPricePaise: 150_000, stocks: [20, 20, 20] });
    const [c1, c2, c3] = p.variants;
    const orderId = await placeOrder(r, [
      { productId: p.productId, colour: 'C1', quantity: 5 },
      { productId: p.productId, colour: 'C2', quantity: 5 },
      { productId: p.productId, colour: 'C3', quantity: 2 },
    ]);
    expect([await stockOf(c1!.id), await stockOf(c2!.id), await stockOf(c3!.id)]).toEqual([15, 15, 18]);
    // A discount starting after the order was placed: the changed lines get it, the unchanged one keeps its placed price.
    await telanganaRule('Telangana 10% (edit)', 150_000, 10);
    const [l1, l2, l3] = await linesOf(orderId);

    const response = await edit(warehouse, orderId, [
      { orderLineId: l1!.id, quantity: 8 },
      { orderLineId: l2!.id, quantity: 3 },
      { orderLineId: l3!.id, quantity: 2 },
    ]);
    expect(response.statusCode, response.body).toBe(200);

    expect([await stockOf(c1!.id), await stockOf(c2!.id), await stockOf(c3!.id)]).toEqual([12, 17, 18]);
    expect(await editMovements(orderId)).toEqual([
      { colour: c1!.id, delta: -3, userId: warehouse.userId },
      { colour: c2!.id, delta: 2, userId: warehouse.userId },
    ]);
    const [a, b, c] = await linesOf(orderId);
    expect([a!.quantity, b!.quantity, c!.quantity]).toEqual([8, 3, 2]);
    expect([a!.discountPerUnitPaise, b!.discountPerUnitPaise, c!.discountPerUnitPaise]).toEqual([15_000, 15_000, 0]);
    expect([a!.discountName, c!.discountName]).toEqual(['Telangana 10% (edit)', null]);
    expect(c).toEqual(l3);
    // The changed lines are what the cart charges for the same pieces now.
    const cartLine = await cartPriceOf(r, p.productId, 'C1', 8);
    expect(paiseToRupees(a!.lineTotalPaise)).toBe(cartLine.CartProductTotPrice);
    expect(paiseToRupees(a!.taxablePaise)).toBe(cartLine.costPriceWithoutGST);
    const order = await expectTotalsAreSumOfLines(orderId);
    expect(order.totalQuantity).toBe(13);
    expect(order.status).toBe('Placed');
    // The answer is the order as it now is.
    const detail = response.json().Data;
    expect(detail.lines.map((l: { id: number; quantity: number }) => [l.id, l.quantity])).toEqual([
      [l1!.id, 8],
      [l2!.id, 3],
      [l3!.id, 2],
    ]);
    expect(detail.totals).toMatchObject({ quantity: 13, total: paiseToRupees(order.totalPaise) });
    expect(detail.history.at(-1)).toMatchObject({ status: 'Placed', note: expect.stringMatching(/^Edited: .* C1: 5 → 8; .* C2: 5 → 3; new total ₹/) });
    expect(detail.actions.edit).toBe(true);
  });

  it("adds a line by model number and colour, priced with the retailer's state discount exactly as its cart would", async () => {
    const r = await retailer('36');
    const kept = await createProduct(t.db, { netPricePaise: 99_900, stocks: [10] });
    const added = await createProduct(t.db, { netPricePaise: 123_456, gstRatePercent: 12, hsnCode: HSN_NOT_IN_GST_TABLE, stocks: [10, 7] });
    await t.db.update(products).set({ modelName: `UO-AV-${added.productId}` }).where(eq(products.id, added.productId));
    await telanganaRule('Telangana 10% (add)', 123_456, 10);
    const orderId = await placeOrder(r, [{ productId: kept.productId, colour: 'C1', quantity: 4 }]);
    const [line] = await linesOf(orderId);

    const response = await edit(admin, orderId, [
      { orderLineId: line!.id, quantity: 4 },
      { productCode: `uo-av-${added.productId}`, colorVariant: 'c2', quantity: 3 },
    ]);
    expect(response.statusCode, response.body).toBe(200);

    const lines = await linesOf(orderId);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual(line);
    const newLine = lines[1]!;
    expect(newLine).toMatchObject({
      productColourId: added.variants[1]!.id,
      productId: added.productId,
      modelName: `UO-AV-${added.productId}`,
      colorVariant: 'C2',
      quantity: 3,
      unitPricePaise: 123_456,
      discountPerUnitPaise: 12_346,
      discountName: 'Telangana 10% (add)',
      gstRatePercent: 12,
      cgstRatePercent: 6,
      sgstRatePercent: 6,
      igstRatePercent: 0,
      isFree: false,
    });
    expect(await stockOf(added.variants[1]!.id)).toBe(4);
    expect(await editMovements(orderId)).toEqual([{ colour: added.variants[1]!.id, delta: -3, userId: admin.userId }]);
    const cartLine = await cartPriceOf(r, added.productId, 'C2', 3);
    expect(cartLine.Discount.TotalDiscount).toBe(paiseToRupees(newLine.discountPerUnitPaise));
    expect(paiseToRupees(newLine.taxablePaise)).toBe(cartLine.costPriceWithoutGST);
    expect(paiseToRupees(newLine.cgstPaise)).toBe(cartLine.CGSTValue);
    expect(paiseToRupees(newLine.lineTotalPaise)).toBe(cartLine.CartProductTotPrice);
    await expectTotalsAreSumOfLines(orderId);
  });

  it('removes a line left out of the list and returns its stock; the audit and the history record the diff', async () => {
    const r = await retailer('29');
    const p = await createProduct(t.db, { netPricePaise: 50_000, stocks: [10, 10] });
    const orderId = await placeOrder(r, [
      { productId: p.productId, colour: 'C1', quantity: 3 },
      { productId: p.productId, colour: 'C2', quantity: 4 },
    ]);
    const [l1, l2] = await linesOf(orderId);
    const response = await edit(admin, orderId, [{ orderLineId: l1!.id, quantity: 3 }], { note: 'Retailer phoned' });
    expect(response.statusCode, response.body).toBe(200);

    expect((await linesOf(orderId)).map((l) => l.id)).toEqual([l1!.id]);
    expect(await stockOf(p.variants[1]!.id)).toBe(10);
    expect(await editMovements(orderId)).toEqual([{ colour: p.variants[1]!.id, delta: 4, userId: admin.userId }]);
    const order = await expectTotalsAreSumOfLines(orderId);
    expect(order.igstPaise).toBeGreaterThan(0);

    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'order.edit'), eq(auditLog.entityId, String(orderId))));
    expect(audit).toMatchObject({ actorUserId: admin.userId, entity: 'order' });
    expect(audit!.details).toMatchObject({
      before: [
        { orderLineId: l1!.id, quantity: 3 },
        { orderLineId: l2!.id, quantity: 4, colorVariant: 'C2' },
      ],
      after: [{ orderLineId: l1!.id, quantity: 3 }],
      note: 'Retailer phoned',
    });
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id));
    expect(history.at(-1)).toMatchObject({
      status: 'Placed',
      changedByUserId: admin.userId,
      note: `Edited: removed ${l2!.productCode} C2 × 4; new total ${formatInr(order.totalPaise)} (Retailer phoned)`,
    });
  });

  it('mails the diff to the retailer and its linked sales executive', async () => {
    const r = await retailer('36');
    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r.retailerId] });
    const p = await createProduct(t.db, { netPricePaise: 80_000, stocks: [10, 10] });
    const q = await createProduct(t.db, { netPricePaise: 60_000, stocks: [10] });
    const removedProduct = await createProduct(t.db, { netPricePaise: 40_000, stocks: [10] });
    const [qRow] = await t.db.select().from(products).where(eq(products.id, q.productId));
    const orderId = await placeOrder(r, [
      { productId: p.productId, colour: 'C2', quantity: 5 },
      { productId: removedProduct.productId, colour: 'C1', quantity: 1 },
    ]);
    const [l1, l2] = await linesOf(orderId);
    const response = await edit(warehouse, orderId, [
      { orderLineId: l1!.id, quantity: 3 },
      { productCode: qRow!.productCode, colorVariant: 'C1', quantity: 2 },
    ], { note: 'Swap <C2> & add the new model' });
    expect(response.statusCode, response.body).toBe(200);
    const order = await orderOf(orderId);
    for (const [to, greeting] of [
      [r.email, `Your order ${order.orderRefNo} has been changed:`],
      [sales.email, `Order ${order.orderRefNo} of ${order.billToBusinessName} has been changed:`],
    ] as const) {
      const mail = await mailTo(to, `Order ${order.orderRefNo} edited`);
      expect(mail.text).toContain(greeting);
      expect(mail.text).toContain(`${l1!.productCode} C2: 5 → 3`);
      expect(mail.text).toContain(`added ${qRow!.productCode} C1 × 2`);
      expect(mail.text).toContain(`removed ${l2!.productCode} C1 × 1`);
      expect(mail.text).toContain(`New total: ${formatInr(order.totalPaise)} including GST (5 pieces).`);
      expect(mail.text).toContain('Note: Swap <C2> & add the new model');
      expect(mail.html).toContain('Swap &lt;C2&gt; &amp; add the new model');
    }
  });

  it('repeats nothing for a repeated Idempotency-Key: one change, one movement, one audit row, one mail', async () => {
    const r = await retailer('36');
    const p = await createProduct(t.db, { netPricePaise: 70_000, stocks: [10] });
    const orderId = await placeOrder(r, [{ productId: p.productId, colour: 'C1', quantity: 2 }]);
    const [line] = await linesOf(orderId);
    const key = `edit-${orderId}-once`;
    const first = await edit(admin, orderId, [{ orderLineId: line!.id, quantity: 5 }], { key });
    const second = await edit(admin, orderId, [{ orderLineId: line!.id, quantity: 5 }], { key });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await stockOf(p.variants[0]!.id)).toBe(5);
    expect(await editMovements(orderId)).toHaveLength(1);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'order.edit'), eq(auditLog.entityId, String(orderId))))).toHaveLength(1);
    const order = await orderOf(orderId);
    await mailTo(r.email, `Order ${order.orderRefNo} edited`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.filter((m) => m.subject === `Order ${order.orderRefNo} edited`)).toHaveLength(1);
    // The same key on another call (another order's edit) is refused.
    const otherOrder = await placeOrder(r, [{ productId: p.productId, colour: 'C1', quantity: 1 }]);
    const [otherLine] = await linesOf(otherOrder);
    const other = await edit(admin, otherOrder, [{ orderLineId: otherLine!.id, quantity: 2 }], { key });
    expect([other.statusCode, other.json().Error.Message]).toEqual([409, deskMessages.idempotency.reused]);
    expect((await linesOf(otherOrder))[0]!.quantity).toBe(1);
  });

  it("refuses what the retailer's limits refuse (per colour, order quantity, order value) and changes nothing", async () => {
    const r = await retailer('36');
    const p = await createProduct(t.db, { netPricePaise: 100_000, stocks: [100, 100] });
    const orderId = await placeOrder(r, [
      { productId: p.productId, colour: 'C1', quantity: 10 },
      { productId: p.productId, colour: 'C2', quantity: 10 },
    ]);
    const [l1, l2] = await linesOf(orderId);
    const before = await orderOf(orderId);

    const perColour = await edit(admin, orderId, [
      { orderLineId: l1!.id, quantity: 21 },
      { orderLineId: l2!.id, quantity: 10 },
    ]);
    expect(perColour.statusCode).toBe(409);
    expect(perColour.json().Error.Message).toBe('Model quantity limit reached for this color (max 20 per colour)');

    await t.db.update(retailers).set({ maxOrderQuantity: 20 }).where(eq(retailers.id, r.retailerId));
    const quantity = await edit(admin, orderId, [
      { orderLineId: l1!.id, quantity: 11 },
      { orderLineId: l2!.id, quantity: 10 },
    ]);
    expect(quantity.statusCode).toBe(409);
    expect(quantity.json().Error.Message).toBe(messages.quantity.orderQuantityLimit);
    // Lowering is fine under a limit the order already reaches.
    const lower = await edit(admin, orderId, [
      { orderLineId: l1!.id, quantity: 9 },
      { orderLineId: l2!.id, quantity: 10 },
    ]);
    expect(lower.statusCode, lower.body).toBe(200);

    await t.db.update(retailers).set({ maxOrderQuantity: 500, maxOrderValuePaise: before.totalPaise }).where(eq(retailers.id, r.retailerId));
    const value = await edit(admin, orderId, [
      { orderLineId: l1!.id, quantity: 11 },
      { orderLineId: l2!.id, quantity: 10 },
    ]);
    expect(value.statusCode).toBe(409);
    expect(value.json().Error.Message).toBe(messages.quantity.orderValueLimit);

    expect((await linesOf(orderId)).map((l) => l.quantity)).toEqual([9, 10]);
    expect([await stockOf(p.variants[0]!.id), await stockOf(p.variants[1]!.id)]).toEqual([91, 90]);
    expect(await editMovements(orderId)).toEqual([{ colour: p.variants[0]!.id, delta: 1, userId: admin.userId }]);
  });

  it('refuses more than the stock left, and leaves the stock as it was', async () => {
    const r = await retailer('36');
    const p = await createProduct(t.db, { netPricePaise: 100_100, stocks: [6] });
    const orderId = await placeOrder(r, [{ productId: p.productId, colour: 'C1', quantity: 4 }]);
    const [line] = await linesOf(orderId);
    const response = await edit(admin, orderId, [{ orderLineId: line!.id, quantity: 7 }]);
    expect(response.statusCode).toBe(409);
    expect(response.json().Error.Message).toBe(deskMessages.order.stockShort(`${line!.productCode} C1`, 2));
    expect(await stockOf(p.variants[0]!.id)).toBe(2);
    expect((await edit(admin, orderId, [{ orderLineId: line!.id, quantity: 6 }])).statusCode).toBe(200);
    expect(await stockOf(p.variants[0]!.id)).toBe(0);
  });

  it('refuses to change a packed line, and a line in a shipment being packed below its pieces or out of the order', async () => {
    const r = await retailer('36');
    const p = await createProduct(t.db, { netPricePaise: 100_200, stocks: [10, 10, 10] });
    const packedOrder = await placeOrder(r, [
      { productId: p.productId, colour: 'C1', quantity: 3 },
      { productId: p.productId, colour: 'C2', quantity: 3 },
    ]);
    const [packed, free] = await linesOf(packedOrder);
    await shipment(packedOrder, 'Packed', [{ orderLineId: packed!.id, quantity: 1 }]);
    const refused = await edit(admin, packedOrder, [
      { orderLineId: packed!.id, quantity: 2 },
      { orderLineId: free!.id, quantity: 3 },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Error.Message).toBe(deskMessages.order.linePacked(`${packed!.productCode} C1`));
    // The other line of the (Confirmed) order can still change.
    const other = await edit(admin, packedOrder, [
      { orderLineId: packed!.id, quantity: 3 },
      { orderLineId: free!.id, quantity: 2 },
    ]);
    expect(other.statusCode, other.body).toBe(200);
    expect((await linesOf(packedOrder)).map((l) => l.quantity)).toEqual([3, 2]);

    const packingOrder = await placeOrder(r, [
      { productId: p.productId, colour: 'C3', quantity: 4 },
      { productId: p.productId, colour: 'C1', quantity: 1 },
    ]);
    const lines = await linesOf(packingOrder);
    const inPacking = lines.find((l) => l.colorVariant === 'C3');
    const rest = lines.find((l) => l.colorVariant === 'C1');
    await shipment(packingOrder, 'Packing', [{ orderLineId: inPacking!.id, quantity: 2 }]);
    const below = await edit(admin, packingOrder, [
      { orderLineId: inPacking!.id, quantity: 1 },
      { orderLineId: rest!.id, quantity: 1 },
    ]);
    expect(below.statusCode).toBe(409);
    expect(below.json().Error.Message).toBe(deskMessages.order.lineInShipment(`${inPacking!.productCode} C3`, 2));
    const removed = await edit(admin, packingOrder, [{ orderLineId: rest!.id, quantity: 1 }]);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().Error.Message).toBe(deskMessages.order.lineInShipment(`${inPacking!.productCode} C3`, 2));
    const down = await edit(admin, packingOrder, [
      { orderLineId: inPacking!.id, quantity: 2 },
      { orderLineId: rest!.id, quantity: 1 },
    ]);
    expect(down.statusCode, down.body).toBe(200);
    expect((await linesOf(packingOrder)).map((l) => [l.colorVariant, l.quantity])).toEqual([
      ['C1', 1],
      ['C3', 2],
    ]);
  });

  it('refuses an order that is Dispatched or Cancelled (409), an empty order, duplicates, unknown lines and products', async () => {
    const r = await retailer('36');
    const p = await createProduct(t.db, { netPricePaise: 100_300, stocks: [10, 10] });
    const orderId = await placeOrder(r, [{ productId: p.productId, colour: 'C1', quantity: 2 }]);
    const [line] = await linesOf(orderId);
    const label = `${line!.productCode} C1`;

    const none = await edit(admin, orderId, [{ orderLineId: line!.id, quantity: 0 }]);
    expect([none.statusCode, none.json().Error.Message]).toEqual([409, deskMessages.order.noLinesLeft]);
    const twice = await edit(admin, orderId, [
      { orderLineId: line!.id, quantity: 2 },
      { orderLineId: line!.id, quantity: 3 },
    ]);
    expect([twice.statusCode, twice.json().Error.Message]).toEqual([409, deskMessages.order.duplicateLine(label)]);
    const again = await edit(admin, orderId, [
      { orderLineId: line!.id, quantity: 2 },
      { productCode: line!.productCode, colorVariant: 'c1', quantity: 1 },
    ]);
    expect([again.statusCode, again.json().Error.Message]).toEqual([409, deskMessages.order.duplicateLine(label)]);
    const unknownLine = await edit(admin, orderId, [{ orderLineId: line!.id + 100_000, quantity: 2 }]);
    expect([unknownLine.statusCode, unknownLine.json().Error.Message]).toEqual([404, deskMessages.order.lineNotFound]);
    const unknownProduct = await edit(admin, orderId, [
      { orderLineId: line!.id, quantity: 2 },
      { productCode: line!.productCode, colorVariant: 'C9', quantity: 1 },
    ]);
    expect([unknownProduct.statusCode, unknownProduct.json().Error.Message]).toEqual([
      404,
      deskMessages.order.productNotFound(line!.productCode, 'C9'),
    ]);
    expect((await edit(admin, 999_999, [{ orderLineId: line!.id, quantity: 2 }])).statusCode).toBe(404);

    await t.db.update(orders).set({ status: 'Dispatched' }).where(eq(orders.id, orderId));
    const dispatched = await edit(admin, orderId, [{ orderLineId: line!.id, quantity: 3 }]);
    expect([dispatched.statusCode, dispatched.json().Error.Message]).toEqual([409, deskMessages.order.illegal('edited', 'Dispatched')]);
    await t.db
      .update(orders)
      .set({ status: 'Cancelled', cancelledAt: t.clock.now(), cancelReason: 'Retailer asked' })
      .where(eq(orders.id, orderId));
    const cancelled = await edit(admin, orderId, [{ orderLineId: line!.id, quantity: 3 }]);
    expect([cancelled.statusCode, cancelled.json().Error.Message]).toEqual([409, deskMessages.order.illegal('edited', 'Cancelled')]);
    expect((await linesOf(orderId)).map((l) => l.quantity)).toEqual([2]);
    expect(await stockOf(p.variants[0]!.id)).toBe(8);
    expect(await editMovements(orderId)).toEqual([]);
  });

  it('changes nothing for the lines as they are: no movement, no audit row, no mail', async () => {
    const r = await retailer('36');
    const p = await createProduct(t.db, { netPricePaise: 100_500, stocks: [10] });
    const orderId = await placeOrder(r, [{ productId: p.productId, colour: 'C1', quantity: 2 }]);
    const [line] = await linesOf(orderId);
    const before = await orderOf(orderId);
    const response = await edit(admin, orderId, [{ orderLineId: line!.id, quantity: 2 }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await orderOf(orderId)).toEqual(before);
    expect(await linesOf(orderId)).toEqual([line]);
    expect(await editMovements(orderId)).toEqual([]);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'order.edit'), eq(auditLog.entityId, String(orderId))))).toEqual([]);
  });

  it("keeps a line's cancelled pieces: not below them, and the money is for what is left", async () => {
    const r = await retailer('36');
    const p = await createProduct(t.db, { netPricePaise: 100_600, stocks: [10] });
    const orderId = await placeOrder(r, [{ productId: p.productId, colour: 'C1', quantity: 5 }]);
    const [line] = await linesOf(orderId);
    // Two pieces cancelled at the desk (their stock returned), the line's money for the other three.
    const three = lineTotals({ unitPricePaise: 100_600, quantity: 3, discountPerUnitPaise: 0, gstRatePercent: 5, billToStateCode: '36', companyStateCode: '36' });
    await t.db
      .update(orderLines)
      .set({ cancelledQuantity: 2, taxablePaise: three.taxablePaise, cgstPaise: three.cgst, sgstPaise: three.sgst, lineTotalPaise: three.totalPaise })
      .where(eq(orderLines.id, line!.id));
    await t.db.update(productColours).set({ availableStockQuantity: 7 }).where(eq(productColours.id, p.variants[0]!.id));

    const below = await edit(admin, orderId, [{ orderLineId: line!.id, quantity: 1 }]);
    expect([below.statusCode, below.json().Error.Message]).toEqual([409, deskMessages.order.belowCancelled(`${line!.productCode} C1`, 2)]);
    const up = await edit(admin, orderId, [{ orderLineId: line!.id, quantity: 6 }]);
    expect(up.statusCode, up.body).toBe(200);
    expect(await stockOf(p.variants[0]!.id)).toBe(6);
    const [after] = await linesOf(orderId);
    expect(after).toMatchObject({ quantity: 6, cancelledQuantity: 2 });
    const order = await expectTotalsAreSumOfLines(orderId);
    expect(order.totalQuantity).toBe(4);
  });

  it("taxes a changed or added line for the order's place of supply, with the discount rules of the retailer's state now", async () => {
    const r = await retailer('36');
    const p = await createProduct(t.db, { netPricePaise: 100_700, stocks: [10, 10] });
    const orderId = await placeOrder(r, [{ productId: p.productId, colour: 'C1', quantity: 2 }]);
    const [line] = await linesOf(orderId);
    // The retailer moves to Karnataka after placing the order; Karnataka has a rule for this price.
    const [karnataka] = await t.db.select().from(states).where(eq(states.stateCode, '29'));
    const moved = await createRetailer(t.db, { stateCode: '29' });
    const [movedRow] = await t.db.select().from(retailers).where(eq(retailers.id, moved.retailerId));
    await t.db.update(retailers).set({ stateId: karnataka!.id, cityId: movedRow!.cityId }).where(eq(retailers.id, r.retailerId));
    await t.db.insert(discountRules).values({
      name: 'Karnataka 5% (edit)',
      stateId: karnataka!.id,
      usePercentage: true,
      discountPercentage: 5,
      priceFromPaise: 100_700,
      priceToPaise: 100_700,
    });
    const response = await edit(admin, orderId, [
      { orderLineId: line!.id, quantity: 3 },
      { productCode: line!.productCode, colorVariant: 'C2', quantity: 1 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const lines = await linesOf(orderId);
    for (const l of lines) {
      expect(l).toMatchObject({ discountName: 'Karnataka 5% (edit)', discountPerUnitPaise: 5_035, cgstRatePercent: 2.5, sgstRatePercent: 2.5, igstPaise: 0 });
    }
    const order = await expectTotalsAreSumOfLines(orderId);
    expect(order.billToStateCode).toBe('36');
  });

  it('lets a product no longer sold go down, never up', async () => {
    const r = await retailer('36');
    const p = await createProduct(t.db, { netPricePaise: 100_800, stocks: [10] });
    const orderId = await placeOrder(r, [{ productId: p.productId, colour: 'C1', quantity: 4 }]);
    const [line] = await linesOf(orderId);
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, p.productId));
    const up = await edit(admin, orderId, [{ orderLineId: line!.id, quantity: 5 }]);
    expect([up.statusCode, up.json().Error.Message]).toEqual([409, deskMessages.order.productNotFound(line!.productCode, 'C1')]);
    const down = await edit(admin, orderId, [{ orderLineId: line!.id, quantity: 3 }]);
    expect(down.statusCode, down.body).toBe(200);
    expect(await stockOf(p.variants[0]!.id)).toBe(7);
  });

  it('removes a line whose colour has left the catalogue (no stock to return), but cannot reprice one', async () => {
    const r = await retailer('36');
    const p = await createProduct(t.db, { netPricePaise: 100_850, stocks: [10, 10, 10] });
    const orderId = await placeOrder(r, [
      { productId: p.productId, colour: 'C1', quantity: 2 },
      { productId: p.productId, colour: 'C2', quantity: 2 },
      { productId: p.productId, colour: 'C3', quantity: 2 },
    ]);
    const [l1, l2, l3] = await linesOf(orderId);
    await t.db.delete(productColours).where(inArray(productColours.id, [p.variants[1]!.id, p.variants[2]!.id]));
    const change = await edit(admin, orderId, [
      { orderLineId: l1!.id, quantity: 2 },
      { orderLineId: l2!.id, quantity: 1 },
      { orderLineId: l3!.id, quantity: 2 },
    ]);
    expect([change.statusCode, change.json().Error.Message]).toEqual([409, deskMessages.order.productNotFound(l2!.productCode, 'C2')]);
    const removal = await edit(admin, orderId, [
      { orderLineId: l1!.id, quantity: 2 },
      { orderLineId: l3!.id, quantity: 2 },
    ]);
    expect(removal.statusCode, removal.body).toBe(200);
    expect((await linesOf(orderId)).map((l) => l.id)).toEqual([l1!.id, l3!.id]);
    expect(await editMovements(orderId)).toEqual([]);
    await expectTotalsAreSumOfLines(orderId);
  });

  it('takes the last pieces once when two edits race for them: one is refused, stock never below zero', async () => {
    const r = await retailer('36');
    const p = await createProduct(t.db, { netPricePaise: 100_900, stocks: [7] });
    const first = await placeOrder(r, [{ productId: p.productId, colour: 'C1', quantity: 1 }]);
    const second = await placeOrder(r, [{ productId: p.productId, colour: 'C1', quantity: 1 }]);
    const [a] = await linesOf(first);
    const [b] = await linesOf(second);
    const answers = await Promise.all([
      edit(admin, first, [{ orderLineId: a!.id, quantity: 5 }]),
      edit(warehouse, second, [{ orderLineId: b!.id, quantity: 5 }]),
    ]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(p.variants[0]!.id)).toBe(1);
    expect([...(await editMovements(first)), ...(await editMovements(second))].map((m) => m.delta)).toEqual([-4]);
  });

  it('is for admin and warehouse staff only: accounts, sales executives and retailers get 403', async () => {
    const r = await retailer('36');
    const sales = await party(await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r.retailerId] }));
    const p = await createProduct(t.db, { netPricePaise: 100_400, stocks: [10] });
    const orderId = await placeOrder(r, [{ productId: p.productId, colour: 'C1', quantity: 2 }]);
    const [line] = await linesOf(orderId);
    for (const who of [accounts, sales, r]) {
      const response = await edit(who, orderId, [{ orderLineId: line!.id, quantity: 3 }]);
      expect(response.statusCode).toBe(403);
    }
    expect((await linesOf(orderId))[0]!.quantity).toBe(2);
    expect((await edit(warehouse, orderId, [{ orderLineId: line!.id, quantity: 3 }])).statusCode).toBe(200);
  });

  it("checks a confirmed order's credit again when an edit raises its value: refused with the reasons, an admin may save it anyway with a reason", async () => {
    const r = await retailer();
    const product = await createProduct(t.db, { netPricePaise: 1000_00, stocks: [40] });
    const orderId = await placeOrder(r, [{ productId: product.productId, colour: 'C1', quantity: 2 }]);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/confirm`, headers: admin.headers, payload: {} });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [line] = await linesOf(orderId);
    const before = await orderOf(orderId);
    // The limit now holds this order and ₹1,100 more: one more piece (₹1,050 with GST) fits, four do not.
    await t.db.update(retailers).set({ creditLimitPaise: before.totalPaise + 1100_00 }).where(eq(retailers.id, r.retailerId));
    const stock = await stockOf(line!.productColourId!);

    const refused = await edit(warehouse, orderId, [{ orderLineId: line!.id, quantity: 6 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Error.Message).toContain('This edit raises the confirmed order past the credit check.');
    expect(refused.json().Error.Message).toContain("This order exceeds the retailer's available credit by");
    expect((await linesOf(orderId))[0]!.quantity).toBe(2);
    expect(await stockOf(line!.productColourId!)).toBe(stock);

    const warehouseOverride = await edit(warehouse, orderId, [{ orderLineId: line!.id, quantity: 6 }], { override: 'Owner approved' });
    expect(warehouseOverride.statusCode).toBe(403);
    expect(warehouseOverride.json().Error.Message).toBe(deskMessages.credit.editOverrideNotAllowed);

    expect((await edit(warehouse, orderId, [{ orderLineId: line!.id, quantity: 3 }])).statusCode).toBe(200);
    const saved = await edit(admin, orderId, [{ orderLineId: line!.id, quantity: 6 }], { override: 'Cheque received today' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await linesOf(orderId))[0]!.quantity).toBe(6);
    expect(await stockOf(line!.productColourId!)).toBe(stock - 4);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.edit'), eq(auditLog.entityId, String(orderId))))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => (a.details as { override: { reason: string } | null }).override?.reason ?? null)).toEqual([
      null,
      'Cheque received today',
    ]);
    // Lowering the order never asks.
    expect((await edit(warehouse, orderId, [{ orderLineId: line!.id, quantity: 4 }])).statusCode).toBe(200);
  });

  it('does not check the credit of an order not yet confirmed: confirming it does', async () => {
    const r = await retailer();
    const product = await createProduct(t.db, { netPricePaise: 1000_00, stocks: [40] });
    const orderId = await placeOrder(r, [{ productId: product.productId, colour: 'C1', quantity: 2 }]);
    await t.db.update(retailers).set({ creditLimitPaise: 0 }).where(eq(retailers.id, r.retailerId));
    const [line] = await linesOf(orderId);
    expect((await edit(warehouse, orderId, [{ orderLineId: line!.id, quantity: 5 }])).statusCode).toBe(200);
    const confirm = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/confirm`, headers: warehouse.headers, payload: {} });
    expect(confirm.statusCode).toBe(409);
  });
});
