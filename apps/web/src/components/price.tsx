import { formatInr, type Paise } from '@frameport/domain';
import { Group, Text, VisuallyHidden, type MantineSize } from '@mantine/core';

type PriceProps = {
  /** What is paid, in paise. */
  amount: Paise;
  /** The list price, struck through beside `amount` when it is higher; null/undefined for none. */
  listAmount?: Paise | null;
  size?: MantineSize;
  /** A word before the price that says what it is ('List price' before a retailer is chosen). */
  label?: string | undefined;
};

/**
 * A price in en-IN rupees with 2 decimals (UI.md): the paid amount in bold and, when discounted,
 * the list price struck through beside it. Screen readers hear which is which; `label` names
 * the price for everyone.
 */
export function Price({ amount, listAmount, size = 'md', label }: PriceProps) {
  const discounted = listAmount !== null && listAmount !== undefined && listAmount > amount;
  return (
    // data-list-price (paise) lets end-to-end tests read the list price without parsing text.
    <Group gap={6} wrap="wrap" align="baseline" className="tabular" data-list-price={discounted ? listAmount : amount}>
      {label && (
        <Text component="span" size="xs" c="dimmed" fw={500}>
          {label}
        </Text>
      )}
      <Text component="span" fw={700} size={size}>
        {discounted && <VisuallyHidden>Price </VisuallyHidden>}
        {formatInr(amount)}
      </Text>
      {discounted && (
        <Text component="s" size="sm" c="dimmed">
          <VisuallyHidden>List price </VisuallyHidden>
          {formatInr(listAmount)}
        </Text>
      )}
    </Group>
  );
}
