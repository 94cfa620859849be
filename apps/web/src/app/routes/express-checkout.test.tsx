import type { Product } from '@frameport/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLR, fakeActingServer, requestsTo, signInAsSales } from '../../testing/acting-fixtures.ts';
import { colourVariant, product } from '../../testing/catalogue-fixtures.ts';
import { userProfile } from '../../testing/fixtures.ts';
import { jsonResponse, renderApp } from '../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../testing/signed-in-fixtures.ts';

const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });
const notFound = () => jsonResponse({ Status: 1, Error: { Message: 'Not found', StackTrace: null }, Data: null }, 404);

const aviator = product({
  productColor: [colourVariant(), colourVariant({ colorVariant: 'C2', productColorId: 102, frameColor: 'Gunmetal', availableStockQuantity: 3 })],
});

/** `fetch` answering getAll by modelName (case-insensitive contains) and addItemsToCart. */
function fakeExpressServer(products: Product[] = [aviator], skipped: unknown[] = []) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    switch (url.pathname) {
      case '/api/Account/getUserProfile':
        return ok(userProfile());
      case '/api/Product/getAll': {
        const model = new URLSearchParams(url.searchParams.get('search') ?? '').get('modelName')?.toLowerCase() ?? '';
        const value = products.filter((p) => p.modelName.toLowerCase().includes(model));
        return ok({ searchResults: { value, '@odata.count': value.length } });
      }
      case '/api/Product/addItemsToCart':
        return ok({ message: 'Items added to your order', skipped, CartCount: 1 });
      case '/api/Product/getCartItemsCount':
        return ok({ CartCount: 1, TotalQuantity: 1, CartTotalWithGST: 100 });
      default:
        return notFound();
    }
  });
}

function addBodies(fetchSpy: ReturnType<typeof fakeExpressServer>) {
  return fetchSpy.mock.calls
    .filter(([input]) => String(input).includes('/api/Product/addItemsToCart'))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

beforeEach(() => {
  stubBrowserApis();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openExpress() {
  const view = renderApp('/express-checkout');
  await screen.findByRole('heading', { level: 1, name: 'Express Checkout' }, { timeout: 5000 });
  // The form waits for the role: a sales executive may first have to choose a retailer.
  await screen.findByLabelText('Model number', { selector: 'input' });
  return view;
}

async function pickModel(user: ReturnType<typeof userEvent.setup>, typed: string, model: string, boxName = 'Model number') {
  const box = screen.getByLabelText(boxName, { selector: 'input' });
  await user.type(box, typed);
  await user.click(await screen.findByRole('option', { name: model }, { timeout: 3000 }));
}

describe('/express-checkout', () => {
  it('says so when no model matches', { timeout: 15000 }, async () => {
    fakeExpressServer();
    signIn();
    const user = userEvent.setup();
    await openExpress();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Express Checkout');

    await user.type(screen.getByLabelText('Model number', { selector: 'input' }), 'zz-none');
    expect(await screen.findByText('Invalid Model Number. Please enter a valid Model Number', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('refuses a model already listed', { timeout: 15000 }, async () => {
    fakeExpressServer();
    signIn();
    const user = userEvent.setup();
    await openExpress();

    await pickModel(user, 'vx-av', 'VX-AV-1023');
    expect(await screen.findByText('Vistara Aviator Classic')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add more' }));
    await pickModel(user, 'VX-AV', 'VX-AV-1023');
    expect(await screen.findByText('Product already added. Please add different product')).toBeInTheDocument();
  });

  it('enables Add to order only for a valid quantity and sends every non-zero line', { timeout: 15000 }, async () => {
    const fetchSpy = fakeExpressServer();
    signIn();
    const user = userEvent.setup();
    const { router } = await openExpress();

    await pickModel(user, 'vx-av', 'VX-AV-1023');
    const add = screen.getByRole('button', { name: 'Add to order' });
    expect(add).toBeDisabled();

    const gunmetal = await screen.findByRole('textbox', { name: 'Quantity of VX-AV-1023 Gunmetal (C2)' });
    await user.clear(gunmetal);
    await user.type(gunmetal, '5');
    expect(screen.getByText('Only 3 available in stock!')).toBeInTheDocument();
    expect(add).toBeDisabled();

    await user.clear(gunmetal);
    await user.type(gunmetal, '2');
    await user.click(screen.getByRole('button', { name: 'Increase quantity of vx-av-1023 black (c1)' }));
    expect(add).toBeEnabled();
    await user.click(add);

    await waitFor(() =>
      expect(addBodies(fetchSpy)).toEqual([
        {
          Products: [
            { ProductId: 1, ColorVariant: 'C1', Quantity: 1 },
            { ProductId: 1, ColorVariant: 'C2', Quantity: 2 },
          ],
          Email: null,
        },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase-order'));
  });

  it('asks before deleting a row', { timeout: 15000 }, async () => {
    fakeExpressServer();
    signIn();
    const user = userEvent.setup();
    await openExpress();
    await pickModel(user, 'vx-av', 'VX-AV-1023');

    await user.click(await screen.findByRole('button', { name: 'Delete VX-AV-1023 Vistara Aviator Classic' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Vistara Aviator Classic')).not.toBeInTheDocument());
  });

  it('checks CSV rows, reports the bad ones and adds the good ones in one call', { timeout: 15000 }, async () => {
    const fetchSpy = fakeExpressServer();
    signIn();
    const user = userEvent.setup();
    await openExpress();

    const csv = screen.getByRole('textbox', { name: 'CSV rows' });
    await user.click(csv);
    await user.paste('model number,colour variant,quantity\nvx-av-1023,c1,4\nVX-AV-1023,C9,1\nNOPE-1,C1,2\nVX-AV-1023,C2,7\nVX-AV-1023,C1,0');
    await user.click(screen.getByRole('button', { name: 'Check rows' }));

    const report = await screen.findByRole('list', { name: 'Rows that could not be added' });
    const items = within(report).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Line 3 (VX-AV-1023, C9, 1): Unknown colour variant for this model',
      'Line 4 (NOPE-1, C1, 2): Unknown model number',
      'Line 5 (VX-AV-1023, C2, 7): Only 3 available in stock!',
      'Line 6 (VX-AV-1023,C1,0): Quantity must be a whole number from 1 to 100',
    ]);

    await user.click(screen.getByRole('button', { name: 'Add 1 line to order' }));
    await waitFor(() => expect(addBodies(fetchSpy)).toEqual([{ Products: [{ ProductId: 1, ColorVariant: 'C1', Quantity: 4 }], Email: null }]));
  });

  it('acting for a retailer: looks models up with their prices and adds to their cart', { timeout: 15000 }, async () => {
    const fetchSpy = fakeActingServer();
    signInAsSales(BLR);
    const user = userEvent.setup();
    await openExpress();

    await pickModel(user, 'vx-av', 'VX-AV-1023');
    expect(requestsTo(fetchSpy, '/api/Product/getAll')[0]?.url.searchParams.get('email')).toBe(BLR.email);
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of vx-av-1023 black (c1)' }));
    await user.click(screen.getByRole('button', { name: 'Add to order' }));

    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Product/addItemsToCart')).toHaveLength(1));
    expect(requestsTo(fetchSpy, '/api/Product/addItemsToCart')[0]?.body).toEqual({
      Products: [{ ProductId: 1, ColorVariant: 'C1', Quantity: 1 }],
      Email: BLR.email,
    });
  });
});
