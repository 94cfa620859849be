import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffProfile } from '../../../../testing/admin-fixtures.ts';
import { deskCalls, fakeDeskServer, importJob, jobDetail, type FakeDesk } from '../../../../testing/catalogue-desk-fixtures.ts';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

async function openImports(data: FakeDesk = {}) {
  const server = fakeDeskServer(data);
  signIn();
  const view = renderApp('/admin/imports');
  await screen.findByRole('heading', { level: 1, name: 'Imports' }, { timeout: 15000 });
  return { ...view, server };
}

const csv = (name = 'autumn.csv', body = 'Model number,Colour code\n') => new File([body], name, { type: 'text/csv' });

describe('imports', () => {
  it('uploads a catalogue sheet with its kind and images ZIP, then opens the job', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { server, router } = await openImports({ upload: importJob({ id: 31, status: 'queued', checkedAt: null }), job: jobDetail({ id: 31 }) });
    expect(screen.getByRole('combobox', { name: 'What the sheet holds' })).toHaveValue('catalogue');
    await user.upload(screen.getByLabelText('Spreadsheet (.csv or .xlsx)'), csv());
    expect(screen.getByText('autumn.csv')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Images (.zip, optional)'), new File(['PK'], 'images.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/imports/31'));
    const [post] = deskCalls(server, '/api/admin/imports', 'POST');
    const form = post!.init!.body as FormData;
    expect(form.get('kind')).toBe('catalogue');
    expect((form.get('file') as File).name).toBe('autumn.csv');
    expect((form.get('images') as File).name).toBe('images.zip');
  });

  it('refuses a file that is not CSV or XLSX before sending anything, and asks for a file', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { server } = await openImports();
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(screen.getByText('Please choose a .csv or .xlsx file.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Spreadsheet (.csv or .xlsx)'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('Please choose a .csv or .xlsx file. Other files cannot be imported.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(deskCalls(server, '/api/admin/imports', 'POST')).toEqual([]);
  });

  it('sends a prices sheet without the images, and shows the server refusal', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { server } = await openImports({
      upload: () => new Response(JSON.stringify({ Status: 1, Error: { Message: 'The file is larger than 10 MB.' }, Data: null }), { status: 413 }),
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'What the sheet holds' }), 'prices');
    expect(screen.queryByLabelText('Images (.zip, optional)')).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Spreadsheet (.csv or .xlsx)'), csv('prices.csv'));
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByText('The file is larger than 10 MB.')).toBeInTheDocument();
    const form = deskCalls(server, '/api/admin/imports', 'POST')[0]!.init!.body as FormData;
    expect(form.get('kind')).toBe('prices');
    expect(form.get('images')).toBeNull();
  });

  it('lists past jobs with status, counts, who and when; a row opens its job', async () => {
    const user = userEvent.setup();
    const { router } = await openImports({
      jobs: { jobs: [importJob(), importJob({ id: 11, kind: 'stock', status: 'applied', fileName: 'stock.xlsx' })], totalCount: 2 },
    });
    const table = await screen.findByRole('table', { name: 'Past imports' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('#12');
    expect(rows[0]).toHaveTextContent('autumn-styles.csv');
    expect(rows[0]).toHaveTextContent('2 new · 3 update · 0 unchanged · 1 error');
    expect(rows[0]).toHaveTextContent('Ready to apply');
    expect(rows[0]).toHaveTextContent('Admin User');
    expect(rows[1]).toHaveTextContent('Applied');
    rows[1]!.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/imports/11'));
  });

  it('says so when there are no imports, and offers Retry when they cannot be loaded', async () => {
    await openImports({ jobs: { jobs: [], totalCount: 0 } });
    expect(await screen.findByText('No imports yet.')).toBeInTheDocument();
  });

  it('offers Retry when the list fails', async () => {
    await openImports({ jobs: 'fail' });
    expect(await screen.findByText('The imports could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('gives the warehouse stock imports only: no kind choice, stock templates, no export', async () => {
    await openImports({ profile: staffProfile('Warehouse') });
    expect(screen.queryByRole('combobox', { name: 'What the sheet holds' })).not.toBeInTheDocument();
    expect(await screen.findByText(/Warehouse staff import stock levels only./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the stock template (CSV)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download the catalogue template (CSV)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export catalogue/ })).not.toBeInTheDocument();
  });

  it('downloads the template and the export with the token', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { server } = await openImports();
    await user.click(screen.getByRole('button', { name: 'Download the prices example (XLSX)' }));
    await user.click(screen.getByRole('button', { name: 'Export catalogue (CSV)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
    const template = deskCalls(server, '/api/admin/imports/template')[0]!;
    expect(Object.fromEntries(template.url.searchParams)).toEqual({ kind: 'prices', variant: 'example', format: 'xlsx' });
    expect(new Headers(template.init?.headers).get('Authorization')).toBe('Bearer token-abc');
    expect(deskCalls(server, '/api/admin/exports/catalogue')[0]!.url.searchParams.get('format')).toBe('csv');
  });
});
