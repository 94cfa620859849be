import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, frameShapes, materials, priceRanges, productColours, productImages } from '../../db/schema.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { mediaRoutes } from './routes.ts';
import { createMediaService } from './service.ts';
import { escapeXml, eyewearFrontSvg, tileSvg } from './svg.ts';

describe('media routes', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db, { products: 50 });
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(mediaRoutes, { media: createMediaService({ db: database.db }) });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('draws a real colour variant, front and side, with caching headers', async () => {
    const [variant] = await database.db.select({ id: productColours.id }).from(productColours).orderBy(asc(productColours.id)).limit(1);
    for (const view of ['front', 'side']) {
      const res = await app.inject({ method: 'GET', url: `/media/products/${variant!.id}/${view}.svg` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(res.body).toContain('<title');
      const again = await app.inject({
        method: 'GET',
        url: `/media/products/${variant!.id}/${view}.svg`,
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('serves every image URL the seed wrote for products', async () => {
    const rows = await database.db.select({ url: productImages.url }).from(productImages).limit(6);
    expect(rows.length).toBeGreaterThan(0);
    for (const { url } of rows) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('draws banners, materials, shapes and price ranges', async () => {
    const [b] = await database.db.select({ url: banners.imageUrl, mobile: banners.mobileImageUrl }).from(banners).limit(1);
    const [m] = await database.db.select({ id: materials.id }).from(materials).limit(1);
    const [s] = await database.db.select({ id: frameShapes.id }).from(frameShapes).limit(1);
    const [p] = await database.db.select({ id: priceRanges.id }).from(priceRanges).limit(1);
    for (const url of [b!.url, b!.mobile!, `/media/materials/${m!.id}.svg?hover=1`, `/media/shapes/${s!.id}.svg`, `/media/price-ranges/${p!.id}.svg`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
  });

  it('answers 404 with the failure envelope for an unknown id', async () => {
    for (const url of ['/media/products/999999/front.svg', '/media/banners/999999.svg', '/media/shapes/424242.svg']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ Status: 1, Error: { Message: 'Image not found.', StackTrace: null }, Data: null });
    }
  });
});

describe('svg drawing', () => {
  it('escapes text', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    const svg = tileSvg({ title: '<script>alert(1)</script>' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });

  it('never echoes an unchecked colour', () => {
    const svg = eyewearFrontSvg({ shapeCode: 'round', frameColour: '"/><script>', templeColour: 'red', title: 't' });
    expect(svg).not.toContain('<script>');
  });
});
