/**
 * Discount rules on the catalogue desk through the real server: create, edit, end (never delete),
 * the list's status and stamps, every validation, the roles, the preview against a hand-computed
 * set of styles, and the catalogue pricing with a change at once.
 */
import { eq } from 'drizzle-orm';
import { afterEach, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueDeskMessages } from '@frameport/domain';
import type { AdminDiscountRuleDetail, AdminDiscountRulesResponse, DiscountPreview, Product } from '@frameport/domain/contract';
import { auditLog, discountRules, products, states } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser, type TestUser } from '../../test/factories.ts';
import { headersFor, type Headers } from '../../test/invoices.ts';

const m = catalogueDeskMessages.discounts;
let t: TestApp;
let admin: Headers;
let adminUser: TestUser;
let warehouse: Headers;
let accounts: Headers;
let retailerTelangana: Headers;
let retailerKarnataka: Headers;
let telangana: number;
let karnataka: number;
/** The catalogue of this file: every active style the preview counts. */
const p: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  adminUser = await createStaffUser(t.db, 'admin');
  admin = await headersFor(t, adminUser);
  warehouse = await headersFor(t, await createStaffUser(t.db, 'warehouse'));
  accounts = await headersFor(t, await createStaffUser(t.db, 'accounts'));
  retailerTelangana = await headersFor(t, await createRetailer(t.db, { stateCode: '36' }));
  retailerKarnataka = await headersFor(t, await createRetailer(t.db, { stateCode: '29' }));
  const [tg] = await t.db.select({ id: states.id }).from(states).where(eq(states.stateCode, '36'));
  const [ka] = await t.db.select({ id: states.id }).from(states).where(eq(states.stateCode, '29'));
  telangana = tg!.id;
  karnataka = ka!.id;
  p.eye1000 = (await createProduct(t.db, { netPricePaise: 100_000, name: 'Eye 1000' })).productId;
  p.eye2500 = (await createProduct(t.db, { netPricePaise: 250_000, name: 'Eye 2500' })).productId;
  p.sun4000 = (await createProduct(t.db, { netPricePaise: 400_000, productTypeId: 2, name: 'Sun 4000' })).productId;
  p.acc1500 = (await createProduct(t.db, { netPricePaise: 150_000, productTypeId: 4, name: 'Case 1500' })).productId;
  p.eye500 = (await createProduct(t.db, { netPricePaise: 50_000, name: 'Eye 500' })).productId;
  p.off6000 = (await createProduct(t.db, { netPricePaise: 600_000, name: 'Eye 6000 off' })).productId;
  await t.db.update(products).set({ isActive: false }).where(eq(products.id, p.off6000));
});

afterEach(async () => {
  // Each test starts with no rule in force.
  await t.db.update(discountRules).set({ isActive: false });
});

afterAll(async () => {
  await t?.close();
});

type Call = { method?: 'GET' | 'POST' | 'PATCH'; url: string; payload?: unknown; headers?: Headers; key?: string };
function call({ method = 'GET', url, payload, headers = admin, key }: Call) {
  return t.app.inject({ method, url, payload: payload as never, headers: key ? { ...headers, 'idempotency-key': key } : headers });
}

const tenInTelangana = { name: 'Telangana 10%', usePercentage: true, discountPercentage: 10, stateId: 0, priceFrom: 800, priceTo: 5000 };

async function createRule(body: Record<string, unknown>): Promise<AdminDiscountRuleDetail> {
  const response = await call({ method: 'POST', url: '/api/admin/discount-rules', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Data;
}

describe('creating, editing and ending a rule', () => {
  it('creates a rule with its state, status, stamps and an audit row', async () => {
    const rule = await createRule({ ...tenInTelangana, stateId: telangana, validFrom: '2026-11-01', validTo: '2026-12-31' });
    expect(rule).toMatchObject({
      name: 'Telangana 10%',
      usePercentage: true,
      discountPercentage: 10,
      discountAmount: null,
      label: '10% off',
      stateId: telangana,
      stateName: 'Telangana',
      priceFrom: 800,
      priceTo: 5000,
      validFrom: '2026-10-31T18:30:00.000Z',
      validTo: '2026-12-31T18:29:59.999Z',
      isActive: true,
      status: 'active',
      created: { by: { userId: adminUser.userId, role: 'admin' }, at: '2026-11-20T10:00:00.000Z' },
    });
    expect(rule.audit.map((a) => a.action)).toEqual(['discount_rule.create']);
    const list = (await call({ url: '/api/admin/discount-rules' })).json<{ Data: AdminDiscountRulesResponse }>().Data;
    expect(list.rules.find((r) => r.id === rule.id)).toMatchObject({ status: 'active', stateName: 'Telangana' });
  });

  it('says scheduled for a rule that starts later, and inactive for one switched off', async () => {
    const later = await createRule({ name: 'New year', usePercentage: false, discountAmount: 250, validFrom: '2027-01-01' });
    expect(later).toMatchObject({ status: 'scheduled', label: '₹250.00 off', stateName: null, discountAmount: 250, discountPercentage: null });
    const off = await createRule({ name: 'Off', usePercentage: true, discountPercentage: 5, isActive: false });
    expect(off.status).toBe('inactive');
  });

  it('edits a rule: the merged rule is checked, the change audited with before and after', async () => {
    const rule = await createRule({ ...tenInTelangana, stateId: telangana });
    const bad = await call({ method: 'PATCH', url: `/api/admin/discount-rules/${rule.id}`, payload: { priceFrom: 6000 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error.Message).toBe(m.priceBand);
    const switched = await call({ method: 'PATCH', url: `/api/admin/discount-rules/${rule.id}`, payload: { usePercentage: false } });
    expect(switched.statusCode).toBe(400);
    expect(switched.json().Error.Message).toBe(m.amountRequired);
    const response = await call({ method: 'PATCH', url: `/api/admin/discount-rules/${rule.id}`, payload: { usePercentage: false, discountAmount: 150.5, stateId: null } });
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json<{ Data: AdminDiscountRuleDetail }>().Data;
    expect(edited).toMatchObject({ usePercentage: false, discountAmount: 150.5, discountPercentage: null, stateId: null, stateName: null, label: '₹150.50 off' });
    expect(edited.audit.map((a) => a.action)).toEqual(['discount_rule.update', 'discount_rule.create']);
    expect(edited.audit[0]!.details).toMatchObject({ before: { usePercentage: true, discountPercentage: 10 }, after: { usePercentage: false, discountAmount: 150.5 } });
    const [row] = await t.db.select().from(discountRules).where(eq(discountRules.id, rule.id));
    expect(row).toMatchObject({ discountAmountPaise: 15_050, discountPercentage: null, stateId: null });
  });

  it('ends a rule now, keeps it, and refuses to end or edit it again', async () => {
    const rule = await createRule({ ...tenInTelangana, stateId: telangana });
    const ended = await call({ method: 'POST', url: `/api/admin/discount-rules/${rule.id}/end`, key: `end-${rule.id}-abc` });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().Data).toMatchObject({ status: 'ended', isActive: false, validTo: '2026-11-20T10:00:00.000Z' });
    // The same key again: the first answer, nothing more.
    const retry = await call({ method: 'POST', url: `/api/admin/discount-rules/${rule.id}/end`, key: `end-${rule.id}-abc` });
    expect(retry.json().Data).toEqual(ended.json().Data);
    const again = await call({ method: 'POST', url: `/api/admin/discount-rules/${rule.id}/end` });
    expect(again.statusCode).toBe(409);
    expect(again.json().Error.Message).toBe(m.alreadyEnded);
    const edit = await call({ method: 'PATCH', url: `/api/admin/discount-rules/${rule.id}`, payload: { name: 'Revived' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().Error.Message).toBe(m.ended);
    expect(await t.db.select().from(discountRules).where(eq(discountRules.id, rule.id))).toHaveLength(1);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(rule.id)));
    expect(audits.filter((a) => a.entity === 'discount_rule').map((a) => a.action).sort()).toEqual(['discount_rule.create', 'discount_rule.end']);
  });

  it('ends a scheduled rule before it ever starts', async () => {
    const rule = await createRule({ name: 'Later', usePercentage: true, discountPercentage: 5, validFrom: '2027-03-01' });
    const ended = await call({ method: 'POST', url: `/api/admin/discount-rules/${rule.id}/end` });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().Data).toMatchObject({ status: 'ended', validFrom: '2026-11-20T10:00:00.000Z', validTo: '2026-11-20T10:00:00.000Z' });
  });

  it('answers 404 for an unknown rule', async () => {
    for (const c of [
      { url: '/api/admin/discount-rules/2000000000' },
      { method: 'PATCH' as const, url: '/api/admin/discount-rules/2000000000', payload: { name: 'x y' } },
      { method: 'POST' as const, url: '/api/admin/discount-rules/2000000000/end' },
    ]) {
      const response = await call(c);
      expect(response.statusCode).toBe(404);
      expect(response.json().Error.Message).toBe(m.notFound);
    }
  });
});

describe('validation: each bad rule is a 400 with a clear message and stores nothing', () => {
  const base = { name: 'Rule', usePercentage: true, discountPercentage: 10 };
  it.each([
    [{ ...base, discountPercentage: 0 }, m.percentageRange],
    [{ ...base, discountPercentage: -5 }, m.percentageRange],
    [{ ...base, discountPercentage: 100.5 }, m.percentageRange],
    [{ ...base, discountPercentage: 10.123 }, m.percentageDecimals],
    [{ ...base, discountPercentage: null }, m.percentageRequired],
    [{ name: 'Rule', usePercentage: false }, m.amountRequired],
    [{ name: 'Rule', usePercentage: false, discountAmount: 0 }, m.amountPositive],
    [{ name: 'Rule', usePercentage: false, discountAmount: -10 }, m.amountPositive],
    [{ ...base, priceFrom: 2000, priceTo: 1000 }, m.priceBand],
    [{ ...base, priceFrom: -1 }, m.priceNegative],
    [{ ...base, validFrom: '2026-12-10', validTo: '2026-12-01' }, m.validity],
    [{ ...base, validFrom: '2026-02-30' }, m.dateFormat],
    [{ ...base, validTo: 'next week' }, m.dateFormat],
    [{ ...base, name: ' ' }, m.nameRequired],
    [{ ...base, stateId: 999_999 }, m.stateNotFound],
  ])('%j → %s', async (body, message) => {
    const before = await t.db.select({ id: discountRules.id }).from(discountRules);
    const response = await call({ method: 'POST', url: '/api/admin/discount-rules', payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json().Error.Message).toContain(message);
    expect(await t.db.select({ id: discountRules.id }).from(discountRules)).toHaveLength(before.length);
  });

  it('accepts the same day as start and end, and a band of one price', async () => {
    const rule = await createRule({ ...base, validFrom: '2026-11-20', validTo: '2026-11-20', priceFrom: 1000, priceTo: 1000 });
    expect(rule.status).toBe('active');
  });
});

describe('who may', () => {
  it('is admin only: warehouse, accounts and retailers get 403 on every discount route and nothing changes', async () => {
    const rule = await createRule({ name: 'Guarded', usePercentage: true, discountPercentage: 5 });
    for (const headers of [warehouse, accounts, retailerTelangana]) {
      for (const c of [
        { url: '/api/admin/discount-rules' },
        { url: `/api/admin/discount-rules/${rule.id}` },
        { method: 'POST' as const, url: '/api/admin/discount-rules', payload: { name: 'Mine', usePercentage: true, discountPercentage: 50 } },
        { method: 'POST' as const, url: '/api/admin/discount-rules/preview', payload: { usePercentage: true, discountPercentage: 50 } },
        { method: 'PATCH' as const, url: `/api/admin/discount-rules/${rule.id}`, payload: { discountPercentage: 90 } },
        { method: 'POST' as const, url: `/api/admin/discount-rules/${rule.id}/end` },
      ]) {
        expect((await call({ ...c, headers })).statusCode, `${c.method ?? 'GET'} ${c.url}`).toBe(403);
      }
    }
    const [row] = await t.db.select().from(discountRules).where(eq(discountRules.id, rule.id));
    expect(row).toMatchObject({ discountPercentage: 5, isActive: true, validTo: null });
  });
});

describe('POST /api/admin/discount-rules/preview', () => {
  async function preview(body: Record<string, unknown>): Promise<DiscountPreview> {
    const response = await call({ method: 'POST', url: '/api/admin/discount-rules/preview', payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().Data;
  }

  it('counts the active styles in the band (accessories never), samples them, and counts those another rule discounts more', async () => {
    // Hand-computed: in ₹800–5,000 the active styles are Eye 1000, Eye 2500, Sun 4000 (Case 1500 is an accessory,
    // Eye 500 is below the band, Eye 6000 is inactive). The flat ₹300 rule beats 10% on ₹1,000 (₹100) and
    // ₹2,500 (₹250), not on ₹4,000 (₹400).
    const flat = await createRule({ name: 'Flat 300', usePercentage: false, discountAmount: 300, stateId: telangana });
    const before = await t.db.select().from(discountRules);
    const answer = await preview({ usePercentage: true, discountPercentage: 10, stateId: telangana, priceFrom: 800, priceTo: 5000 });
    expect(answer).toMatchObject({
      message: '3 styles get 10% off in Telangana',
      styleCount: 3,
      label: '10% off',
      where: 'Telangana',
      betterElsewhereCount: 2,
      statesWithOwnRules: 0,
    });
    expect(answer.sample.map((s) => [s.productName, s.netPrice, s.discount, s.priceAfter, s.betterRule?.name ?? null])).toEqual(
      expect.arrayContaining([
        ['Eye 1000', 1000, 100, 900, 'Flat 300'],
        ['Eye 2500', 2500, 250, 2250, 'Flat 300'],
        ['Sun 4000', 4000, 400, 3600, null],
      ]),
    );
    expect(answer.sample).toHaveLength(3);
    expect(answer.sample.find((s) => s.betterRule)!.betterRule).toMatchObject({ id: flat.id, label: '₹300.00 off', discount: 300 });
    // A preview changes nothing.
    expect(await t.db.select().from(discountRules)).toEqual(before);
  });

  it('an all-states amount rule: styles whose price it stays below, the states with rules of their own', async () => {
    await createRule({ name: 'Telangana own', usePercentage: true, discountPercentage: 1, stateId: telangana });
    // ₹600 off: Eye 1000, Eye 2500, Sun 4000 (Eye 500: the discount would be the whole price; Case: accessory).
    const answer = await preview({ usePercentage: false, discountAmount: 600 });
    expect(answer).toMatchObject({ styleCount: 3, where: 'all states', statesWithOwnRules: 1, betterElsewhereCount: 0, message: '3 styles get ₹600.00 off in all states' });
  });

  it('editing a rule leaves that rule out of the comparison; a rule starting later is compared with the rules then', async () => {
    const own = await createRule({ name: 'Own 20%', usePercentage: true, discountPercentage: 20, stateId: karnataka });
    const asEdited = await preview({ ruleId: own.id, usePercentage: true, discountPercentage: 5, stateId: karnataka });
    expect(asEdited).toMatchObject({ styleCount: 4, betterElsewhereCount: 0 });
    const asNew = await preview({ usePercentage: true, discountPercentage: 5, stateId: karnataka });
    expect(asNew).toMatchObject({ styleCount: 4, betterElsewhereCount: 4 });
    // 20% ends on 2026-12-31; a 5% rule from 2027 competes with nothing.
    await call({ method: 'PATCH', url: `/api/admin/discount-rules/${own.id}`, payload: { validTo: '2026-12-31' } });
    const later = await preview({ usePercentage: true, discountPercentage: 5, stateId: karnataka, validFrom: '2027-01-01' });
    expect(later).toMatchObject({ styleCount: 4, betterElsewhereCount: 0 });
  });

  it('validates as create does (name optional)', async () => {
    const response = await call({ method: 'POST', url: '/api/admin/discount-rules/preview', payload: { usePercentage: true, discountPercentage: 0 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().Error.Message).toContain(m.percentageRange);
  });
});

describe('the catalogue prices with a change at once', () => {
  async function eye2500For(headers: Headers): Promise<Product> {
    const response = await t.app.inject({ url: `/api/Product/getAll?search=${encodeURIComponent('searchText=Eye 2500')}&pageNumber=1&pageSize=20`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().Data.searchResults.value as Product[]).find((x) => x.productId === p.eye2500)!;
  }

  it('a Karnataka rule created, edited and ended shows in getAll for a Karnataka retailer at once, never in Telangana', async () => {
    expect((await eye2500For(retailerKarnataka)).discountedPrice).toBe(2500); // cached now
    const rule = await createRule({ name: 'Karnataka 15%', usePercentage: true, discountPercentage: 15, stateId: karnataka });
    expect(await eye2500For(retailerKarnataka)).toMatchObject({ discountedPrice: 2125, selectedDiscount: { DiscountId: rule.id, DiscountPercentage: 15 } });
    expect((await eye2500For(retailerTelangana)).selectedDiscount).toBeNull();
    await call({ method: 'PATCH', url: `/api/admin/discount-rules/${rule.id}`, payload: { discountPercentage: 20 } });
    expect((await eye2500For(retailerKarnataka)).discountedPrice).toBe(2000);
    await call({ method: 'POST', url: `/api/admin/discount-rules/${rule.id}/end` });
    expect(await eye2500For(retailerKarnataka)).toMatchObject({ discountedPrice: 2500, selectedDiscount: null });
  });
});
