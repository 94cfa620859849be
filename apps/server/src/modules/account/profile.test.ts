import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, PROFILE_PICTURE_MAX_BYTES } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { imageMessages } from '@frameport/domain/messages/images';
import { auditLog, cities, countries, retailers, states, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createRetailer, createStaffUser, loginAs, type TestUser } from '../../test/factories.ts';
import { PROFILE_PICTURE_SIZE } from './profile.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

const CONTACT = { name: 'Asha Rao', phoneNumber: '9876543210', alternatePhoneNumber: '', email: '' };

async function signedInRetailer(overrides: { businessName?: string } = {}) {
  const user = await createRetailer(t.db, overrides);
  const { headers } = await loginAs(t.app, user);
  return { user, headers };
}

function update(headers: Record<string, string>, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/Account/updateUserProfile', headers, payload: body });
}

async function userRow(userId: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

async function retailerRow(retailerId: number) {
  const [row] = await t.db.select().from(retailers).where(eq(retailers.id, retailerId));
  return row!;
}

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6f97' } });

function storedFile(url: string): string {
  expect(url).toMatch(/^\/media\/uploads\/profiles\/[0-9a-f]{2}\/[0-9a-f]{24}-avatar\.webp$/);
  return path.join(t.config.dataDir, 'uploads', url.slice('/media/uploads/'.length));
}

describe('POST /api/Account/updateUserProfile', () => {
  it('updates contact name and phones, normalised, and answers the new profile', async () => {
    const { user, headers } = await signedInRetailer();
    const response = await update(headers, {
      name: '  Ravi Kumar ',
      phoneNumber: '+91 91234-56789',
      alternatePhoneNumber: '08123456789',
      email: user.email,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { Data } = response.json();
    expect(Data.message).toBe('Profile Updated Successfully');
    expect(Data.profile).toMatchObject({
      Name: 'Ravi Kumar',
      PhoneNumber: '9123456789',
      AlternatePhoneNumber: '8123456789',
      Email: user.email,
      UserId: user.userId,
    });
    expect(await userRow(user.userId)).toMatchObject({
      name: 'Ravi Kumar',
      phoneNumber: '9123456789',
      alternatePhoneNumber: '8123456789',
    });

    const cleared = await update(headers, { ...CONTACT, email: user.email, alternatePhoneNumber: null });
    expect(cleared.statusCode).toBe(200);
    expect((await userRow(user.userId)).alternatePhoneNumber).toBeNull();
  });

  it.each([
    ['a 9-digit phone', { phoneNumber: '987654321' }, messages.profile.phoneInvalid],
    ['a phone starting with 5', { phoneNumber: '5876543210' }, messages.profile.phoneInvalid],
    ['letters in the alternate phone', { alternatePhoneNumber: '98765abcde' }, messages.profile.phoneInvalid],
    ['the same alternate phone', { alternatePhoneNumber: '+91 9876543210' }, messages.profile.phoneSame],
    ['an empty contact name', { name: '   ' }, messages.profile.nameRequired],
    ['a malformed email', { email: 'asha@example' }, messages.profile.emailInvalid],
  ])('%s → 400 with the spec message and nothing changed', async (_label, change, message) => {
    const { user, headers } = await signedInRetailer();
    const before = await userRow(user.userId);
    const response = await update(headers, { ...CONTACT, email: user.email, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fail(message));
    expect(await userRow(user.userId)).toEqual(before);
  });

  it('ignores business name, PAN, GSTIN and address fields in the body', async () => {
    const { user, headers } = await signedInRetailer({ businessName: 'Original Opticals' });
    const before = await retailerRow(user.retailerId);
    const response = await update(headers, {
      ...CONTACT,
      email: user.email,
      BusinessName: 'Hijacked Opticals',
      GSTIN: '36AAAAA0000A1Z5',
      PAN: 'AAAAA0000A',
      Address: 'Elsewhere',
      PinCode: '110001',
      StateId: 999,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().Data.profile).toMatchObject({ BusinessName: 'Original Opticals', GSTIN: null, PAN: null, PinCode: '500001' });
    expect(await retailerRow(user.retailerId)).toEqual(before);
  });

  it('refuses a different email with a pointer to Change email, and changes nothing (not even the other fields)', async () => {
    const { user, headers } = await signedInRetailer();
    const other = await createRetailer(t.db);
    const before = await userRow(user.userId);
    const retailerBefore = await retailerRow(user.retailerId);
    for (const email of [`renamed.${randomBytes(3).toString('hex')}@example.test`, other.email]) {
      const response = await update(headers, { ...CONTACT, name: 'Changed Name', email });
      expect(response.statusCode, email).toBe(400);
      expect(response.json()).toEqual(fail(messages.profile.emailChangeNeedsConfirmation));
    }
    expect(await userRow(user.userId)).toEqual(before);
    expect(await retailerRow(user.retailerId)).toEqual(retailerBefore);
    await expect(loginAs(t.app, user)).resolves.toBeDefined();
  });

  it('accepts its own email in another letter case and keeps it as stored', async () => {
    const { user, headers } = await signedInRetailer();
    const response = await update(headers, { ...CONTACT, name: 'Case Person', email: `  ${user.email.toUpperCase()} ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(await userRow(user.userId)).toMatchObject({ name: 'Case Person', email: user.email });
  });

  describe('profile pictures', () => {
    it('stores a PNG data URL as a 256 px square WebP without metadata, and serves its URL from the profile', async () => {
      const { user, headers } = await signedInRetailer();
      const png = await image(900, 300).png().toBuffer();
      const response = await update(headers, {
        ...CONTACT,
        email: user.email,
        profilePicture: `data:image/png;base64,${png.toString('base64')}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const url = response.json().Data.profile.ProfilePictureUrl as string;
      expect((await t.app.inject({ url })).headers['content-type']).toBe('image/webp');
      expect((await userRow(user.userId)).profilePictureUrl).toBe(url);
      const meta = await sharp(storedFile(url)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: PROFILE_PICTURE_SIZE, height: PROFILE_PICTURE_SIZE });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();

      const kept = await update(headers, { ...CONTACT, email: user.email });
      expect(kept.json().Data.profile.ProfilePictureUrl).toBe(url);
      const removed = await update(headers, { ...CONTACT, email: user.email, profilePicture: '' });
      expect(removed.json().Data.profile.ProfilePictureUrl).toBeNull();
      expect((await userRow(user.userId)).profilePictureUrl).toBeNull();
    });

    it('accepts bare base64 JPEG with EXIF and drops the EXIF', async () => {
      const { user, headers } = await signedInRetailer();
      const jpeg = await image(400, 500).jpeg().withExif({ IFD0: { Copyright: 'secret-owner' } }).toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const response = await update(headers, { ...CONTACT, email: user.email, profilePicture: jpeg.toString('base64') });
      expect(response.statusCode, response.body).toBe(200);
      const file = storedFile(response.json().Data.profile.ProfilePictureUrl);
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
      expect(meta.exif).toBeUndefined();
    });

    it.each([
      ['a GIF', async () => (await image(40, 40).gif().toBuffer()).toString('base64'), imageMessages.notAnImage],
      ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'), imageMessages.notAnImage],
      ['text that is not base64', async () => 'not base64 at all!', imageMessages.notAnImage],
      ['a truncated PNG', async () => (await image(300, 300).png().toBuffer()).subarray(0, 60).toString('base64'), imageMessages.notAnImage],
      [
        'an image over 2 MB',
        async () => Buffer.concat([await image(10, 10).png().toBuffer(), Buffer.alloc(PROFILE_PICTURE_MAX_BYTES)]).toString('base64'),
        messages.profile.pictureTooLarge,
      ],
    ])('%s → 400 with a clear message and nothing changed', async (_label, picture, message) => {
      const { user, headers } = await signedInRetailer();
      const before = await userRow(user.userId);
      const response = await update(headers, { ...CONTACT, name: 'Changed Name', email: user.email, profilePicture: await picture() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(fail(message));
      expect(await userRow(user.userId)).toEqual(before);
    });

    it('refuses a body over the route limit with 413', async () => {
      const { user, headers } = await signedInRetailer();
      const response = await update(headers, { ...CONTACT, email: user.email, profilePicture: 'A'.repeat(4_500_000) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual(fail(messages.http.tooLarge));
    });
  });

  describe('a sales executive', () => {
    let linked: TestUser & { retailerId: number };
    let unlinked: TestUser & { retailerId: number };
    let sales: TestUser;
    let headers: Record<string, string>;

    beforeAll(async () => {
      linked = await createRetailer(t.db);
      unlinked = await createRetailer(t.db);
      sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [linked.retailerId] });
      ({ headers } = await loginAs(t.app, sales));
    });

    it("edits a linked retailer's profile with Email, and the change is audited", async () => {
      const response = await update(headers, { ...CONTACT, name: 'Linked Contact', email: linked.email, Email: linked.email });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().Data.profile).toMatchObject({ Name: 'Linked Contact', RetailerID: linked.retailerId });
      expect((await userRow(linked.userId)).name).toBe('Linked Contact');
      expect((await userRow(sales.userId)).name).toBe('Sales Person');
      const audit = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.onBehalfOfRetailerId, linked.retailerId), eq(auditLog.action, 'account.updateProfile')));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorUserId: sales.userId, details: { changed: ['name'] } });
    });

    it("cannot change a linked retailer's sign-in email (no way to take the account over through a reset)", async () => {
      const before = await userRow(linked.userId);
      const response = await update(headers, { ...CONTACT, name: 'Linked Contact', email: 'sales-mailbox@example.test', Email: linked.email });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(fail(messages.profile.emailOnBehalf));
      expect(await userRow(linked.userId)).toEqual(before);
    });

    it("cannot edit an unlinked retailer's profile", async () => {
      const before = await userRow(unlinked.userId);
      const response = await update(headers, { ...CONTACT, name: 'Intruder', email: unlinked.email, Email: unlinked.email });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(fail(messages.http.forbidden));
      expect(await userRow(unlinked.userId)).toEqual(before);
    });

    it('edits its own profile without Email', async () => {
      const response = await update(headers, { ...CONTACT, name: 'Sales Person Renamed', email: sales.email });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().Data.profile).toMatchObject({ Name: 'Sales Person Renamed', RetailerID: null, UserId: sales.userId });
    });
  });

  it('a retailer naming another retailer with Email gets 403', async () => {
    const { user, headers } = await signedInRetailer();
    const other = await createRetailer(t.db);
    const response = await update(headers, { ...CONTACT, email: user.email, Email: other.email });
    expect(response.statusCode).toBe(403);
  });
});

describe('geography lists', () => {
  let headers: Record<string, string>;
  let countryId: number;
  let telanganaId: number;

  beforeAll(async () => {
    ({ headers } = await signedInRetailer());
    const [india] = await t.db.select().from(countries).where(eq(countries.code, 'IN'));
    const [telangana] = await t.db.select().from(states).where(eq(states.stateCode, '36'));
    countryId = india!.id;
    telanganaId = telangana!.id;
    await t.db.insert(countries).values({ code: 'BT', name: 'Bhutan' });
    await t.db.insert(cities).values([
      { stateId: telanganaId, code: 'WGL', name: 'Warangal' },
      { stateId: telanganaId, code: 'ADB', name: 'Adilabad' },
    ]);
  });

  it('getCountries lists countries by name', async () => {
    const response = await t.app.inject({ url: '/api/Account/getCountries', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().Data).toEqual([
      { CountryId: expect.any(Number), CountryCode: 'BT', CountryName: 'Bhutan' },
      { CountryId: countryId, CountryCode: 'IN', CountryName: 'India' },
    ]);
  });

  it('getStates lists the states of a country by name', async () => {
    const response = await t.app.inject({ url: `/api/Account/getStates?countryId=${countryId}`, headers });
    expect(response.statusCode).toBe(200);
    const data = response.json().Data;
    expect(data.map((state: { StateName: string }) => state.StateName)).toEqual(['Karnataka', 'Telangana']);
    expect(data[1]).toEqual({ StateID: telanganaId, CountryId: countryId, StateCode: '36', StateName: 'Telangana', TIN: '36' });
  });

  it('getCities lists the cities of a state by name', async () => {
    const response = await t.app.inject({ url: `/api/Account/getCities?stateId=${telanganaId}`, headers });
    expect(response.statusCode).toBe(200);
    const data = response.json().Data;
    expect(data.map((city: { CityName: string }) => city.CityName)).toEqual(['Adilabad', 'Hyderabad', 'Warangal']);
    expect(data[0]).toEqual({ CityMasterID: expect.any(Number), StateMasterID: telanganaId, CityCode: 'ADB', CityName: 'Adilabad' });
  });

  it('unknown ids give empty lists; a missing or malformed id is 400; no token is 401', async () => {
    expect((await t.app.inject({ url: '/api/Account/getStates?countryId=99999', headers })).json().Data).toEqual([]);
    expect((await t.app.inject({ url: '/api/Account/getCities?stateId=99999', headers })).json().Data).toEqual([]);
    expect((await t.app.inject({ url: '/api/Account/getStates', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/Account/getCities?stateId=abc', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/Account/getCountries' })).statusCode).toBe(401);
  });

  it('an id past PostgreSQL integer is 400, not a failed query (found by the HTTP fuzzer)', async () => {
    for (const url of ['/api/Account/getStates?countryId=2147483648', '/api/Account/getCities?stateId=2147483648']) {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().Error.StackTrace).toBeNull();
    }
  });
});

describe('GET /api/Account/getRetailersList', () => {
  let zeta: TestUser & { retailerId: number };
  let alpha: TestUser & { retailerId: number };
  let inactive: TestUser & { retailerId: number };
  let notLinked: TestUser & { retailerId: number };

  beforeAll(async () => {
    zeta = await createRetailer(t.db, { businessName: 'Zeta Vision', stateCode: '29' });
    alpha = await createRetailer(t.db, { businessName: 'alpha Optics' });
    inactive = await createRetailer(t.db, { businessName: 'Closed Opticals' });
    notLinked = await createRetailer(t.db, { businessName: 'Elsewhere Eyewear' });
    await t.db.update(retailers).set({ status: 'Blocked', statusReason: 'Closed the shop' }).where(eq(retailers.id, inactive.retailerId));
  });

  it('a sales executive gets its active linked retailers, by business name', async () => {
    const sales = await createStaffUser(t.db, 'salesexecutive', {
      linkedRetailerIds: [zeta.retailerId, alpha.retailerId, inactive.retailerId],
    });
    const { headers } = await loginAs(t.app, sales);
    const response = await t.app.inject({ url: '/api/Account/getRetailersList', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().Data).toEqual([
      {
        Id: alpha.retailerId,
        BusinessName: 'alpha Optics',
        FirstName: 'Asha',
        LastName: 'Rao',
        Email: alpha.email,
        City: 'Hyderabad',
        StateName: 'Telangana',
      },
      {
        Id: zeta.retailerId,
        BusinessName: 'Zeta Vision',
        FirstName: 'Asha',
        LastName: 'Rao',
        Email: zeta.email,
        City: 'Bengaluru',
        StateName: 'Karnataka',
      },
    ]);
  });

  it('an admin gets every active retailer', async () => {
    const admin = await createStaffUser(t.db, 'admin');
    const { headers } = await loginAs(t.app, admin);
    const data = (await t.app.inject({ url: '/api/Account/getRetailersList', headers })).json().Data as { Id: number; BusinessName: string }[];
    const ids = data.map((row) => row.Id);
    expect(ids).toEqual(expect.arrayContaining([zeta.retailerId, alpha.retailerId, notLinked.retailerId]));
    expect(ids).not.toContain(inactive.retailerId);
    const names = data.map((row) => row.BusinessName.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('a retailer gets 403', async () => {
    const { headers } = await signedInRetailer();
    const response = await t.app.inject({ url: '/api/Account/getRetailersList', headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(fail(messages.http.forbidden));
  });
});
