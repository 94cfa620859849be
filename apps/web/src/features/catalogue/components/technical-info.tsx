import type { ColourVariant, Product } from '@frameport/domain/contract';
import { technicalInfoRows } from '../technical-info.ts';
import classes from './product-details.module.css';

/** The Technical info tab as a definition list (label, value), N/A where the value is missing. */
export function TechnicalInfo({ product, variant }: { product: Product; variant: ColourVariant | null }) {
  return (
    <dl className={classes.specs}>
      {technicalInfoRows(product, variant).map((row) => (
        <div key={row.label} className={classes.specRow}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
