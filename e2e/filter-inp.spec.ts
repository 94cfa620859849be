import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

/**
 * Issue 16 item 13: a filter answers at once. Each tap's interaction-to-next-paint (the longest
 * Event Timing entry of the interaction: input delay + handlers + rendering until the next frame)
 * is read with a PerformanceObserver while Chromium runs the page 4× slower (CDP
 * Emulation.setCPUThrottlingRate), and must stay within 200 ms, the "good" INP threshold; so must
 * the time until a frame shows the tick. Asserted: ticking a filter (the side panel on a desktop;
 * the phone's filter screen, and its Apply that sends the ticks). Opening the phone's filter screen
 * and changing its tab are measured and printed too, not asserted.
 */
const INP_BUDGET_MS = 200;
const CPU_SLOWDOWN = 4;

/** Starts collecting Event Timing entries (16 ms and longer; shorter ones are within budget anyway). */
async function observeInteractions(page: Page) {
  await page.evaluate(() => {
    const seen: { name: string; duration: number; interactionId: number }[] = [];
    (window as unknown as { __interactions: typeof seen }).__interactions = seen;
    new PerformanceObserver((list) => {
      // interactionId: Event Timing Level 1, newer than this TypeScript's DOM types.
      for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
        if (entry.interactionId) seen.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
}

/** The slowest interaction so far (ms, 0 when none reached 16 ms), and what it was. */
async function worstInteraction(page: Page): Promise<{ duration: number; names: string }> {
  // Entries arrive after the frame they end on: let two frames pass.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));
  return page.evaluate(() => {
    const seen = (window as unknown as { __interactions: { name: string; duration: number; interactionId: number }[] }).__interactions;
    const byInteraction = new Map<number, { duration: number; names: string[] }>();
    for (const entry of seen) {
      const current = byInteraction.get(entry.interactionId) ?? { duration: 0, names: [] };
      current.duration = Math.max(current.duration, entry.duration);
      current.names.push(`${entry.name} ${Math.round(entry.duration)} ms`);
      byInteraction.set(entry.interactionId, current);
    }
    const worst = [...byInteraction.values()].sort((a, b) => b.duration - a.duration)[0];
    return { duration: worst?.duration ?? 0, names: worst?.names.join(', ') ?? 'none over 16 ms' };
  });
}

async function throttleCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/**
 * Ticks `box` and answers how long after the click the frame that first shows it ticked began
 * (its requestAnimationFrame saw the box checked; that frame paints it).
 * Event Timing alone would miss a controlled checkbox that React puts back unticked until a slow
 * render has caught up: that next paint is fast, and shows no tick.
 */
async function tick(page: Page, box: Locator): Promise<number> {
  await box.evaluate((input: HTMLInputElement) => {
    const holder = window as unknown as { __tickPainted: Promise<number> };
    holder.__tickPainted = new Promise((resolve) => {
      // The click may land on the drawn box over the input: hear it on the document.
      document.addEventListener(
        'click',
        (event) => {
          const start = event.timeStamp;
          const frame = () =>
            requestAnimationFrame((frameStart) => {
              if (input.checked) resolve(frameStart - start);
              else if (performance.now() - start > 10_000) resolve(Number.POSITIVE_INFINITY);
              else frame();
            });
          frame();
        },
        { once: true, capture: true },
      );
    });
  });
  await tap(page, box);
  const painted = await page.evaluate(() => (window as unknown as { __tickPainted: Promise<number> }).__tickPainted);
  await expect(box).toBeChecked();
  return painted;
}

/**
 * A tap as a finger (phone) or a click as a mouse (desktop) at the control's centre, found before:
 * Playwright's own checks (locating by role, waiting for a still frame) run on the page's main
 * thread and would be measured as the page's slowness.
 */
async function tap(page: Page, target: Locator) {
  // Playwright's checks first (in view, not covered, still), with no event sent.
  await target.click({ trial: true });
  const box = await target.boundingBox();
  if (box === null) throw new Error('nothing to tap');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (test.info().project.use.hasTouch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

const results = (page: Page) => page.getByRole('list', { name: 'Products' });

// Tagged @timing: `npm test` runs it in a Playwright run of its own, one worker, after every other
// e2e test, so no other browser shares the two cores while it measures (scripts/test.mjs).
test('a ticked filter paints at once under 4× CPU throttling (INP ≤ 200 ms)', { tag: '@timing' }, async ({ page, retailer, isMobile }) => {
  test.setTimeout(180_000);
  await signIn(page, retailer);
  await page.goto('/products');
  await expect(results(page).getByRole('article').first()).toBeVisible();
  // A loaded page, as a retailer meets it: its requests answered and its main thread idle.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5_000 })));
  await throttleCpu(page);
  await observeInteractions(page);

  const lines: string[] = [];
  let worst = 0;
  /** Runs one interaction and records its INP (and, for a tick, when the tick was painted). */
  const measure = async (what: string, action: () => Promise<number | void>, asserted = true) => {
    await page.evaluate(() => {
      (window as unknown as { __interactions: unknown[] }).__interactions.length = 0;
    });
    const tickPainted = await action();
    const inp = await worstInteraction(page);
    if (asserted) worst = Math.max(worst, inp.duration, tickPainted ?? 0);
    lines.push(
      `${asserted ? '' : '(not asserted) '}${what}: INP ${Math.round(inp.duration)} ms (${inp.names})` + (tickPainted === undefined ? '' : `; tick painted after ${Math.round(tickPainted)} ms`),
    );
  };

  // Names may carry the facet counts ("Aviator (312)"); an option that would give nothing is disabled, so the first enabled one is ticked.
  if (isMobile) {
    // The phone's filter screen: ticks are a draft, Apply sends them to the URL.
    const modal = page.getByRole('dialog');
    await measure('open Filter', async () => {
      await tap(page, page.getByRole('button', { name: 'Filter', exact: true }));
      await expect(modal.getByRole('tab').first()).toBeVisible();
    }, false);
    await measure('Frame Shape tab', async () => {
      await tap(page, modal.getByRole('tab', { name: /Frame Shape/ }));
      await expect(modal.getByRole('checkbox', { name: /^Aviator( \([\d,]+\))?$/ })).toBeVisible();
    }, false);
    await measure('tick Aviator', () => tick(page, modal.getByRole('checkbox', { name: /^Aviator( \([\d,]+\))?$/ })));
    await modal.getByRole('tab', { name: /^Material/ }).click();
    await measure('tick a material', () => tick(page, modal.getByRole('checkbox', { disabled: false }).first()));
    await measure('Apply', async () => {
      await tap(page, modal.getByRole('button', { name: 'Apply' }));
      await expect(page.getByRole('button', { name: /Remove.*Aviator/ })).toBeVisible();
    });
  } else {
    const panel = page.getByRole('complementary');
    await measure('tick Aviator', () => tick(page, panel.getByRole('checkbox', { name: /^Aviator( \([\d,]+\))?$/ })));
    await expect(page.getByRole('button', { name: /Remove.*Aviator/ })).toBeVisible();
    await expect(results(page)).toHaveAttribute('aria-busy', 'false');
    await measure('tick a material', () => tick(page, panel.getByRole('group', { name: /^Material/ }).getByRole('checkbox', { disabled: false }).first()));
    await expect(results(page)).toHaveAttribute('aria-busy', 'false');
    await measure('tick a gender', () => tick(page, panel.getByRole('group', { name: /Gender/ }).getByRole('checkbox', { disabled: false }).first()));
  }

  // The numbers for the record (the issue asks for INP before and after).
  // eslint-disable-next-line no-console
  console.log(`At ${CPU_SLOWDOWN}× CPU slowdown (${isMobile ? 'phone' : 'desktop'}):\n  ${lines.join('\n  ')}`);
  expect(worst, lines.join('; ')).toBeLessThanOrEqual(INP_BUDGET_MS);
});
