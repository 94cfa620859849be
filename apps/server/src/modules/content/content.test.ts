import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, PAGE_NAMES } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { banners, corporateDetails, pages } from '../../db/schema.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

/** Public content: support pages, corporate details and the login banners answer without a token. */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.db, { products: 10, now: new Date('2026-11-01') });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/Home/GetPages (public)', () => {
  it.each(PAGE_NAMES)('%s answers its title, HTML content and year without a token', async (pageName) => {
    const response = await t.app.inject({ url: `/api/Home/GetPages?pageName=${pageName}` });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(pages).where(eq(pages.pageName, pageName));
    expect(response.json()).toEqual({ Status: 0, Error: null, Data: { Title: row!.title, Content: row!.content, Year: row!.year } });
  });

  it('keeps the stored HTML as it is and gives the footer its year', async () => {
    const footer = await t.app.inject({ url: '/api/Home/GetPages?pageName=FOOTER' });
    expect(footer.json().Data).toMatchObject({ Year: '2026', Content: expect.stringContaining('<p>') });
    const faqs = await t.app.inject({ url: '/api/Home/GetPages?pageName=faqs' });
    expect(faqs.statusCode).toBe(200);
    expect(faqs.json().Data.Content).toContain('<h3>');
  });

  it('an unknown page name → 400, a missing one → 400', async () => {
    const unknown = await t.app.inject({ url: '/api/Home/GetPages?pageName=NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Error.Message).toContain('"pageName" must be one of');
    const missing = await t.app.inject({ url: '/api/Home/GetPages' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(fail('"pageName" is required'));
  });

  it('a known page name without content → 404', async () => {
    await t.db.delete(pages).where(eq(pages.pageName, 'BUSINESSETHICS'));
    const response = await t.app.inject({ url: '/api/Home/GetPages?pageName=BUSINESSETHICS' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(fail(messages.content.pageNotFound));
  });
});

describe('GET /api/Home/getCorporateDetails (public)', () => {
  it('answers the address, contact number and email without a token', async () => {
    const response = await t.app.inject({ url: '/api/Home/getCorporateDetails' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Status: 0,
      Error: null,
      Data: {
        Address: '4th Floor, Cyber Pearl, HITEC City, Madhapur, Hyderabad, Telangana 500081, India',
        ContactNumber: '+91 40 4012 3456',
        EmailId: 'support@frameport.test',
      },
    });
  });

  it('404 when the company has no details yet', async () => {
    const local = await buildTestApp();
    try {
      const response = await local.app.inject({ url: '/api/Home/getCorporateDetails' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(fail(messages.content.corporateDetailsNotFound));
      expect(await local.db.select().from(corporateDetails)).toEqual([]);
    } finally {
      await local.close();
    }
  });
});

describe('GET /api/Account/getLoginBanners (public)', () => {
  it('answers only the active login banners, without a token', async () => {
    const response = await t.app.inject({ url: '/api/Account/getLoginBanners' });
    expect(response.statusCode).toBe(200);
    const { banners: list } = response.json().Data as { banners: { BannerTitle: string; IsLoginBanner: boolean; BannerImage: string }[] };
    expect(list).toEqual([
      expect.objectContaining({ BannerTitle: 'Welcome to Frameport', IsLoginBanner: true, BannerImage: expect.stringMatching(/^\/media\/banners\/\d+\.svg$/) }),
    ]);
    await t.db.update(banners).set({ isActive: false }).where(eq(banners.isLoginBanner, true));
    expect((await t.app.inject({ url: '/api/Account/getLoginBanners' })).json().Data).toEqual({ banners: [] });
  });
});
