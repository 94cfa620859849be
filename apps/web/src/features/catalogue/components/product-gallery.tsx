import { useState } from 'react';
import { ProductImage } from './product-image.tsx';
import classes from './product-gallery.module.css';

type ProductGalleryProps = {
  images: readonly string[];
  /** Describes the images: 'Aviator Classic, Black'. */
  alt: string;
};

/** The chosen colour's images: a main image and thumbnails to switch it. Remount (key) per colour. */
export function ProductGallery({ images, alt }: ProductGalleryProps) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0] ?? null;
  return (
    <div>
      <div className={classes.main}>
        <ProductImage src={current} alt={images.length > 1 ? `${alt}, view ${index + 1} of ${images.length}` : alt} loading="eager" />
      </div>
      {images.length > 1 && (
        <ul className={classes.thumbs} aria-label="Product images">
          {images.map((src, position) => (
            <li key={src}>
              <button
                type="button"
                className={classes.thumb}
                aria-pressed={position === index}
                aria-label={`Show view ${position + 1} of ${images.length}`}
                onClick={() => setIndex(position)}
              >
                <ProductImage src={src} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
