import { useQuery } from '@tanstack/react-query';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { homeQueries } from '../api.ts';
import { priceRangePath, productsPath } from '../links.ts';
import { HomeSection, SectionError } from './home-section.tsx';
import { ImageTile, TileSkeletons } from './image-tile.tsx';
import classes from './home.module.css';

/** Price ranges, each to /products?netPrice_From=<Min>&netPrice_To=<Max> (no To when Max is null). */
export function PriceRangeSection() {
  const ranges = useQuery(homeQueries.priceRanges());
  if (ranges.isSuccess && ranges.data.length === 0) return null;

  return (
    <HomeSection title="Shop by price" viewAllTo={productsPath()} viewAllSubject="prices">
      {ranges.isPending ? (
        <TileSkeletons count={5} gridClassName={classes.gridFive} />
      ) : ranges.isError ? (
        <SectionError
          what="Price ranges"
          message={getErrorMessage(ranges.error)}
          retrying={ranges.isFetching}
          onRetry={() => void ranges.refetch()}
        />
      ) : (
        <ul className={classes.gridFive}>
          {ranges.data.map((range) => {
            const images = range.PriceRangeImages;
            return (
              <li key={range.Id}>
                <ImageTile
                  to={priceRangePath(range)}
                  label={range.Price}
                  image={images.find((image) => !image.IsHovered)?.PriceRangeUrl ?? images[0]?.PriceRangeUrl ?? null}
                  hoverImage={images.find((image) => image.IsHovered)?.PriceRangeUrl ?? null}
                />
              </li>
            );
          })}
        </ul>
      )}
    </HomeSection>
  );
}
