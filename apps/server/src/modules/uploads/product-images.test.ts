import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageDeskMessages, MAX_IMAGES_PER_UPLOAD, type ColourImagesResponse } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { imageMessages } from '@frameport/domain/messages/images';
import { auditLog, productImages } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createStaffUser, loginAs } from '../../test/factories.ts';

type FormPart = { name: string; value: string } | { name: string; filename: string; data: Buffer };

function multipart(parts: FormPart[]) {
  const boundary = `----frameport${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const png = (background: string, width = 600, height = 300) =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
const jpeg = (background: string) => sharp({ create: { width: 500, height: 250, channels: 3, background } }).jpeg().toBuffer();
const file = (data: Buffer, filename = 'photo.png'): FormPart => ({ name: 'images', filename, data });

let t: TestApp;
let admin: Record<string, string>;
let warehouse: Record<string, string>;
let uploadsDir: string;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function upload(headers: Record<string, string>, colourId: number, parts: FormPart[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/product-colours/${colourId}/images`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function rows(colourId: number) {
  return t.db
    .select({ id: productImages.id, imageType: productImages.imageType, priority: productImages.priority, url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productColourId, colourId))
    .orderBy(asc(productImages.priority), asc(productImages.id));
}

async function auditOf(productId: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(productId))))
    .orderBy(desc(auditLog.id));
}

/** A style with two colours and two images on C1 (front, side). */
async function styleWithImages() {
  const product = await createProduct(t.db, { stocks: [5, 5] });
  const c1 = product.variants[0]!.id;
  const response = await upload(admin, c1, [file(await png('#112233')), file(await jpeg('#445566'), 'b.jpg')]);
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().Data as ColourImagesResponse;
  return { productId: product.productId, c1, c2: product.variants[1]!.id, images: data.images };
}

beforeAll(async () => {
  t = await buildTestApp();
  uploadsDir = path.join(t.config.dataDir, 'uploads');
  admin = (await loginAs(t.app, await createStaffUser(t.db, 'admin'))).headers;
  warehouse = (await loginAs(t.app, await createStaffUser(t.db, 'warehouse'))).headers;
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/admin/product-colours/:id/images', () => {
  it('stores several files at once as WebP, the first the front and the rest side views, in order, with one audit row on the style', async () => {
    const product = await createProduct(t.db, { stocks: [3] });
    const colourId = product.variants[0]!.id;
    const response = await upload(admin, colourId, [file(await png('#aa0000')), file(await png('#00aa00')), file(await jpeg('#0000aa'), 'c.jpg')]);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().Data as ColourImagesResponse;
    expect(data).toMatchObject({ productId: product.productId, productColourId: colourId, colourCode: 'C1' });
    expect(data.images.map((image) => [image.imageType, image.priority])).toEqual([
      ['front', 1],
      ['side', 2],
      ['side', 3],
    ]);
    expect(new Set(data.images.map((image) => image.url)).size).toBe(3);
    for (const image of data.images) {
      expect(image.url).toMatch(/^\/media\/uploads\/products\/[0-9a-f]{2}\/[0-9a-f]{24}-card\.webp$/);
      const served = await t.app.inject({ method: 'GET', url: image.url });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(480);
    }
    expect(await rows(colourId)).toHaveLength(3);
    const audit = await auditOf(product.productId);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe('product_images.upload');
    expect(audit[0]!.details).toMatchObject({ productColourId: colourId, colourCode: 'C1', before: [] });
    expect((audit[0]!.details as { after: unknown[] }).after).toHaveLength(3);
  });

  it('appends a later upload after the images there, and a thumbnail upload takes the 160 px file and the thumbnail role', async () => {
    const style = await styleWithImages();
    const more = await upload(admin, style.c1, [file(await png('#777777'))]);
    expect(more.json().Data.images.map((image: { imageType: string }) => image.imageType)).toEqual(['front', 'side', 'side']);
    const thumb = await upload(admin, style.c1, [{ name: 'imageType', value: 'Thumbnail' }, file(await png('#999999'))]);
    expect(thumb.statusCode, thumb.body).toBe(200);
    const images = (thumb.json().Data as ColourImagesResponse).images;
    expect(images.map((image) => [image.imageType, image.priority])).toEqual([
      ['front', 1],
      ['side', 2],
      ['side', 3],
      ['thumbnail', 4],
    ]);
    expect(images[3]!.url).toMatch(/-thumbnail\.webp$/);
  });

  it('refuses the whole upload when one file is not an image, and stores no file and no row', async () => {
    const product = await createProduct(t.db, { stocks: [3] });
    const colourId = product.variants[0]!.id;
    const filesBefore = filesUnder(uploadsDir).length;
    const response = await upload(admin, colourId, [file(await png('#123456')), file(Buffer.from('%PDF-1.4 not an image'), 'x.png')]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Status: 1, Error: { Message: imageMessages.notAnImage }, Data: null });
    expect(await rows(colourId)).toEqual([]);
    expect(filesUnder(uploadsDir)).toHaveLength(filesBefore);
    expect(await auditOf(product.productId)).toEqual([]);
  });

  it('says what is wrong: no file, too many files, two fronts at once, an unknown type or field, an unknown colour, a JSON body', async () => {
    const product = await createProduct(t.db, { stocks: [3] });
    const colourId = product.variants[0]!.id;
    const image = await png('#654321');
    const cases: [FormPart[], number, string][] = [
      [[{ name: 'imageType', value: 'side' }], 400, imageMessages.missing],
      [Array.from({ length: MAX_IMAGES_PER_UPLOAD + 1 }, () => file(image)), 400, imageDeskMessages.tooManyFiles],
      [[{ name: 'imageType', value: 'front' }, file(image), file(image)], 400, imageDeskMessages.oneFrontOnly],
      [[{ name: 'imageType', value: 'back' }, file(image)], 400, 'Image type must be front, side or thumbnail.'],
      [[{ name: 'priority', value: '1' }, file(image)], 400, ''],
      [[{ name: 'image', filename: 'a.png', data: image }], 400, 'Unknown file field: image'],
    ];
    for (const [parts, status, message] of cases) {
      const response = await upload(admin, colourId, parts);
      expect(response.statusCode, response.body).toBe(status);
      if (message) expect(response.json().Error.Message).toBe(message);
    }
    const missing = await upload(admin, 2_000_000_000, [file(image)]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Error.Message).toBe(imageDeskMessages.colourNotFound);
    const json = await t.app.inject({ method: 'POST', url: `/api/admin/product-colours/${colourId}/images`, headers: admin, payload: { images: [] } });
    expect(json.statusCode).toBe(415);
    expect(await rows(colourId)).toEqual([]);
  });

  it('honours an Idempotency-Key: a retry answers the first upload and adds nothing; the key on another colour is 409', async () => {
    const product = await createProduct(t.db, { stocks: [3, 3] });
    const [c1, c2] = [product.variants[0]!.id, product.variants[1]!.id];
    const keyed = { ...admin, 'idempotency-key': `upload-${randomBytes(6).toString('hex')}` };
    const parts = [file(await png('#2a2a2a')), file(await png('#3b3b3b'))];
    const first = await upload(keyed, c1, parts);
    expect(first.statusCode, first.body).toBe(200);
    // Both at once as well as one after the other: a double click and a retry after a lost answer.
    const [again, atOnce] = await Promise.all([upload(keyed, c1, parts), upload(keyed, c1, parts)]);
    for (const repeat of [again, atOnce]) {
      expect(repeat.statusCode, repeat.body).toBe(200);
      expect(repeat.json().Data).toEqual(first.json().Data);
    }
    expect(await rows(c1)).toHaveLength(2);
    expect((await auditOf(product.productId)).filter((row) => row.action === 'product_images.upload')).toHaveLength(1);

    const elsewhere = await upload(keyed, c2, parts);
    expect(elsewhere.statusCode).toBe(409);
    expect(await rows(c2)).toEqual([]);
    // Without a key each upload adds its images.
    expect((await upload(admin, c2, [file(await png('#4c4c4c'))])).statusCode).toBe(200);
    expect((await upload(admin, c2, [file(await png('#4c4c4c'))])).statusCode).toBe(200);
    expect(await rows(c2)).toHaveLength(2);
  });

  it('is for admins only: warehouse staff get 403 and nothing is stored', async () => {
    const product = await createProduct(t.db, { stocks: [3] });
    const colourId = product.variants[0]!.id;
    const response = await upload(warehouse, colourId, [file(await png('#101010'))]);
    expect(response.statusCode).toBe(403);
    expect(response.json().Error.Message).toBe(messages.http.forbidden);
    expect(await rows(colourId)).toEqual([]);
  });
});

describe('PATCH /api/admin/product-images/:id', () => {
  it('makes a side view the front; the old front becomes a side view; one audit row with before and after', async () => {
    const style = await styleWithImages();
    const [front, side] = style.images;
    const response = await t.app.inject({ method: 'PATCH', url: `/api/admin/product-images/${side!.id}`, headers: admin, payload: { imageType: 'front' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rows(style.c1)).toMatchObject([
      { id: front!.id, imageType: 'side' },
      { id: side!.id, imageType: 'front' },
    ]);
    const [entry] = await auditOf(style.productId);
    expect(entry!.action).toBe('product_images.set_type');
    expect(entry!.details).toMatchObject({
      productImageId: side!.id,
      before: [
        { id: front!.id, imageType: 'front' },
        { id: side!.id, imageType: 'side' },
      ],
      after: [
        { id: front!.id, imageType: 'side' },
        { id: side!.id, imageType: 'front' },
      ],
    });
  });

  it('switches the URL to the thumbnail size and back, and setting the same type again changes nothing', async () => {
    const style = await styleWithImages();
    const side = style.images[1]!;
    const thumb = await t.app.inject({ method: 'PATCH', url: `/api/admin/product-images/${side.id}`, headers: admin, payload: { imageType: 'thumbnail' } });
    const url = (thumb.json().Data as ColourImagesResponse).images.find((image) => image.id === side.id)!.url;
    expect(url).toBe(side.url.replace('-card.webp', '-thumbnail.webp'));
    const auditCount = (await auditOf(style.productId)).length;
    const again = await t.app.inject({ method: 'PATCH', url: `/api/admin/product-images/${side.id}`, headers: admin, payload: { imageType: 'thumbnail' } });
    expect(again.statusCode).toBe(200);
    expect(await auditOf(style.productId)).toHaveLength(auditCount);
    await t.app.inject({ method: 'PATCH', url: `/api/admin/product-images/${side.id}`, headers: admin, payload: { imageType: 'side' } });
    expect((await rows(style.c1)).find((image) => image.id === side.id)!.url).toBe(side.url);
  });

  it('refuses an unknown type (400), an unknown image (404) and warehouse staff (403), changing nothing', async () => {
    const style = await styleWithImages();
    const before = await rows(style.c1);
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/admin/product-images/${style.images[0]!.id}`, headers: admin, payload: { imageType: 'back' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error.Message).toBe('Image type must be front, side or thumbnail.');
    const missing = await t.app.inject({ method: 'PATCH', url: '/api/admin/product-images/2000000000', headers: admin, payload: { imageType: 'side' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Error.Message).toBe(imageDeskMessages.imageNotFound);
    const forbidden = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/product-images/${style.images[1]!.id}`,
      headers: warehouse,
      payload: { imageType: 'front' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await rows(style.c1)).toEqual(before);
  });
});

describe('PUT /api/admin/product-colours/:id/image-order', () => {
  it('sets priorities 1…n in the order given, audited with before and after', async () => {
    const style = await styleWithImages();
    const third = (await upload(admin, style.c1, [file(await png('#abcdef'))])).json().Data.images[2].id as number;
    const [a, b] = style.images.map((image) => image.id) as [number, number];
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/product-colours/${style.c1}/image-order`,
      headers: admin,
      payload: { imageIds: [third, a, b] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().Data as ColourImagesResponse).images.map((image) => image.id)).toEqual([third, a, b]);
    expect((await rows(style.c1)).map((row) => [row.id, row.priority])).toEqual([
      [third, 1],
      [a, 2],
      [b, 3],
    ]);
    const [entry] = await auditOf(style.productId);
    expect(entry!.action).toBe('product_images.reorder');
    expect((entry!.details as { after: { id: number }[] }).after.map((image) => image.id)).toEqual([third, a, b]);
  });

  it('refuses a list that is not exactly the colour\'s images (409) or repeats one (400), changing nothing', async () => {
    const style = await styleWithImages();
    const other = await styleWithImages();
    const before = await rows(style.c1);
    const [a, b] = style.images.map((image) => image.id) as [number, number];
    const order = (imageIds: number[], colourId = style.c1) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/product-colours/${colourId}/image-order`, headers: admin, payload: { imageIds } });
    const missing = await order([b]);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().Error.Message).toBe(imageDeskMessages.orderMismatch);
    expect((await order([b, other.images[0]!.id])).statusCode).toBe(409);
    const repeated = await order([a, a]);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().Error.Message).toBe('Each image may be listed once.');
    expect((await order([a, b], 2_000_000_000)).statusCode).toBe(404);
    expect(await rows(style.c1)).toEqual(before);
  });
});

describe('DELETE /api/admin/product-images/:id', () => {
  it('removes the image from its colour only, audited on the style with what was removed; a second delete is 404', async () => {
    const style = await styleWithImages();
    const c2 = await upload(admin, style.c2, [file(await png('#0f0f0f'))]);
    expect(c2.statusCode).toBe(200);
    const [front, side] = style.images;
    const response = await t.app.inject({ method: 'DELETE', url: `/api/admin/product-images/${front!.id}`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().Data as ColourImagesResponse).images.map((image) => image.id)).toEqual([side!.id]);
    expect(await rows(style.c2)).toHaveLength(1);
    const [entry] = await auditOf(style.productId);
    expect(entry!.action).toBe('product_images.remove');
    expect(entry!.details).toMatchObject({ productImageId: front!.id, removed: { id: front!.id, imageType: 'front', url: front!.url } });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/product-images/${front!.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
  });

  it('is refused to warehouse staff (403) and without a session (401)', async () => {
    const style = await styleWithImages();
    const id = style.images[0]!.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/product-images/${id}`, headers: warehouse })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/product-images/${id}` })).statusCode).toBe(401);
    expect(await rows(style.c1)).toHaveLength(2);
  });
});
