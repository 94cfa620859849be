import type { Filter } from '@frameport/domain/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../testing/render-app.tsx';
import { FilterOptions } from './filter-options.tsx';

const shapes: Filter = {
  Key: 'frameShapeId',
  Type: 'In',
  Name: 'Frame Shape',
  Data: [
    { Id: 1, Name: 'Aviator' },
    { Id: 2, Name: 'Round' },
  ],
};

function renderOptions(selected: number[], onChange = vi.fn(), counts?: Record<number, number>) {
  const countOf = counts && ((id: number) => counts[id] ?? null);
  const view = render(
    <TestProviders>
      <FilterOptions filter={shapes} selected={selected} onChange={onChange} countOf={countOf} />
    </TestProviders>,
  );
  const rerender = (next: number[]) =>
    view.rerender(
      <TestProviders>
        <FilterOptions filter={shapes} selected={next} onChange={onChange} countOf={countOf} />
      </TestProviders>,
    );
  return { onChange, rerender };
}

describe('FilterOptions', () => {
  it('shows a tick at once, while the URL it writes has not been rendered yet', async () => {
    const user = userEvent.setup();
    // The URL (the `selected` prop) stays as it was: a navigation still on its way.
    const { onChange } = renderOptions([]);

    await user.click(screen.getByRole('checkbox', { name: 'Round' }));
    expect(onChange).toHaveBeenLastCalledWith([2]);
    expect(screen.getByRole('checkbox', { name: 'Round' })).toBeChecked();

    // A second tick builds on the first one shown, not on the URL's empty list.
    await user.click(screen.getByRole('checkbox', { name: 'Aviator' }));
    expect(onChange).toHaveBeenLastCalledWith([2, 1]);
    expect(screen.getByRole('checkbox', { name: 'Aviator' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Round' })).toBeChecked();
  });

  it('follows the URL again once it moves (the tick arrived, or Back, or a removed chip)', async () => {
    const user = userEvent.setup();
    const { rerender } = renderOptions([]);
    await user.click(screen.getByRole('checkbox', { name: 'Round' }));

    rerender([1]);
    expect(screen.getByRole('checkbox', { name: 'Aviator' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Round' })).not.toBeChecked();

    // Back to the URL the tick was made on: the old tick does not come back.
    rerender([]);
    expect(screen.getByRole('checkbox', { name: 'Aviator' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Round' })).not.toBeChecked();
  });

  it('shows how many styles each option would give, in its accessible name', () => {
    renderOptions([], vi.fn(), { 1: 1312, 2: 7 });

    expect(screen.getByRole('checkbox', { name: 'Aviator (1,312)' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Round (7)' })).toBeEnabled();
  });

  it('greys out an option that would give nothing, so it cannot be ticked', async () => {
    const user = userEvent.setup();
    const { onChange } = renderOptions([], vi.fn(), { 1: 12, 2: 0 });

    const round = screen.getByRole('checkbox', { name: 'Round (0)' });
    expect(round).toBeDisabled();
    await user.click(round);
    expect(onChange).not.toHaveBeenCalled();
    expect(round).not.toBeChecked();
  });

  it('keeps a chosen option that now gives nothing enabled, so it can be cleared', async () => {
    const user = userEvent.setup();
    // Round was chosen; another group's choice since leaves no round style.
    const { onChange } = renderOptions([2], vi.fn(), { 1: 12, 2: 0 });

    const round = screen.getByRole('checkbox', { name: 'Round (0)' });
    expect(round).toBeChecked();
    expect(round).toBeEnabled();
    await user.click(round);
    expect(onChange).toHaveBeenLastCalledWith([]);
    // Cleared, it would give nothing: now it is greyed out like any other.
    expect(round).not.toBeChecked();
    expect(round).toBeDisabled();
  });

  it('shows no counts and disables nothing while the counts are not known', () => {
    renderOptions([], vi.fn(), {});

    expect(screen.getByRole('checkbox', { name: 'Aviator' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Round' })).toBeEnabled();
  });
});
