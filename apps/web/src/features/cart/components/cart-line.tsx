import { formatInr, quantityProblem, rupeesToPaise } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import type { CartItem } from '@frameport/domain/contract';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import classes from './cart.module.css';

/** Shown when a purchase-order line is set to 0: Update stays off, Delete removes a line. */
export const ZERO_QUANTITY_HINT = 'Use Delete to remove this item.';

/** Why a line's typed quantity cannot be saved, or null (spec section 5, purchase-order quantity). */
export function lineQuantityError(item: CartItem, quantity: number): string | null {
  if (quantity === 0) return ZERO_QUANTITY_HINT;
  const problem = quantityProblem({ quantity, stock: item.availableStockQuantity });
  if (problem === null) return null;
  return problem.kind === 'stock' ? messages.quantity.placeOrderStock(Math.max(0, item.availableStockQuantity)) : problem.message;
}

export function sizeLabel(item: CartItem): string {
  const { EyeSize, NoseBridgeSize, ArmLength } = item;
  return EyeSize === null || NoseBridgeSize === null || ArmLength === null ? 'N/A' : `${EyeSize}-${NoseBridgeSize}-${ArmLength}`;
}

function discountLabel(item: CartItem): string {
  const discount = item.Discount;
  if (discount === null || discount.TotalDiscount <= 0) return 'None';
  return discount.UsePercentage === '1'
    ? `${discount.DiscountPercentage}% off`
    : `${formatInr(rupeesToPaise(discount.TotalDiscount))} off`;
}

type CartLineProps = {
  item: CartItem;
  /** The quantity typed for this line (the stored one until it is changed). */
  quantity: number;
  onQuantityChange: (quantity: number) => void;
  /** Saves `quantity`. */
  onUpdate: () => void;
  onDelete: () => void;
  updating: boolean;
  /** Everything is locked while the order is being placed. */
  locked: boolean;
};

/**
 * One purchase-order line: image, name, colour, size, price, discount, a quantity with Update
 * (enabled only for a valid change), the line total and Delete. Expired lines show the server's
 * message and can only be deleted.
 */
export function CartLine({ item, quantity, onQuantityChange, onUpdate, onDelete, updating, locked }: CartLineProps) {
  const stored = item.CartProductTotQuantity;
  const changed = quantity !== stored;
  const error = changed ? lineQuantityError(item, quantity) : null;
  const canUpdate = changed && error === null && !updating && !locked;
  const name = `${item.ProductName}, ${item.ProductColor} (${item.ColorVariant})`;

  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.line} aria-label={name}>
      {item.Image ? (
        <img src={item.Image} alt="" width={96} height={48} loading="lazy" className={classes.lineImage} />
      ) : (
        <span className={classes.lineImage} role="img" aria-label={messages.product.noImage} />
      )}
      <div className={classes.lineInfo}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm">
            {item.ProductName}
          </Text>
          {item.IsFree && (
            <Badge size="xs" color="teal.8" tt="none">
              Free
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" className="tabular">
          {item.ProductCode} · Colour {item.ProductColor} ({item.ColorVariant}) · Size {sizeLabel(item)}
        </Text>
        <Text size="xs" c="dimmed" className="tabular">
          Price {formatInr(rupeesToPaise(item.ProductPrice))} · Discount {discountLabel(item)}
        </Text>
        {item.IsExpired && (
          <Alert color="orange" variant="light" p={6} mt={4} icon={<IconAlertTriangle size={16} aria-hidden="true" />}>
            <Text size="xs">{item.ExpiredMessage ?? messages.cart.lineExpired}</Text>
          </Alert>
        )}
      </div>
      <div className={classes.lineQuantity}>
        {item.IsExpired || item.IsFree ? (
          <Text size="sm" className="tabular">
            Qty {stored}
          </Text>
        ) : (
          <Group gap={6} align="flex-start" wrap="nowrap">
            <QuantityInput
              size="xs"
              label={messages.quantity.fieldLabel(name)}
              value={quantity}
              onChange={onQuantityChange}
              error={error}
              disabled={locked}
            />
            <Button
              size="xs"
              variant="outline"
              disabled={!canUpdate}
              loading={updating}
              onClick={onUpdate}
            >
              Update
            </Button>
          </Group>
        )}
      </div>
      <Group gap={4} wrap="nowrap" className={classes.lineTotal}>
        <Text fw={600} size="sm" className="tabular" ta="right">
          {item.IsExpired ? '—' : formatInr(rupeesToPaise(item.CartProductTotPrice))}
        </Text>
        <ActionIcon variant="subtle" color="red.8" aria-label={messages.cart.deleteLine(name)} onClick={onDelete} disabled={locked}>
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
