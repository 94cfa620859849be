import type { GstSummaryReport } from '@frameport/domain/contract/admin-reports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { fakeDeskServer, sentTo } from '../../stock/stock-fixtures.ts';

const october: GstSummaryReport = {
  month: '2026-10',
  from: '2026-10-01',
  to: '2026-10-31',
  byRate: [
    { ratePercent: 5, taxable: 5000, cgst: 50, sgst: 50, igst: 150, tax: 250, intraTaxable: 2000, interTaxable: 3000, invoices: 2 },
    { ratePercent: 18, taxable: 4498.5, cgst: 269.91, sgst: 269.91, igst: 269.91, tax: 809.73, intraTaxable: 2999, interTaxable: 1499.5, invoices: 2 },
  ],
  byState: [
    { stateCode: '36', state: 'Telangana', kind: 'intra', taxable: 4999, cgst: 319.91, sgst: 319.91, igst: 0, tax: 639.82, invoices: 1 },
    { stateCode: '29', state: 'Karnataka', kind: 'inter', taxable: 4499.5, cgst: 0, sgst: 0, igst: 419.91, tax: 419.91, invoices: 1 },
  ],
  totals: { taxable: 9498.5, cgst: 319.91, sgst: 319.91, igst: 419.91, tax: 1059.73, invoices: 2, invoiceValue: 10558.53, roundOff: 0.3 },
};

beforeEach(() => {
  stubBrowserApis();
  signIn();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T06:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/admin/reports/gst', () => {
  it('opens on last month: totals, the rates and the places of supply with their totals; another month goes to the URL', async () => {
    const server = fakeDeskServer((url) =>
      url.pathname === '/api/admin/reports/gst' ? { data: url.searchParams.get('month') === '2026-10' ? october : { ...october, month: '2026-09' } } : undefined,
    );
    const { router } = renderApp('/admin/reports/gst');
    const rates = await screen.findByRole('table', { name: 'GST by rate' }, { timeout: 15000 });
    expect(sentTo(server, '/api/admin/reports/gst', 'GET')[0]?.url.search).toBe('?month=2026-10');
    const [, five, eighteen, rateTotal] = within(rates).getAllByRole('row');
    expect(five).toHaveTextContent(/5%.*2.*₹2,000\.00.*₹3,000\.00.*₹5,000\.00.*₹50\.00.*₹50\.00.*₹150\.00.*₹250\.00/);
    expect(eighteen).toHaveTextContent(/18%.*₹4,498\.50.*₹269\.91.*₹809\.73/);
    expect(rateTotal).toHaveTextContent(/Total.*2.*₹4,999\.00.*₹4,499\.50.*₹9,498\.50.*₹319\.91.*₹319\.91.*₹419\.91.*₹1,059\.73/);
    const states = screen.getByRole('table', { name: 'GST by place of supply' });
    const [, telangana, karnataka] = within(states).getAllByRole('row');
    expect(telangana).toHaveTextContent(/Telangana.*\(36\).*Within the State \(CGST \+ SGST\).*₹4,999\.00.*₹319\.91.*₹319\.91.*₹0\.00.*₹639\.82/);
    expect(karnataka).toHaveTextContent(/Karnataka.*\(29\).*Inter-State \(IGST\).*₹4,499\.50/);
    expect(screen.getByText(/Invoice value ₹10,558\.53 = taxable value \+ GST \+ round-off ₹0\.30/)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Totals of the month' })).getByText('₹1,059.73')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-09' } });
    await waitFor(() => expect(router.state.location.search).toBe('?month=2026-09'));
    await waitFor(() => expect(sentTo(server, '/api/admin/reports/gst', 'GET').map((call) => call.url.search)).toEqual(['?month=2026-10', '?month=2026-09']));
  });

  it('downloads the month as XLSX', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:gst'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const server = fakeDeskServer((url) => (url.pathname === '/api/admin/reports/gst' ? { data: october } : undefined));
    renderApp('/admin/reports/gst?month=2026-10');
    await screen.findByRole('table', { name: 'GST by rate' }, { timeout: 15000 });
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(sentTo(server, '/api/admin/reports/gst', 'GET').at(-1)?.url.search).toBe('?month=2026-10&format=xlsx');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('gst-summary-2026-10.xlsx');
  });

  it('says when no invoice is dated in the month, and offers Retry when the summary cannot be loaded', async () => {
    fakeDeskServer((url) =>
      url.pathname === '/api/admin/reports/gst'
        ? { data: { ...october, byRate: [], byState: [], totals: { taxable: 0, cgst: 0, sgst: 0, igst: 0, tax: 0, invoices: 0, invoiceValue: 0, roundOff: 0 } } }
        : undefined,
    );
    renderApp('/admin/reports/gst?month=2026-10');
    expect(await screen.findByText('No invoices are dated in October 2026.', {}, { timeout: 15000 })).toBeInTheDocument();
    vi.restoreAllMocks();
    fakeDeskServer((url) => (url.pathname === '/api/admin/reports/gst' ? { status: 500, message: 'Something went wrong' } : undefined));
    renderApp('/admin/reports/gst?month=2026-10');
    expect(await screen.findByRole('button', { name: /Retry/ }, { timeout: 15000 })).toBeInTheDocument();
  });
});
