import type { ColourVariant, Product } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { memo, useId, useState, type CSSProperties } from 'react';
import { Link } from '../../../lib/router.tsx';
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

const DISCOUNT_BADGE_STYLE = { '--badge-bg': DISCOUNT_BADGE_COLOR } as CSSProperties;

export function productDetailsPath(productId: number): string {
  return `/product-details?productId=${productId}`;
}

type ProductCardProps = {
  product: Product;
  orderEntry?: OrderEntry;
  /** One of the first cards of a page: its image is the page's largest paint, so it loads at once. */
  imagePriority?: boolean;
};

/**
 * One product in a grid: image of the chosen colour, name, model number, price (list price struck
 * through when discounted), discount badge (none for accessories), colour swatches starting on the
 * colour with most stock, and that colour's stock. Opens the details in a new tab. With `orderEntry`,
 * what the order holds of the chosen colour ('In your order: 3'), a quantity for it (none for a
 * colour out of stock) and an Add to order button with the reason beside it when it cannot be pressed.
 */
export function ProductCard(props: ProductCardProps) {
  const { seesListPrices } = useActing();
  return <ProductCardView {...props} seesListPrices={seesListPrices} />;
}

/**
 * The card itself, for a grid that reads who is acting once for all its cards (ProductGrid).
 * Plain elements and a CSS module rather than Mantine components, and memoised: a page holds up to
 * 28 cards, and a filter tap re-renders the grid (dimmed) before its new results arrive.
 */
export const ProductCardView = memo(function ProductCardView({ product, orderEntry, imagePriority = false, seesListPrices }: ProductCardProps & { seesListPrices: boolean }) {
  const titleId = useId();
  // The same colour on every visit (issue 16: most stock, not the spec's random pick).
  const [chosenId, setChosenId] = useState(() => pickInitialVariant(product.productColor)?.productColorId ?? null);
  const variant =
    product.productColor.find((candidate) => candidate.productColorId === chosenId) ?? product.productColor[0] ?? null;

  const href = productDetailsPath(product.productId);
  const soldOut = isSoldOut(product);
  const badge = discountBadge(product);
  const { pricePaise, listPaise } = productPrice(product);
  const alt = variant ? `${product.productName}, ${variant.frameColor}` : product.productName;

  return (
    <article className={classes.card} aria-labelledby={titleId}>
      <div className={classes.media}>
        {/* The name link below is the accessible one; this copy is for pointer users only. */}
        <Link to={href} {...NEW_TAB} tabIndex={-1} aria-hidden="true">
          <ProductImage src={variantImage(product, variant)} alt={alt} priority={imagePriority} />
        </Link>
        <div className={classes.badges}>
          {soldOut ? (
            <div className={`${classes.badge} ${classes.soldOutBadge}`}>
              <span>{OUT_OF_STOCK_BADGE}</span>
            </div>
          ) : (
            <span />
          )}
          {badge && (
            <div className={classes.badge} style={DISCOUNT_BADGE_STYLE}>
              <span>{badge}</span>
            </div>
          )}
        </div>
      </div>

      <Link to={href} {...NEW_TAB} id={titleId} className={`mantine-focus-auto ${classes.name}`}>
        {/* Clamped to two lines inside the link, which may be taller (a phone's 44 px target). */}
        <span className={classes.nameText}>{product.productName}</span>
        <span className={classes.visuallyHidden}> (opens in a new tab)</span>
      </Link>
      <div>
        <p className={`tabular ${classes.small} ${classes.dimmed} ${classes.oneLine}`}>Model {product.modelName}</p>
        <p className={`tabular ${classes.small} ${classes.dimmed}`}>Size {frameDimensions(product)}</p>
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
          <p className={`${classes.small} ${classes.alert} ${classes.soldOutText}`}>{messages.product.unavailable}</p>
        ) : (
          <div className={classes.stockLine}>
            <p className={`tabular ${classes.small} ${variant && variant.availableStockQuantity > 0 ? classes.dimmed : classes.alert}`}>
              {stockLabel(variant?.availableStockQuantity ?? 0)}
            </p>
            {orderEntry?.inOrder && variant && <InOrderMarker pieces={orderEntry.inOrder(product.productId, variant.colorVariant)} />}
          </div>
        )}
        {orderEntry && !soldOut && variant && <CardOrderEntry product={product} variant={variant} entry={orderEntry} />}
      </div>
    </article>
  );
});

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
      <button
        type="button"
        className={`mantine-focus-auto mantine-active ${classes.add}`}
        onClick={() => void order.add()}
        disabled={!order.canAdd || order.adding}
        data-loading={order.adding || undefined}
        aria-describedby={order.blockedReason ? reasonId : undefined}
      >
        <span className={classes.addLabel}>
          {messages.cart.addToOrder}
          {order.total > 0 ? ` (${order.total})` : ''}
        </span>
        {order.adding && <span className={classes.spinner} aria-hidden="true" />}
      </button>
      {/* The line is kept while empty, so the card does not move when the reason comes and goes. */}
      <p id={reasonId} className={`${classes.small} ${classes.dimmed} ${classes.reason}`}>
        {order.blockedReason}
      </p>
    </div>
  );
}
