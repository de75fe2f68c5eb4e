import {
  type Notifications,
  type NotificationsUpdate,
  SMS_KINDS,
  type SmsKind,
} from '@tuition/api-contract';
import { DEFAULT_QUIET_HOURS } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { smsConsents, smsSettings } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../http/problem.ts';
import { type TextingDeps, textingStateOf } from '../sms/texting.ts';

/*
 * The family's choice per text kind and their quiet hours (docs/decisions/103). All kinds are
 * off until chosen; turning one on needs a verified number and records the explanation shown
 * beside it and the time (PECR); turning one off is recorded too.
 */

/** The sentence shown beside each choice, and recorded when a family turns it on. */
export const SMS_CHOICE_EXPLANATIONS: Record<SmsKind, string> = {
  reminders:
    'Text me a reminder before each lesson with the link to join. You still get the e-mail.',
  changes:
    'Text me when we cancel, move or reschedule one of my sessions. You still get the e-mail.',
  waitingListOffers:
    'Text me when a seat I am waiting for is offered to me, so I can take it in time.',
  lessonReports: "Text me when a tutor's report on a lesson is ready to read.",
};

const noChoices = (): Record<SmsKind, boolean> => ({
  reminders: false,
  changes: false,
  waitingListOffers: false,
  lessonReports: false,
});

export async function notificationsOf(
  deps: Pick<TextingDeps, 'db'>,
  userId: string,
): Promise<Notifications> {
  const state = await textingStateOf(deps.db, userId);
  if (!state) throw new NotFoundError('Your account no longer exists.');
  const settings = state.settings;
  const sms = noChoices();
  for (const kind of SMS_KINDS) sms[kind] = settings?.[kind] ?? false;
  return {
    sms,
    quietHours: settings
      ? { from: settings.quietFrom, to: settings.quietTo }
      : { ...DEFAULT_QUIET_HOURS },
    phone: {
      number: state.phone,
      verified: state.verified,
      stoppedByReply: Boolean(settings?.stoppedAt),
      stoppedAt: settings?.stoppedAt?.toISOString() ?? null,
      unreachable: Boolean(state.verified && settings?.unreachableAt),
    },
    explanations: SMS_CHOICE_EXPLANATIONS,
  };
}

/**
 * Applies a change of choices and quiet hours. A kind turned on without a verified number is
 * refused (409 phone-not-verified); one turned on after a STOP lifts the stop, the family having
 * chosen again on the page.
 */
export async function updateNotifications(
  deps: Pick<TextingDeps, 'db' | 'clock'>,
  userId: string,
  update: NotificationsUpdate,
): Promise<Notifications> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const state = await textingStateOf(tx, userId);
    if (!state) throw new NotFoundError('Your account no longer exists.');
    const current = noChoices();
    for (const kind of SMS_KINDS) current[kind] = state.settings?.[kind] ?? false;
    const changed = SMS_KINDS.filter(
      (kind) => update.sms?.[kind] !== undefined && update.sms[kind] !== current[kind],
    );
    const turnedOn = changed.filter((kind) => update.sms?.[kind] === true);
    if (turnedOn.length > 0 && !state.verified) {
      throw new ConflictError(
        'phone-not-verified',
        undefined,
        'Verify your mobile number before choosing texts.',
      );
    }
    const next = { ...current, ...Object.fromEntries(changed.map((k) => [k, update.sms?.[k]])) };
    const values = {
      ...next,
      ...(update.quietHours
        ? { quietFrom: update.quietHours.from, quietTo: update.quietHours.to }
        : {}),
      ...(turnedOn.length > 0 ? { stoppedAt: null, stoppedKinds: [] } : {}),
      updatedAt: now,
    };
    await tx
      .insert(smsSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: smsSettings.userId, set: values });
    if (changed.length > 0) {
      await tx.insert(smsConsents).values(
        changed.map((kind) => ({
          userId,
          kind,
          granted: update.sms?.[kind] === true,
          wording:
            update.sms?.[kind] === true
              ? SMS_CHOICE_EXPLANATIONS[kind]
              : 'Turned off on the account page',
          at: now,
        })),
      );
    }
  });
  return notificationsOf(deps, userId);
}

/** The consent records of an account, oldest first (tests, the data export). */
export async function consentsOf(deps: Pick<TextingDeps, 'db'>, userId: string) {
  return deps.db.select().from(smsConsents).where(eq(smsConsents.userId, userId));
}
