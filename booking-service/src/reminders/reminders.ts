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
import { textReminder } from '../sms/family-texts.ts';
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
    .select({
      id: bookings.id,
      userId: bookings.userId,
      sessionId: bookings.sessionId,
      startsAt: classSessions.startsAt,
    })
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
  // Siblings in one session are one family's seats: one mail names them all.
  const families = new Map<string, string[]>();
  for (const candidate of candidates) {
    if (!kinds.some((k) => dueAt(candidate.startsAt, k) <= now)) continue;
    const key = `${candidate.userId} ${candidate.sessionId}`;
    families.set(key, [...(families.get(key) ?? []), candidate.id]);
  }
  if (families.size === 0) return { sent: 0 };
  // Read once per pass, not per family: every mail of the pass shares them.
  const [brand, timetable] = await Promise.all([mailBrand(deps), deps.content.timetable()]);
  let sent = 0;
  for (const bookingIds of families.values()) {
    sent += await remindFamily(deps, { brand, timetable }, bookingIds, kinds, now);
  }
  return { sent };
}

/**
 * Reminds one account's seats of one session, each seat exactly once per time: the seats are
 * locked (as cancel and reschedule lock them, so a seat cancelled meanwhile gets none) in id
 * order, each seat's due time is decided, and the seats newly decided `sent` share one mail.
 * Answers how many seats were reminded.
 */
async function remindFamily(
  deps: ReminderDeps,
  mail: {
    brand: Awaited<ReturnType<typeof mailBrand>>;
    timetable: Awaited<ReturnType<ContentLoader['timetable']>>;
  },
  bookingIds: readonly string[],
  kinds: readonly ReminderKind[],
  now: Date,
): Promise<number> {
  const { brand, timetable } = mail;
  return deps.db.transaction(async (tx) => {
    const seats = await tx
      .select({
        id: bookings.id,
        userId: bookings.userId,
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
      .where(inArray(bookings.id, [...bookingIds]))
      .orderBy(asc(bookings.id))
      .for('update', { of: bookings });
    const byTime = new Map<number, ReminderSeat[]>();
    for (const seat of seats) {
      if (seat.status !== 'confirmed' || seat.startsAt <= now) continue;
      const latest = await decideReminder(tx, seat, kinds, now);
      if (latest)
        byTime.set(latest.minutesBefore, [...(byTime.get(latest.minutesBefore) ?? []), seat]);
    }
    for (const [minutesBefore, reminded] of byTime) {
      // Pupils in name order, as the other mails list them.
      const family = [...reminded].sort((a, b) => a.pupilName.localeCompare(b.pupilName));
      await enqueueReminder(deps, tx, { brand, timetable, seats: family, minutesBefore });
    }
    return [...byTime.values()].reduce((n, reminded) => n + reminded.length, 0);
  });
}

type ReminderSeat = {
  id: string;
  userId: string;
  service: Parameters<typeof describeSession>[1]['service'];
  startsAt: Date;
  endsAt: Date;
  pupilName: string;
  pupilEmail: string | null;
  pupilYearGroup: Parameters<typeof pupilCopyAddress>[0]['yearGroup'];
  email: string;
  name: string;
};

/**
 * Decides a seat's due reminder: the latest due time is `sent`, earlier ones still undecided are
 * `skipped`. Answers the time to send, or undefined when another worker decided it first.
 */
async function decideReminder(
  tx: Transaction,
  seat: { id: string; startsAt: Date },
  kinds: readonly ReminderKind[],
  now: Date,
): Promise<ReminderKind | undefined> {
  const due = kinds
    .filter((k) => dueAt(seat.startsAt, k) <= now)
    .sort((a, b) => a.minutesBefore - b.minutesBefore);
  const [latest, ...superseded] = due;
  if (!latest) return undefined;
  const decided = await tx
    .insert(bookingReminders)
    .values([
      { bookingId: seat.id, kind: latest.kind, outcome: 'sent' as const, decidedAt: now },
      ...superseded.map((k) => ({
        bookingId: seat.id,
        kind: k.kind,
        outcome: 'skipped' as const,
        decidedAt: now,
      })),
    ])
    .onConflictDoNothing()
    .returning({ kind: bookingReminders.kind });
  return decided.some((row) => row.kind === latest.kind) ? latest : undefined;
}

/**
 * The reminder mail of a family's seats: one to the account naming every pupil, and one to each
 * pupil of 16 or over with their own address, naming only them.
 */
async function enqueueReminder(
  deps: ReminderDeps,
  tx: Transaction,
  input: {
    brand: Awaited<ReturnType<typeof mailBrand>>;
    timetable: Awaited<ReturnType<ContentLoader['timetable']>>;
    seats: readonly ReminderSeat[];
    minutesBefore: number;
  },
): Promise<void> {
  const { brand, seats } = input;
  const [first] = seats;
  if (!first) return;
  const session = describeSession(input.timetable, first);
  const pupilOf = (seat: ReminderSeat) => ({
    name: seat.pupilName,
    joinUrl: joinPageUrl(brand.siteUrl, seat.id),
  });
  const mails = [{ to: first.email, seats }];
  for (const seat of seats) {
    const copy = pupilCopyAddress(
      { email: seat.pupilEmail, yearGroup: seat.pupilYearGroup },
      seat.email,
    );
    if (copy) mails.push({ to: copy, seats: [seat] });
  }
  for (const mail of mails) {
    await deps.mail.enqueue(
      sessionReminderEmail(brand, {
        to: mail.to,
        name: first.name,
        session,
        pupils: mail.seats.map(pupilOf),
        minutesBefore: input.minutesBefore,
      }),
      // Many reminders fall due together (every 5 pm class): a confirmation waits for none.
      { tx, priority: 'bulk' },
    );
  }
  // The account's text, if it chose reminders by text (docs/decisions/103): the first seat's
  // join link, as the mail's first button.
  await textReminder(deps, tx, {
    userId: first.userId,
    bookingId: first.id,
    minutesBefore: input.minutesBefore,
    startsAt: first.startsAt,
    pupilNames: seats.map((seat) => seat.pupilName),
    sessionLabel: session.label,
    link: joinPageUrl(brand.siteUrl, first.id),
  });
}
