/** Test helper: the masters a style picks from (idempotent), by name. */
import type { StyleInput } from '@frameport/domain/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, colours, frameShapes, genders, materials, productTypes, sizes } from '../../db/schema.ts';

export type TestMasters = Awaited<ReturnType<typeof ensureTestMasters>>;

export async function ensureTestMasters(db: Db) {
  await db
    .insert(productTypes)
    .values([
      { id: 1, code: 'eyeglasses', name: 'Eyeglasses' },
      { id: 2, code: 'sunglasses', name: 'Sunglasses' },
      { id: 3, code: 'reading', name: 'Reading glasses' },
      { id: 4, code: 'accessory', name: 'Accessory' },
    ])
    .onConflictDoNothing();
  await db.insert(brands).values([{ code: 'PUO', name: 'Urban Optix' }, { code: 'PLP', name: 'Lumen Park' }]).onConflictDoNothing();
  await db.insert(frameShapes).values([{ code: 'p-aviator', name: 'Aviator' }, { code: 'p-round', name: 'Round' }]).onConflictDoNothing();
  await db.insert(materials).values([{ code: 'PACE', name: 'Acetate' }, { code: 'PTI', name: 'Titanium' }]).onConflictDoNothing();
  await db.insert(sizes).values([{ name: 'Medium' }, { name: 'Large' }]).onConflictDoNothing();
  await db.insert(genders).values([{ name: 'Men' }, { name: 'Women' }]).onConflictDoNothing();
  await db
    .insert(colours)
    .values([
      { name: 'Jet Black', hexCode: '#111111' },
      { name: 'Havana Tortoise', hexCode: '#6B3E26' },
      { name: 'Rose Gold', hexCode: '#B76E79' },
    ])
    .onConflictDoNothing();
  const ids = async (table: typeof brands | typeof frameShapes | typeof materials | typeof sizes | typeof genders | typeof colours, names: string[]) => {
    const rows = await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.name, names));
    return Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<string, number>;
  };
  return {
    brands: await ids(brands, ['Urban Optix', 'Lumen Park']),
    shapes: await ids(frameShapes, ['Aviator', 'Round']),
    materials: await ids(materials, ['Acetate', 'Titanium']),
    sizes: await ids(sizes, ['Medium', 'Large']),
    genders: await ids(genders, ['Men', 'Women']),
    colours: await ids(colours, ['Jet Black', 'Havana Tortoise', 'Rose Gold']),
  };
}

/** A full, valid style with two colours (C1 black 12, C2 tortoise 0), model number `modelNumber`. */
export function styleInput(m: TestMasters, modelNumber: string, overrides: Partial<StyleInput> = {}): StyleInput {
  return {
    modelNumber,
    productName: `Urban Optix Aviator ${modelNumber}`,
    brandId: m.brands['Urban Optix']!,
    productTypeId: 1,
    frameType: 'Full Rim',
    frameShapeId: m.shapes.Aviator!,
    materialId: m.materials.Acetate!,
    templeMaterialId: m.materials.Titanium!,
    sizeId: m.sizes.Medium!,
    eyeSizeMm: 52,
    noseBridgeMm: 18,
    armLengthMm: 140,
    frameWidthMm: 132,
    weightGrams: 18,
    genderIds: [m.genders.Men!],
    tags: ['Street Style', 'New Arrival'],
    warranty: '1 year manufacturing warranty',
    description: 'An aviator in acetate.',
    hsnCode: '9003',
    netPrice: 1299,
    releaseDate: '2026-11-01',
    colours: [
      { colourCode: 'C1', frameColourId: m.colours['Jet Black']!, templeColourId: m.colours['Jet Black']!, openingStock: 12, lowStockThreshold: null },
      { colourCode: 'C2', frameColourId: m.colours['Havana Tortoise']!, templeColourId: m.colours['Rose Gold']!, openingStock: 0, lowStockThreshold: 3 },
    ],
    ...overrides,
  };
}
