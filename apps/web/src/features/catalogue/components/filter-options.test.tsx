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

function renderOptions(selected: number[], onChange = vi.fn()) {
  const view = render(
    <TestProviders>
      <FilterOptions filter={shapes} selected={selected} onChange={onChange} />
    </TestProviders>,
  );
  const rerender = (next: number[]) =>
    view.rerender(
      <TestProviders>
        <FilterOptions filter={shapes} selected={next} onChange={onChange} />
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
});
