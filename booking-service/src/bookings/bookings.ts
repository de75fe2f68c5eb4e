import { enrolmentOfSeats } from '../sessions/enrolment-reads.ts';
import { textChange } from '../sms/family-texts.ts';
import {
  type BookingActor,
  canCancel,
  canReschedule,
  customerCancelGivesCredit,
  customerCancelRefundsLesson,
  findSession,
  isBookable,
  MESSAGES,
  SERVICES,
  staffDuplicateDescription,
} from '@tuition/domain';
import {
  type AdminCancelledBooking,
  type Booking,
  type BookingScope,
  type CancelRemedy,
  type ChildLessonReport,
  isId,
} from '@tuition/api-contract';
import { and, asc, desc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { ContentLoader } from '@tuition/content';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database, DbExecutor, Transaction } from '../db/client.ts';
import { recordAudit } from '../audit/audit.ts';
import { ensureSessionRows } from '../sessions/session-rows.ts';
import { bookings, classSessions, user } from '../db/schema.ts';
import { ConflictError, NotFoundError, ValidationError } from '../http/problem.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { bookingCancelledEmail, bookingRescheduledEmail } from './booking-emails.ts';
import { applyRemedy } from './cancel-remedy.ts';
import { sendPendingRefunds } from '../payments/payment-refunds.ts';
import type { Logger } from '../logging/logger.ts';
import { lockHoldRows, moveSeat, releaseSeats } from '../sessions/seat-ledger/seat-ledger.ts';
import { pupilCopyAddress, pupilRef } from '../sessions/seat-pupils.ts';
import { type BookingRow, selectBookingRows } from '../sessions/booking-rows.ts';
import { tutorHourTarget } from './one-to-one-move.ts';
import { describeSession } from '../sessions/session-description.ts';
import { joinWindow } from '../lessons/join-window.ts';
import { defaultCalendarUid } from '../sessions/session-lines.ts';
import { teachersOf, tutorPublicName } from '../sessions/session-tutors.ts';
import { childReportsOf } from '../sessions/lesson-report-reads.ts';
import { bookingRecordings } from '../lessons/lesson-recordings.ts';

/** What cancelling and rescheduling need; listing needs only the first three. */
export interface BookingDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
  config: Config;
  mail: MailOutbox;
  /** Refunds when the business cancels (decision 077). */
  payments: Parameters<typeof sendPendingRefunds>[0]['payments'];
  logger: Logger;
}

/** Who acts: a customer on their own bookings, or an admin (adminId) on anyone's. */
export type Actor = { kind: 'customer'; userId: string } | { kind: 'admin'; adminId: string };

/** The audit trail's actor fields for an action on a booking (docs/decisions/058). */
const auditActor = (actor: Actor) =>
  actor.kind === 'admin'
    ? { actorId: actor.adminId, actorRole: 'admin' as const }
    : { actorId: actor.userId, actorRole: 'customer' as const };

const policyActor = (actor: Actor): BookingActor => (actor.kind === 'admin' ? 'admin' : 'customer');

function toView(
  timetable: Parameters<typeof describeSession>[0],
  row: BookingRow,
  now: Date,
  actor: BookingActor,
): Booking {
  const session = describeSession(timetable, row);
  const facts = { status: row.status, startsAt: row.startsAt };
  return {
    id: row.id,
    status: row.status,
    service: session.service,
    subject: row.subject,
    label: session.label,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    createdAt: row.createdAt.toISOString(),
    canCancel: canCancel(facts, now),
    canReschedule: canReschedule(facts, now, actor),
    pupil: pupilRef(row),
    join: joinWindow(row, now),
    kind: row.kind,
  };
}

/**
 * A user's bookings. upcoming: confirmed and not started, soonest first; previous: started, or
 * cancelled or moved to another session, most recent first (domain policies decide each flag).
 */
export async function listUserBookings(
  deps: Pick<BookingDeps, 'db' | 'clock' | 'content'>,
  userId: string,
  scope: BookingScope,
  actor: BookingActor = 'customer',
): Promise<Booking[]> {
  const now = deps.clock.now();
  const upcoming = and(eq(bookings.status, 'confirmed'), gt(classSessions.startsAt, now));
  const previous = or(
    lte(classSessions.startsAt, now),
    inArray(bookings.status, ['cancelled', 'rescheduled']),
  );
  const rows = await selectBookingRows(
    deps.db,
    and(eq(bookings.userId, userId), scope === 'upcoming' ? upcoming : previous),
  ).orderBy(
    scope === 'upcoming' ? asc(classSessions.startsAt) : desc(classSessions.startsAt),
    desc(bookings.createdAt),
  );
  const sessions = rows.map((r) => ({ id: r.sessionId, service: r.service, startsAt: r.startsAt }));
  const kept = rows.filter((r) => r.status === 'confirmed');
  const [timetable, teachers, enrolments, reports, recorded] = await Promise.all([
    deps.content.timetable(),
    teachersOf(deps.db, sessions),
    enrolmentOfSeats(deps.db, rows),
    // A report is about a lesson that happened: the seat kept, not a cancelled or moved one.
    scope === 'previous' ? childReportsOf(deps.db, kept) : new Map<string, ChildLessonReport>(),
    // Only a pupil marked present may watch the lesson's recording (docs/decisions/099).
    scope === 'previous'
      ? bookingRecordings(
          deps.db,
          userId,
          kept.map((r) => r.id),
          now,
        )
      : new Map<string, { viewCount: number }>(),
  ]);
  return rows.map((row) => ({
    ...toView(timetable, row, now, actor),
    tutorName: tutorNameFor(row, teachers.get(row.sessionId)?.name),
    ...(row.kind === 'one-to-one' && row.tutorId ? { tutorId: row.tutorId } : {}),
    ...optionalEnrolment(enrolments.get(`${row.checkoutId} ${row.pupilId}`)),
    ...(scope === 'previous'
      ? { report: reports.get(row.id) ?? null, recording: recorded.get(row.id) ?? null }
      : {}),
  }));
}

/** A 1-to-1 lesson names its tutor as families see tutors: the first name (decision 106). */
function tutorNameFor(row: { kind: string }, name: string | undefined): string | null {
  if (!name) return null;
  return row.kind === 'one-to-one' ? tutorPublicName(name) : name;
}

/** A term's seat names its enrolment (docs/decisions/083); other seats leave it out. */
const optionalEnrolment = (id: string | undefined) => (id ? { enrolmentId: id } : {});

function selectBooking(db: DbExecutor, bookingId: string, actor: Actor) {
  return selectBookingRows(
    db,
    and(
      eq(bookings.id, bookingId),
      ...(actor.kind === 'customer' ? [eq(bookings.userId, actor.userId)] : []),
    ),
  ).limit(1);
}

/** One booking; 404 when missing or (for a customer) someone else's, never saying which. */
async function findBooking(db: DbExecutor, bookingId: string, actor: Actor): Promise<BookingRow> {
  if (!isId(bookingId)) throw new NotFoundError('No such booking.');
  const [row] = await selectBooking(db, bookingId, actor);
  if (!row) throw new NotFoundError('No such booking.');
  return row;
}

/**
 * The same, locking the booking row only (not its session row: session rows are locked
 * separately, in id order, by the seat ledger).
 */
async function lockBooking(tx: Transaction, bookingId: string, actor: Actor): Promise<BookingRow> {
  if (!isId(bookingId)) throw new NotFoundError('No such booking.');
  const [row] = await selectBooking(tx, bookingId, actor).for('update', { of: bookings });
  if (!row) throw new NotFoundError('No such booking.');
  return row;
}

/** Whether this seat was moved by a merge whose cancel-for-credit window is still open. */
async function mergeCancelOpen(tx: Transaction, bookingId: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ until: bookings.mergeCancelUntil })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.until ? row.until > now : false;
}

async function customerOf(tx: Transaction, userId: string) {
  const [customer] = await tx
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId));
  return customer;
}

/** The account's address, and the pupil's own when they are 16 or over and have one. */
function mailRecipients(customer: { email: string }, booking: BookingRow): string[] {
  const copy = pupilCopyAddress(
    { email: booking.pupilEmail, yearGroup: booking.pupilYearGroup },
    customer.email,
  );
  return copy ? [customer.email, copy] : [customer.email];
}

/**
 * Cancels an upcoming confirmed booking: the seat is free at once (only confirmed bookings
 * count), nothing is refunded, and the customer gets an e-mail in the same transaction. An
 * admin also says what the family gets back and, if they choose, why: the e-mail tells both.
 */
export async function cancelBooking(
  deps: BookingDeps,
  request: { bookingId: string; actor: Actor },
): Promise<Booking>;
export async function cancelBooking(
  deps: BookingDeps,
  request: {
    bookingId: string;
    actor: Actor & { kind: 'admin' };
    remedy: CancelRemedy;
    reason?: string;
  },
): Promise<AdminCancelledBooking>;
export async function cancelBooking(
  deps: BookingDeps,
  request: { bookingId: string; actor: Actor; remedy?: CancelRemedy; reason?: string },
): Promise<Booking | AdminCancelledBooking> {
  const now = deps.clock.now();
  const [brand, timetable, settings] = await Promise.all([
    mailBrand(deps),
    deps.content.timetable(),
    deps.content.siteSettings(),
  ]);
  const done = await deps.db.transaction(async (tx) => {
    // The hold door's order first: the seat's payment (a remedy may refund it), then its session.
    const seat = await findBooking(tx, request.bookingId, request.actor);
    await lockHoldRows(tx, {
      checkoutIds: seat.checkoutId ? [seat.checkoutId] : [],
      sessionIds: [seat.sessionId],
    });
    const booking = await lockBooking(tx, request.bookingId, request.actor);
    if (!canCancel(booking, now)) {
      throw new ConflictError('not-cancellable', undefined, MESSAGES.notCancellable.title);
    }
    // The freed seat goes to the session's waiting list, under its row lock (decision 060).
    await releaseSeats(deps, tx, [booking]);
    const session = describeSession(timetable, booking);
    // A family's own cancel returns a session of credit only where the CMS says so, 24 hours
    // or more before the start (decision 077); otherwise nothing comes back, as the spec says.
    // A seat the business moved into this session by a merge is the exception: until its
    // mergeCancelUntil the family may cancel it for credit whenever it starts
    // (docs/decisions/100), as the merge's e-mail told them.
    const ownCredit =
      request.actor.kind === 'customer' &&
      (booking.kind === 'one-to-one'
        ? customerCancelRefundsLesson(booking.startsAt, now)
        : customerCancelGivesCredit(booking.startsAt, now, settings.customerCancelReturnsCredit) ||
          (await mergeCancelOpen(tx, booking.id, now)));
    // The wallet's history names the session and child itself; the note says only who.
    const byWhom = request.actor.kind === 'admin' ? 'Cancelled by us' : 'Cancelled by you';
    const remedy =
      request.remedy || ownCredit
        ? await applyRemedy(deps, tx, {
            booking,
            remedy: request.remedy ?? 'credit',
            now,
            note: byWhom,
          })
        : undefined;
    await recordAudit(tx, {
      ...auditActor(request.actor),
      subjectUserId: booking.userId,
      action: 'booking.cancel',
      target: `booking:${booking.id}`,
      before: { status: booking.status },
      after: {
        status: 'cancelled',
        ...(request.reason ? { reason: request.reason } : {}),
        ...(remedy && remedy.remedy !== 'none'
          ? {
              remedy: remedy.remedy,
              refundedPence: remedy.refundedPence,
              creditReturned: remedy.creditReturned,
            }
          : {}),
      },
    });
    const customer = await customerOf(tx, booking.userId);
    if (customer) {
      for (const to of mailRecipients(customer, booking)) {
        await deps.mail.enqueue(
          bookingCancelledEmail(brand, {
            to,
            name: customer.name,
            session,
            pupilName: booking.pupilName,
            byAdmin: request.actor.kind === 'admin',
            ...(remedy ? { remedy } : {}),
            ...(request.reason ? { reason: request.reason } : {}),
            // The seat's calendar entry is withdrawn (METHOD:CANCEL, same UID, higher SEQUENCE).
            calendar: {
              bookingId: booking.id,
              uid: booking.calendarUid ?? defaultCalendarUid(booking.id),
              sequence: booking.calendarSequence + 1,
            },
          }),
          { tx },
        );
      }
    }
    // Cancelled by the business: the family's text, if they chose changes by text (103).
    if (customer && request.actor.kind === 'admin') {
      await textChange(deps, tx, {
        userId: booking.userId,
        changeKey: `cancel:${booking.id}`,
        startsAt: booking.startsAt,
        pupilNames: [booking.pupilName],
        sessionLabel: session.label,
        link: `${brand.siteUrl}/upcoming-bookings`,
      });
    }
    const view = toView(
      timetable,
      { ...booking, status: 'cancelled' },
      now,
      policyActor(request.actor),
    );
    return { view, remedy };
  });
  // After commit: a card refund goes to the provider (retried later if it is down).
  if (done.remedy?.refundIds.length) await sendPendingRefunds(deps, done.remedy.refundIds);
  if (!done.remedy || request.actor.kind === 'customer') return done.view;
  const { refundIds: _sent, ...outcome } = done.remedy;
  return { ...done.view, remedy: outcome };
}

/**
 * Moves a booking to another timetable slot of the same service. Customers: more than 24
 * hours before the current start (else 409 too-late); admins: any upcoming booking. In one
 * transaction that locks both session rows in id order, the old booking becomes `rescheduled`
 * and a new `confirmed` one points back at it, so the seat count never passes capacity.
 */
export async function rescheduleBooking(
  deps: BookingDeps,
  request: { bookingId: string; startsAt: string; actor: Actor },
): Promise<Booking> {
  const now = deps.clock.now();
  const [brand, timetable, pricing, closures] = await Promise.all([
    mailBrand(deps),
    deps.content.timetable(),
    deps.content.pricing(),
    deps.content.closures(),
  ]);
  const actor = policyActor(request.actor);

  const current = await findBooking(deps.db, request.bookingId, request.actor);
  const groupTarget =
    current.kind === 'one-to-one'
      ? null
      : await rescheduleTarget(deps, request, { timetable, pricing, closures, now });
  return deps.db.transaction(async (tx) => {
    // A 1-to-1 lesson moves to another free hour of its tutor, made under the tutor's lock (106).
    const targetRow =
      groupTarget ?? (await tutorHourTarget(deps, tx, current, request.startsAt, now));
    const booking = await lockBooking(tx, request.bookingId, request.actor);
    if (!canReschedule(booking, now, actor)) {
      const stillUpcoming = canCancel(booking, now);
      throw stillUpcoming
        ? new ConflictError('too-late', undefined, MESSAGES.rescheduleTooLate.title)
        : new ConflictError('not-reschedulable', undefined, MESSAGES.notReschedulable.title);
    }
    const created = await moveSeat(deps, tx, {
      booking,
      target: targetRow,
      now,
      refuse: (reason) =>
        new ConflictError(
          reason,
          [request.startsAt],
          {
            // Staff are told whose seat it is (decision 070), not "You've already booked".
            duplicate:
              request.actor.kind === 'customer'
                ? MESSAGES.rescheduleDuplicate.description
                : staffDuplicateDescription(booking.pupilName),
            pending: MESSAGES.reschedulePending.description,
            full: MESSAGES.rescheduleFull.description,
          }[reason],
        ),
    });
    await recordAudit(tx, {
      ...auditActor(request.actor),
      subjectUserId: booking.userId,
      action: 'booking.reschedule',
      target: `booking:${booking.id}`,
      before: { status: booking.status, startsAt: booking.startsAt.toISOString() },
      after: {
        status: 'rescheduled',
        newBookingId: created.id,
        startsAt: targetRow.startsAt.toISOString(),
      },
    });
    await mailRescheduled(deps, tx, { brand, timetable, booking, target: targetRow, created });
    // Moved by the business: the family's text, if they chose changes by text (103).
    if (request.actor.kind === 'admin') {
      await textChange(deps, tx, {
        userId: booking.userId,
        changeKey: `move:${booking.id}`,
        startsAt: booking.startsAt,
        movedTo: targetRow.startsAt,
        pupilNames: [booking.pupilName],
        sessionLabel: describeSession(timetable, targetRow).label,
        link: `${brand.siteUrl}/upcoming-bookings`,
      });
    }
    return toView(
      timetable,
      {
        ...booking,
        id: created.id,
        status: 'confirmed',
        createdAt: created.createdAt,
        sessionId: targetRow.id,
        service: targetRow.service,
        subject: targetRow.subject,
        startsAt: targetRow.startsAt,
        endsAt: targetRow.endsAt,
      },
      now,
      actor,
    );
  });
}

/**
 * The slot a booking moves to: a timetable slot of the booking's own service, not on a closed
 * day (decision 052), within the booking window (400 naming startsAt otherwise), with its
 * stored row. Read once without a lock to learn the service, so the row exists before locking.
 */
async function rescheduleTarget(
  deps: Pick<BookingDeps, 'db'>,
  request: { bookingId: string; startsAt: string; actor: Actor },
  context: {
    timetable: Parameters<typeof findSession>[0];
    pricing: { sessionPricePence: number };
    closures: Parameters<typeof findSession>[3];
    now: Date;
  },
) {
  const current = await findBooking(deps.db, request.bookingId, request.actor);
  const { timetable, closures, now } = context;
  const target = findSession(timetable, current.service, new Date(request.startsAt), closures);
  const row = target
    ? (await ensureSessionRows(deps.db, [target], context.pricing.sessionPricePence)).get(
        target.startsAt.getTime(),
      )
    : undefined;
  // A session the business cancelled takes nobody (docs/decisions/077).
  if (!target || !isBookable(target.startsAt, now) || !row || row.cancelledAt) {
    throw new ValidationError([
      {
        field: 'startsAt',
        message: `${request.startsAt} is not a bookable ${SERVICES[current.service].label} session: pick a timetable slot of the same class between today and 56 days ahead.`,
      },
    ]);
  }
  return row;
}

/** "Your booking has moved", to the account and the pupil's own address (16 or over). */
async function mailRescheduled(
  deps: Pick<BookingDeps, 'mail'>,
  tx: Transaction,
  input: {
    brand: Awaited<ReturnType<typeof mailBrand>>;
    timetable: Parameters<typeof describeSession>[0];
    booking: BookingRow;
    target: Parameters<typeof describeSession>[1];
    created: { id: string };
  },
): Promise<void> {
  const { booking } = input;
  const customer = await customerOf(tx, booking.userId);
  if (!customer) return;
  for (const to of mailRecipients(customer, booking)) {
    await deps.mail.enqueue(
      bookingRescheduledEmail(input.brand, {
        to,
        name: customer.name,
        oldSession: describeSession(input.timetable, booking),
        newSession: describeSession(input.timetable, input.target),
        newBookingId: input.created.id,
        pupilName: booking.pupilName,
        calendar: {
          uid: booking.calendarUid ?? defaultCalendarUid(booking.id),
          sequence: booking.calendarSequence + 1,
        },
      }),
      { tx },
    );
  }
}
