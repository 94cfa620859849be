import { ActionIcon } from '@mantine/core';
import { IconBolt, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './header.module.css';

export const PURCHASE_ORDER_PATH = '/purchase-order';
export const EXPRESS_CHECKOUT_PATH = '/express-checkout';

/**
 * The header's order shortcuts. The cart's count badge and hover summary come with the cart;
 * express checkout lives in the phone menu below 768 px to keep the row compact.
 */
export function OrderLinks() {
  return (
    <>
      <ActionIcon
        component={Link}
        to={EXPRESS_CHECKOUT_PATH}
        variant="transparent"
        size={40}
        className={`${classes.iconButton} ${classes.fromTablet}`}
        aria-label="Express checkout"
      >
        <IconBolt size={22} stroke={1.8} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon
        component={Link}
        to={PURCHASE_ORDER_PATH}
        variant="transparent"
        size={40}
        className={classes.iconButton}
        aria-label="Purchase order"
      >
        <IconShoppingCart size={22} stroke={1.8} aria-hidden="true" />
      </ActionIcon>
    </>
  );
}
