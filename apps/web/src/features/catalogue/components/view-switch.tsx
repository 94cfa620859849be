import { messages } from '@frameport/domain/messages';
import { useId } from 'react';
import type { CatalogueView } from '../catalogue-view.ts';
import classes from './view-switch.module.css';

const VIEWS: { value: CatalogueView; label: string }[] = [
  { value: 'list', label: messages.catalogue.list },
  { value: 'gallery', label: messages.catalogue.gallery },
];

/**
 * The catalogue's List / Gallery choice: a radio group drawn as a segmented control, each radio
 * inside its label (the label is the target; arrow keys move between the two, as radios do).
 * Plain markup: nothing in it reads the layout (view-switch.module.css says why).
 */
export function ViewSwitch({ value, onChange }: { value: CatalogueView; onChange: (view: CatalogueView) => void }) {
  // Each switch on the page (the desk's and the phone's) is a group of its own.
  const name = useId();
  return (
    <div role="radiogroup" aria-label={messages.catalogue.view} className={classes.root}>
      {VIEWS.map((view) => (
        <label key={view.value} className={classes.control}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={view.value}
            checked={value === view.value}
            onChange={() => onChange(view.value)}
          />
          <span className={classes.label}>{view.label}</span>
        </label>
      ))}
    </div>
  );
}
