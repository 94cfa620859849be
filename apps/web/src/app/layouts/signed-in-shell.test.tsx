import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '../../testing/intersection-observer.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { fakeShellServer, pageContent, productsQueryOf, signIn, stubBrowserApis } from '../../testing/signed-in-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

/** /home, signed in; with the fake server's `fetch`, to read what was asked. */
async function openHome() {
  const fetch = fakeShellServer();
  signIn();
  const view = renderApp('/home');
  // The first render loads the route's chunk: slow on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' }, { timeout: 5000 });
  return { ...view, fetch };
}

function header() {
  return screen.getByRole('banner');
}

describe('header search', () => {
  it('goes to /products?searchText= with the trimmed text on Enter', async () => {
    const user = userEvent.setup();
    const { router } = await openHome();

    const toggle = within(header()).getByRole('button', { name: 'Search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const box = within(header()).getByRole('searchbox', { name: 'Search frames and sunglasses' });
    expect(box).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.type(box, '  aviator   gold {Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ searchText: 'aviator gold' });
    // The box closes behind the search.
    expect(within(header()).queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('does nothing for empty text: Enter stays put, the icon closes the box', async () => {
    const user = userEvent.setup();
    const { router } = await openHome();

    const toggle = within(header()).getByRole('button', { name: 'Search' });
    await user.click(toggle);
    await user.type(within(header()).getByRole('searchbox'), '   {Enter}');
    expect(router.state.location.pathname).toBe('/home');
    expect(within(header()).getByRole('searchbox')).toBeVisible();

    await user.click(toggle);
    expect(router.state.location.pathname).toBe('/home');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(header()).queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('searches with the icon too, and Escape closes the box and returns focus', async () => {
    const user = userEvent.setup();
    const { router } = await openHome();
    const toggle = within(header()).getByRole('button', { name: 'Search' });

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(within(header()).queryByRole('searchbox')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.type(within(header()).getByRole('searchbox'), 'VX-AV-1023');
    await user.click(toggle);
    await waitFor(() => expect(router.state.location.search).toBe('?searchText=VX-AV-1023'));
  });
});

describe('header menus and links', () => {
  it('lists the genders under Frames as /products?genderIdList= links', async () => {
    const user = userEvent.setup();
    await openHome();
    const nav = within(header()).getByRole('navigation', { name: 'Main' });

    await user.click(within(nav).getByRole('button', { name: 'Frames' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');

    expect(items.map((item) => item.textContent)).toEqual(['Men', 'Women', 'Kids']);
    expect(items.map((item) => productsQueryOf(item))).toEqual([
      { path: '/products', params: { genderIdList: '1' } },
      { path: '/products', params: { genderIdList: '2' } },
      { path: '/products', params: { genderIdList: '3' } },
    ]);
  });

  it('narrows the Sunglasses links to the Sunglasses product type, and opens and closes from the keyboard', async () => {
    const user = userEvent.setup();
    const { router } = await openHome();
    const sunglasses = () => within(header()).getByRole('button', { name: 'Sunglasses' });

    // The first paint has a stand-in button; Enter loads the menu, which takes its place and opens.
    sunglasses().focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const trigger = sunglasses();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getAllByRole('menuitem').map((item) => productsQueryOf(item).params)).toEqual([
      { genderIdList: '1', productTypeId: '2' },
      { genderIdList: '2', productTypeId: '2' },
      { genderIdList: '3', productTypeId: '2' },
    ]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();

    await user.keyboard(' ');
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Women' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ genderIdList: '2', productTypeId: '2' });
  });

  it('opens Frames when the mouse rests on its button and closes it when the mouse leaves, the first time too', async () => {
    const user = userEvent.setup();
    await openHome();
    const nav = within(header()).getByRole('navigation', { name: 'Main' });

    // The first paint's stand-in: the menu's code loads, then the menu opens as a hover opens it.
    await user.hover(within(nav).getByRole('button', { name: 'Frames' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Men', 'Women', 'Kids']);
    expect(within(nav).getByRole('button', { name: 'Frames' })).toHaveAttribute('aria-expanded', 'true');

    // A browser finds the pointer over the menu's own button once it has replaced the stand-in;
    // user-event keeps it on the element it last moved over, so it is moved there first.
    const frames = within(nav).getByRole('button', { name: 'Frames' });
    await user.hover(frames);
    await user.unhover(frames);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('says so in the menus when the categories cannot be loaded', async () => {
    fakeShellServer({ filters: 'fail' });
    signIn();
    const user = userEvent.setup();
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' });

    await user.click(within(header()).getByRole('button', { name: 'Frames' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Categories could not be loaded' })).toBeDisabled());
  });

  it('links the logo home and the order icons to the purchase order and express checkout', async () => {
    await openHome();

    expect(within(header()).getByRole('link', { name: 'Frameport' })).toHaveAttribute('href', '/home');
    expect(within(header()).getByRole('link', { name: 'Purchase order' })).toHaveAttribute('href', '/purchase-order');
    expect(within(header()).getByRole('link', { name: 'Express checkout' })).toHaveAttribute('href', '/express-checkout');
  });

  it('puts Home, the gender links, the order links and Logout in the phone menu', async () => {
    const user = userEvent.setup();
    await openHome();

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const menu = within(await screen.findByRole('navigation', { name: 'Menu' }));

    expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    const frames = menu.getByRole('button', { name: 'Frames' });
    expect(frames).toHaveAttribute('aria-expanded', 'false');
    await user.click(frames);
    expect(frames).toHaveAttribute('aria-expanded', 'true');
    // The group opens over two animation frames.
    expect(productsQueryOf(await menu.findByRole('link', { name: 'Kids' })).params).toEqual({ genderIdList: '3' });

    await user.click(menu.getByRole('button', { name: 'Sunglasses' }));
    await waitFor(() => expect(menu.getAllByRole('link', { name: 'Kids' })).toHaveLength(2));
    const kidsLinks = menu.getAllByRole('link', { name: 'Kids' }).map((link) => productsQueryOf(link).params);
    expect(kidsLinks).toEqual([{ genderIdList: '3' }, { genderIdList: '3', productTypeId: '2' }]);

    expect(menu.getByRole('link', { name: 'Purchase order' })).toHaveAttribute('href', '/purchase-order');
    expect(menu.getByRole('link', { name: 'Express checkout' })).toHaveAttribute('href', '/express-checkout');
    expect(menu.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});

describe('footer', () => {
  it('shows the corporate address, email, phone and the year from the FOOTER page', async () => {
    await openHome();
    const footer = within(screen.getByRole('contentinfo'));

    expect(await footer.findByText('4th Floor, Cyber Pearl, HITEC City, Hyderabad 500081')).toBeInTheDocument();
    expect(footer.getByRole('link', { name: 'support@frameport.test' })).toHaveAttribute('href', 'mailto:support@frameport.test');
    expect(footer.getByRole('link', { name: '+91 40 4012 3456' })).toHaveAttribute('href', 'tel:+914040123456');
    expect(await footer.findByText('© 2026 Frameport')).toBeInTheDocument();
  });

  it('links Products by gender and the Support and Legal pages', async () => {
    await openHome();
    const footer = within(screen.getByRole('contentinfo'));

    const products = within(footer.getByRole('navigation', { name: 'Products' }));
    await waitFor(() => expect(products.getAllByRole('link')).toHaveLength(3));
    expect(productsQueryOf(products.getByRole('link', { name: 'Women' })).params).toEqual({ genderIdList: '2' });

    const support = within(footer.getByRole('navigation', { name: 'Support' }));
    expect(support.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['About us', '/support?pageName=ABOUTUS'],
      ['Contact us', '/support?pageName=CONTACTUS'],
      ['Order tracking', '/support?pageName=ORDERTRACKING'],
      ['FAQs', '/support?pageName=FAQS'],
      ['After sales services', '/support?pageName=AFTERSALESERVICES'],
      ['Product warranty', '/support?pageName=PRODUCTWARRANTY'],
      ['Shipping & returns', '/support?pageName=SHIPPINGANDRETURNS'],
    ]);
    const legal = within(footer.getByRole('navigation', { name: 'Legal' }));
    expect(legal.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Terms & conditions', '/support?pageName=TERMSANDCONDITIONS'],
      ['Code of business conduct', '/support?pageName=CODEOFBUSINESSCONDUCT'],
      ['Business ethics', '/support?pageName=BUSINESSETHICS'],
      ['Payment policy', '/support?pageName=PAYMENTPOLICY'],
    ]);
  });

  // Issue 19 item 5: below the fold, its two requests waited in line with the screen's own data and code.
  it('asks for the address and the year only when the reader nears the footer', async () => {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { fetch } = await openHome();
    const asked = () => fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.queryByText('support@frameport.test')).not.toBeInTheDocument();
    expect(asked()).not.toContain('/api/Home/getCorporateDetails');
    expect(asked()).not.toContain('/api/Home/GetPages');

    act(() => FakeIntersectionObserver.instances.forEach((observer) => observer.reach()));
    expect(await footer.findByText('4th Floor, Cyber Pearl, HITEC City, Hyderabad 500081')).toBeInTheDocument();
    expect(await footer.findByText('© 2026 Frameport')).toBeInTheDocument();
  });

  it('leaves the copyright out until the year is known', async () => {
    fakeShellServer({ pages: { FOOTER: pageContent({ Year: null }) } });
    signIn();
    renderApp('/home');
    const footer = within(await screen.findByRole('contentinfo'));

    expect(await footer.findByText('support@frameport.test')).toBeInTheDocument();
    expect(footer.queryByText(/©/)).not.toBeInTheDocument();
  });
});
