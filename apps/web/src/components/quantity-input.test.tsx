import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { QuantityInput } from './quantity-input.tsx';
import { TestProviders } from '../testing/render-app.tsx';

function Harness({ initial = 0, error = null }: { initial?: number; error?: string | null }) {
  const [value, setValue] = useState(initial);
  return <QuantityInput label="Quantity of Black (C1)" value={value} onChange={setValue} error={error} />;
}

function renderInput(props: { initial?: number; error?: string | null } = {}) {
  return render(
    <TestProviders>
      <Harness {...props} />
    </TestProviders>,
  );
}

describe('QuantityInput', () => {
  it('has an accessible name and turns negative or non-numeric input into 0', async () => {
    const user = userEvent.setup();
    renderInput({ initial: 4 });
    const field = screen.getByRole('textbox', { name: 'Quantity of Black (C1)' });

    fireEvent.change(field, { target: { value: '-7' } });
    expect(field).toHaveValue('0');

    fireEvent.change(field, { target: { value: '4' } });
    fireEvent.change(field, { target: { value: 'abc' } });
    expect(field).toHaveValue('0');

    await user.clear(field);
    await user.type(field, '-');
    expect(field).toHaveValue('0');

    await user.type(field, '12');
    expect(field).toHaveValue('12');
  });

  it('steps with minus and plus, stops at 0 and at 100', async () => {
    const user = userEvent.setup();
    renderInput({ initial: 99 });
    const plus = screen.getByRole('button', { name: 'Increase quantity of black (c1)' });

    await user.click(plus);
    expect(screen.getByRole('textbox')).toHaveValue('100');
    expect(plus).toBeDisabled();

    await user.clear(screen.getByRole('textbox'));
    expect(screen.getByRole('button', { name: 'Decrease quantity of black (c1)' })).toBeDisabled();
  });

  it('shows the rule it breaks inline and marks the field invalid', () => {
    renderInput({ initial: 20, error: 'Only 12 available in stock!' });
    expect(screen.getByRole('alert')).toHaveTextContent('Only 12 available in stock!');
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox')).toHaveAccessibleDescription('Only 12 available in stock!');
  });
});
