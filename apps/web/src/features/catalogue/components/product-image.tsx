import { messages } from '@frameport/domain/messages';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './product-image.module.css';

export const PRODUCT_IMAGE_WIDTH = 600;
export const PRODUCT_IMAGE_HEIGHT = 300;

type ProductImageProps = {
  src: string | null;
  alt: string;
  /** 'lazy' in lists; the details page's main image loads at once. */
  loading?: 'lazy' | 'eager';
  /** The first images of a page (the largest paint): asked for at once and before the others. */
  priority?: boolean;
};

/** A product image in a fixed 2:1 box (nothing jumps), with a neutral placeholder when missing or broken. */
export function ProductImage({ src, alt, loading = 'lazy', priority = false }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && src !== failedSrc;
  return (
    <span className={classes.frame}>
      {showImage ? (
        <img
          className={classes.image}
          src={src}
          alt={alt}
          width={PRODUCT_IMAGE_WIDTH}
          height={PRODUCT_IMAGE_HEIGHT}
          loading={priority ? 'eager' : loading}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <span className={classes.placeholder} role="img" aria-label={alt ? `${alt} (no image)` : messages.product.noImage}>
          <IconPhotoOff size={28} stroke={1.5} aria-hidden="true" />
          <span aria-hidden="true">{messages.product.noImage}</span>
        </span>
      )}
    </span>
  );
}
