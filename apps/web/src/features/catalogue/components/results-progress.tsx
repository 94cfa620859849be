import { useDeferredValue } from 'react';
import { usePending, type PendingSignal } from '../use-catalogue-url.ts';
import classes from './results-progress.module.css';

type ResultsProgressProps = {
  /** A filter, sort or page change written and not yet rendered (from the tap on). */
  pending: PendingSignal;
  /** The new results are being fetched (the previous ones are shown meanwhile). */
  busy: boolean;
};

/**
 * A thin bar above the results from the tap that changes them until they are in, and the results
 * after it dimmed meanwhile (its stylesheet dims the following siblings, so the grid, the list or
 * the empty state need not know). Its line is always reserved: nothing moves when it comes and
 * goes. It alone hears `pending`, so a tap re-renders the bar, not the catalogue.
 */
export function ResultsProgress({ pending, busy }: ResultsProgressProps) {
  // Deferred: the bar and the dimming (a repaint of the whole results layer) come in the frame after
  // the tap's, which shows the tick alone (issue 16 item 13); a frame later, no one sees the gap.
  const active = useDeferredValue(usePending(pending) || busy);
  return (
    <div className={classes.track} data-active={active || undefined}>
      {active && <div role="progressbar" aria-label="Loading products" className={classes.bar} />}
    </div>
  );
}
