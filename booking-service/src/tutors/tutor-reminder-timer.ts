import type { Logger } from '../logging/logger.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { sendTutorReminders, type TutorReminderDeps } from './tutor-reminders.ts';

/** How often the service looks for tutors to remind (the mail goes once a day). */
export const TUTOR_REMINDER_SWEEP_MS = 60_000;

/**
 * The tutors' daily "reports still to send" e-mail, looked for once a minute by the app clock on
 * one instance per occurrence (docs/decisions/095); the once-a-day key makes an extra run
 * harmless (docs/decisions/079).
 */
export function tutorRemindersJob(deps: TutorReminderDeps & { logger: Logger }): ScheduledJob {
  const log = deps.logger.child({ component: 'tutor-reminders' });
  return {
    name: 'tutor-report-reminders',
    intervalMs: TUTOR_REMINDER_SWEEP_MS,
    onClockMove: true,
    failureMessage: 'tutor reminders failed; trying again next time',
    async run() {
      const { sent } = await sendTutorReminders(deps);
      if (sent > 0) log.info({ sent }, 'tutor reminders queued');
    },
  };
}
