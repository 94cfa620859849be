import { describe, expect, it } from 'vitest';
import { accessory, colourVariant, product } from '../../testing/catalogue-fixtures.ts';
import { technicalInfoRows } from './technical-info.ts';

function asObject(rows: { label: string; value: string }[]) {
  return Object.fromEntries(rows.map((row) => [row.label, row.value]));
}

describe('technicalInfoRows', () => {
  it('lists the spec fields in order, with the chosen colour and the first tag as collection', () => {
    const rows = technicalInfoRows(product(), colourVariant({ frameColor: 'Gunmetal' }));
    expect(rows.map((row) => row.label)).toEqual([
      'Brand name',
      'Product type',
      'Frame type',
      'Frame shape',
      'Manufacturer details',
      'Model number',
      'Frame width',
      'Frame dimensions',
      'Frame colour',
      'Weight',
      'Weight group',
      'Frame material',
      'Temple material',
      'Collection',
      'Product warranty',
      'Gender',
    ]);
    expect(asObject(rows)).toMatchObject({
      'Frame dimensions': '54-18-140',
      'Frame colour': 'Gunmetal',
      Collection: 'Everyday Classics',
      Gender: 'Men, Women',
      'Frame width': '138 mm',
      Weight: '22 g',
    });
  });

  it('shows N/A for missing values', () => {
    const rows = asObject(
      technicalInfoRows(
        product({ frameType: null, templeMaterialName: '', noseBridgeSize: null, weight: null, tags: [], gender: [], productWarranty: null }),
        null,
      ),
    );
    expect(rows).toMatchObject({
      'Frame type': 'N/A',
      'Temple material': 'N/A',
      'Frame dimensions': 'N/A',
      Weight: 'N/A',
      Collection: 'N/A',
      Gender: 'N/A',
      'Product warranty': 'N/A',
      'Frame colour': 'N/A',
    });
  });

  it('shows only brand, type, manufacturer and model number for an accessory', () => {
    expect(technicalInfoRows(accessory(), null)).toEqual([
      { label: 'Brand name', value: 'Vistara' },
      { label: 'Product type', value: 'Accessories' },
      { label: 'Manufacturer details', value: 'Frameport Eyewear Pvt Ltd, Hyderabad' },
      { label: 'Model number', value: 'VX-CL-0001' },
    ]);
  });
});
