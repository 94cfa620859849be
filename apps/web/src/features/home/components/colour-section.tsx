import type { Filter } from '@frameport/domain/contract';
import { Skeleton } from '@mantine/core';
import { Link } from '../../../lib/router.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { colourPath, productsPath } from '../links.ts';
import { HomeSection, SectionError } from './home-section.tsx';
import classes from './home.module.css';

type ColourOption = Filter['Data'][number];

type ColourSectionProps = {
  /** The frameColorIdList filter's options (GET /api/Product/getFilters); undefined while loading. */
  colours: ColourOption[] | undefined;
  loading: boolean;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
};

/** The demo catalogue's colour count: placeholders for the usual rows. */
const COLOUR_SKELETONS = 24;
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Colour swatches, each to /products?frameColorIdList=<id>. The name is always written beside the colour. */
export function ColourSection({ colours, loading, error, retrying, onRetry }: ColourSectionProps) {
  if (!loading && !error && (colours?.length ?? 0) === 0) return null;

  return (
    <HomeSection title="Shop by colour" viewAllTo={productsPath()} viewAllSubject="colours">
      {loading ? (
        <div className={classes.swatchGrid} aria-hidden="true">
          {Array.from({ length: COLOUR_SKELETONS }, (_, index) => (
            <div key={index} className={classes.swatch}>
              <Skeleton circle height={40} />
              <Skeleton height={12} width="70%" mt={8} />
            </div>
          ))}
        </div>
      ) : error ? (
        <SectionError what="Colours" message={getErrorMessage(error)} retrying={retrying} onRetry={onRetry} />
      ) : (
        <ul className={classes.swatchGrid}>
          {colours?.map((colour) => (
            <li key={colour.Id}>
              <Link to={colourPath(colour.Id)} className={classes.swatch}>
                <span
                  className={classes.swatchDot}
                  style={{ background: colour.colorCode && HEX_COLOUR.test(colour.colorCode) ? colour.colorCode : undefined }}
                  aria-hidden="true"
                />
                <span className={classes.swatchName}>{colour.Name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
