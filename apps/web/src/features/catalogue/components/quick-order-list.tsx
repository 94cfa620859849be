import type { ColourVariant, Product } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { formatCount, sanitiseQuantity } from '@frameport/domain';
import { Button, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from '../../../lib/router.tsx';
import { Price } from '../../../components/price.tsx';
import { useActing } from '../../../lib/use-acting.ts';
import { productPrice, stockLabel, variantImage } from '../product-display.ts';
import { takesQuantity, useOrderQuantities, type OrderEntry } from '../use-order-quantities.ts';
import { productDetailsPath } from './product-card.tsx';
import { ProductImage } from './product-image.tsx';
import classes from './quick-order-list.module.css';

const NEW_TAB = { target: '_blank', rel: 'opener' } as const;

type QuickOrderListProps = {
  products: readonly Product[];
  /** Dims the rows while the next page loads in their place. */
  busy?: boolean;
  /** Without it (a sales executive who has not chosen a retailer) the rows show stock only. */
  orderEntry?: OrderEntry | undefined;
};

/**
 * The catalogue as a quick-order list (issue 16, item 1): one dense row per style with thumbnail,
 * model, name and net price (list price struck through when discounted), and one small quantity
 * box per colour with its stock under it. Everything typed on the page goes to the order with one
 * "Add all to order" (one add call). Tab walks the boxes, Enter adds, ↑/↓ move to the same colour
 * of the row above or below. Quantities are checked as on the cards (range, stock, per-colour limit
 * counting what the order holds); a colour out of stock takes none.
 */
export function QuickOrderList({ products, busy = false, orderEntry }: QuickOrderListProps) {
  return orderEntry ? (
    <OrderableList products={products} busy={busy} entry={orderEntry} />
  ) : (
    <Rows products={products} busy={busy} />
  );
}

function OrderableList({ products, busy, entry }: { products: readonly Product[]; busy: boolean; entry: OrderEntry }) {
  const order = useOrderQuantities(products, entry);
  const formRef = useRef<HTMLFormElement>(null);
  const reasonId = useId();
  const lines = products.reduce(
    (count, product) => count + product.productColor.filter((variant) => order.quantityOf(variant) > 0).length,
    0,
  );

  /** ↑/↓ in a box: the same colour (or the last one) of the row above or below. */
  const moveBetweenRows = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const target = event.target as HTMLElement;
    const row = Number(target.dataset.row);
    const column = Number(target.dataset.column);
    if (!Number.isInteger(row) || !formRef.current) return;
    const step = event.key === 'ArrowDown' ? 1 : -1;
    for (let next = row + step; next >= 0 && next < products.length; next += step) {
      const boxes = [...formRef.current.querySelectorAll<HTMLInputElement>(`input[data-row="${next}"]:not(:disabled)`)];
      const box = boxes.find((candidate) => Number(candidate.dataset.column) === column) ?? boxes[boxes.length - 1];
      if (box) {
        event.preventDefault();
        box.focus();
        return;
      }
    }
  };

  return (
    <form
      ref={formRef}
      className={classes.form}
      aria-label="Quick order"
      noValidate
      onKeyDown={moveBetweenRows}
      onSubmit={(event) => {
        event.preventDefault();
        void order.add();
      }}
    >
      <Rows
        products={products}
        busy={busy}
        cell={(product, variant, place) => (
          <QuantityBox
            product={product}
            variant={variant}
            place={place}
            value={order.quantityOf(variant)}
            onChange={(quantity) => order.setQuantity(variant, quantity)}
            error={order.errorOf(variant)}
            inOrder={order.inOrderOf(variant)}
            locked={order.adding}
          />
        )}
        rowErrors={(product) =>
          product.productColor.flatMap((variant) => {
            const error = order.errorOf(variant);
            return error ? [{ variant, error }] : [];
          })
        }
      />
      <div className={classes.addBar} data-sticky={order.total > 0 || undefined}>
        <div className={classes.summary}>
          <Text size="sm" fw={600} className="tabular" aria-live="polite">
            {order.total > 0 ? `${formatCount(order.total)} pcs · ${lines} ${lines === 1 ? 'line' : 'lines'}` : ''}
          </Text>
          <Text id={reasonId} size="xs" c="dimmed">
            {order.blockedReason}
          </Text>
        </div>
        <Button
          type="submit"
          className={classes.addAll}
          disabled={!order.canAdd}
          loading={order.adding}
          aria-describedby={order.blockedReason ? reasonId : undefined}
        >
          {messages.cart.addAllToOrder}
          {order.total > 0 ? ` (${order.total})` : ''}
        </Button>
      </div>
    </form>
  );
}

type RowsProps = {
  products: readonly Product[];
  busy: boolean;
  /** The quantity box of one colour; without it the colour shows its stock only. */
  cell?: (product: Product, variant: ColourVariant, place: { row: number; column: number; errorId: string }) => ReactNode;
  rowErrors?: (product: Product) => { variant: ColourVariant; error: string }[];
};

function Rows({ products, busy, cell, rowErrors }: RowsProps) {
  return (
    <>
      <p className={classes.legend}>
        {cell ? 'Quantity per colour, stock under each box' : 'Stock per colour'}
        {cell && (
          <>
            {' · '}
            <IconCheck size={12} stroke={2.5} aria-hidden="true" className={classes.tick} /> already in your order
          </>
        )}
      </p>
      <ul className={classes.list} aria-label="Products" aria-busy={busy}>
        {products.map((product, row) => (
          <ListRow key={product.productId} product={product} row={row} cell={cell} errors={rowErrors?.(product) ?? []} />
        ))}
      </ul>
    </>
  );
}

function ListRow({
  product,
  row,
  cell,
  errors,
}: {
  product: Product;
  row: number;
  cell: RowsProps['cell'];
  errors: { variant: ColourVariant; error: string }[];
}) {
  const nameId = useId();
  const errorId = useId();
  const href = productDetailsPath(product.productId);
  const { pricePaise, listPaise } = productPrice(product);
  const { seesListPrices } = useActing();
  const first = product.productColor[0] ?? null;

  return (
    <li className={classes.row} aria-labelledby={nameId}>
      <Link to={href} {...NEW_TAB} tabIndex={-1} aria-hidden="true" className={classes.thumb}>
        <ProductImage src={variantImage(product, first)} alt="" />
      </Link>
      <div className={classes.title}>
        <span className={classes.model}>{product.modelName}</span>
        <Link to={href} {...NEW_TAB} id={nameId} className={classes.name}>
          {product.productName}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Link>
      </div>
      <div className={classes.price}>
        <Price amount={pricePaise} listAmount={listPaise} size="sm" label={seesListPrices ? messages.catalogue.listPrice : undefined} />
      </div>
      <div className={classes.colours} role="group" aria-label={`Colours of ${product.productName}`}>
        {product.productColor.map((variant, column) =>
          cell ? (
            <div key={variant.productColorId} className={classes.cell}>
              {cell(product, variant, { row, column, errorId })}
            </div>
          ) : (
            <div key={variant.productColorId} className={classes.cell}>
              <span className={classes.field} data-readonly="">
                <ColourCode variant={variant} />
              </span>
              <StockCaption variant={variant} />
            </div>
          ),
        )}
      </div>
      {errors.length > 0 && (
        <p id={errorId} className={classes.errors} role="alert">
          {errors.map(({ variant, error }) => `${variant.colorVariant}: ${error}`).join(' · ')}
        </p>
      )}
    </li>
  );
}

function ColourCode({ variant }: { variant: ColourVariant }) {
  return (
    <>
      <span className={classes.dot} style={{ background: variant.frameColorCode }} aria-hidden="true" />
      <span className={classes.code} title={variant.frameColor} aria-hidden="true">
        {variant.colorVariant}
      </span>
    </>
  );
}

function StockCaption({ variant, id, inOrder = 0 }: { variant: ColourVariant; id?: string; inOrder?: number }) {
  const soldOut = !takesQuantity(variant);
  return (
    <span id={id} className={classes.stock} data-sold-out={soldOut || undefined}>
      {soldOut ? messages.quantity.outOfStock : stockLabel(variant.availableStockQuantity)}
      {inOrder > 0 && <VisuallyHidden>, </VisuallyHidden>}
      {inOrder > 0 && (
        <span className={classes.inOrder} title={messages.cart.inYourOrder(inOrder)}>
          <IconCheck size={11} stroke={2.5} aria-hidden="true" />
          <VisuallyHidden>{messages.cart.inYourOrderLabel}: </VisuallyHidden>
          {inOrder}
        </span>
      )}
    </span>
  );
}

type QuantityBoxProps = {
  product: Product;
  variant: ColourVariant;
  place: { row: number; column: number; errorId: string };
  value: number;
  onChange: (quantity: number) => void;
  error: string | null;
  inOrder: number;
  locked: boolean;
};

/** One colour's box: dot and colour code beside a bare numeric field, stock (and what the order holds) under it. */
function QuantityBox({ product, variant, place, value, onChange, error, inOrder, locked }: QuantityBoxProps) {
  const stockId = useId();
  const soldOut = !takesQuantity(variant);
  return (
    <>
      <label className={classes.field} data-error={error !== null || undefined} data-disabled={soldOut || undefined}>
        <ColourCode variant={variant} />
        <input
          className={classes.input}
          aria-label={messages.quantity.fieldLabel(`${product.productName}, ${variant.frameColor} (${variant.colorVariant})`)}
          aria-describedby={error === null ? stockId : `${stockId} ${place.errorId}`}
          aria-invalid={error !== null}
          inputMode="numeric"
          autoComplete="off"
          placeholder="0"
          data-row={place.row}
          data-column={place.column}
          value={value === 0 ? '' : String(value)}
          disabled={soldOut}
          readOnly={locked}
          onChange={(event) => onChange(sanitiseQuantity(event.currentTarget.value.replace(/[^\d-]/g, '')))}
          onFocus={(event) => event.currentTarget.select()}
        />
      </label>
      <StockCaption variant={variant} id={stockId} inOrder={inOrder} />
    </>
  );
}
