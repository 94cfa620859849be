import type { AdminDiscountRule, DiscountPreview } from '@frameport/domain/contract/admin-discounts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { fakeDeskServer, sentTo } from '../../stock/stock-fixtures.ts';

const rule = (overrides: Partial<AdminDiscountRule> = {}): AdminDiscountRule => ({
  id: 5,
  name: 'Telangana season',
  usePercentage: true,
  discountPercentage: 10,
  discountAmount: null,
  label: '10% off',
  stateId: 36,
  stateName: 'Telangana',
  priceFrom: null,
  priceTo: null,
  validFrom: '2026-11-01T00:00:00.000+05:30',
  validTo: null,
  isActive: true,
  status: 'active',
  created: null,
  updated: null,
  ...overrides,
});
const preview: DiscountPreview = {
  message: '312 styles get 10% off in Telangana',
  styleCount: 312,
  label: '10% off',
  where: 'Telangana',
  betterElsewhereCount: 4,
  statesWithOwnRules: 0,
  sample: [{ productId: 11, modelNumber: 'FP-1001', productName: 'Aviator Classic', brand: 'Vistara', netPrice: 1200, discount: 120, priceAfter: 1080, betterRule: null }],
};
const STATES = [
  { StateID: 36, CountryId: 1, StateCode: 'TG', StateName: 'Telangana', TIN: '36' },
  { StateID: 29, CountryId: 1, StateCode: 'KA', StateName: 'Karnataka', TIN: '29' },
];

function server(rules: AdminDiscountRule[] = [rule(), rule({ id: 6, name: 'Old offer', status: 'ended', stateId: null, stateName: null, priceFrom: 500, priceTo: 2000 })]) {
  return fakeDeskServer((url, init) => {
    if (url.pathname === '/api/Account/getCountries') return { data: [{ CountryId: 1, CountryCode: 'IN', CountryName: 'India' }] };
    if (url.pathname === '/api/Account/getStates') return { data: STATES };
    if (url.pathname === '/api/admin/discount-rules/preview') return { data: preview };
    if (url.pathname === '/api/admin/discount-rules' && init?.method === 'POST') return { status: 201, data: { ...rule({ id: 7, name: 'Diwali' }), audit: [] } };
    if (url.pathname === '/api/admin/discount-rules') return { data: { rules } };
    if (url.pathname === '/api/admin/discount-rules/5/end') return { data: { ...rule({ status: 'ended' }), audit: [] } };
    return undefined;
  });
}

beforeEach(() => {
  stubBrowserApis();
  signIn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/admin/discounts', () => {
  it('lists the rules with discount, where, band, status; an ended rule has no actions', async () => {
    server();
    renderApp('/admin/discounts');
    const table = await screen.findByRole('table', { name: 'Discount rules' }, { timeout: 15000 });
    const [active, ended] = within(table).getAllByRole('row').slice(1);
    expect(active).toHaveTextContent(/Telangana season.*10% off.*Telangana.*Any price.*Active/);
    expect(ended).toHaveTextContent(/Old offer.*All states.*₹500.00 – ₹2,000.00.*Ended/);
    expect(within(ended!).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'scheduled');
    expect(screen.getByText('No scheduled rules.')).toBeInTheDocument();
  });

  it('creates a rule only after its preview, which a change to the form asks for again', async () => {
    const user = userEvent.setup();
    const fetchSpy = server([]);
    renderApp('/admin/discounts');
    await user.click((await screen.findAllByRole('button', { name: 'New rule' }, { timeout: 15000 }))[0]!);
    const form = await screen.findByRole('dialog', { name: 'New discount rule' });
    expect(within(form).getByRole('button', { name: 'Save rule' })).toBeDisabled();

    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(within(form).getByText('Please enter a name for the rule.')).toBeInTheDocument();
    expect(sentTo(fetchSpy, '/api/admin/discount-rules/preview')).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Diwali');
    await user.type(within(form).getByRole('textbox', { name: /Percentage/ }), '10');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'State' }), '36');
    await user.type(within(form).getByRole('textbox', { name: 'Net price from (₹)' }), '2000');
    await user.type(within(form).getByRole('textbox', { name: 'Net price to (₹)' }), '1000');
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(within(form).getByText('The price band’s "from" must not be more than its "to".')).toBeInTheDocument();

    await user.clear(within(form).getByRole('textbox', { name: 'Net price from (₹)' }));
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(await within(form).findByTestId('discount-preview-message')).toHaveTextContent('312 styles get 10% off in Telangana');
    expect(within(form).getByText('4 of them get as much or more from another rule, which they keep.')).toBeInTheDocument();
    const sample = within(form).getByRole('table', { name: 'Sample styles' });
    expect(within(sample).getAllByRole('row')[1]).toHaveTextContent(/FP-1001.*₹1,200.00.*₹1,080.00/);
    expect(sentTo(fetchSpy, '/api/admin/discount-rules/preview')[0]!.body).toMatchObject({ name: 'Diwali', usePercentage: true, discountPercentage: 10, stateId: 36, priceFrom: null, priceTo: 1000 });

    // A change asks for a new preview.
    await user.type(within(form).getByRole('textbox', { name: /Percentage/ }), '5');
    expect(within(form).getByRole('button', { name: 'Save rule' })).toBeDisabled();
    await user.clear(within(form).getByRole('textbox', { name: /Percentage/ }));
    await user.type(within(form).getByRole('textbox', { name: /Percentage/ }), '10');
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save rule' })).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentTo(fetchSpy, /^\/api\/admin\/discount-rules$/)[0]!.body).toMatchObject({ name: 'Diwali', discountPercentage: 10, stateId: 36, priceTo: 1000 });
  });

  it('ends a rule after asking', async () => {
    const user = userEvent.setup();
    const fetchSpy = server();
    renderApp('/admin/discounts');
    await user.click(await screen.findByRole('button', { name: 'End Telangana season' }, { timeout: 15000 }));
    const ask = await screen.findByRole('dialog', { name: 'End this rule?' });
    expect(ask).toHaveTextContent('End Telangana season (10% off) now? New orders no longer get it; placed orders keep the discount they got.');
    await user.click(within(ask).getByRole('button', { name: 'End rule' }));
    await waitFor(() => expect(sentTo(fetchSpy, '/api/admin/discount-rules/5/end')).toHaveLength(1));
    expect(await screen.findByText('Telangana season has ended.')).toBeInTheDocument();
  });
});
