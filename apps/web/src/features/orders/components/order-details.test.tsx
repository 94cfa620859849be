import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORDER_STATUSES } from '@frameport/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { fakeOrdersServer, orderDetails, orderLine, orderSummary } from '../../../testing/order-fixtures.ts';
import { TestProviders } from '../../../testing/render-app.tsx';
import { signIn } from '../../../testing/signed-in-fixtures.ts';
import { statusColor } from '../order-display.ts';
import { MyOrders } from './my-orders.tsx';
import { OrderDetails } from './order-details.tsx';

function renderWith(node: React.ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(<TestProviders queryClient={queryClient}>{node}</TestProviders>);
}

const orderAgain = vi.fn();

/** An order part-shipped: C1 5 ordered, 3 dispatched and delivered, 2 to come on 5 Dec; C2 3 ordered, 1 cancelled. */
const partShipped = orderDetails({
  OrderStatus: 'Partially dispatched',
  lines: [
    orderLine({ ProductQty: 5, DispatchedQty: 3, BackorderedQty: 2, CancelledQty: 0, ExpectedDate: '2026-12-05' }),
    orderLine({ ProductName: 'Kaveri Round', ColorName: 'Tortoise', ColorVariant: 'C2', ProductQty: 3, DispatchedQty: 0, BackorderedQty: 2, CancelledQty: 1 }),
  ],
  Timeline: [
    { Status: 'Placed', At: '2026-11-18T04:30:00.000Z', Note: null },
    { Status: 'On hold', At: '2026-11-18T06:00:00.000Z', Note: 'On hold: please contact us about your account.' },
    { Status: 'Confirmed', At: '2026-11-19T05:15:00.000Z', Note: 'Hold released.' },
    { Status: 'Partially dispatched', At: '2026-11-20T09:45:00.000Z', Note: 'Shipment 1 dispatched: Blue Dart, docket BD123456' },
  ],
  Shipments: [
    {
      ShipmentNo: 1,
      Status: 'Delivered',
      Transporter: 'Blue Dart',
      DocketNo: 'BD123456',
      DispatchDate: '2026-11-20',
      DeliveredOn: '2026-11-21',
      Lines: [{ ProductCode: 'VXAV1023', ColorVariant: 'C1', Qty: 3, GSTRate: 5, OrderedGSTRate: 5 }],
      InvoiceID: 77,
      InvoiceNo: 'FP/26-27/00012',
      DocumentURL: '/backoffice/LensMaster/InvoiceDocument/77',
    },
  ],
});

const objectUrlApi = {
  createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
  revokeObjectURL: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
};

beforeEach(() => signIn());
afterEach(() => {
  for (const [name, descriptor] of Object.entries(objectUrlApi)) {
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else Reflect.deleteProperty(URL, name);
  }
  vi.restoreAllMocks();
});

describe('order status badges', () => {
  it('gives every status its own AA colour with the status written on it', async () => {
    const colours = ORDER_STATUSES.map(statusColor);
    expect(new Set(colours).size).toBe(ORDER_STATUSES.length);
    expect(colours).not.toContain('gray.8');
    expect(statusColor('On hold')).toBe('#8a4b00');
    expect(statusColor('Partially dispatched')).toBe('teal.9');

    fakeOrdersServer({ orders: ORDER_STATUSES.map((status, index) => orderSummary(index + 1, { OrderStatus: status })) });
    renderWith(<MyOrders email={null} onOrderAgain={orderAgain} />);
    const table = await screen.findByRole('table', { name: 'My orders' });
    ORDER_STATUSES.forEach((status, index) => {
      const row = within(table).getByRole('row', { name: `Order ${orderSummary(index + 1).OrderRefNo}` });
      expect(within(row).getByText(status)).toBeInTheDocument();
    });
  });
});

describe('OrderDetails: where the order is', () => {
  it('shows per line ordered, dispatched, backordered with the expected date, and cancelled', async () => {
    fakeOrdersServer({ orders: [], details: partShipped });
    renderWith(<OrderDetails email={null} orderId={101} onOrderAgain={orderAgain} />);

    const c1 = await screen.findByRole('row', { name: 'Vistara Aviator Classic, Black (C1)' });
    expect(within(c1).getByText('5')).toBeInTheDocument();
    expect(within(c1).getByText('3 dispatched')).toBeInTheDocument();
    expect(within(c1).getByText('2 backordered, expected 05 Dec 2026')).toBeInTheDocument();
    const c2 = screen.getByRole('row', { name: 'Kaveri Round, Tortoise (C2)' });
    expect(within(c2).getByText('2 backordered')).toBeInTheDocument();
    expect(within(c2).getByText('1 cancelled')).toBeInTheDocument();
    expect(within(c2).queryByText(/dispatched/)).not.toBeInTheDocument();
    expect(screen.getAllByText('Partially dispatched')[0]).toBeInTheDocument();
  });

  it('says "to dispatch" before anything has left, and shows no shipments', async () => {
    fakeOrdersServer({ orders: [], details: orderDetails({ OrderStatus: 'Confirmed' }) });
    renderWith(<OrderDetails email={null} orderId={101} onOrderAgain={orderAgain} />);
    const line = await screen.findByRole('row', { name: 'Vistara Aviator Classic, Black (C1)' });
    expect(within(line).getByText('2 to dispatch')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shipments' })).not.toBeInTheDocument();
  });

  it('lists the timeline oldest first with India date and time and each note', async () => {
    fakeOrdersServer({ orders: [], details: partShipped });
    renderWith(<OrderDetails email={null} orderId={101} onOrderAgain={orderAgain} />);

    const timeline = await screen.findByRole('list', { name: 'Order timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Placed18 Nov 2026, 10:00 am',
      'On hold18 Nov 2026, 11:30 am' + 'On hold: please contact us about your account.',
      'Confirmed19 Nov 2026, 10:45 am' + 'Hold released.',
      'Partially dispatched20 Nov 2026, 3:15 pm' + 'Shipment 1 dispatched: Blue Dart, docket BD123456',
    ]);
    expect(within(steps[1]!).getByText('On hold')).toBeInTheDocument();
    expect(within(steps[0]!).getByText('18 Nov 2026, 10:00 am')).toHaveAttribute('datetime', '2026-11-18T04:30:00.000Z');
  });

  it('says which lines a shipment’s invoice taxed at the GST rate of its date rather than the order’s', async () => {
    const changed = {
      ...partShipped,
      Shipments: partShipped.Shipments.map((shipment) => ({
        ...shipment,
        Lines: [{ ProductCode: 'VXAV1023', ColorVariant: 'C1', Qty: 3, GSTRate: 12, OrderedGSTRate: 5 }],
      })),
    };
    fakeOrdersServer({ orders: [], details: changed });
    renderWith(<OrderDetails email={null} orderId={101} onOrderAgain={orderAgain} />);
    const shipments = await screen.findByRole('region', { name: 'Shipments' });
    const one = within(shipments).getByRole('listitem', { name: 'Shipment 1' });
    expect(within(one).getByText('GST at the invoice date: VXAV1023 C1 12 % (ordered at 5 %). The invoice is what is billed.')).toBeInTheDocument();
  });

  it('shows each shipment with transporter, docket, dates and its invoice PDF, fetched with the token', async () => {
    const fetchSpy = fakeOrdersServer({ orders: [], details: partShipped });
    const saved: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:invoice-77') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const user = userEvent.setup();
    renderWith(<OrderDetails email={null} orderId={101} onOrderAgain={orderAgain} />);

    const shipments = await screen.findByRole('region', { name: 'Shipments' });
    const one = within(shipments).getByRole('listitem', { name: 'Shipment 1' });
    // The status badge and the delivery date's label.
    expect(within(one).getAllByText('Delivered')).toHaveLength(2);
    expect(within(one).getByText('Transporter').nextSibling).toHaveTextContent('Blue Dart');
    expect(within(one).getByText('Docket no.').nextSibling).toHaveTextContent('BD123456');
    expect(within(one).getByText('Dispatched').nextSibling).toHaveTextContent('20 Nov 2026');
    expect(within(one).getByText('Delivered', { selector: 'dt' }).nextSibling).toHaveTextContent('21 Nov 2026');
    expect(within(one).getByText('VXAV1023 C1 × 3')).toBeInTheDocument();

    // The PDF answers with a blob; the fake server answers it as a 404 envelope unless told otherwise.
    fetchSpy.mockImplementationOnce(async () => new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    await user.click(within(one).getByRole('button', { name: 'Download invoice FP/26-27/00012 (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['FP-26-27-00012.pdf blob:invoice-77']));
    const [input, init] = fetchSpy.mock.calls.at(-1) ?? [];
    expect(String(input)).toBe('/backoffice/LensMaster/InvoiceDocument/77');
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer /);

    await user.click(within(one).getByRole('button', { name: 'Download invoice FP/26-27/00012 (PDF)' }));
    expect(await screen.findByText('Invoice FP/26-27/00012 could not be downloaded')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });
});
