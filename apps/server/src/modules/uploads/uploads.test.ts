import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '@frameport/domain/contract';
import { imageMessages } from '@frameport/domain/messages/images';
import { createLocalFileStore, isSafeKey } from '../../adapters/storage.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, banners, productColours, productImages, products } from '../../db/schema.ts';
import { DEMO_EMAILS, DEMO_PASSWORDS, seedDemo } from '../../db/seed/index.ts';
import type { Identity } from '../../http/identity.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loginAs } from '../../test/factories.ts';
import { sniffFormat } from '../../adapters/images.ts';
import { createUploadService } from './service.ts';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; data: Buffer; contentType?: string };

/** A multipart/form-data body written by hand (what a browser's FormData sends). */
function multipart(parts: FormPart[]) {
  const boundary = `----frameport${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const solid = (width: number, height: number, background = '#2a6f97') =>
  sharp({ create: { width, height, channels: 3, background } });
const png = (width = 1600, height = 1000, background?: string) => solid(width, height, background).png().toBuffer();
const jpeg = (width = 1600, height = 1000) => solid(width, height, '#b5651d').jpeg().toBuffer();
const webp = (width = 1600, height = 1000) => solid(width, height, '#3c8d2f').webp().toBuffer();
const gif = () => solid(40, 40).gif().toBuffer();

type Variant = { id: number; productCode: string; colorVariant: string };

let t: TestApp;
let admin: Record<string, string>;
let retailer: Record<string, string>;
let sales: Record<string, string>;
let variants: Variant[];
let uploadsDir: string;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function uploadProductImage(headers: Record<string, string>, parts: FormPart[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/Product/uploadProductImage',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

function uploadBanner(headers: Record<string, string>, parts: FormPart[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/Home/uploadBanner',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

function productFields(variant: Variant, overrides: Record<string, string | undefined> = {}): FormPart[] {
  const fields: Record<string, string | undefined> = {
    productCode: variant.productCode,
    colorId: String(variant.id),
    priority: '1',
    imageType: 'front',
    ...overrides,
  };
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ({ name, value }));
}

const imagePart = (data: Buffer, filename = 'photo.png', contentType = 'image/png'): FormPart => ({
  name: 'image',
  filename,
  data,
  contentType,
});

async function imageRowCount() {
  const [row] = await t.db.select({ n: count() }).from(productImages);
  return row?.n ?? 0;
}

async function bannerSnapshot() {
  return t.db.select().from(banners).orderBy(asc(banners.id));
}

async function webpInfo(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  const meta = await sharp(response.rawPayload).metadata();
  return { response, meta };
}

beforeAll(async () => {
  t = await buildTestApp();
  uploadsDir = path.join(t.config.dataDir, 'uploads');
  await seedDemo(t.db, { products: 20, now: new Date('2026-11-01') });
  admin = (await loginAs(t.app, { email: DEMO_EMAILS.admin, password: DEMO_PASSWORDS.admin })).headers;
  retailer = (await loginAs(t.app, { email: DEMO_EMAILS.retailer, password: DEMO_PASSWORDS.retailer })).headers;
  sales = (await loginAs(t.app, { email: DEMO_EMAILS.sales, password: DEMO_PASSWORDS.sales })).headers;
  variants = await t.db
    .select({ id: productColours.id, productCode: products.productCode, colorVariant: productColours.colorVariant })
    .from(productColours)
    .innerJoin(products, eq(products.id, productColours.productId))
    .orderBy(asc(productColours.id))
    .limit(12);
});

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------
// Product images
// ---------------------------------------------------------------------------------------------

describe('POST /api/Product/uploadProductImage', () => {
  it('stores an admin PNG as WebP in three widths and shows it on the colour at once', async () => {
    const variant = variants[0]!;
    const response = await uploadProductImage(admin, [...productFields(variant, { priority: '1' }), imagePart(await png(1600, 1000))]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.Status).toBe(0);
    const data = body.Data;
    expect(data).toMatchObject({
      productColorId: variant.id,
      productCode: variant.productCode,
      colorVariant: variant.colorVariant,
      imageType: 'front',
      priority: 1,
    });
    const stem = /^\/media\/uploads\/products\/([0-9a-f]{2})\/(\1[0-9a-f]{22})-card\.webp$/.exec(data.urls.card);
    expect(stem, data.urls.card).not.toBeNull();
    expect(data.urls.thumbnail).toBe(data.urls.card.replace('-card.webp', '-thumbnail.webp'));
    expect(data.urls.zoom).toBe(data.urls.card.replace('-card.webp', '-zoom.webp'));
    expect(data.url).toBe(data.urls.card);

    // Real WebP files of the right widths (aspect kept), on disk under the uploads folder.
    for (const [size, width] of [
      ['thumbnail', 160],
      ['card', 480],
      ['zoom', 1200],
    ] as const) {
      const url: string = data.urls[size];
      const file = path.join(uploadsDir, url.slice('/media/uploads/'.length));
      expect(existsSync(file), file).toBe(true);
      const onDisk = await sharp(readFileSync(file)).metadata();
      expect(onDisk).toMatchObject({ format: 'webp', width, height: Math.round((width * 1000) / 1600) });

      const { response: served, meta } = await webpInfo(url);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(readFileSync(file))).toBe(true);
      expect(meta.width).toBe(width);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(served.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }

    // The colour's front image is now the upload (the seeded SVG row is replaced, side kept).
    const rows = await t.db
      .select({ url: productImages.url, imageType: productImages.imageType, priority: productImages.priority, imageName: productImages.imageName })
      .from(productImages)
      .where(eq(productImages.productColourId, variant.id))
      .orderBy(asc(productImages.priority));
    expect(rows).toEqual([
      { url: data.urls.card, imageType: 'front', priority: 1, imageName: `${variant.productCode}-${variant.colorVariant}-front.webp` },
      { url: `/media/products/${variant.id}/side.svg`, imageType: 'side', priority: 2, imageName: expect.any(String) },
    ]);

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'upload_product_image'));
    expect(audit).toMatchObject({ entity: 'product_colour', entityId: String(variant.id) });
  });

  it('accepts JPEG and WebP, turns EXIF-rotated photos upright and strips their metadata', async () => {
    // A 1600 × 1000 JPEG whose EXIF says "rotate 90°": the stored image is portrait.
    const rotated = await solid(1600, 1000, '#b5651d').jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(rotated).metadata()).exif).toBeDefined();
    const fromJpeg = await uploadProductImage(admin, [
      ...productFields(variants[1]!, { imageType: 'side', priority: '2' }),
      imagePart(rotated, 'photo.jpg', 'image/jpeg'),
    ]);
    expect(fromJpeg.statusCode, fromJpeg.body).toBe(200);
    const zoom = await webpInfo(fromJpeg.json().Data.urls.zoom);
    expect(zoom.meta).toMatchObject({ format: 'webp', width: 1000, height: 1600 });
    expect(zoom.meta.exif).toBeUndefined();
    expect(zoom.meta.icc).toBeUndefined();
    expect(zoom.meta.xmp).toBeUndefined();
    expect(zoom.meta.orientation).toBeUndefined();

    const fromWebp = await uploadProductImage(admin, [
      ...productFields(variants[2]!, { imageType: 'thumbnail', priority: '0' }),
      imagePart(await webp(), 'photo.webp', 'image/webp'),
    ]);
    expect(fromWebp.statusCode, fromWebp.body).toBe(200);
    const data = fromWebp.json().Data;
    // A thumbnail row points at the thumbnail size.
    expect(data.url).toBe(data.urls.thumbnail);
    const [row] = await t.db
      .select({ url: productImages.url })
      .from(productImages)
      .where(and(eq(productImages.productColourId, variants[2]!.id), eq(productImages.imageType, 'thumbnail')));
    expect(row?.url).toBe(data.urls.thumbnail);

    const plainJpeg = await uploadProductImage(admin, [...productFields(variants[3]!), imagePart(await jpeg(), 'x.jpeg', 'image/jpeg')]);
    expect(plainJpeg.statusCode).toBe(200);
  });

  it('never enlarges a small image, and names files by content (same upload, same URLs)', async () => {
    const small = await png(300, 200, '#880000');
    const first = await uploadProductImage(admin, [...productFields(variants[4]!), imagePart(small)]);
    expect(first.statusCode).toBe(200);
    const urls = first.json().Data.urls;
    expect((await webpInfo(urls.thumbnail)).meta.width).toBe(160);
    expect((await webpInfo(urls.card)).meta.width).toBe(300);
    expect((await webpInfo(urls.zoom)).meta.width).toBe(300);

    const second = await uploadProductImage(admin, [...productFields(variants[5]!), imagePart(small, 'again.png')]);
    expect(second.json().Data.urls).toEqual(urls);
  });

  it('checks the content, not the name or declared type', async () => {
    const before = { rows: await imageRowCount(), files: filesUnder(uploadsDir).length };
    const cases: [string, Buffer, string][] = [
      ['text named .png', Buffer.from('this is not a picture, just text\n'.repeat(20)), 'image/png'],
      ['GIF', await gif(), 'image/png'],
      ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/png'],
      ['PNG signature then garbage', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2000)]), 'image/png'],
      ['truncated PNG', (await png(800, 800, '#123456')).subarray(0, 300), 'image/png'],
    ];
    for (const [label, data, type] of cases) {
      const response = await uploadProductImage(admin, [...productFields(variants[6]!), imagePart(data, 'photo.png', type)]);
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toEqual(fail(imageMessages.notAnImage));
    }
    expect(await imageRowCount()).toBe(before.rows);
    expect(filesUnder(uploadsDir)).toHaveLength(before.files);
  });

  it('refuses an image over 5 MB with 413, and a decompression bomb with 400', async () => {
    const big = Buffer.concat([await png(100, 100), randomBytes(5 * 1024 * 1024)]);
    const tooBig = await uploadProductImage(admin, [...productFields(variants[6]!), imagePart(big)]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual(fail('The image is larger than 5 MB.'));

    // 8000 × 8000 = 64 megapixels in a ~200 KB PNG: refused from its header, never decoded.
    const bomb = await solid(8000, 8000, '#ffffff').png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const response = await uploadProductImage(admin, [...productFields(variants[6]!), imagePart(bomb)]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fail(imageMessages.tooManyPixels));
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a body whose declared length is over the route limit before reading it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Product/uploadProductImage',
      headers: { ...admin, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(12 * 1024 * 1024) },
      payload: Buffer.alloc(12 * 1024 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(fail('The request is too large.'));
  });

  it('only lets an admin upload: 401 without a token, 403 for retailers and sales executives', async () => {
    const before = { rows: await imageRowCount(), files: filesUnder(uploadsDir).length };
    const parts = [...productFields(variants[7]!), imagePart(await png(640, 480))];
    const anonymous = await uploadProductImage({}, parts);
    expect(anonymous.statusCode).toBe(401);
    for (const headers of [retailer, sales]) {
      const response = await uploadProductImage(headers, parts);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(fail('You are not allowed to do this.'));
      const banner = await uploadBanner(headers, [{ name: 'bannerTitle', value: 'Nope' }, imagePart(await png(640, 480))]);
      expect(banner.statusCode).toBe(403);
    }
    expect(await imageRowCount()).toBe(before.rows);
    expect(filesUnder(uploadsDir)).toHaveLength(before.files);
  });

  it('names the field that is missing or wrong', async () => {
    const variant = variants[8]!;
    const image = imagePart(await png(200, 200));
    const cases: [FormPart[], string][] = [
      [productFields(variant), imageMessages.missing],
      [[...productFields(variant), { name: 'image', filename: '', data: Buffer.alloc(0) }], imageMessages.missing],
      [[...productFields(variant, { productCode: undefined }), image], '"productCode" is required'],
      [[...productFields(variant, { productCode: '   ' }), image], '"productCode" is required'],
      [[...productFields(variant, { colorId: undefined }), image], '"colorId" is required'],
      [[...productFields(variant, { colorId: 'C1' }), image], '"colorId" must be a positive whole number'],
      [[...productFields(variant, { colorId: '99999999999' }), image], '"colorId" must be a positive whole number'],
      [[...productFields(variant, { imageType: undefined }), image], '"imageType" is required'],
      [[...productFields(variant, { imageType: 'back' }), image], '"imageType" must be one of: front, side, thumbnail'],
      [[...productFields(variant, { priority: undefined }), image], '"priority" is required'],
      [[...productFields(variant, { priority: '100' }), image], '"priority" must be a whole number from 0 to 99'],
      [[...productFields(variant, { priority: '-1' }), image], '"priority" must be a whole number from 0 to 99'],
      [[...productFields(variant, { priority: '1.5' }), image], '"priority" must be a whole number from 0 to 99'],
      [[...productFields(variant, { colourId: '1' }), image], 'Unknown field: colourId'],
      [[...productFields(variant), { name: 'photo', filename: 'a.png', data: Buffer.from('x') }, image], 'Unknown file field: photo'],
      [[...productFields(variant), { name: 'priority', value: '2' }, image], '"priority" was sent more than once'],
      [[...productFields(variant), { name: 'image', value: 'not a file' }], '"image" must be a file'],
      [[...productFields(variant, { productCode: 'x'.repeat(2000) }), image], '"productCode" is too long'],
    ];
    for (const [parts, message] of cases) {
      const response = await uploadProductImage(admin, parts);
      expect(response.json(), message).toEqual(fail(message));
      expect(response.statusCode, message).toBe(400);
    }
  });

  it('answers 404 for a colour of another product or an unknown product', async () => {
    const [variant, other] = [variants[9]!, variants.find((v) => v.productCode !== variants[9]!.productCode)!];
    const image = imagePart(await png(200, 200));
    for (const fields of [
      productFields(variant, { colorId: String(other.id) }),
      productFields(variant, { productCode: 'NO-SUCH-CODE' }),
      productFields(variant, { colorId: '2147483647' }),
    ]) {
      const response = await uploadProductImage(admin, [...fields, image]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(fail('Product colour not found.'));
    }
  });

  it('refuses bodies that are not multipart with 415, and too many parts with 413', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/Product/uploadProductImage',
      headers: admin,
      payload: { productCode: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual(fail('This content type is not supported.'));

    const many = Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const response = await uploadProductImage(admin, many);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(fail('The upload has too many fields or files.'));

    const threeFiles = await uploadBanner(admin, [
      { name: 'bannerTitle', value: 'x' },
      imagePart(await png(10, 10)),
      { name: 'mobileImage', filename: 'a.png', data: await png(10, 10) },
      { name: 'extra', filename: 'b.png', data: await png(10, 10) },
    ]);
    expect(threeFiles.statusCode).toBe(413);

    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/Product/uploadProductImage',
      headers: { ...admin, 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="productCode"\r\n\r\nFP',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual(fail('The upload could not be read. Please send it as multipart/form-data.'));

    // Multipart stays refused on every other route.
    const body = multipart([{ name: 'email', value: 'a@b.c' }]);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/Account/logout',
      headers: { ...admin, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(elsewhere.statusCode).toBe(415);
  });
});

// ---------------------------------------------------------------------------------------------
// Banners
// ---------------------------------------------------------------------------------------------

describe('POST /api/Home/uploadBanner', () => {
  it('creates a banner with desktop and mobile images made from one upload', async () => {
    const response = await uploadBanner(admin, [
      { name: 'bannerTitle', value: '  Festive Frames  ' },
      { name: 'isHomeBanner', value: 'true' },
      { name: 'isColorBanner', value: 'True' },
      { name: 'isLoginBanner', value: 'false' },
      imagePart(await jpeg(2400, 800), 'banner.jpg', 'image/jpeg'),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().Data;
    expect(data).toMatchObject({ bannerTitle: 'Festive Frames', created: true });
    expect(data.urls.desktop).toMatch(/^\/media\/uploads\/banners\/[0-9a-f]{2}\/[0-9a-f]{24}-desktop\.webp$/);
    expect(data.urls.mobile).toBe(data.urls.desktop.replace('-desktop.webp', '-mobile.webp'));
    expect((await webpInfo(data.urls.desktop)).meta).toMatchObject({ format: 'webp', width: 1600, height: 533 });
    expect((await webpInfo(data.urls.mobile)).meta).toMatchObject({ format: 'webp', width: 800, height: 267 });

    const [row] = await t.db.select().from(banners).where(eq(banners.id, data.bannerId));
    expect(row).toMatchObject({
      title: 'Festive Frames',
      imageUrl: data.urls.desktop,
      mobileImageUrl: data.urls.mobile,
      isHomeBanner: true,
      isColourBanner: true,
      isLoginBanner: false,
      isFrameBanner: false,
      isActive: true,
    });
    const others = await t.db.select({ sortOrder: banners.sortOrder }).from(banners).where(ne(banners.id, data.bannerId));
    expect(row!.sortOrder).toBeGreaterThan(Math.max(...others.map((o) => o.sortOrder)));
  });

  it("replaces an existing banner's images, with a separate mobile image, keeping what was not sent", async () => {
    const [existing] = await t.db.select().from(banners).where(eq(banners.isLoginBanner, true)).limit(1);
    const response = await uploadBanner(admin, [
      { name: 'bannerId', value: String(existing!.id) },
      { name: 'isFrameBanner', value: 'true' },
      imagePart(await png(1800, 600, '#004466')),
      { name: 'mobileImage', filename: 'm.webp', data: await webp(900, 900), contentType: 'image/webp' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().Data;
    expect(data).toMatchObject({ bannerId: existing!.id, bannerTitle: existing!.title, created: false });
    expect((await webpInfo(data.urls.desktop)).meta).toMatchObject({ width: 1600, height: 533 });
    expect((await webpInfo(data.urls.mobile)).meta).toMatchObject({ width: 800, height: 800 });

    const [row] = await t.db.select().from(banners).where(eq(banners.id, existing!.id));
    expect(row).toMatchObject({
      title: existing!.title,
      imageUrl: data.urls.desktop,
      mobileImageUrl: data.urls.mobile,
      isLoginBanner: true,
      isFrameBanner: true,
    });
  });

  it('validates the fields and changes nothing when refused', async () => {
    const before = { banners: await bannerSnapshot(), files: filesUnder(uploadsDir).length };
    const image = imagePart(await png(400, 200));
    const cases: [FormPart[], number, string][] = [
      [[image], 400, '"bannerTitle" is required'],
      [[{ name: 'bannerTitle', value: 'No image' }], 400, imageMessages.missing],
      [[{ name: 'bannerTitle', value: 'x' }, { name: 'isHomeBanner', value: 'yes' }, image], 400, `"isHomeBanner" must be 'true' or 'false'`],
      [[{ name: 'bannerTitle', value: 'x' }, { name: 'isColourBanner', value: 'true' }, image], 400, 'Unknown field: isColourBanner'],
      [[{ name: 'bannerTitle', value: 'x'.repeat(201) }, image], 400, '"bannerTitle" must be at most 200 characters long'],
      [[{ name: 'bannerId', value: 'abc' }, image], 400, '"bannerId" must be a positive whole number'],
      [[{ name: 'bannerId', value: '999999' }, image], 404, 'Banner not found.'],
      [
        [{ name: 'bannerTitle', value: 'x' }, image, { name: 'mobileImage', filename: 'm.png', data: Buffer.from('GIF89a fake') }],
        400,
        imageMessages.notAnImage,
      ],
    ];
    for (const [parts, status, message] of cases) {
      const response = await uploadBanner(admin, parts);
      expect(response.json(), message).toEqual(fail(message));
      expect(response.statusCode, message).toBe(status);
    }
    expect(await bannerSnapshot()).toEqual(before.banners);
    expect(filesUnder(uploadsDir)).toHaveLength(before.files);
  });
});

// ---------------------------------------------------------------------------------------------
// Serving, the store, failures
// ---------------------------------------------------------------------------------------------

describe('GET /media/uploads/*', () => {
  it('answers 404 for missing files and never leaves the uploads folder', async () => {
    const urls = [
      '/media/uploads/products/ab/abababababababababababab-card.webp',
      '/media/uploads/../../package.json',
      '/media/uploads/..%2F..%2Fpackage.json',
      '/media/uploads/%2e%2e/%2e%2e/package.json',
      '/media/uploads/products/..%2f..%2f..%2fpackage.json',
      '/media/uploads/%2Fetc%2Fpasswd',
      '/media/uploads//etc/passwd',
      '/media/uploads/products%5C..%5C..%5Cpackage.json',
      '/media/uploads/products/ab/.hidden.webp',
      '/media/uploads/',
    ];
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual(fail(expect.any(String) as unknown as string));
    }
  });

  it('is public and answers HEAD', async () => {
    const upload = await uploadProductImage(admin, [...productFields(variants[10]!), imagePart(await png(500, 500, '#445566'))]);
    const url = upload.json().Data.urls.card;
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });
});

describe('file store', () => {
  it('accepts only safe relative keys', () => {
    for (const key of ['products/ab/x-card.webp', 'a', 'a/b_c-d.webp']) expect(isSafeKey(key), key).toBe(true);
    for (const key of ['', '/etc/passwd', '../x', 'a/../b', 'a//b', 'a\\b', '.hidden', 'a/./b', 'a/b/', 'C:/x']) {
      expect(isSafeKey(key), key).toBe(false);
    }
    const store = createLocalFileStore(uploadsDir);
    expect(() => store.path('../outside')).toThrow(/unsafe/);
  });

  it('keeps an existing file and reports it as not created', async () => {
    const store = createLocalFileStore(path.join(t.config.dataDir, 'store-test'));
    expect(await store.put('a/b.webp', Buffer.from('one'), 'image/webp')).toEqual({ created: true });
    expect(await store.put('a/b.webp', Buffer.from('one'), 'image/webp')).toEqual({ created: false });
    expect(readFileSync(store.path('a/b.webp'), 'utf8')).toBe('one');
    expect(filesUnder(path.join(t.config.dataDir, 'store-test'))).toHaveLength(1);
    await store.delete('a/b.webp');
    await store.delete('a/b.webp');
    expect(await store.open('a/b.webp')).toBeNull();
  });
});

describe('a failed database write', () => {
  it('removes the files the upload wrote, and only those', async () => {
    const failingDb = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === 'transaction') {
          return async () => {
            throw new Error('database unavailable');
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Db;
    const disk = createLocalFileStore(uploadsDir);
    const puts: string[] = [];
    const deletes: string[] = [];
    const store: typeof disk = {
      ...disk,
      put: async (key, bytes, type) => {
        puts.push(key);
        return disk.put(key, bytes, type);
      },
      delete: async (key) => {
        deletes.push(key);
        return disk.delete(key);
      },
    };
    const service = createUploadService({ db: failingDb, clock: t.clock, store });
    const identity = { userId: 1, sessionId: 1, email: 'a@b.c', name: 'Admin', role: 'admin', retailerId: null } satisfies Identity;
    const variant = variants[11]!;
    const input = { productCode: variant.productCode, productColourId: variant.id, priority: 3, imageType: 'front' as const };

    const before = { rows: await imageRowCount(), files: filesUnder(uploadsDir).sort() };
    await expect(service.uploadProductImage(identity, { ...input, image: await png(700, 300, '#abcdef') })).rejects.toThrow(
      'database unavailable',
    );
    expect(await imageRowCount()).toBe(before.rows);
    expect(filesUnder(uploadsDir).sort()).toEqual(before.files);
    expect(puts).toHaveLength(3);
    expect(deletes.sort()).toEqual([...puts].sort());
    puts.length = 0;
    deletes.length = 0;

    // The same bytes as an earlier, committed upload: its files are shared and must survive.
    const shared = await png(300, 200, '#880000');
    await expect(service.uploadProductImage(identity, { ...input, image: shared })).rejects.toThrow('database unavailable');
    expect(filesUnder(uploadsDir).sort()).toEqual(before.files);
    expect(puts).toHaveLength(3);
    expect(deletes).toEqual([]);
    const [row] = await t.db
      .select({ url: productImages.url })
      .from(productImages)
      .where(and(eq(productImages.productColourId, variants[4]!.id), eq(productImages.imageType, 'front')));
    expect((await t.app.inject({ method: 'GET', url: row!.url })).statusCode).toBe(200);

    const bannerService = createUploadService({ db: failingDb, clock: t.clock, store });
    await expect(bannerService.uploadBanner(identity, { title: 'x', flags: {}, image: await png(900, 300, '#102030') })).rejects.toThrow(
      'database unavailable',
    );
    expect(filesUnder(uploadsDir).sort()).toEqual(before.files);
  });
});

describe('sniffFormat', () => {
  it('knows PNG, JPEG and WebP by their first bytes only', async () => {
    expect(sniffFormat(await png(10, 10))).toBe('png');
    expect(sniffFormat(await jpeg(10, 10))).toBe('jpeg');
    expect(sniffFormat(await webp(10, 10))).toBe('webp');
    expect(sniffFormat(await gif())).toBeNull();
    expect(sniffFormat(Buffer.from('RIFF0000WAVE'))).toBeNull();
    expect(sniffFormat(Buffer.alloc(0))).toBeNull();
  });
});
