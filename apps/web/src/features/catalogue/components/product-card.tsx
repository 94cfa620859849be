import type { ColourVariant, Product } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { Anchor, Badge, Button, Card, Text, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Price } from '../../../components/price.tsx';
import { useActing } from '../../../lib/use-acting.ts';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import {
  DISCOUNT_BADGE_COLOR,
  discountBadge,
  frameDimensions,
  isSoldOut,
  OUT_OF_STOCK_BADGE,
  pickInitialVariant,
  productPrice,
  stockLabel,
  variantImage,
} from '../product-display.ts';
import { takesQuantity, useOrderQuantities, type OrderEntry } from '../use-order-quantities.ts';
import { ColourSwatches } from './colour-swatches.tsx';
import { InOrderMarker } from './in-order-marker.tsx';
import { ProductImage } from './product-image.tsx';
import classes from './product-card.module.css';

/**
 * Product details open in a new tab (spec section 2), signed in like this one: the session is in
 * localStorage (lib/session.ts). `rel="opener"` dates from when a session without "Remember me"
 * lived in sessionStorage, which only a tab keeping its opener receives; it stays for a session an
 * older version left there. Same origin, so no reverse-tabnabbing risk.
 */
const NEW_TAB = { target: '_blank', rel: 'opener' } as const;

export function productDetailsPath(productId: number): string {
  return `/product-details?productId=${productId}`;
}

/**
 * One product in a grid: image of the chosen colour, name, model number, price (list price struck
 * through when discounted), discount badge (none for accessories), colour swatches starting on the
 * colour with most stock, and that colour's stock. Opens the details in a new tab. With `orderEntry`,
 * what the order holds of the chosen colour ('In your order: 3'), a quantity for it (none for a
 * colour out of stock) and an Add to order button with the reason beside it when it cannot be pressed.
 */
export function ProductCard({ product, orderEntry }: { product: Product; orderEntry?: OrderEntry }) {
  const titleId = useId();
  // The same colour on every visit (issue 16: most stock, not the spec's random pick).
  const [chosenId, setChosenId] = useState(() => pickInitialVariant(product.productColor)?.productColorId ?? null);
  const variant =
    product.productColor.find((candidate) => candidate.productColorId === chosenId) ?? product.productColor[0] ?? null;

  const href = productDetailsPath(product.productId);
  const soldOut = isSoldOut(product);
  const badge = discountBadge(product);
  const { pricePaise, listPaise } = productPrice(product);
  const { seesListPrices } = useActing();
  const alt = variant ? `${product.productName}, ${variant.frameColor}` : product.productName;

  return (
    <Card component="article" withBorder padding="sm" radius="md" className={classes.card} aria-labelledby={titleId}>
      <div className={classes.media}>
        {/* The name link below is the accessible one; this copy is for pointer users only. */}
        <Link to={href} {...NEW_TAB} tabIndex={-1} aria-hidden="true">
          <ProductImage src={variantImage(product, variant)} alt={alt} />
        </Link>
        <div className={classes.badges}>
          {soldOut ? (
            <Badge color="red.9" variant="filled" radius="sm" size="sm" tt="none">
              {OUT_OF_STOCK_BADGE}
            </Badge>
          ) : (
            <span />
          )}
          {badge && (
            <Badge color={DISCOUNT_BADGE_COLOR} variant="filled" radius="sm" size="sm" tt="none">
              {badge}
            </Badge>
          )}
        </div>
      </div>

      <Anchor
        component={Link}
        to={href}
        {...NEW_TAB}
        id={titleId}
        fw={600}
        size="sm"
        c="dark.8"
        className={classes.name}
      >
        {product.productName}
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </Anchor>
      <div>
        <Text size="xs" c="dimmed" className="tabular" lineClamp={1}>
          Model {product.modelName}
        </Text>
        <Text size="xs" c="dimmed" className="tabular">
          Size {frameDimensions(product)}
        </Text>
      </div>

      <div className={classes.footer}>
        <Price amount={pricePaise} listAmount={listPaise} size="sm" label={seesListPrices ? messages.catalogue.listPrice : undefined} />
        {product.productColor.length > 0 && (
          <ColourSwatches
            variants={product.productColor}
            selectedId={variant?.productColorId ?? null}
            onSelect={(next) => setChosenId(next.productColorId)}
            label={`Colours of ${product.productName}`}
          />
        )}
        {soldOut ? (
          <Text size="xs" c="red.9" fw={500}>
            {messages.product.unavailable}
          </Text>
        ) : (
          <div className={classes.stockLine}>
            <Text size="xs" c={variant && variant.availableStockQuantity > 0 ? 'dimmed' : 'red.9'} className="tabular">
              {stockLabel(variant?.availableStockQuantity ?? 0)}
            </Text>
            {orderEntry?.inOrder && variant && <InOrderMarker pieces={orderEntry.inOrder(product.productId, variant.colorVariant)} />}
          </div>
        )}
        {orderEntry && !soldOut && variant && <CardOrderEntry product={product} variant={variant} entry={orderEntry} />}
      </div>
    </Card>
  );
}

/**
 * The chosen colour's quantity (quantities of other colours chosen before are kept; a colour out of
 * stock takes none) and Add to order, with the reason beside it while it cannot be pressed.
 */
function CardOrderEntry({ product, variant, entry }: { product: Product; variant: ColourVariant; entry: OrderEntry }) {
  const order = useOrderQuantities(product, entry);
  const reasonId = useId();
  return (
    <div>
      <QuantityInput
        size="xs"
        label={messages.quantity.fieldLabel(`${product.productName}, ${variant.frameColor} (${variant.colorVariant})`)}
        value={order.quantityOf(variant)}
        onChange={(quantity) => order.setQuantity(variant, quantity)}
        error={order.errorOf(variant)}
        disabled={!takesQuantity(variant) || order.adding}
      />
      <Button
        fullWidth
        size="xs"
        onClick={() => void order.add()}
        disabled={!order.canAdd}
        loading={order.adding}
        aria-describedby={order.blockedReason ? reasonId : undefined}
      >
        {messages.cart.addToOrder}{order.total > 0 ? ` (${order.total})` : ''}
      </Button>
      {/* The line is kept while empty, so the card does not move when the reason comes and goes. */}
      <Text id={reasonId} size="xs" c="dimmed" mt={4} mih="1.4em" lh={1.4}>
        {order.blockedReason}
      </Text>
    </div>
  );
}
