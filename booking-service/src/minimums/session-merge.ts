import { isId, type SessionMerged } from '@tuition/api-contract';
import { textChange } from '../sms/family-texts.ts';
import { formatLondonDate, formatTime12h, SERVICES } from '@tuition/domain';
import { html } from 'hono/html';
import { recordAudit } from '../audit/audit.ts';
import { basketReleasedEmail } from '../bookings/booking-emails.ts';
import type { Database, Transaction } from '../db/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../http/problem.ts';
import { joinPageUrl } from '../lessons/join-window.ts';
import { button, greeting, layout, type MailBrand, paragraph, textLayout } from '../mail/layout.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import { calendarAttachment } from '../sessions/calendar-invite.ts';
import {
  deadlineText,
  type MergedSeat,
  type MergeRefusal,
  mergeWholeSession,
  type SeatLedgerDeps,
} from '../sessions/seat-ledger/seat-ledger.ts';
import { pupilRef } from '../sessions/seat-pupils.ts';
import { describeSession, type SessionSummary } from '../sessions/session-description.ts';
import { calendarSession, defaultCalendarUid, sessionLine } from '../sessions/session-lines.ts';
import type { SessionRow } from '../sessions/session-rows.ts';

/*
 * Merge instead of cancel (docs/decisions/100): an admin moves every family of a thin session
 * into another session of the same class before the thin one is decided, so the pupils keep a
 * lesson. All of its confirmed seats move in one transaction, through the seat ledger, or none
 * does (siblings are never split); the emptied session is then cancelled with nothing to make
 * good, since nobody is left in it. Each family is told once, with its calendar entries moved,
 * and may cancel a moved seat for a session of credit for 24 hours (bookings.ts cancelBooking).
 */

/** How long a family may cancel a moved seat for credit, from the merge. */
export const MERGE_CANCEL_HOURS = 24;

/** What a merge needs: the seat ledger's dependencies and the database. */
export type SessionMergeDeps = SeatLedgerDeps & { db: Database };

/**
 * Until when a moved seat may be cancelled for credit: 24 hours from the merge, or the new
 * session's start if sooner (a started lesson cannot be cancelled at all).
 */
export function mergeCancelUntil(now: Date, targetStartsAt: Date): Date {
  const day = new Date(now.getTime() + MERGE_CANCEL_HOURS * 3_600_000);
  return day < targetStartsAt ? day : targetStartsAt;
}

/** The emptied session's cancel reason: "Merged into the 5:00 PM session on Thursday 5 November 2026". */
function mergedReason(targetStartsAt: Date): string {
  return `Merged into the ${formatTime12h(targetStartsAt)} session on ${formatLondonDate(targetStartsAt)}`;
}

/**
 * Merges session `sessionId` into `targetSessionId` for an admin. 404 for an unknown session;
 * 400 naming targetSessionId when it is not an id, the same session, another class's, cancelled
 * or started; 409 `not-cancellable` when the source started or was cancelled (as the whole-session
 * cancel says), `decided` when its minimum decided it already, `does-not-fit` when its pupils
 * cannot all move (the detail says why and names them).
 */
export async function mergeSession(
  deps: SessionMergeDeps,
  request: { sessionId: string; targetSessionId: string; adminId: string },
): Promise<SessionMerged> {
  const now = deps.clock.now();
  const [brand, timetable] = await Promise.all([mailBrand(deps), deps.content.timetable()]);
  const { sessionId, targetSessionId } = request;
  if (!isId(targetSessionId)) {
    throw new ValidationError([
      { field: 'targetSessionId', message: 'targetSessionId must be a session id.' },
    ]);
  }
  return deps.db.transaction(async (tx) => {
    const known = await tx.query.classSessions.findMany({
      where: (row, { inArray }) => inArray(row.id, [sessionId, targetSessionId]),
      columns: { id: true, startsAt: true },
    });
    if (!known.some((row) => row.id === sessionId)) throw new NotFoundError('No such session.');
    const targetStart = known.find((row) => row.id === targetSessionId)?.startsAt;
    if (!targetStart) throw new NotFoundError('No such session to merge into (targetSessionId).');
    const merged = await mergeWholeSession(deps, tx, {
      sourceId: sessionId,
      targetId: targetSessionId,
      now,
      reason: mergedReason(targetStart),
      mergeCancelUntil: mergeCancelUntil(now, targetStart),
      vet: (source, target) => vetMerge(source, target, now),
      refuse: refusal,
    });
    const { source, target, moved } = merged;
    const until = mergeCancelUntil(now, target.startsAt);
    await auditMerge(tx, { adminId: request.adminId, source, target, moved, until });
    const oldSession = describeSession(timetable, source);
    const newSession = describeSession(timetable, target);
    // Families still paying for a basket with the merged session in it: released whole, told.
    for (const hold of merged.endedHolds) {
      const customer = await customerOf(tx, hold.userId);
      if (!customer) continue;
      await deps.mail.enqueue(
        basketReleasedEmail(brand, {
          to: customer.email,
          name: customer.name,
          session: oldSession,
          reason: mergedReason(target.startsAt),
          creditReturned: hold.creditReturned,
        }),
        { tx },
      );
    }
    for (const family of byFamily(moved)) {
      const customer = family[0] ? await customerOf(tx, family[0].from.userId) : undefined;
      if (!customer) continue;
      await deps.mail.enqueue(
        sessionMergedEmail(brand, {
          to: customer.email,
          name: customer.name,
          oldSession,
          newSession,
          seats: family,
          cancelUntil: until,
        }),
        { tx },
      );
      // And by text, if the family chose changes by text (docs/decisions/103).
      const userId = family[0]?.from.userId;
      if (userId) {
        await textChange(deps, tx, {
          userId,
          changeKey: `merge:${source.id}:${userId}`,
          startsAt: source.startsAt,
          movedTo: target.startsAt,
          pupilNames: family.map((seat) => seat.from.pupilName),
          sessionLabel: newSession.label,
          link: `${brand.siteUrl}/upcoming-bookings`,
        });
      }
    }
    return {
      sessionId: source.id,
      targetSessionId: target.id,
      moved: moved.map((seat) => ({
        fromBookingId: seat.from.id,
        bookingId: seat.bookingId,
        pupil: pupilRef(seat.from),
      })),
    };
  });
}

/** An account to write to, unless it was deleted. */
async function customerOf(tx: Transaction, userId: string) {
  const customer = await tx.query.user.findFirst({
    where: (u, { eq }) => eq(u.id, userId),
    columns: { email: true, name: true, deletedAt: true },
  });
  return customer && !customer.deletedAt ? customer : undefined;
}

/**
 * The merge in the audit trail: one entry for the session (what moved where), and one per seat
 * in its family's trail, as a reschedule writes, so each family's history shows the move.
 */
async function auditMerge(
  tx: Transaction,
  merge: {
    adminId: string;
    source: SessionRow;
    target: SessionRow;
    moved: readonly MergedSeat[];
    until: Date;
  },
): Promise<void> {
  const { source, target, moved } = merge;
  await recordAudit(tx, {
    actorId: merge.adminId,
    actorRole: 'admin',
    subjectUserId: null,
    action: 'session.merge',
    target: `session:${source.id}`,
    before: { startsAt: source.startsAt.toISOString(), seats: moved.length },
    after: {
      targetSessionId: target.id,
      startsAt: target.startsAt.toISOString(),
      moved: moved.length,
      cancelUntil: merge.until.toISOString(),
    },
  });
  for (const seat of moved) {
    await recordAudit(tx, {
      actorId: merge.adminId,
      actorRole: 'admin',
      subjectUserId: seat.from.userId,
      action: 'booking.reschedule',
      target: `booking:${seat.from.id}`,
      before: { status: 'confirmed', startsAt: source.startsAt.toISOString() },
      after: {
        status: 'rescheduled',
        newBookingId: seat.bookingId,
        startsAt: target.startsAt.toISOString(),
        mergedFrom: source.id,
      },
    });
  }
}

/**
 * The rules a merge's two sessions must meet, judged under their locks: the target another
 * session of the same class, neither cancelled nor started; the source not decided yet.
 */
function vetMerge(source: SessionRow, target: SessionRow, now: Date): void {
  const wrongTarget = (message: string) =>
    new ValidationError([{ field: 'targetSessionId', message }]);
  if (target.id === source.id) {
    throw wrongTarget(
      'targetSessionId must be another session: a session cannot merge into itself.',
    );
  }
  if (source.cancelledAt || source.startsAt <= now) {
    throw new ConflictError(
      'not-cancellable',
      undefined,
      'This session has started or was cancelled already: there is nothing to merge.',
    );
  }
  if (source.decision) {
    throw new ConflictError(
      'decided',
      undefined,
      source.decision === 'runs'
        ? 'This session was decided already: it runs, so its families stay.'
        : 'This session was decided already and cancelled.',
    );
  }
  if (target.service !== source.service) {
    throw wrongTarget(
      `targetSessionId must be a session of the same class (${SERVICES[source.service].label}); that one is ${SERVICES[target.service].label}.`,
    );
  }
  if (target.cancelledAt) {
    throw wrongTarget('targetSessionId is a cancelled session: pick one that still runs.');
  }
  if (target.startsAt <= now) {
    throw wrongTarget('targetSessionId has started already: pick a session still ahead.');
  }
}

/** The 409 `does-not-fit` for a merge whose pupils cannot all move, saying why. */
function refusal(why: MergeRefusal): Error {
  const names = (pupilNames: readonly string[]) => listWords(pupilNames);
  const detail =
    why.reason === 'full'
      ? `The target session has ${why.seatsLeft} ${why.seatsLeft === 1 ? 'seat' : 'seats'} left and this session has ${why.seatsWanted} ${why.seatsWanted === 1 ? 'pupil' : 'pupils'}: nothing was moved.`
      : why.reason === 'duplicate'
        ? `${names(why.pupilNames)} already ${why.pupilNames.length === 1 ? 'has a seat' : 'have seats'} in the target session: nothing was moved.`
        : `${names(why.pupilNames)} ${why.pupilNames.length === 1 ? 'is' : 'are'} in a payment still open for the target session: nothing was moved.`;
  return new ConflictError('does-not-fit', undefined, detail);
}

/** "Maya", "Arjun and Maya", "Ada, Arjun and Maya". */
function listWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The moved seats grouped by the account that booked them, in pupil-name order. */
function byFamily(seats: readonly MergedSeat[]): MergedSeat[][] {
  const families = new Map<string, MergedSeat[]>();
  for (const seat of seats) {
    families.set(seat.from.userId, [...(families.get(seat.from.userId) ?? []), seat]);
  }
  return [...families.values()];
}

/**
 * "Your session has moved": one e-mail per family naming its children, the old and new time,
 * with one calendar update per seat (the seat's UID kept, the next SEQUENCE, as a reschedule
 * sends), and until when a moved seat may be cancelled for a session of credit (London time).
 */
export function sessionMergedEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    oldSession: SessionSummary;
    newSession: SessionSummary;
    seats: readonly MergedSeat[];
    cancelUntil: Date;
  },
): OutgoingMail {
  const children = listWords(input.seats.map((seat) => seat.from.pupilName));
  const intro = `So that the lesson has a proper group, we have joined two small groups of this class. The session booked for ${children} has moved:`;
  const fromLine = `From: ${sessionLine(input.oldSession)}`;
  const toLine = `To: ${sessionLine(input.newSession)}`;
  const calendarNote =
    'The attached calendar file moves the entry in your calendar to the new time.';
  const booking = input.seats.length === 1 ? 'this booking' : 'any of these bookings';
  const credit = `If the new time does not suit you, you may cancel ${booking} on your bookings page until ${deadlineText(input.cancelUntil)} (London time), and we will add a session of credit to your account for each one you cancel.`;
  const manageUrl = `${brand.siteUrl}/upcoming-bookings`;
  return {
    to: input.to,
    subject: `Session moved: ${input.newSession.label} maths session`,
    html: layout(brand, 'Session moved', [
      paragraph(greeting(input.name)),
      paragraph(intro),
      paragraph(fromLine),
      html`<p style="margin:0 0 16px"><strong>${toLine}</strong></p>`,
      paragraph(calendarNote),
      paragraph(credit),
      button(manageUrl, 'Manage your bookings'),
    ]),
    text: textLayout(brand, 'Session moved', [
      greeting(input.name),
      '',
      intro,
      fromLine,
      toLine,
      '',
      calendarNote,
      credit,
      `Manage your bookings: ${manageUrl}`,
    ]),
    attachments: [
      calendarAttachment(
        brand.name,
        input.seats.map((seat) =>
          calendarSession(brand.name, seat.bookingId, input.newSession, seat.from.pupilName, {
            uid: seat.from.calendarUid ?? defaultCalendarUid(seat.from.id),
            sequence: seat.from.calendarSequence + 1,
            joinUrl: joinPageUrl(brand.siteUrl, seat.bookingId),
          }),
        ),
        'moved-session.ics',
      ),
    ],
  };
}
