import type { BuyAgainProduct, ColourVariant } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { buyAgainMessages } from '@frameport/domain/messages/buy-again';
import { Anchor, Button, Card, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Link } from '../lib/router.tsx';
import { Price } from '../components/price.tsx';
import { QuantityInput } from '../components/quantity-input.tsx';
import { productPrice, stockLabel, variantImage } from '../features/catalogue/product-display.ts';
import { productDetailsPath } from '../features/catalogue/components/product-card.tsx';
import { ProductImage } from '../features/catalogue/components/product-image.tsx';
import { useOrderQuantities, type OrderEntry } from '../features/catalogue/use-order-quantities.ts';
import classes from './buy-again-card.module.css';

/**
 * One style of /home's Buy again, compact: picture, name (the product page in a new tab, as on the
 * catalogue's cards), model, price, how many pieces were ordered before, then a quantity per colour
 * in stock and one Add to order, with the catalogue's own rules (useOrderQuantities). Composed here
 * from the catalogue's pieces, since home and catalogue are separate features.
 */
export function BuyAgainCard({ product, entry }: { product: BuyAgainProduct; entry: OrderEntry }) {
  const titleId = useId();
  const order = useOrderQuantities(product, entry);
  const { pricePaise, listPaise } = productPrice(product);
  const first = product.productColor[0] ?? null;

  return (
    <Card component="article" withBorder padding="sm" radius="md" className={classes.card} aria-labelledby={titleId}>
      <div className={classes.head}>
        <ProductImage src={variantImage(product, first)} alt="" />
        <div>
          <Anchor
            component={Link}
            to={productDetailsPath(product.productId)}
            target="_blank"
            rel="opener"
            id={titleId}
            fw={600}
            size="sm"
            c="dark.8"
            className={classes.name}
          >
            {product.productName}
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Anchor>
          <Text size="xs" c="dimmed" className="tabular" lineClamp={1}>
            Model {product.modelName}
          </Text>
          <Price amount={pricePaise} listAmount={listPaise} size="sm" />
          <Text size="xs" c="dimmed" className="tabular">
            {buyAgainMessages.piecesOrdered(product.piecesOrdered)}
          </Text>
        </div>
      </div>

      <ul className={classes.colours} aria-label={`Colours of ${product.productName}`}>
        {product.productColor.map((variant) => (
          <ColourQuantity
            key={variant.productColorId}
            productName={product.productName}
            variant={variant}
            value={order.quantityOf(variant)}
            error={order.errorOf(variant)}
            onChange={(quantity) => order.setQuantity(variant, quantity)}
          />
        ))}
      </ul>

      <Button fullWidth className={classes.add} onClick={() => void order.add()} disabled={!order.canAdd} loading={order.adding}>
        {messages.cart.addToOrder}
        {order.total > 0 ? ` (${order.total})` : ''}
      </Button>
    </Card>
  );
}

type ColourQuantityProps = {
  productName: string;
  variant: ColourVariant;
  value: number;
  error: string | null;
  onChange: (quantity: number) => void;
};

function ColourQuantity({ productName, variant, value, error, onChange }: ColourQuantityProps) {
  const colour = `${variant.frameColor} (${variant.colorVariant})`;
  return (
    <li className={classes.colour}>
      <span className={classes.colourName}>
        <span className={classes.dot} style={{ background: variant.frameColorCode }} aria-hidden="true" />
        <span>
          {colour}
          <Text component="span" display="block" size="xs" c="dimmed" className="tabular">
            {stockLabel(variant.availableStockQuantity)}
          </Text>
        </span>
      </span>
      <QuantityInput
        label={messages.quantity.fieldLabel(`${productName}, ${colour}`)}
        value={value}
        onChange={onChange}
        error={error}
      />
    </li>
  );
}
