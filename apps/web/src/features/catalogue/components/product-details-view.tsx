import type { Product } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { Badge, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { Price } from '../../../components/price.tsx';
import { useActing } from '../../../lib/use-acting.ts';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import {
  DISCOUNT_BADGE_COLOR,
  discountBadge,
  isSoldOut,
  OUT_OF_STOCK_BADGE,
  pickInitialVariant,
  productPrice,
  stockLabel,
  variantImages,
} from '../product-display.ts';
import { takesQuantity, useOrderQuantities, type OrderEntry } from '../use-order-quantities.ts';
import { ColourSwatches } from './colour-swatches.tsx';
import { InOrderMarker } from './in-order-marker.tsx';
import { ProductGallery } from './product-gallery.tsx';
import classes from './product-details.module.css';
import { TechnicalInfo } from './technical-info.tsx';

/**
 * The body of /product-details: images of the chosen colour, name, model, price and discount,
 * colour variants with stock, and the Technical info / About product tabs. With `orderEntry`, one
 * quantity per colour (beside its stock and what the order holds; none for a colour out of stock)
 * and an Add to order button with its reason while it cannot be pressed; without it, `orderPrompt`
 * (why ordering is not possible yet) stands in their place.
 */
export function ProductDetailsView({
  product,
  orderEntry,
  orderPrompt,
}: {
  product: Product;
  orderEntry?: OrderEntry | undefined;
  orderPrompt?: ReactNode;
}) {
  const [chosenId, setChosenId] = useState(() => pickInitialVariant(product.productColor)?.productColorId ?? null);
  const variant =
    product.productColor.find((candidate) => candidate.productColorId === chosenId) ?? product.productColor[0] ?? null;
  const soldOut = isSoldOut(product);
  const badge = discountBadge(product);
  const { pricePaise, listPaise } = productPrice(product);
  const { seesListPrices } = useActing();
  const images = variantImages(product, variant);
  const alt = variant ? `${product.productName}, ${variant.frameColor}` : product.productName;

  return (
    <>
      <div className={classes.top}>
        <ProductGallery key={variant?.productColorId ?? 'none'} images={images} alt={alt} />

        <div className={classes.info}>
          <Text size="sm" c="dimmed" fw={600} tt="uppercase" lts={0.5}>
            {product.brandName}
          </Text>
          <Title order={1} fz={{ base: 22, sm: 28 }} className={classes.name}>
            {product.productName}
          </Title>
          <Text size="sm" c="dimmed" className="tabular">
            Model {product.modelName} · {product.productType}
          </Text>

          <Group gap="sm" align="center" mt={4}>
            <Price amount={pricePaise} listAmount={listPaise} size="xl" label={seesListPrices ? messages.catalogue.listPrice : undefined} />
            {badge && (
              <Badge color={DISCOUNT_BADGE_COLOR} variant="filled" radius="sm" tt="none">
                {badge}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Price per piece, before GST
          </Text>

          {soldOut && (
            <Group gap="xs">
              <Badge color="red.9" variant="filled" radius="sm" tt="none">
                {OUT_OF_STOCK_BADGE}
              </Badge>
              <Text size="sm" c="red.9" fw={500}>
                {messages.product.unavailable}
              </Text>
            </Group>
          )}

          {product.productColor.length > 0 && (
            <div>
              <Text size="sm" fw={600} mb={6} mt="xs">
                Colour: {variant ? `${variant.frameColor} (${variant.colorVariant})` : ''}
                {variant && (
                  <Text component="span" size="sm" fw={400} c={variant.availableStockQuantity > 0 ? 'dimmed' : 'red.9'} ml={8} className="tabular">
                    {stockLabel(variant.availableStockQuantity)}
                  </Text>
                )}
              </Text>
              <ColourSwatches
                appearance="labelled"
                variants={product.productColor}
                selectedId={variant?.productColorId ?? null}
                onSelect={(next) => setChosenId(next.productColorId)}
                label="Colour variants"
              />
            </div>
          )}

          {orderEntry && !soldOut && product.productColor.length > 0 && <DetailsOrderEntry product={product} entry={orderEntry} />}
          {!orderEntry && orderPrompt}
        </div>
      </div>

      <Tabs defaultValue="technical" className={classes.tabs} mt="xl">
        <Tabs.List>
          <Tabs.Tab value="technical">Technical info</Tabs.Tab>
          <Tabs.Tab value="about">About product</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="technical" className={classes.tabPanel}>
          <TechnicalInfo product={product} variant={variant} />
        </Tabs.Panel>
        <Tabs.Panel value="about" className={classes.tabPanel}>
          <Text className={classes.description}>{product.description?.trim() || messages.product.noDescription}</Text>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** One quantity per colour with its stock, then Add to order for all of them at once. */
function DetailsOrderEntry({ product, entry }: { product: Product; entry: OrderEntry }) {
  const order = useOrderQuantities(product, entry);
  const reasonId = useId();
  return (
    <Stack gap={4} mt="sm" component="section" aria-label="Order quantities">
      <Text size="sm" fw={600}>
        Quantity per colour
      </Text>
      {product.productColor.map((variant) => (
        <Group key={variant.productColorId} gap="sm" wrap="nowrap" align="flex-start" justify="space-between" maw={420}>
          <div>
            <Text size="sm">
              {variant.frameColor} ({variant.colorVariant})
            </Text>
            <Text size="xs" c={variant.availableStockQuantity > 0 ? 'dimmed' : 'red.9'} className="tabular">
              {stockLabel(variant.availableStockQuantity)}
            </Text>
            <InOrderMarker pieces={order.inOrderOf(variant)} />
          </div>
          <QuantityInput
            label={messages.quantity.fieldLabel(`${variant.frameColor} (${variant.colorVariant})`)}
            value={order.quantityOf(variant)}
            onChange={(quantity) => order.setQuantity(variant, quantity)}
            error={order.errorOf(variant)}
            disabled={!takesQuantity(variant) || order.adding}
          />
        </Group>
      ))}
      <Button
        onClick={() => void order.add()}
        disabled={!order.canAdd}
        loading={order.adding}
        maw={420}
        aria-describedby={order.blockedReason ? reasonId : undefined}
      >
        {messages.cart.addToOrder}{order.total > 0 ? ` (${order.total})` : ''}
      </Button>
      <Text id={reasonId} size="xs" c="dimmed" mih="1.4em" lh={1.4} maw={420}>
        {order.blockedReason}
      </Text>
    </Stack>
  );
}
