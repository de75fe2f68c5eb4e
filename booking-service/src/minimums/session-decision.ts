import type { SessionDecision } from '@tuition/api-contract';
import { MINIMUM_NOT_MET_REASON, sisterSessions } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { BookingDeps } from '../bookings/bookings.ts';
import {
  finishCancel,
  makeFamiliesWhole,
  type SeatOutcome,
  type SisterOffer,
} from '../bookings/session-cancel.ts';
import type { Transaction } from '../db/client.ts';
import { tutors, user } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../http/problem.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import {
  classMinimums,
  type SisterCandidateRow,
  sessionMinimum,
  sisterCandidates,
} from '../sessions/class-minimums.ts';
import { decideSession } from '../sessions/seat-ledger/seat-ledger.ts';
import type { BookingRow } from '../sessions/booking-rows.ts';
import { describeSession, type SessionSummary } from '../sessions/session-description.ts';
import type { SessionRow } from '../sessions/session-rows.ts';
import { teacherOf } from '../sessions/session-tutors.ts';
import { tutorSessionCancelledEmail } from './minimum-emails.ts';

/*
 * A session with a minimum is decided once, at its published time or earlier by an admin
 * (docs/decisions/100): the seat ledger counts the confirmed seats under the session's lock and
 * records the outcome; a session that does not run is cancelled as the business cancels one,
 * with the remedy content chose, one e-mail per family offering the sister session, and a word
 * to the tutor, who is paid nothing for a lesson not held.
 */

/**
 * Decides one session. `outcome` is an admin's early decision; without it the count decides.
 * Answers null when there is nothing to decide (no minimum, decided, cancelled or started).
 */
export async function decideSessionByMinimum(
  deps: BookingDeps,
  request: { sessionId: string; outcome?: 'runs' | 'cancelled'; adminId: string | null },
): Promise<SessionDecision | null> {
  const now = deps.clock.now();
  const row = await deps.db.query.classSessions.findFirst({
    where: (session, { eq }) => eq(session.id, request.sessionId),
  });
  if (!row) return null;
  const minimum = sessionMinimum(await classMinimums(deps.db, [row.service]), row);
  if (!minimum || minimum.decision) return null;
  const [brand, timetable, settings, sisters] = await Promise.all([
    mailBrand(deps),
    deps.content.timetable(),
    deps.content.siteSettings(),
    sisterCandidates(deps, row, now),
  ]);
  const actor = request.adminId
    ? { id: request.adminId, role: 'admin' as const }
    : { id: null, role: 'system' as const };
  const done = await deps.db.transaction(async (tx) => {
    const decided = await decideSession(deps, tx, {
      sessionId: row.id,
      now,
      minPupils: minimum.minPupils,
      reason: MINIMUM_NOT_MET_REASON,
      ...(request.outcome ? { outcome: request.outcome } : {}),
      decidedBy: request.adminId,
    });
    if (!decided) return null;
    await recordAudit(tx, {
      actorId: actor.id,
      actorRole: actor.role,
      subjectUserId: null,
      action: 'session.decision',
      target: `session:${row.id}`,
      before: null,
      after: {
        outcome: decided.outcome,
        confirmed: decided.confirmed,
        minPupils: minimum.minPupils,
      },
    });
    if (decided.outcome === 'runs') return { outcome: 'runs' as const, seats: [] };
    const session = describeSession(timetable, decided.session);
    const seats = await makeFamiliesWhole(deps, tx, {
      cancelled: decided,
      session,
      brand,
      now,
      actor,
      remedy: settings.unfilledClassRemedy,
      reason: MINIMUM_NOT_MET_REASON,
      sisterFor: (family) => sisterOffer(brand.siteUrl, timetable, row, family, sisters, now),
    });
    await tellTutor(deps, tx, { row, session, brand, confirmed: decided.confirmed, minimum });
    return { outcome: 'cancelled' as const, seats };
  });
  if (!done) return null;
  return {
    sessionId: row.id,
    outcome: done.outcome,
    decidedAt: now.toISOString(),
    cancelled:
      done.outcome === 'cancelled'
        ? await finishCancel(deps, row.id, done.seats as SeatOutcome[])
        : null,
  };
}

/** The admin's early decision: a conflict when there is nothing to decide. */
export async function decideEarly(
  deps: BookingDeps,
  request: { sessionId: string; outcome: 'runs' | 'cancelled'; adminId: string },
): Promise<SessionDecision> {
  const exists = await deps.db.query.classSessions.findFirst({
    where: (session, { eq }) => eq(session.id, request.sessionId),
    columns: { id: true },
  });
  if (!exists) throw new NotFoundError('No such session.');
  const decided = await decideSessionByMinimum(deps, request);
  if (!decided) {
    throw new ConflictError(
      'decided',
      undefined,
      'This session has no minimum, was decided already, was cancelled or has started.',
    );
  }
  return decided;
}

/** A family's sister session and the link that books it for its children (decision 100). */
function sisterOffer(
  siteUrl: string,
  timetable: Parameters<typeof describeSession>[0],
  cancelled: SessionRow,
  family: readonly BookingRow[],
  candidates: readonly SisterCandidateRow[],
  now: Date,
): SisterOffer | undefined {
  const [sister] = sisterSessions(cancelled, candidates, family.length, now);
  if (!sister) return undefined;
  const query = new URLSearchParams({
    service: sister.service,
    session: sister.id,
    pupils: family.map((seat) => seat.pupilId).join(','),
  });
  return {
    url: `${siteUrl}/booking?${query.toString()}`,
    session: describeSession(timetable, sister),
  };
}

/** The session's tutor hears it will not be held (and so makes no pay line). */
async function tellTutor(
  deps: BookingDeps,
  tx: Transaction,
  input: {
    row: SessionRow;
    session: SessionSummary;
    brand: Awaited<ReturnType<typeof mailBrand>>;
    confirmed: number;
    minimum: { minPupils: number };
  },
): Promise<void> {
  const teacher = await teacherOf(tx, input.row);
  if (!teacher?.active) return;
  const [tutor] = await tx
    .select({ email: user.email, name: user.name })
    .from(tutors)
    .innerJoin(user, eq(user.id, tutors.userId))
    .where(eq(tutors.id, teacher.tutorId));
  if (!tutor) return;
  await deps.mail.enqueue(
    {
      to: tutor.email,
      ...tutorSessionCancelledEmail(input.brand, {
        tutorName: tutor.name,
        session: input.session,
        confirmed: input.confirmed,
        minPupils: input.minimum.minPupils,
      }),
    },
    { tx },
  );
}
