import type { ServiceCode } from '@tuition/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { checkoutItems, classSessions } from '../../db/schema.ts';
import { lockHoldRows } from '../hold-locks.ts';
import type { SessionRow } from '../session-rows.ts';
import type { OpenedHold } from './hold-open.ts';

/*
 * A 1-to-1 lesson is a hold on a tutor's time (docs/decisions/106). The tutor's row is the lock:
 * the door takes it first, so two families, or a family and an admin assigning that tutor as
 * cover, take the same hour one after the other, and the second sees the first's lesson. Under
 * that lock each wanted lesson is checked against the tutor's free time, a session row of kind
 * one-to-one (capacity 1) is made for each free one, and the seats are held through the ledger's
 * own openHold, in the same transaction: checkout, seat, code and price as for any basket.
 */

/** One lesson wanted: its start and end. */
export interface WantedLesson {
  startsAt: Date;
  endsAt: Date;
}

export interface TutorHoldRequest<H extends OpenedHold> {
  tutorId: string;
  service: ServiceCode;
  subject: string;
  pupilId: string;
  lessons: readonly WantedLesson[];
  lessonPricePence: number;
  /** The parent's recording choice, kept on the seat until payment puts it on the booking. */
  adultNearby: boolean;
  /** Leave out the lessons the tutor is not free for instead of refusing the whole series. */
  skipUnavailable: boolean;
  /** Whether the tutor is free for this lesson, read inside the transaction (under the lock). */
  isFree: (tx: Transaction, lesson: WantedLesson) => Promise<boolean>;
  /** The refusal naming the lessons the tutor is not free for (or every lesson, when none is). */
  unavailable: (lessons: readonly WantedLesson[]) => Error;
  /** Opens the hold of the new rows' seats (openHold with the basket's price, code and page). */
  open: (
    tx: Transaction,
    rows: readonly SessionRow[],
    inHold: (tx: Transaction, checkoutId: string) => Promise<void>,
  ) => Promise<H>;
}

export interface TutorHold<H extends OpenedHold> {
  opened: H;
  rows: SessionRow[];
  skipped: WantedLesson[];
}

/** Holds a tutor's lessons for one pupil, in the caller's transaction (see above). */
export async function holdTutorLessons<H extends OpenedHold>(
  tx: Transaction,
  request: TutorHoldRequest<H>,
): Promise<TutorHold<H>> {
  const [tutor] = (await lockHoldRows(tx, { tutorIds: [request.tutorId] })).tutors;
  if (!tutor || tutor.deactivatedAt) throw request.unavailable(request.lessons);
  const free: WantedLesson[] = [];
  const skipped: WantedLesson[] = [];
  for (const lesson of request.lessons) {
    if (await request.isFree(tx, lesson)) free.push(lesson);
    else skipped.push(lesson);
  }
  if (free.length === 0 || (skipped.length > 0 && !request.skipUnavailable)) {
    throw request.unavailable(skipped);
  }
  const rows = await tx
    .insert(classSessions)
    .values(
      free.map((lesson) => ({
        kind: 'one-to-one' as const,
        tutorId: request.tutorId,
        subject: request.subject,
        service: request.service,
        startsAt: lesson.startsAt,
        endsAt: lesson.endsAt,
        pricePence: request.lessonPricePence,
        capacity: 1,
      })),
    )
    .returning();
  // On the seats before anything can confirm them (a code may leave nothing to pay).
  const keepChoice = async (inner: Transaction, checkoutId: string) => {
    await inner
      .update(checkoutItems)
      .set({ adultNearby: request.adultNearby })
      .where(
        and(
          eq(checkoutItems.checkoutId, checkoutId),
          inArray(
            checkoutItems.sessionId,
            rows.map((row) => row.id),
          ),
        ),
      );
  };
  const opened = await request.open(tx, rows, keepChoice);
  return { opened, rows, skipped };
}

/**
 * The session row a 1-to-1 lesson moves to (a reschedule to another free hour of its tutor):
 * under the tutor's lock, the new hour is checked (the lesson being moved left out) and its row
 * made, in the caller's transaction, before the seat moves onto it (moveSeat).
 */
export async function takeTutorHour(
  tx: Transaction,
  request: {
    from: SessionRow;
    lesson: WantedLesson;
    isFree: (tx: Transaction, lesson: WantedLesson) => Promise<boolean>;
    unavailable: (lessons: readonly WantedLesson[]) => Error;
  },
): Promise<SessionRow> {
  const { from, lesson } = request;
  if (!from.tutorId) throw new Error('a 1-to-1 lesson without its tutor');
  const [tutor] = (await lockHoldRows(tx, { tutorIds: [from.tutorId] })).tutors;
  if (!tutor || tutor.deactivatedAt || !(await request.isFree(tx, lesson))) {
    throw request.unavailable([lesson]);
  }
  const [row] = await tx
    .insert(classSessions)
    .values({
      kind: 'one-to-one',
      tutorId: from.tutorId,
      subject: from.subject,
      service: from.service,
      startsAt: lesson.startsAt,
      endsAt: lesson.endsAt,
      pricePence: from.pricePence,
      capacity: 1,
    })
    .returning();
  if (!row) throw new Error('the lesson row was not made');
  return row;
}
