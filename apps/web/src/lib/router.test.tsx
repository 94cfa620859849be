import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from 'history';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../testing/render-app.tsx';
import { memo } from 'react';
import { useLocation as useWouterLocation } from 'wouter';
import { Link, useSearchParams, matchRoutes, NavLink, Navigate, Outlet, useLocation, useParams, usePathname, useRoutes, type RouteObject } from './router.tsx';

const leaf = (name: string): RouteObject => ({ element: <p>{name}</p> });

/** The shape of the app's tables (router.tsx, routes/admin/routes.tsx). */
const TABLE: RouteObject[] = [
  {
    path: '/',
    element: <Outlet />,
    children: [
      { index: true, ...leaf('index') },
      { element: <Outlet />, children: [{ path: 'products', ...leaf('products') }] },
      { path: 'admin/*', ...leaf('admin') },
      { path: 'payments/sandbox/:linkId', ...leaf('sandbox') },
      { path: 'catalog', ...leaf('alias') },
      { path: '*', ...leaf('not found') },
    ],
  },
];

const ADMIN: RouteObject[] = [
  {
    element: <Outlet />,
    children: [
      { index: true, ...leaf('dashboard') },
      { path: 'products/new', ...leaf('new product') },
      { path: 'products/:id', ...leaf('product') },
      { path: 'retailers/:id/credit', ...leaf('credit') },
      { path: 'reports', children: [{ path: 'sales', ...leaf('sales') }] },
    ],
  },
  { path: '*', ...leaf('admin not found') },
];

const matched = (routes: RouteObject[], pathname: string, basename?: string) => {
  const matches = matchRoutes(routes, pathname, basename);
  const last = matches?.at(-1);
  return last ? { element: (last.route.element as { props: { children: string } } | undefined)?.props.children, params: last.params } : null;
};

describe('matchRoutes', () => {
  it('finds the branch that takes the whole address, through layouts without a path', () => {
    expect(matched(TABLE, '/')?.element).toBe('index');
    expect(matched(TABLE, '/products')?.element).toBe('products');
    expect(matched(TABLE, '/products/')?.element).toBe('products');
    expect(matched(TABLE, '/catalog')?.element).toBe('alias');
    expect(matched(TABLE, '/products/7')?.element).toBe('not found');
    expect(matched(TABLE, '/nowhere')?.element).toBe('not found');
  });

  it('compares static segments without case, as the old bookmarks need', () => {
    expect(matched(TABLE, '/Products')?.element).toBe('products');
    expect(matched(TABLE, '/CATALOG')?.element).toBe('alias');
  });

  it('reads parameters, decoded, and the splat', () => {
    expect(matched(TABLE, '/payments/sandbox/plink%5F42')).toEqual({ element: 'sandbox', params: { linkId: 'plink_42' } });
    expect(matched(TABLE, '/admin/orders/12')).toEqual({ element: 'admin', params: { '*': 'orders/12' } });
    expect(matched(TABLE, '/admin')).toEqual({ element: 'admin', params: { '*': '' } });
  });

  it('takes a static path before a parameter listed after it, and a descendant table under its base', () => {
    expect(matched(ADMIN, '/admin', '/admin')?.element).toBe('dashboard');
    expect(matched(ADMIN, '/admin/products/new', '/admin')?.element).toBe('new product');
    expect(matched(ADMIN, '/admin/products/9', '/admin')).toEqual({ element: 'product', params: { id: '9' } });
    expect(matched(ADMIN, '/admin/retailers/3/credit', '/admin')).toEqual({ element: 'credit', params: { id: '3' } });
    expect(matched(ADMIN, '/admin/reports/sales', '/admin')?.element).toBe('sales');
    expect(matched(ADMIN, '/admin/products/9/more', '/admin')?.element).toBe('admin not found');
    // Not under the base: nothing.
    expect(matchRoutes(ADMIN, '/products', '/admin')).toBeNull();
  });

  it('matches a parent with a path at its own address when no child does, and never a layout without one', () => {
    expect(matched(ADMIN, '/admin/reports', '/admin')?.element).toBeUndefined();
    expect(matchRoutes(ADMIN, '/admin/reports', '/admin')?.at(-1)?.route.path).toBe('reports');
    expect(matchRoutes([{ element: <Outlet />, children: [{ path: 'a', ...leaf('a') }] }], '/')).toBeNull();
  });
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function Item() {
  return <p>item {useParams().id}</p>;
}

function Filter() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ status: 'Pending' })}>
      Status {params.get('status') ?? 'all'}
    </button>
  );
}

const SCREENS: RouteObject[] = [
  {
    path: 'list',
    element: (
      <>
        <Link to="?status=Pending">Pending</Link>
        <Link to="/items/5">Item 5</Link>
        <Link to="/items/6" target="_blank">
          Item 6 in a new tab
        </Link>
        <Filter />
      </>
    ),
  },
  { path: 'items/:id', element: <Item /> },
  { path: 'old', element: <Navigate to="/list?status=Pending" replace /> },
];

function Screens() {
  return useRoutes(SCREENS);
}

describe('the router on a history', () => {
  it('gives a query-only link the whole address, follows links and reads parameters', async () => {
    const user = userEvent.setup();
    const history = createMemoryHistory({ initialEntries: ['/list'] });
    render(
      <MemoryRouter history={history}>
        <Where />
        <Screens />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Pending' })).toHaveAttribute('href', '/list?status=Pending');
    await user.click(screen.getByRole('button', { name: 'Status all' }));
    expect(await screen.findByRole('button', { name: 'Status Pending' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/list?status=Pending');

    // A link for another window is the browser's: the app stays where it is.
    const newTab = screen.getByRole('link', { name: 'Item 6 in a new tab' });
    expect(newTab).toHaveAttribute('href', '/items/6');
    // After the app's handlers (on its root): jsdom opens no windows.
    const noWindow = (event: Event) => event.preventDefault();
    window.addEventListener('click', noWindow);
    await user.click(newTab);
    window.removeEventListener('click', noWindow);
    expect(history.index).toBe(1);

    await user.click(screen.getByRole('link', { name: 'Item 5' }));
    expect(await screen.findByText('item 5')).toBeInTheDocument();
    expect(history.index).toBe(2);
  });

  it('redirects with Navigate, in place of the entry', async () => {
    const history = createMemoryHistory({ initialEntries: ['/old'] });
    render(
      <MemoryRouter history={history}>
        <Screens />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('button', { name: 'Status Pending' })).toBeInTheDocument();
    expect(history.index).toBe(0);
    expect(history.location.pathname).toBe('/list');
  });

  it('marks a NavLink as the page on show at its address, and under it unless `end`', () => {
    render(
      <MemoryRouter path="/admin/orders/4">
        <NavLink to="/admin" end>
          Dashboard
        </NavLink>
        <NavLink to="/admin/orders">Orders</NavLink>
        <NavLink to="/admin/order">Order</NavLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Order' })).not.toHaveAttribute('aria-current');
  });

  it('draws again on a query change only what reads the query: not the layouts, links or path readers', async () => {
    const drawn = { layout: vi.fn(), links: vi.fn(), path: vi.fn(), query: vi.fn() };
    const renders = () => Object.fromEntries(Object.entries(drawn).map(([part, spy]) => [part, spy.mock.calls.length]));
    const Layout = () => {
      drawn.layout();
      return <Outlet />;
    };
    // What wouter's Link reads: its router (the context) and the location through the router's hook.
    const LinkReader = () => {
      drawn.links();
      return <p data-testid="link-path">{useWouterLocation()[0]}</p>;
    };
    const Path = () => {
      drawn.path();
      return <p data-testid="path">{usePathname()}</p>;
    };
    const Query = () => {
      drawn.query();
      return <p data-testid="query">{useLocation().search}</p>;
    };
    const table: RouteObject[] = [{ Component: Layout, children: [{ path: 'list', element: <Query /> }, { path: 'items/:id', element: <Item /> }] }];
    function Tables() {
      return useRoutes(table);
    }
    // Memoised, as the app's header and footer are below its layout: drawn again only for what they read.
    const Readers = memo(function Readers() {
      return (
        <>
          <LinkReader />
          <Path />
          <NavLink to="/list">List</NavLink>
        </>
      );
    });
    const history = createMemoryHistory({ initialEntries: ['/list'] });
    render(
      <MemoryRouter history={history}>
        <Readers />
        <Tables />
      </MemoryRouter>,
    );
    const before = renders();
    act(() => history.push('/list?status=Pending'));
    expect(await screen.findByTestId('query')).toHaveTextContent('?status=Pending');
    expect(renders()).toEqual({ ...before, query: before.query! + 1 });
    expect(screen.getByRole('link', { name: 'List' })).toHaveAttribute('aria-current', 'page');

    // A new path: its readers are drawn again (the layout's outlet changes, the layout itself reads nothing).
    act(() => history.push('/items/5'));
    expect(await screen.findByText('item 5')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/items/5');
    expect(screen.getByTestId('link-path')).toHaveTextContent('/items/5');
    expect(renders()).toMatchObject({ links: before.links! + 1, path: before.path! + 1 });
    expect(screen.getByRole('link', { name: 'List' })).not.toHaveAttribute('aria-current');
  });
});
