import { QUANTITY_MAX, QUANTITY_MIN, sanitiseQuantity } from '@frameport/domain';
import { ActionIcon, Group, Input } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
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
  const buttonSize = size === 'xs' ? 30 : 36;
  return (
    // The wrapper ties the inline message to the field (aria-describedby) and reserves its line,
    // so a message appearing does not move the page.
    <Input.Wrapper
      label={showLabel ? label : undefined}
      error={error}
      errorProps={{ role: 'alert', c: 'red.8' }}
      size={size}
      mih={buttonSize + (showLabel ? 46 : 22)}
    >
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          size={buttonSize}
          className={classes.step}
          aria-label={`Decrease ${label.toLowerCase()}`}
          disabled={disabled || value <= QUANTITY_MIN}
          onClick={() => onChange(Math.max(QUANTITY_MIN, Math.min(value, max + 1) - 1))}
        >
          <IconMinus size={14} aria-hidden="true" />
        </ActionIcon>
        <Input
          aria-label={showLabel ? undefined : label}
          size={size}
          w={64}
          className={classes.field}
          inputMode="numeric"
          autoComplete="off"
          value={String(value)}
          disabled={disabled}
          error={error !== null}
          onChange={(event) => onChange(sanitiseQuantity(event.currentTarget.value.replace(/[^\d-]/g, '')))}
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { textAlign: 'center', fontVariantNumeric: 'tabular-nums' } }}
        />
        <ActionIcon
          variant="default"
          size={buttonSize}
          className={classes.step}
          aria-label={`Increase ${label.toLowerCase()}`}
          disabled={disabled || value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
        >
          <IconPlus size={14} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </Input.Wrapper>
  );
}
