import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from 'history';
import { Link, useLocation, useNavigate, useRoutes, type RouteObject } from '../lib/router.tsx';
import { describe, expect, it, vi } from 'vitest';
import { useNavigationBlocker } from '../lib/navigation-blocker.ts';
import { AppRouter } from './app-router.tsx';
import { RouteErrorBoundary } from './routes/route-error.tsx';
import { AppScrollRestoration } from './scroll-restoration.tsx';
import { TestProviders } from '../testing/render-app.tsx';

function Draft() {
  const blocker = useNavigationBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
  return (
    <>
      <h1>Draft</h1>
      <Link to="/elsewhere">Elsewhere</Link>
      {blocker.state === 'blocked' && (
        <div role="dialog" aria-label="Leave?">
          <button type="button" onClick={blocker.reset}>
            Stay
          </button>
          <button type="button" onClick={blocker.proceed}>
            Leave
          </button>
        </div>
      )}
    </>
  );
}

function Broken(): never {
  throw new Error('the screen broke');
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** A navigation that asks to keep the scroll position, as the catalogue's filters do. */
function OtherFilter() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('?filter=1', { preventScrollReset: true })}>
      Same list, other filter
    </button>
  );
}

const TEST_ROUTES: RouteObject[] = [
  { path: 'draft', element: <Draft /> },
  { path: 'elsewhere', element: <Link to="/broken">Break</Link> },
  {
    element: <RouteErrorBoundary />,
    children: [
      { path: 'broken', element: <Broken /> },
      { path: 'fine', element: <p>Fine</p> },
    ],
  },
  { path: '*', element: <OtherFilter /> },
];

function TestRoutes() {
  return useRoutes(TEST_ROUTES);
}

function setUp(initialEntries: string[], initialIndex = initialEntries.length - 1) {
  const history = createMemoryHistory({ initialEntries, initialIndex });
  render(
    <TestProviders>
      <AppRouter history={history}>
        <AppScrollRestoration />
        <Where />
        <TestRoutes />
      </AppRouter>
    </TestProviders>,
  );
  return history;
}

const where = () => screen.getByTestId('where').textContent;

describe('AppRouter', () => {
  it('holds a link back while the screen blocks it: Stay keeps the screen, Leave follows the link', async () => {
    const user = userEvent.setup();
    const history = setUp(['/draft']);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByRole('dialog', { name: 'Leave?' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/draft');

    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(where()).toBe('/draft');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('link', { name: 'Break' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/elsewhere');
  });

  it('takes a blocked Back back to the screen, and goes Back on Leave', async () => {
    const user = userEvent.setup();
    const history = setUp(['/start', '/draft']);
    act(() => history.go(-1));
    expect(screen.getByRole('dialog', { name: 'Leave?' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/draft');
    expect(where()).toBe('/draft');

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(history.location.pathname).toBe('/start');
    expect(await screen.findByRole('button', { name: 'Same list, other filter' })).toBeInTheDocument();
    expect(where()).toBe('/start');
  });

  it('shows the error page in place of a screen that threw, and the next navigation leaves it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const history = setUp(['/broken']);
    expect(screen.getByRole('alert')).toHaveTextContent('Reload page');
    // A screen under the same boundary: it draws again instead of the error page.
    act(() => history.push('/fine'));
    expect(await screen.findByText('Fine')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens a new page at the top, restores where Back and Forward left each page, and stays put when asked', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const scrolledTo = (y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    try {
      const history = setUp(['/one']);
      scrolledTo(640);
      act(() => history.push('/two'));
      expect(where()).toBe('/two');
      expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

      scrolledTo(90);
      act(() => history.go(-1));
      expect(where()).toBe('/one');
      expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
      act(() => history.go(1));
      expect(where()).toBe('/two');
      expect(scrollTo).toHaveBeenLastCalledWith(0, 90);

      scrollTo.mockClear();
      await user.click(screen.getByRole('button', { name: 'Same list, other filter' }));
      expect(history.location.search).toBe('?filter=1');
      expect(scrollTo).not.toHaveBeenCalled();
    } finally {
      scrolledTo(0);
    }
  });
});
