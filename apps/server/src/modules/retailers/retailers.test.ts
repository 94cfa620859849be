/**
 * The retailers desk through the API (issue 18): onboarding with GSTIN/PAN checks and duplicates
 * (every refusal stores nothing), a sales executive's proposal and its approval (welcome mail, a
 * password set through the reset flow) or rejection, block and unblock (sessions end at once, sign-in
 * refused naming whom to call), credit hold on the cart and at Place order, the list, its CSV and a
 * retailer's page, and a sales executive kept to its own retailers.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gstinCheckCharacter, retailerMessages } from '@frameport/domain';
import { WELCOME_TOKEN_TTL_MS } from '@frameport/domain/contract';
import {
  auditLog,
  cartLines,
  carts,
  cities,
  mailOutbox,
  passwordResetTokens,
  retailers,
  salesExecutiveRetailers,
  shippingAddresses,
  states,
  users,
} from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createInvoice, createProduct, createRetailer, createStaffUser, ensureCorporateDetails, type TestUser } from '../../test/factories.ts';
import { headersFor, type Headers } from '../../test/invoices.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp.ts';

const m = retailerMessages;
let smtp: SmtpReceiver;
let t: TestApp;
let admin: Headers;
let accounts: Headers;
let warehouse: Headers;
let seller: TestUser;
let sellerHeaders: Headers;
let otherSeller: TestUser;
let otherSellerHeaders: Headers;
let telangana: { stateId: number; cityId: number };
let karnataka: { stateId: number; cityId: number };

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
  await ensureCorporateDetails(t.db);
  admin = await headersFor(t, await createStaffUser(t.db, 'admin'));
  accounts = await headersFor(t, await createStaffUser(t.db, 'accounts'));
  warehouse = await headersFor(t, await createStaffUser(t.db, 'warehouse'));
  seller = await createStaffUser(t.db, 'salesexecutive');
  await t.db.update(users).set({ name: 'Ravi Seller', phoneNumber: '9812345678' }).where(eq(users.id, seller.userId));
  sellerHeaders = await headersFor(t, seller);
  otherSeller = await createStaffUser(t.db, 'salesexecutive');
  otherSellerHeaders = await headersFor(t, otherSeller);
  telangana = await placeIn('36');
  karnataka = await placeIn('29');
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function placeIn(code: string) {
  const [state] = await t.db.select({ id: states.id }).from(states).where(eq(states.stateCode, code));
  const [city] = await t.db.select({ id: cities.id }).from(cities).where(eq(cities.stateId, state!.id));
  return { stateId: state!.id, cityId: city!.id };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A PAN no other test uses. */
function newPan(): string {
  const bytes = randomBytes(6);
  const letter = (i: number) => LETTERS[bytes[i]! % 26]!;
  return `${letter(0)}${letter(1)}${letter(2)}F${letter(3)}${String(bytes.readUInt16BE(4) % 10000).padStart(4, '0')}${letter(5)}`;
}
function gstinOf(stateCode: string, pan: string): string {
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
}
const newEmail = (stem = 'shop') => `${stem}.${randomBytes(4).toString('hex')}@example.test`;

/** A valid new retailer in Telangana with a GSTIN and PAN of its own. */
function form(overrides: Record<string, unknown> = {}) {
  const pan = newPan();
  return {
    businessName: 'Lakshmi Opticals',
    firstName: 'Lakshmi',
    lastName: 'Devi',
    email: newEmail(),
    phone: '+91 98480 12345',
    address: '4-1-12 Abids Road',
    stateId: telangana.stateId,
    cityId: telangana.cityId,
    pinCode: '500001',
    gstin: gstinOf('36', pan),
    pan,
    ...overrides,
  };
}

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, headers: Headers, payload?: unknown, extra: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

function signIn(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
    remoteAddress: `10.50.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}`,
  });
}

/** Rows of the tables an onboarding writes: a refusal must leave every count as it was. */
async function counts() {
  const n = async (table: typeof retailers | typeof users | typeof auditLog | typeof shippingAddresses | typeof passwordResetTokens | typeof mailOutbox | typeof salesExecutiveRetailers) =>
    Number((await t.db.select({ n: count() }).from(table))[0]!.n);
  return {
    retailers: await n(retailers),
    users: await n(users),
    audit: await n(auditLog),
    addresses: await n(shippingAddresses),
    tokens: await n(passwordResetTokens),
    mails: await n(mailOutbox),
    links: await n(salesExecutiveRetailers),
  };
}

/** The mails that reached `email` over SMTP so far. */
function mailsTo(email: string) {
  return smtp.received.filter((mail) =>
    (mail.to && !Array.isArray(mail.to) ? mail.to.value : []).some((a) => a.address?.toLowerCase() === email.toLowerCase()),
  );
}

async function welcomeTokenOf(email: string, expected = 1): Promise<string> {
  return vi.waitFor(
    () => {
      const mails = mailsTo(email);
      expect(mails).toHaveLength(expected);
      return /resetpassword\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text ?? '')![1]!;
    },
    { timeout: 5000 },
  );
}

async function pendingProposal(overrides: Record<string, unknown> = {}) {
  const body = form(overrides);
  const response = await call('POST', '/api/Account/proposeRetailer', sellerHeaders, body);
  expect(response.statusCode, response.body).toBe(200);
  return { ...body, id: response.json().Data.retailerId as number };
}

describe('creating a retailer on the desk (admin)', () => {
  it('creates an Active retailer with its user, shipping address and links, audited; the user sets a password from the welcome mail', async () => {
    const body = form({ gstin: undefined, salesExecutiveIds: [seller.userId], maxOrderValue: 250000 });
    body.gstin = gstinOf('36', body.pan).toLowerCase().replace(/(.{5})/, '$1 ');
    const response = await call('POST', '/api/admin/retailers', admin, body);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().Data;
    expect(detail).toMatchObject({
      businessName: 'Lakshmi Opticals',
      email: body.email,
      phone: '9848012345',
      gstin: gstinOf('36', body.pan),
      pan: body.pan,
      status: 'Active',
      standing: 'Active',
      limits: { maxLimitPerVariant: 20, maxOrderQuantity: 500, maxOrderValue: 250000 },
      salesExecutives: [{ userId: seller.userId, name: 'Ravi Seller', phone: '9812345678' }],
      billing: { stateCode: '36', pinCode: '500001' },
    });
    expect(detail.shippingAddresses).toHaveLength(1);
    expect(detail.shippingAddresses[0]).toMatchObject({ isDefault: true, address: '4-1-12 Abids Road' });
    expect(detail.users).toEqual([
      expect.objectContaining({ email: body.email, isActive: true, lastLoginAt: null, locked: false, activeSessions: 0, awaitingPassword: true }),
    ]);
    expect(detail.audit.map((a: { action: string }) => a.action)).toEqual(['retailer.create']);
    expect(detail.audit[0].details.after).toMatchObject({ businessName: 'Lakshmi Opticals', status: 'Active' });

    // The welcome mail: a link to set a password (valid 7 days, once), never a password.
    const token = await welcomeTokenOf(body.email);
    const mail = mailsTo(body.email)[0]!;
    expect(mail.subject).toBe(m.mail.welcomeSubject);
    expect(mail.text).not.toMatch(/password:\s*\S/i);
    const [stored] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, detail.users[0].id));
    expect(stored).toMatchObject({ purpose: 'welcome', usedAt: null });
    expect(stored!.expiresAt.getTime() - t.clock.now().getTime()).toBe(WELCOME_TOKEN_TTL_MS);
    const valid = await t.app.inject({ method: 'POST', url: '/api/Account/validateToken', payload: { Token: token } });
    expect(valid.json().Data).toEqual({ result: true, purpose: 'welcome' });
    const set = await t.app.inject({ method: 'POST', url: '/api/Account/resetPassword', payload: { token, newPassword: 'Shop#Pass42' } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await signIn(body.email, 'Shop#Pass42')).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/Account/resetPassword', payload: { token, newPassword: 'Other#Pass42' } });
    expect(again.statusCode).toBe(400);
    const after = (await call('GET', `/api/admin/retailers/${detail.id}`, admin)).json().Data;
    expect(after.users[0]).toMatchObject({ awaitingPassword: false, activeSessions: 1 });
  });

  it.each([
    ['a GSTIN with a wrong check character', (b: ReturnType<typeof form>) => ({ gstin: b.gstin.slice(0, 14) + (b.gstin[14] === 'A' ? 'B' : 'A') }), 400, m.gstin.checksum],
    ['a GSTIN of another state than the billing address', (b: ReturnType<typeof form>) => ({ gstin: gstinOf('29', b.pan) }), 400, m.gstin.stateMismatch('29', '36')],
    ['a PAN that is not the one inside the GSTIN', () => ({ pan: newPan() }), 400, m.gstin.panMismatch],
    ['a GSTIN in the wrong format', () => ({ gstin: '36ABC' }), 400, m.gstin.format],
    ['a PAN in the wrong format', () => ({ gstin: null, pan: 'ABCDE12' }), 400, m.pan.format],
    ['a city of another state', () => ({ cityId: karnataka.cityId }), 400, m.form.unknownCity],
  ])('refuses %s with a clear message and stores nothing', async (_name, change, status, message) => {
    const body = form();
    const before = await counts();
    const response = await call('POST', '/api/admin/retailers', admin, { ...body, ...change(body) });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().Error.Message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses a duplicate email (a retailer’s, or any user’s, in any case) and a duplicate GSTIN, naming the field, storing nothing', async () => {
    const existing = await call('POST', '/api/admin/retailers', admin, form());
    expect(existing.statusCode).toBe(200);
    const taken = existing.json().Data;
    const staffUser = await createStaffUser(t.db, 'warehouse');
    const before = await counts();
    for (const email of [taken.email.toUpperCase(), staffUser.email]) {
      const response = await call('POST', '/api/admin/retailers', admin, form({ email }));
      expect(response.statusCode).toBe(409);
      expect(response.json().Error.Message).toBe(m.duplicate.email);
    }
    const sameGstin = await call('POST', '/api/admin/retailers', admin, form({ gstin: taken.gstin, pan: taken.pan }));
    expect(sameGstin.statusCode).toBe(409);
    expect(sameGstin.json().Error.Message).toBe(m.duplicate.gstin);
    expect(await counts()).toEqual(before);
  });

  it('refuses bad fields (phone, PIN, email, an unknown sales executive) with the field’s message, storing nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '12345' }, m.form.phoneInvalid],
      [{ pinCode: '012345' }, m.form.pinInvalid],
      [{ email: 'not-an-email' }, m.form.emailInvalid],
      [{ businessName: ' ' }, m.form.businessNameRequired],
    ];
    for (const [change, message] of cases) {
      const response = await call('POST', '/api/admin/retailers', admin, form(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().Error.Message).toContain(message);
    }
    const unknownSeller = await call('POST', '/api/admin/retailers', admin, form({ salesExecutiveIds: [otherSeller.userId, 999999] }));
    expect(unknownSeller.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('answers a repeat with the same Idempotency-Key as the first call, creating one retailer', async () => {
    const body = form();
    const headers = { 'idempotency-key': `create-${randomBytes(6).toString('hex')}` };
    const first = await call('POST', '/api/admin/retailers', admin, body, headers);
    const second = await call('POST', '/api/admin/retailers', admin, body, headers);
    expect(first.statusCode).toBe(200);
    expect(second.json().Data.id).toBe(first.json().Data.id);
    expect(await t.db.select({ id: retailers.id }).from(retailers).where(eq(retailers.email, body.email))).toHaveLength(1);
  });
});

describe('editing a retailer (admin)', () => {
  it('writes the changed fields with before and after in the audit; a new email is the user’s sign-in too', async () => {
    const created = (await call('POST', '/api/admin/retailers', admin, form())).json().Data;
    const email = newEmail('renamed');
    const response = await call('PATCH', `/api/admin/retailers/${created.id}`, admin, { email, phone: '7702000000', maxOrderQuantity: 800, maxOrderValue: 123456.5 });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().Data;
    expect(detail).toMatchObject({ email, phone: '7702000000', limits: { maxOrderQuantity: 800, maxOrderValue: 123456.5 } });
    expect(detail.users[0].email).toBe(email);
    // The welcome link mailed to the old address no longer works; the new address gets one.
    const oldToken = await welcomeTokenOf(created.email);
    const oldValid = await t.app.inject({ method: 'POST', url: '/api/Account/validateToken', payload: { Token: oldToken } });
    expect(oldValid.json().Data).toEqual({ result: false, purpose: null });
    const newToken = await welcomeTokenOf(email);
    const newValid = await t.app.inject({ method: 'POST', url: '/api/Account/validateToken', payload: { Token: newToken } });
    expect(newValid.json().Data).toEqual({ result: true, purpose: 'welcome' });
    const entry = detail.audit.find((a: { action: string }) => a.action === 'retailer.update');
    expect(entry.details.before).toEqual({ email: created.email, phone: created.phone, maxOrderQuantity: 500, maxOrderValuePaise: 50_000_000 });
    expect(entry.details.after).toEqual({ email, phone: '7702000000', maxOrderQuantity: 800, maxOrderValuePaise: 12_345_650 });
  });

  it('checks a GSTIN, PAN or state change against the address as it will be, and a duplicate email; a refusal changes nothing', async () => {
    const created = (await call('POST', '/api/admin/retailers', admin, form())).json().Data;
    const other = (await call('POST', '/api/admin/retailers', admin, form())).json().Data;
    const before = await counts();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ stateId: karnataka.stateId, cityId: karnataka.cityId }, 400, m.gstin.stateMismatch('36', '29')],
      [{ stateId: karnataka.stateId }, 400, m.form.unknownCity],
      [{ pan: newPan() }, 400, m.gstin.panMismatch],
      [{ gstin: created.gstin.slice(0, 14) + (created.gstin[14] === '0' ? '1' : '0') }, 400, m.gstin.checksum],
      [{ email: other.email }, 409, m.duplicate.email],
      [{ gstin: other.gstin }, 409, m.duplicate.gstin],
    ];
    for (const [patch, status, message] of cases) {
      const response = await call('PATCH', `/api/admin/retailers/${created.id}`, admin, patch);
      expect(response.statusCode, JSON.stringify(patch)).toBe(status);
      expect(response.json().Error.Message).toBe(message);
    }
    expect(await counts()).toEqual(before);
    const [row] = await t.db.select().from(retailers).where(eq(retailers.id, created.id));
    expect(row).toMatchObject({ stateId: telangana.stateId, gstin: created.gstin, pan: created.pan, email: created.email });
    // Moving to Karnataka with a Karnataka GSTIN of the same PAN is fine.
    const moved = await call('PATCH', `/api/admin/retailers/${created.id}`, admin, {
      stateId: karnataka.stateId,
      cityId: karnataka.cityId,
      pinCode: '560001',
      gstin: gstinOf('29', created.pan),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().Data).toMatchObject({ billing: { stateCode: '29' }, gstin: gstinOf('29', created.pan), pan: created.pan });
  });

  it('is for admins only (accounts and warehouse 403) and refuses an empty edit', async () => {
    const created = (await call('POST', '/api/admin/retailers', admin, form())).json().Data;
    expect((await call('PATCH', `/api/admin/retailers/${created.id}`, accounts, { phone: '9000000001' })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/admin/retailers/${created.id}`, warehouse, { phone: '9000000001' })).statusCode).toBe(403);
    const empty = await call('PATCH', `/api/admin/retailers/${created.id}`, admin, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Error.Message).toContain(m.form.nothingToChange);
    expect((await call('PATCH', '/api/admin/retailers/999999', admin, { phone: '9000000001' })).statusCode).toBe(404);
  });
});

describe('a sales executive’s proposal', () => {
  it('is stored Pending, proposed by and linked to the executive; its user cannot sign in; the same checks refuse bad input', async () => {
    const proposal = await pendingProposal();
    const [row] = await t.db.select().from(retailers).where(eq(retailers.id, proposal.id));
    expect(row).toMatchObject({ status: 'Pending', proposedByUserId: seller.userId, gstin: proposal.gstin });
    const links = await t.db.select().from(salesExecutiveRetailers).where(eq(salesExecutiveRetailers.retailerId, proposal.id));
    expect(links.map((l) => l.salesExecutiveUserId)).toEqual([seller.userId]);
    // Even with a password, a pending shop's user is told it waits for approval.
    const [user] = await t.db.select().from(users).where(eq(users.retailerId, proposal.id));
    const { hashPassword } = await import('../../adapters/password-hash.ts');
    await t.db.update(users).set({ passwordHash: await hashPassword('Shop#Pass42') }).where(eq(users.id, user!.id));
    const refused = await signIn(proposal.email, 'Shop#Pass42');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe(m.signIn.pending);
    // Wrong password: the same answer as any wrong password (nothing about the shop).
    expect((await signIn(proposal.email, 'Wrong#Pass42')).json().error_description).not.toBe(m.signIn.pending);
    // No welcome mail before approval.
    expect(mailsTo(proposal.email)).toHaveLength(0);
    // The executive cannot act for it yet.
    const cart = await t.app.inject({ url: `/api/Product/getCartItems?email=${encodeURIComponent(proposal.email)}`, headers: sellerHeaders });
    expect(cart.statusCode).toBe(403);

    const before = await counts();
    const bad = await call('POST', '/api/Account/proposeRetailer', sellerHeaders, form({ gstin: gstinOf('29', newPan()) }));
    expect(bad.statusCode).toBe(400);
    const duplicate = await call('POST', '/api/Account/proposeRetailer', sellerHeaders, form({ gstin: proposal.gstin, pan: proposal.pan }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().Error.Message).toBe(m.duplicate.gstin);
    expect(await counts()).toEqual(before);
  });

  it('is for sales executives only', async () => {
    for (const headers of [admin, accounts, warehouse]) {
      expect((await call('POST', '/api/Account/proposeRetailer', headers, form())).statusCode).toBe(403);
    }
  });

  it('approved by an admin: Active, the welcome mail, a password set from it, sign-in and ordering', async () => {
    const proposal = await pendingProposal();
    const key = { 'idempotency-key': `approve-${randomBytes(6).toString('hex')}` };
    const approved = await call('POST', `/api/admin/retailers/${proposal.id}/approve`, admin, undefined, key);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().Data).toMatchObject({ status: 'Active', statusReason: null, proposedBy: { userId: seller.userId } });
    // A repeat with the key answers the same and sends nothing more; without it, 409.
    const repeat = await call('POST', `/api/admin/retailers/${proposal.id}/approve`, admin, undefined, key);
    expect(repeat.json().Data.status).toBe('Active');
    const again = await call('POST', `/api/admin/retailers/${proposal.id}/approve`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().Error.Message).toBe(m.status.notPending('Active'));
    const token = await welcomeTokenOf(proposal.email);
    expect((await t.app.inject({ method: 'POST', url: '/api/Account/resetPassword', payload: { token, newPassword: 'Shop#Pass42' } })).statusCode).toBe(200);
    const session = await signIn(proposal.email, 'Shop#Pass42');
    expect(session.statusCode, session.body).toBe(200);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'retailer'), eq(auditLog.entityId, String(proposal.id)), eq(auditLog.action, 'retailer.approve')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ before: { status: 'Pending' }, after: { status: 'Active' } });
    // Only a pending retailer can be rejected.
    const reject = await call('POST', `/api/admin/retailers/${proposal.id}/reject`, admin, { reason: 'Too late' });
    expect(reject.statusCode).toBe(409);
    // Accounts may not approve.
    const other = await pendingProposal();
    expect((await call('POST', `/api/admin/retailers/${other.id}/approve`, accounts)).statusCode).toBe(403);
  });

  it('rejected by an admin with a reason: Rejected, the proposer mailed the reason, the GSTIN free to propose again', async () => {
    const proposal = await pendingProposal();
    const short = await call('POST', `/api/admin/retailers/${proposal.id}/reject`, admin, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    const rejected = await call('POST', `/api/admin/retailers/${proposal.id}/reject`, admin, { reason: 'GSTIN is cancelled on the GST portal' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().Data).toMatchObject({ status: 'Rejected', standing: 'Rejected', statusReason: 'GSTIN is cancelled on the GST portal' });
    expect(rejected.json().Data.actions).toEqual({ edit: false, approve: false, reject: false, block: false, unblock: false });
    await vi.waitFor(() => {
      const mail = mailsTo(seller.email).find((x) => x.subject === m.mail.rejectedSubject('Lakshmi Opticals') && x.text?.includes(proposal.email));
      expect(mail?.text).toContain('Reason: GSTIN is cancelled on the GST portal');
    });
    expect(mailsTo(proposal.email)).toHaveLength(0);
    const [user] = await t.db.select().from(users).where(eq(users.retailerId, proposal.id));
    const { hashPassword } = await import('../../adapters/password-hash.ts');
    await t.db.update(users).set({ passwordHash: await hashPassword('Shop#Pass42') }).where(eq(users.id, user!.id));
    expect((await signIn(proposal.email, 'Shop#Pass42')).json().error_description).toBe(m.signIn.rejected);
    const again = await call('POST', '/api/Account/proposeRetailer', sellerHeaders, form({ gstin: proposal.gstin, pan: proposal.pan }));
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('blocking and unblocking (admin, accounts)', () => {
  it('ends every session at once, refuses sign-in naming whom to call, stops the sales executive acting for it; unblock restores it', async () => {
    const shop = await createRetailer(t.db, { businessName: 'Blocked Opticals' });
    await t.db.insert(salesExecutiveRetailers).values({ salesExecutiveUserId: seller.userId, retailerId: shop.retailerId });
    const session = await signIn(shop.email, shop.password);
    const shopHeaders = { authorization: `Bearer ${session.json().access_token}` };
    expect((await t.app.inject({ url: '/api/Product/getCartItems', headers: shopHeaders })).statusCode).toBe(200);

    const noReason = await call('POST', `/api/admin/retailers/${shop.retailerId}/block`, accounts, {});
    expect(noReason.statusCode).toBe(400);
    const blocked = await call('POST', `/api/admin/retailers/${shop.retailerId}/block`, accounts, { reason: 'Three cheques bounced' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().Data).toMatchObject({ status: 'Blocked', standing: 'Blocked', statusReason: 'Three cheques bounced' });
    expect(blocked.json().Data.users[0].activeSessions).toBe(0);

    expect((await t.app.inject({ url: '/api/Product/getCartItems', headers: shopHeaders })).statusCode).toBe(401);
    const refused = await signIn(shop.email, shop.password);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe(m.signIn.blocked('your sales executive Ravi Seller on 9812345678'));
    const acting = await t.app.inject({ url: `/api/Product/getCartItems?email=${encodeURIComponent(shop.email)}`, headers: sellerHeaders });
    expect(acting.statusCode).toBe(403);
    expect(acting.json().Error.Message).toBe(m.status.notActiveForActing('Blocked'));
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(shop.retailerId)), eq(auditLog.action, 'retailer.block')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ before: { status: 'Active' }, after: { status: 'Blocked', statusReason: 'Three cheques bounced' }, sessionsEnded: 1 });

    expect((await call('POST', `/api/admin/retailers/${shop.retailerId}/block`, accounts, { reason: 'Again' })).statusCode).toBe(409);
    const unblocked = await call('POST', `/api/admin/retailers/${shop.retailerId}/unblock`, accounts);
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect(unblocked.json().Data).toMatchObject({ status: 'Active', statusReason: null });
    expect((await signIn(shop.email, shop.password)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/retailers/${shop.retailerId}/unblock`, accounts)).statusCode).toBe(409);
    // Warehouse may not block.
    expect((await call('POST', `/api/admin/retailers/${shop.retailerId}/block`, warehouse, { reason: 'No' })).statusCode).toBe(403);
  });

  it('takes two blocks at once as one: one succeeds, the other is refused, one audit row', async () => {
    const shop = await createRetailer(t.db, { businessName: 'Twice Opticals' });
    const [a, b] = await Promise.all([
      call('POST', `/api/admin/retailers/${shop.retailerId}/block`, accounts, { reason: 'Overdue 120 days' }),
      call('POST', `/api/admin/retailers/${shop.retailerId}/block`, admin, { reason: 'Overdue 120 days' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(shop.retailerId)), eq(auditLog.action, 'retailer.block')));
    expect(audit).toHaveLength(1);
  });

  it('names the distributor’s accounts team when no sales executive looks after the shop', async () => {
    const shop = await createRetailer(t.db, { businessName: 'Lonely Opticals' });
    expect((await call('POST', `/api/admin/retailers/${shop.retailerId}/block`, admin, { reason: 'Shop closed' })).statusCode).toBe(200);
    const refused = await signIn(shop.email, shop.password);
    expect(refused.json().error_description).toMatch(/^Your shop’s account is blocked, so you cannot sign in\. Please call our accounts team \(.+\) on \+91/);
  });
});

describe('credit hold: browse and keep a cart, no order', () => {
  it('tells the cart why Place order will be refused and whom to call, refuses the order, keeps the cart', async () => {
    const product = await createProduct(t.db, { stocks: [100] });
    const shop = await createRetailer(t.db, { businessName: 'Held Opticals' });
    await t.db.insert(salesExecutiveRetailers).values({ salesExecutiveUserId: seller.userId, retailerId: shop.retailerId });
    const headers = await headersFor(t, shop);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/Product/addItemsToCart',
      headers,
      payload: { Products: [{ ProductId: product.productId, ColorVariant: 'C1', Quantity: 2 }] },
    });
    expect(add.statusCode, add.body).toBe(200);
    const free = (await t.app.inject({ url: '/api/Product/getCartItems', headers })).json().Data;
    expect(free.orderingBlocked).toBeNull();

    const hold = await call('PUT', `/api/admin/retailers/${shop.retailerId}/credit`, accounts, {
      creditLimit: 500000,
      paymentTermsDays: null,
      creditHold: true,
      creditHoldReason: 'Invoice FP/26-27/00012 is 75 days overdue',
    });
    expect(hold.statusCode, hold.body).toBe(200);
    const cart = (await t.app.inject({ url: '/api/Product/getCartItems', headers })).json().Data;
    const expected = m.ordering.creditHold('Invoice FP/26-27/00012 is 75 days overdue', 'your sales executive Ravi Seller on 9812345678');
    expect(cart.orderingBlocked).toEqual({
      reason: 'creditHold',
      message: expected,
      contact: { kind: 'salesExecutive', name: 'Ravi Seller', phone: '9812345678', email: seller.email },
    });
    // Still browsing and adding.
    const more = await t.app.inject({
      method: 'POST',
      url: '/api/Product/addItemsToCart',
      headers,
      payload: { Products: [{ ProductId: product.productId, ColorVariant: 'C1', Quantity: 1 }] },
    });
    expect(more.statusCode).toBe(200);
    const place = await t.app.inject({ method: 'POST', url: '/api/Order/placeOrder', headers, payload: { CartId: cart.billToInfo.CartId, Note: '' } });
    expect(place.statusCode).toBe(403);
    expect(place.json().Error.Message).toBe(expected);
    const lines = await t.db
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(eq(carts.retailerId, shop.retailerId));
    expect(lines.reduce((sum, l) => sum + l.quantity, 0)).toBe(3);
    // The list shows it as Credit hold.
    const list = (await call('GET', `/api/admin/retailers?q=${encodeURIComponent(shop.email)}`, accounts)).json().Data;
    expect(list.retailers[0].standing).toBe('Credit hold');

    // Released: ordering works again.
    await call('PUT', `/api/admin/retailers/${shop.retailerId}/credit`, accounts, { creditLimit: 500000, paymentTermsDays: null, creditHold: false });
    const placed = await t.app.inject({ method: 'POST', url: '/api/Order/placeOrder', headers, payload: { CartId: cart.billToInfo.CartId, Note: '' } });
    expect(placed.statusCode, placed.body).toBe(200);
  });
});

describe('the list, its CSV and a retailer’s page', () => {
  let tag: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    tag = `zq${randomBytes(3).toString('hex')}`;
    const make = async (name: string, overrides: Record<string, unknown> = {}) => {
      const response = await call('POST', '/api/admin/retailers', admin, form({ businessName: `${name} ${tag}`, ...overrides }));
      expect(response.statusCode, response.body).toBe(200);
      ids[name] = response.json().Data.id;
    };
    await make('Anand', { salesExecutiveIds: [seller.userId] });
    await make('Bharat', { stateId: karnataka.stateId, cityId: karnataka.cityId, pinCode: '560001', gstin: null, pan: null });
    await make('Chitra', { salesExecutiveIds: [otherSeller.userId] });
    await make('Dinesh', {});
    const invoice = await createInvoice(t.db, { retailerId: ids.Chitra!, userId: seller.userId, amountPaise: 1_234_500 });
    expect(invoice.id).toBeGreaterThan(0);
    await t.db.update(retailers).set({ creditHold: true, creditHoldReason: 'Overdue' }).where(eq(retailers.id, ids.Bharat!));
    await call('POST', `/api/admin/retailers/${ids.Dinesh}/block`, admin, { reason: 'Test block' });
  });

  const list = async (query: string) => {
    const response = await call('GET', `/api/admin/retailers?q=${tag}&${query}`, accounts);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().Data;
  };
  const names = (data: { retailers: { businessName: string }[] }) => data.retailers.map((r) => r.businessName.replace(` ${tag}`, ''));

  it('searches, filters by state, sales executive and standing, counts standings, sorts and pages', async () => {
    const all = await list('');
    expect(names(all)).toEqual(['Anand', 'Bharat', 'Chitra', 'Dinesh']);
    expect(all.totalCount).toBe(4);
    expect(all.counts).toEqual({ Pending: 0, Active: 2, 'Credit hold': 1, Blocked: 1, Rejected: 0 });
    expect(all.retailers.find((r: { id: number }) => r.id === ids.Anand)).toMatchObject({ salesExecutives: ['Ravi Seller'], standing: 'Active', city: 'Hyderabad', stateName: 'Telangana' });
    expect(all.retailers.find((r: { id: number }) => r.id === ids.Chitra).outstanding).toBe(12345);
    expect(names(await list(`stateId=${karnataka.stateId}`))).toEqual(['Bharat']);
    expect(names(await list(`salesExecutiveId=${seller.userId}`))).toEqual(['Anand']);
    expect(names(await list('status=Credit%20hold'))).toEqual(['Bharat']);
    expect(names(await list('status=Active'))).toEqual(['Anand', 'Chitra']);
    expect(names(await list('status=Blocked'))).toEqual(['Dinesh']);
    expect(names(await list('sort=outstanding'))[0]).toBe('Chitra');
    expect(names(await list('sort=name&direction=desc'))).toEqual(['Dinesh', 'Chitra', 'Bharat', 'Anand']);
    expect(names(await list('sort=city'))[0]).toBe('Bharat');
    const page = await list('pageSize=2&pageNumber=2');
    expect(names(page)).toEqual(['Chitra', 'Dinesh']);
    expect(page.totalCount).toBe(4);
    // By email, GSTIN and city too.
    const anand = all.retailers.find((r: { id: number }) => r.id === ids.Anand);
    for (const q of [anand.email, anand.gstin.toLowerCase()]) {
      const found = (await call('GET', `/api/admin/retailers?q=${encodeURIComponent(q)}`, accounts)).json().Data;
      expect(found.retailers.map((r: { id: number }) => r.id)).toEqual([ids.Anand]);
    }
    const byCity = (await call('GET', `/api/admin/retailers?q=bengal&pageSize=200`, accounts)).json().Data;
    expect(byCity.retailers.map((r: { id: number }) => r.id)).toContain(ids.Bharat);
    expect((await call('GET', '/api/admin/retailers?status=Closed', accounts)).statusCode).toBe(400);
  });

  it('exports every matching row as CSV, a formula cell written as text', async () => {
    const response = await call('GET', `/api/admin/retailers/export.csv?q=${tag}&sort=name`, accounts);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="retailers-2026-11-20\.csv"$/);
    const text = response.body;
    expect(text.startsWith('\uFEFFBusiness name,Contact,Email')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[1]!.startsWith(`Anand ${tag},Lakshmi Devi,`)).toBe(true);
    expect(lines.find((l) => l.startsWith('Chitra'))).toContain('12345.00');
    expect(lines.find((l) => l.startsWith('Anand'))).toContain('Ravi Seller');
    expect(lines.find((l) => l.startsWith('Dinesh'))).toContain(',Blocked,');

    const formula = `formula${randomBytes(3).toString('hex')}`;
    expect((await call('POST', '/api/admin/retailers', admin, form({ businessName: `=HYPERLINK("http://x","${formula}")` }))).statusCode).toBe(200);
    const injected = (await call('GET', `/api/admin/retailers/export.csv?q=${formula}`, accounts)).body.trim().split('\r\n');
    expect(injected).toHaveLength(2);
    expect(injected[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/x"",""formula[0-9a-f]{6}""\)",/);
  });

  it('shows one retailer: details, addresses, credit, users, invoices, ageing and audit', async () => {
    const detail = (await call('GET', `/api/admin/retailers/${ids.Chitra}`, accounts)).json().Data;
    expect(detail).toMatchObject({
      businessName: `Chitra ${tag}`,
      credit: { creditLimit: 500000, paymentTermsDays: null, paymentTermsDefaultDays: 30, creditHold: false, creditHoldReason: null },
      salesExecutives: [{ userId: otherSeller.userId }],
      outstanding: { total: 12345, openInvoices: 1, asOf: '2026-11-20' },
      actions: { edit: false, approve: false, reject: false, block: true, unblock: false },
    });
    expect(detail.recentInvoices).toHaveLength(1);
    expect(detail.recentInvoices[0]).toMatchObject({ total: 12345, balance: 12345 });
    // createInvoice raises its invoice on an order of its own.
    expect(detail.recentOrders).toHaveLength(1);
    expect(detail.recentOrders[0]).toMatchObject({ orderRefNo: expect.any(String), status: expect.any(String) });
    const asAdmin = (await call('GET', `/api/admin/retailers/${ids.Chitra}`, admin)).json().Data;
    expect(asAdmin.actions).toEqual({ edit: true, approve: false, reject: false, block: true, unblock: false });
    expect((await call('GET', '/api/admin/retailers/999999', admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/retailers/${ids.Chitra}`, warehouse)).statusCode).toBe(403);
  });

  it('keeps a sales executive out: no desk route, and no acting for another executive’s retailer', async () => {
    for (const url of [`/api/admin/retailers/${ids.Chitra}`, '/api/admin/retailers', '/api/admin/retailers/export.csv']) {
      expect((await call('GET', url, sellerHeaders)).statusCode, url).toBe(403);
    }
    const chitra = (await call('GET', `/api/admin/retailers/${ids.Chitra}`, admin)).json().Data;
    const cart = await t.app.inject({ url: `/api/Product/getCartItems?email=${encodeURIComponent(chitra.email)}`, headers: sellerHeaders });
    expect(cart.statusCode).toBe(403);
    expect(cart.body).not.toContain(chitra.businessName);
    // …while its own executive may.
    const own = await t.app.inject({ url: `/api/Product/getCartItems?email=${encodeURIComponent(chitra.email)}`, headers: otherSellerHeaders });
    expect(own.statusCode).toBe(200);
    expect((await call('POST', `/api/admin/retailers/${ids.Chitra}/block`, sellerHeaders, { reason: 'Not mine' })).statusCode).toBe(403);
    const [row] = await t.db.select({ status: retailers.status }).from(retailers).where(eq(retailers.id, ids.Chitra!));
    expect(row!.status).toBe('Active');
  });
});
