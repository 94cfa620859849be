import { useQuery } from '@tanstack/react-query';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { homeQueries } from '../api.ts';
import { frameShapePath, productsPath } from '../links.ts';
import { HomeSection, SectionError } from './home-section.tsx';
import { ImageTile, TileSkeletons } from './image-tile.tsx';
import classes from './home.module.css';

/** Frame shapes marked DisplayOnHome, each to /products?frameShapeId=<id>. */
export function FrameShapeSection() {
  const shapes = useQuery(homeQueries.frameShapes());
  const shown = shapes.data?.filter((shape) => shape.DisplayOnHome) ?? [];
  if (shapes.isSuccess && shown.length === 0) return null;

  return (
    <HomeSection title="Shop by frame shape" viewAllTo={productsPath()} viewAllSubject="frame shapes">
      {shapes.isPending ? (
        <TileSkeletons count={6} gridClassName={classes.gridSix} />
      ) : shapes.isError ? (
        <SectionError
          what="Frame shapes"
          message={getErrorMessage(shapes.error)}
          retrying={shapes.isFetching}
          onRetry={() => void shapes.refetch()}
        />
      ) : (
        <ul className={classes.gridSix}>
          {shown.map((shape) => {
            const images = shape.FrameShapeImages;
            return (
              <li key={shape.FrameTypeId}>
                <ImageTile
                  to={frameShapePath(shape.FrameTypeId)}
                  label={shape.FrameTypeName}
                  image={images.find((image) => !image.IsHovered)?.FrameUrl ?? images[0]?.FrameUrl ?? null}
                  hoverImage={images.find((image) => image.IsHovered)?.FrameUrl ?? null}
                />
              </li>
            );
          })}
        </ul>
      )}
    </HomeSection>
  );
}
