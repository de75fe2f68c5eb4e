import type { CancelRemedy, SessionCancelled } from '@tuition/api-contract';
import { textChange } from '../sms/family-texts.ts';
import { recordAudit } from '../audit/audit.ts';
import { ConflictError, NotFoundError } from '../http/problem.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import { sendPendingRefunds } from '../payments/payment-refunds.ts';
import type { BookingRow } from '../sessions/booking-rows.ts';
import { pupilRef } from '../sessions/seat-pupils.ts';
import type { Transaction } from '../db/client.ts';
import type { MailBrand } from '../mail/layout.ts';
import { type CancelledSession, cancelWholeSession } from '../sessions/seat-ledger/seat-ledger.ts';
import { describeSession, type SessionSummary } from '../sessions/session-description.ts';
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
    return makeFamiliesWhole(deps, tx, {
      cancelled,
      session: describeSession(timetable, cancelled.session),
      brand,
      now,
      actor: { id: request.adminId, role: 'admin' },
      remedy: request.remedy,
      reason: request.reason,
    });
  });
  return finishCancel(deps, request.sessionId, done);
}

/** One seat's remedy, as the cancel answered it. */
export interface SeatOutcome {
  seat: BookingRow;
  outcome: Awaited<ReturnType<typeof applyRemedy>>;
}

/** A sister session a family is offered instead (docs/decisions/100). */
export interface SisterOffer {
  url: string;
  session: SessionSummary;
}

/**
 * Inside the cancel's transaction, after the ledger cancelled the session: families still paying
 * for a basket with it are told it was released; every seat gets the remedy and is audited; each
 * family gets one e-mail naming its children with the calendar cancellations, and, when
 * `sisterFor` finds one, the way to the sister session.
 */
export async function makeFamiliesWhole(
  deps: BookingDeps,
  tx: Transaction,
  input: {
    cancelled: CancelledSession;
    session: SessionSummary;
    brand: MailBrand;
    now: Date;
    actor: { id: string | null; role: 'admin' | 'system' };
    remedy: CancelRemedy;
    reason: string;
    sisterFor?: (seats: readonly BookingRow[]) => SisterOffer | undefined;
  },
): Promise<SeatOutcome[]> {
  const { cancelled, session, brand, now } = input;
  // Families still paying for a basket with this session in it: released whole, told once.
  for (const hold of cancelled.endedHolds) {
    const customer = await customerOf(tx, hold.userId);
    if (!customer) continue;
    await deps.mail.enqueue(
      basketReleasedEmail(brand, {
        to: customer.email,
        name: customer.name,
        session,
        reason: input.reason,
        creditReturned: hold.creditReturned,
      }),
      { tx },
    );
  }
  const outcomes: SeatOutcome[] = [];
  for (const seat of cancelled.seats) {
    const outcome = await applyRemedy(deps, tx, {
      booking: seat,
      remedy: input.remedy,
      now,
      note: 'Cancelled by us',
    });
    await recordAudit(tx, {
      actorId: input.actor.id,
      actorRole: input.actor.role,
      subjectUserId: seat.userId,
      action: 'booking.cancel',
      target: `booking:${seat.id}`,
      before: { status: 'confirmed' },
      after: {
        status: 'cancelled',
        reason: input.reason,
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
    const customer = await customerOf(tx, first.seat.userId);
    if (!customer) continue;
    const sister = input.sisterFor?.(family.map(({ seat }) => seat));
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
        reason: input.reason,
        refundedPence: family.reduce((sum, { outcome }) => sum + outcome.refundedPence, 0),
        creditReturned: family.reduce((sum, { outcome }) => sum + outcome.creditReturned, 0),
        ...(sister ? { sister } : {}),
      }),
      { tx },
    );
    // And by text, if the family chose changes by text (docs/decisions/103).
    await textChange(deps, tx, {
      userId: first.seat.userId,
      changeKey: `cancel:${cancelled.session.id}:${first.seat.userId}`,
      startsAt: new Date(session.startsAt),
      pupilNames: family.map(({ seat }) => seat.pupilName),
      sessionLabel: session.label,
      link: `${brand.siteUrl}/upcoming-bookings`,
    });
  }
  return outcomes;
}

/** After commit: card refunds go to the provider; the answer names each seat's remedy. */
export async function finishCancel(
  deps: BookingDeps,
  sessionId: string,
  done: readonly SeatOutcome[],
): Promise<SessionCancelled> {
  await sendPendingRefunds(
    deps,
    done.flatMap(({ outcome }) => outcome.refundIds),
  );
  return {
    sessionId,
    seats: done.map(({ seat, outcome }) => ({
      bookingId: seat.id,
      pupil: pupilRef(seat),
      remedy: outcome.remedy,
      refundedPence: outcome.refundedPence,
      creditReturned: outcome.creditReturned,
    })),
  };
}

/** The account to write to, unless it was deleted. */
async function customerOf(tx: Transaction, userId: string) {
  const customer = await tx.query.user.findFirst({
    where: (u, { eq }) => eq(u.id, userId),
    columns: { email: true, name: true, deletedAt: true },
  });
  return customer && !customer.deletedAt ? customer : undefined;
}

/** The seats grouped by the account that booked them, in first-seen order. */
function byFamily<T extends { seat: BookingRow }>(outcomes: readonly T[]): T[][] {
  const families = new Map<string, T[]>();
  for (const item of outcomes) {
    families.set(item.seat.userId, [...(families.get(item.seat.userId) ?? []), item]);
  }
  return [...families.values()];
}
