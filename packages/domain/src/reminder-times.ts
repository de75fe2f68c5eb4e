/**
 * When the reminder e-mails before a confirmed seat are due (decision 056,
 * docs/product-rules.md#delivering-the-lesson): two site settings, hours before the start,
 * 24 and 1 unless editors change them.
 */

/** The first reminder's hours before the start when the site setting is missing. */
export const DEFAULT_FIRST_REMINDER_HOURS = 24;

/** The second (last) reminder's hours before the start when the site setting is missing. */
export const DEFAULT_SECOND_REMINDER_HOURS = 1;

export interface ReminderKind {
  /** Stable name stored per booking, e.g. "24h". */
  kind: string;
  minutesBefore: number;
}

/**
 * The reminder times from the site settings, earliest (most hours before) first, a time named
 * twice kept once. A kind is named by its hours ("24h"), so a seat decided for a time is never
 * reminded for it again, and a time an editor adds is new to every seat (decision 056).
 */
export function reminderKindsFromSettings(settings: {
  firstReminderHours: number;
  secondReminderHours: number;
}): ReminderKind[] {
  const hours = [...new Set([settings.firstReminderHours, settings.secondReminderHours])];
  return hours.sort((a, b) => b - a).map((h) => ({ kind: `${h}h`, minutesBefore: h * 60 }));
}

/** The instant a reminder of this kind is due for a session starting at `startsAt`. */
export function reminderDueAt(startsAt: Date, kind: ReminderKind): Date {
  return new Date(startsAt.getTime() - kind.minutesBefore * 60_000);
}
