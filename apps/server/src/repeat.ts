/**
 * A task a server repeats on a timer (housekeeping, the price scheduler): the first run after
 * `firstRunAfterMs`, each next one `intervalMs` after the last has ended, so two never overlap.
 * The timer never keeps the process alive; `stop()` starts no further run and resolves when the
 * run in progress has finished (a long task checks `stopped` to end early).
 */
export type Repeater = {
  readonly stopped: boolean;
  start(firstRunAfterMs: number, intervalMs: number): void;
  stop(): Promise<void>;
};

export function createRepeater(name: string, task: () => Promise<void>): Repeater {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  function schedule(delayMs: number, intervalMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = task().finally(() => {
        running = undefined;
        schedule(intervalMs, intervalMs);
      });
    }, delayMs);
    timer.unref();
  }

  return {
    get stopped() {
      return stopped;
    },
    start(firstRunAfterMs, intervalMs) {
      if (timer || stopped) throw new Error(`${name} already started or stopped`);
      schedule(firstRunAfterMs, intervalMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
