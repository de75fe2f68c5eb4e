import type { Logger } from './logging/logger.ts';

export interface PeriodicTask {
  /** Runs a pass now (after /dev/clock moved time), or joins the one already running. */
  runNow(): Promise<void>;
  /** No further runs; resolves once a run in progress has finished (before the pool closes). */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `intervalMs` on a plain timer, for the sweeps every instance may run at once
 * (each step they take is idempotent or decided under a row lock, so they need no queue or cron).
 * The timer is unref'd, so it never keeps the process alive; the next run is armed only after the
 * previous one finished, so slow runs never overlap; a failed run is logged as a warning and
 * tried again next time.
 */
export function runPeriodically(
  task: () => Promise<void>,
  options: { intervalMs: number; log: Logger; failureMessage: string },
): PeriodicTask {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const run = () => {
    running ??= task()
      .catch((error: unknown) => options.log.warn({ err: error }, options.failureMessage))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(() => void run().finally(arm), options.intervalMs);
    timer.unref();
  };
  arm();

  return {
    runNow: () => (stopped ? Promise.resolve() : run()),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
