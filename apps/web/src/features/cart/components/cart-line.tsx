import { formatInr, quantityProblem, rupeesToPaise } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { orderMessages } from '@frameport/domain/messages/orders';
import type { CartItem } from '@frameport/domain/contract';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { Price } from '../../../components/price.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import classes from './cart.module.css';

/** Shown when a purchase-order line is set to 0: Update stays off, Delete removes a line. */
export const ZERO_QUANTITY_HINT = 'Use Delete to remove this line.';

/** Product type 4: accessories, never discounted (spec section 5: they show N/A). */
const ACCESSORY_TYPE_ID = 4;

/**
 * Why a line cannot be saved at a typed quantity, or null (spec section 5, purchase-order
 * quantity): 0, above the stock left (the spec's place-order text with the number), or above the
 * per-colour limit (the spec's text with the limit).
 */
export function lineQuantityError(item: CartItem, quantity: number, maxPerVariant: number | null): string | null {
  if (quantity === 0) return ZERO_QUANTITY_HINT;
  const problem = quantityProblem({ quantity, stock: item.availableStockQuantity, maxPerVariant: item.IsFree ? null : maxPerVariant });
  if (problem === null) return null;
  if (problem.kind === 'stock') return messages.quantity.placeOrderStock(Math.max(0, item.availableStockQuantity));
  if (problem.kind === 'limit' && maxPerVariant !== null) return messages.quantity.modelLimitOf(maxPerVariant);
  return problem.message;
}

/** The line's list price changed since it was added (a price change by the distributor). */
export const priceChangedText = (previousRupees: number): string => `Price changed from ${formatInr(rupeesToPaise(previousRupees))}`;

export function sizeLabel(item: CartItem): string {
  const { EyeSize, NoseBridgeSize, ArmLength } = item;
  return EyeSize === null || NoseBridgeSize === null || ArmLength === null ? 'N/A' : `${EyeSize}-${NoseBridgeSize}-${ArmLength}`;
}

/** The discount column: N/A for accessories (spec section 5), 'N% off' or a rupee amount off, or None. */
export function discountLabel(item: CartItem): string {
  if (item.ProductTypeID === ACCESSORY_TYPE_ID) return 'N/A';
  const discount = item.Discount;
  if (discount === null || discount.TotalDiscount <= 0) return 'None';
  return discount.UsePercentage === '1'
    ? `${discount.DiscountPercentage}% off`
    : `${formatInr(rupeesToPaise(discount.TotalDiscount))} off`;
}

/** A line's accessible name: model, colour and colour variant. */
export function lineName(item: CartItem): string {
  return `${item.ProductName}, ${item.ProductColor} (${item.ColorVariant})`;
}

/** The loaded lines grouped by model, in the order each model first appears. */
export function groupByModel(items: readonly CartItem[]): CartItem[][] {
  const groups = new Map<number, CartItem[]>();
  for (const item of items) groups.set(item.ProductID, [...(groups.get(item.ProductID) ?? []), item]);
  return [...groups.values()];
}

export type CartLineProps = {
  item: CartItem;
  /** The quantity typed for this line (the stored one until it is changed). */
  quantity: number;
  /** The retailer's per-colour limit, or null. */
  maxPerVariant: number | null;
  onQuantityChange: (quantity: number) => void;
  /** Saves `quantity`. */
  onUpdate: () => void;
  onDelete: () => void;
  updating: boolean;
  /** Everything is locked while the order is being placed. */
  locked: boolean;
};

type CartModelGroupProps = {
  /** The lines of one model (one per colour, and a free line when there is one). */
  items: CartItem[];
  lineProps: (item: CartItem) => Omit<CartLineProps, 'item'>;
};

/**
 * One model of the purchase order: its image, name, code, size and discount once, and under it a
 * line per colour.
 */
export function CartModelGroup({ items, lineProps }: CartModelGroupProps) {
  const [first] = items as [CartItem, ...CartItem[]];
  const image = items.find((item) => item.Image)?.Image ?? null;
  return (
    <Paper component="li" withBorder radius="md" p="sm" className={classes.model} aria-label={`${first.ProductName} (${first.ProductCode})`}>
      <div className={classes.modelHead}>
        {image ? (
          <img src={image} alt="" width={96} height={48} loading="lazy" className={classes.lineImage} />
        ) : (
          <span className={classes.lineImage} role="img" aria-label={messages.product.noImage} />
        )}
        <div className={classes.modelInfo}>
          <Text fw={600} size="sm">
            {first.ProductName}
          </Text>
          <Text size="xs" c="dimmed" className="tabular">
            {first.ProductCode} · Size {sizeLabel(first)} · Discount {discountLabel(first)}
          </Text>
        </div>
      </div>
      <ul className={classes.colourLines} aria-label={`Colours of ${first.ProductName}`}>
        {items.map((item) => (
          <CartLine key={item.CartProductDetailId} item={item} {...lineProps(item)} />
        ))}
      </ul>
    </Paper>
  );
}

/**
 * One colour of a model: colour, stock, net unit price (the list price struck through when
 * discounted), a quantity with Update (enabled only for a valid change), the line total before
 * GST and Delete. A problem with the stored quantity (stock fell since it was added, or the
 * per-colour limit) shows from the start; expired lines show the server's message and can only be
 * deleted.
 */
export function CartLine({ item, quantity, maxPerVariant, onQuantityChange, onUpdate, onDelete, updating, locked }: CartLineProps) {
  const stored = item.CartProductTotQuantity;
  const changed = quantity !== stored;
  const error = changed ? lineQuantityError(item, quantity, maxPerVariant) : item.QuantityProblem;
  const canUpdate = changed && error === null && !updating && !locked;
  const name = lineName(item);
  const stock = Math.max(0, item.availableStockQuantity);

  return (
    <li className={classes.line} aria-label={name}>
      <div className={classes.lineColour}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={500}>
            {item.ProductColor} ({item.ColorVariant})
          </Text>
          {item.IsFree && (
            <Badge size="xs" color="teal.8" tt="none">
              Free
            </Badge>
          )}
        </Group>
        <Text size="xs" c={stock === 0 ? 'red.9' : 'dimmed'} className="tabular">
          {stock === 0 ? messages.quantity.outOfStock : messages.quantity.inStock(stock)}
        </Text>
      </div>
      <div className={classes.linePrice}>
        <Text size="xs" c="dimmed">
          Unit price (excl. GST)
        </Text>
        <Price size="sm" amount={rupeesToPaise(item.NetUnitPrice)} listAmount={rupeesToPaise(item.ProductPrice)} />
        {item.PreviousNetPrice !== null && item.PreviousNetPrice !== item.ProductPrice && (
          <Text size="xs" c="#8a4b00" fw={500} className="tabular">
            {priceChangedText(item.PreviousNetPrice)}
          </Text>
        )}
      </div>
      <div className={classes.lineQuantity}>
        {item.IsExpired || item.IsFree ? (
          <>
            <Text size="sm" className="tabular">
              {orderMessages.lineQuantity(stored)}
            </Text>
            {!item.IsExpired && error !== null && (
              <Text size="xs" c="red.9" role="alert">
                {error}
              </Text>
            )}
          </>
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
            <Button size="xs" variant="outline" disabled={!canUpdate} loading={updating} onClick={onUpdate} className={classes.touch}>
              Update
            </Button>
          </Group>
        )}
        {item.IsExpired && (
          <Alert color="orange" variant="light" p={6} mt={4} icon={<IconAlertTriangle size={16} aria-hidden="true" />}>
            <Text size="xs">{item.ExpiredMessage ?? messages.cart.lineExpired}</Text>
          </Alert>
        )}
      </div>
      <Group gap={4} wrap="nowrap" className={classes.lineTotal} align="flex-start">
        <div>
          <Text fw={600} size="sm" className="tabular" ta="right">
            {item.IsExpired ? '—' : formatInr(rupeesToPaise(item.costPriceWithoutGST))}
          </Text>
          <Text size="xs" c="dimmed" ta="right">
            {item.IsExpired ? 'not in the totals' : 'excl. GST'}
          </Text>
        </div>
        <ActionIcon
          variant="subtle"
          color="red.8"
          size="lg"
          className={classes.touch}
          aria-label={messages.cart.deleteLine(name)}
          onClick={onDelete}
          disabled={locked}
        >
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </li>
  );
}
