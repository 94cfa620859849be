import { existsSync } from 'node:fs';
import path from 'node:path';
import { render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createBrowserHistory } from 'history';
import { describe, expect, it } from 'vitest';
import { AppRouter } from './app-router.tsx';
import { PRERENDERED_PAGES, renderPage, renderSignedInShell, SIGNED_IN_SHELLS } from './prerender.tsx';
import { AppProvider } from './provider.tsx';
import { AppRoutes, preloadMatchedRoutes, SIGNED_IN_PATHS } from './router.tsx';

describe('the build prerender of the first screens', () => {
  it('renders /homepage and /login with their title, description and heading, and no script', async () => {
    const home = await renderPage('/homepage');
    expect(home.title).toBe('Wholesale eyewear for optical retailers · Frameport');
    expect(home.description).toMatch(/^Frameport supplies frames and sunglasses to .+ optical retailers across India/);
    expect(home.html).toContain('Eyewear wholesale, made simple for India&#x27;s optical retailers</h1>');
    expect(home.html).not.toContain('<title>');

    const login = await renderPage('/login');
    expect(login.title).toBe('Log in · Frameport');
    expect(login.description).toBeNull(); // index.html's own description stays
    expect(login.html).toContain('Partner login</h1>');

    for (const page of [home, login]) expect(page.html).not.toMatch(/<script/i);
  });

  it('renders every public marketing page too, each with its own title, description and one h1', async () => {
    expect(PRERENDERED_PAGES.map((page) => page.path)).toEqual([
      '/homepage',
      '/login',
      '/about',
      '/brands',
      '/careers',
      '/news-room',
      '/contact',
      '/privacy-policy',
      '/cookie-policy',
    ]);
    const titles = new Set<string | null>();
    for (const { path } of PRERENDERED_PAGES.filter((page) => page.path !== '/login')) {
      const page = await renderPage(path);
      expect(page.title, path).toMatch(/ · Frameport$/);
      expect(page.description, path).toEqual(expect.any(String));
      expect(page.html.match(/<h1[ >]/g), path).toHaveLength(1);
      expect(page.html, path).not.toMatch(/<script/i);
      titles.add(page.title);
    }
    expect(titles.size).toBe(PRERENDERED_PAGES.length - 1);
  });

  it('keeps the login controls disabled in the markup, so nothing submits before the app is there', async () => {
    const { html } = await renderPage('/login');
    const markup = new DOMParser().parseFromString(html, 'text/html');
    expect(markup.querySelector<HTMLInputElement>('input[type="email"]')?.disabled).toBe(true);
    expect(markup.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(true);
  });

  it.each(PRERENDERED_PAGES.map((page) => page.path))('%s hydrates without a mismatch and then enables its controls', async (path) => {
    const { html } = await renderPage(path);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const heading = container.querySelector('h1');
    window.history.replaceState(null, '', path);
    await preloadMatchedRoutes(path);

    const recoverableErrors: unknown[] = [];
    render(
      <StrictMode>
        <AppProvider>
          <AppRouter history={createBrowserHistory()} hydrating>
            <AppRoutes />
          </AppRouter>
        </AppProvider>
      </StrictMode>,
      { container, hydrate: true, onRecoverableError: (error) => recoverableErrors.push(error) },
    );

    expect(recoverableErrors).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading); // the same node: hydrated, not rendered anew
    // Every other prerendered page is a marketing page, with the public header's burger.
    const control = path === '/login' ? 'button[type="submit"]' : 'button[aria-label="Open navigation"]';
    await waitFor(() => expect(container.querySelector<HTMLButtonElement>(control)?.disabled).toBe(false));
  });

  it('writes a first-paint shell for every signed-in screen of the router: the header bar and wordmark, nothing to use', () => {
    expect(SIGNED_IN_SHELLS.map((shell) => shell.path)).toEqual(SIGNED_IN_PATHS);
    expect(SIGNED_IN_PATHS).toEqual(expect.arrayContaining(['/home', '/products', '/product-details', '/purchase-order']));
    // Each preloads its own screen's module (the build's manifest must hold it: prerender.mjs fails otherwise).
    const webRoot = path.resolve(import.meta.dirname, '../..');
    for (const shell of SIGNED_IN_SHELLS) {
      for (const module of [...shell.cssModules, ...shell.lazyModules]) expect(existsSync(path.join(webRoot, module)), module).toBe(true);
    }

    const html = renderSignedInShell();
    expect(html).toMatch(/<header class="[^"]+">.*Frameport<\/span>.*<\/header>/s);
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toMatch(/<(button|a|input|script)[\s>]/i);
  });
});
