import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCalls, fakeAdminServer, retailerCredit, staffProfile, type FakeAdmin } from '../../../testing/admin-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../testing/signed-in-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

const CREDIT = /^\/api\/admin\/retailers\/3\/credit$/;

async function openCredit(data: FakeAdmin = {}) {
  const server = fakeAdminServer(data);
  signIn();
  const view = renderApp('/admin/retailers/3/credit');
  await screen.findByRole('heading', { level: 1, name: 'Credit: Verma Opticals' }, { timeout: 15000 });
  return { ...view, server };
}

const puts = (server: ReturnType<typeof fakeAdminServer>) =>
  adminCalls(server, CREDIT)
    .filter(({ init }) => init?.method === 'PUT')
    .map(({ init }) => ({ body: JSON.parse(String(init?.body)), key: new Headers(init?.headers).get('Idempotency-Key') }));

describe('retailer credit', () => {
  it('shows the limit, terms (default), hold, the position and who changed it last', async () => {
    await openCredit({ profile: staffProfile('Accounts') });
    const position = screen.getByRole('region', { name: 'Credit position' });
    const value = (label: string) => within(position).getByText(label).nextElementSibling?.textContent;
    expect(value('Credit limit')).toBe('₹5,00,000.00');
    expect(value('Payment terms')).toBe('30 days (default)');
    expect(value('Credit hold')).toBe('No');
    expect(value('Outstanding')).toBe('₹1,20,000.50');
    expect(value('On order')).toBe('₹80,000.00');
    expect(value('Available')).toBe('₹2,99,999.50');
    expect(value('Overdue')).toBe('₹15,000.00');
    expect(value('Oldest overdue')).toBe('12 days, invoice FP/2026-27/000123');
    // 06:30 UTC is noon in India.
    expect(screen.getByText(/Last updated: Priya Nair \(Accounts\), 18 Nov 2026, 12:00 pm/i)).toBeInTheDocument();
  });

  it('is read-only for the warehouse', async () => {
    await openCredit({ profile: staffProfile('Warehouse') });
    expect(screen.getByText('Only accounts or an admin can change credit terms.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save credit terms' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Credit limit (₹)' })).not.toBeInTheDocument();
  });

  it('checks the form before sending: a number for the limit, whole days, a reason for a hold', async () => {
    const user = userEvent.setup();
    const { server } = await openCredit({ profile: staffProfile('Admin') });
    const limit = screen.getByRole('textbox', { name: 'Credit limit (₹)' });
    await user.clear(limit);
    await user.type(limit, '-5');
    await user.click(screen.getByRole('checkbox', { name: 'Use the default payment terms (30 days)' }));
    await user.type(screen.getByRole('textbox', { name: 'Payment terms (days)' }), '400');
    await user.click(screen.getByRole('switch', { name: /Credit hold/ }));
    await user.click(screen.getByRole('button', { name: 'Save credit terms' }));

    expect(await screen.findByText('The credit limit cannot be negative.')).toBeInTheDocument();
    expect(screen.getByText('Payment terms are 0 to 365 days.')).toBeInTheDocument();
    expect(screen.getByText('Please give the reason for the credit hold.')).toBeInTheDocument();
    expect(puts(server)).toEqual([]);

    await user.clear(limit);
    await user.type(limit, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save credit terms' }));
    expect(await screen.findByText('Please enter the credit limit in rupees.')).toBeInTheDocument();
    expect(puts(server)).toEqual([]);
  });

  it('asks before putting the retailer on hold, then saves and shows who did it', async () => {
    const user = userEvent.setup();
    const saved = retailerCredit({
      creditLimit: 250000,
      paymentTermsDays: 45,
      paymentTermsDefault: false,
      creditHold: true,
      creditHoldReason: 'Cheque bounced',
      updated: { by: { userId: 1, name: 'Admin User', role: 'Admin' }, at: '2026-11-24T05:00:00.000Z' },
    });
    const { server } = await openCredit({ profile: staffProfile('Admin'), updateCredit: saved });
    const limit = screen.getByRole('textbox', { name: 'Credit limit (₹)' });
    await user.clear(limit);
    await user.type(limit, '2,50,000');
    await user.click(screen.getByRole('checkbox', { name: 'Use the default payment terms (30 days)' }));
    await user.type(screen.getByRole('textbox', { name: 'Payment terms (days)' }), '45');
    await user.click(screen.getByRole('switch', { name: /Credit hold/ }));
    await user.type(screen.getByRole('textbox', { name: /Reason for the hold/ }), 'Cheque bounced');
    await user.click(screen.getByRole('button', { name: 'Save credit terms' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Put Verma Opticals on credit hold? Their orders cannot be confirmed until the hold is released.');
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts(server)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save credit terms' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Put on hold' }));
    await waitFor(() => expect(puts(server)).toHaveLength(1));
    const [put] = puts(server);
    expect(put!.body).toEqual({ creditLimit: 250000, paymentTermsDays: 45, creditHold: true, creditHoldReason: 'Cheque bounced' });
    expect(put!.key).toMatch(/^web-[0-9a-f-]{36}$/);

    expect(await screen.findByText(/Last updated: Admin User \(Admin\), 24 Nov 2026, 10:30 am/i)).toBeInTheDocument();
    const position = screen.getByRole('region', { name: 'Credit position' });
    expect(within(position).getByText('On hold: Cheque bounced')).toBeInTheDocument();
    expect(within(position).getByText('45 days')).toBeInTheDocument();
  });

  it('saves without asking when no hold is added, and shows the server refusal', async () => {
    const user = userEvent.setup();
    const { server } = await openCredit({ profile: staffProfile('Accounts'), updateCredit: 'fail' });
    const limit = screen.getByRole('textbox', { name: 'Credit limit (₹)' });
    await user.clear(limit);
    await user.type(limit, '600000');
    await user.click(screen.getByRole('button', { name: 'Save credit terms' }));
    expect(await screen.findByText('The credit terms could not be saved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(puts(server).map(({ body }) => body)).toEqual([{ creditLimit: 600000, paymentTermsDays: null, creditHold: false, creditHoldReason: null }]);
  });

  it('offers Retry when the credit cannot be loaded', async () => {
    fakeAdminServer({ credit: 'fail' });
    signIn();
    renderApp('/admin/retailers/3/credit');
    expect(await screen.findByText("The retailer's credit could not be loaded", {}, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
