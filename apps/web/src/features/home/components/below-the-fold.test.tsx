import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '../../../testing/intersection-observer.ts';
import { BelowTheFold } from './below-the-fold.tsx';

describe('BelowTheFold: /home’s lower sections', () => {
  let idle: (() => void) | null;

  beforeEach(() => {
    idle = null;
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      idle = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => {
      idle = null;
    });
  });

  afterEach(() => {
    cleanup(); // unmounted while the fakes are still there: it cancels its idle callback
    vi.unstubAllGlobals();
  });

  function renderLower() {
    const { container } = render(
      <BelowTheFold>
        <h2>New arrivals</h2>
      </BelowTheFold>,
    );
    return container;
  }

  it('holds a placeholder, not the sections, while the browser is busy and the reader is above them', () => {
    const container = renderLower();
    expect(screen.queryByRole('heading', { name: 'New arrivals' })).toBeNull();
    expect(container.querySelector('div')).not.toBeNull();
    expect(idle).not.toBeNull();
  });

  it('draws them once the browser is idle', async () => {
    renderLower();
    await act(async () => idle?.());
    expect(await screen.findByRole('heading', { name: 'New arrivals' })).toBeInTheDocument();
  });

  it('draws them when the reader nears them, idle or not', async () => {
    renderLower();
    await act(async () => FakeIntersectionObserver.instances.forEach((observer) => observer.reach()));
    expect(await screen.findByRole('heading', { name: 'New arrivals' })).toBeInTheDocument();
  });
});
