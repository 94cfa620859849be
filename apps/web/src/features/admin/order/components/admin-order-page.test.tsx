import { deskMessages } from '@frameport/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, jsonResponse, TestProviders } from '../../../../testing/render-app.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { signIn } from '../../../../testing/signed-in-fixtures.ts';
import { userProfile } from '../../../../testing/fixtures.ts';
import { profileQueries } from '../../../../lib/profile-queries.ts';
import { adminLine, adminOrder, adminShipment, changesSent, fakeDeskServer } from '../admin-order-fixtures.ts';
import { AdminOrderPageFor } from './admin-order-page.tsx';

function renderPage(id = '42', roleName?: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  if (roleName !== undefined) queryClient.setQueryData(profileQueries.detail(null).queryKey, userProfile({ RoleName: roleName }));
  render(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter>
        <AdminOrderPageFor id={id} />
      </MemoryRouter>
    </TestProviders>,
  );
  return queryClient;
}

const heading = () => screen.findByRole('heading', { level: 1, name: /Order FP-2026-000042/ });

beforeEach(() => signIn());
afterEach(() => vi.restoreAllMocks());

describe('AdminOrderPage', () => {
  it('shows the order: header, retailer, credit, lines and timeline', async () => {
    fakeDeskServer(adminOrder());
    renderPage();
    await heading();

    expect(screen.getByLabelText('Status: Placed')).toHaveTextContent('Placed');
    expect(screen.getByText(/Placed 19 Nov 2026, 03:00 pm by Asha Verma \(retailer\)/)).toBeInTheDocument();
    expect(screen.getAllByText('Verma Opticals').length).toBeGreaterThan(0);
    expect(screen.getAllByText('GSTIN 27ABCDE1234F1Z5')).toHaveLength(2); // the retailer and the bill-to
    expect(screen.getByText('Sales executives: Neha Sales')).toBeInTheDocument();
    expect(screen.getByText('Deliver before Diwali')).toBeInTheDocument();

    const credit = screen.getByRole('region', { name: 'Credit' });
    expect(within(credit).getByText('Limit').nextSibling).toHaveTextContent('₹2,00,000.00');
    expect(within(credit).getByText('Available').nextSibling).toHaveTextContent('₹1,30,000.00');

    const row = screen.getByRole('row', { name: 'Line Aviator Classic, Black (C1)' });
    expect(within(row).getByText('FP-1001')).toBeInTheDocument();
    expect(within(row).getByText('9004')).toBeInTheDocument();
    expect(within(row).getByText('₹900.00')).toBeInTheDocument();
    expect(within(row).getByText('₹1,000.00')).toBeInTheDocument(); // list price, struck through
    expect(within(row).getByText('₹9,450.00')).toBeInTheDocument();
    expect(screen.getByText('Total with GST').nextSibling).toHaveTextContent('₹9,450.00');
    expect(screen.getByText('CGST')).toBeInTheDocument();

    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('Placed')).toBeInTheDocument();
  });

  it('confirms with POST …/confirm and an Idempotency-Key, and shows the answer', async () => {
    const confirmed = adminOrder({
      status: 'Confirmed',
      confirmed: { by: { userId: 7, name: 'Ravi Kumar', role: 'warehouse' }, at: '2026-11-20T05:00:00Z', overrideReason: null },
      actions: { confirm: false, override: false, hold: true, release: false, cancel: true, cancelLine: true, edit: true, editPastCredit: false, ship: true },
    });
    const fetchSpy = fakeDeskServer(adminOrder(), { 'POST /api/admin/orders/42/confirm': { order: confirmed } });
    const user = userEvent.setup();
    renderPage();
    await heading();

    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByLabelText('Status: Confirmed')).toBeInTheDocument();
    const [sent] = changesSent(fetchSpy);
    expect(sent).toMatchObject({ method: 'POST', path: '/api/admin/orders/42/confirm', body: {} });
    expect(sent?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('button', { name: 'New shipment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm order' })).not.toBeInTheDocument();
  });

  it('sends the same Idempotency-Key when an action is retried after a network failure, a new one for the next action', async () => {
    const fetchSpy = fakeDeskServer(adminOrder());
    const fakeFetch = fetchSpy.getMockImplementation()!;
    fetchSpy.mockImplementationOnce(async (input, init) => fakeFetch(input, init)); // the GET
    fetchSpy.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    renderPage();
    await heading();

    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText('The order was not confirmed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(changesSent(fetchSpy)).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm order' })).not.toHaveAttribute('data-loading'));
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(changesSent(fetchSpy)).toHaveLength(3));

    const [first, retry, next] = changesSent(fetchSpy);
    expect(retry?.key).toBe(first?.key);
    expect(next?.key).not.toBe(first?.key);
  });

  it('shows why the credit check fails, and Confirm anyway needs a reason', async () => {
    const reasons = ["This order exceeds the retailer's available credit by ₹1,200.00."];
    const fetchSpy = fakeDeskServer(
      adminOrder({
        creditCheck: { ok: false, reasons },
        actions: { confirm: true, override: true, hold: true, release: false, cancel: true, cancelLine: true, edit: true, editPastCredit: false, ship: false },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await heading();

    expect(screen.getByText('Credit check failed')).toBeInTheDocument();
    expect(screen.getByText(reasons[0]!)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm order' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Confirm anyway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm FP-2026-000042 anyway' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason for confirming past the credit check/ });
    expect(reason).toBeRequired();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm anyway' }));
    expect(await within(dialog).findByText('Please give a reason (at least 3 characters).')).toBeInTheDocument();
    expect(changesSent(fetchSpy)).toEqual([]);

    await user.type(reason, 'Paid by cheque today');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm anyway' }));
    await waitFor(() => expect(changesSent(fetchSpy)).toHaveLength(1));
    expect(changesSent(fetchSpy)[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/orders/42/confirm',
      body: { override: { reason: 'Paid by cheque today' } },
    });
  });

  it('offers no Confirm anyway to staff who may not override', async () => {
    fakeDeskServer(adminOrder({ creditCheck: { ok: false, reasons: ['The retailer is on credit hold.'] } }));
    renderPage();
    await heading();
    expect(screen.queryByRole('button', { name: 'Confirm anyway' })).not.toBeInTheDocument();
    expect(screen.getByText('Only accounts or an admin can confirm past the credit check.')).toBeInTheDocument();
  });

  it('asks before cancelling the order, and sends the reason', async () => {
    const fetchSpy = fakeDeskServer(adminOrder());
    const user = userEvent.setup();
    renderPage();
    await heading();

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Are you sure you want to cancel order FP-2026-000042?');
    expect(changesSent(fetchSpy)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason for cancelling/ }), 'Retailer asked');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(changesSent(fetchSpy)).toHaveLength(1));
    expect(changesSent(fetchSpy)[0]).toMatchObject({ method: 'POST', path: '/api/admin/orders/42/cancel', body: { reason: 'Retailer asked' } });
  });

  it('shows the server refusal inside the dialog', async () => {
    fakeDeskServer(adminOrder(), {
      'POST /api/admin/orders/42/cancel': { status: 409, message: 'This order is Dispatched: it cannot be cancelled now.' },
    });
    const user = userEvent.setup();
    renderPage();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for cancelling/ }), 'Retailer asked');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This order is Dispatched: it cannot be cancelled now.');
  });

  it('edits the lines and sends the whole list with PUT …/lines', async () => {
    const second = adminLine({ id: 102, productCode: 'FP-2002', productName: 'Round Metal', colourName: 'Gold', colorVariant: 'C2' });
    const fetchSpy = fakeDeskServer(adminOrder({ lines: [adminLine(), second] }));
    const user = userEvent.setup();
    renderPage();
    await heading();

    await user.click(screen.getByRole('button', { name: 'Edit lines' }));
    const quantity = screen.getByRole('textbox', { name: 'Quantity of Aviator Classic, Black (C1)' });
    await user.clear(quantity);
    await user.type(quantity, '6');
    await user.click(screen.getByRole('button', { name: 'Remove Round Metal, Gold (C2)' }));
    const add = screen.getByRole('group', { name: 'Add a line' });
    await user.type(within(add).getByRole('textbox', { name: 'Model number' }), 'FP-3003');
    await user.type(within(add).getByRole('textbox', { name: 'Colour' }), 'C4');
    const addQty = within(add).getByRole('textbox', { name: 'Quantity' });
    await user.clear(addQty);
    await user.type(addQty, '3');
    await user.click(within(add).getByRole('button', { name: 'Add line' }));
    expect(screen.getByRole('row', { name: 'New line FP-3003 C4' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save lines' }));
    await waitFor(() => expect(changesSent(fetchSpy)).toHaveLength(1));
    const [sent] = changesSent(fetchSpy);
    expect(sent).toMatchObject({ method: 'PUT', path: '/api/admin/orders/42/lines' });
    expect(sent?.body).toEqual({
      lines: [
        { orderLineId: 101, quantity: 6 },
        { productCode: 'FP-3003', colorVariant: 'C4', quantity: 3 },
      ],
    });
    expect(sent?.key).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save lines' })).not.toBeInTheDocument());
  });

  it("shows the server's refusal of an edit inline, and Escape leaves edit mode", async () => {
    fakeDeskServer(adminOrder(), {
      'PUT /api/admin/orders/42/lines': { status: 400, message: 'No active product FP-9 in colour C9.' },
    });
    const user = userEvent.setup();
    renderPage();
    await heading();

    await user.click(screen.getByRole('button', { name: 'Edit lines' }));
    await user.click(screen.getByRole('button', { name: 'Save lines' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No active product FP-9 in colour C9.');
    expect(screen.getByRole('button', { name: 'Save lines' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Save lines' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit lines' })).toBeInTheDocument();
  });

  it('lets an admin save an edit past the credit check with a reason', async () => {
    const refusal = deskMessages.credit.editRefused("This order exceeds the retailer's available credit by ₹3,150.00.");
    const order = adminOrder({ status: 'Confirmed' });
    const fetchSpy = fakeDeskServer({ ...order, actions: { ...order.actions, confirm: false, editPastCredit: true } }, {
      'PUT /api/admin/orders/42/lines': { status: 409, message: refusal },
    });
    const user = userEvent.setup();
    renderPage();
    await heading();

    await user.click(screen.getByRole('button', { name: 'Edit lines' }));
    await user.click(screen.getByRole('button', { name: 'Save lines' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    const anyway = screen.getByRole('button', { name: 'Save anyway' });
    expect(anyway).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Reason to save past the credit check' }), 'Cheque received today');
    await user.click(anyway);
    await waitFor(() => expect(changesSent(fetchSpy)).toHaveLength(2));
    expect(changesSent(fetchSpy)[1]?.body).toMatchObject({ override: { reason: 'Cheque received today' } });
  });

  it('offers the warehouse no way past a credit refusal of an edit', async () => {
    const refusal = deskMessages.credit.editRefused('The retailer is on credit hold.');
    fakeDeskServer(adminOrder({ status: 'Confirmed' }), { 'PUT /api/admin/orders/42/lines': { status: 409, message: refusal } });
    const user = userEvent.setup();
    renderPage();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Edit lines' }));
    await user.click(screen.getByRole('button', { name: 'Save lines' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.queryByRole('button', { name: 'Save anyway' })).not.toBeInTheDocument();
  });

  it('makes the e-way bill number required above ₹50,000.00, not at exactly ₹50,000.00', async () => {
    const shipping = { confirm: false, override: false, hold: true, release: false, cancel: false, cancelLine: true, edit: false, editPastCredit: false, ship: true };
    const fetchSpy = fakeDeskServer(
      adminOrder({
        status: 'Confirmed',
        actions: shipping,
        shipments: [adminShipment({ id: 501, shipmentNo: 1, value: 50000 }), adminShipment({ id: 502, shipmentNo: 2, value: 50000.01 })],
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await heading();

    const atThreshold = screen.getByRole('article', { name: 'Shipment 1' });
    await user.click(within(atThreshold).getByRole('button', { name: 'Dispatch' }));
    let dialog = await screen.findByRole('dialog', { name: 'Dispatch shipment 1' });
    expect(within(dialog).getByRole('textbox', { name: /E-way bill number/ })).not.toBeRequired();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const above = screen.getByRole('article', { name: 'Shipment 2' });
    await user.click(within(above).getByRole('button', { name: 'Dispatch' }));
    dialog = await screen.findByRole('dialog', { name: 'Dispatch shipment 2' });
    const eway = within(dialog).getByRole('textbox', { name: /E-way bill number/ });
    expect(eway).toBeRequired();
    expect(within(dialog).getByLabelText(/Dispatch date/)).toHaveValue(new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10));
    await user.type(within(dialog).getByRole('textbox', { name: /Transporter/ }), 'Blue Dart');
    await user.type(within(dialog).getByRole('textbox', { name: /Docket/ }), 'AWB123');
    await user.click(within(dialog).getByRole('button', { name: 'Dispatch' }));
    expect(await within(dialog).findByText(/an e-way bill number is required/)).toBeInTheDocument();
    expect(changesSent(fetchSpy)).toEqual([]);

    await user.type(eway, '123456789012');
    await user.click(within(dialog).getByRole('button', { name: 'Dispatch' }));
    await waitFor(() => expect(changesSent(fetchSpy)).toHaveLength(1));
    expect(changesSent(fetchSpy)[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/shipments/502/dispatch',
      body: { transporter: 'Blue Dart', docketNo: 'AWB123', vehicleNo: null, ewayBillNo: '123456789012' },
    });
  });

  it('creates a shipment with each line’s open quantity prefilled', async () => {
    const second = adminLine({ id: 102, productCode: 'FP-2002', productName: 'Round Metal', colourName: 'Gold', colorVariant: 'C2', openQuantity: 4 });
    const fetchSpy = fakeDeskServer(
      adminOrder({
        status: 'Confirmed',
        lines: [adminLine(), second],
        actions: { confirm: false, override: false, hold: true, release: false, cancel: true, cancelLine: true, edit: true, editPastCredit: false, ship: true },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await heading();

    await user.click(screen.getByRole('button', { name: 'New shipment' }));
    const dialog = await screen.findByRole('dialog', { name: /New shipment/ });
    expect(within(dialog).getByRole('textbox', { name: 'Pieces of Aviator Classic, Black (C1) to ship' })).toHaveValue('10');
    const roundMetal = within(dialog).getByRole('textbox', { name: 'Pieces of Round Metal, Gold (C2) to ship' });
    expect(roundMetal).toHaveValue('4');
    await user.clear(roundMetal);
    await user.type(roundMetal, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create shipment' }));
    await waitFor(() => expect(changesSent(fetchSpy)).toHaveLength(1));
    expect(changesSent(fetchSpy)[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/orders/42/shipments',
      body: { lines: [{ orderLineId: 101, quantity: 10 }] },
    });
  });

  it('asks before unpacking a shipment', async () => {
    const fetchSpy = fakeDeskServer(
      adminOrder({
        status: 'Confirmed',
        actions: { confirm: false, override: false, hold: true, release: false, cancel: true, cancelLine: true, edit: false, editPastCredit: false, ship: true },
        shipments: [adminShipment()],
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Unpack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(changesSent(fetchSpy)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Unpack' }));
    await waitFor(() => expect(changesSent(fetchSpy)).toHaveLength(1));
    expect(changesSent(fetchSpy)[0]).toMatchObject({ method: 'POST', path: '/api/admin/shipments/501/unpack' });
  });

  it("links a dispatched shipment's packing slip and invoice, and its e-invoice for accounts only", async () => {
    const dispatched = adminShipment({
      status: 'Dispatched',
      transporter: 'Blue Dart',
      docketNo: 'AWB123',
      dispatchDate: '2026-11-21',
      invoice: { id: 900, invoiceNo: 'FP/26-27/00025', invoiceDate: '2026-11-21', amount: 9450, registration: null },
      dispatched: { by: { userId: 7, name: 'Ravi Kumar', role: 'warehouse' }, at: '2026-11-21T06:00:00Z' },
    });
    const order = adminOrder({ status: 'Dispatched', actions: { ...adminOrder().actions, confirm: false, edit: false, cancel: false, hold: false }, shipments: [dispatched] });
    const fetchSpy = fakeDeskServer(order);
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:invoice') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    const user = userEvent.setup();
    renderPage('42', 'Accounts');
    await heading();

    const card = screen.getByRole('article', { name: 'Shipment 1' });
    expect(within(card).getByText('Dispatched: Ravi Kumar (warehouse), 21 Nov 2026, 11:30 am')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Packing slip of shipment 1 (PDF)' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'E-invoice of FP/26-27/00025 (JSON)' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Deliver' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Invoice FP/26-27/00025 (PDF)' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const call = fetchSpy.mock.calls.find(([input]) => String(input) === '/api/admin/invoices/900/document');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer token-abc');
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('says when a shipment’s invoice took another GST rate than the order line (GST changed before the invoice date)', async () => {
    const dispatched = adminShipment({
      status: 'Dispatched',
      lines: [{ orderLineId: 101, quantity: 10, gstRate: 12 }],
      value: 10080,
      invoice: { id: 900, invoiceNo: 'FP/26-27/00025', invoiceDate: '2026-12-02', amount: 10080, registration: null },
    });
    const packed = adminShipment({ id: 502, shipmentNo: 2, lines: [{ orderLineId: 102, quantity: 4, gstRate: 5 }], value: 4200 });
    const order = adminOrder({
      status: 'Partially dispatched',
      lines: [adminLine(), adminLine({ id: 102, productCode: 'FP-1002', quantity: 4 })],
      shipments: [dispatched, packed],
    });
    fakeDeskServer(order);
    renderPage('42', 'Accounts');
    await heading();
    const first = screen.getByRole('article', { name: 'Shipment 1' });
    expect(within(first).getByText('GST 12 % at invoice date (ordered at 5 %)')).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Shipment 2' });
    expect(within(second).queryByText(/^GST \d+ % /)).not.toBeInTheDocument();
  });

  it("records an invoice's IRN for accounts (checked first, sent once with an Idempotency-Key), then shows it", async () => {
    const invoice = { id: 900, invoiceNo: 'FP/26-27/00025', invoiceDate: '2026-11-21', amount: 9450, registration: null };
    const before = adminOrder({ status: 'Dispatched', shipments: [adminShipment({ status: 'Dispatched', invoice })] });
    const registration = { irn: 'a'.repeat(64), ackNo: '112610012345678', ackDate: '2026-11-21T09:05:00.000Z' };
    const after = adminOrder({ status: 'Dispatched', shipments: [adminShipment({ status: 'Dispatched', invoice: { ...invoice, registration } })] });
    let recorded = false;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if ((init?.method ?? 'GET') === 'PUT' && path === '/api/admin/invoices/900/irn') {
        recorded = true;
        return jsonResponse({ Status: 0, Error: null, Data: { invoiceId: 900, invoiceNo: invoice.invoiceNo, ...registration, signedQrCode: 'signed.qr' } });
      }
      if (path !== '/api/admin/orders/42') return jsonResponse({ Status: 1, Error: { Message: 'Not found.' }, Data: null }, 404);
      return jsonResponse({ Status: 0, Error: null, Data: recorded ? after : before });
    });
    const user = userEvent.setup();
    renderPage('42', 'Accounts');
    await heading();
    const card = screen.getByRole('article', { name: 'Shipment 1' });
    await user.click(within(card).getByRole('button', { name: 'Record the IRN of invoice FP/26-27/00025' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-invoice registration of FP/26-27/00025' });
    await user.type(within(dialog).getByLabelText(/^IRN/), 'not-an-irn');
    await user.click(within(dialog).getByRole('button', { name: 'Record IRN' }));
    expect(within(dialog).getByText('An IRN is 64 hexadecimal characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please paste the signed QR code.')).toBeInTheDocument();
    expect(changesSent(fetchSpy)).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/^IRN/));
    await user.type(within(dialog).getByLabelText(/^IRN/), 'A'.repeat(64));
    await user.type(within(dialog).getByLabelText(/^Ack No\./), '112610012345678');
    await user.type(within(dialog).getByLabelText(/^Ack Date/), '2026-11-21 14:35:00');
    await user.type(within(dialog).getByLabelText(/^Signed QR code/), 'signed.qr');
    await user.click(within(dialog).getByRole('button', { name: 'Record IRN' }));
    await waitFor(() => expect(changesSent(fetchSpy)).toHaveLength(1));
    const [sent] = changesSent(fetchSpy);
    expect(sent).toMatchObject({
      method: 'PUT',
      path: '/api/admin/invoices/900/irn',
      body: { irn: 'A'.repeat(64), ackNo: '112610012345678', ackDate: '2026-11-21 14:35:00', signedQrCode: 'signed.qr' },
    });
    expect(sent!.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const updated = screen.getByRole('article', { name: 'Shipment 1' });
    expect(await within(updated).findByText('a'.repeat(64))).toBeInTheDocument();
    expect(within(updated).getByText('112610012345678')).toBeInTheDocument();
    expect(within(updated).getByText('21 Nov 2026, 02:35 pm')).toBeInTheDocument();
    expect(within(updated).queryByRole('button', { name: /Record the IRN/ })).not.toBeInTheDocument();
  });

  it('shows no e-invoice download to the warehouse', async () => {
    const dispatched = adminShipment({ status: 'Dispatched', invoice: { id: 900, invoiceNo: 'FP/26-27/00025', invoiceDate: '2026-11-21', amount: 9450, registration: null } });
    fakeDeskServer(adminOrder({ status: 'Dispatched', shipments: [dispatched] }));
    renderPage('42', 'Warehouse');
    await heading();
    const card = screen.getByRole('article', { name: 'Shipment 1' });
    expect(within(card).getByRole('button', { name: 'Invoice FP/26-27/00025 (PDF)' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /E-invoice/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Record the IRN/ })).not.toBeInTheDocument();
  });

  it('says Order not found for an unknown order', async () => {
    fakeDeskServer(null);
    renderPage('77');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the order queue' })).toHaveAttribute('href', '/admin/orders');
  });

  it('shows a failed load with Retry, which asks again', async () => {
    const fetchSpy = fakeDeskServer(adminOrder(), { 'GET /api/admin/orders/42': { status: 500, message: 'Something went wrong. Please try again.' } });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('The order could not be loaded')).toBeInTheDocument();
    const before = fetchSpy.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fetchSpy.mock.calls.length).toBe(before + 1));
  });
});
