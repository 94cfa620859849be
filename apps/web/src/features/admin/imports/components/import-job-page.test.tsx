import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deskCalls, fakeDeskServer, importJob, jobDetail, REPORT_ROWS, type FakeDesk } from '../../../../testing/catalogue-desk-fixtures.ts';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

async function openJob(data: FakeDesk = {}, path = '/admin/imports/12') {
  const server = fakeDeskServer(data);
  signIn();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: /Import #12: / }, { timeout: 15000 });
  return { ...view, server };
}

describe('an import job', () => {
  it('shows the dry run: totals, each row with its changes from → to, errors with their column', async () => {
    await openJob();
    const totals = screen.getByRole('region', { name: 'Totals' });
    const total = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent;
    expect([total('New'), total('Update'), total('Unchanged'), total('Error')]).toEqual(['2', '3', '0', '1']);

    const rows = within(screen.getByRole('table', { name: 'Rows' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toHaveTextContent('Row 2');
    expect(rows[0]).toHaveTextContent('VX-AV-1023 C1');
    expect(rows[0]).toHaveTextContent('Net price (₹): was 1499 → now 1599');
    // A new style: its fields by the sheet's headers, a new colour's fields too (blank ones left out).
    expect(rows[3]).toHaveTextContent('Product name: Aurora');
    expect(rows[3]).toHaveTextContent('New colour C1: Frame colour Black, Temple colour Gold, Stock 12');
    expect(rows[3]).not.toHaveTextContent(/productName|openingStock|\{/);
    expect(rows[5]).toHaveTextContent('Net price (₹): Net price (₹) must be a number (not "abc").');
    expect(rows[5]).toHaveTextContent('Error');
  });

  it('filters the report by action in the URL, asking the server for that action', async () => {
    const user = userEvent.setup();
    const { server, router } = await openJob({
      job: (url) => (url.searchParams.get('action') === 'error' ? jobDetail({ rowCount: 1 }, REPORT_ROWS.slice(5)) : jobDetail()),
    });
    await user.click(screen.getByRole('button', { name: 'Error (1)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=error'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Rows' })).getAllByRole('row')).toHaveLength(2));
    expect(deskCalls(server, '/api/admin/imports/12').some(({ url }) => url.searchParams.get('action') === 'error')).toBe(true);
    expect(screen.getByRole('button', { name: 'Error (1)' })).toHaveAttribute('aria-current', 'page');
  });

  it('asks before applying, says that rows with errors are skipped, and sends one Idempotency-Key', async () => {
    const user = userEvent.setup();
    const { server } = await openJob();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Apply 3 updates and 2 new styles or colours? 1 row has errors and will be skipped.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deskCalls(server, /\/apply$/)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(deskCalls(server, '/api/admin/imports/12/apply', 'POST')).toHaveLength(1));
    const key = new Headers(deskCalls(server, '/api/admin/imports/12/apply')[0]!.init?.headers).get('Idempotency-Key');
    expect(key).toMatch(/^web-[0-9a-f-]{36}$/);
  });

  it('follows a running job about every second until it is applied, then shows the summary', async () => {
    let calls = 0;
    const { server } = await openJob({
      job: () => {
        calls += 1;
        if (calls === 1) return jobDetail({ status: 'applying', appliedRows: 2, rate: 40, secondsLeft: 3, checkedAt: '2026-11-24T05:00:05.000Z' });
        return jobDetail({
          status: 'applied',
          appliedRows: 6,
          applied: { by: { userId: 1, name: 'Admin User', role: 'Admin' }, at: '2026-11-24T05:01:00.000Z' },
          finishedAt: '2026-11-24T05:01:02.000Z',
        }, REPORT_ROWS.map((row) => ({ ...row, applied: true })));
      },
    });
    expect(screen.getByText('Applying the rows')).toBeInTheDocument();
    // The worker counts every row of the file it has passed (the error row too): 2 of 6.
    expect(screen.getByText(/2 of 6 rows · 40 rows\/s · about 3 s left/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Applying the rows: 33 %' })).toBeInTheDocument();
    expect(await screen.findByText('Applied: 3 rows updated, 2 rows created.', {}, { timeout: 4000 })).toBeInTheDocument();
    // The bar stays at the end, with how long applying took.
    const done = screen.getByRole('region', { name: 'Done' });
    expect(done).toHaveTextContent('6 of 6 rows · took 2 s');
    expect(within(done).getByRole('progressbar', { name: 'Done: 100 %' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Rows' })).getAllByText('Updated')).toHaveLength(3);
    const polls = deskCalls(server, '/api/admin/imports/12').length;
    // Done: no more polling.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(deskCalls(server, '/api/admin/imports/12')).toHaveLength(polls);
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('shows why a file failed, and the same-file warning on a ready job', async () => {
    const { unmount } = await openJob({ job: jobDetail({ status: 'failed', checkedAt: null, fileError: 'Required column is missing: "Net price (₹)".' }) });
    expect(screen.getByText('This file could not be imported')).toBeInTheDocument();
    expect(screen.getByText('Required column is missing: "Net price (₹)".')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();

    await openJob({ job: jobDetail({ sameFileAs: { id: 9, status: 'applied', at: '2026-11-20T06:30:00.000Z' } }) });
    expect(screen.getByText(/This is the same file as import #9 \(applied, 20 Nov 2026, 12:00 pm\)/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open import #9' })).toHaveAttribute('href', '/admin/imports/9');
  });

  it('cancels after asking', async () => {
    const user = userEvent.setup();
    const { server } = await openJob({ cancel: importJob({ status: 'cancelled' }) });
    await user.click(screen.getByRole('button', { name: 'Cancel import' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Nothing from this file will be applied.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel import' }));
    await waitFor(() => expect(deskCalls(server, '/api/admin/imports/12/cancel', 'POST')).toHaveLength(1));
  });

  it('says when the import does not exist', async () => {
    fakeDeskServer({ job: () => new Response(JSON.stringify({ Status: 1, Error: { Message: 'Import not found.' }, Data: null }), { status: 404 }) });
    signIn();
    renderApp('/admin/imports/77');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import not found.' }, { timeout: 15000 })).toBeInTheDocument();
  });
});
