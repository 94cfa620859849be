/**
 * The sales team and staff users through the real server (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): lists and details with their figures, creating users with a welcome mail
 * (the link sets a password; no password in any mail), deactivation rules (retailers first, not
 * oneself, not the last admin), sessions ending at once, unlock, a retailer's sales executives and
 * bulk moves (all or nothing, audited per retailer) — and a sales executive's access following its
 * links on the very next request.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMessages } from '@frameport/domain';
import type {
  MoveRetailersResult,
  RetailerSalesExecutivesResult,
  SalesExecutiveDetail,
  SalesExecutiveResult,
  SalesExecutivesResponse,
  StaffUserResult,
  StaffUsersResponse,
} from '@frameport/domain/contract';
import { auditLog, loginThrottle, mailOutbox, passwordResetTokens, retailers, salesExecutiveRetailers, sessions, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createInvoice, createRetailer, createStaffUser, loginAs, type TestUser } from '../../test/factories.ts';
import { headersFor, type Headers } from '../../test/invoices.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp.ts';

const m = staffMessages;
let t: TestApp;
let smtp: SmtpReceiver;
let adminUser: TestUser;
let admin: Headers;
let accounts: Headers;
let warehouse: Headers;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
  adminUser = await createStaffUser(t.db, 'admin');
  admin = await headersFor(t, adminUser);
  accounts = await headersFor(t, await createStaffUser(t.db, 'accounts'));
  warehouse = await headersFor(t, await createStaffUser(t.db, 'warehouse'));
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Call = { method?: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; headers?: Headers; key?: string };
function call({ method = 'GET', url, payload, headers = admin, key }: Call) {
  return t.app.inject({ method, url, payload: payload as never, headers: key ? { ...headers, 'idempotency-key': key } : headers });
}
async function okData<T>(c: Call): Promise<T> {
  const response = await call(c);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Data as T;
}
async function refused(c: Call, status: number, message: string) {
  const response = await call(c);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().Error.Message).toBe(message);
}

const userCount = async () => (await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users))[0]!.n;
const linksOf = async (retailerId: number) =>
  (
    await t.db
      .select({ id: salesExecutiveRetailers.salesExecutiveUserId })
      .from(salesExecutiveRetailers)
      .where(eq(salesExecutiveRetailers.retailerId, retailerId))
  )
    .map((row) => row.id)
    .sort((a, b) => a - b);
const retailersOfSales = async (headers: Headers): Promise<string[]> =>
  (await okData<{ Email: string }[]>({ url: '/api/Account/getRetailersList', headers })).map((r) => r.Email);

let seq = 0;
const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq += 1)}@example.com`;

describe('sales executives: list and page', () => {
  it('lists each with its retailers, their outstanding and last sign-in; searches and filters', async () => {
    const r1 = await createRetailer(t.db, { businessName: 'Lens Corner' });
    const r2 = await createRetailer(t.db, { businessName: 'Optic Hub', stateCode: '29' });
    await createInvoice(t.db, { retailerId: r1.retailerId, userId: r1.userId, amountPaise: 1_500_000, paidPaise: 500_000 });
    await createInvoice(t.db, { retailerId: r2.retailerId, userId: r2.userId, amountPaise: 250_050 });
    await createInvoice(t.db, { retailerId: r2.retailerId, userId: r2.userId, amountPaise: 99_900, paidPaise: 99_900 });
    const email = fresh('kiran');
    const se = await createStaffUser(t.db, 'salesexecutive', { email, linkedRetailerIds: [r1.retailerId, r2.retailerId] });
    await t.db.update(users).set({ name: 'Kiran Listed', phoneNumber: '9123456780' }).where(eq(users.id, se.userId));
    await loginAs(t.app, se);

    const list = await okData<SalesExecutivesResponse>({ url: '/api/admin/sales-executives?q=kiran listed' });
    expect(list.totalCount).toBe(1);
    expect(list.salesExecutives[0]).toEqual({
      id: se.userId,
      name: 'Kiran Listed',
      email,
      phone: '9123456780',
      active: true,
      retailerCount: 2,
      // ₹10,000 left on r1's invoice and ₹2,500.50 on r2's; r2's paid invoice is not owed.
      outstanding: 12_500.5,
      lastSignInAt: t.clock.now().toISOString(),
    });
    // By phone, and the active filter.
    expect((await okData<SalesExecutivesResponse>({ url: '/api/admin/sales-executives?q=9123456780' })).salesExecutives.map((s) => s.id)).toEqual([se.userId]);
    expect((await okData<SalesExecutivesResponse>({ url: '/api/admin/sales-executives?q=kiran listed&active=false' })).totalCount).toBe(0);

    const detail = await okData<SalesExecutiveDetail>({ url: `/api/admin/sales-executives/${se.userId}` });
    expect(detail.openSessions).toBe(1);
    expect(detail.retailers).toEqual([
      { id: r1.retailerId, businessName: 'Lens Corner', email: r1.email, city: expect.any(String), stateName: 'Telangana', standing: 'Active', outstanding: 10_000, alsoWith: [] },
      { id: r2.retailerId, businessName: 'Optic Hub', email: r2.email, city: expect.any(String), stateName: 'Karnataka', standing: 'Active', outstanding: 2_500.5, alsoWith: [] },
    ]);
    // Standing shows a credit hold; another sales executive of the same retailer is named.
    await t.db.update(retailers).set({ creditHold: true, creditHoldReason: 'Overdue' }).where(eq(retailers.id, r2.retailerId));
    const other = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r2.retailerId] });
    const again = await okData<SalesExecutiveDetail>({ url: `/api/admin/sales-executives/${se.userId}` });
    expect(again.retailers[1]).toMatchObject({ standing: 'Credit hold', alsoWith: ['Sales Person'] });
    await t.db.delete(salesExecutiveRetailers).where(eq(salesExecutiveRetailers.salesExecutiveUserId, other.userId));
  });

  it('answers 404 for an unknown id and for a user who is not a sales executive', async () => {
    await refused({ url: '/api/admin/sales-executives/999999' }, 404, m.salesExecutiveNotFound);
    await refused({ url: `/api/admin/sales-executives/${adminUser.userId}` }, 404, m.salesExecutiveNotFound);
  });

  it('is for admins only, with a message that says so', async () => {
    for (const headers of [accounts, warehouse]) {
      await refused({ url: '/api/admin/sales-executives', headers }, 403, m.onlyAdmin);
      await refused({ url: '/api/admin/staff-users', headers }, 403, m.onlyAdmin);
    }
  });
});

describe('creating users with a welcome mail', () => {
  it('creates a sales executive whose mailed link sets the first password; no password in any mail', async () => {
    const email = fresh('Meena.New');
    const created = await okData<SalesExecutiveResult>({
      method: 'POST',
      url: '/api/admin/sales-executives',
      payload: { name: '  Meena Iyer ', email, phone: '+91 98765 43210' },
    });
    expect(created.message).toBe(m.created('Meena Iyer', email));
    expect(created.salesExecutive).toMatchObject({ name: 'Meena Iyer', email, phone: '9876543210', active: true, retailerCount: 0, lastSignInAt: null });
    const [row] = await t.db.select({ roleId: users.roleId, active: users.isActive }).from(users).where(eq(users.id, created.salesExecutive.id));
    expect(row).toEqual({ roleId: 3, active: true });
    const tokens = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, created.salesExecutive.id));
    expect(tokens.map((token) => token.purpose)).toEqual(['welcome']);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'salesExecutive.create'), eq(auditLog.entityId, String(created.salesExecutive.id))));
    expect(audit!.details).toMatchObject({ before: null, after: { name: 'Meena Iyer', email, role: 'salesexecutive', active: true } });

    const mail = await smtp.waitFor(email);
    const token = /resetpassword\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    // The outbox keeps the mail without the token.
    const [outbox] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(outbox!.textBody).not.toContain(token!);
    expect(`${mail.text}${outbox!.textBody}`).not.toMatch(/password:\s*\S/i);

    // Nobody can sign in before the password is set; the link sets it once.
    await expect(loginAs(t.app, { email, password: 'Whatever@123' })).rejects.toThrow();
    const reset = await call({ method: 'POST', url: '/api/Account/resetPassword', payload: { token, newPassword: 'Meena@2026!' }, headers: {} as Headers });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await loginAs(t.app, { email, password: 'Meena@2026!' });
    expect((await call({ url: '/api/Account/getRetailersList', headers: signedIn.headers })).statusCode).toBe(200);
  });

  it('creates a staff user with a role, once per Idempotency-Key', async () => {
    const email = fresh('ravi');
    const body = { name: 'Ravi Accounts', email, phone: '9000000001', role: 'accounts' };
    const first = await okData<StaffUserResult>({ method: 'POST', url: '/api/admin/staff-users', payload: body, key: 'create-ravi-0001' });
    const repeat = await okData<StaffUserResult>({ method: 'POST', url: '/api/admin/staff-users', payload: body, key: 'create-ravi-0001' });
    expect(repeat).toEqual(first);
    expect(first.user).toMatchObject({ name: 'Ravi Accounts', email, role: 'accounts', active: true, openSessions: 0, signInLocked: false });
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toHaveLength(1);
  });

  it('refuses a used email (any case, a retailer’s too), bad fields and every role but admin, storing nothing', async () => {
    const retailer = await createRetailer(t.db);
    const before = await userCount();
    const outboxBefore = (await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    await refused({ method: 'POST', url: '/api/admin/staff-users', payload: { name: 'Dup', email: adminUser.email.toUpperCase(), phone: '9000000002', role: 'warehouse' } }, 409, m.email.taken);
    await refused({ method: 'POST', url: '/api/admin/sales-executives', payload: { name: 'Dup', email: retailer.email, phone: '9000000002' } }, 409, m.email.taken);
    await refused({ method: 'POST', url: '/api/admin/staff-users', payload: { name: 'Bad', email: 'not-an-email', phone: '9000000002', role: 'warehouse' } }, 400, m.email.invalid);
    await refused({ method: 'POST', url: '/api/admin/staff-users', payload: { name: 'Bad', email: fresh('bad'), phone: '12345', role: 'warehouse' } }, 400, m.phone.invalid);
    await refused({ method: 'POST', url: '/api/admin/staff-users', payload: { name: ' ', email: fresh('bad'), phone: '9000000002', role: 'warehouse' } }, 400, m.name.required);
    await refused({ method: 'POST', url: '/api/admin/staff-users', payload: { name: 'Bad', email: fresh('bad'), phone: '9000000002', role: 'salesexecutive' } }, 400, m.role.invalid);
    // An accounts user creating an admin, and anyone else who is not an admin.
    const newAdmin = { name: 'Sneaky Admin', email: fresh('sneaky'), phone: '9000000003', role: 'admin' };
    await refused({ method: 'POST', url: '/api/admin/staff-users', payload: newAdmin, headers: accounts }, 403, m.onlyAdmin);
    await refused({ method: 'POST', url: '/api/admin/staff-users', payload: newAdmin, headers: warehouse }, 403, m.onlyAdmin);
    const sales = await headersFor(t, await createStaffUser(t.db, 'salesexecutive'));
    await refused({ method: 'POST', url: '/api/admin/sales-executives', payload: { ...newAdmin, role: undefined }, headers: sales }, 403, m.onlyAdmin);
    await refused({ method: 'POST', url: '/api/admin/staff-users', payload: newAdmin, headers: await headersFor(t, retailer) }, 403, m.onlyAdmin);
    expect(await userCount()).toBe(before + 1); // the sales executive this test made to call with
    expect((await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).length).toBe(outboxBefore);
  });
});

describe('a retailer’s sales executives and moves', () => {
  it('replaces a retailer’s links (empty too), checks the ids, audits, and access follows at once', async () => {
    const retailer = await createRetailer(t.db, { businessName: 'Links Optical' });
    const a = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [retailer.retailerId] });
    const b = await createStaffUser(t.db, 'salesexecutive');
    const c = await createStaffUser(t.db, 'salesexecutive');
    const [aHeaders, bHeaders] = [await headersFor(t, a), await headersFor(t, b)];
    const url = `/api/admin/retailers/${retailer.retailerId}/sales-executives`;

    const saved = await okData<RetailerSalesExecutivesResult>({ method: 'PUT', url, payload: { salesExecutiveIds: [c.userId, b.userId] } });
    expect(saved.salesExecutives.map((s) => s.id).sort()).toEqual([b.userId, c.userId].sort());
    expect(saved.message).toBe(m.links.saved(2));
    expect(await linksOf(retailer.retailerId)).toEqual([b.userId, c.userId].sort((x, y) => x - y));
    expect(await retailersOfSales(aHeaders)).not.toContain(retailer.email);
    expect(await retailersOfSales(bHeaders)).toContain(retailer.email);
    expect((await call({ url: `/api/Account/getUserProfile?email=${retailer.email}`, headers: aHeaders })).statusCode).toBe(403);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'retailer.salesExecutives'), eq(auditLog.entityId, String(retailer.retailerId))));
    expect(audit!.details).toMatchObject({ before: { salesExecutiveIds: [a.userId] }, after: { salesExecutiveIds: [b.userId, c.userId].sort((x, y) => x - y) } });

    // Refusals leave the links as they are.
    const inactive = await createStaffUser(t.db, 'salesexecutive');
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.userId));
    await refused({ method: 'PUT', url, payload: { salesExecutiveIds: [inactive.userId] } }, 400, m.links.inactive(['Sales Person']));
    await refused({ method: 'PUT', url, payload: { salesExecutiveIds: [b.userId, adminUser.userId] } }, 400, m.links.notSalesExecutives([adminUser.userId]));
    await refused({ method: 'PUT', url, payload: { salesExecutiveIds: [b.userId, b.userId] } }, 400, m.links.duplicate);
    await refused({ method: 'PUT', url: '/api/admin/retailers/999999/sales-executives', payload: { salesExecutiveIds: [] } }, 404, m.retailerNotFound([999999]));
    await refused({ method: 'PUT', url, payload: { salesExecutiveIds: [b.userId] }, headers: accounts }, 403, m.onlyAdmin);
    expect(await linksOf(retailer.retailerId)).toEqual([b.userId, c.userId].sort((x, y) => x - y));

    // Empty: nobody looks after it, and b loses it at once.
    expect((await okData<RetailerSalesExecutivesResult>({ method: 'PUT', url, payload: { salesExecutiveIds: [] } })).message).toBe(m.links.saved(0));
    expect(await linksOf(retailer.retailerId)).toEqual([]);
    expect(await retailersOfSales(bHeaders)).not.toContain(retailer.email);
  });

  it('moves retailers in one go: the old sales executive loses them at once, the new one gains them; audited per retailer', async () => {
    const r1 = await createRetailer(t.db, { businessName: 'Move One' });
    const r2 = await createRetailer(t.db, { businessName: 'Move Two' });
    const r3 = await createRetailer(t.db, { businessName: 'Stays Put' });
    const from = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r1.retailerId, r2.retailerId, r3.retailerId] });
    const to = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r2.retailerId] });
    const [fromHeaders, toHeaders] = [await headersFor(t, from), await headersFor(t, to)];
    // The old one acts for r1 before the move.
    expect((await call({ url: `/api/Account/getUserProfile?email=${r1.email}`, headers: fromHeaders })).statusCode).toBe(200);
    expect((await call({ url: `/api/Account/getUserProfile?email=${r1.email}`, headers: toHeaders })).statusCode).toBe(403);

    const url = `/api/admin/sales-executives/${from.userId}/move-retailers`;
    const moved = await okData<MoveRetailersResult>({
      method: 'POST',
      url,
      payload: { retailerIds: [r1.retailerId, r2.retailerId], toSalesExecutiveId: to.userId },
      key: 'move-r1-r2-0001',
    });
    expect(moved.moved).toBe(2);
    expect(moved.message).toBe(m.move.moved(2, 'Sales Person'));
    expect(moved.salesExecutive.retailers.map((r) => r.id)).toEqual([r3.retailerId]);
    expect(await linksOf(r1.retailerId)).toEqual([to.userId]);
    expect(await linksOf(r2.retailerId)).toEqual([to.userId]);

    // Access follows on the very next request: the switch list and acting by email.
    expect(await retailersOfSales(fromHeaders)).toEqual([r3.email]);
    expect(await retailersOfSales(toHeaders)).toEqual(expect.arrayContaining([r1.email, r2.email]));
    expect((await call({ url: `/api/Account/getUserProfile?email=${r1.email}`, headers: fromHeaders })).statusCode).toBe(403);
    expect((await call({ url: `/api/Product/getCartItems?email=${r1.email}`, headers: fromHeaders })).statusCode).toBe(403);
    expect((await call({ url: `/api/Account/getUserProfile?email=${r1.email}`, headers: toHeaders })).statusCode).toBe(200);

    const audits = await t.db
      .select({ entityId: auditLog.entityId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'retailer.salesExecutives.move'), inArray(auditLog.entityId, [String(r1.retailerId), String(r2.retailerId)])));
    expect(audits).toHaveLength(2);
    expect(audits.find((a) => a.entityId === String(r2.retailerId))!.details).toMatchObject({
      before: { salesExecutiveIds: [from.userId, to.userId] },
      after: { salesExecutiveIds: [to.userId] },
      from: from.userId,
      to: to.userId,
    });

    // The same key again: the same answer, nothing more moved or audited.
    const again = await okData<MoveRetailersResult>({ method: 'POST', url, payload: { retailerIds: [r1.retailerId, r2.retailerId], toSalesExecutiveId: to.userId }, key: 'move-r1-r2-0001' });
    expect(again).toEqual(moved);
  });

  it('moves all or nothing: a retailer not linked, an unknown one, the same or an inactive target are refused', async () => {
    const r1 = await createRetailer(t.db, { businessName: 'Linked Shop' });
    const r2 = await createRetailer(t.db, { businessName: 'Elsewhere Shop' });
    const from = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r1.retailerId] });
    const to = await createStaffUser(t.db, 'salesexecutive');
    const off = await createStaffUser(t.db, 'salesexecutive');
    await t.db.update(users).set({ isActive: false, name: 'Off Duty' }).where(eq(users.id, off.userId));
    const url = `/api/admin/sales-executives/${from.userId}/move-retailers`;
    await refused({ method: 'POST', url, payload: { retailerIds: [r1.retailerId, r2.retailerId], toSalesExecutiveId: to.userId } }, 400, m.move.notLinked(['Elsewhere Shop']));
    await refused({ method: 'POST', url, payload: { retailerIds: [r1.retailerId, 999999], toSalesExecutiveId: to.userId } }, 404, m.retailerNotFound([999999]));
    await refused({ method: 'POST', url, payload: { retailerIds: [r1.retailerId], toSalesExecutiveId: from.userId } }, 400, m.move.sameTarget);
    await refused({ method: 'POST', url, payload: { retailerIds: [r1.retailerId], toSalesExecutiveId: off.userId } }, 400, m.move.targetInactive('Off Duty'));
    await refused({ method: 'POST', url, payload: { retailerIds: [r1.retailerId], toSalesExecutiveId: adminUser.userId } }, 400, m.links.notSalesExecutives([adminUser.userId]));
    await refused({ method: 'POST', url, payload: { retailerIds: [], toSalesExecutiveId: to.userId } }, 400, m.move.none);
    await refused({ method: 'POST', url: `/api/admin/sales-executives/${adminUser.userId}/move-retailers`, payload: { retailerIds: [r1.retailerId], toSalesExecutiveId: to.userId } }, 404, m.salesExecutiveNotFound);
    expect(await linksOf(r1.retailerId)).toEqual([from.userId]);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'retailer.salesExecutives.move'), eq(auditLog.entityId, String(r1.retailerId))))).toEqual([]);
  });
});

describe('deactivating, reactivating, ending sessions, unlocking', () => {
  it('refuses to deactivate a sales executive with retailers; once they are moved, its sessions end at once', async () => {
    const r1 = await createRetailer(t.db);
    const r2 = await createRetailer(t.db);
    const se = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r1.retailerId, r2.retailerId] });
    const other = await createStaffUser(t.db, 'salesexecutive');
    const session = await loginAs(t.app, se);
    const url = `/api/admin/sales-executives/${se.userId}/deactivate`;
    await refused({ method: 'POST', url }, 409, m.moveRetailersFirst(2));
    expect(m.moveRetailersFirst(2)).toContain('Move its 2 retailers to another sales executive first');
    // The same through the staff users' call.
    await refused({ method: 'POST', url: `/api/admin/staff-users/${se.userId}/deactivate` }, 409, m.moveRetailersFirst(2));
    expect((await call({ url: '/api/Account/getRetailersList', headers: session.headers })).statusCode).toBe(200);

    await okData({ method: 'POST', url: `/api/admin/sales-executives/${se.userId}/move-retailers`, payload: { retailerIds: [r1.retailerId, r2.retailerId], toSalesExecutiveId: other.userId } });
    const done = await okData<SalesExecutiveResult>({ method: 'POST', url });
    expect(done.message).toBe(m.deactivated('Sales Person'));
    expect(done.salesExecutive).toMatchObject({ active: false, openSessions: 0, retailerCount: 0 });
    expect((await call({ url: '/api/Account/getRetailersList', headers: session.headers })).statusCode).toBe(401);
    await expect(loginAs(t.app, se)).rejects.toThrow(/invalid_grant/);
    await refused({ method: 'POST', url }, 409, m.alreadyInactive('Sales Person'));
    // Nobody can link retailers to it or move retailers to it while it is off.
    await refused({ method: 'PUT', url: `/api/admin/retailers/${r1.retailerId}/sales-executives`, payload: { salesExecutiveIds: [se.userId] } }, 400, m.links.inactive(['Sales Person']));

    const back = await okData<SalesExecutiveResult>({ method: 'POST', url: `/api/admin/sales-executives/${se.userId}/reactivate` });
    expect(back.salesExecutive.active).toBe(true);
    expect(back.message).toBe(m.reactivated('Sales Person'));
    await loginAs(t.app, se);
    const actions = await t.db.select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(eq(auditLog.entityId, String(se.userId)));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['salesExecutive.deactivate', 'salesExecutive.reactivate']));
    expect(actions.find((a) => a.action === 'salesExecutive.deactivate')!.details).toMatchObject({ before: { active: true }, after: { active: false }, sessionsEnded: 1 });
  });

  it('deactivates a staff user (sessions end at once) and reactivates it; an admin cannot deactivate itself', async () => {
    const user = await createStaffUser(t.db, 'warehouse');
    const session = await loginAs(t.app, user);
    expect((await call({ url: '/api/admin/orders', headers: session.headers })).statusCode).toBe(200);
    const off = await okData<StaffUserResult>({ method: 'POST', url: `/api/admin/staff-users/${user.userId}/deactivate`, key: 'deactivate-wh-0001' });
    expect(off.user).toMatchObject({ active: false, openSessions: 0 });
    expect((await call({ url: '/api/admin/orders', headers: session.headers })).statusCode).toBe(401);
    const listed = await okData<StaffUsersResponse>({ url: `/api/admin/staff-users?q=${encodeURIComponent(user.email)}&active=false` });
    expect(listed.users.map((u) => u.id)).toEqual([user.userId]);
    await okData({ method: 'POST', url: `/api/admin/staff-users/${user.userId}/reactivate` });
    await loginAs(t.app, user);

    await refused({ method: 'POST', url: `/api/admin/staff-users/${adminUser.userId}/deactivate` }, 409, m.notYourself);
    const retailer = await createRetailer(t.db);
    await refused({ method: 'POST', url: `/api/admin/staff-users/${retailer.userId}/deactivate` }, 404, m.notStaff);
    await refused({ method: 'POST', url: '/api/admin/staff-users/999999/deactivate' }, 404, m.userNotFound);
    await refused({ method: 'POST', url: `/api/admin/staff-users/${user.userId}/deactivate`, headers: accounts }, 403, m.onlyAdmin);
  });

  it('ends every session of a user: a request with an old token is 401 right after', async () => {
    const user = await createStaffUser(t.db, 'accounts');
    const one = await loginAs(t.app, user);
    const two = await loginAs(t.app, user, true);
    const ended = await okData<{ sessionsEnded: number; message: string; user: { openSessions: number; active: boolean } }>({
      method: 'POST',
      url: `/api/admin/staff-users/${user.userId}/end-sessions`,
    });
    expect(ended.sessionsEnded).toBe(2);
    expect(ended.message).toBe(m.sessionsEnded('Accounts Person', 2));
    expect(ended.user).toMatchObject({ openSessions: 0, active: true });
    for (const session of [one, two]) expect((await call({ url: '/api/admin/orders', headers: session.headers })).statusCode).toBe(401);
    // It can sign in again: ending sessions is not deactivating.
    const three = await loginAs(t.app, user);
    expect((await call({ url: '/api/admin/orders', headers: three.headers })).statusCode).toBe(200);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'staffUser.endSessions'), eq(auditLog.entityId, String(user.userId))));
    expect(audit!.details).toMatchObject({ sessionsEnded: 2 });
    await refused({ method: 'POST', url: `/api/admin/staff-users/${adminUser.userId}/end-sessions` }, 409, m.endSessionsOfYourself);
    expect(await t.db.select().from(sessions).where(and(eq(sessions.userId, adminUser.userId), sql`${sessions.revokedAt} is not null`))).toEqual([]);
  });

  it('unlocks a locked-out staff user with the account module’s unlock (list shows the lock)', async () => {
    const user = await createStaffUser(t.db, 'warehouse');
    for (let attempt = 0; attempt < 5; attempt += 1) await expect(loginAs(t.app, { email: user.email, password: 'Wrong@12345' })).rejects.toThrow();
    await expect(loginAs(t.app, user)).rejects.toThrow(/429/);
    const locked = await okData<StaffUsersResponse>({ url: `/api/admin/staff-users?q=${encodeURIComponent(user.email)}` });
    expect(locked.users[0]).toMatchObject({ id: user.userId, signInLocked: true });
    const unlocked = await okData<{ UserId: number; countersCleared: number }>({ method: 'POST', url: `/api/admin/staff-users/${user.userId}/unlock` });
    expect(unlocked.UserId).toBe(user.userId);
    expect(unlocked.countersCleared).toBeGreaterThan(0);
    expect((await okData<StaffUsersResponse>({ url: `/api/admin/staff-users?q=${encodeURIComponent(user.email)}` })).users[0]!.signInLocked).toBe(false);
    expect(await t.db.select().from(loginThrottle).where(sql`starts_with(${loginThrottle.key}, ${`pair:${user.email.toLowerCase()}|`})`)).toEqual([]);
    await loginAs(t.app, user);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'account.unlockSignIn'), eq(auditLog.entityId, String(user.userId))));
    expect(audit!.actorUserId).toBe(adminUser.userId);
    const retailer = await createRetailer(t.db);
    await refused({ method: 'POST', url: `/api/admin/staff-users/${retailer.userId}/unlock` }, 404, m.userNotFound);
  });

  it('lists staff users by role and search', async () => {
    const email = fresh('role-filter');
    const user = await createStaffUser(t.db, 'warehouse', { email });
    const byRole = await okData<StaffUsersResponse>({ url: `/api/admin/staff-users?role=warehouse&q=${encodeURIComponent(email)}` });
    expect(byRole.users).toEqual([expect.objectContaining({ id: user.userId, role: 'warehouse', email, active: true })]);
    expect((await okData<StaffUsersResponse>({ url: `/api/admin/staff-users?role=admin&q=${encodeURIComponent(email)}` })).totalCount).toBe(0);
    const all = await okData<StaffUsersResponse>({ url: '/api/admin/staff-users?pageSize=200' });
    expect(new Set(all.users.map((u) => u.role))).toEqual(new Set(['admin', 'accounts', 'warehouse', 'salesexecutive']));
    expect((await call({ url: '/api/admin/staff-users?role=retailer' })).statusCode).toBe(400);
  });

  it('keeps the last active admin: two admins deactivating each other at once, one of them stays', async () => {
    const x = await createStaffUser(t.db, 'admin');
    const y = await createStaffUser(t.db, 'admin');
    const others = (await t.db.select({ id: users.id }).from(users).where(and(eq(users.roleId, 1), eq(users.isActive, true))))
      .map((row) => row.id)
      .filter((id) => id !== x.userId && id !== y.userId);
    await t.db.update(users).set({ isActive: false }).where(inArray(users.id, others));
    try {
      const [xs, ys] = [await headersFor(t, x), await headersFor(t, y)];
      const answers = await Promise.all([
        call({ method: 'POST', url: `/api/admin/staff-users/${y.userId}/deactivate`, headers: xs }),
        call({ method: 'POST', url: `/api/admin/staff-users/${x.userId}/deactivate`, headers: ys }),
      ]);
      const codes = answers.map((a) => a.statusCode).sort((a, b) => a - b);
      expect(codes[0]).toBe(200);
      expect([401, 409]).toContain(codes[1]);
      const loser = answers.find((a) => a.statusCode === 409);
      if (loser) expect(loser.json().Error.Message).toBe(m.lastAdmin);
      const active = await t.db.select({ id: users.id }).from(users).where(and(eq(users.roleId, 1), eq(users.isActive, true)));
      expect(active).toHaveLength(1);
    } finally {
      await t.db.update(users).set({ isActive: true }).where(inArray(users.id, [...others, x.userId, y.userId]));
    }
  });
});
