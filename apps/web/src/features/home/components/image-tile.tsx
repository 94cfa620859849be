import { Skeleton } from '@mantine/core';
import { Link } from '../../../lib/router.tsx';
import classes from './home.module.css';

/** The server's tile drawings are 400 × 300; the box keeps 4:3 before they arrive. */
export const TILE_WIDTH = 400;
export const TILE_HEIGHT = 300;

type ImageTileProps = {
  to: string;
  label: string;
  image: string | null;
  /** The 'hovered' variant, shown on hover and keyboard focus when the server has one. */
  hoverImage?: string | null;
};

/**
 * A picture tile with its name under it. The whole tile is one link named by the label; the
 * images are decorative (alt="") because the label says the same.
 */
export function ImageTile({ to, label, image, hoverImage = null }: ImageTileProps) {
  return (
    <Link to={to} className={classes.tile}>
      <span className={classes.tileMedia}>
        {image !== null && (
          <img className={classes.tileImage} src={image} alt="" width={TILE_WIDTH} height={TILE_HEIGHT} loading="lazy" decoding="async" />
        )}
        {hoverImage !== null && (
          <img
            className={`${classes.tileImage} ${classes.tileHoverImage}`}
            src={hoverImage}
            alt=""
            width={TILE_WIDTH}
            height={TILE_HEIGHT}
            loading="lazy"
            decoding="async"
          />
        )}
      </span>
      <span className={classes.tileLabel}>{label}</span>
    </Link>
  );
}

/** Placeholders in the tiles' own grid and shape, so nothing moves when they arrive. */
export function TileSkeletons({ count, gridClassName }: { count: number; gridClassName: string | undefined }) {
  return (
    <div className={gridClassName} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={classes.tile}>
          <Skeleton className={classes.tileMedia} radius="md" />
          <Skeleton height={14} width="60%" mt={10} mb={2} />
        </div>
      ))}
    </div>
  );
}
