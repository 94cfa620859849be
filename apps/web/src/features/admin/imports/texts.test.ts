import { describe, expect, it } from 'vitest';
import { changeColumn, changeValue } from './texts.ts';

describe('the report names a change by the sheet column', () => {
  it('reads the server field names as the column headers of the kind', () => {
    expect(changeColumn('catalogue', 'netPrice')).toBe('Net price (₹)');
    expect(changeColumn('catalogue', 'productType')).toBe('Type');
    expect(changeColumn('catalogue', 'frameShape')).toBe('Shape');
    expect(changeColumn('catalogue', 'gstRatePercent')).toBe('GST rate (%)');
    expect(changeColumn('catalogue', 'active')).toBe('Active');
    expect(changeColumn('stock', 'stock')).toBe('Stock');
    expect(changeColumn('prices', 'netPrice')).toBe('Net price (₹)');
  });

  it('names a colour field with its code, a new colour, and a dated price', () => {
    expect(changeColumn('catalogue', 'C2.stock')).toBe('Stock (C2)');
    expect(changeColumn('catalogue', 'C2.frameColour')).toBe('Frame colour (C2)');
    expect(changeColumn('catalogue', 'C2.lowStockThreshold')).toBe('Low-stock threshold (C2)');
    expect(changeColumn('catalogue', 'C3')).toBe('New colour C3');
    expect(changeColumn('prices', 'netPrice from 2026-12-01')).toBe('Net price (₹) from 01 Dec 2026');
  });

  it('shows values as the sheet has them', () => {
    expect(changeValue('catalogue', null)).toBe('(blank)');
    expect(changeValue('catalogue', ['Men', 'Women'])).toBe('Men, Women');
    expect(changeValue('catalogue', [])).toBe('(blank)');
    expect(changeValue('catalogue', false)).toBe('No');
    expect(changeValue('catalogue', { frameColour: 'Black', templeColour: null, openingStock: 4 })).toBe('Frame colour Black, Stock 4');
  });
});
