import { Container } from '@mantine/core';
import { BrandMark } from '../../components/brand-mark.tsx';
import classes from './signed-in-layout.module.css';

/**
 * What a signed-in screen's HTML paints before any script has run (app/prerender.tsx writes it for
 * each signed-in address): the header's bar with the wordmark over the layout's background, with
 * the header's own classes, so it has its size and colours. The app replaces it whole with its first
 * render (main.tsx): no element of it moves, so it shifts no layout. Nothing in it can be used; the
 * empty main says it is busy.
 */
export function FirstPaintShell() {
  return (
    <div className={classes.shell}>
      <header className={classes.header}>
        <Container size="xl" className={classes.bar}>
          <span className={classes.brandLink}>
            <BrandMark tone="light" />
          </span>
        </Container>
      </header>
      <main className={classes.main} aria-busy="true" />
    </div>
  );
}
