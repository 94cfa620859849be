import { useQuery } from '@tanstack/react-query';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { homeQueries } from '../api.ts';
import { materialPath, productsPath } from '../links.ts';
import { HomeSection, SectionError } from './home-section.tsx';
import { ImageTile, TileSkeletons } from './image-tile.tsx';
import classes from './home.module.css';

/** Materials marked DisplayOnHome, each to /products?frameMaterialId=<id>. */
export function MaterialSection() {
  const materials = useQuery(homeQueries.materials());
  const shown = materials.data?.filter((material) => material.DisplayOnHome) ?? [];
  if (materials.isSuccess && shown.length === 0) return null;

  return (
    <HomeSection title="Shop by material" viewAllTo={productsPath()} viewAllSubject="materials">
      {materials.isPending ? (
        <TileSkeletons count={4} gridClassName={classes.gridFour} />
      ) : materials.isError ? (
        <SectionError
          what="Materials"
          message={getErrorMessage(materials.error)}
          retrying={materials.isFetching}
          onRetry={() => void materials.refetch()}
        />
      ) : (
        <ul className={classes.gridFour}>
          {shown.map((material) => {
            const images = material.MaterialImages;
            return (
              <li key={material.MaterialId}>
                <ImageTile
                  to={materialPath(material.MaterialId)}
                  label={material.MaterialName}
                  image={images.find((image) => !image.IsHovered)?.MaterialUrl ?? images[0]?.MaterialUrl ?? null}
                  hoverImage={images.find((image) => image.IsHovered)?.MaterialUrl ?? null}
                />
              </li>
            );
          })}
        </ul>
      )}
    </HomeSection>
  );
}
