// The account's texts (docs/decisions/103): the number's state, the choice per kind and quiet
// hours, and verifying the number with a texted code. Not under ['me']: the account page removes
// ['me', …] queries while its session loads (see calendar-feed-section.tsx).
import type { NotificationsUpdate, SmsKind } from '@tuition/api-contract';
import { ApiError, apiFetch } from '../../lib/api-client.ts';

export const TEXTS_KEY = ['sms-notifications'] as const;

export const textsApi = {
  get: () => apiFetch('/api/me/notifications', 'NotificationsSchema'),
  update: (update: NotificationsUpdate) =>
    apiFetch('/api/me/notifications', 'NotificationsSchema', {
      method: 'PUT',
      json: update,
      repeatable: true,
    }),
  // Not repeatable: each call texts a code and counts towards the hourly limit.
  sendCode: () =>
    apiFetch('/api/me/phone/verification', 'PhoneVerificationSentSchema', { method: 'POST' }),
  confirm: (code: string) =>
    apiFetch('/api/me/phone/verification/confirm', 'PhoneVerifiedSchema', {
      method: 'POST',
      json: { code },
    }),
} as const;

/** The kinds in the order the page lists them, with their labels. */
export const KIND_LABELS: Record<SmsKind, string> = {
  reminders: 'Lesson reminders',
  changes: 'Changes to my sessions',
  waitingListOffers: 'Waiting-list offers',
  lessonReports: 'Lesson reports',
};

export const TEXTS_MESSAGES = {
  verified: 'Verified',
  notVerified: 'Not verified',
  stopped: 'Texts stopped by reply',
  unreachable: "We couldn't reach this number",
  noNumber: 'Add your mobile number under Personal Details above to get texts.',
  loadFailed: 'Your text settings could not be loaded. Please reload the page.',
  codeSent: (number: string) => `We texted a 6-digit code to ${number}. It works for 10 minutes.`,
  numberVerified: 'Your number is verified',
  notVerifiedToTurnOn:
    'Verify your mobile number before choosing texts: send a code and enter it above.',
  saveFailed: 'Your choice could not be saved. Please try again.',
  quietSaved: 'Quiet hours saved',
} as const;

/** The message a failed call shows: the field's own message when the service named it. */
export function problemText(error: unknown, field?: string): string {
  if (error instanceof ApiError) {
    const named = field ? error.errors?.find((e) => e.field === field) : undefined;
    if (named) return named.message;
    if (error.code === 'phone-not-verified') return TEXTS_MESSAGES.notVerifiedToTurnOn;
    return error.detail;
  }
  return TEXTS_MESSAGES.saveFailed;
}
