import type { Logger } from '../logging/logger.ts';
import { type ReminderDeps, sendDueReminders } from './reminders.ts';

/** How often a server looks for reminders that fell due. */
export const REMINDER_SWEEP_MS = 60_000;

export interface ReminderSweep {
  /** Runs a pass now (after /dev/clock moved time), unless one is already running. */
  runNow(): Promise<void>;
  /** No further runs; resolves once a run in progress has finished (before the pool closes). */
  stop(): Promise<void>;
}

/**
 * Runs sendDueReminders every `intervalMs`, reading "now" from the app clock (so TEST_CLOCK and
 * /dev/clock move it). A plain unref'd timer, as the lapsed-checkout sweep: every instance may
 * run it, because each reminder is decided once by its (booking, kind) row; the mail itself
 * goes through the pg-boss outbox. The next run is armed only after the previous one finished.
 */
export function scheduleReminderSweep(
  deps: ReminderDeps & { logger: Logger },
  options: { intervalMs?: number } = {},
): ReminderSweep {
  const intervalMs = options.intervalMs ?? REMINDER_SWEEP_MS;
  const log = deps.logger.child({ component: 'reminders' });
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const sweep = async () => {
    try {
      const { sent } = await sendDueReminders(deps);
      if (sent > 0) log.info({ sent }, 'session reminders queued');
    } catch (error) {
      log.warn({ err: error }, 'reminder sweep failed; trying again next time');
    }
  };
  const run = () => {
    running ??= sweep().finally(() => {
      running = undefined;
    });
    return running;
  };
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(() => void run().finally(arm), intervalMs);
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
