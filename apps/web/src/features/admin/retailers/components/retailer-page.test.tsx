import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminRetailerDetail } from '@frameport/domain/contract/admin-retailers';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { fakeDeskServer, sentTo } from '../../stock/stock-fixtures.ts';
import { retailerDetail } from '../../../../testing/retailer-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openPage(retailer: AdminRetailerDetail, role = 'Admin', after: (action: string, body: unknown) => { status?: number; data?: unknown; message?: string } = () => ({ data: retailer })) {
  const server = fakeDeskServer((url, init) => {
    const action = /^\/api\/admin\/retailers\/\d+\/(approve|reject|block|unblock)$/.exec(url.pathname)?.[1];
    if (action !== undefined && init?.method === 'POST') return after(action, JSON.parse(String(init.body)));
    if (url.pathname === `/api/admin/retailers/${retailer.id}`) return { data: retailer };
    return undefined;
  }, role);
  signIn();
  renderApp(`/admin/retailers/${retailer.id}`);
  await screen.findByRole('heading', { level: 1, name: retailer.businessName }, { timeout: 15000 });
  return server;
}

describe('a retailer on the desk', () => {
  it('shows the business, tax ids, limits, credit with a link to the credit page, sales executives, orders, invoices and ageing', async () => {
    await openPage(
      retailerDetail({
        recentOrders: [{ id: 501, orderRefNo: 'FP-000501', placedAt: '2026-11-20T06:00:00Z', status: 'Confirmed', totalQuantity: 12, total: 14272.62 }],
        recentInvoices: [
          { id: 900, invoiceNo: 'FP/26-27/00025', invoiceDate: '2026-10-01', dueDate: '2026-10-31', total: 9450, balance: 4000, paymentStatus: 'Partially paid', daysOverdue: 24 },
        ],
        outstanding: { notDue: 0, d1to30: 4000, d31to60: 0, d61to90: 0, d90plus: 0, total: 4000, asOf: '2026-11-24', openInvoices: 1 },
        credit: { creditLimit: 200000, paymentTermsDays: 45, paymentTermsDefaultDays: 30, creditHold: false, creditHoldReason: null },
      }),
    );
    expect(screen.getByText('36AAPFU0939F1ZW')).toBeInTheDocument();
    expect(screen.getByText('AAPFU0939F')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    const credit = screen.getByRole('region', { name: 'Credit' });
    expect(within(credit).getByText('₹2,00,000.00')).toBeInTheDocument();
    expect(within(credit).getByText('45 days')).toBeInTheDocument();
    expect(within(credit).getByRole('link', { name: 'Credit page' })).toHaveAttribute('href', '/admin/retailers/41/credit');
    const executives = document.querySelector('[data-section="sales-executives"]') as HTMLElement;
    expect(within(executives).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(executives).getByRole('link', { name: 'Their retailers' })).toHaveAttribute('href', '/admin/retailers?salesExecutiveId=9');
    expect(screen.getByRole('link', { name: 'FP-000501' })).toHaveAttribute('href', '/admin/orders/501');
    expect(screen.getByRole('table', { name: 'Recent invoices' })).toHaveTextContent('(24 days overdue)');
    const outstanding = screen.getByRole('region', { name: 'Outstanding' });
    expect(outstanding).toHaveTextContent('1 open invoice on 24 Nov 2026');
    expect(within(outstanding).getAllByText('₹4,000.00')).toHaveLength(2);
  });

  it('approves a pending retailer after asking, with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const pending = retailerDetail({
      status: 'Pending',
      standing: 'Pending',
      proposedBy: { userId: 9, name: 'Ravi Kumar', role: 'Sales Executive' },
      actions: { edit: true, approve: true, reject: true, block: false, unblock: false },
    });
    const server = await openPage(pending, 'Admin', () => ({ data: { ...pending, status: 'Active', standing: 'Active', actions: { ...pending.actions, approve: false, reject: false, block: true } } }));
    expect(screen.getByText(/Proposed by Ravi Kumar \(Sales Executive\); waiting for an admin's approval\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Verma Opticals' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
    const [sent] = sentTo(server, '/api/admin/retailers/41/approve');
    expect(sent!.key).toMatch(/^web-/);
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
  });

  it('blocks only with a reason (the dialog says why it refuses), for accounts too; accounts cannot edit', async () => {
    const user = userEvent.setup();
    const active = retailerDetail({ actions: { edit: false, approve: false, reject: false, block: true, unblock: false } });
    const server = await openPage(active, 'Accounts', (_action, body) =>
      (body as { reason: string }).reason === 'Cheques bounced twice'
        ? { data: { ...active, status: 'Blocked', standing: 'Blocked', statusReason: 'Cheques bounced twice', actions: { ...active.actions, block: false, unblock: true } } }
        : { status: 400, message: 'Refused' },
    );
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Verma Opticals' });
    expect(dialog).toHaveTextContent('Its users cannot sign in, and their open sessions end at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('Please give a reason (at least 3 characters).')).toBeInTheDocument();
    expect(sentTo(server, '/api/admin/retailers/41/block')).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Cheques bounced twice');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Blocked: Cheques bounced twice')).toBeInTheDocument();
    expect(sentTo(server, '/api/admin/retailers/41/block').map((call) => call.body)).toEqual([{ reason: 'Cheques bounced twice' }]);
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
  });
});
