import type { ClassTutor, SessionTutor } from '@tuition/api-contract';
import { formatTime12h, type WeeklySlot } from '@tuition/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { DbExecutor, Transaction } from '../db/client.ts';
import {
  bookings,
  classSessions,
  coverNotices,
  pupils,
  tutors,
  user,
  weeklyClasses,
} from '../db/schema.ts';
import { ConflictError, NotFoundError, ValidationError } from '../http/problem.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import { lockHoldRows } from '../sessions/hold-locks.ts';
import { describeSession } from '../sessions/session-description.ts';
import { tutorOneToOneCalendar } from '../sessions/one-to-one-hours.ts';
import { leadTutorOf } from '../sessions/session-tutors.ts';
import { coverBriefEmail, coverNoticeEmail } from './tutor-emails.ts';
import type { TutorDeps } from './tutor-accounts.ts';
import { lastReportBefore } from './lesson-reports.ts';
import { payRateWarnings } from './pay-rates.ts';
import { firstNameOf } from './taught-session.ts';

/*
 * Who teaches what (docs/decisions/079): the lead tutor of a weekly class, and cover for one
 * session, told once to each family with seats and to the cover tutor. A tutor with no pay rate
 * for the lessons is assigned all the same, with a warning for the admin (docs/decisions/113).
 */

/** An active tutor's row, or 400 naming tutorId. */
async function activeTutor(db: DbExecutor, tutorId: string) {
  const [row] = await db
    .select({ id: tutors.id, userId: tutors.userId, name: user.name, email: user.email })
    .from(tutors)
    .innerJoin(user, eq(user.id, tutors.userId))
    .where(and(eq(tutors.id, tutorId), isNull(tutors.deactivatedAt)));
  if (!row) {
    throw new ValidationError([{ field: 'tutorId', message: 'No active tutor has that id.' }]);
  }
  return row;
}

export async function setClassLead(
  deps: Pick<TutorDeps, 'db'>,
  input: { adminId: string; classId: string; tutorId: string | null },
): Promise<ClassTutor> {
  const tutor = input.tutorId ? await activeTutor(deps.db, input.tutorId) : null;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ leadTutorId: weeklyClasses.leadTutorId })
      .from(weeklyClasses)
      .where(eq(weeklyClasses.id, input.classId))
      .for('update');
    if (!row) throw new NotFoundError('No such class.');
    if (row.leadTutorId === input.tutorId) return;
    await tx
      .update(weeklyClasses)
      .set({ leadTutorId: input.tutorId })
      .where(eq(weeklyClasses.id, input.classId));
    await recordAudit(tx, {
      actorId: input.adminId,
      actorRole: 'admin',
      subjectUserId: tutor?.userId ?? null,
      action: 'tutor.assign',
      target: `class:${input.classId}`,
      before: { tutorId: row.leadTutorId },
      after: { tutorId: input.tutorId },
    });
  });
  return {
    classId: input.classId,
    tutorId: input.tutorId,
    tutorName: tutor?.name ?? null,
    warnings: tutor ? await payRateWarnings(deps.db, tutor.id, 'group') : [],
  };
}

/** The families with confirmed seats in a session, each with its pupils' names. */
async function familiesOf(tx: DbExecutor, sessionId: string) {
  const rows = await tx
    .select({
      userId: bookings.userId,
      email: user.email,
      parentName: user.name,
      pupilName: pupils.name,
    })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.userId))
    .innerJoin(pupils, eq(pupils.id, bookings.pupilId))
    .where(and(eq(bookings.sessionId, sessionId), eq(bookings.status, 'confirmed')))
    .orderBy(pupils.name);
  const families = new Map<
    string,
    { userId: string; email: string; parentName: string; pupilNames: string[] }
  >();
  for (const r of rows) {
    const family = families.get(r.userId) ?? { ...r, pupilNames: [] };
    family.pupilNames.push(firstNameOf(r.pupilName));
    families.set(r.userId, family);
  }
  return [...families.values()];
}

/** Inserts the once-only notice key; true when it is new (so the mail goes). */
async function firstNotice(
  tx: Transaction,
  key: { sessionId: string; userId: string; tutorId: string },
  now: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(coverNotices)
    .values({ ...key, sentAt: now })
    .onConflictDoNothing()
    .returning({ userId: coverNotices.userId });
  return inserted.length > 0;
}

/**
 * Sets (or with null removes) one session's cover tutor. Before the session starts, each
 * family with seats is told once per cover tutor, naming its children, and the cover tutor gets
 * the session and the class's last report; undoing cover tells nobody.
 */
export async function setSessionCover(
  deps: Pick<TutorDeps, 'db' | 'clock' | 'content' | 'config' | 'mail'>,
  input: { adminId: string; sessionId: string; tutorId: string | null },
): Promise<SessionTutor> {
  const tutor = input.tutorId ? await activeTutor(deps.db, input.tutorId) : null;
  const [timetable, brand] = await Promise.all([deps.content.timetable(), mailBrand(deps)]);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // The session row is locked through the hold door, like every other lock of it, and so is
    // the cover tutor's row: a family booking that tutor's hour waits for it, or it for them.
    const locked = await lockHoldRows(tx, {
      tutorIds: tutor ? [tutor.id] : [],
      sessionIds: [input.sessionId],
    });
    const [session] = locked.sessions;
    if (!session) throw new NotFoundError('No such session.');
    // A 1-to-1 lesson is its own tutor's hour (docs/decisions/106, 112): it is never covered, and
    // a cover would not be who teaches it, only who the families were told of.
    if (tutor && session.kind === 'one-to-one') {
      throw new ValidationError([
        {
          field: 'tutorId',
          message: 'A 1-to-1 lesson is its tutor’s own hour and cannot be covered.',
        },
      ]);
    }
    const lead = await leadTutorOf(tx, session);
    if (tutor && lead?.tutorId === tutor.id) {
      throw new ValidationError([
        {
          field: 'tutorId',
          message: `${tutor.name} already leads this class: choose no cover instead.`,
        },
      ]);
    }
    if (tutor && session.coverTutorId !== tutor.id) {
      await refuseBusyTutor(tx, { tutor, session, now, timetable });
    }
    if (session.coverTutorId !== input.tutorId) {
      await tx
        .update(classSessions)
        .set({ coverTutorId: input.tutorId })
        .where(eq(classSessions.id, session.id));
      await recordAudit(tx, {
        actorId: input.adminId,
        actorRole: 'admin',
        subjectUserId: tutor?.userId ?? null,
        action: 'tutor.assign',
        target: `session:${session.id}`,
        before: { tutorId: session.coverTutorId },
        after: { tutorId: input.tutorId },
      });
    }
    let familiesTold = 0;
    if (tutor && session.startsAt > now && !session.cancelledAt) {
      const described = describeSession(timetable, session);
      const families = await familiesOf(tx, session.id);
      for (const family of families) {
        if (!(await firstNotice(tx, { ...key(session.id, tutor.id), userId: family.userId }, now)))
          continue;
        familiesTold += 1;
        const content = coverNoticeEmail(brand, {
          parentName: family.parentName,
          pupilNames: family.pupilNames,
          session: described,
          coverName: tutor.name,
          now,
        });
        await deps.mail.enqueue({ to: family.email, ...content }, { tx });
      }
      if (await firstNotice(tx, { ...key(session.id, tutor.id), userId: tutor.userId }, now)) {
        const last = await lastReportBefore(tx, session);
        const content = coverBriefEmail(brand, {
          tutorName: tutor.name,
          session: described,
          booked: families.reduce((n, f) => n + f.pupilNames.length, 0),
          lastReport: last,
        });
        await deps.mail.enqueue({ to: tutor.email, ...content }, { tx });
      }
    }
    return {
      sessionId: session.id,
      coverTutorId: input.tutorId,
      coverTutorName: tutor?.name ?? null,
      leadTutorName: lead?.name ?? null,
      familiesTold,
      // Told, not refused: the cover still stands, paid £0 until a rate is set (113).
      warnings: tutor ? await payRateWarnings(tx, tutor.id, session.kind) : [],
    };
  });
}

const key = (sessionId: string, tutorId: string) => ({ sessionId, tutorId });

/**
 * 409 unavailable when the tutor already teaches at that time (a 1-to-1 lesson held or booked,
 * or another class): one tutor is never in two rooms (decision 106).
 */
async function refuseBusyTutor(
  tx: Transaction,
  input: {
    tutor: { id: string; name: string };
    session: { id: string; startsAt: Date; endsAt: Date };
    now: Date;
    timetable: readonly WeeklySlot[];
  },
) {
  const { tutor, session } = input;
  const hours = await tutorOneToOneCalendar(tx, tutor.id, session, {
    now: input.now,
    timetable: input.timetable,
    except: session.id,
  });
  // Two rooms at once, not the booking gap: the timetable itself puts classes back to back.
  const clash = hours.lessons.find(
    (l) => l.startsAt < session.endsAt && l.endsAt > session.startsAt,
  );
  if (clash) {
    throw new ConflictError(
      'unavailable',
      [clash.startsAt.toISOString()],
      `${tutor.name} is teaching another lesson at ${formatTime12h(clash.startsAt)} that day: choose another tutor.`,
    );
  }
}
