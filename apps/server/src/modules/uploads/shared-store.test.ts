/**
 * Two replicas (two buildApp on one database, each with its own DATA_DIR) and one S3-compatible
 * store: an image uploaded through one is served by the other, and a store that does not answer
 * is a 503 that changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { auditLog, productImages, products, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { createProduct, createRetailer, createStaffUser, loginAs } from '../../test/factories.ts';
import { startS3Server, type S3TestServer } from '../../test/s3.ts';
import { IMMUTABLE_CACHE_CONTROL } from './routes.ts';

function multipart(fields: Record<string, string>, image: Buffer) {
  const boundary = `----frameport${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(
    ([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

let s3: S3TestServer;
let database: TestDatabase;
let replicaA: TestApp;
let replicaB: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  database = await createTestDatabase();
  replicaA = await buildTestApp({ database, env: s3.env });
  replicaB = await buildTestApp({ database, env: s3.env });
});

afterAll(async () => {
  await replicaA?.close();
  await replicaB?.close();
  await database?.close();
  await s3?.stop();
});

async function uploadProductImage(app: TestApp, headers: Record<string, string>, background: string) {
  const { productId, variants } = await createProduct(database.db);
  const [row] = await database.db.select({ productCode: products.productCode }).from(products).where(eq(products.id, productId));
  const body = multipart(
    { productCode: row!.productCode, colorId: String(variants[0]!.id), priority: '1', imageType: 'front' },
    await png(900, 600, background),
  );
  return app.app.inject({
    method: 'POST',
    url: '/api/Product/uploadProductImage',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('files on a shared S3-compatible store', () => {
  it('serves a product image uploaded through replica A from replica B, same bytes and headers', async () => {
    const admin = (await loginAs(replicaA.app, await createStaffUser(database.db, 'admin'))).headers;
    const uploaded = await uploadProductImage(replicaA, admin, '#2a6f97');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const urls = uploaded.json().Data.urls as Record<string, string>;

    for (const url of Object.values(urls)) {
      const fromA = await replicaA.app.inject({ method: 'GET', url });
      const fromB = await replicaB.app.inject({ method: 'GET', url });
      expect(fromB.statusCode, url).toBe(200);
      expect(fromB.headers['content-type']).toBe('image/webp');
      expect(fromB.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
      expect(fromB.headers['content-length']).toBe(String(fromB.rawPayload.length));
      expect(fromB.headers.etag).toBe(fromA.headers.etag);
      expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
      expect((await sharp(fromB.rawPayload).metadata()).format).toBe('webp');
      // The ETag still answers a revalidation on the other replica.
      const again = await replicaB.app.inject({ method: 'GET', url, headers: { 'if-none-match': fromA.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    }
  });

  it('serves a profile picture saved through replica B from replica A', async () => {
    const retailer = await createRetailer(database.db);
    const { headers } = await loginAs(replicaB.app, retailer);
    const saved = await replicaB.app.inject({
      method: 'POST',
      url: '/api/Account/updateUserProfile',
      headers,
      payload: {
        name: 'Asha Rao',
        phoneNumber: '9876543210',
        alternatePhoneNumber: '',
        email: retailer.email,
        profilePicture: `data:image/png;base64,${(await png(400, 300, '#b5651d')).toString('base64')}`,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const url = saved.json().Data.profile.ProfilePictureUrl as string;
    expect(url).toMatch(/^\/media\/uploads\/profiles\//);

    const fromA = await replicaA.app.inject({ method: 'GET', url });
    const fromB = await replicaB.app.inject({ method: 'GET', url });
    expect(fromA.statusCode).toBe(200);
    expect(fromA.headers['content-type']).toBe('image/webp');
    expect(fromA.rawPayload.equals(fromB.rawPayload)).toBe(true);
    expect(await sharp(fromA.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('answers an image that is not in the store with the 404 envelope', async () => {
    const response = await replicaA.app.inject({ method: 'GET', url: '/media/uploads/products/ab/ab0000000000000000000000-card.webp' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual(fail(messages.http.imageNotFound));
  });
});

describe('a store that does not answer', () => {
  let down: S3TestServer;
  let replicaC: TestApp;
  let storedUrl: string;

  beforeAll(async () => {
    down = await startS3Server();
    replicaC = await buildTestApp({ database, env: down.env });
    const admin = (await loginAs(replicaC.app, await createStaffUser(database.db, 'admin'))).headers;
    const uploaded = await uploadProductImage(replicaC, admin, '#3c8d2f');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    storedUrl = uploaded.json().Data.url;
    await down.stop();
  });

  afterAll(async () => {
    await replicaC?.close();
    await down?.stop();
  });

  it('answers an image read with 503, Retry-After and a clear message, not 500', async () => {
    const response = await replicaC.app.inject({ method: 'GET', url: storedUrl });
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual(fail(messages.http.fileStoreUnavailable));
  });

  it('refuses a product image upload with 503 and changes nothing', async () => {
    const admin = (await loginAs(replicaC.app, await createStaffUser(database.db, 'admin'))).headers;
    const [images] = await database.db.select({ n: count() }).from(productImages);
    const [audits] = await database.db.select({ n: count() }).from(auditLog);
    const response = await uploadProductImage(replicaC, admin, '#7a1f5c');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(fail(messages.http.fileStoreUnavailable));
    expect((await database.db.select({ n: count() }).from(productImages))[0]).toEqual(images);
    expect((await database.db.select({ n: count() }).from(auditLog))[0]).toEqual(audits);
  });

  it('refuses a profile picture with 503 and leaves the profile as it was', async () => {
    const retailer = await createRetailer(database.db);
    const { headers } = await loginAs(replicaC.app, retailer);
    const [before] = await database.db.select().from(users).where(eq(users.id, retailer.userId));
    const response = await replicaC.app.inject({
      method: 'POST',
      url: '/api/Account/updateUserProfile',
      headers,
      payload: {
        name: 'Changed Name',
        phoneNumber: '9876543210',
        alternatePhoneNumber: '',
        email: retailer.email,
        profilePicture: (await png(300, 300, '#123456')).toString('base64'),
      },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(fail(messages.http.fileStoreUnavailable));
    expect((await database.db.select().from(users).where(eq(users.id, retailer.userId)))[0]).toEqual(before);
  });
});
