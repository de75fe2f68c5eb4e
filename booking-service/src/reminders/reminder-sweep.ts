import type { Logger } from '../logging/logger.ts';
import { type PeriodicTask, runPeriodically } from '../periodic-task.ts';
import { type ReminderDeps, sendDueReminders } from './reminders.ts';

/** How often a server looks for reminders that fell due. */
export const REMINDER_SWEEP_MS = 60_000;

export type ReminderSweep = PeriodicTask;

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
  const log = deps.logger.child({ component: 'reminders' });
  return runPeriodically(
    async () => {
      const { sent } = await sendDueReminders(deps);
      if (sent > 0) log.info({ sent }, 'session reminders queued');
    },
    {
      intervalMs: options.intervalMs ?? REMINDER_SWEEP_MS,
      log,
      failureMessage: 'reminder sweep failed; trying again next time',
    },
  );
}
