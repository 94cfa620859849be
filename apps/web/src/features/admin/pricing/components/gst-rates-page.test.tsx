import type { GstRateEntryView, GstRatesResponse } from '@frameport/domain/contract/admin-pricing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { fakeDeskServer, sentTo } from '../../stock/stock-fixtures.ts';

const entry = (overrides: Partial<GstRateEntryView> = {}): GstRateEntryView => ({
  id: 1,
  hsnPrefix: '9004',
  ratePercent: 5,
  validFrom: '2025-09-22',
  validTo: null,
  notification: 'Notification 9/2025-Central Tax (Rate)',
  state: 'current',
  activeStyles: 240,
  created: null,
  updated: null,
  deletable: false,
  ...overrides,
});
const table = (entries: GstRateEntryView[]): GstRatesResponse => ({ today: '2026-11-24', slabs: [0, 5, 12, 18], entries });
const ENTRIES = [
  entry({ id: 1, validFrom: '2017-07-01', validTo: '2025-09-21', ratePercent: 12, state: 'past', activeStyles: 0 }),
  entry({ id: 2 }),
  entry({ id: 3, hsnPrefix: '900410', ratePercent: 18, validFrom: '2027-04-01', state: 'future', activeStyles: 12, deletable: true, notification: null }),
];

beforeEach(() => {
  stubBrowserApis();
  signIn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/admin/gst-rates', () => {
  it('lists the entries with validity, notification, styles and state; Close and Delete only where they apply', async () => {
    fakeDeskServer((url) => (url.pathname === '/api/admin/gst-rates' ? { data: table(ENTRIES) } : undefined));
    renderApp('/admin/gst-rates');
    const grid = await screen.findByRole('table', { name: 'GST rates' }, { timeout: 15000 });
    const [past, current, future] = within(grid).getAllByRole('row').slice(1);
    expect(past).toHaveTextContent(/9004.*12 %.*01 Jul 2017.*21 Sept? 2025.*Ended/);
    expect(within(past!).queryByRole('button')).not.toBeInTheDocument();
    expect(current).toHaveTextContent(/9004.*5 %.*22 Sept? 2025.*Open.*Notification 9\/2025.*240.*In force/);
    expect(within(current!).getByRole('button', { name: /^Close 9004 from/ })).toBeInTheDocument();
    expect(within(current!).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(future).toHaveTextContent(/900410.*18 %.*Future/);
    expect(within(future!).getByRole('button', { name: /^Delete 900410/ })).toBeInTheDocument();
  });

  it('adds an entry after checking it, and shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    const overlap = 'HSN 9004 already has a rate from 2025-09-22 with no end date. Close that entry the day before the new one starts.';
    const server = fakeDeskServer((url, init) => {
      if (url.pathname !== '/api/admin/gst-rates') return undefined;
      if (init?.method === 'POST') return { status: 409, message: overlap };
      return { data: table(ENTRIES) };
    });
    renderApp('/admin/gst-rates');
    await user.click(await screen.findByRole('button', { name: 'Add an entry' }, { timeout: 15000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a GST entry' });
    await user.type(within(dialog).getByRole('textbox', { name: /HSN prefix/ }), '9x');
    await user.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(within(dialog).getByText('HSN prefix must be 2 to 8 digits.')).toBeInTheDocument();
    expect(within(dialog).getByText('GST rate must be one of 0, 0.25, 3, 5, 12, 18, 28 or 40 %.')).toBeInTheDocument();
    expect(sentTo(server, '/api/admin/gst-rates')).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: /HSN prefix/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /HSN prefix/ }), '9004');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Rate/ }), '18');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notification (optional)' }), 'Notification 1/2027');
    await user.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(overlap);
    expect(sentTo(server, '/api/admin/gst-rates')[0]!.body).toEqual({
      hsnPrefix: '9004',
      ratePercent: 18,
      validFrom: '2026-11-24',
      validTo: null,
      notification: 'Notification 1/2027',
    });
  });

  it('closes an entry on a last day and deletes a future one after asking', async () => {
    const user = userEvent.setup();
    const server = fakeDeskServer((url, init) => {
      if (url.pathname === '/api/admin/gst-rates/2' && init?.method === 'PATCH') return { data: { ...table(ENTRIES), entry: entry({ validTo: '2026-12-31' }), stylesUpdated: 0 } };
      if (url.pathname === '/api/admin/gst-rates/3' && init?.method === 'DELETE') return { data: { ...table(ENTRIES.slice(0, 2)), entry: null, stylesUpdated: 0 } };
      if (url.pathname === '/api/admin/gst-rates') return { data: table(ENTRIES) };
      return undefined;
    });
    renderApp('/admin/gst-rates');
    await user.click(await screen.findByRole('button', { name: /^Close 9004 from/ }, { timeout: 15000 }));
    const closeDialog = await screen.findByRole('dialog', { name: 'Close HSN 9004' });
    const lastDay = within(closeDialog).getByLabelText('Last day');
    await user.clear(lastDay);
    await user.type(lastDay, '2026-12-31');
    await user.click(within(closeDialog).getByRole('button', { name: 'Close entry' }));
    await waitFor(() => expect(sentTo(server, '/api/admin/gst-rates/2', 'PATCH')).toHaveLength(1));
    expect(sentTo(server, '/api/admin/gst-rates/2', 'PATCH')[0]!.body).toEqual({ validTo: '2026-12-31' });

    await user.click(await screen.findByRole('button', { name: /^Delete 900410/ }));
    const ask = await screen.findByRole('dialog', { name: 'Delete this entry?' });
    expect(ask).toHaveTextContent('Delete HSN 900410 at 18 % from 01 Apr 2027? It has not been in force yet.');
    await user.click(within(ask).getByRole('button', { name: 'Delete entry' }));
    await waitFor(() => expect(sentTo(server, '/api/admin/gst-rates/3', 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Delete 900410/ })).not.toBeInTheDocument());
  });

  it('tells the warehouse it is for admins, without asking the server', async () => {
    const server = fakeDeskServer(() => undefined, 'Warehouse');
    renderApp('/admin/gst-rates');
    expect(await screen.findByText('Only an admin can see and change the GST rates.', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(sentTo(server, '/api/admin/gst-rates', 'GET')).toEqual([]);
  });
});
