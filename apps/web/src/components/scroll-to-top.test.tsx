import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../testing/render-app.tsx';
import { SCROLL_TO_TOP_AFTER_PX, ScrollToTop } from './scroll-to-top.tsx';

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

describe('ScrollToTop', () => {
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    vi.restoreAllMocks();
  });

  it('shows once the page has scrolled past 600 px, hides again near the top, and scrolls to the top', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo');
    render(
      <TestProviders>
        <ScrollToTop />
      </TestProviders>,
    );
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();

    act(() => scrollWindowTo(SCROLL_TO_TOP_AFTER_PX));
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
    act(() => scrollWindowTo(SCROLL_TO_TOP_AFTER_PX + 1));
    await user.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));

    act(() => scrollWindowTo(100));
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
  });

  it('shows on a page that opens scrolled (Back), without a scroll event, once the first frame is painted', async () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 2_000 });
    render(
      <TestProviders>
        <ScrollToTop />
      </TestProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Scroll to top' })).toBeInTheDocument();
  });
});
