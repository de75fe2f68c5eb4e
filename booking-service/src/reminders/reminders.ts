import type { ContentLoader } from '@tuition/content';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database, Transaction } from '../db/client.ts';
import { bookingReminders, bookings, classSessions, pupils, user } from '../db/schema.ts';
import { joinPageUrl } from '../lessons/join-window.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { pupilCopyAddress } from '../sessions/seat-pupils.ts';
import { describeSession } from '../sessions/session-description.ts';
import { sessionReminderEmail } from './reminder-emails.ts';
import {
  type ReminderKind,
  reminderDueAt as dueAt,
  reminderKinds,
  reminderKindsFromSettings,
} from '../sessions/seat-ledger/seat-ledger.ts';

/*
 * Reminders before each confirmed seat (docs/decisions/056). "Exactly once"
 * rests on one booking_reminders row per (booking, kind), inserted in the same transaction that
 * queues the mail in the outbox: a second instance, a retry or a restart finds the row and
 * sends nothing. A moved seat is a new booking (the old one is `rescheduled`), so its
 * reminders follow the new time; a cancelled one is skipped by the status check.
 */

export { reminderKinds, reminderKindsFromSettings };

export interface ReminderDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
  config: Pick<Config, 'publicUrl'>;
  mail: MailOutbox;
}

/**
 * One pass: every confirmed, not yet started seat with a reminder due and undecided gets it.
 * When several are due at once (the service was down), only the latest is sent and the earlier
 * ones are skipped: nobody needs "tomorrow" an hour before. Safe to run on every instance.
 */
export async function sendDueReminders(
  deps: ReminderDeps,
  times?: readonly ReminderKind[],
): Promise<{ sent: number }> {
  const kinds = times ?? (await reminderKinds(deps.content));
  if (kinds.length === 0) return { sent: 0 };
  const now = deps.clock.now();
  const horizon = new Date(now.getTime() + Math.max(...kinds.map((k) => k.minutesBefore)) * 60_000);
  // Rows of times no longer in the settings do not count towards the current ones.
  const decided = sql<number>`(select count(*) from ${bookingReminders} where ${bookingReminders.bookingId} = ${bookings.id} and ${inArray(
    bookingReminders.kind,
    kinds.map((k) => k.kind),
  )})`;
  const candidates = await deps.db
    .select({ id: bookings.id, startsAt: classSessions.startsAt })
    .from(bookings)
    .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gt(classSessions.startsAt, now),
        lte(classSessions.startsAt, horizon),
        sql`${decided} < ${kinds.length}`,
      ),
    )
    .orderBy(asc(classSessions.startsAt));
  let sent = 0;
  for (const candidate of candidates) {
    if (!kinds.some((k) => dueAt(candidate.startsAt, k) <= now)) continue;
    if (await remindOne(deps, candidate.id, kinds, now)) sent++;
  }
  return { sent };
}

async function remindOne(
  deps: ReminderDeps,
  bookingId: string,
  kinds: readonly ReminderKind[],
  now: Date,
): Promise<boolean> {
  const [brand, timetable] = await Promise.all([mailBrand(deps), deps.content.timetable()]);
  return deps.db.transaction(async (tx) => {
    // Locked as cancel and reschedule lock it: a seat cancelled meanwhile gets no reminder.
    const [seat] = await tx
      .select({
        id: bookings.id,
        status: bookings.status,
        service: classSessions.service,
        startsAt: classSessions.startsAt,
        endsAt: classSessions.endsAt,
        pupilName: pupils.name,
        pupilEmail: pupils.email,
        pupilYearGroup: pupils.yearGroup,
        email: user.email,
        name: user.name,
      })
      .from(bookings)
      .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
      .innerJoin(pupils, eq(pupils.id, bookings.pupilId))
      .innerJoin(user, eq(user.id, bookings.userId))
      .where(eq(bookings.id, bookingId))
      .for('update', { of: bookings });
    if (seat?.status !== 'confirmed' || seat.startsAt <= now) return false;
    const due = kinds
      .filter((k) => dueAt(seat.startsAt, k) <= now)
      .sort((a, b) => a.minutesBefore - b.minutesBefore);
    const [latest, ...superseded] = due;
    if (!latest) return false;
    const decided = await tx
      .insert(bookingReminders)
      .values([
        { bookingId, kind: latest.kind, outcome: 'sent' as const, decidedAt: now },
        ...superseded.map((k) => ({
          bookingId,
          kind: k.kind,
          outcome: 'skipped' as const,
          decidedAt: now,
        })),
      ])
      .onConflictDoNothing()
      .returning({ kind: bookingReminders.kind });
    if (!decided.some((row) => row.kind === latest.kind)) return false;
    await enqueueReminder(deps, tx, {
      brand,
      timetable,
      seat,
      minutesBefore: latest.minutesBefore,
    });
    return true;
  });
}

async function enqueueReminder(
  deps: ReminderDeps,
  tx: Transaction,
  input: {
    brand: Awaited<ReturnType<typeof mailBrand>>;
    timetable: Awaited<ReturnType<ContentLoader['timetable']>>;
    seat: {
      id: string;
      service: Parameters<typeof describeSession>[1]['service'];
      startsAt: Date;
      endsAt: Date;
      pupilName: string;
      pupilEmail: string | null;
      pupilYearGroup: Parameters<typeof pupilCopyAddress>[0]['yearGroup'];
      email: string;
      name: string;
    };
    minutesBefore: number;
  },
): Promise<void> {
  const { brand, seat } = input;
  const copy = pupilCopyAddress(
    { email: seat.pupilEmail, yearGroup: seat.pupilYearGroup },
    seat.email,
  );
  for (const to of copy ? [seat.email, copy] : [seat.email]) {
    await deps.mail.enqueue(
      sessionReminderEmail(brand, {
        to,
        name: seat.name,
        session: describeSession(input.timetable, seat),
        pupilName: seat.pupilName,
        minutesBefore: input.minutesBefore,
        joinUrl: joinPageUrl(brand.siteUrl, seat.id),
      }),
      // Many reminders fall due together (every 5 pm class): a confirmation waits for none.
      { tx, priority: 'bulk' },
    );
  }
}
