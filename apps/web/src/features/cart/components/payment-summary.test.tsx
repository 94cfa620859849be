import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider.tsx';
import { cartResponse } from '../cart-fixtures.ts';
import { PaymentSummary } from './payment-summary.tsx';

function rows() {
  return screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('PaymentSummary', () => {
  it('shows CGST and SGST with their rates when there is no IGST', () => {
    render(
      <AppProvider env="test">
        <PaymentSummary totals={cartResponse()} />
      </AppProvider>,
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
      <AppProvider env="test">
        <PaymentSummary
          totals={cartResponse({
            TotalIGSTValue: 100,
            TotalCGSTValue: 0,
            TotalSGSTValue: 0,
            rates: { cGSTRate: 0, sGSTRate: 0, iGSTRate: 5 },
          })}
        />
      </AppProvider>,
    );
    expect(rows()).toEqual([
      ['Subtotal', '₹2,000.00'],
      ['IGST (5%)', '₹100.00'],
      ['Order total', '₹2,100.00'],
    ]);
  });
});
