import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { BLR, fakeActingServer, linkedRetailers, retailerItem, signInAsSales } from '../../../testing/acting-fixtures.ts';
import { getActingRetailer } from '../../../lib/acting-store.ts';
import { SwitchUserPanel } from './switch-user-panel.tsx';
import { TestProviders } from '../../../testing/render-app.tsx';

function renderPanel() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <TestProviders queryClient={queryClient}>
      <SwitchUserPanel />
    </TestProviders>,
  );
  return queryClient;
}

/** The previous choice's cart badge, as the cart keys it. */
const PREVIOUS_CART_COUNT = [...queryRoots.cart(null), 'count'];

describe('SwitchUserPanel', () => {
  it('lists Myself and the linked retailers with contact, email and place', async () => {
    fakeActingServer();
    signInAsSales();
    renderPanel();

    const list = await screen.findByRole('list', { name: 'Retailers' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Bengaluru Vision Hub')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Kiran Gowda')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('retailer.blr@frameport.test')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Bengaluru, Karnataka')).toBeInTheDocument();
    // Nobody chosen yet: Myself is the current choice.
    expect(screen.getByText('Myself').closest('[aria-current="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Search retailers' })).not.toBeInTheDocument();
  });

  it('asks first, then stores the retailer, says so in the spec words and drops the cached queries', async () => {
    fakeActingServer();
    signInAsSales();
    const user = userEvent.setup();
    const queryClient = renderPanel();
    // Something of the previous choice in the cache: it must not survive the switch.
    queryClient.setQueryData(PREVIOUS_CART_COUNT, { CartCount: 9, TotalQuantity: 9, CartTotalWithGST: 1 });

    await user.click(await screen.findByRole('button', { name: /Bengaluru Vision Hub/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Switch user' });
    expect(within(confirm).getByText('Are you sure you want to switch to Bengaluru Vision Hub?')).toBeInTheDocument();
    expect(getActingRetailer()).toBeNull();

    await user.click(within(confirm).getByRole('button', { name: 'Switch' }));

    expect(getActingRetailer()).toEqual(BLR);
    const done = await screen.findByRole('dialog', { name: 'Switch user' });
    expect(within(done).getByText('You have successfully swithced to Bengaluru Vision Hub')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(PREVIOUS_CART_COUNT)).toBeUndefined());

    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Bengaluru Vision Hub').closest('[aria-current="true"]')).not.toBeNull();
  });

  it('keeps the choice when the switch is cancelled', async () => {
    fakeActingServer();
    signInAsSales(BLR);
    const user = userEvent.setup();
    renderPanel();

    await user.click(await screen.findByRole('button', { name: /Verma Opticals/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(getActingRetailer()).toEqual(BLR);
  });

  it('goes back to Myself, clearing the acting retailer', async () => {
    fakeActingServer();
    signInAsSales(BLR);
    const user = userEvent.setup();
    renderPanel();

    await user.click(await screen.findByRole('button', { name: /Myself/ }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Are you sure you want to switch to Suresh Naidu?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Switch' }));

    expect(getActingRetailer()).toBeNull();
    expect(await screen.findByText('You have successfully swithced to Suresh Naidu')).toBeInTheDocument();
  });

  it('offers a search box for a long list and filters by name, email or city', async () => {
    const many = [
      ...linkedRetailers(),
      ...['Mumbai', 'Pune', 'Chennai', 'Delhi'].map((city, index) =>
        retailerItem({ Id: 20 + index, BusinessName: `${city} Optics`, Email: `r${index}@frameport.test`, City: city, StateName: null }),
      ),
    ];
    fakeActingServer({ retailers: many });
    signInAsSales();
    const user = userEvent.setup();
    renderPanel();

    await user.type(await screen.findByRole('textbox', { name: 'Search retailers' }), 'chennai');
    const rows = within(screen.getByRole('list', { name: 'Retailers' })).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Chennai Optics');

    await user.clear(screen.getByRole('textbox', { name: 'Search retailers' }));
    await user.type(screen.getByRole('textbox', { name: 'Search retailers' }), 'nowhere');
    expect(screen.getByRole('status')).toHaveTextContent('No retailers match “nowhere”.');
  });

  it('says so when no retailer is linked', async () => {
    fakeActingServer({ retailers: [] });
    signInAsSales();
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'No retailers linked' })).toBeInTheDocument();
  });

  it('offers Try again when the list cannot be loaded', async () => {
    const fetchSpy = fakeActingServer({ retailers: 'fail' });
    signInAsSales();
    const user = userEvent.setup();
    renderPanel();

    expect(await screen.findByText('Could not load your retailers')).toBeInTheDocument();
    const before = fetchSpy.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetchSpy.mock.calls.length).toBeGreaterThan(before));
  });
});
