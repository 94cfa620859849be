import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartResponse } from '../../../testing/cart-fixtures.ts';
import { PaymentSummary } from './payment-summary.tsx';
import { TestProviders } from '../../../testing/render-app.tsx';

function rows() {
  return screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('PaymentSummary', () => {
  it('shows CGST and SGST with their rates when there is no IGST', () => {
    render(
      <TestProviders>
        <PaymentSummary totals={cartResponse()} />
      </TestProviders>,
    );
    expect(rows()).toEqual([
      ['Subtotal', '₹2,000.00'],
      ['CGST (2.5%)', '₹50.00'],
      ['SGST (2.5%)', '₹50.00'],
      ['Order total', '₹2,100.00'],
    ]);
  });

  it('shows IGST alone when IGST is above 0', () => {
    render(
      <TestProviders>
        <PaymentSummary
          totals={cartResponse({
            TotalIGSTValue: 100,
            TotalCGSTValue: 0,
            TotalSGSTValue: 0,
            rates: { cGSTRate: 0, sGSTRate: 0, iGSTRate: 5 },
          })}
        />
      </TestProviders>,
    );
    expect(rows()).toEqual([
      ['Subtotal', '₹2,000.00'],
      ['IGST (5%)', '₹100.00'],
      ['Order total', '₹2,100.00'],
    ]);
  });
});
