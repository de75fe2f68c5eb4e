import type { Logger } from '../logging/logger.ts';
import { type PeriodicTask, runPeriodically } from '../periodic-task.ts';
import { sendTutorReminders, type TutorReminderDeps } from './tutor-reminders.ts';

/** How often every instance looks for tutors to remind (the mail goes once a day). */
export const TUTOR_REMINDER_SWEEP_MS = 60_000;

/**
 * The tutors' daily "reports still to send" e-mail, on a timer on every instance by the app
 * clock, like the families' reminders; the once-a-day key makes extra runs harmless
 * (docs/decisions/079).
 */
export function scheduleTutorReminders(
  deps: TutorReminderDeps & { logger: Logger },
  options: { intervalMs?: number } = {},
): PeriodicTask {
  const log = deps.logger.child({ component: 'tutor-reminders' });
  return runPeriodically(
    async () => {
      const { sent } = await sendTutorReminders(deps);
      if (sent > 0) log.info({ sent }, 'tutor reminders queued');
    },
    {
      intervalMs: options.intervalMs ?? TUTOR_REMINDER_SWEEP_MS,
      log,
      failureMessage: 'tutor reminders failed; trying again next time',
    },
  );
}
