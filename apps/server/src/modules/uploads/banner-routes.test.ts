import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadMessages } from '@frameport/domain/messages/uploads';
import { auditLog, banners, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createStaffUser, loginAs, type TestUser } from '../../test/factories.ts';

/**
 * The back office's banners: GET /api/admin/banners (all, with flags), PATCH and DELETE
 * /api/admin/banners/:id. Admin only, audited, one transaction each; bad input changes nothing.
 */

let t: TestApp;
let admin: TestUser;
let adminHeaders: { authorization: string };
let warehouseHeaders: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaffUser(t.db, 'admin');
  adminHeaders = (await loginAs(t.app, admin)).headers;
  warehouseHeaders = (await loginAs(t.app, await createStaffUser(t.db, 'warehouse'))).headers;
});

afterAll(async () => {
  await t?.close();
});

let home: number;
let login: number;
let hidden: number;

beforeEach(async () => {
  await t.db.delete(banners);
  const insert = async (values: Partial<typeof banners.$inferInsert> & { title: string; sortOrder: number }) =>
    (
      await t.db
        .insert(banners)
        .values({ imageUrl: `/media/uploads/banners/${values.title}.webp`, imageName: `${values.title}.webp`, mobileImageUrl: null, ...values })
        .returning({ id: banners.id })
    )[0]!.id;
  login = await insert({ title: 'Monsoon sale', sortOrder: 2, isLoginBanner: true });
  home = await insert({ title: 'New season', sortOrder: 1, isHomeBanner: true, isNewArrivalBanner: true });
  hidden = await insert({ title: 'Old offer', sortOrder: 3, isHomeBanner: true, isActive: false });
});

const list = () => t.app.inject({ url: '/api/admin/banners', headers: adminHeaders });
const patch = (id: number | string, payload: unknown, headers: Record<string, string> = adminHeaders) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/banners/${id}`, payload: payload as object, headers });
const remove = (id: number | string, headers: Record<string, string> = adminHeaders) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/banners/${id}`, headers });
const bannerAudit = (id: number) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'banner'), eq(auditLog.entityId, String(id))));
const publicBanners = async (kind: string) =>
  ((await t.app.inject({ url: `/api/Home/getBanners?searchBanners=${kind}`, headers: adminHeaders })).json().Data.banners as { BannerTitle: string }[]).map(
    (banner) => banner.BannerTitle,
  );

describe('GET /api/admin/banners', () => {
  it('lists every banner, inactive ones too, in display order, with their section flags', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const data = response.json().Data.banners;
    expect(data.map((banner: { title: string }) => banner.title)).toEqual(['New season', 'Monsoon sale', 'Old offer']);
    expect(data[0]).toMatchObject({
      id: home,
      imageUrl: '/media/uploads/banners/New season.webp',
      mobileImageUrl: null,
      flags: { Home: true, Login: false, NewArrival: true, Material: false, PriceRange: false, Frame: false, Color: false },
      sortOrder: 1,
      isActive: true,
    });
    expect(data[2]).toMatchObject({ id: hidden, isActive: false, flags: expect.objectContaining({ Home: true }) });
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/admin/banners' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/banners', headers: warehouseHeaders })).statusCode).toBe(403);
  });
});

describe('PATCH /api/admin/banners/:id', () => {
  it('changes only what is sent, answers the banner and audits before and after', async () => {
    const response = await patch(login, { title: '  Festive offer ', flags: { Home: true, Login: false }, sortOrder: 7 });
    expect(response.statusCode).toBe(200);
    expect(response.json().Data).toMatchObject({
      id: login,
      title: 'Festive offer',
      flags: { Home: true, Login: false, NewArrival: false, Material: false, PriceRange: false, Frame: false, Color: false },
      sortOrder: 7,
      isActive: true,
      modifiedBy: (await t.db.select({ name: users.name }).from(users).where(eq(users.id, admin.userId)))[0]!.name,
    });
    const [row] = await t.db.select().from(banners).where(eq(banners.id, login));
    expect(row).toMatchObject({ title: 'Festive offer', isHomeBanner: true, isLoginBanner: false, sortOrder: 7, modifiedByUserId: admin.userId });
    const audit = await bannerAudit(login);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update_banner', actorUserId: admin.userId });
    expect(audit[0]!.details).toMatchObject({
      before: { title: 'Monsoon sale', sortOrder: 2, flags: { Home: false, Login: true } },
      after: { title: 'Festive offer', sortOrder: 7, flags: { Home: true, Login: false } },
    });
    // The public reads follow at once.
    expect(await publicBanners('Home')).toContain('Festive offer');
    expect(await publicBanners('Login')).not.toContain('Festive offer');
  });

  it('hides a banner from every section when it is made inactive, and shows it again', async () => {
    expect((await patch(home, { isActive: false })).statusCode).toBe(200);
    expect(await publicBanners('Home')).toEqual([]);
    expect((await patch(home, { isActive: true })).statusCode).toBe(200);
    expect(await publicBanners('Home')).toEqual(['New season']);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /Nothing to change/],
      [{ title: '   ' }, /Please enter the banner title/],
      [{ sortOrder: 2.5 }, /Sort order must be a whole number/],
      [{ sortOrder: -1 }, /Sort order must be between 0 and 10000/],
      [{ flags: { Sidebar: true } }, /.+/],
      [{ isActive: 'yes' }, /.+/],
      [{ imageUrl: 'https://evil.test/x.png' }, /.+/],
    ];
    for (const [payload, message] of cases) {
      const response = await patch(home, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().Error.Message, JSON.stringify(payload)).toMatch(message);
    }
    const [row] = await t.db.select().from(banners).where(eq(banners.id, home));
    expect(row).toMatchObject({ title: 'New season', sortOrder: 1, isHomeBanner: true, isActive: true });
    expect(await bannerAudit(home)).toEqual([]);
  });

  it('answers 404 for a banner that does not exist, 400 for an id that is not one, 403 for the warehouse', async () => {
    const missing = await patch(999_999, { title: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Error.Message).toBe(uploadMessages.bannerNotFound);
    expect((await patch('abc', { title: 'X' })).statusCode).toBe(400);
    expect((await patch(home, { title: 'X' }, warehouseHeaders)).statusCode).toBe(403);
    const [row] = await t.db.select().from(banners).where(eq(banners.id, home));
    expect(row!.title).toBe('New season');
  });
});

describe('DELETE /api/admin/banners/:id', () => {
  it('deletes the banner, audits what it was, and it leaves the public sections', async () => {
    expect(await publicBanners('Login')).toEqual(['Monsoon sale']);
    const response = await remove(login);
    expect(response.statusCode).toBe(200);
    expect(response.json().Data).toEqual({ id: login, deleted: true });
    expect(await t.db.select().from(banners).where(eq(banners.id, login))).toEqual([]);
    expect(await publicBanners('Login')).toEqual([]);
    const audit = await bannerAudit(login);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'delete_banner', actorUserId: admin.userId });
    expect(audit[0]!.details).toMatchObject({ before: { title: 'Monsoon sale', flags: { Login: true } }, after: null });
    // A second delete finds nothing.
    expect((await remove(login)).statusCode).toBe(404);
  });

  it('is refused to the warehouse and without a session, and then the banner stays', async () => {
    expect((await remove(home, warehouseHeaders)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/banners/${home}` })).statusCode).toBe(401);
    expect(await t.db.select({ id: banners.id }).from(banners).where(eq(banners.id, home))).toEqual([{ id: home }]);
    expect(await bannerAudit(home)).toEqual([]);
  });
});
