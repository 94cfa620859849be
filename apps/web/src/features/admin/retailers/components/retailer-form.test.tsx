import { retailerMessages } from '@frameport/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { fakeDeskServer, sentTo } from '../../stock/stock-fixtures.ts';
import { geography, retailerDetail } from '../../../../testing/retailer-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

type Answer = { status?: number; data?: unknown; message?: string };

async function openForm(path: string, answer: (url: URL, body: unknown) => Answer = () => ({ data: retailerDetail({ id: 77, businessName: 'Sharma Optics' }) })) {
  const server = fakeDeskServer((url, init) => {
    if (/^\/api\/admin\/retailers(\/\d+)?$/.test(url.pathname) && (init?.method === 'POST' || init?.method === 'PATCH')) {
      return answer(url, JSON.parse(String(init.body)));
    }
    if (url.pathname === '/api/admin/retailers/41') return { data: retailerDetail() };
    return geography(url);
  });
  signIn();
  const view = renderApp(path);
  await screen.findByRole('textbox', { name: /Business name/ }, { timeout: 15000 });
  return { ...view, server };
}

async function fillNew(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Business name/ }), 'Sharma Optics');
  await user.type(screen.getByRole('textbox', { name: /Contact first name/ }), 'Rohit');
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'rohit@sharmaoptics.in');
  await user.type(screen.getByRole('textbox', { name: /^Mobile/ }), '98480 22338');
  await user.type(screen.getByRole('textbox', { name: /^Address/ }), '4-1-12 Abids Road');
  await user.selectOptions(screen.getByRole('combobox', { name: /^State/ }), '36');
  await waitFor(() => expect(screen.getByRole('combobox', { name: /^City/ })).toBeEnabled());
  await user.selectOptions(screen.getByRole('combobox', { name: /^City/ }), '5');
  await user.type(screen.getByRole('textbox', { name: /PIN code/ }), '500001');
}

describe('the retailer form (create and edit)', () => {
  it('takes a GSTIN in any case and spacing, and says on leaving the field what is wrong with it (the domain’s words)', async () => {
    const user = userEvent.setup();
    await openForm('/admin/retailers/new');
    await user.selectOptions(screen.getByRole('combobox', { name: /^State/ }), '36');
    const gstin = screen.getByRole('textbox', { name: /GSTIN/ });

    // A mistyped last character: the check character does not match.
    await user.type(gstin, '36 aapfu 0939 f1zv');
    await user.tab();
    expect(gstin).toHaveValue('36AAPFU0939F1ZV');
    expect(await screen.findByText(retailerMessages.gstin.checksum)).toBeInTheDocument();
    expect(gstin).toHaveAttribute('aria-invalid', 'true');

    // Right GSTIN, wrong billing state.
    await user.clear(gstin);
    await user.type(gstin, '36aapfu0939f1zw');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(retailerMessages.gstin.checksum)).not.toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: /^State/ }), '29');
    await user.click(gstin);
    await user.tab();
    expect(await screen.findByText(retailerMessages.gstin.stateMismatch('36', '29'))).toBeInTheDocument();

    // A PAN that is not the one inside the GSTIN.
    await user.selectOptions(screen.getByRole('combobox', { name: /^State/ }), '36');
    await user.type(screen.getByRole('textbox', { name: /^PAN/ }), 'abcde1234f');
    await user.tab();
    await user.click(gstin);
    await user.tab();
    expect(await screen.findByText(retailerMessages.gstin.panMismatch)).toBeInTheDocument();
  });

  it('creates a retailer with the GSTIN and PAN as stored, once (an Idempotency-Key), and opens its page', async () => {
    const user = userEvent.setup();
    const { server, router } = await openForm('/admin/retailers/new');
    await fillNew(user);
    await user.type(screen.getByRole('textbox', { name: /GSTIN/ }), '36aapfu0939f1zw');
    await user.type(screen.getByRole('textbox', { name: /^PAN/ }), 'aapfu 0939 f');
    const executive = screen.getByRole('combobox', { name: /Looked after by/ });
    await waitFor(() => expect(executive).toBeEnabled());
    expect(within(executive).queryByRole('option', { name: /Old Hand/ })).not.toBeInTheDocument();
    await user.selectOptions(executive, '12');
    await user.click(screen.getByRole('button', { name: 'Create retailer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/retailers/77'));
    const [sent] = sentTo(server, '/api/admin/retailers');
    expect(sent!.body).toMatchObject({
      businessName: 'Sharma Optics',
      firstName: 'Rohit',
      email: 'rohit@sharmaoptics.in',
      phone: '9848022338',
      stateId: 36,
      cityId: 5,
      pinCode: '500001',
      gstin: '36AAPFU0939F1ZW',
      pan: 'AAPFU0939F',
      maxLimitPerVariant: 20,
      maxOrderQuantity: 500,
      maxOrderValue: 500000,
      salesExecutiveIds: [12],
    });
    expect(sent!.key).toMatch(/^web-/);
  });

  it('shows the server’s refusal of a duplicate email on the email field, and sends nothing it has not checked', async () => {
    const user = userEvent.setup();
    const { server } = await openForm('/admin/retailers/new', () => ({ status: 409, message: retailerMessages.duplicate.email }));
    await user.click(screen.getByRole('button', { name: 'Create retailer' }));
    expect(await screen.findByText(retailerMessages.form.businessNameRequired)).toBeInTheDocument();
    expect(sentTo(server, '/api/admin/retailers')).toEqual([]);

    await fillNew(user);
    await user.click(screen.getByRole('button', { name: 'Create retailer' }));
    expect(await screen.findByText(retailerMessages.duplicate.email)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveFocus();
  });

  it('edits: sends only the fields that changed', async () => {
    const user = userEvent.setup();
    const { server, router } = await openForm('/admin/retailers/41/edit', () => ({ data: retailerDetail({ phone: '9000012345' }) }));
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Verma Opticals' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^City/ })).toHaveValue('5'));
    const phone = screen.getByRole('textbox', { name: /^Mobile/ });
    await user.clear(phone);
    await user.type(phone, '90000 12345');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/retailers/41'));
    expect(sentTo(server, '/api/admin/retailers/41', 'PATCH').map((call) => call.body)).toEqual([{ phone: '9000012345' }]);
  });
});
