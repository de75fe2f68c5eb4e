import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logging/logger.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { LocalSmsTwin } from './local-sms-twin.ts';
import type { SmsProvider } from './sms-provider.ts';
import { sendDueTexts, type TextingDeps } from './texting.ts';
import { TwilioSms } from './twilio-sms.ts';

/** The text provider from config: Twilio, or the local twin (docs/decisions/103). */
export function smsParts(
  config: Config,
  db: Database,
  clockOf: () => Clock,
): { sms: SmsProvider; smsTwin?: LocalSmsTwin } {
  if (config.sms.provider === 'twilio' && config.sms.twilio) {
    return { sms: new TwilioSms(config.sms.twilio) };
  }
  const twin = new LocalSmsTwin(
    { db, clock: { now: () => clockOf().now() }, publicUrl: config.publicUrl },
    config.sms.twinAuthToken,
  );
  return { sms: twin, smsTwin: twin };
}

/** How often due texts are looked for (held ones wait for this tick after their time). */
export const SMS_SWEEP_MS = 60_000;

/**
 * Sends the texts that fell due by the app clock and, with the twin, posts the receipts that
 * fell due; once a minute through the scheduler of record (docs/decisions/095). Safe on every
 * instance: each text is claimed once.
 */
export function textSweepJob(
  deps: TextingDeps & { logger: Logger; smsTwin?: LocalSmsTwin },
): ScheduledJob {
  const log = deps.logger.child({ component: 'texts' });
  return {
    name: 'text-messages',
    intervalMs: SMS_SWEEP_MS,
    onClockMove: true,
    failureMessage: 'text sweep failed; trying again next time',
    async run() {
      const outcomes = await sendDueTexts(deps);
      const receipts = (await deps.smsTwin?.advanceReceipts()) ?? 0;
      if (Object.keys(outcomes).length > 0 || receipts > 0)
        log.info({ ...outcomes, receipts }, 'texts');
    },
  };
}
