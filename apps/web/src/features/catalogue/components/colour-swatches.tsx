import type { ColourVariant } from '@frameport/domain/contract';
import { Text } from '@mantine/core';
import { stockLabel, swatchLabel } from '../product-display.ts';
import classes from './colour-swatches.module.css';

type ColourSwatchesProps = {
  variants: readonly ColourVariant[];
  selectedId: number | null;
  onSelect: (variant: ColourVariant) => void;
  /** 'compact': round dots (cards); 'labelled': dot, C1 and stock (details page). */
  appearance?: 'compact' | 'labelled';
  /** The group's accessible name. */
  label?: string;
};

/** Colour variants as toggle buttons: 'Colour Black (C1), 12 in stock', aria-pressed on the chosen one. */
export function ColourSwatches({ variants, selectedId, onSelect, appearance = 'compact', label = 'Colours' }: ColourSwatchesProps) {
  return (
    <ul className={classes.list} aria-label={label}>
      {variants.map((variant) => {
        const selected = variant.productColorId === selectedId;
        const soldOut = variant.availableStockQuantity <= 0;
        const dot = <span className={classes.dot} style={{ background: variant.frameColorCode }} aria-hidden="true" />;
        return (
          <li key={variant.productColorId}>
            {appearance === 'compact' ? (
              <button
                type="button"
                className={`${classes.swatch} ${soldOut ? classes.soldOut : ''}`}
                aria-label={swatchLabel(variant)}
                aria-pressed={selected}
                title={`${variant.frameColor} (${variant.colorVariant})`}
                onClick={() => onSelect(variant)}
              >
                {dot}
              </button>
            ) : (
              <button
                type="button"
                className={classes.labelled}
                aria-label={swatchLabel(variant)}
                aria-pressed={selected}
                onClick={() => onSelect(variant)}
              >
                <span className={`${classes.labelledDot} ${soldOut ? classes.soldOut : ''}`} aria-hidden="true">
                  {dot}
                </span>
                <span aria-hidden="true">
                  <Text component="span" size="sm" fw={600} display="block" lh={1.2}>
                    {variant.colorVariant} · {variant.frameColor}
                  </Text>
                  <Text component="span" size="xs" c={soldOut ? 'red.9' : 'dimmed'} display="block" lh={1.2} className="tabular">
                    {stockLabel(variant.availableStockQuantity)}
                  </Text>
                </span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
