import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { fakeShellServer, signIn, stubBrowserApis } from '../../../testing/signed-in-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

const PAGES: [string, string][] = [
  ['/homepage', "Eyewear wholesale, made simple for India's optical retailers"],
  ['/about', 'About Frameport'],
  ['/brands', 'Our brands'],
  ['/careers', 'Careers at Frameport'],
  ['/news-room', 'News Room'],
  ['/contact', 'Contact us'],
  ['/privacy-policy', 'Privacy policy'],
  ['/cookie-policy', 'Cookie policy'],
];

describe('public marketing site', () => {
  it('sends / to /homepage, signed out or signed in (spec section 2)', async () => {
    fakeShellServer();
    const signedOut = renderApp('/');
    await waitFor(() => expect(signedOut.router.state.location.pathname).toBe('/homepage'));
    signedOut.unmount();

    signIn();
    const signedIn = renderApp('/');
    await waitFor(() => expect(signedIn.router.state.location.pathname).toBe('/homepage'));
  });

  it.each(PAGES)('%s has one h1, a title and a meta description', async (path, heading) => {
    fakeShellServer();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toMatch(/ · Frameport$/));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).not.toBe('');
  });

  it('shows the public header and footer to a signed-in user, not the internal ones', async () => {
    fakeShellServer();
    signIn();
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Frameport' });
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link', { name: 'Partner Log-in' })[0]).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /profile/i })).not.toBeInTheDocument();
    expect(await screen.findByText(/HITEC City|Hyderabad/, { selector: 'footer address *' })).toBeInTheDocument();
    // The copyright year is the FOOTER page's (editable data), not the browser clock's.
    expect(await screen.findByText('© 2026 Frameport Eyewear Distributors LLP')).toBeInTheDocument();
  });

  it('keeps /login bare: no public header', async () => {
    fakeShellServer();
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Partner login' });
    expect(screen.queryByRole('link', { name: 'Partner Log-in' })).not.toBeInTheDocument();
  });

  it('the burger opens a side menu with the header links (the phone layout)', async () => {
    fakeShellServer();
    renderApp('/homepage');
    await screen.findByRole('heading', { level: 1 });
    const burger = screen.getByRole('button', { name: 'Open navigation' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    // The inline links are CSS-hidden below 768 px (Mantine's visibleFrom="sm"), the burger above.
    expect(screen.getAllByRole('navigation', { name: 'Main' })[0]).toHaveClass('mantine-visible-from-sm');
    expect(burger).toHaveClass('mantine-hidden-from-sm');

    await userEvent.click(burger);
    const drawer = await screen.findByRole('dialog');
    for (const name of ['About', 'Careers', 'News Room', 'Partner Log-in', 'Contact Us']) {
      expect(within(drawer).getByRole('link', { name })).toBeInTheDocument();
    }
    await userEvent.click(within(drawer).getByRole('link', { name: 'Careers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Careers at Frameport' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Email Your CV opens a mail to the careers address', async () => {
    fakeShellServer();
    renderApp('/careers');
    const link = await screen.findByRole('link', { name: 'Email Your CV' });
    expect(link.getAttribute('href')).toMatch(/^mailto:careers@frameport\.test/);
  });

  it('the contact map degrades to a link to the address', async () => {
    fakeShellServer();
    renderApp('/contact');
    const link = await screen.findByRole('link', { name: /on OpenStreetMap/ });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\/search\?query=/);
  });
});
