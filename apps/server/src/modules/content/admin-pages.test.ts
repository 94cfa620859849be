import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CONTENT_MAX_LENGTH, PAGE_NAMES } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { auditLog, pages } from '../../db/schema.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createRetailer, createStaffUser, loginAs, type TestUser } from '../../test/factories.ts';
import { sanitizePageHtml } from './sanitize.ts';

/**
 * PUT /api/admin/pages/:pageName: an admin replaces a support page; the HTML is sanitized before
 * it is stored (and again when GetPages reads it), and every change is in the audit log.
 */

let t: TestApp;
let admin: TestUser;
let adminHeaders: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.db, { products: 10, now: new Date('2026-11-01') });
  admin = await createStaffUser(t.db, 'admin');
  adminHeaders = (await loginAs(t.app, admin)).headers;
});

afterAll(async () => {
  await t?.close();
});

const put = (pageName: string, payload: unknown, headers: Record<string, string> = adminHeaders) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/pages/${pageName}`, payload: payload as object, headers });
const getPage = async (pageName: string) => (await t.app.inject({ url: `/api/Home/GetPages?pageName=${pageName}` })).json();
const storedRow = async (pageName: string) => (await t.db.select().from(pages).where(eq(pages.pageName, pageName)))[0];

const HOSTILE =
  '<h2>Returns</h2>' +
  '<script>alert("script")</script>' +
  '<p>Write to <a href="mailto:returns@frameport.test">returns</a> or read <a href="https://frameport.test/returns" target="_blank">the policy</a>.</p>' +
  '<img src=x onerror=alert(1)>' +
  '<ul><li>Within <strong>30 days</strong></li><li>In the box</li></ul>' +
  '<p><a href="javascript:alert(1)">click</a> <a href="jav&#x09;ascript:alert(2)">again</a></p>' +
  '<iframe src="https://evil.test"></iframe>' +
  '<p style="position:fixed;top:0">Styled</p>';

describe('the seeded pages', () => {
  // First in the file: the tests below change pages.
  it('are all present, with a title and content, and already sanitized', async () => {
    const rows = await t.db.select().from(pages);
    expect(rows.map((row) => row.pageName).sort()).toEqual([...PAGE_NAMES].sort());
    for (const row of rows) {
      expect(row.title, row.pageName).not.toBe('');
      expect(row.content.length, row.pageName).toBeGreaterThan(20);
      expect(sanitizePageHtml(row.content), row.pageName).toBe(row.content);
    }
    const footer = rows.find((row) => row.pageName === 'FOOTER')!;
    expect(footer.year).toMatch(/^\d{4}$/);
    expect(footer.content).toContain(`© ${footer.year}`);
  });
});

describe('PUT /api/admin/pages/:pageName', () => {
  it('an admin replaces a page; GetPages answers it and the row records who changed it', async () => {
    const response = await put('FAQS', { Title: '  Questions  ', Content: '<h2>Questions</h2><p>Ask us.</p>', Year: null });
    expect(response.statusCode).toBe(200);
    const page = { Title: 'Questions', Content: '<h2>Questions</h2><p>Ask us.</p>', Year: null };
    expect(response.json()).toEqual({ Status: 0, Error: null, Data: page });
    expect(await getPage('FAQS')).toEqual({ Status: 0, Error: null, Data: page });
    expect(await storedRow('FAQS')).toMatchObject({ title: 'Questions', content: page.Content, year: null, updatedByUserId: admin.userId });
  });

  it('stores the HTML sanitized: no script, event handler, javascript: link, iframe or style; allowed markup stays', async () => {
    const response = await put('SHIPPINGANDRETURNS', { Title: 'Shipping and returns', Content: HOSTILE, Year: null });
    expect(response.statusCode).toBe(200);
    const stored = (await storedRow('SHIPPINGANDRETURNS'))!.content;
    for (const forbidden of [/<script/i, /alert/, /onerror/i, /javascript:/i, /<iframe/i, /style=/i, /<img/i]) {
      expect(stored).not.toMatch(forbidden);
    }
    expect(stored).toBe(
      '<h2>Returns</h2>' +
        '<p>Write to <a href="mailto:returns@frameport.test" rel="noopener noreferrer">returns</a> or read ' +
        '<a href="https://frameport.test/returns" target="_blank" rel="noopener noreferrer">the policy</a>.</p>' +
        '<ul><li>Within <strong>30 days</strong></li><li>In the box</li></ul>' +
        '<p><a rel="noopener noreferrer">click</a> <a rel="noopener noreferrer">again</a></p>' +
        '<p>Styled</p>',
    );
    expect(response.json().Data.Content).toBe(stored);
    expect((await getPage('SHIPPINGANDRETURNS')).Data.Content).toBe(stored);
  });

  it('GetPages sanitizes on read too: a row written by hand in SQL cannot serve a script', async () => {
    await t.db.update(pages).set({ content: '<p>Hi</p><script>alert(1)</script><img src=x onerror=alert(1)>' }).where(eq(pages.pageName, 'ORDERTRACKING'));
    expect((await getPage('ORDERTRACKING')).Data.Content).toBe('<p>Hi</p>');
  });

  it('creates a page that was never written', async () => {
    await t.db.delete(pages).where(eq(pages.pageName, 'BUSINESSETHICS'));
    const response = await put('BUSINESSETHICS', { Title: 'Business ethics', Content: '<p>Fair dealing.</p>', Year: null });
    expect(response.statusCode).toBe(200);
    expect((await getPage('BUSINESSETHICS')).Data).toEqual({ Title: 'Business ethics', Content: '<p>Fair dealing.</p>', Year: null });
  });

  it('sets the footer year', async () => {
    const response = await put('FOOTER', { Title: 'Footer', Content: '<p>© 2027 Frameport</p>', Year: '2027' });
    expect(response.statusCode).toBe(200);
    expect((await getPage('FOOTER')).Data).toEqual({ Title: 'Footer', Content: '<p>© 2027 Frameport</p>', Year: '2027' });
  });

  it('writes an audit row for every change', async () => {
    const before = await t.db.select().from(auditLog).where(eq(auditLog.action, 'content.updatePage'));
    await put('PRODUCTWARRANTY', { Title: 'Warranty', Content: '<p>One year.</p><script>x()</script>', Year: null });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.updatePage'), eq(auditLog.entityId, 'PRODUCTWARRANTY')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: admin.userId,
      entity: 'page',
      onBehalfOfRetailerId: null,
      details: { title: 'Warranty', year: null, contentLength: '<p>One year.</p>'.length, sanitized: true },
    });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'content.updatePage'))).toHaveLength(before.length + 1);
  });

  it('only an admin: a retailer and a sales executive get 403, no token 401, and the page is unchanged', async () => {
    const retailer = await createRetailer(t.db);
    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [retailer.retailerId] });
    const before = await storedRow('TERMSANDCONDITIONS');
    const body = { Title: 'Hacked', Content: '<p>Hacked</p>', Year: null };
    for (const user of [retailer, sales]) {
      const response = await put('TERMSANDCONDITIONS', body, (await loginAs(t.app, user)).headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ Status: 1, Error: { Message: messages.http.forbidden, StackTrace: null }, Data: null });
    }
    expect((await put('TERMSANDCONDITIONS', body, {})).statusCode).toBe(401);
    expect(await storedRow('TERMSANDCONDITIONS')).toEqual(before);
  });

  it('refuses unknown page names and invalid bodies with 400', async () => {
    const valid = { Title: 'About us', Content: '<p>Us</p>', Year: null };
    const cases: [string, unknown, string][] = [
      ['NOPE', valid, '"pageName" must be one of'],
      ['aboutus', valid, '"pageName" must be one of'],
      ['ABOUTUS', { ...valid, Title: ' ' }, '"Title" is required'],
      ['ABOUTUS', { Title: 'About us', Year: null }, '"Content" is required'],
      ['ABOUTUS', { Title: 'About us', Content: '<p>Us</p>' }, '"Year" is required'],
      ['ABOUTUS', { ...valid, Year: '26' }, '"Year" must be a four-digit year'],
      ['ABOUTUS', { ...valid, Content: 'x'.repeat(PAGE_CONTENT_MAX_LENGTH + 1) }, '"Content" must be at most 200000 characters long'],
    ];
    const before = await storedRow('ABOUTUS');
    for (const [pageName, payload, message] of cases) {
      const response = await put(pageName, payload);
      expect(response.statusCode, `${pageName} ${JSON.stringify(payload).slice(0, 80)}`).toBe(400);
      expect(response.json().Error.Message).toContain(message);
    }
    expect(await storedRow('ABOUTUS')).toEqual(before);
  });

  it('a body over the route limit (256 KB) → 413', async () => {
    const before = await storedRow('ABOUTUS');
    const response = await put('ABOUTUS', { Title: 'About us', Content: `<p>${'x'.repeat(300 * 1024)}</p>`, Year: null });
    expect(response.statusCode).toBe(413);
    expect(response.json().Error.Message).toBe(messages.http.tooLarge);
    expect(await storedRow('ABOUTUS')).toEqual(before);
  });

  it('accepts a page of the largest allowed size', async () => {
    const content = `<p>${'x'.repeat(PAGE_CONTENT_MAX_LENGTH - 7)}</p>`;
    const response = await put('CODEOFBUSINESSCONDUCT', { Title: 'Code', Content: content, Year: null });
    expect(response.statusCode).toBe(200);
    expect((await storedRow('CODEOFBUSINESSCONDUCT'))!.content).toBe(content);
  });
});
