import { QUANTITY_MAX, QUANTITY_MIN, sanitiseQuantity } from '@frameport/domain';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import classes from './quantity-input.module.css';

type QuantityInputProps = {
  /** The accessible name of the field, e.g. 'Quantity of Black (C1)'. */
  label: string;
  /** Show the label above the field (otherwise it is for screen readers only). */
  showLabel?: boolean;
  value: number;
  /** Always called with a whole number ≥ 0 (negative, empty or NaN become 0; spec section 5). */
  onChange: (quantity: number) => void;
  /** The rule broken by `value`, shown inline under the field. */
  error?: string | null;
  /** The plus button stops here (100, spec section 9); typing more shows the range message. */
  max?: number;
  disabled?: boolean;
  size?: 'xs' | 'sm';
};

/**
 * The one quantity entry (cards, list rows, product details, express checkout, purchase order):
 * minus, a numeric field and plus, with the rule's message inline. It never blocks typing a number
 * above the cap, so the spec's 'Please enter quantity between 0 to 100' can be shown. Compact on a
 * desktop (`size`), 44×44 px on a phone (its stylesheet).
 *
 * Plain elements drawn as Mantine's Input.Wrapper, ActionIcon and Input drew them (its stylesheet):
 * a page of cards holds up to 28 of these, and the Mantine version was 13 components each, whose
 * props, styles and theme lookups were a good part of drawing a page of results (issue 19 item 4).
 */
export function QuantityInput({
  label,
  showLabel = false,
  value,
  onChange,
  error = null,
  max = QUANTITY_MAX,
  disabled = false,
  size = 'sm',
}: QuantityInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = error !== null;
  return (
    // The root reserves the message's line, so a message appearing does not move the page.
    <div className={classes.root} data-size={size} data-labelled={showLabel || undefined}>
      {showLabel && (
        <label htmlFor={id} className={classes.label}>
          {label}
        </label>
      )}
      <div className={classes.row}>
        <button
          type="button"
          className={`mantine-focus-auto mantine-active ${classes.step}`}
          aria-label={`Decrease ${label.toLowerCase()}`}
          disabled={disabled || value <= QUANTITY_MIN}
          onClick={() => onChange(Math.max(QUANTITY_MIN, Math.min(value, max + 1) - 1))}
        >
          <IconMinus size={14} aria-hidden="true" />
        </button>
        <input
          id={id}
          className={classes.field}
          aria-label={showLabel ? undefined : label}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          inputMode="numeric"
          autoComplete="off"
          value={String(value)}
          disabled={disabled}
          onChange={(event) => onChange(sanitiseQuantity(event.currentTarget.value.replace(/[^\d-]/g, '')))}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className={`mantine-focus-auto mantine-active ${classes.step}`}
          aria-label={`Increase ${label.toLowerCase()}`}
          disabled={disabled || value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
        >
          <IconPlus size={14} aria-hidden="true" />
        </button>
      </div>
      {invalid && (
        <p id={errorId} role="alert" className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}
