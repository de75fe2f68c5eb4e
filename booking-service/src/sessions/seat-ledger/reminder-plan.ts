import type { ContentLoader, SiteSettings } from '@tuition/content';
import type { DbExecutor } from '../../db/client.ts';
import { bookingReminders } from '../../db/schema.ts';

/*
 * Planning a confirmed seat's reminders (docs/decisions/056): the seat ledger calls this in the
 * transaction that confirms or moves a seat, so a seat never exists without its plan.
 */

export interface ReminderKind {
  /** Stable name stored per booking, e.g. "24h". */
  kind: string;
  minutesBefore: number;
}

/**
 * The reminder times from site settings (24 and 1 hours unless editors change them). A kind is
 * named by its hours ("24h"), so a seat decided for a time is never reminded for it again, and
 * a time an editor adds is new to every seat. Only the times in force when a seat was confirmed
 * were checked against the late rule: after a change, a seat booked earlier may get the new
 * time's reminder late (once), never a second one for the same time.
 */
export function reminderKindsFromSettings(
  settings: Pick<SiteSettings, 'firstReminderHours' | 'secondReminderHours'>,
): ReminderKind[] {
  const hours = [...new Set([settings.firstReminderHours, settings.secondReminderHours])];
  return hours.sort((a, b) => b - a).map((h) => ({ kind: `${h}h`, minutesBefore: h * 60 }));
}

/** The reminder times in force now (content is cached, so this is cheap per transaction). */
export async function reminderKinds(
  content: Pick<ContentLoader, 'siteSettings'>,
): Promise<ReminderKind[]> {
  return reminderKindsFromSettings(await content.siteSettings());
}

/** When a reminder of this kind is due for a session starting at `startsAt`. */
export const reminderDueAt = (startsAt: Date, k: ReminderKind) =>
  new Date(startsAt.getTime() - k.minutesBefore * 60_000);

/**
 * Reminders whose time has already passed are decided `skipped`, so a seat booked 3 hours
 * ahead gets only the 1-hour one.
 */
export async function planReminders(
  tx: DbExecutor,
  seats: readonly { id: string; startsAt: Date }[],
  now: Date,
  kinds: readonly ReminderKind[],
): Promise<void> {
  const late = seats.flatMap((seat) =>
    kinds
      .filter((k) => reminderDueAt(seat.startsAt, k).getTime() <= now.getTime())
      .map((k) => ({
        bookingId: seat.id,
        kind: k.kind,
        outcome: 'skipped' as const,
        decidedAt: now,
      })),
  );
  if (late.length > 0) await tx.insert(bookingReminders).values(late).onConflictDoNothing();
}
