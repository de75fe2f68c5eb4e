import type { CancelRemedy, SessionCancelled } from '@tuition/api-contract';
import { recordAudit } from '../audit/audit.ts';
import { ConflictError, NotFoundError } from '../http/problem.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import { sendPendingRefunds } from '../payments/payment-refunds.ts';
import type { BookingRow } from '../sessions/booking-rows.ts';
import { pupilRef } from '../sessions/seat-pupils.ts';
import { cancelWholeSession } from '../sessions/seat-ledger/seat-ledger.ts';
import { describeSession } from '../sessions/session-description.ts';
import { defaultCalendarUid } from '../sessions/session-lines.ts';
import { basketReleasedEmail, sessionCancelledEmail } from './booking-emails.ts';
import type { BookingDeps } from './bookings.ts';
import { applyRemedy } from './cancel-remedy.ts';

/**
 * The business cancels one whole session (docs/decisions/077): in one transaction the session
 * is closed for good (through the seat ledger), every family is made whole by the remedy chosen,
 * each cancelled seat is audited, and each family gets one e-mail naming its children with the
 * calendar cancellations. Card refunds go to the provider after commit.
 */
export async function cancelSessionForEveryone(
  deps: BookingDeps,
  request: { sessionId: string; adminId: string; remedy: CancelRemedy; reason: string },
): Promise<SessionCancelled> {
  const now = deps.clock.now();
  const [brand, timetable] = await Promise.all([mailBrand(deps), deps.content.timetable()]);
  const done = await deps.db.transaction(async (tx) => {
    const exists = await tx.query.classSessions.findFirst({
      where: (row, { eq }) => eq(row.id, request.sessionId),
      columns: { id: true },
    });
    if (!exists) throw new NotFoundError('No such session.');
    const cancelled = await cancelWholeSession(deps, tx, {
      sessionId: request.sessionId,
      now,
      reason: request.reason,
    });
    if (!cancelled) {
      throw new ConflictError(
        'not-cancellable',
        undefined,
        'This session has started or was cancelled already.',
      );
    }
    const { seats, endedHolds } = cancelled;
    const session = describeSession(timetable, cancelled.session);
    // Families still paying for a basket with this session in it: released whole, told once.
    for (const hold of endedHolds) {
      const customer = await tx.query.user.findFirst({
        where: (u, { eq }) => eq(u.id, hold.userId),
        columns: { email: true, name: true, deletedAt: true },
      });
      if (!customer || customer.deletedAt) continue;
      await deps.mail.enqueue(
        basketReleasedEmail(brand, {
          to: customer.email,
          name: customer.name,
          session,
          reason: request.reason,
          creditReturned: hold.creditReturned,
        }),
        { tx },
      );
    }
    const outcomes = [];
    for (const seat of seats) {
      const outcome = await applyRemedy(deps, tx, {
        booking: seat,
        remedy: request.remedy,
        now,
        note: 'Cancelled by us',
      });
      await recordAudit(tx, {
        actorId: request.adminId,
        actorRole: 'admin',
        subjectUserId: seat.userId,
        action: 'booking.cancel',
        target: `booking:${seat.id}`,
        before: { status: 'confirmed' },
        after: {
          status: 'cancelled',
          reason: request.reason,
          ...(outcome.remedy === 'none'
            ? {}
            : {
                remedy: outcome.remedy,
                refundedPence: outcome.refundedPence,
                creditReturned: outcome.creditReturned,
              }),
        },
      });
      outcomes.push({ seat, outcome });
    }
    for (const family of byFamily(outcomes)) {
      const [first] = family;
      if (!first) continue;
      const customer = await tx.query.user.findFirst({
        where: (u, { eq }) => eq(u.id, first.seat.userId),
        columns: { email: true, name: true, deletedAt: true },
      });
      if (!customer || customer.deletedAt) continue;
      await deps.mail.enqueue(
        sessionCancelledEmail(brand, {
          to: customer.email,
          name: customer.name,
          session,
          seats: family.map(({ seat }) => ({
            bookingId: seat.id,
            pupilName: seat.pupilName,
            calendar: {
              uid: seat.calendarUid ?? defaultCalendarUid(seat.id),
              sequence: seat.calendarSequence + 1,
            },
          })),
          reason: request.reason,
          refundedPence: family.reduce((sum, { outcome }) => sum + outcome.refundedPence, 0),
          creditReturned: family.reduce((sum, { outcome }) => sum + outcome.creditReturned, 0),
        }),
        { tx },
      );
    }
    return outcomes;
  });
  await sendPendingRefunds(
    deps,
    done.flatMap(({ outcome }) => outcome.refundIds),
  );
  return {
    sessionId: request.sessionId,
    seats: done.map(({ seat, outcome }) => ({
      bookingId: seat.id,
      pupil: pupilRef(seat),
      remedy: outcome.remedy,
      refundedPence: outcome.refundedPence,
      creditReturned: outcome.creditReturned,
    })),
  };
}

/** The seats grouped by the account that booked them, in first-seen order. */
function byFamily<T extends { seat: BookingRow }>(outcomes: readonly T[]): T[][] {
  const families = new Map<string, T[]>();
  for (const item of outcomes) {
    families.set(item.seat.userId, [...(families.get(item.seat.userId) ?? []), item]);
  }
  return [...families.values()];
}
