import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app.tsx';
import { callsTo, fakeShellServer, pageContent, signIn, stubBrowserApis } from '../../testing/signed-in-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

const FOOTER = pageContent({ Title: 'Footer', Content: '<p>©</p>', Year: '2026' });

describe('/support', () => {
  it('shows the page title as the h1 and the document title, with its content', async () => {
    fakeShellServer({
      pages: { FOOTER, FAQS: pageContent({ Title: 'Frequently asked questions', Content: '<h3>Is there a minimum order?</h3><p>No.</p>' }) },
    });
    signIn();
    renderApp('/support?pageName=FAQS');

    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Is there a minimum order?' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Frequently asked questions · Frameport'));
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/home');
  });

  it('sanitises the server HTML: no script, no onerror, no javascript: link in the DOM', async () => {
    fakeShellServer({
      pages: {
        FOOTER,
        ABOUTUS: pageContent({
          Title: 'About us',
          Content: '<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
        }),
      },
    });
    signIn();
    const { container } = renderApp('/support?pageName=ABOUTUS');

    const article = (await screen.findByRole('heading', { level: 1, name: 'About us' })).closest('article');
    expect(article).not.toBeNull();
    expect(within(article!).getByText('x')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    const hrefs = Array.from(container.querySelectorAll('a')).map((link) => link.getAttribute('href') ?? '');
    expect(hrefs.some((href) => /^\s*javascript:/i.test(href))).toBe(false);
  });

  it('reads the page name case-insensitively', async () => {
    const fetchSpy = fakeShellServer({ pages: { FOOTER, CONTACTUS: pageContent({ Title: 'Contact us' }) } });
    signIn();
    renderApp('/support?pageName=contactus');

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(callsTo(fetchSpy, '/api/Home/GetPages').map((url) => url.searchParams.get('pageName'))).toContain('CONTACTUS');
  });

  it.each([['/support?pageName=NOSUCHPAGE'], ['/support'], ['/support?pageName=FOOTER']])(
    'says "Page not found" for %s without asking the server for it',
    async (path) => {
      const fetchSpy = fakeShellServer();
      signIn();
      renderApp(path);

      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(within(screen.getByRole('main')).getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/support?pageName=ABOUTUS');
      const asked = callsTo(fetchSpy, '/api/Home/GetPages').map((url) => url.searchParams.get('pageName'));
      expect(asked.filter((name) => name !== 'FOOTER')).toEqual([]);
    },
  );

  it('says "Page not found" when the server has no such page (404)', async () => {
    fakeShellServer({ pages: { FOOTER } });
    signIn();
    renderApp('/support?pageName=BUSINESSETHICS');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('offers Retry when the page cannot be loaded', async () => {
    const fetchSpy = fakeShellServer({ pages: { FOOTER, PAYMENTPOLICY: 'fail' } });
    signIn();
    const user = userEvent.setup();
    renderApp('/support?pageName=PAYMENTPOLICY');

    expect(await screen.findByText('This page could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment policy' })).toBeInTheDocument();

    fetchSpy.mockRestore();
    fakeShellServer({ pages: { FOOTER, PAYMENTPOLICY: pageContent({ Title: 'Payment policy', Content: '<p>Pay by UPI.</p>' }) } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Pay by UPI.')).toBeInTheDocument();
  });
});
