import { act, render } from '@testing-library/react';
import { createMemoryHistory } from 'history';
import { MemoryRouter } from '../testing/render-app.tsx';
import { describe, expect, it } from 'vitest';
import { useUrlParams, type UrlParamsWrite } from './use-url-params.ts';

function setUp(initial: string) {
  const seen: { write: UrlParamsWrite | null; rendered: string[] } = { write: null, rendered: [] };
  function Screen() {
    const [params, write] = useUrlParams();
    seen.write = write;
    seen.rendered.push(params.toString());
    return null;
  }
  // The app's router renders a history's changes in a transition.
  const history = createMemoryHistory({ initialEntries: [initial] });
  const router = {
    state: { get location() { return history.location; } },
    navigate: (delta: number) => history.go(delta),
  };
  render(
    <MemoryRouter history={history}>
      <Screen />
    </MemoryRouter>,
  );
  const set = (key: string, value: string) => (latest: URLSearchParams) => {
    const next = new URLSearchParams(latest);
    next.set(key, value);
    return next;
  };
  return { router, seen, set };
}

describe('useUrlParams', () => {
  it('builds a write made before the screen rendered the one before on that one, so neither is lost', async () => {
    const { router, seen, set } = setUp('/report?sort=name');
    const write = seen.write!;
    // Both from the same render, as two quick changes on a busy phone are.
    await act(async () => {
      write(set('from', '2026-04-01'), { replace: true });
      write(set('groupBy', 'state'), { replace: true });
    });
    expect(router.state.location.search).toBe('?sort=name&from=2026-04-01&groupBy=state');
    expect(seen.rendered.at(-1)).toBe('sort=name&from=2026-04-01&groupBy=state');
  });

  it('builds on what the screen shows once a navigation has rendered (Back, a link)', async () => {
    const { router, seen, set } = setUp('/report?sort=name');
    await act(async () => seen.write!(set('from', '2026-04-01')));
    await act(async () => router.navigate(-1));
    expect(seen.rendered.at(-1)).toBe('sort=name');
    await act(async () => seen.write!(set('groupBy', 'city')));
    expect(router.state.location.search).toBe('?sort=name&groupBy=city');
  });
});
