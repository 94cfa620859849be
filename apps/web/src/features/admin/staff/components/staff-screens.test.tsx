import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffMessages } from '@frameport/domain';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { retailerDetail } from '../../../../testing/retailer-fixtures.ts';
import { fakeDeskServer, sentTo } from '../../stock/stock-fixtures.ts';
import { salesExecutiveDetail, salesExecutiveRow, staffUserRow } from '../staff-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const page = <T,>(key: string, rows: T[]) => ({ [key]: rows, totalCount: rows.length, pageNumber: 1, pageSize: 50 });
const LOAD = { timeout: 15000 };

describe('the sales team', () => {
  it('lists sales executives with retailers, outstanding and last sign-in; adds one after checking the fields', async () => {
    const user = userEvent.setup();
    const created = salesExecutiveDetail({ id: 77, name: 'Meena Iyer', email: 'meena@frameport.test', retailers: [], retailerCount: 0, outstanding: 0 });
    const server = fakeDeskServer((url, init) => {
      if (url.pathname === '/api/admin/sales-executives' && init?.method === 'POST') {
        return { data: { message: staffMessages.created('Meena Iyer', 'meena@frameport.test'), salesExecutive: created } };
      }
      if (url.pathname === '/api/admin/sales-executives') return { data: page('salesExecutives', [salesExecutiveRow(), salesExecutiveRow({ id: 10, name: 'Old Hand', active: false, retailerCount: 0, outstanding: 0, lastSignInAt: null })]) };
      if (url.pathname === '/api/admin/sales-executives/77') return { data: created };
      return undefined;
    });
    signIn();
    renderApp('/admin/sales-team');
    const table = await screen.findByRole('table', { name: 'Sales executives' }, LOAD);
    const ravi = within(table).getByRole('row', { name: /Ravi Kumar, 2 retailers, active/ });
    expect(ravi).toHaveTextContent('₹12,500.50');
    expect(within(table).getByRole('row', { name: /Old Hand/ })).toHaveTextContent('Never');
    expect(within(table).getByRole('row', { name: /Old Hand/ })).toHaveTextContent('Deactivated');

    await user.click(screen.getByRole('button', { name: 'Add sales executive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a sales executive' });
    expect(dialog).toHaveTextContent('No password is shown or sent.');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Meena Iyer');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'meena@frameport.test');
    await user.type(within(dialog).getByRole('textbox', { name: /Mobile number/ }), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Add sales executive' }));
    expect(await within(dialog).findByText(staffMessages.phone.invalid)).toBeInTheDocument();
    expect(sentTo(server, '/api/admin/sales-executives')).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: /Mobile number/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Mobile number/ }), '+91 98765 43210');
    await user.click(within(dialog).getByRole('button', { name: 'Add sales executive' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Meena Iyer' }, LOAD)).toBeInTheDocument();
    const [sent] = sentTo(server, '/api/admin/sales-executives');
    expect(sent!.body).toEqual({ name: 'Meena Iyer', email: 'meena@frameport.test', phone: '+91 98765 43210' });
    expect(sent!.key).toMatch(/^web-/);
  });

  it('shows the server’s refusal of a used email inside the dialog', async () => {
    const user = userEvent.setup();
    fakeDeskServer((url, init) => {
      if (url.pathname === '/api/admin/sales-executives' && init?.method === 'POST') return { status: 409, message: staffMessages.email.taken };
      if (url.pathname === '/api/admin/sales-executives') return { data: page('salesExecutives', []) };
      return undefined;
    });
    signIn();
    renderApp('/admin/sales-team');
    expect(await screen.findByText('No sales executives yet.', undefined, LOAD)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add sales executive' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add a sales executive' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Ravi Again');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'ravi@frameport.test');
    await user.type(within(dialog).getByRole('textbox', { name: /Mobile number/ }), '9000000009');
    await user.click(within(dialog).getByRole('button', { name: 'Add sales executive' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(staffMessages.email.taken);
  });

  it('moves the chosen retailers to another sales executive after asking', async () => {
    const user = userEvent.setup();
    const ravi = salesExecutiveDetail();
    const after = salesExecutiveDetail({ retailers: [ravi.retailers[1]!], retailerCount: 1 });
    let moved = false;
    const server = fakeDeskServer((url, init) => {
      if (url.pathname === '/api/admin/sales-executives/9/move-retailers' && init?.method === 'POST') {
        moved = true;
        return { data: { message: staffMessages.move.moved(1, 'Sunil Rao'), moved: 1, salesExecutive: after } };
      }
      if (url.pathname === '/api/admin/sales-executives/9') return { data: moved ? after : ravi };
      if (url.pathname === '/api/admin/sales-executives') {
        expect(url.searchParams.get('active')).toBe('true');
        return { data: page('salesExecutives', [salesExecutiveRow(), salesExecutiveRow({ id: 12, name: 'Sunil Rao', retailerCount: 4 })]) };
      }
      return undefined;
    });
    signIn();
    renderApp('/admin/sales-team/9');
    const table = await screen.findByRole('table', { name: 'Retailers of Ravi Kumar' }, LOAD);
    expect(within(table).getByText('Credit hold')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move to…' })).toBeDisabled();
    await user.click(within(table).getByRole('checkbox', { name: 'Choose Verma Opticals' }));
    expect(screen.getByText('1 chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 1 retailer' });
    expect(dialog).toHaveTextContent('Move Verma Opticals from Ravi Kumar to another sales executive?');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Choose the sales executive to move them to.')).toBeInTheDocument();
    const target = within(dialog).getByRole('combobox', { name: /Move to/ });
    await waitFor(() => expect(within(target).getByRole('option', { name: 'Sunil Rao (4 retailers)' })).toBeInTheDocument());
    // Ravi himself is not a target.
    expect(within(target).queryByRole('option', { name: /Ravi Kumar/ })).not.toBeInTheDocument();
    await user.selectOptions(target, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentTo(server, '/api/admin/sales-executives/9/move-retailers').map((call) => call.body)).toEqual([{ retailerIds: [41], toSalesExecutiveId: 12 }]);
    expect(within(screen.getByRole('table', { name: 'Retailers of Ravi Kumar' })).queryByText('Verma Opticals')).not.toBeInTheDocument();
  });

  it('asks before deactivating and shows why the server refuses while retailers are linked', async () => {
    const user = userEvent.setup();
    fakeDeskServer((url, init) => {
      if (url.pathname === '/api/admin/sales-executives/9/deactivate' && init?.method === 'POST') return { status: 409, message: staffMessages.moveRetailersFirst(2) };
      if (url.pathname === '/api/admin/sales-executives/9') return { data: salesExecutiveDetail() };
      return undefined;
    });
    signIn();
    renderApp('/admin/sales-team/9');
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Ravi Kumar?' });
    expect(dialog).toHaveTextContent('move them to another sales executive first');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Move its 2 retailers to another sales executive first');
  });

  it('tells other staff that the screen is for admins', async () => {
    const server = fakeDeskServer(() => undefined, 'Accounts');
    signIn();
    renderApp('/admin/sales-team');
    expect(await screen.findByText('Only an admin can see and change the sales team and staff users.', undefined, LOAD)).toBeInTheDocument();
    expect(sentTo(server, '/api/admin/sales-executives', 'GET')).toEqual([]);
  });
});

describe('staff users', () => {
  it('filters by role, adds a user with a role, and ends a user’s sessions after asking; no actions on oneself', async () => {
    const user = userEvent.setup();
    const me = staffUserRow({ id: 1, name: 'Admin User', email: 'asha@vermaopticals.in', role: 'admin' });
    const priya = staffUserRow();
    const locked = staffUserRow({ id: 22, name: 'Wasim Khan', email: 'wasim@frameport.test', role: 'warehouse', signInLocked: true, openSessions: 0 });
    const server = fakeDeskServer((url, init) => {
      if (url.pathname === '/api/admin/staff-users' && init?.method === 'POST') {
        return { data: { message: staffMessages.created('Nisha Rao', 'nisha@frameport.test'), user: staffUserRow({ id: 30, name: 'Nisha Rao' }) } };
      }
      if (url.pathname === '/api/admin/staff-users/21/end-sessions') {
        return { data: { message: staffMessages.sessionsEnded('Priya Nair', 2), sessionsEnded: 2, user: { ...priya, openSessions: 0 } } };
      }
      if (url.pathname === '/api/admin/staff-users') {
        const role = url.searchParams.get('role');
        return { data: page('users', [me, priya, locked].filter((row) => role === null || row.role === role)) };
      }
      return undefined;
    });
    signIn();
    const { router } = renderApp('/admin/staff');
    const table = await screen.findByRole('table', { name: 'Staff users' }, LOAD);
    const meRow = within(table).getByText('(you)').closest('tr')!;
    expect(within(meRow).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).getByText('Locked out')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Unlock Wasim Khan' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'warehouse');
    await waitFor(() => expect(router.state.location.search).toBe('?role=warehouse'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Staff users' })).queryByText('Priya Nair')).not.toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), '');
    await within(await screen.findByRole('table', { name: 'Staff users' })).findByText('Priya Nair');

    await user.click(screen.getByRole('button', { name: 'End sessions Priya Nair' }));
    const ask = await screen.findByRole('dialog', { name: 'End every session of Priya Nair?' });
    expect(ask).toHaveTextContent('2 open sessions');
    await user.click(within(ask).getByRole('button', { name: 'End sessions' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentTo(server, '/api/admin/staff-users/21/end-sessions')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Add staff user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a staff user' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Nisha Rao');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'nisha@frameport.test');
    await user.type(within(dialog).getByRole('textbox', { name: /Mobile number/ }), '9000000030');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Role/ }), 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Add staff user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentTo(server, '/api/admin/staff-users').map((call) => call.body)).toEqual([
      { name: 'Nisha Rao', email: 'nisha@frameport.test', phone: '9000000030', role: 'admin' },
    ]);
  });
});

describe('a retailer’s sales executives editor', () => {
  it('saves the chosen sales executives (none allowed) with PUT', async () => {
    const user = userEvent.setup();
    const retailer = retailerDetail();
    const server = fakeDeskServer((url, init) => {
      if (url.pathname === `/api/admin/retailers/${retailer.id}/sales-executives` && init?.method === 'PUT') {
        return { data: { message: staffMessages.links.saved(0), retailerId: retailer.id, salesExecutives: [] } };
      }
      if (url.pathname === `/api/admin/retailers/${retailer.id}`) return { data: retailer };
      if (url.pathname === '/api/admin/sales-executives') return { data: page('salesExecutives', [salesExecutiveRow(), salesExecutiveRow({ id: 12, name: 'Sunil Rao' })]) };
      return undefined;
    });
    signIn();
    renderApp(`/admin/retailers/${retailer.id}`);
    const editor = await screen.findByTestId('retailer-sales-executives-editor', undefined, LOAD);
    const save = within(editor).getByRole('button', { name: 'Save sales executives' });
    expect(save).toBeDisabled();
    expect(editor).toHaveTextContent('Ravi Kumar');
    await user.click(within(editor).getByRole('combobox', { name: /Sales executives of this retailer/ }));
    await user.keyboard('{Backspace}');
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(sentTo(server, `/api/admin/retailers/${retailer.id}/sales-executives`, 'PUT').map((call) => call.body)).toEqual([{ salesExecutiveIds: [] }]));
  });

  it('is not there for accounts staff', async () => {
    const retailer = retailerDetail({ actions: { edit: false, approve: false, reject: false, block: true, unblock: false } });
    fakeDeskServer((url) => (url.pathname === `/api/admin/retailers/${retailer.id}` ? { data: retailer } : undefined), 'Accounts');
    signIn();
    renderApp(`/admin/retailers/${retailer.id}`);
    await screen.findByRole('heading', { level: 1, name: retailer.businessName }, LOAD);
    expect(screen.queryByTestId('retailer-sales-executives-editor')).not.toBeInTheDocument();
  });
});
