import { deskMessages } from '@frameport/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { jsonResponse, TestProviders } from '../../../../testing/render-app.tsx';
import { signIn } from '../../../../testing/signed-in-fixtures.ts';
import { EInvoiceDownload, rangeErrors } from './e-invoice-download.tsx';

const bulk = {
  from: '2026-11-01',
  to: '2026-11-30',
  documents: [
    {
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: 'FP/26-27/00025', Dt: '21/11/2026' },
      SellerDtls: { Gstin: '36AABCF1234F1Z5', LglNm: 'Frameport', Addr1: 'HITEC City', Loc: 'Hyderabad', Stcd: '36', Pin: 500081 },
      BuyerDtls: { Gstin: '36AABCT1234F1Z5', LglNm: 'Charminar Opticals', Pos: '36', Addr1: '1 Abids Road', Loc: 'Hyderabad', Stcd: '36', Pin: 500001 },
      ItemList: [
        {
          SlNo: '1',
          PrdDesc: 'Aviator Frame',
          IsServc: 'N',
          HsnCd: '9003',
          Qty: 2,
          Unit: 'PCS',
          UnitPrice: 1000,
          TotAmt: 2000,
          Discount: 0,
          AssAmt: 2000,
          GstRt: 5,
          IgstAmt: 0,
          CgstAmt: 50,
          SgstAmt: 50,
          TotItemVal: 2100,
        },
      ],
      ValDtls: { AssVal: 2000, CgstVal: 50, SgstVal: 50, IgstVal: 0, Discount: 0, RndOffAmt: 0, TotInvVal: 2100 },
    },
  ],
  skipped: [{ invoiceId: 7, invoiceNo: 'FP/26-27/00026', invoiceDate: '2026-11-22', reasons: [deskMessages.eInvoice.noBuyerGstin('FP/26-27/00026')] }],
};

function renderDownload() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  render(
    <TestProviders queryClient={queryClient}>
      <EInvoiceDownload />
    </TestProviders>,
  );
}

beforeEach(() => {
  // India's today is 25 Nov 2026 (11:30 am); the session starts in that time.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T06:00:00Z') });
  signIn();
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:e-invoices') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('E-invoices for a date range', () => {
  it('downloads the range (this month to today by default) with the token, and says what was left out and why', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(bulk));
    const user = userEvent.setup();
    renderDownload();
    await user.click(screen.getByRole('button', { name: 'E-invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-invoice JSON for a date range' });
    expect(within(dialog).getByLabelText(/^Invoice dates from/)).toHaveValue('2026-11-01');
    expect(within(dialog).getByLabelText(/^to/)).toHaveValue('2026-11-25');
    await user.clear(within(dialog).getByLabelText(/^to/));
    await user.type(within(dialog).getByLabelText(/^to/), '2026-11-30');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    const status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent('1 e-invoice downloaded; 1 left out:');
    expect(status).toHaveTextContent(`FP/26-27/00026: ${deskMessages.eInvoice.noBuyerGstin('FP/26-27/00026')}`);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [input, init] = fetchSpy.mock.calls[0]!;
    expect(String(input)).toBe('/api/admin/invoices/e-invoice?from=2026-11-01&to=2026-11-30');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-abc');
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('checks the days before asking, and shows the server’s refusal in the dialog', async () => {
    expect(rangeErrors('2026-11-30', '2026-11-01')).toEqual({ to: deskMessages.eInvoice.dateRange });
    expect(rangeErrors('', '2026-11-01')).toEqual({ from: deskMessages.eInvoice.invalidDate });
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => jsonResponse({ Status: 1, Error: { Message: deskMessages.eInvoice.rangeTooLong(366) }, Data: null }, 400));
    const user = userEvent.setup();
    renderDownload();
    await user.click(screen.getByRole('button', { name: 'E-invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-invoice JSON for a date range' });
    await user.clear(within(dialog).getByLabelText(/^Invoice dates from/));
    await user.type(within(dialog).getByLabelText(/^Invoice dates from/), '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(within(dialog).getByText(deskMessages.eInvoice.dateRange)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText(/^Invoice dates from/));
    await user.type(within(dialog).getByLabelText(/^Invoice dates from/), '2025-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(deskMessages.eInvoice.rangeTooLong(366)));
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
