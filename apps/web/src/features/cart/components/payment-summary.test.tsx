import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartResponse } from '../../../testing/cart-fixtures.ts';
import { PaymentSummary } from './payment-summary.tsx';
import { TestProviders } from '../../../testing/render-app.tsx';

function rows() {
  return screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

function renderSummary(totals: Parameters<typeof PaymentSummary>[0]['totals']) {
  render(
    <TestProviders>
      <PaymentSummary totals={totals} />
    </TestProviders>,
  );
}

/** domain-india §1.7: ₹9,000 of frames at 5% and ₹5,000 of sunglasses at 18%. */
const mixed = { CartTotPrice: 14000, CartProductTotPricewithGST: 15350 };

describe('PaymentSummary', () => {
  it('shows CGST and SGST with their rate and the value they are charged on, totals saying whether GST is in', () => {
    renderSummary(cartResponse());
    expect(rows()).toEqual([
      ['Subtotal (excl. GST)', '₹2,000.00'],
      ['CGST 2.5% on ₹2,000.00', '₹50.00'],
      ['SGST 2.5% on ₹2,000.00', '₹50.00'],
      ['Order total (incl. GST)', '₹2,100.00'],
    ]);
  });

  it('shows a mixed Telangana cart’s CGST and SGST per rate, never one rate for both', () => {
    renderSummary(
      cartResponse({
        ...mixed,
        TotalCGSTValue: 675,
        TotalSGSTValue: 675,
        rates: null,
        taxByRate: [
          { GSTRate: 5, TaxableValue: 9000, CGSTRate: 2.5, CGSTValue: 225, SGSTRate: 2.5, SGSTValue: 225, IGSTRate: 0, IGSTValue: 0 },
          { GSTRate: 18, TaxableValue: 5000, CGSTRate: 9, CGSTValue: 450, SGSTRate: 9, SGSTValue: 450, IGSTRate: 0, IGSTValue: 0 },
        ],
      }),
    );
    expect(rows()).toEqual([
      ['Subtotal (excl. GST)', '₹14,000.00'],
      ['CGST 2.5% on ₹9,000.00', '₹225.00'],
      ['SGST 2.5% on ₹9,000.00', '₹225.00'],
      ['CGST 9% on ₹5,000.00', '₹450.00'],
      ['SGST 9% on ₹5,000.00', '₹450.00'],
      ['Order total (incl. GST)', '₹15,350.00'],
    ]);
  });

  it('shows IGST alone, per rate, for an inter-state cart', () => {
    renderSummary(
      cartResponse({
        ...mixed,
        TotalIGSTValue: 1350,
        TotalCGSTValue: 0,
        TotalSGSTValue: 0,
        rates: null,
        taxByRate: [
          { GSTRate: 5, TaxableValue: 9000, CGSTRate: 0, CGSTValue: 0, SGSTRate: 0, SGSTValue: 0, IGSTRate: 5, IGSTValue: 450 },
          { GSTRate: 18, TaxableValue: 5000, CGSTRate: 0, CGSTValue: 0, SGSTRate: 0, SGSTValue: 0, IGSTRate: 18, IGSTValue: 900 },
        ],
      }),
    );
    expect(rows()).toEqual([
      ['Subtotal (excl. GST)', '₹14,000.00'],
      ['IGST 5% on ₹9,000.00', '₹450.00'],
      ['IGST 18% on ₹5,000.00', '₹900.00'],
      ['Order total (incl. GST)', '₹15,350.00'],
    ]);
  });

  it('shows plain GST rows of ₹0.00 when nothing is taxed', () => {
    renderSummary(
      cartResponse({ cartItems: [], CartTotPrice: 0, TotalCGSTValue: 0, TotalSGSTValue: 0, CartProductTotPricewithGST: 0, taxByRate: [] }),
    );
    expect(rows()).toEqual([
      ['Subtotal (excl. GST)', '₹0.00'],
      ['CGST', '₹0.00'],
      ['SGST', '₹0.00'],
      ['Order total (incl. GST)', '₹0.00'],
    ]);
  });
});
