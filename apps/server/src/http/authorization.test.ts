/**
 * The authorization matrix: every authenticated route the server registers (read from its route
 * table, so a new route fails this file until it is classified below) is called by every kind of
 * caller, and the answer is asserted: 401 without a token, 403 for a retailer the caller may not
 * act for (on every route, whether or not the route reads the field), 404 for another retailer's
 * ids, the route's success for the caller's own data or a linked retailer's, and never a byte of
 * the other retailer's data in any answer.
 */
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  brands,
  cartLines,
  carts,
  cities,
  colours,
  discountRules,
  gstRates,
  importJobs,
  orderLines,
  orders,
  priceChanges,
  productColours,
  productImages,
  retailers,
  sessions,
  shipments,
  users,
} from '../db/schema.ts';
import { hashToken } from '../modules/account/service.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { createInvoice, createProduct, createRetailer, createStaffUser, ensureCorporateDetails, type TestUser } from '../test/factories.ts';

/**
 * acting: reads and writes the acting retailer's data, which a sales executive or admin must name.
 * actingOptional: the acting retailer when one is named, else the caller itself (profile, catalogue prices).
 * shared: the same for everyone signed in (masters, own session, own password).
 * staff: sales executives and admins only. admin: admins only.
 * own: the caller's own account only; refused to whoever acts for a retailer (its sign-in email).
 * The back office (/api/admin): desk: admin, warehouse and accounts; warehouse: admin and
 * warehouse (shipments, no credit); accounts: admin and accounts (credit, overrides, e-invoices).
 * Warehouse and accounts staff act for no retailer: naming one is 403 on every route.
 * salesExecutive: sales executives only (a proposal of a new retailer, their own cockpit).
 */
type Kind = 'acting' | 'actingOptional' | 'shared' | 'staff' | 'admin' | 'own' | 'desk' | 'warehouse' | 'accounts' | 'salesExecutive';
const DESK_KINDS: readonly Kind[] = ['admin', 'desk', 'warehouse', 'accounts'];
/** Who of warehouse and accounts staff each kind lets through (the rest get 403). */
const DESK_GRANTS: Partial<Record<Kind, readonly ('warehouse' | 'accounts')[]>> = {
  desk: ['warehouse', 'accounts'],
  warehouse: ['warehouse'],
  accounts: ['accounts'],
  shared: ['warehouse', 'accounts'],
  own: ['warehouse', 'accounts'],
  actingOptional: ['warehouse', 'accounts'],
};

type Party = TestUser & { name: string; businessName: string | null; productId: number };
type Built = {
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  multipart?: boolean;
  /** Path parameters (`:id` → params.id); `:pageName` defaults to FAQS. */
  params?: Record<string, string>;
};
/** `actingFor`: the retailer the call names (absent when the caller names nobody). */
type Ctx = { caller: Party; subject: Party; actingFor: Party | undefined };
type RouteCase = {
  kind: Kind;
  /** A valid request for `subject`'s data (the acting retailer, or the caller itself). */
  build?: (ctx: Ctx) => Promise<Built> | Built;
  /** The same call with the other retailer's ids, made by retailer A for itself: 404. */
  foreign?: () => Promise<Built> | Built;
};

let t: TestApp;
let A: Party;
let B: Party;
let sales: Party;
let admin: Party;
let warehouse: Party;
let accounts: Party;
let place: { countryId: number; stateId: number };
const B_MARKERS: string[] = [];

/** A fresh session straight in the database: cheap, and logout or a password change cannot spoil the next call. */
async function tokenFor(user: TestUser): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.db.insert(sessions).values({ userId: user.userId, tokenHash: hashToken(token), expiresAt: new Date(Date.UTC(2030, 0, 1)) });
  return token;
}

async function asRetailer(party: Party, options: InjectOptions) {
  const response = await t.app.inject({ ...options, headers: { authorization: `Bearer ${await tokenFor(party)}` } });
  expect(response.statusCode, `${options.method ?? 'GET'} ${String(options.url)}: ${response.body}`).toBe(200);
  return response.json().Data;
}

/** A cart line of the party (added when the cart is empty) and its cart id. */
async function lineOf(party: Party): Promise<{ lineId: number; cartId: number }> {
  let cart = await asRetailer(party, { url: '/api/Product/getCartItems' });
  if (cart.cartItems.length === 0) {
    await asRetailer(party, {
      method: 'POST',
      url: '/api/Product/addItemsToCart',
      payload: { Products: [{ ProductId: party.productId, ColorVariant: 'C1', Quantity: 1 }] },
    });
    cart = await asRetailer(party, { url: '/api/Product/getCartItems' });
  }
  return { lineId: cart.cartItems[0].CartProductDetailId, cartId: cart.billToInfo.CartId };
}

async function orderOf(party: Party): Promise<number> {
  const { cartId } = await lineOf(party);
  const placed = await asRetailer(party, { method: 'POST', url: '/api/Order/placeOrder', payload: { CartId: cartId, Note: '', Email: null } });
  return placed.OrderID;
}

/** An invoice of the party (one per party, made once), for its PDF. */
const invoiceIds = new Map<number, number>();
async function invoiceOf(party: Party): Promise<number> {
  const retailerId = party.retailerId!;
  if (!invoiceIds.has(retailerId)) {
    const invoice = await createInvoice(t.db, { retailerId, userId: party.userId, amountPaise: 1_000_000 });
    invoiceIds.set(retailerId, invoice.id);
  }
  return invoiceIds.get(retailerId)!;
}

/** A new payment link of the party, asked for by the party itself. */
async function paymentLinkOf(party: Party): Promise<string> {
  await invoiceOf(party);
  const link = await asRetailer(party, {
    method: 'POST',
    url: '/backoffice/LensMaster/RazorpaymentRequest',
    payload: { Type: 'Stock', TransactionAmount: 1, RetailerID: party.retailerId },
  });
  return link.paymentLinkId;
}

/** A new retailer's form (create, propose): a new email each call, no GSTIN. */
async function newRetailerBody() {
  const [city] = await t.db.select({ id: cities.id }).from(cities).where(eq(cities.stateId, place.stateId)).limit(1);
  return {
    businessName: 'Matrix New Opticals',
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: `matrix.${randomBytes(4).toString('hex')}@example.test`,
    phone: '9876543210',
    address: '1 Matrix Road',
    stateId: place.stateId,
    cityId: city!.id,
    pinCode: '500001',
  };
}

/** A fresh retailer in `status` (never A or B). */
async function retailerIn(status: 'Pending' | 'Active' | 'Blocked'): Promise<number> {
  const fresh = await createRetailer(t.db, { stateCode: '36', businessName: 'Matrix Status Opticals' });
  if (status !== 'Active') {
    await t.db
      .update(retailers)
      .set({ status, statusReason: status === 'Blocked' ? 'Matrix' : null })
      .where(eq(retailers.id, fresh.retailerId));
  }
  return fresh.retailerId;
}

/** A style of no retailer's orders, for the catalogue desk's (de)activation calls. */
let spareProductId: number;
let styleNo = 0;
/** A valid new style for POST /api/admin/products (the test product's brand and colour). */
async function newStyleBody() {
  const [brand] = await t.db.select({ id: brands.id }).from(brands).limit(1);
  const [colour] = await t.db.select({ id: colours.id }).from(colours).limit(1);
  styleNo += 1;
  return {
    modelNumber: `AUTH-${styleNo}-${randomBytes(3).toString('hex')}`,
    productName: 'Authorization Frame',
    brandId: brand!.id,
    productTypeId: 1,
    hsnCode: '9003',
    netPrice: 999,
    colours: [{ colourCode: 'C1', frameColourId: colour!.id, templeColourId: colour!.id }],
  };
}

/** One order of retailer A for the desk's reads (placed once). */
let readOrderId: number | undefined;
async function deskOrder(): Promise<number> {
  readOrderId ??= await orderOf(A);
  return readOrderId;
}

/** A fresh order of the party, put on hold (for releasing). */
async function heldOrderOf(party: Party): Promise<number> {
  const orderId = await orderOf(party);
  await t.db
    .update(orders)
    .set({ status: 'On hold', holdKind: 'stock', holdReason: 'Waiting for stock' })
    .where(eq(orders.id, orderId));
  return orderId;
}

/** A fresh order of the party with two lines (C1 and C2), and its first line. */
async function twoLineOrderOf(party: Party): Promise<{ orderId: number; lineId: number }> {
  await lineOf(party);
  await asRetailer(party, {
    method: 'POST',
    url: '/api/Product/addItemsToCart',
    payload: { Products: [{ ProductId: party.productId, ColorVariant: 'C2', Quantity: 1 }] },
  });
  const orderId = await orderOf(party);
  const [line] = await t.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
  return { orderId, lineId: line!.id };
}

let gstPrefixes = 0;
/** A GST entry of a prefix of its own, not yet in force (deletable, closable). */
async function futureGstRate(): Promise<number> {
  const [row] = await t.db
    .insert(gstRates)
    .values({ hsnPrefix: String(2_000_000 + (gstPrefixes += 1)), ratePercent: 12, validFrom: '2027-01-01' })
    .returning({ id: gstRates.id });
  return row!.id;
}

/** An admin's back-office call (it must succeed): for the warehouse routes' fresh shipments. */
async function asAdmin(options: InjectOptions) {
  const response = await t.app.inject({ ...options, headers: { authorization: `Bearer ${await tokenFor(admin)}` } });
  expect(response.statusCode, `${options.method ?? 'GET'} ${String(options.url)}: ${response.body}`).toBe(200);
  return response.json().Data;
}

/** A fresh order of retailer A, confirmed (straight in the database: the desk's confirm has its own tests), and its line. */
async function confirmedOrder(): Promise<{ orderId: number; lineId: number }> {
  const orderId = await orderOf(A);
  await t.db.update(orders).set({ status: 'Confirmed', confirmedAt: new Date('2026-11-20T10:00:00.000Z') }).where(eq(orders.id, orderId));
  const [line] = await t.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId));
  return { orderId, lineId: line!.id };
}

/** A fresh shipment of retailer A's, taken through the warehouse's steps up to `status`. */
async function shipmentIn(status: 'Packing' | 'Packed' | 'Dispatched'): Promise<number> {
  const { orderId, lineId } = await confirmedOrder();
  await asAdmin({ method: 'POST', url: `/api/admin/orders/${orderId}/shipments`, payload: { lines: [{ orderLineId: lineId, quantity: 1 }] } });
  const [shipment] = await t.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, orderId));
  if (status === 'Packing') return shipment!.id;
  await asAdmin({ method: 'POST', url: `/api/admin/shipments/${shipment!.id}/pack`, payload: { boxes: 1 } });
  if (status === 'Packed') return shipment!.id;
  await asAdmin({ method: 'POST', url: `/api/admin/shipments/${shipment!.id}/dispatch`, payload: DISPATCH });
  return shipment!.id;
}
const DISPATCH = { transporter: 'Blue Dart', docketNo: 'BD-1', dispatchDate: '2026-11-20' };

/** One shipment of retailer A for the packing slip (made once). */
let slipShipmentId: number | undefined;
async function slipShipment(): Promise<number> {
  slipShipmentId ??= await shipmentIn('Packed');
  return slipShipmentId;
}

/** A fresh image row on a colour of retailer A's product (the catalogue desk's image calls). */
async function productImageOf(): Promise<{ colourId: number; imageId: number }> {
  const [colour] = await t.db.select({ id: productColours.id }).from(productColours).where(eq(productColours.productId, A.productId)).limit(1);
  const [image] = await t.db
    .insert(productImages)
    .values({ productColourId: colour!.id, url: '/media/products/x/front.svg', imageName: 'x.svg', priority: 1, imageType: 'side' })
    .returning({ id: productImages.id });
  return { colourId: colour!.id, imageId: image!.id };
}

/** A fresh discount rule that starts in 2030 (never in force while this file runs). */
async function futureRule(): Promise<number> {
  const [rule] = await t.db
    .insert(discountRules)
    .values({ name: 'Matrix future rule', usePercentage: true, discountPercentage: 5, validFrom: new Date('2030-01-01T00:00:00+05:30') })
    .returning({ id: discountRules.id });
  return rule!.id;
}

/** A product's first colour variant (C1). */
async function colourOf(productId: number): Promise<number> {
  const [colour] = await t.db
    .select({ id: productColours.id })
    .from(productColours)
    .where(and(eq(productColours.productId, productId), eq(productColours.variantNumber, 1)));
  return colour!.id;
}

/** A checked stock import (warehouse staff may read, apply and cancel it), made straight in the database. */
let stockImportId: number | undefined;
async function stockImport(): Promise<number> {
  if (stockImportId === undefined) {
    const [job] = await t.db
      .insert(importJobs)
      .values({ kind: 'stock', status: 'ready', fileName: 'stock.csv', fileKey: 'imports/00/matrix.csv', fileSha256: '00', fileBytes: 1 })
      .returning({ id: importJobs.id });
    stockImportId = job!.id;
  }
  return stockImportId;
}

/** The back-office calls name their retailer by `RetailerID`: the one named, or the caller itself (none for staff). */
const retailerIdBody = ({ caller, actingFor }: Ctx) => ({ RetailerID: actingFor?.retailerId ?? caller.retailerId ?? undefined });
/** A retailer party for calls about a record of "the subject" (staff naming nobody: retailer A's record). */
const ownerOf = (subject: Party) => (subject.retailerId !== null ? subject : A);

/** The sales team and staff users' calls change a user: each call gets a fresh one (never a party of this file). */
let freshUsers = 0;
async function freshStaff(role: 'salesexecutive' | 'warehouse', options: { linkedRetailerIds?: number[]; inactive?: boolean } = {}): Promise<string> {
  const user = await createStaffUser(t.db, role, { linkedRetailerIds: options.linkedRetailerIds });
  if (options.inactive) await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.userId));
  return String(user.userId);
}
const newPerson = () => ({ name: 'Matrix Person', email: `matrix-${(freshUsers += 1)}-${randomBytes(3).toString('hex')}@example.com`, phone: '9876501234' });

const ROUTES: Record<string, RouteCase> = {
  'POST /api/Account/logout': { kind: 'shared' },
  'GET /api/Account/getUserProfile': { kind: 'actingOptional' },
  'POST /api/Account/updateUserProfile': {
    kind: 'actingOptional',
    build: ({ subject }) => ({ body: { name: subject.name, phoneNumber: '9876543210', alternatePhoneNumber: '', email: subject.email } }),
  },
  'GET /api/Account/getCountries': { kind: 'shared' },
  'GET /api/Account/getStates': { kind: 'shared', build: () => ({ query: { countryId: String(place.countryId) } }) },
  'GET /api/Account/getCities': { kind: 'shared', build: () => ({ query: { stateId: String(place.stateId) } }) },
  'GET /api/Account/getRetailersList': { kind: 'staff' },
  'GET /api/Account/myRetailers': { kind: 'salesExecutive' },
  'POST /api/Account/ChangePassword': {
    kind: 'shared',
    build: ({ caller }) => ({ body: { CurrentPassword: caller.password, NewPassword: caller.password } }),
  },
  'POST /api/Account/ChangeEmail': {
    kind: 'own',
    build: ({ caller }) => ({
      body: { NewEmail: `moved.${randomBytes(4).toString('hex')}@example.test`, CurrentPassword: caller.password },
    }),
  },
  'GET /api/Home/getBanners': { kind: 'shared' },
  'GET /api/Home/getMaterials': { kind: 'shared' },
  'GET /api/Home/getFrameShapes': { kind: 'shared' },
  'GET /api/Home/getPriceRanges': { kind: 'shared' },
  'GET /api/Product/getFilters': { kind: 'shared' },
  'GET /api/Product/getSortTypes': { kind: 'shared' },
  'GET /api/Product/getConfig': { kind: 'shared' },
  'GET /api/Product/getAllSelectedFields': { kind: 'shared' },
  'GET /api/Product/getFacets': { kind: 'shared' },
  'GET /api/Product/getAll': { kind: 'actingOptional' },
  'GET /api/Product/get': { kind: 'actingOptional', build: ({ subject }) => ({ query: { id: String(subject.productId) } }) },
  'GET /api/Product/getRelatedProducts': {
    kind: 'actingOptional',
    build: ({ subject }) => ({ query: { productId: String(subject.productId) } }),
  },
  'GET /api/Product/getBuyAgain': { kind: 'acting' },
  'GET /api/Product/getInventory': { kind: 'shared', build: () => ({ query: { productId: String(A.productId) } }) },
  'GET /api/Product/getInventorybyusername': { kind: 'actingOptional' },
  'GET /api/Product/getInventoryByMultipleProductId': {
    kind: 'shared',
    build: () => ({ query: { productIds: String(A.productId) } }),
  },
  'POST /api/Product/addItemsToCart': {
    kind: 'acting',
    build: ({ subject }) => ({ body: { Products: [{ ProductId: subject.productId, ColorVariant: 'C1', Quantity: 1 }] } }),
  },
  'POST /api/Product/updateItemsToCart': {
    kind: 'acting',
    build: async ({ subject }) => ({ body: { lines: [{ CartProductDetailID: (await lineOf(subject)).lineId, Quantity: 2 }] } }),
    foreign: async () => ({ body: { lines: [{ CartProductDetailID: (await lineOf(B)).lineId, Quantity: 2 }] } }),
  },
  'GET /api/Product/getCartItems': { kind: 'acting' },
  'GET /api/Product/getCartItemsCount': { kind: 'acting' },
  'DELETE /api/Product/deleteCartItems': {
    kind: 'acting',
    build: async ({ subject }) => ({ query: { CartProductDetailID: String((await lineOf(subject)).lineId) } }),
    foreign: async () => ({ query: { CartProductDetailID: String((await lineOf(B)).lineId) } }),
  },
  'DELETE /api/Product/clearCart': { kind: 'acting' },
  'POST /api/Order/placeOrder': {
    kind: 'acting',
    build: async ({ subject }) => ({ body: { CartId: (await lineOf(subject)).cartId, Note: '' } }),
    foreign: async () => ({ body: { CartId: (await lineOf(B)).cartId, Note: '' } }),
  },
  'GET /api/Order/getMyOrders': { kind: 'acting' },
  'GET /api/Order/getOrderDetails': {
    kind: 'acting',
    build: async ({ subject }) => ({ query: { orderId: String(await orderOf(subject)) } }),
    foreign: async () => ({ query: { orderId: String(await orderOf(B)) } }),
  },
  'GET /api/Order/getCreditPosition': { kind: 'acting' },
  'POST /api/Product/uploadProductImage': { kind: 'admin', build: () => ({ multipart: true }) },
  'POST /api/Home/uploadBanner': { kind: 'admin', build: () => ({ multipart: true }) },
  // The back office's banners (modules/uploads/banner-routes.ts): no banner here, so an admin's edit or delete is a 404.
  'GET /api/admin/banners': { kind: 'admin' },
  'PATCH /api/admin/banners/:id': { kind: 'admin' },
  'DELETE /api/admin/banners/:id': { kind: 'admin' },
  // The catalogue desk's images (modules/uploads/product-image-routes.ts): admins only.
  'POST /api/admin/product-colours/:id/images': {
    kind: 'admin',
    build: async () => ({ multipart: true, params: { id: String((await productImageOf()).colourId) } }),
  },
  'PATCH /api/admin/product-images/:id': {
    kind: 'admin',
    build: async () => ({ params: { id: String((await productImageOf()).imageId) }, body: { imageType: 'side' } }),
  },
  'PUT /api/admin/product-colours/:id/image-order': {
    kind: 'admin',
    build: async () => ({ params: { id: String((await productImageOf()).colourId) }, body: { imageIds: [1] } }),
  },
  'DELETE /api/admin/product-images/:id': { kind: 'admin', build: async () => ({ params: { id: String((await productImageOf()).imageId) } }) },
  // Prices and GST (modules/prices): reads for admin and warehouse, changes admin only.
  'GET /api/admin/products/:id/prices': { kind: 'warehouse', build: () => ({ params: { id: String(A.productId) } }) },
  'POST /api/admin/products/:id/prices': {
    kind: 'admin',
    build: () => ({ params: { id: String(A.productId) }, body: { netPrice: 1234.5, effectiveFrom: '2026-12-01' } }),
  },
  'DELETE /api/admin/price-changes/:id': {
    kind: 'admin',
    build: async () => {
      const [row] = await t.db
        .insert(priceChanges)
        .values({ productId: A.productId, netPricePaise: 99_900, effectiveFrom: '2027-01-01' })
        .returning({ id: priceChanges.id });
      return { params: { id: String(row!.id) } };
    },
  },
  'GET /api/admin/gst-rates': { kind: 'warehouse' },
  'POST /api/admin/gst-rates': {
    kind: 'admin',
    // A prefix of its own each call: a second entry for the same prefix and days would overlap (409).
    build: () => ({ body: { hsnPrefix: String(1_000_000 + (gstPrefixes += 1)), ratePercent: 18, validFrom: '2027-01-01' } }),
  },
  'PATCH /api/admin/gst-rates/:id': { kind: 'admin', build: async () => ({ params: { id: String(await futureGstRate()) }, body: { validTo: '2027-06-30' } }) },
  'DELETE /api/admin/gst-rates/:id': { kind: 'admin', build: async () => ({ params: { id: String(await futureGstRate()) } }) },
  // Imports and exports (modules/imports): admin and warehouse (stock imports only: the service refuses the other kinds).
  'POST /api/admin/imports': { kind: 'warehouse', build: () => ({ multipart: true }) },
  'GET /api/admin/imports': { kind: 'warehouse' },
  'GET /api/admin/imports/template': { kind: 'warehouse', build: () => ({ query: { kind: 'stock' } }) },
  'GET /api/admin/imports/:id': { kind: 'warehouse', build: async () => ({ params: { id: String(await stockImport()) } }) },
  'POST /api/admin/imports/:id/apply': { kind: 'warehouse', build: async () => ({ params: { id: String(await stockImport()) } }) },
  'POST /api/admin/imports/:id/cancel': { kind: 'warehouse', build: async () => ({ params: { id: String(await stockImport()) } }) },
  'GET /api/admin/exports/catalogue': { kind: 'warehouse', build: () => ({ query: { q: 'no-such-style' } }) },
  'PUT /api/admin/pages/:pageName': {
    kind: 'admin',
    build: () => ({ body: { Title: 'Frequently asked questions', Content: '<p>Hi</p>', Year: null } }),
  },
  // The warehouse (modules/shipments): each call gets a fresh order or shipment in the state it needs.
  'POST /api/admin/orders/:id/shipments': {
    kind: 'warehouse',
    build: async () => {
      const { orderId, lineId } = await confirmedOrder();
      return { params: { id: String(orderId) }, body: { lines: [{ orderLineId: lineId, quantity: 1 }] } };
    },
  },
  'POST /api/admin/shipments/:id/pack': { kind: 'warehouse', build: async () => ({ params: { id: String(await shipmentIn('Packing')) }, body: { boxes: 1 } }) },
  'POST /api/admin/shipments/:id/unpack': { kind: 'warehouse', build: async () => ({ params: { id: String(await shipmentIn('Packed')) } }) },
  'DELETE /api/admin/shipments/:id': { kind: 'warehouse', build: async () => ({ params: { id: String(await shipmentIn('Packing')) } }) },
  'POST /api/admin/shipments/:id/dispatch': {
    kind: 'warehouse',
    build: async () => ({ params: { id: String(await shipmentIn('Packed')) }, body: DISPATCH }),
  },
  'POST /api/admin/shipments/:id/deliver': {
    kind: 'warehouse',
    build: async () => ({ params: { id: String(await shipmentIn('Dispatched')) }, body: { deliveredOn: '2026-11-20', receivedBy: 'Asha Rao' } }),
  },
  'GET /api/admin/shipments/:id/packing-slip': { kind: 'desk', build: async () => ({ params: { id: String(await slipShipment()) } }) },
  // The tax invoice for the back office: any retailer's (this one raised before shipments existed).
  'GET /api/admin/invoices/:id/document': { kind: 'desk', build: async () => ({ params: { id: String(await invoiceOf(A)) } }) },
  // The order desk (modules/orders desk-*.ts).
  'GET /api/admin/orders': { kind: 'desk', build: () => ({ query: { q: A.email } }) },
  'GET /api/admin/orders/:id': { kind: 'desk', build: async () => ({ params: { id: String(await deskOrder()) } }) },
  'POST /api/admin/orders/:id/confirm': { kind: 'desk', build: async () => ({ params: { id: String(await orderOf(A)) } }) },
  'POST /api/admin/orders/:id/hold': {
    kind: 'desk',
    build: async () => ({ params: { id: String(await orderOf(A)) }, body: { kind: 'stock', reason: 'Waiting for stock' } }),
  },
  'POST /api/admin/orders/:id/release': { kind: 'desk', build: async () => ({ params: { id: String(await heldOrderOf(A)) } }) },
  'POST /api/admin/orders/:id/cancel': {
    kind: 'desk',
    build: async () => ({ params: { id: String(await orderOf(A)) }, body: { reason: 'The retailer asked' } }),
  },
  'POST /api/admin/orders/:id/lines/:lineId/cancel': {
    kind: 'desk',
    build: async () => {
      const { orderId, lineId } = await twoLineOrderOf(A);
      return { params: { id: String(orderId), lineId: String(lineId) }, body: { reason: 'Model discontinued' } };
    },
  },
  'PUT /api/admin/orders/:id/lines/:lineId/expected-date': {
    kind: 'desk',
    build: async () => {
      const orderId = await deskOrder();
      const [line] = await t.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId));
      return { params: { id: String(orderId), lineId: String(line!.id) }, body: { expectedDate: '2026-12-15' } };
    },
  },
  'GET /api/admin/retailers/:id/credit': { kind: 'desk', build: () => ({ params: { id: String(A.retailerId) } }) },
  'PUT /api/admin/retailers/:id/credit': {
    kind: 'accounts',
    build: () => ({ params: { id: String(A.retailerId) }, body: { creditLimit: 500000, paymentTermsDays: null, creditHold: false } }),
  },
  'PUT /api/admin/orders/:id/lines': {
    kind: 'warehouse',
    // A fresh order of retailer A each call (one line of 1), its line raised to 2.
    build: async () => {
      const orderId = await orderOf(A);
      const [line] = await t.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId));
      return { params: { id: String(orderId) }, body: { lines: [{ orderLineId: line!.id, quantity: 2 }] } };
    },
  },
  // E-invoice readiness (modules/invoices e-invoice-routes.ts). createInvoice's buyer has no GSTIN: 409, past the gate.
  // The retailers desk (modules/retailers): admin and accounts read.
  'GET /api/admin/retailers': { kind: 'accounts', build: () => ({ query: { q: A.email } }) },
  'GET /api/admin/retailers/export.csv': { kind: 'accounts', build: () => ({ query: { q: A.email } }) },
  'GET /api/admin/retailers/:id': { kind: 'accounts', build: () => ({ params: { id: String(A.retailerId) } }) },
  'POST /api/admin/retailers': { kind: 'admin', build: async () => ({ body: await newRetailerBody() }) },
  'PATCH /api/admin/retailers/:id': { kind: 'admin', build: () => ({ params: { id: String(A.retailerId) }, body: { businessName: 'Alpha Opticals' } }) },
  // Each state change gets a fresh retailer in the status it starts from (A and B stay Active).
  'POST /api/admin/retailers/:id/approve': { kind: 'admin', build: async () => ({ params: { id: String(await retailerIn('Pending')) } }) },
  'POST /api/admin/retailers/:id/reject': {
    kind: 'admin',
    build: async () => ({ params: { id: String(await retailerIn('Pending')) }, body: { reason: 'GSTIN not active on the portal' } }),
  },
  'POST /api/admin/retailers/:id/block': {
    kind: 'accounts',
    build: async () => ({ params: { id: String(await retailerIn('Active')) }, body: { reason: 'Cheques bounced twice' } }),
  },
  'POST /api/admin/retailers/:id/unblock': { kind: 'accounts', build: async () => ({ params: { id: String(await retailerIn('Blocked')) } }) },
  'POST /api/Account/proposeRetailer': { kind: 'salesExecutive', build: async () => ({ body: await newRetailerBody() }) },
  'GET /api/admin/reports/receivables': { kind: 'accounts', build: () => ({ query: { groupBy: 'salesExecutive' } }) },
  'GET /api/admin/reports/sales': { kind: 'accounts', build: () => ({ query: { from: '2026-10-01', to: '2026-10-31', groupBy: 'salesExecutive' } }) },
  'GET /api/admin/reports/gst': { kind: 'accounts', build: () => ({ query: { month: '2026-10' } }) },
  'GET /api/admin/dashboard': { kind: 'desk' },
  'GET /api/admin/reports/receivables/export': { kind: 'accounts', build: () => ({ query: { groupBy: 'retailer', format: 'xlsx' } }) },
  'GET /api/admin/reports/receivables/retailers/:id': {
    kind: 'accounts',
    build: async () => (await invoiceOf(A), { params: { id: String(A.retailerId) } }),
  },
  // Retailer A owes its invoice: each call mails it a reminder with a payment link.
  'POST /api/admin/reports/receivables/retailers/:id/reminder': {
    kind: 'accounts',
    build: async () => (await invoiceOf(A), { params: { id: String(A.retailerId) } }),
  },
  'GET /api/admin/audit': { kind: 'admin', build: () => ({ query: { action: 'retailer.credit', limit: '25' } }) },
  'GET /api/admin/audit.csv': { kind: 'admin', build: () => ({ query: { from: '2026-11-01', to: '2026-11-30' } }) },
  'POST /api/admin/invoices/:id/tds': {
    kind: 'accounts',
    // An invoice of its own for each call: an invoice takes one deduction (₹10 of ₹10,000 taxable).
    build: async () => {
      const invoice = await createInvoice(t.db, { retailerId: A.retailerId!, userId: A.userId, amountPaise: 1_000_000 });
      return { params: { id: String(invoice.id) }, body: { amountPaise: 1_000, reference: 'CHALLAN-1' } };
    },
  },
  'GET /api/admin/invoices/e-invoice': { kind: 'accounts', build: () => ({ query: { from: '2026-10-01', to: '2026-10-31' } }) },
  'GET /api/admin/invoices/:id/e-invoice': { kind: 'accounts', build: async () => ({ params: { id: String(await invoiceOf(A)) } }) },
  'PUT /api/admin/invoices/:id/irn': {
    kind: 'accounts',
    build: async () => {
      // An invoice of its own for each call: a registered invoice refuses a second IRN.
      const invoice = await createInvoice(t.db, { retailerId: A.retailerId!, userId: A.userId, amountPaise: 100_000 });
      const irn = randomBytes(32).toString('hex');
      return { params: { id: String(invoice.id) }, body: { irn, ackNo: '112610012345678', ackDate: '2026-11-20 14:35:00', signedQrCode: 'eyJ.eyJ.sig' } };
    },
  },
  'POST /api/admin/accounts/:userId/unlock': { kind: 'admin', build: () => ({ params: { userId: String(A.userId) } }) },
  // Stock on the catalogue desk (modules/stock): admin and warehouse.
  'POST /api/admin/stock-adjustments': {
    kind: 'warehouse',
    build: async () => ({ body: { productColourId: await colourOf(A.productId), change: 1, reason: 'delivery', note: 'Matrix delivery' } }),
  },
  'GET /api/admin/product-colours/:id/stock-movements': { kind: 'warehouse', build: async () => ({ params: { id: String(await colourOf(A.productId)) } }) },
  'GET /api/admin/stock/low': { kind: 'warehouse', build: () => ({ query: { threshold: '5' } }) },
  // The catalogue desk's styles (modules/products): warehouse reads, admin writes. A new model number each call.
  'GET /api/admin/products': { kind: 'warehouse', build: () => ({ query: { q: 'test', active: 'all' } }) },
  'GET /api/admin/products/:id': { kind: 'warehouse', build: () => ({ params: { id: String(A.productId) } }) },
  'GET /api/admin/catalogue/masters': { kind: 'warehouse' },
  'POST /api/admin/products': { kind: 'admin', build: async () => ({ body: await newStyleBody() }) },
  'PATCH /api/admin/products/:id': { kind: 'admin', build: () => ({ params: { id: String(A.productId) }, body: { warranty: '1 year' } }) },
  'POST /api/admin/products/:id/deactivate': { kind: 'admin', build: () => ({ params: { id: String(spareProductId) } }) },
  'POST /api/admin/products/:id/activate': { kind: 'admin', build: () => ({ params: { id: String(spareProductId) } }) },
  'POST /api/admin/products/bulk': { kind: 'admin', build: () => ({ body: { ids: [spareProductId], action: 'activate' } }) },
  // Discount rules (modules/discounts): admin only. Rules from 2030 on: never in force for the other calls.
  'GET /api/admin/discount-rules': { kind: 'admin' },
  'GET /api/admin/discount-rules/:id': { kind: 'admin', build: async () => ({ params: { id: String(await futureRule()) } }) },
  'POST /api/admin/discount-rules': {
    kind: 'admin',
    build: () => ({ body: { name: 'Matrix rule', usePercentage: true, discountPercentage: 5, validFrom: '2030-01-01' } }),
  },
  'POST /api/admin/discount-rules/preview': { kind: 'admin', build: () => ({ body: { usePercentage: true, discountPercentage: 5 } }) },
  'PATCH /api/admin/discount-rules/:id': { kind: 'admin', build: async () => ({ params: { id: String(await futureRule()) }, body: { name: 'Matrix rule renamed' } }) },
  'POST /api/admin/discount-rules/:id/end': { kind: 'admin', build: async () => ({ params: { id: String(await futureRule()) } }) },
  // The sales team and staff users (admin only).
  'GET /api/admin/sales-executives': { kind: 'admin' },
  'GET /api/admin/sales-executives/:id': { kind: 'admin', build: () => ({ params: { id: String(sales.userId) } }) },
  'POST /api/admin/sales-executives': { kind: 'admin', build: () => ({ body: newPerson() }) },
  'POST /api/admin/sales-executives/:id/deactivate': { kind: 'admin', build: async () => ({ params: { id: await freshStaff('salesexecutive') } }) },
  'POST /api/admin/sales-executives/:id/reactivate': {
    kind: 'admin',
    build: async () => ({ params: { id: await freshStaff('salesexecutive', { inactive: true }) } }),
  },
  'POST /api/admin/sales-executives/:id/move-retailers': {
    kind: 'admin',
    build: async () => ({
      params: { id: await freshStaff('salesexecutive', { linkedRetailerIds: [A.retailerId!] }) },
      body: { retailerIds: [A.retailerId], toSalesExecutiveId: sales.userId },
    }),
  },
  'PUT /api/admin/retailers/:id/sales-executives': {
    kind: 'admin',
    build: () => ({ params: { id: String(A.retailerId) }, body: { salesExecutiveIds: [sales.userId] } }),
  },
  'GET /api/admin/staff-users': { kind: 'admin', build: () => ({ query: { role: 'warehouse' } }) },
  'POST /api/admin/staff-users': { kind: 'admin', build: () => ({ body: { ...newPerson(), role: 'warehouse' } }) },
  'POST /api/admin/staff-users/:id/deactivate': { kind: 'admin', build: async () => ({ params: { id: await freshStaff('warehouse') } }) },
  'POST /api/admin/staff-users/:id/reactivate': { kind: 'admin', build: async () => ({ params: { id: await freshStaff('warehouse', { inactive: true }) } }) },
  'POST /api/admin/staff-users/:id/unlock': { kind: 'admin', build: async () => ({ params: { id: await freshStaff('warehouse') } }) },
  'POST /api/admin/staff-users/:id/end-sessions': { kind: 'admin', build: async () => ({ params: { id: await freshStaff('warehouse') } }) },
  // Test seeding (TEST_SEEDING=true, as this file's server; absent by default: see below).
  'POST /api/test/retailers': { kind: 'admin', build: () => ({ body: { stateCode: '36', salesExecutiveUserId: sales.userId } }) },
  'POST /api/test/sales-executives': { kind: 'admin' },
  // Sets the stock it already has: the other routes' calls keep theirs.
  'PUT /api/test/stock': { kind: 'admin', build: () => ({ body: { productId: B.productId, colorVariant: 'C1', availableStockQuantity: 1000 } }) },
  'POST /backoffice/LensMaster/LensInvoiceReport': { kind: 'acting', build: (ctx) => ({ body: retailerIdBody(ctx) }) },
  'POST /backoffice/LensMaster/AccountStatement': { kind: 'acting', build: (ctx) => ({ body: retailerIdBody(ctx) }) },
  'POST /backoffice/LensMaster/RazorpaymentRequest': {
    kind: 'acting',
    build: async (ctx) => {
      await invoiceOf(ownerOf(ctx.subject));
      return { body: { Type: 'Stock', TransactionAmount: 1, ...retailerIdBody(ctx) } };
    },
  },
  'POST /backoffice/LensMaster/GetRazorpaymentStatus': {
    kind: 'actingOptional',
    build: async ({ subject }) => ({ body: { PaymentLinkID: await paymentLinkOf(ownerOf(subject)) } }),
    foreign: async () => ({ body: { PaymentLinkID: await paymentLinkOf(B) } }),
  },
  'GET /backoffice/LensMaster/InvoiceDocument/:invoiceId': {
    kind: 'actingOptional',
    build: async ({ subject }) => ({ params: { invoiceId: String(await invoiceOf(ownerOf(subject))) } }),
    foreign: async () => ({ params: { invoiceId: String(await invoiceOf(B)) } }),
  },
  // The sandbox payment page's calls: a link is found by its own id, like a payment status.
  'GET /api/payments/sandbox/:linkId': {
    kind: 'actingOptional',
    build: async ({ subject }) => ({ params: { linkId: await paymentLinkOf(ownerOf(subject)) } }),
    foreign: async () => ({ params: { linkId: await paymentLinkOf(B) } }),
  },
  'POST /api/payments/sandbox/:linkId/pay': {
    kind: 'actingOptional',
    build: async ({ subject }) => ({ params: { linkId: await paymentLinkOf(ownerOf(subject)) } }),
    foreign: async () => ({ params: { linkId: await paymentLinkOf(B) } }),
  },
  'POST /api/payments/sandbox/:linkId/fail': {
    kind: 'actingOptional',
    build: async ({ subject }) => ({ params: { linkId: await paymentLinkOf(ownerOf(subject)) } }),
    foreign: async () => ({ params: { linkId: await paymentLinkOf(B) } }),
  },
};

/**
 * The routes anyone may call without a session (`config: { auth: 'public' }`, or registered through
 * registerPublic): signing in and its password-reset steps, the public pages' content and pictures,
 * the payment settings and the provider's callbacks, health, and the API docs. A new one is a decision.
 */
const PUBLIC_ROUTES = [
  'GET /healthz',
  'POST /token',
  'POST /api/Account/forgotPassword',
  'POST /api/Account/validateToken',
  'POST /api/Account/resetPassword',
  'POST /api/Account/confirmEmailChange',
  'GET /api/Home/GetPages',
  'GET /api/Home/getCorporateDetails',
  'GET /api/Account/getLoginBanners',
  'GET /media/products/:productColourId/:view.svg',
  'GET /media/banners/:id.svg',
  'GET /media/materials/:id.svg',
  'GET /media/shapes/:id.svg',
  'GET /media/price-ranges/:id.svg',
  'GET /media/uploads/*',
  'GET /api/payments/settings',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
];

/** A concrete path for a route pattern: every parameter filled with a plausible value. */
function samplePath(pattern: string): string {
  const values: Record<string, string> = { pageName: 'FAQS', view: 'front', linkId: 'plink_x' };
  return pattern.replace(/:(\w+)/g, (_, name: string) => values[name] ?? '1').replace(/\*$/, 'x.svg');
}

/**
 * Other spellings of a path that a router, a proxy or a client might treat as the same: each
 * segment's first letter percent-encoded, everything encoded, doubled slashes, other letter cases,
 * dot segments, a trailing slash.
 */
function spellingsOf(path: string, pattern: string): string[] {
  const segments = path.split('/').slice(1);
  const isParameter = (index: number) => /[:*]/.test(pattern.split('/')[index + 1] ?? '');
  const encode = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  const swapCase = (char: string) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase());
  const withSegment = (index: number, change: (segment: string) => string) =>
    `/${segments.map((segment, i) => (i === index ? change(segment) : segment)).join('/')}`;
  const variants = new Set<string>([
    `/${segments.map((segment) => [...segment].map(encode).join('')).join('/')}`,
    `/${segments.map((segment, index) => (isParameter(index) ? segment : segment.toUpperCase())).join('/')}`,
    `/${segments.map((segment, index) => (isParameter(index) ? segment : segment.toLowerCase())).join('/')}`,
    `/${path}`,
    `${path}/`,
    `${path}//`,
    `/.${path}`,
    `/x/..${path}`,
    path.replaceAll('/', '%2F'),
  ]);
  segments.forEach((segment, index) => {
    if (segment === '') return;
    variants.add(withSegment(index, (s) => encode(s[0]!) + s.slice(1)));
    // Another case of a parameter is another value, not another spelling of this path.
    if (!isParameter(index)) variants.add(withSegment(index, (s) => swapCase(s[0]!) + s.slice(1)));
    variants.add(withSegment(index, (s) => `/${s}`));
  });
  variants.delete(path);
  return [...variants];
}

type Call = { caller: Party | null; actingFor?: Party; foreign?: boolean };

async function call(route: string, { caller, actingFor, foreign }: Call) {
  const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
  const spec = ROUTES[route]!;
  // Whose data the request is about: the named retailer, else the caller (its own profile), and
  // retailer A's ids for staff naming nobody on a cart or order call (refused with 400 anyway).
  const subject = actingFor ?? (caller && (caller.retailerId !== null || spec.kind !== 'acting') ? caller : A);
  const built = foreign && spec.foreign ? await spec.foreign() : ((await spec.build?.({ caller: caller ?? A, subject, actingFor })) ?? {});
  const params: Record<string, string> = { pageName: 'FAQS', ...built.params };
  const url = pattern.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`);
  const query = { ...built.query };
  const options: InjectOptions = { method, url, headers: {} };
  if (built.multipart) {
    // Not a valid upload: the gate is what is tested here (modules/uploads tests the uploads).
    options.headers = { 'content-type': 'multipart/form-data; boundary=x' };
    options.payload = '--x--\r\n';
    if (actingFor) query.email = actingFor.email;
  } else if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    options.payload = { ...built.body, ...(actingFor ? { Email: actingFor.email } : {}) };
  } else if (actingFor) {
    query.email = actingFor.email;
  }
  options.query = query;
  if (caller) options.headers = { ...options.headers, authorization: `Bearer ${await tokenFor(caller)}` };
  return t.app.inject(options);
}

beforeAll(async () => {
  // With the end-to-end tests' seeding routes, so they are in the matrix like every other route.
  t = await buildTestApp({ env: { TEST_SEEDING: 'true' } });
  const productA = await createProduct(t.db, { stocks: [1000, 1000] });
  const productB = await createProduct(t.db, { stocks: [1000] });
  spareProductId = (await createProduct(t.db)).productId;
  const a = await createRetailer(t.db, { stateCode: '36', businessName: 'Alpha Opticals' });
  const b = await createRetailer(t.db, { stateCode: '29', businessName: 'Bravo Secret Opticals' });
  A = { ...a, name: 'Asha Rao', businessName: 'Alpha Opticals', productId: productA.productId };
  B = { ...b, name: 'Asha Rao', businessName: 'Bravo Secret Opticals', productId: productB.productId };
  const s = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [a.retailerId] });
  sales = { ...s, name: 'Sales Person', businessName: null, productId: productA.productId };
  const ad = await createStaffUser(t.db, 'admin');
  admin = { ...ad, name: 'Admin User', businessName: null, productId: productA.productId };
  const wh = await createStaffUser(t.db, 'warehouse');
  warehouse = { ...wh, name: 'Warehouse Person', businessName: null, productId: productA.productId };
  const ac = await createStaffUser(t.db, 'accounts');
  accounts = { ...ac, name: 'Accounts Person', businessName: null, productId: productA.productId };
  B_MARKERS.push(B.businessName!, B.email);
  await ensureCorporateDetails(t.db);
  const profile = await asRetailer(A, { url: '/api/Account/getUserProfile' });
  place = { countryId: profile.CountryId, stateId: profile.StateId };
});

afterAll(async () => {
  await t?.close();
});

describe('the authorization matrix', () => {
  it('classifies every authenticated route the server registers', () => {
    const registered = t.app.routeTable
      .filter((route) => !route.isPublic)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(registered).toEqual(Object.keys(ROUTES).sort());
  });

  it('has the test-seeding routes only with TEST_SEEDING=true: a default server answers 404 there, even to an admin', async () => {
    const plain = await buildTestApp();
    try {
      const routes = (app: TestApp['app']) => app.routeTable.map((route) => `${route.method} ${route.url}`).sort();
      const seeding = routes(t.app).filter((route) => route.includes(' /api/test/'));
      expect(seeding).toEqual(['POST /api/test/retailers', 'POST /api/test/sales-executives', 'PUT /api/test/stock']);
      expect(routes(plain.app)).toEqual(routes(t.app).filter((route) => !seeding.includes(route)));
      const plainAdmin = await createStaffUser(plain.db, 'admin');
      const token = randomBytes(32).toString('base64url');
      await plain.db.insert(sessions).values({ userId: plainAdmin.userId, tokenHash: hashToken(token), expiresAt: new Date(Date.UTC(2030, 0, 1)) });
      for (const url of ['/api/test/retailers', '/api/test/sales-executives']) {
        const response = await plain.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: { stateCode: '36' } });
        expect(response.statusCode, url).toBe(404);
      }
      const stock = await plain.app.inject({
        method: 'PUT',
        url: '/api/test/stock',
        headers: { authorization: `Bearer ${token}` },
        payload: { productId: 1, colorVariant: 'C1', availableStockQuantity: 0 },
      });
      expect(stock.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('needs a session on every route but the ones that say `auth: public`, which are exactly these', () => {
    const open = t.app.routeTable.filter((route) => route.isPublic).map((route) => `${route.method} ${route.url}`);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('decides on the route the path reaches: no spelling of a protected path answers without a session', async () => {
    const problems: string[] = [];
    for (const route of t.app.routeTable) {
      const canonical = samplePath(route.url);
      // Fastify answers HEAD for every GET route: the same rule must hold there.
      for (const method of (route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]) as InjectOptions['method'][]) {
        const expected = (await t.app.inject({ method, url: canonical })).statusCode;
        for (const url of spellingsOf(canonical, route.url)) {
          const { statusCode } = await t.app.inject({ method, url });
          // A public route answers a spelling as its own path, or refuses it (the docs' file server: 403).
          const fine = route.isPublic ? statusCode === expected || (statusCode >= 400 && statusCode < 500) : [401, 404].includes(statusCode);
          if (!fine) problems.push(`${method} ${url} (${route.url}): ${statusCode}, canonical ${expected}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The review's finding, by name: the stock of every product without a token.
    const found = await t.app.inject({ url: `/%61pi/Product/getInventoryByMultipleProductId?productIds=${A.productId}` });
    expect(found.statusCode).toBe(401);
  });

  it('serves a routed spelling of a path to a signed-in caller as the route itself', async () => {
    const headers = { authorization: `Bearer ${await tokenFor(A)}` };
    const response = await t.app.inject({ url: `/%61pi/Product/getInventory?productId=${A.productId}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().Data).toEqual((await t.app.inject({ url: `/api/Product/getInventory?productId=${A.productId}`, headers })).json().Data);
  });

  // Some 1,400 calls, each with a fresh session, and the order desk's routes build a fresh order or
  // shipment for each: 43 s on a 2-core machine beside other work, up to 200 s on a busier one (CI runs twice as
  // slow), so a budget of 5 minutes.
  it('answers every route for every caller as the matrix says, never with the other retailer’s data', async () => {
    const outcomes: string[] = [];
    const expectStatus = async (route: string, who: string, c: Call, expected: number | 'granted') => {
      const response = await call(route, c);
      const ok = expected === 'granted' ? ![401, 403].includes(response.statusCode) : response.statusCode === expected;
      if (!ok) outcomes.push(`${route} as ${who}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`);
      // Only an admin may see retailer B (e.g. in the retailers list).
      const leaked = c.caller === admin ? [] : B_MARKERS.filter((marker) => response.body.includes(marker));
      if (leaked.length > 0) outcomes.push(`${route} as ${who}: the answer contains retailer B's ${leaked.join(', ')}`);
    };

    for (const [route, spec] of Object.entries(ROUTES)) {
      const { kind } = spec;
      await expectStatus(route, 'nobody', { caller: null }, 401);
      // Naming a retailer the caller may not act for is refused on every route.
      await expectStatus(route, 'retailer A naming retailer B', { caller: A, actingFor: B }, 403);
      await expectStatus(route, 'a sales executive naming an unlinked retailer', { caller: sales, actingFor: B }, 403);
      if (spec.foreign) await expectStatus(route, 'retailer A with retailer B’s ids', { caller: A, foreign: true }, 404);

      const deskOnly = DESK_KINDS.includes(kind);
      const self = kind === 'staff' || kind === 'salesExecutive' || deskOnly ? 403 : 200;
      await expectStatus(route, 'retailer A', { caller: A }, self);
      await expectStatus(route, 'retailer A naming itself', { caller: A, actingFor: A }, self);

      const staff = deskOnly ? 403 : 200;
      await expectStatus(route, 'a sales executive for a linked retailer', { caller: sales, actingFor: A }, kind === 'own' ? 403 : staff);
      await expectStatus(route, 'a sales executive for itself', { caller: sales }, kind === 'acting' ? 400 : staff);

      const byAdmin = kind === 'salesExecutive' ? 403 : deskOnly ? 'granted' : 200;
      await expectStatus(route, 'an admin for retailer A', { caller: admin, actingFor: A }, kind === 'own' ? 403 : byAdmin);
      await expectStatus(route, 'an admin for itself', { caller: admin }, kind === 'acting' ? 400 : byAdmin);

      for (const [who, party] of [['warehouse', warehouse], ['accounts', accounts]] as const) {
        const granted = DESK_GRANTS[kind]?.includes(who) ?? false;
        await expectStatus(route, `${who} staff naming retailer A`, { caller: party, actingFor: A }, 403);
        // A retailer's record found by its own id (an invoice PDF, a payment link) is one they may not
        // act for: 404, as for one that does not exist (the back office has its own routes to them).
        const record = kind === 'actingOptional' && spec.foreign !== undefined;
        const alone = kind === 'acting' ? 400 : record ? 404 : granted ? (deskOnly ? 'granted' : 200) : 403;
        await expectStatus(route, `${who} staff for itself`, { caller: party }, alone);
      }
    }
    expect(outcomes).toEqual([]);
  }, 300_000);

  it('left every line and order of retailer B as B’s own work: nobody else added, placed or acted for B', async () => {
    const foreignLines = await t.db
      .select({ id: cartLines.id })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(and(eq(carts.retailerId, B.retailerId!), ne(cartLines.addedByUserId, B.userId)));
    expect(foreignLines).toEqual([]);
    const bOrders = await t.db.select({ by: orders.placedByUserId }).from(orders).where(eq(orders.retailerId, B.retailerId!));
    expect(bOrders.length).toBeGreaterThan(0);
    expect(bOrders.every((order) => order.by === B.userId)).toBe(true);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.onBehalfOfRetailerId, B.retailerId!))).toEqual([]);
    // …while the linked sales executive's work for A is on record.
    const forA = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.onBehalfOfRetailerId, A.retailerId!));
    expect(forA.map((row) => row.action)).toEqual(expect.arrayContaining(['cart.add', 'order.place', 'account.updateProfile']));
  });
});
