import type { Product } from '@frameport/domain/contract';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './model-thumbnail.module.css';

/** The picture a model is recognised by: its first colour in stock, else its first colour. */
export function thumbnailOf(product: Product): string | null {
  const colour = product.productColor.find((c) => c.availableStockQuantity > 0 && c.thumbnailImage) ?? product.productColor.find((c) => c.thumbnailImage);
  return colour?.thumbnailImage ?? product.productImageList[0] ?? null;
}

/** A small 2:1 product picture (drawings are 600 × 300) in a fixed box; decorative, the name is beside it. */
export function ModelThumbnail({ product, width = 64 }: { product: Product; width?: number }) {
  const src = thumbnailOf(product);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span className={classes.frame} style={{ width, height: width / 2 }} aria-hidden="true">
      {src !== null && src !== failed ? (
        <img className={classes.image} src={src} alt="" width={width} height={width / 2} loading="lazy" decoding="async" onError={() => setFailed(src)} />
      ) : (
        <IconPhotoOff size={16} stroke={1.5} />
      )}
    </span>
  );
}
