import type { CartItem, Product } from '@frameport/domain/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@frameport/domain/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLR, fakeActingServer, requestsTo, signInAsSales } from '../../testing/acting-fixtures.ts';
import { colourVariant, product } from '../../testing/catalogue-fixtures.ts';
import { cartItem, cartResponse } from '../../testing/cart-fixtures.ts';
import { userProfile } from '../../testing/fixtures.ts';
import { jsonResponse, renderApp } from '../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../testing/signed-in-fixtures.ts';
import { xlsxOf } from '../../testing/xlsx-fixture.ts';

const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });
const notFound = () => jsonResponse({ Status: 1, Error: { Message: 'Not found', StackTrace: null }, Data: null }, 404);

const aviator = product({
  productColor: [
    colourVariant(),
    colourVariant({ colorVariant: 'C2', productColorId: 102, frameColor: 'Gunmetal', availableStockQuantity: 3 }),
    colourVariant({ colorVariant: 'C3', productColorId: 103, frameColor: 'Gold', availableStockQuantity: 0 }),
  ],
});
const round = product({
  productId: 2,
  modelName: 'VX-RD-2001',
  productName: 'Vistara Round',
  netPrice: 500,
  discountedPrice: 500,
  selectedDiscount: null,
  productColor: [colourVariant({ productColorId: 201 }), colourVariant({ colorVariant: 'C2', productColorId: 202, frameColor: 'Tortoise', availableStockQuantity: 8 })],
});

/** `fetch` answering getAll by modelName (case-insensitive contains) and addItemsToCart. */
function fakeExpressServer(products: Product[] = [aviator, round], skipped: unknown[] = [], order = { items: [] as CartItem[], profile: userProfile() }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    switch (url.pathname) {
      case '/api/Account/getUserProfile':
        return ok(order.profile);
      case '/api/Product/getCartItems':
        return ok(cartResponse({ cartItems: order.items }));
      case '/api/Product/getAll': {
        const model = new URLSearchParams(url.searchParams.get('search') ?? '').get('modelName')?.toLowerCase() ?? '';
        const value = products.filter((p) => p.modelName.toLowerCase().includes(model));
        return ok({ searchResults: { value, '@odata.count': value.length }, gstStateCodes: { billTo: '36', company: '36' } });
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

const addAllButton = () => screen.getByRole('button', { name: 'Add all to order' });
const total = () => screen.getByTestId('express-total');

/** Chooses a file as the upload button's hidden input would get it. */
function chooseFile(container: HTMLElement, file: File) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

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
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${model}`) }, { timeout: 3000 }));
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

  it('suggests models with name, price and stock, and refuses a model already listed', { timeout: 15000 }, async () => {
    fakeExpressServer();
    signIn();
    const user = userEvent.setup();
    await openExpress();

    await user.type(screen.getByLabelText('Model number', { selector: 'input' }), 'vx-av');
    const option = await screen.findByRole('option', { name: /^VX-AV-1023/ }, { timeout: 3000 });
    expect(option).toHaveTextContent('Vistara Aviator Classic');
    expect(option).toHaveTextContent('₹900.00');
    expect(option).toHaveTextContent('₹1,000.00');
    expect(option).toHaveTextContent('15 in stock');
    await user.click(option);
    expect(await screen.findByText('Vistara Aviator Classic')).toBeInTheDocument();

    // One blank box stays for the next model.
    await pickModel(user, 'VX-AV', 'VX-AV-1023');
    expect(await screen.findByText('Product already added. Please add different product')).toBeInTheDocument();
  });

  it('enables Add all only for valid quantities, says why not, and sends every non-zero line', { timeout: 15000 }, async () => {
    const fetchSpy = fakeExpressServer();
    signIn();
    const user = userEvent.setup();
    const { router } = await openExpress();

    await pickModel(user, 'vx-av', 'VX-AV-1023');
    // The picked model's first colour takes the focus: type a model, pick it, type a quantity.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Quantity of VX-AV-1023 Black (C1)' })).toHaveFocus());
    expect(addAllButton()).toBeDisabled();
    expect(addAllButton()).toHaveAccessibleDescription('Enter a quantity for at least one colour to add it to your order.');

    // An out-of-stock colour takes no quantity.
    expect(screen.getByRole('textbox', { name: 'Quantity of VX-AV-1023 Gold (C3)' })).toBeDisabled();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();

    const gunmetal = await screen.findByRole('textbox', { name: 'Quantity of VX-AV-1023 Gunmetal (C2)' });
    await user.clear(gunmetal);
    await user.type(gunmetal, '5');
    expect(screen.getByText('Only 3 available in stock!')).toBeInTheDocument();
    expect(addAllButton()).toBeDisabled();
    expect(addAllButton()).toHaveAccessibleDescription('Fix the quantities marked on 1 row first.');

    await user.clear(gunmetal);
    await user.type(gunmetal, '2');
    await user.click(screen.getByRole('button', { name: 'Increase quantity of vx-av-1023 black (c1)' }));
    expect(addAllButton()).toBeEnabled();
    // ₹900 × 3 + 5% GST (CGST 2.5% + SGST 2.5%) = ₹2,835.00
    expect(total()).toHaveTextContent('3 pcs · ₹2,835.00 incl. GST');
    await user.click(addAllButton());

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

  it('a typed row, pasted rows and a CSV file land in one list with one total; Add all sends them all in one call', { timeout: 20000 }, async () => {
    const fetchSpy = fakeExpressServer();
    signIn();
    const user = userEvent.setup();
    const { container } = await openExpress();

    // Typed: VX-AV-1023 C1 × 1.
    await pickModel(user, 'vx-av', 'VX-AV-1023');
    await user.click(screen.getByRole('button', { name: 'Increase quantity of vx-av-1023 black (c1)' }));

    // Pasted from a chat: one more of the same model and colour, a new model, and two that cannot be matched.
    await user.click(screen.getByRole('textbox', { name: 'Pasted rows' }));
    await user.paste('vx-av-1023 c1 x 2\nVX-RD-2001 C2 x 3\nNOPE-1 C1 x 1\nVX-AV-1023 C3 x 1');
    await user.click(screen.getByRole('button', { name: 'Add rows to the list' }));
    expect(await screen.findByText('4 rows added to the list, 2 of them could not be matched (marked in the list).')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Pasted rows' })).toHaveValue('');

    // Uploaded: a CSV file whose quoted cells hold commas.
    chooseFile(container, new File(['model number,colour variant,quantity\n"VX-RD-2001","C1","4"\n"VX,AV",C1,1\n'], 'order.csv', { type: 'text/csv' }));
    expect(await screen.findByText('2 rows added to the list, 1 of them could not be matched (marked in the list).')).toBeInTheDocument();

    // One list: two model rows (quantities merged per model and colour) and three unmatched rows with reasons.
    expect(screen.getByRole('textbox', { name: 'Quantity of VX-AV-1023 Black (C1)' })).toHaveValue('3');
    expect(screen.getByRole('textbox', { name: 'Quantity of VX-RD-2001 Tortoise (C2)' })).toHaveValue('3');
    expect(screen.getByRole('textbox', { name: 'Quantity of VX-RD-2001 Black (C1)' })).toHaveValue('4');
    expect(screen.getByRole('group', { name: 'Pasted line 3: NOPE-1 C1 x 1' })).toHaveTextContent('Unknown model number. Not added.');
    expect(screen.getByRole('group', { name: 'Pasted line 4: VX-AV-1023 C3 x 1' })).toHaveTextContent('Out of stock. Not added.');
    expect(screen.getByRole('group', { name: 'order.csv line 3: VX,AV, C1, 1' })).toHaveTextContent('Unknown model number. Not added.');

    // One total: ₹900 × 3 and ₹500 × 7, plus 5% GST = ₹2,835.00 + ₹3,675.00.
    expect(total()).toHaveTextContent('10 pcs · ₹6,510.00 incl. GST');
    expect(addAllButton()).toHaveAccessibleDescription('3 unmatched rows stay in the list and are not added.');

    await user.click(addAllButton());
    await waitFor(() =>
      expect(addBodies(fetchSpy)).toEqual([
        {
          Products: [
            { ProductId: 1, ColorVariant: 'C1', Quantity: 3 },
            { ProductId: 2, ColorVariant: 'C1', Quantity: 4 },
            { ProductId: 2, ColorVariant: 'C2', Quantity: 3 },
          ],
          Email: null,
        },
      ]),
    );
    // What was added leaves the list; the unmatched rows stay, and the page says so.
    expect(await screen.findByText(/3 lines were added to your order/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Quantity of VX-AV-1023 Black (C1)' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: /Not added|: / })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Remove Pasted line 3' }));
    expect(screen.queryByRole('group', { name: 'Pasted line 3: NOPE-1 C1 x 1' })).not.toBeInTheDocument();
  });

  it('reads an uploaded .xlsx into the list, and a malformed file changes nothing', { timeout: 20000 }, async () => {
    fakeExpressServer();
    signIn();
    const { container } = await openExpress();

    chooseFile(
      container,
      new File(
        [
          xlsxOf([
            ['Model', 'Colour', 'Qty'],
            ['VX-RD-2001', 'C2', 2],
          ]),
        ],
        'week.xlsx',
      ),
    );
    expect(await screen.findByText('1 row added to the list.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Quantity of VX-RD-2001 Tortoise (C2)' })).toHaveValue('2');
    expect(total()).toHaveTextContent('2 pcs · ₹1,050.00 incl. GST');

    chooseFile(container, new File([new Uint8Array([80, 75, 3, 4, 0, 0, 1])], 'broken.xlsx'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file could not be read as an Excel workbook (.xlsx). Nothing was added.');
    chooseFile(container, new File(['VX-RD-2001,C1,1\n"VX-RD-2001,C1,2\n'], 'broken.csv'));
    expect(await screen.findByText('Line 2 has a quote (") that is never closed. Nothing was added.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Quantity of VX-RD-2001 Tortoise (C2)' })).toHaveValue('2');
    expect(screen.getByRole('textbox', { name: 'Quantity of VX-RD-2001 Black (C1)' })).toHaveValue('0');
    expect(total()).toHaveTextContent('2 pcs · ₹1,050.00 incl. GST');
  });

  it('rows pasted into the model box land in the list instead of the box', { timeout: 15000 }, async () => {
    fakeExpressServer();
    signIn();
    const user = userEvent.setup();
    await openExpress();

    const box = screen.getByLabelText('Model number', { selector: 'input' });
    await user.click(box);
    await user.paste('VX-RD-2001\tC2\t5\nVX-AV-1023\tC1\t1');
    expect(await screen.findByText('2 rows added to the list.')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(total()).toHaveTextContent('6 pcs · ₹3,570.00 incl. GST');
  });

  it('checks a quantity on top of what the order holds, and the order-wide limit, before sending', { timeout: 15000 }, async () => {
    fakeExpressServer([aviator, round], [], {
      items: [cartItem({ ProductID: 1, ColorVariant: 'C1', CartProductTotQuantity: 10 })],
      profile: userProfile({ MaxLimitPerVariant: 11, MaxOrderQuantity: 4 }),
    });
    signIn();
    const user = userEvent.setup();
    await openExpress();
    await pickModel(user, 'vx-av', 'VX-AV-1023');
    expect(await screen.findByText('12 in stock · 10 in order')).toBeInTheDocument();
    // 10 + 2 = 12 is within the stock of 12 but above the limit of 11 per colour.

    const black = screen.getByRole('textbox', { name: 'Quantity of VX-AV-1023 Black (C1)' });
    await user.clear(black);
    await user.type(black, '2');
    expect(screen.getByText(messages.quantity.modelLimitOf(11))).toBeInTheDocument();
    expect(addAllButton()).toHaveAccessibleDescription('Fix the quantities marked on 1 row first.');

    // The count says 1 piece is in the order; 1 + 4 is above the order's limit of 4 pieces.
    await user.clear(black);
    await user.type(black, '1');
    const gunmetal = screen.getByRole('textbox', { name: 'Quantity of VX-AV-1023 Gunmetal (C2)' });
    await user.clear(gunmetal);
    await user.type(gunmetal, '3');
    expect(addAllButton()).toBeDisabled();
    expect(addAllButton()).toHaveAccessibleDescription('Order quantity limit reached: your order would have 5 pcs, the most is 4.');
  });

  it('acting for a retailer: looks models up with their prices and adds to their cart', { timeout: 15000 }, async () => {
    const fetchSpy = fakeActingServer();
    signInAsSales(BLR);
    const user = userEvent.setup();
    await openExpress();

    await pickModel(user, 'vx-av', 'VX-AV-1023');
    expect(requestsTo(fetchSpy, '/api/Product/getAll')[0]?.url.searchParams.get('email')).toBe(BLR.email);
    await user.click(await screen.findByRole('button', { name: 'Increase quantity of vx-av-1023 black (c1)' }));
    await user.click(addAllButton());

    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Product/addItemsToCart')).toHaveLength(1));
    expect(requestsTo(fetchSpy, '/api/Product/addItemsToCart')[0]?.body).toEqual({
      Products: [{ ProductId: 1, ColorVariant: 'C1', Quantity: 1 }],
      Email: BLR.email,
    });
  });
});
