import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminBanner, deskCalls, fakeDeskServer, type FakeDesk } from '../../../../testing/catalogue-desk-fixtures.ts';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { previewPageHtml } from '../preview-html.ts';

beforeEach(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

async function openContent(data: FakeDesk = {}) {
  const server = fakeDeskServer(data);
  signIn();
  const view = renderApp('/admin/content');
  await screen.findByRole('heading', { level: 1, name: 'Content' }, { timeout: 15000 });
  return { ...view, server };
}

const bannerForm = (title: string) => screen.findByRole('form', { name: `Banner ${title}` });

describe('banners', () => {
  it('lists every banner with its sections, sort order and active; Save sends only what changed', async () => {
    const user = userEvent.setup();
    const { server } = await openContent({
      banners: { banners: [adminBanner(), adminBanner({ id: 5, title: 'Old offer', isActive: false, sortOrder: 2 })] },
      patchBanner: adminBanner({ flags: { ...adminBanner().flags, Login: true }, sortOrder: 4, modifiedAt: '2026-11-24T05:00:00.000Z' }),
    });
    const form = await bannerForm('Monsoon sale');
    expect(within(form).getByRole('checkbox', { name: 'Home' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Sign-in page' })).not.toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Sort order' })).toHaveValue('1');
    expect(within(form).getByRole('checkbox', { name: 'Active' })).toBeChecked();
    expect(within(await bannerForm('Old offer')).getByText(/Hidden from every section/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save Monsoon sale' })).toBeDisabled();

    await user.click(within(form).getByRole('checkbox', { name: 'Sign-in page' }));
    const sort = within(form).getByRole('textbox', { name: 'Sort order' });
    await user.clear(sort);
    await user.type(sort, '4');
    await user.click(within(form).getByRole('button', { name: 'Save Monsoon sale' }));
    await waitFor(() => expect(deskCalls(server, '/api/admin/banners/4', 'PATCH')).toHaveLength(1));
    expect(JSON.parse(String(deskCalls(server, '/api/admin/banners/4', 'PATCH')[0]!.init!.body))).toEqual({ sortOrder: 4, flags: { Login: true } });
    // The saved banner replaces the row: nothing left to save.
    await waitFor(async () => expect(within(await bannerForm('Monsoon sale')).getByRole('button', { name: 'Save Monsoon sale' })).toBeDisabled());
  });

  it('checks the sort order before sending', async () => {
    const user = userEvent.setup();
    const { server } = await openContent();
    const form = await bannerForm('Monsoon sale');
    const sort = within(form).getByRole('textbox', { name: 'Sort order' });
    await user.clear(sort);
    await user.type(sort, 'first');
    await user.click(within(form).getByRole('button', { name: 'Save Monsoon sale' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Sort order must be a whole number from 0 to 10000.');
    expect(deskCalls(server, /\/api\/admin\/banners\/\d+/, 'PATCH')).toEqual([]);
  });

  it('asks before deleting; Cancel keeps the banner, Delete removes it', async () => {
    const user = userEvent.setup();
    const { server } = await openContent();
    const form = await bannerForm('Monsoon sale');
    await user.click(within(form).getByRole('button', { name: 'Delete Monsoon sale' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the banner "Monsoon sale"? It leaves every section at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deskCalls(server, '/api/admin/banners/4', 'DELETE')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Delete Monsoon sale' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deskCalls(server, '/api/admin/banners/4', 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('No banners yet.')).toBeInTheDocument();
  });

  it('uploads a new banner with its title, image and section flags as the upload API reads them', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { server } = await openContent();
    const form = screen.getByRole('form', { name: 'Upload a new banner' });
    await user.click(within(form).getByRole('button', { name: 'Upload banner' }));
    expect(within(form).getByText('Please enter the banner title.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Title/ }), 'Festive');
    await user.click(within(form).getByRole('button', { name: 'Upload banner' }));
    expect(within(form).getByText('Please choose the desktop image.')).toBeInTheDocument();
    await user.upload(within(form).getByLabelText(/Desktop image/), new File(['x'], 'festive.png', { type: 'image/png' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Colour' }));
    await user.click(within(form).getByRole('button', { name: 'Upload banner' }));

    await waitFor(() => expect(deskCalls(server, '/api/Home/uploadBanner', 'POST')).toHaveLength(1));
    const body = deskCalls(server, '/api/Home/uploadBanner', 'POST')[0]!.init!.body as FormData;
    expect(body.get('bannerTitle')).toBe('Festive');
    expect((body.get('image') as File).name).toBe('festive.png');
    expect(body.get('mobileImage')).toBeNull();
    expect(body.get('isHomeBanner')).toBe('true');
    expect(body.get('isColorBanner')).toBe('true');
    expect(body.get('isLoginBanner')).toBe('false');
  });

  it('offers Retry when the banners cannot be loaded', async () => {
    await openContent({ banners: 'fail' });
    expect(await screen.findByText('The banners could not be loaded')).toBeInTheDocument();
  });
});

describe('support pages', () => {
  it('previews the draft with the server’s rules as it is typed: no script, handler or javascript: link', async () => {
    const user = userEvent.setup();
    await openContent({ page: { Title: 'FAQs', Content: '<p>Ask us.</p>', Year: null } });
    const editor = await screen.findByRole('textbox', { name: /Content \(HTML\)/ });
    const preview = screen.getByTestId('page-preview');
    expect(preview.innerHTML).toBe('<p>Ask us.</p>');
    await user.clear(editor);
    // userEvent reads { and [ as keys: paste the HTML instead.
    editor.focus();
    await user.paste('<h1>Hello</h1><script>alert(1)</script><img src=x onerror=alert(2)><p onclick="x()">Hi <a href="javascript:alert(3)">bad</a> <a href="https://frameport.test" target="_top">good</a></p>');
    expect(preview.innerHTML).toBe('<h2>Hello</h2><p>Hi <a rel="noopener noreferrer">bad</a> <a href="https://frameport.test" rel="noopener noreferrer">good</a></p>');
    expect(screen.getByText('Preview (as it will be saved)')).toBeInTheDocument();
  });

  it('saves title, content and year, then shows the page as the server stored it', async () => {
    const user = userEvent.setup();
    const stored = { Title: 'Questions', Content: '<p>Ask us anything.</p>', Year: null };
    const { server } = await openContent({ savePage: stored });
    const editor = await screen.findByRole('textbox', { name: /Content \(HTML\)/ });
    const title = screen.getByRole('textbox', { name: 'Page title' });
    await user.clear(title);
    await user.type(title, 'Questions');
    await user.clear(editor);
    editor.focus();
    await user.paste('<p>Ask us anything.</p><iframe src="https://evil.test"></iframe>');
    await user.click(screen.getByRole('button', { name: 'Save page' }));

    await waitFor(() => expect(deskCalls(server, '/api/admin/pages/FAQS', 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(deskCalls(server, '/api/admin/pages/FAQS', 'PUT')[0]!.init!.body))).toEqual({
      Title: 'Questions',
      Content: '<p>Ask us anything.</p><iframe src="https://evil.test"></iframe>',
      Year: null,
    });
    expect(await screen.findByText('Saved, with some markup removed')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Content \(HTML\)/ })).toHaveValue('<p>Ask us anything.</p>');
    expect(screen.getByText('The page as saved')).toBeInTheDocument();
    expect(screen.getByTestId('page-preview').innerHTML).toBe('<p>Ask us anything.</p>');
  });

  it('loads the page picked', async () => {
    const user = userEvent.setup();
    const { server } = await openContent();
    await screen.findByRole('textbox', { name: /Content \(HTML\)/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Page' }), 'PAYMENTPOLICY');
    await waitFor(() => expect(deskCalls(server, '/api/Home/GetPages').some(({ url }) => url.searchParams.get('pageName') === 'PAYMENTPOLICY')).toBe(true));
  });
});

describe('previewPageHtml', () => {
  it('keeps what the server keeps: h2–h4, lists, tables, /media images; renames h1, h5 and h6; drops the rest', () => {
    expect(previewPageHtml('<h5>a</h5><ul><li>b</li></ul><table><tbody><tr><td colspan="2" style="x">c</td></tr></tbody></table>')).toBe(
      '<h4>a</h4><ul><li>b</li></ul><table><tbody><tr><td colspan="2">c</td></tr></tbody></table>',
    );
    expect(previewPageHtml('<img src="/media/a.webp" alt="A"><img src="https://evil.test/p.gif">')).toBe('<img src="/media/a.webp" alt="A">');
    expect(previewPageHtml('<div class="x"><span>text</span></div><style>p{}</style>')).toBe('text');
    expect(previewPageHtml('<a href="/support?pageName=FAQS" target="_blank">FAQ</a>')).toBe(
      '<a href="/support?pageName=FAQS" target="_blank" rel="noopener noreferrer">FAQ</a>',
    );
    expect(previewPageHtml('<a href="//evil.test">x</a><a href="mailto:a@b.in">m</a>')).toBe('<a rel="noopener noreferrer">x</a><a href="mailto:a@b.in" rel="noopener noreferrer">m</a>');
  });
});
