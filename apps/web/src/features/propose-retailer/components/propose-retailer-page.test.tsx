import { retailerMessages } from '@frameport/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeActingServer, signInAsSales } from '../../../testing/acting-fixtures.ts';
import { jsonResponse, renderApp } from '../../../testing/render-app.tsx';
import { fakeShellServer, signIn, stubBrowserApis } from '../../../testing/signed-in-fixtures.ts';
import { geography } from '../../../testing/retailer-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const SENT = retailerMessages.proposal.proposed;

/** The acting fake server (a sales executive) with the geography calls and POST proposeRetailer answered by `propose`. */
function fakeServer(propose: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  const spy = fakeActingServer();
  const base = spy.getMockImplementation()!;
  spy.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/Account/proposeRetailer') {
      const answer = propose(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return jsonResponse(answer.body, answer.status);
    }
    const geo = geography(url);
    if (geo !== undefined) return jsonResponse({ Status: 0, Error: null, Data: geo.data });
    return base(input, init);
  });
  return spy;
}

const sentBodies = (spy: ReturnType<typeof fakeServer>) =>
  spy.mock.calls.filter(([input]) => String(input) === '/api/Account/proposeRetailer').map(([, init]) => ({ body: JSON.parse(String(init?.body)) as unknown, key: new Headers(init?.headers).get('Idempotency-Key') }));

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Shop name/ }), 'Lakshmi Opticals');
  await user.type(screen.getByRole('textbox', { name: /Owner's first name/ }), 'Lakshmi');
  await user.type(screen.getByRole('textbox', { name: /^Mobile/ }), '+91 98480 55555');
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'lakshmi@opticals.in');
  await user.type(screen.getByRole('textbox', { name: /Billing address/ }), '22 Temple Street');
  await user.selectOptions(screen.getByRole('combobox', { name: /^State/ }), '29');
  await waitFor(() => expect(screen.getByRole('combobox', { name: /^City/ })).toBeEnabled());
  await user.selectOptions(screen.getByRole('combobox', { name: /^City/ }), '7');
  await user.type(screen.getByRole('textbox', { name: /PIN code/ }), '560001');
}

describe('/propose-retailer (a sales executive’s proposal)', () => {
  it('sends the short form once, with the GSTIN as stored, and says it is sent for approval; another can follow', async () => {
    const spy = fakeServer(() => ({ status: 200, body: { Status: 0, Error: null, Data: { message: SENT, retailerId: 88, status: 'Pending' } } }));
    signInAsSales();
    const user = userEvent.setup();
    renderApp('/propose-retailer');
    await screen.findByRole('textbox', { name: /Shop name/ }, { timeout: 15000 });
    await fill(user);
    await user.type(screen.getByRole('textbox', { name: /GSTIN/ }), '29 aapfu 0939 f1zr');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));

    expect(await screen.findByRole('heading', { name: 'Sent for approval' })).toHaveFocus();
    expect(screen.getByText(SENT)).toBeInTheDocument();
    const [sent] = sentBodies(spy);
    expect(sent!.body).toMatchObject({ businessName: 'Lakshmi Opticals', phone: '9848055555', stateId: 29, cityId: 7, gstin: '29AAPFU0939F1ZR', pinCode: '560001' });
    expect(sent!.key).toMatch(/^web-/);

    await user.click(screen.getByRole('button', { name: 'Propose another retailer' }));
    expect(await screen.findByRole('textbox', { name: /Shop name/ })).toHaveValue('');
  });

  it('shows the domain’s GSTIN problem before sending, and a duplicate GSTIN refused by the server on the field', async () => {
    const spy = fakeServer(() => ({ status: 409, body: { Status: 1, Error: { Message: retailerMessages.duplicate.gstin, StackTrace: null }, Data: null } }));
    signInAsSales();
    const user = userEvent.setup();
    renderApp('/propose-retailer');
    await screen.findByRole('textbox', { name: /Shop name/ }, { timeout: 15000 });
    await fill(user);
    // A Telangana GSTIN for a Karnataka address.
    const gstin = screen.getByRole('textbox', { name: /GSTIN/ });
    await user.type(gstin, '36AAPFU0939F1ZW');
    await user.tab();
    expect(await screen.findByText(retailerMessages.gstin.stateMismatch('36', '29'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(sentBodies(spy)).toEqual([]);

    await user.clear(gstin);
    await user.type(gstin, '29AAPFU0939F1ZR');
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText(retailerMessages.duplicate.gstin)).toBeInTheDocument();
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(spy)).toHaveLength(1);
  });

  it('tells a retailer that only sales executives propose retailers', async () => {
    fakeShellServer();
    signIn();
    renderApp('/propose-retailer');
    expect(await screen.findByText(/Only sales executives propose new retailers/, undefined, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for approval' })).not.toBeInTheDocument();
  });
});
