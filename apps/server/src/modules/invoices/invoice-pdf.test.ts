import { describe, expect, it } from 'vitest';
import { isInterState, placeOfSupply, type InvoicePdfData } from './invoice-pdf.ts';

const party = (stateName: string, stateCode: string) => ({
  name: 'Asha Rao',
  address: '12 Test Street',
  city: 'City',
  pinCode: '500001',
  stateName,
  stateCode,
});

function order(billTo: [string, string], shipTo: [string, string] | null): InvoicePdfData['order'] {
  return {
    orderRefNo: 'FP/2026-27/000001',
    orderDate: '2026-11-20',
    companyStateCode: '36',
    billTo: { ...party(...billTo), gstin: null },
    shipTo: shipTo ? { ...party(...shipTo), phone: null } : null,
    totalQuantity: 1,
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    roundOffPaise: 0,
  };
}

describe('place of supply', () => {
  it('is the recipient’s (bill-to) State, the one the order was taxed on, also when delivery is elsewhere', () => {
    expect(placeOfSupply(order(['Telangana', '36'], null))).toEqual({ stateName: 'Telangana', stateCode: '36' });
    expect(placeOfSupply(order(['Telangana', '36'], ['Karnataka', '29']))).toEqual({ stateName: 'Telangana', stateCode: '36' });
    expect(placeOfSupply(order(['Karnataka', '29'], ['Telangana', '36']))).toEqual({ stateName: 'Karnataka', stateCode: '29' });
  });

  it('agrees with the tax type of an untaxed (0%) order: inter-State exactly when the bill-to State is not the company’s', () => {
    expect(isInterState({ order: order(['Telangana', '36'], ['Karnataka', '29']), lines: [] })).toBe(false);
    expect(isInterState({ order: order(['Karnataka', '29'], ['Telangana', '36']), lines: [] })).toBe(true);
  });
});
