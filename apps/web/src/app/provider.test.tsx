import { useMantineContext } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchMediaAtWidth } from '../testing/match-media.ts';
import { AppProvider } from './provider.tsx';

const originalMatchMedia = window.matchMedia;

/** Reads Mantine's context, as every Mantine component does (useStyles), and counts its renders. */
function ContextReader({ onRender }: { onRender: () => void }) {
  onRender();
  return <p>{useMantineContext().colorScheme}</p>;
}

describe('AppProvider', () => {
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  // Issue 19 item 5: the toasts' position was read in an effect, whose answer re-rendered the provider
  // and every Mantine component under it in the first commit's task (50 ms of a signed-in /home's
  // 160 ms task on a phone, unthrottled).
  it.each([
    ['a phone', 390],
    ['a desktop', 1280],
  ])('draws the page once on %s: the screen width is read as the first render runs', async (_, width) => {
    window.matchMedia = matchMediaAtWidth(width);
    const onRender = vi.fn();
    render(
      <AppProvider env="test">
        <ContextReader onRender={onRender} />
      </AppProvider>,
    );
    expect(await screen.findByText('light')).toBeInTheDocument();
    // Effects have run by now (render flushes them); nothing asked for a second render.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onRender).toHaveBeenCalledTimes(1);
  });
});
