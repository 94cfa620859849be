/**
 * The import helper's entry points (loadMasters, planStyle, applyStyle): create, update, unchanged,
 * idempotent re-apply, refusals, price history and audit rows. On PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, priceChanges, productColours, products, productTags, stockMovements, tags } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { createStaffUser } from '../../test/factories.ts';
import { applyStyle, loadMasters, planStyle, StyleProblems } from './service.ts';
import { ensureTestMasters, styleInput, type TestMasters } from './test-masters.ts';

const AT = new Date('2026-11-20T10:00:00.000Z');
let database: TestDatabase;
let m: TestMasters;
let adminId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  m = await ensureTestMasters(database.db);
  adminId = (await createStaffUser(database.db, 'admin')).userId;
});
afterAll(async () => database.close());

const apply = (input: ReturnType<typeof styleInput>, importJobId?: number) =>
  database.db.transaction((tx) => applyStyle(tx, input, { actorUserId: adminId, at: AT, ...(importJobId ? { importJobId } : {}) }));

describe('loadMasters', () => {
  it('maps names to ids in any case and reads the GST table for the day', async () => {
    const masters = await loadMasters(database.db, AT);
    expect(masters.brands.byName.get('urban optix')).toBe(m.brands['Urban Optix']);
    expect(masters.colours.byName.get('havana tortoise')).toBe(m.colours['Havana Tortoise']);
    expect(masters.today).toBe('2026-11-20');
    expect(masters.gstRates.some((r) => r.hsnPrefix === '9003' && r.ratePercent === 5 && r.validTo === null)).toBe(true);
  });
});

describe('planStyle and applyStyle', () => {
  it('plans a create, applies it, then plans it unchanged; re-applying changes nothing', async () => {
    const input = styleInput(m, 'IMP-AV-2001');
    const plan = await planStyle(database.db, input);
    expect(plan).toMatchObject({ action: 'create', productId: null, problems: [] });
    expect(plan.changes).toContainEqual({ field: 'brand', from: null, to: 'Urban Optix' });
    expect(plan.changes).toContainEqual({ field: 'C2', from: null, to: { frameColour: 'Havana Tortoise', templeColour: 'Rose Gold', lowStockThreshold: 3, openingStock: 0 } });

    const applied = await apply(input, 7);
    expect(applied.action).toBe('create');
    expect(Object.keys(applied.colourIds).sort()).toEqual(['C1', 'C2']);
    const [row] = await database.db.select().from(products).where(eq(products.id, applied.productId));
    expect(row).toMatchObject({ modelName: 'IMP-AV-2001', modelCode: 'IMP-AV', gstRatePercent: 5, netPricePaise: 129_900, isActive: true });
    expect(row!.productCode).toMatch(/^FP\d{6}$/);
    expect(row!.searchKeywords).toBe('Urban Optix Aviator Acetate Full Rim Eyeglasses Men Jet Black Havana Tortoise Street Style');
    const c1 = await database.db.select().from(productColours).where(eq(productColours.id, applied.colourIds.C1!));
    expect(c1[0]).toMatchObject({ availableStockQuantity: 12, variantNumber: 1, lowStockThreshold: null });
    const moves = await database.db.select().from(stockMovements).where(eq(stockMovements.productColourId, applied.colourIds.C1!));
    expect(moves).toMatchObject([{ delta: 12, reason: 'initial', userId: adminId }]);
    const tagRows = await database.db
      .select({ name: tags.name, position: productTags.position, isCollection: tags.isCollection })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .where(eq(productTags.productId, applied.productId))
      .orderBy(productTags.position);
    expect(tagRows).toEqual([
      { name: 'Street Style', position: 0, isCollection: true },
      { name: 'New Arrival', position: 1, isCollection: false },
    ]);
    const audit = await database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(applied.productId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'product.create', actorUserId: adminId });
    expect(audit[0]!.details).toMatchObject({ importJobId: 7, after: { modelNumber: 'IMP-AV-2001', netPrice: 1299 } });
    const prices = await database.db.select().from(priceChanges).where(eq(priceChanges.productId, applied.productId));
    expect(prices).toMatchObject([{ netPricePaise: 129_900, previousPricePaise: null, effectiveFrom: '2026-11-20', importJobId: 7 }]);

    // The same row again (its model number in another case): unchanged, nothing written.
    const again = styleInput(m, 'imp-av-2001', { productName: input.productName });
    expect(await planStyle(database.db, again)).toEqual({ action: 'unchanged', productId: applied.productId, changes: [], problems: [] });
    expect(await apply(again)).toEqual({ action: 'unchanged', productId: applied.productId, colourIds: applied.colourIds });
    const auditAfter = await database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(applied.productId))));
    expect(auditAfter).toHaveLength(1);
  });

  it('plans and applies an update: fields, price (applied today, with the old price), a new colour; stock of an existing colour untouched', async () => {
    const created = await apply(styleInput(m, 'IMP-AV-2002'));
    const input = styleInput(m, 'IMP-AV-2002', {
      netPrice: 1499,
      productName: 'Urban Optix Aviator Deluxe',
      genderIds: [m.genders.Men!, m.genders.Women!],
    });
    input.colours = [
      { ...input.colours[0]!, openingStock: 999, lowStockThreshold: 4 },
      input.colours[1]!,
      { colourCode: 'C3', frameColourId: m.colours['Rose Gold']!, templeColourId: m.colours['Rose Gold']!, openingStock: 5, lowStockThreshold: null },
    ];
    const plan = await planStyle(database.db, input);
    expect(plan.action).toBe('update');
    expect(plan.productId).toBe(created.productId);
    expect(plan.changes).toEqual([
      { field: 'productName', from: 'Urban Optix Aviator IMP-AV-2002', to: 'Urban Optix Aviator Deluxe' },
      { field: 'genders', from: ['Men'], to: ['Men', 'Women'] },
      { field: 'netPrice', from: 1299, to: 1499 },
      { field: 'C1.lowStockThreshold', from: null, to: 4 },
      { field: 'C3', from: null, to: { frameColour: 'Rose Gold', templeColour: 'Rose Gold', lowStockThreshold: null, openingStock: 5 } },
    ]);

    const applied = await apply(input);
    expect(applied.action).toBe('update');
    expect(applied.colourIds.C1).toBe(created.colourIds.C1);
    const colours = await database.db.select().from(productColours).where(eq(productColours.productId, created.productId)).orderBy(productColours.variantNumber);
    expect(colours.map((c) => [c.colorVariant, c.availableStockQuantity, c.lowStockThreshold])).toEqual([
      ['C1', 12, 4],
      ['C2', 0, 3],
      ['C3', 5, null],
    ]);
    const prices = await database.db.select().from(priceChanges).where(eq(priceChanges.productId, created.productId)).orderBy(desc(priceChanges.id));
    expect(prices[0]).toMatchObject({ netPricePaise: 149_900, previousPricePaise: 129_900, effectiveFrom: '2026-11-20', createdByUserId: adminId });
    expect(prices[0]!.appliedAt?.toISOString()).toBe(AT.toISOString());
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(created.productId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ action: 'product.update' });
    expect(audit!.details).toMatchObject({
      before: { productName: 'Urban Optix Aviator IMP-AV-2002', netPrice: 1299, genders: ['Men'], 'C1.lowStockThreshold': null, C3: null },
      after: { productName: 'Urban Optix Aviator Deluxe', netPrice: 1499, genders: ['Men', 'Women'], 'C1.lowStockThreshold': 4 },
    });
    expect(Object.keys((audit!.details as { before: object }).before)).toHaveLength(5);
    // Applying the same input again is unchanged (opening stock of an existing colour is ignored).
    expect((await planStyle(database.db, input)).action).toBe('unchanged');
    expect((await apply(input)).action).toBe('unchanged');
  });

  it('reports every problem with its field and refuses to apply, writing nothing', async () => {
    const masters = await loadMasters(database.db, AT);
    const input = styleInput(m, 'IMP-BAD-1', {
      brandId: 999_999,
      productTypeId: 4,
      frameType: 'Full Rim',
      hsnCode: '1234',
      colours: [
        { colourCode: 'C1', frameColourId: 999_998, templeColourId: m.colours['Jet Black']!, openingStock: 0, lowStockThreshold: null },
        { colourCode: 'C1', frameColourId: m.colours['Jet Black']!, templeColourId: m.colours['Jet Black']!, openingStock: 0, lowStockThreshold: null },
      ],
    });
    const plan = await planStyle(database.db, input, masters);
    expect(plan.action).toBe('create');
    expect(plan.problems).toEqual([
      { field: 'brandId', message: 'Brand #999999 does not exist. Please pick one from the list.' },
      { field: 'frameType', message: 'An accessory has no frame type: please leave Frame type empty.' },
      { field: 'hsnCode', message: 'No GST rate is in force today for HSN 1234. Add the HSN to the GST rates table first, or check the code.' },
      { field: 'frameColourId', message: 'Frame colour #999998 does not exist. Please pick one from the list.' },
      { field: 'colourCode', message: 'Colour code C1 is listed twice.' },
    ]);
    const mismatch = await planStyle(database.db, styleInput(m, 'IMP-BAD-2', { gstRatePercent: 12 }), masters);
    expect(mismatch.problems).toEqual([{ field: 'gstRatePercent', message: 'The GST rate in force today for HSN 9003 is 5%, not 12%.' }]);
    await expect(apply(input)).rejects.toBeInstanceOf(StyleProblems);
    expect(await database.db.select().from(products).where(eq(products.modelName, 'IMP-BAD-1'))).toEqual([]);
  });

  it('takes the longest HSN prefix in force: sunglasses 900410 are 18%', async () => {
    const input = styleInput(m, 'IMP-SUN-1', { productTypeId: 2, hsnCode: '90041000', gstRatePercent: 18 });
    expect((await planStyle(database.db, input)).problems).toEqual([]);
    const applied = await apply(input);
    const [row] = await database.db.select({ gst: products.gstRatePercent }).from(products).where(eq(products.id, applied.productId));
    expect(row!.gst).toBe(18);
  });
});
