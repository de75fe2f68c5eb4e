import type { Logger } from '../logging/logger.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { type ReminderDeps, sendDueReminders } from './reminders.ts';

/** How often the service looks for reminders that fell due. */
export const REMINDER_SWEEP_MS = 60_000;

/**
 * sendDueReminders once a minute by the app clock (so TEST_CLOCK and /dev/clock move it), on
 * one instance per occurrence (docs/decisions/095); each reminder is decided once by its
 * (booking, kind) row, and the mail itself goes through the pg-boss outbox.
 */
export function reminderSweepJob(deps: ReminderDeps & { logger: Logger }): ScheduledJob {
  const log = deps.logger.child({ component: 'reminders' });
  return {
    name: 'session-reminders',
    intervalMs: REMINDER_SWEEP_MS,
    onClockMove: true,
    failureMessage: 'reminder sweep failed; trying again next time',
    async run() {
      const { sent } = await sendDueReminders(deps);
      if (sent > 0) log.info({ sent }, 'session reminders queued');
    },
  };
}
