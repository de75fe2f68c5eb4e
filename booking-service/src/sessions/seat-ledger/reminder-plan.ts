import type { ContentLoader } from '@tuition/content';
import { type ReminderKind, reminderDueAt, reminderKindsFromSettings } from '@tuition/domain';
import type { DbExecutor } from '../../db/client.ts';
import { bookingReminders } from '../../db/schema.ts';

/*
 * Planning a confirmed seat's reminders (docs/decisions/056): the seat ledger calls this in the
 * transaction that confirms or moves a seat, so a seat never exists without its plan.
 */

export { type ReminderKind, reminderDueAt, reminderKindsFromSettings };

/** The reminder times in force now (content is cached, so this is cheap per transaction). */
export async function reminderKinds(
  content: Pick<ContentLoader, 'siteSettings'>,
): Promise<ReminderKind[]> {
  return reminderKindsFromSettings(await content.siteSettings());
}

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
