import { messages } from '@frameport/domain/messages';
import { emailChangeMessages } from '@frameport/domain/messages/email-change';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, CURRENT_PASSWORD, fakeAccountServer, NEW_EMAIL } from '../../testing/account-fixtures.ts';
import { EMAIL_READ_ONLY_NOTE } from '../../features/account/components/profile-details.tsx';
import { setActingRetailer } from '../../lib/acting-store.ts';
import { bodiesOf } from '../../testing/cart-fixtures.ts';
import {
  fakeOrdersServer as fakeOrderCalls,
  orderDetails,
  orderLine,
  orderSummary,
  type FakeOrders,
} from '../../testing/order-fixtures.ts';
import { fakeInvoiceServer, invoiceNo } from '../../testing/invoice-fixtures.ts';
import { userProfile } from '../../testing/fixtures.ts';
import { rememberPlacedOrder } from '../../features/orders/components/order-placed-modal.tsx';
import { renderApp } from '../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../testing/signed-in-fixtures.ts';

beforeEach(() => {
  stubBrowserApis();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The order calls plus the account calls (the profile tells the tabs who is signed in). */
function fakeOrdersServer(orders: FakeOrders) {
  return fakeAccountServer({}, fakeOrderCalls(orders));
}

const manyOrders = (count: number) => Array.from({ length: count }, (_, index) => orderSummary(index + 1));

function myOrdersCalls(fetchSpy: ReturnType<typeof fakeOrdersServer>): string[] {
  return fetchSpy.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/api/Order/getMyOrders'));
}

async function openOrder(refNo: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `View order ${refNo}` }));
  const drawer = await screen.findByRole('dialog', { name: `Order ${refNo}` });
  await within(drawer).findByRole('table', { name: `Lines of order ${refNo}` });
  return { user, drawer };
}

describe('/profile My Orders', () => {
  it('lists the first 10 orders and Load More asks for 10 more', async () => {
    const fetchSpy = fakeOrdersServer({ orders: manyOrders(13) });
    signIn();
    const user = userEvent.setup();
    renderApp('/profile?order=true');

    // The first render of the file loads the route's chunk: slow on a busy machine.
    expect(await screen.findByRole('tab', { name: 'My Orders', selected: true }, { timeout: 5000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'My orders' });
    const first = within(table).getByRole('row', { name: 'Order FP-000101' });
    expect(within(first).getByText('05 Mar 2026')).toBeInTheDocument();
    expect(within(first).getByText('Placed')).toBeInTheDocument();
    expect(within(first).getByText('₹2,100.00')).toBeInTheDocument();
    expect(within(table).getAllByRole('row', { name: /^Order FP-/ })).toHaveLength(10);
    expect(myOrdersCalls(fetchSpy).at(-1)).toContain('pageNumber=1&pageSize=10');

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(table).getAllByRole('row', { name: /^Order FP-/ })).toHaveLength(13));
    expect(myOrdersCalls(fetchSpy).at(-1)).toContain('pageNumber=1&pageSize=20');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('says so when there are no orders, also on /my-orders', async () => {
    fakeOrdersServer({ orders: [] });
    signIn();
    renderApp('/my-orders');

    expect(await screen.findByRole('tab', { name: 'My Orders', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('You have not placed any orders yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('shows CGST and SGST in the order totals when there is no IGST', async () => {
    fakeOrdersServer({ orders: manyOrders(1), details: orderDetails({ Note: 'Deliver before Diwali' }) });
    signIn();
    renderApp('/profile?order=true');
    const { drawer } = await openOrder('FP-000101');

    const totals = within(drawer).getByRole('region', { name: 'Order totals' });
    expect(within(totals).getByText('Subtotal (excl. GST)').nextSibling).toHaveTextContent('₹2,000.00');
    expect(within(totals).getByText('CGST').nextSibling).toHaveTextContent('₹50.00');
    expect(within(totals).getByText('SGST').nextSibling).toHaveTextContent('₹50.00');
    expect(within(totals).queryByText('IGST')).not.toBeInTheDocument();
    expect(within(totals).getByText('Order total (incl. GST)').nextSibling).toHaveTextContent('₹2,100.00');
    expect(within(drawer).getByText('Deliver before Diwali')).toBeInTheDocument();
    const line = within(drawer).getByRole('row', { name: 'Vistara Aviator Classic, Black (C1)' });
    expect(within(line).getByText('54-18-140')).toBeInTheDocument();
  });

  it('shows IGST alone when it is above 0', async () => {
    fakeOrdersServer({
      orders: manyOrders(1),
      details: orderDetails({
        lines: [orderLine({ IGSTValue: 100, CGSTValue: 0, SGSTValue: 0, IGSTRate: 5, CGSTRate: 0, SGSTRate: 0 })],
        TotalIGSTValue: 100,
        TotalCGSTValue: 0,
        TotalSGSTValue: 0,
      }),
    });
    signIn();
    renderApp('/profile?order=true');
    const { drawer } = await openOrder('FP-000101');

    const totals = within(drawer).getByRole('region', { name: 'Order totals' });
    expect(within(totals).getByText('IGST').nextSibling).toHaveTextContent('₹100.00');
    expect(within(totals).queryByText('CGST')).not.toBeInTheDocument();
    expect(within(totals).queryByText('SGST')).not.toBeInTheDocument();
  });

  it('orders again in one call with the quantities as ordered and reports the skipped lines', async () => {
    const fetchSpy = fakeOrdersServer({
      orders: manyOrders(1),
      details: orderDetails({
        lines: [
          orderLine(),
          orderLine({ ProductID: 2, ProductName: 'Kaveri Round', ColorName: 'Tortoise', ColorVariant: 'C2', ProductQty: 5 }),
          orderLine({ ProductID: 3, ProductName: 'Free Case', ColorVariant: 'C1', ProductQty: 1, IsFree: true }),
        ],
      }),
      skipped: [{ ProductId: 2, ColorVariant: 'C2', Message: 'Only 3 left in stock' }],
    });
    signIn();
    renderApp('/profile?order=true');
    const { user, drawer } = await openOrder('FP-000101');

    await user.click(within(drawer).getByRole('button', { name: 'Order again' }));

    await waitFor(() =>
      expect(bodiesOf(fetchSpy, '/api/Product/addItemsToCart')).toEqual([
        {
          Products: [
            { ProductId: 1, ColorVariant: 'C1', Quantity: 2 },
            { ProductId: 2, ColorVariant: 'C2', Quantity: 5 },
          ],
          Email: null,
        },
      ]),
    );
    expect(await within(drawer).findByText('Some items were not added')).toBeInTheDocument();
    expect(within(drawer).getByText('Kaveri Round, Tortoise (C2): Only 3 left in stock')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Go to purchase order' })).toHaveAttribute('href', '/purchase-order');
  });

  it('shows the order-placed dialog once, right after the order it names was placed in this tab; OK removes the flag', async () => {
    fakeOrdersServer({ orders: manyOrders(1) });
    signIn();
    const user = userEvent.setup();
    rememberPlacedOrder('FP/2026-27/000101');
    const arrival = { pathname: '/profile', search: '?order=true&success=true', state: { orderRefNo: 'FP/2026-27/000101' } };
    const first = renderApp(arrival);

    const dialog = await screen.findByRole('dialog', { name: 'Order Placed Successfully' });
    expect(within(dialog).getByText('You can track status of your orders at any time in my order section.')).toBeInTheDocument();
    expect(within(dialog).getByText('FP/2026-27/000101')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(first.router.state.location.search).toBe('?order=true'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order Placed Successfully' })).not.toBeInTheDocument());
    expect(first.router.state.location.pathname).toBe('/profile');
    first.unmount();

    // The same entry again (a reload or Back keeps its state): the dialog was shown, it stays closed.
    renderApp(arrival);
    expect(await screen.findByRole('tab', { name: 'My Orders', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'Order FP-000101' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Order Placed Successfully' })).not.toBeInTheDocument();
  });

  it('shows no order-placed dialog for ?success=true alone (a bookmark), nor for an order not placed in this tab', async () => {
    fakeOrdersServer({ orders: manyOrders(1) });
    signIn();
    const bookmark = renderApp('/profile?order=true&success=true');
    expect(await screen.findByRole('row', { name: 'Order FP-000101' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Order Placed Successfully' })).not.toBeInTheDocument();
    bookmark.unmount();

    rememberPlacedOrder('FP/2026-27/000102');
    renderApp({ pathname: '/profile', search: '?order=true&success=true', state: { orderRefNo: 'FP/2026-27/000099' } });
    expect(await screen.findByRole('row', { name: 'Order FP-000101' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Order Placed Successfully' })).not.toBeInTheDocument();
  });
});

const salesExecutive = userProfile({
  UserId: 2,
  RetailerID: null,
  UserName: 'sales@frameport.test',
  Name: 'Suresh Naidu',
  Email: 'sales@frameport.test',
  BusinessName: null,
  RoleID: 3,
  RoleName: 'Sales Executive',
});

function tabNames(): string[] {
  return screen.getAllByRole('tab').map((tab) => tab.textContent ?? '');
}

describe('/profile tabs', () => {
  it('opens My Profile without a flag and offers a retailer every tab but Switch User', async () => {
    fakeAccountServer();
    signIn();
    renderApp('/profile');

    expect(await screen.findByRole('tab', { name: 'My Profile', selected: true })).toBeInTheDocument();
    expect(tabNames()).toEqual(['My Profile', 'My Orders', 'Change Password', 'My Invoices']);
    expect(await screen.findByRole('heading', { name: 'Contact details' })).toBeInTheDocument();
  });

  it('selects Change Password by its flag, and a tab click rewrites the flags', async () => {
    fakeAccountServer({}, fakeOrderCalls({ orders: [] }));
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/profile?change-password=true');

    expect(await screen.findByRole('tab', { name: 'Change Password', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'My Orders' }));
    await waitFor(() => expect(router.state.location.search).toBe('?order=true'));
    await user.click(screen.getByRole('tab', { name: 'My Profile' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('tab', { name: 'My Profile', selected: true })).toBeInTheDocument();
  });

  it('leaves /my-orders for /profile when another tab is chosen', async () => {
    fakeAccountServer({}, fakeOrderCalls({ orders: [] }));
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/my-orders');

    await user.click(await screen.findByRole('tab', { name: 'Change Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.search).toBe('?change-password=true');
    expect(await screen.findByRole('tab', { name: 'Change Password', selected: true })).toBeInTheDocument();
  });

  it('falls back to My Profile for a retailer asking for Switch User', async () => {
    fakeAccountServer();
    signIn();
    renderApp('/profile?switch-user=true');

    expect(await screen.findByRole('tab', { name: 'My Profile', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Switch User' })).not.toBeInTheDocument();
  });

  it('gives a sales executive Switch User and hides My Orders until a retailer is chosen', async () => {
    fakeAccountServer({ profiles: { '': salesExecutive } });
    signIn();
    renderApp('/profile?order=true');

    expect(await screen.findByRole('tab', { name: 'My Profile', selected: true })).toBeInTheDocument();
    expect(tabNames()).toEqual(['My Profile', 'Change Password', 'Switch User']);
  });

  it('hides My Invoices from a sales executive until a retailer is chosen: the flag falls back to My Profile', async () => {
    const fetchSpy = fakeInvoiceServer({ account: { profiles: { '': salesExecutive } } });
    signIn();
    renderApp('/profile?my-invoices=true');

    expect(await screen.findByRole('tab', { name: 'My Profile', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'My Invoices' })).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, '/backoffice/LensMaster/LensInvoiceReport')).toEqual([]);
  });

  it('shows the chosen retailer’s profile and orders to a sales executive acting for them', async () => {
    const retailer = userProfile({ Name: 'Lakshmi Rao', BusinessName: 'Nayana Eye Care', Email: 'retailer.blr@frameport.test' });
    const fetchSpy = fakeAccountServer(
      { profiles: { '': salesExecutive, 'retailer.blr@frameport.test': retailer } },
      fakeOrderCalls({ orders: manyOrders(1) }),
    );
    signIn();
    setActingRetailer({ id: 2, email: 'retailer.blr@frameport.test', businessName: 'Nayana Eye Care' });
    const user = userEvent.setup();
    renderApp('/profile');

    expect(await screen.findByRole('heading', { level: 2, name: 'Lakshmi Rao' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['My Profile', 'My Orders', 'Change Password', 'My Invoices', 'Switch User']);

    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    // The retailer's sign-in email is theirs to change: read-only here, and the server refuses it.
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByText(messages.profile.emailOnBehalf)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sign-in email' })).not.toBeInTheDocument();
    const alternate = screen.getByLabelText('Alternate phone');
    await user.type(alternate, '9123456780');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchSpy, '/api/Account/updateUserProfile')).toEqual([
        {
          name: 'Lakshmi Rao',
          phoneNumber: '9876543210',
          alternatePhoneNumber: '9123456780',
          email: 'retailer.blr@frameport.test',
          Email: 'retailer.blr@frameport.test',
        },
      ]),
    );

    await user.click(screen.getByRole('tab', { name: 'My Orders' }));
    await screen.findByRole('table', { name: 'My orders' });
    expect(myOrdersCalls(fetchSpy).at(-1)).toContain('email=retailer.blr%40frameport.test');
  });
});

describe('/profile My Invoices', () => {
  it('opens by its flag with its own title, and a tab click sets the flag', async () => {
    fakeInvoiceServer();
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/profile?my-invoices=true');

    expect(await screen.findByRole('tab', { name: 'My Invoices', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'My invoices' });
    expect(within(table).getByRole('row', { name: `Invoice ${invoiceNo(3)}` })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My Invoices · Frameport'));

    await user.click(screen.getByRole('tab', { name: 'Change Password' }));
    await waitFor(() => expect(router.state.location.search).toBe('?change-password=true'));
    await user.click(screen.getByRole('tab', { name: 'My Invoices' }));
    await waitFor(() => expect(router.state.location.search).toBe('?my-invoices=true'));
  });

  it('shows a sales executive the invoices of the retailer they act for', async () => {
    const retailer = userProfile({ RetailerID: 11, BusinessName: 'Nayana Eye Care', Email: 'retailer.blr@frameport.test' });
    const fetchSpy = fakeInvoiceServer({ account: { profiles: { '': salesExecutive, 'retailer.blr@frameport.test': retailer } } });
    signIn();
    setActingRetailer({ id: 11, email: 'retailer.blr@frameport.test', businessName: 'Nayana Eye Care' });
    renderApp('/profile?my-invoices=true');

    await screen.findByRole('table', { name: 'My invoices' });
    expect(bodiesSentTo(fetchSpy, '/backoffice/LensMaster/LensInvoiceReport')).toEqual([
      expect.objectContaining({ RetailerID: 11 }),
    ]);
  });
});

describe('/profile My Profile', () => {
  async function openEdit() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await screen.findByRole('form', { name: 'Edit contact details' });
    return user;
  }

  it('shows the profile read-only with a placeholder picture', async () => {
    fakeAccountServer();
    signIn();
    renderApp('/profile');

    const business = await screen.findByRole('region', { name: 'Business details' });
    for (const [label, value] of [
      ['Business name', 'Verma Opticals'],
      ['Address', '12 MG Road'],
      ['City', 'Hyderabad'],
      ['State', 'Telangana'],
      ['Country', 'India'],
      ['PIN code', '500001'],
      ['PAN', 'ABCDE1234F'],
      ['GSTIN', '36ABCDE1234F1Z5'],
    ] as const) {
      expect(within(business).getByText(label).nextSibling).toHaveTextContent(value);
    }
    const contact = screen.getByRole('region', { name: 'Contact details' });
    expect(within(contact).getByText('Phone').nextSibling).toHaveTextContent('9876543210');
    expect(within(contact).getByText('Alternate phone').nextSibling).toHaveTextContent('Not set');
    expect(screen.getByRole('region', { name: 'Your ordering limits' })).toHaveTextContent('500 pcs');
    expect(screen.queryByRole('img', { name: 'Profile picture of Asha Verma' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says so when the profile cannot be loaded', async () => {
    const fetchSpy = fakeAccountServer({ profiles: { '': 'fail' } });
    signIn();
    renderApp('/profile');

    expect(await screen.findByText('Your profile could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My Profile', selected: true })).toBeInTheDocument();
    const profileCalls = () => fetchSpy.mock.calls.filter(([input]) => String(input).startsWith('/api/Account/getUserProfile')).length;
    const before = profileCalls();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(profileCalls()).toBe(before + 1));
    expect(await screen.findByText('Your profile could not be loaded')).toBeInTheDocument();
  });

  it('opens only the contact fields and enables Submit only after a valid change', async () => {
    const fetchSpy = fakeAccountServer();
    signIn();
    renderApp('/profile');
    const user = await openEdit();

    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('name'))).toEqual([
      'name',
      'email',
      'phoneNumber',
      'alternatePhoneNumber',
    ]);
    expect(screen.queryByRole('textbox', { name: /Business|PAN|GSTIN|Address/ })).not.toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();

    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '5876543210');
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(phone);
    await user.type(phone, '9876543211');
    await user.type(screen.getByLabelText('Alternate phone'), '98765 43211');
    expect(await screen.findByText('Please enter a different phone number')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(screen.getByLabelText('Contact person name'));
    expect(await screen.findByText('Please enter contact person’s name')).toBeInTheDocument();
    // The sign-in email changes only through Change email: read-only here, saying where to go.
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByText(EMAIL_READ_ONLY_NOTE)).toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, '/api/Account/updateUserProfile')).toEqual([]);
  });

  it('Change email asks for the new address and the password, then says where the link went; nothing changes yet', async () => {
    const fetchSpy = fakeAccountServer();
    signIn();
    const user = userEvent.setup();
    renderApp('/profile');

    const card = await screen.findByRole('region', { name: 'Sign-in email' });
    expect(within(card).getByText('asha@vermaopticals.in')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Change email' }));
    const form = within(card).getByRole('form', { name: 'Change email' });
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(form).findByText(messages.profile.emailInvalid)).toBeInTheDocument();
    expect(within(form).getByText(emailChangeMessages.passwordRequired)).toBeInTheDocument();

    await user.type(within(form).getByLabelText('New email'), NEW_EMAIL);
    await user.type(within(form).getByLabelText('Current password'), 'Wrong@123');
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(form).findByText(messages.password.wrongCurrent)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), CURRENT_PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await within(card).findByText(`We sent a confirmation link to ${NEW_EMAIL}. Your email changes when you open it.`),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('form', { name: 'Change email' })).not.toBeInTheDocument();
    expect(within(card).getByText('asha@vermaopticals.in')).toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, '/api/Account/ChangeEmail')).toEqual([
      { NewEmail: NEW_EMAIL, CurrentPassword: 'Wrong@123' },
      { NewEmail: NEW_EMAIL, CurrentPassword: CURRENT_PASSWORD },
    ]);
  });

  it('saves a valid change, says so and shows the new values', async () => {
    const fetchSpy = fakeAccountServer();
    signIn();
    renderApp('/profile');
    const user = await openEdit();

    await user.type(screen.getByLabelText('Alternate phone'), '+91 91234 56780');
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByText('Profile Updated Successfully')).toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, '/api/Account/updateUserProfile')).toEqual([
      { name: 'Asha Verma', phoneNumber: '9876543210', alternatePhoneNumber: '9123456780', email: 'asha@vermaopticals.in' },
    ]);
    const contact = await screen.findByRole('region', { name: 'Contact details' });
    expect(within(contact).getByText('Alternate phone').nextSibling).toHaveTextContent('9123456780');
    expect(screen.queryByRole('form', { name: 'Edit contact details' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal in the form', async () => {
    fakeAccountServer({ updateFailure: 'This email address is already in use.' });
    signIn();
    renderApp('/profile');
    const user = await openEdit();

    await user.type(screen.getByLabelText('Alternate phone'), '9123456780');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('This email address is already in use.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit contact details' })).toBeInTheDocument();
  });

  it('Cancel puts the values back', async () => {
    fakeAccountServer();
    signIn();
    renderApp('/profile');
    const user = await openEdit();

    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '9000000000');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const contact = await screen.findByRole('region', { name: 'Contact details' });
    expect(within(contact).getByText('Phone').nextSibling).toHaveTextContent('9876543210');

    await openEdit();
    expect(screen.getByLabelText('Phone')).toHaveValue('9876543210');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('refuses a picture of the wrong type or too large, and previews and sends a good one', async () => {
    const fetchSpy = fakeAccountServer();
    signIn();
    renderApp('/profile');
    await openEdit();
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Profile picture file');

    await user.upload(input, new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Please choose a PNG, JPEG or WebP picture.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();

    await user.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('The picture must be 2 MB or smaller.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();

    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    const preview = await screen.findByRole('img', { name: 'Profile picture of Asha Verma' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.queryByText('The picture must be 2 MB or smaller.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Profile Updated Successfully');
    const [body] = bodiesSentTo(fetchSpy, '/api/Account/updateUserProfile') as { profilePicture?: string }[];
    expect(body?.profilePicture).toBe(preview.getAttribute('src'));
  });
});

describe('/profile Change Password', () => {
  async function fill(current: string, next: string, repeat: string) {
    const user = userEvent.setup();
    if (current !== '') await user.type(await screen.findByLabelText('Current password'), current);
    await user.type(await screen.findByLabelText('New password'), next);
    await user.type(screen.getByLabelText('Repeat password'), repeat);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    return user;
  }

  it('asks for the current password and a matching strong new one, sending nothing', async () => {
    const fetchSpy = fakeAccountServer();
    signIn();
    renderApp('/profile?change-password=true');

    await fill('', 'Fresh@2026', 'Fresh@2027');

    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByText('New Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Password must have')).toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, '/api/Account/ChangePassword')).toEqual([]);
  });

  it('replaces the form with the success message', async () => {
    const fetchSpy = fakeAccountServer();
    signIn();
    renderApp('/profile?change-password=true');

    await fill(CURRENT_PASSWORD, 'Fresh@2026', 'Fresh@2026');

    expect(await screen.findByText('Your Password has been changed successfully')).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, '/api/Account/ChangePassword')).toEqual([
      { CurrentPassword: CURRENT_PASSWORD, NewPassword: 'Fresh@2026' },
    ]);
  });

  it('shows a wrong current password at that field', async () => {
    fakeAccountServer();
    signIn();
    renderApp('/profile?change-password=true');

    await fill('Wrong@123', 'Fresh@2026', 'Fresh@2026');

    expect(await screen.findByText('Please Enter Valid Current Password')).toBeInTheDocument();
    const current = screen.getByLabelText('Current password');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current.getAttribute('aria-describedby') ?? '').toContain(
      screen.getByText('Please Enter Valid Current Password').id,
    );
    expect(screen.queryByText('Your Password has been changed successfully')).not.toBeInTheDocument();
  });
});
