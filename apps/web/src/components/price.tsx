import { formatInr, type Paise } from '@frameport/domain';
import type { MantineSize } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './price.module.css';

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
 * the price for everyone. Plain elements (it is in every card and list row), sized with the
 * theme's font sizes.
 */
export function Price({ amount, listAmount, size = 'md', label }: PriceProps) {
  const discounted = listAmount !== null && listAmount !== undefined && listAmount > amount;
  const sizing = { '--price-fz': `var(--mantine-font-size-${size})`, '--price-lh': `var(--mantine-line-height-${size})` } as CSSProperties;
  return (
    // data-list-price (paise) lets end-to-end tests read the list price without parsing text.
    <div className={`tabular ${classes.price}`} data-list-price={discounted ? listAmount : amount}>
      {label && <span className={classes.label}>{label}</span>}
      <span className={classes.amount} style={sizing}>
        {discounted && <span className={classes.visuallyHidden}>Price </span>}
        {formatInr(amount)}
      </span>
      {discounted && (
        <s className={classes.list}>
          <span className={classes.visuallyHidden}>List price </span>
          {formatInr(listAmount)}
        </s>
      )}
    </div>
  );
}
