import { render, screen } from '@testing-library/react';
import { act, Profiler } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mantineStableIds } from '../../mantine-ids.ts';
import { useId } from './mantine-use-id.ts';

function Labelled({ staticId, onId }: { staticId?: string; onId: (id: string) => void }) {
  const id = useId(staticId);
  onId(id);
  return <input aria-label="field" id={id} />;
}

describe('useId in the place of Mantine’s', () => {
  it('gives an id on the first render and keeps it, with no second render after mounting', () => {
    const ids: string[] = [];
    let commits = 0;
    const { rerender } = render(
      <Profiler id="field" onRender={() => (commits += 1)}>
        <Labelled onId={(id) => ids.push(id)} />
      </Profiler>,
    );
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^mantine-/);
    expect(screen.getByRole('textbox', { name: 'field' })).toHaveAttribute('id', ids[0]);
    expect(commits).toBe(1);

    rerender(
      <Profiler id="field" onRender={() => (commits += 1)}>
        <Labelled onId={(id) => ids.push(id)} />
      </Profiler>,
    );
    expect(new Set(ids).size).toBe(1);
  });

  it('gives two components two ids, and a static id as it is', () => {
    const ids: string[] = [];
    render(
      <>
        <Labelled onId={(id) => ids.push(id)} />
        <Labelled onId={(id) => ids.push(id)} />
        <Labelled staticId="quantity-12" onId={(id) => ids.push(id)} />
      </>,
    );
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[2]).toBe('quantity-12');
  });

  it('hydrates server-rendered markup to the same id, without a mismatch', async () => {
    const noop = () => undefined;
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Labelled onId={noop} />);
    document.body.append(container);
    const serverId = container.querySelector('input')!.id;
    expect(serverId).toMatch(/^mantine-/);

    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Labelled onId={noop} />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('input')!.id).toBe(serverId);
    container.remove();
  });
});

describe('the build’s replacement of Mantine’s useId module', () => {
  const plugin = mantineStableIds();
  const load = plugin.load as (id: string) => string | null;

  it('answers for Mantine’s module with this one, and for no other module', () => {
    const replaced = load.call({}, '/work/x/node_modules/@mantine/hooks/esm/use-id/use-id.mjs');
    expect(replaced).toMatch(/export \{ useId \} from ".*src\/lib\/mantine-use-id\.ts";/);
    expect(load.call({}, '/work/x/node_modules/@mantine/hooks/esm/use-id/use-id.mjs?v=1')).toBe(replaced);
    expect(load.call({}, '/work/x/node_modules/@mantine/hooks/esm/use-disclosure/use-disclosure.mjs')).toBeNull();
    expect(load.call({}, '/work/x/src/lib/mantine-use-id.ts')).toBeNull();
  });

  it('still has a module to replace: Mantine’s exports useId alone', async () => {
    const { createRequire } = await import('node:module');
    const path = await import('node:path');
    const hooksEntry = createRequire(import.meta.url).resolve('@mantine/hooks');
    const original = path.join(path.dirname(path.dirname(hooksEntry)), 'esm', 'use-id', 'use-id.mjs');
    const module = (await import(/* @vite-ignore */ original)) as Record<string, unknown>;
    expect(Object.keys(module)).toEqual(['useId']);
  });
});
