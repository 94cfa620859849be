/** Pure, deterministic generation of the demo catalogue (no database access here). */
import { searchKeywordsOf } from '../../modules/products/keywords.ts';
import type { FrameType } from '../schema.ts';
import type { Random } from './random.ts';
import {
  ACCESSORIES,
  BRANDS,
  COLLECTIONS,
  EXTRA_TAGS,
  MANUFACTURER,
  MATERIALS,
  PALETTES,
  PRODUCT_TYPES,
  SHAPES,
  SIZES,
  TAX_BY_TYPE,
  WEIGHT_GROUPS,
  type BrandSeed,
} from './reference.ts';

export interface GeneratedVariant {
  variantNumber: number;
  colorVariant: string;
  frameColour: string;
  templeColour: string;
  stock: number;
}

export interface GeneratedProduct {
  productCode: string;
  modelName: string;
  modelCode: string;
  productName: string;
  brandCode: string;
  productTypeId: 1 | 2 | 3 | 4;
  frameType: FrameType | null;
  shapeCode: string | null;
  materialCode: string | null;
  templeMaterialCode: string | null;
  sizeName: string | null;
  frameWidthMm: number | null;
  eyeSizeMm: number | null;
  noseBridgeMm: number | null;
  armLengthMm: number | null;
  weightGrams: number | null;
  weightGroup: string | null;
  manufacturerDetails: string;
  productWarranty: string;
  description: string;
  hsnCode: string;
  gstRatePercent: number;
  netPricePaise: number;
  releaseDate: string;
  isActive: boolean;
  searchKeywords: string;
  genders: string[];
  /** First is the collection. */
  tags: string[];
  variants: GeneratedVariant[];
}

const DAY_MS = 86_400_000;

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** A price in rupees ending in 49 or 99, within [lo, hi]. */
function pricePoint(rng: Random, lo: number, hi: number): number {
  const points: number[] = [];
  for (let v = Math.ceil((lo - 49) / 50) * 50 + 49; v <= hi; v += 50) if (v >= lo) points.push(v);
  if (points.length === 0) return lo;
  return rng.pick(points);
}

function stockLevel(rng: Random): number {
  if (rng.chance(0.12)) return 0;
  const band = rng.weighted<[number, number]>([
    [[1, 5], 15],
    [[6, 40], 45],
    [[41, 150], 30],
    [[151, 400], 10],
  ]);
  return rng.int(band[0], band[1]);
}

const materialName = (code: string) => MATERIALS.find((m) => m.code === code)?.name ?? code;
const shapeOf = (code: string) => {
  const s = SHAPES.find((x) => x.code === code);
  if (!s) throw new Error(`unknown shape ${code}`);
  return s;
};

const WEIGHT_BY_MATERIAL: Record<string, [number, number]> = {
  TI: [9, 16],
  TR90: [11, 20],
  ACE: [19, 32],
  MET: [15, 26],
  SST: [13, 22],
  PC: [13, 22],
};

function describeEyewear(
  rng: Random,
  p: { shape: string; material: string; frameType: string; typeId: number; brand: BrandSeed },
): string {
  const what = p.typeId === 2 ? 'sunglasses' : p.typeId === 3 ? 'reading glasses' : 'frame';
  const opener = rng.pick([
    `A ${p.shape.toLowerCase()} ${p.frameType.toLowerCase()} ${what} in ${p.material.toLowerCase()}.`,
    `${p.brand.name} ${p.shape.toLowerCase()} ${what}, ${p.frameType.toLowerCase()}, made in ${p.material.toLowerCase()}.`,
    `${p.frameType} ${p.shape.toLowerCase()} ${what} with a ${p.material.toLowerCase()} front.`,
  ]);
  const detail =
    p.typeId === 2
      ? rng.pick([
          'UV400 lenses block 100% of UVA and UVB rays.',
          'Polarised lenses cut glare on the road and the water.',
          'Gradient lenses with full UV400 protection.',
        ])
      : p.typeId === 3
        ? rng.pick(['Ready readers in +1.00 to +3.00 powers.', 'Anti-glare readers with a slim profile.'])
        : rng.pick([
            'Takes single-vision and progressive lenses.',
            'Spring hinges for an easy, comfortable fit.',
            'Adjustable nose pads for an all-day fit.',
            'Light enough to forget you are wearing them.',
          ]);
  return `${opener} ${detail} ${p.brand.description}`;
}

export function generateCatalogue(rng: Random, count: number, now: Date): GeneratedProduct[] {
  const out: GeneratedProduct[] = [];
  const nextNumber = new Map<string, number>(BRANDS.map((b) => [b.code, 1000]));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  for (let i = 0; i < count; i++) {
    const brand = BRANDS[i % BRANDS.length]!;
    const typeId = rng.weighted<1 | 2 | 3 | 4>([
      [1, brand.typeWeights[0]],
      [2, brand.typeWeights[1]],
      [3, brand.typeWeights[2]],
      [4, brand.typeWeights[3]],
    ]);
    const number = nextNumber.get(brand.code)! + rng.int(1, 3);
    nextNumber.set(brand.code, number);
    const productCode = `FP${String(i + 1).padStart(6, '0')}`;
    const daysAgo = rng.chance(0.08) ? rng.int(0, 60) : rng.int(0, 1095);
    const releaseDate = isoDate(new Date(today - daysAgo * DAY_MS));
    const isActive = !rng.chance(0.01);
    const fullyOutOfStock = rng.chance(0.04);
    const productTypeName = PRODUCT_TYPES.find((t) => t.id === typeId)!.name;

    if (typeId === 4) {
      const acc = rng.pick(ACCESSORIES);
      const palette = PALETTES.ACCESSORY!;
      const colours = rng.sample(palette, rng.int(2, 4));
      const variants = colours.map((colour, v) => ({
        variantNumber: v + 1,
        colorVariant: `C${v + 1}`,
        frameColour: colour,
        templeColour: rng.pick(palette.filter((c) => c !== colour)),
        stock: fullyOutOfStock ? 0 : stockLevel(rng) * (rng.chance(0.5) ? 2 : 1),
      }));
      const productName = `${brand.name} ${acc.name} ${number}`;
      out.push({
        productCode,
        modelName: `${brand.code}-${acc.abbr}-${number}`,
        modelCode: `${brand.code}-${acc.abbr}`,
        productName,
        brandCode: brand.code,
        productTypeId: 4,
        frameType: null,
        shapeCode: null,
        materialCode: null,
        templeMaterialCode: null,
        sizeName: null,
        frameWidthMm: null,
        eyeSizeMm: null,
        noseBridgeMm: null,
        armLengthMm: null,
        weightGrams: null,
        weightGroup: null,
        manufacturerDetails: MANUFACTURER,
        productWarranty: 'N/A',
        description: `${acc.name} from ${brand.name}. Sold in packs of one; pairs well with any frame in the range.`,
        hsnCode: acc.hsn,
        gstRatePercent: acc.rate,
        netPricePaise: pricePointSmall(rng, acc.price[0], acc.price[1]) * 100,
        releaseDate,
        isActive,
        searchKeywords: searchKeywordsOf({ brand: brand.name, shape: acc.name, productType: productTypeName, colours }),
        genders: ['Unisex'],
        tags: [rng.pick(['Everyday Classics', 'Festive Edit'] as const)],
        variants,
      });
      continue;
    }

    const shapeCode = rng.pick(brand.shapes);
    const shape = shapeOf(shapeCode);
    const materialCode = rng.pick(brand.materials);
    const isMetal = materialCode === 'MET' || materialCode === 'TI' || materialCode === 'SST';
    const frameType: FrameType =
      typeId === 2
        ? rng.weighted<FrameType>([
            ['Full Rim', 85],
            ['Half Rim', 15],
          ])
        : isMetal
          ? rng.weighted<FrameType>([
              ['Full Rim', 55],
              ['Half Rim', 25],
              ['Rimless', 20],
            ])
          : rng.weighted<FrameType>([
              ['Full Rim', 85],
              ['Half Rim', 15],
            ]);
    const templeMaterialCode =
      materialCode === 'ACE' && rng.chance(0.25) ? 'MET' : materialCode === 'TI' && rng.chance(0.3) ? 'ACE' : materialCode;
    const size = brand.kids
      ? SIZES[0]
      : rng.weighted<(typeof SIZES)[number]>([
          [SIZES[0], 20],
          [SIZES[1], 50],
          [SIZES[2], 30],
        ]);
    const eye = rng.int(size.min, size.max) + (typeId === 2 ? 2 : 0);
    const bridge = brand.kids ? rng.int(14, 17) : rng.int(15, 21);
    const arm = brand.kids ? rng.pick([120, 125, 130]) : rng.pick([135, 140, 145, 145, 150]);
    const frameWidth = 2 * eye + bridge + rng.int(8, 14);
    const [wLo, wHi] = WEIGHT_BY_MATERIAL[materialCode] ?? [14, 24];
    const weight = rng.int(wLo, wHi) + (typeId === 2 ? 4 : 0) - (frameType === 'Rimless' ? 3 : 0);
    const weightGroup = WEIGHT_GROUPS.find((g) => weight <= g.max)!.name;

    let [lo, hi] = brand.priceBand;
    if (typeId === 3) [lo, hi] = [399, 899];
    const price = rng.chance(0.8) && lo <= 1200 ? pricePoint(rng, Math.max(lo, 499), Math.min(hi, 1199)) : pricePoint(rng, lo, hi);

    const genders = brand.kids
      ? ['Kids']
      : shapeCode === 'cat-eye'
        ? rng.weighted([
            [['Women'], 80],
            [['Unisex'], 20],
          ])
        : rng.weighted([
            [['Men'], 30],
            [['Women'], 30],
            [['Unisex'], 30],
            [['Men', 'Women'], 10],
          ]);

    const collection = brand.kids
      ? 'Little Explorers'
      : brand.code === 'LP'
        ? materialCode === 'TI'
          ? 'Titanium Atelier'
          : 'Feather Light'
        : typeId === 2
          ? rng.pick(['Summer 2026', 'Street Style'] as const)
          : brand.code === 'UO'
            ? rng.pick(['Street Style', 'Festive Edit'] as const)
            : rng.pick(['Everyday Classics', 'Office Edit'] as const);
    const extraPool = EXTRA_TAGS.filter((t) => {
      if (t === 'Polarised' || t === 'UV400') return typeId === 2;
      if (t === 'Blue Light Ready') return typeId === 1;
      if (t === 'New Arrival') return daysAgo <= 90;
      if (t === 'Adjustable Nose Pads') return isMetal;
      return true;
    });
    const extras = rng.sample(extraPool, rng.weighted([
      [0, 40],
      [1, 40],
      [2, 20],
    ]));
    const tags = [collection, ...extras];
    if (!(COLLECTIONS as readonly string[]).includes(collection)) throw new Error(`unknown collection ${collection}`);

    const palette = brand.kids ? PALETTES.KIDS! : PALETTES[materialCode]!;
    const templePalette = PALETTES[templeMaterialCode] ?? palette;
    const colours = rng.sample(palette, rng.int(2, Math.min(5, palette.length)));
    const variants = colours.map((colour, v) => ({
      variantNumber: v + 1,
      colorVariant: `C${v + 1}`,
      frameColour: colour,
      templeColour: templeMaterialCode === materialCode && rng.chance(0.65) ? colour : rng.pick(templePalette),
      stock: fullyOutOfStock ? 0 : stockLevel(rng),
    }));

    const tax = TAX_BY_TYPE[typeId];
    const typeWord = typeId === 2 ? ' Sunglasses' : typeId === 3 ? ' Reader' : '';
    const productName = `${brand.name} ${shape.name}${typeWord} ${number}`;
    out.push({
      productCode,
      modelName: `${brand.code}-${shape.abbr}-${number}`,
      modelCode: `${brand.code}-${shape.abbr}`,
      productName,
      brandCode: brand.code,
      productTypeId: typeId,
      frameType,
      shapeCode,
      materialCode,
      templeMaterialCode,
      sizeName: size.name,
      frameWidthMm: frameWidth,
      eyeSizeMm: eye,
      noseBridgeMm: bridge,
      armLengthMm: arm,
      weightGrams: weight,
      weightGroup,
      manufacturerDetails: MANUFACTURER,
      productWarranty: brand.code === 'LP' ? '2 years manufacturing warranty' : '1 year manufacturing warranty',
      description: describeEyewear(rng, {
        shape: shape.name,
        material: materialName(materialCode),
        frameType,
        typeId,
        brand,
      }),
      hsnCode: tax.hsn,
      gstRatePercent: tax.rate,
      netPricePaise: price * 100,
      releaseDate,
      isActive,
      searchKeywords: searchKeywordsOf({
        brand: brand.name,
        shape: shape.name,
        material: materialName(materialCode),
        frameType,
        productType: productTypeName,
        genders,
        colours,
        collection,
      }),
      genders,
      tags,
      variants,
    });
  }
  return out;
}

/** Small prices (accessories) ending in 9. */
function pricePointSmall(rng: Random, lo: number, hi: number): number {
  const points: number[] = [];
  for (let v = lo; v <= hi; v++) if (v % 10 === 9) points.push(v);
  return points.length ? rng.pick(points) : lo;
}
