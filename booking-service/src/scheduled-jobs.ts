import type { AppDeps } from './app-deps.ts';
import { lapsedCheckoutSweepJob } from './checkout/lapsed-checkout-sweep.ts';
import { roomUpkeepJob } from './lessons/room-upkeep.ts';
import { minimumDecisionJob } from './minimums/decision-job.ts';
import { tutorCalendarsJob } from './one-to-one/calendar-reads.ts';
import { pendingRefundsJob } from './payments/payment-refunds.ts';
import { reminderSweepJob } from './reminders/reminder-sweep.ts';
import type { ScheduledJob } from './scheduler/scheduler.ts';
import { reenrolmentInvitesJob } from './terms/reenrolment-invites.ts';
import { tutorRemindersJob } from './tutors/tutor-reminder-timer.ts';
import { creditExpiryJob } from './wallet/credit-expiry.ts';
import { waitlistSweepJob } from './waitlist/waitlist-sweep.ts';
import { textSweepJob } from './sms/sms-setup.ts';

/**
 * Every periodic job the service runs, one list for the scheduler of record (server.ts) and for
 * /dev/clock's run after a move (app.ts), in the order a move runs them: the sessions due a decision by their class's minimum first
 * (a cancelled one sends no reminder; docs/decisions/100), then reminders, then
 * the offers and credit that lapsed at the new time (docs/decisions/056, 095). The daily
 * retention run is a pg-boss cron instead (retention/retention-job.ts), since it keeps London
 * wall-clock time.
 */
export function scheduledJobs(deps: AppDeps): ScheduledJob[] {
  return [
    minimumDecisionJob(deps),
    reminderSweepJob(deps),
    waitlistSweepJob(deps),
    creditExpiryJob(deps),
    tutorRemindersJob(deps),
    reenrolmentInvitesJob(deps),
    lapsedCheckoutSweepJob(deps),
    pendingRefundsJob(deps),
    roomUpkeepJob(deps),
    // Tutors' private calendars, every 5 minutes (docs/decisions/104).
    tutorCalendarsJob(deps),
    // Last: the texts the jobs above wrote go in the same move (docs/decisions/103).
    textSweepJob(deps),
  ];
}
