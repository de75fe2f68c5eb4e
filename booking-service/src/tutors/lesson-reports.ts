import type { LessonReport, LessonReportRequest, ReportSent } from '@tuition/api-contract';
import { textReport } from '../sms/family-texts.ts';
import { oneToOneLessonPence, type TutorRates, tutorPayLinePence } from '@tuition/domain';
import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { DbExecutor, Transaction } from '../db/client.ts';
import {
  bookings,
  classSessions,
  lessonReportNotes,
  lessonReports,
  pupils,
  tutorOneToOneSettings,
  tutorPayLines,
  tutors,
  user,
} from '../db/schema.ts';
import { ConflictError, ValidationError } from '../http/problem.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import { lockHoldRows } from '../sessions/hold-locks.ts';
import { describeSession } from '../sessions/session-description.ts';
import { londonSlotKey, tutorNames } from '../sessions/session-tutors.ts';
import type { TutorDeps } from './tutor-accounts.ts';
import { lessonReportEmail, namesInWords } from './tutor-emails.ts';
import { firstNameOf, taughtSession } from './taught-session.ts';

/*
 * Lesson reports (docs/decisions/079): the tutor saves a draft (working copy), and sending it
 * copies it to what families read, e-mails each family its own children's notes only, and
 * submits the register as a pay line. A later send is a correction.
 */

/** The report as its tutor (and staff) see it; null when none was saved. */
export async function reportView(db: DbExecutor, sessionId: string): Promise<LessonReport | null> {
  const [report] = await db
    .select()
    .from(lessonReports)
    .where(eq(lessonReports.sessionId, sessionId));
  if (!report) return null;
  const notes = await db
    .select({ pupilId: lessonReportNotes.pupilId, note: lessonReportNotes.note })
    .from(lessonReportNotes)
    .where(eq(lessonReportNotes.sessionId, sessionId));
  return {
    topic: report.topic,
    homework: report.homework,
    resources: report.resources,
    notes: notes.filter((n) => n.note !== ''),
    staffNote: report.staffNote,
    sentAt: report.sentAt?.toISOString() ?? null,
    version: report.version,
    changedSinceSent: report.changedSinceSent,
  };
}

/**
 * The class's most recent report sent for an earlier session of the same weekly slot: what a
 * cover tutor picks up from.
 */
export async function lastReportBefore(
  db: DbExecutor,
  session: { service: string; startsAt: Date },
) {
  const rows = await db
    .select({
      startsAt: classSessions.startsAt,
      service: classSessions.service,
      tutorId: lessonReports.tutorId,
      topic: lessonReports.sentTopic,
      homework: lessonReports.sentHomework,
      resources: lessonReports.sentResources,
    })
    .from(lessonReports)
    .innerJoin(classSessions, eq(classSessions.id, lessonReports.sessionId))
    .where(
      and(
        eq(classSessions.service, session.service as typeof classSessions.$inferSelect.service),
        lt(classSessions.startsAt, session.startsAt),
        isNotNull(lessonReports.sentAt),
      ),
    )
    .orderBy(desc(classSessions.startsAt))
    .limit(50);
  const slot = londonSlotKey(session.service, session.startsAt);
  const last = rows.find((r) => londonSlotKey(r.service, r.startsAt) === slot);
  if (!last) return null;
  const name = (await tutorNames(db, [last.tutorId])).get(last.tutorId)?.name ?? null;
  return {
    startsAt: last.startsAt,
    tutorName: name,
    topic: last.topic ?? '',
    homework: last.homework ?? '',
    resources: last.resources,
  };
}

/** The pupils with confirmed seats in the session, by id. */
async function bookedPupils(db: DbExecutor, sessionId: string) {
  const rows = await db
    .select({ pupilId: bookings.pupilId, attendance: bookings.attendance, name: pupils.name })
    .from(bookings)
    .innerJoin(pupils, eq(pupils.id, bookings.pupilId))
    .where(and(eq(bookings.sessionId, sessionId), eq(bookings.status, 'confirmed')));
  return new Map(rows.map((r) => [r.pupilId, r]));
}

/** Saves the working copy; families see nothing until it is sent. */
export async function saveReport(
  deps: Pick<TutorDeps, 'db' | 'clock'>,
  tutorId: string,
  sessionId: string,
  request: LessonReportRequest,
): Promise<LessonReport> {
  const session = await taughtSession(deps.db, tutorId, sessionId);
  const booked = await bookedPupils(deps.db, session.id);
  const notes = request.notes ?? [];
  const strangers = notes.flatMap((n, i) =>
    booked.has(n.pupilId)
      ? []
      : [{ field: `notes.${i}.pupilId`, message: 'This pupil is not booked on this session.' }],
  );
  if (strangers.length > 0) throw new ValidationError(strangers);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ sentAt: lessonReports.sentAt })
      .from(lessonReports)
      .where(eq(lessonReports.sessionId, session.id))
      .for('update');
    const fields = {
      tutorId,
      topic: request.topic,
      homework: request.homework,
      resources: request.resources || null,
      staffNote: request.staffNote || null,
      updatedAt: now,
      changedSinceSent: Boolean(existing?.sentAt),
    };
    await tx
      .insert(lessonReports)
      .values({ sessionId: session.id, ...fields })
      .onConflictDoUpdate({ target: lessonReports.sessionId, set: fields });
    // A pupil left out of the notes keeps no working note (a sent one stays until the next send).
    await tx
      .update(lessonReportNotes)
      .set({ note: '' })
      .where(eq(lessonReportNotes.sessionId, session.id));
    for (const n of notes) {
      await tx
        .insert(lessonReportNotes)
        .values({ sessionId: session.id, pupilId: n.pupilId, note: n.note })
        .onConflictDoUpdate({
          target: [lessonReportNotes.sessionId, lessonReportNotes.pupilId],
          set: { note: n.note },
        });
    }
  });
  const view = await reportView(deps.db, session.id);
  if (!view) throw new Error('report not saved');
  return view;
}

/** Why a report cannot be sent yet, in words; undefined when it can. */
function notReady(
  session: { startsAt: Date },
  now: Date,
  booked: Map<string, { attendance: string | null; name: string }>,
  saved: boolean,
): string | undefined {
  if (session.startsAt > now) return 'The lesson has not started yet: send the report after it.';
  if (!saved) return 'Save the report (topic and homework) before sending it.';
  const unmarked = [...booked.values()]
    .filter((p) => !p.attendance)
    .map((p) => firstNameOf(p.name));
  if (unmarked.length > 0) {
    return `Mark ${namesInWords(unmarked)} present, absent or late before sending the report: sending it submits the register.`;
  }
  return undefined;
}

/**
 * The rates a register is paid at: the tutor's session and pupil rates for a group session; for
 * a 1-to-1 lesson their 1-to-1 hourly rate for its length, as one session rate (decision 106).
 */
async function payRates(tx: Transaction, sessionId: string, tutorId: string): Promise<TutorRates> {
  const [row] = await tx
    .select({
      perSessionPence: tutors.perSessionPence,
      perPupilPence: tutors.perPupilPence,
      hourlyPence: tutorOneToOneSettings.ratePencePerHour,
      kind: classSessions.kind,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
    })
    .from(classSessions)
    .innerJoin(tutors, eq(tutors.id, tutorId))
    .leftJoin(tutorOneToOneSettings, eq(tutorOneToOneSettings.tutorId, tutors.id))
    .where(eq(classSessions.id, sessionId));
  if (!row) return { perSessionPence: 0, perPupilPence: 0 };
  if (row.kind !== 'one-to-one') {
    return { perSessionPence: row.perSessionPence, perPupilPence: row.perPupilPence };
  }
  const minutes = Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000);
  return { perSessionPence: oneToOneLessonPence(row.hourlyPence ?? 0, minutes), perPupilPence: 0 };
}

/**
 * The pay line of a submitted register: made at the tutor's rates now; a correction re-counts
 * the pupils at the line's rates, which follow the tutor's rates until its month closes
 * (docs/decisions/113). The tutor's row and the line are locked first, as a rate change locks
 * them, so a register sent during a rate change is priced at one set of rates.
 */
async function writePayLine(
  tx: Transaction,
  session: { id: string; startsAt: Date; role: 'lead' | 'cover' },
  tutorId: string,
  attended: number,
  now: Date,
) {
  await lockHoldRows(tx, { tutorIds: [tutorId] });
  const [existing] = await tx
    .select()
    .from(tutorPayLines)
    .where(eq(tutorPayLines.sessionId, session.id))
    .for('update');
  if (existing) {
    await tx
      .update(tutorPayLines)
      .set({
        pupilsAttended: attended,
        amountPence: tutorPayLinePence(existing, attended),
      })
      .where(eq(tutorPayLines.sessionId, session.id));
    return;
  }
  const { perSessionPence, perPupilPence } = await payRates(tx, session.id, tutorId);
  await tx.insert(tutorPayLines).values({
    sessionId: session.id,
    tutorId,
    role: session.role,
    startsAt: session.startsAt,
    pupilsAttended: attended,
    perSessionPence,
    perPupilPence,
    amountPence: tutorPayLinePence({ perSessionPence, perPupilPence }, attended),
    submittedAt: now,
  });
}

/**
 * Sends the report: copies the working copy to the sent one, e-mails each family with seats
 * the topic, homework and its own children's notes (never the staff note), and submits the
 * register as a pay line; all in one transaction.
 */
export async function sendReport(
  deps: Pick<TutorDeps, 'db' | 'clock' | 'content' | 'config' | 'mail'>,
  tutor: { id: string; userId: string; name: string },
  sessionId: string,
): Promise<ReportSent> {
  const session = await taughtSession(deps.db, tutor.id, sessionId);
  const [timetable, brand] = await Promise.all([deps.content.timetable(), mailBrand(deps)]);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(lessonReports)
      .where(eq(lessonReports.sessionId, session.id))
      .for('update');
    const booked = await bookedPupils(tx, session.id);
    const why = notReady(session, now, booked, Boolean(report));
    if (why || !report) throw new ConflictError('report-not-ready', undefined, why);
    const version = report.version + 1;
    await tx
      .update(lessonReports)
      .set({
        sentTopic: report.topic,
        sentHomework: report.homework,
        sentResources: report.resources,
        sentAt: now,
        version,
        changedSinceSent: false,
      })
      .where(eq(lessonReports.sessionId, session.id));
    const notes = await tx
      .update(lessonReportNotes)
      .set({ sentNote: lessonReportNotes.note })
      .where(eq(lessonReportNotes.sessionId, session.id))
      .returning({ pupilId: lessonReportNotes.pupilId, note: lessonReportNotes.note });
    const noteOf = new Map(notes.map((n) => [n.pupilId, n.note || null]));
    const attended = [...booked.values()].filter(
      (p) => p.attendance === 'present' || p.attendance === 'late',
    ).length;
    await writePayLine(tx, session, tutor.id, attended, now);
    const families = await tx
      .select({
        userId: bookings.userId,
        email: user.email,
        parentName: user.name,
        pupilId: bookings.pupilId,
      })
      .from(bookings)
      .innerJoin(user, eq(user.id, bookings.userId))
      .where(and(eq(bookings.sessionId, session.id), eq(bookings.status, 'confirmed')));
    const byFamily = new Map<string, { email: string; parentName: string; pupilIds: string[] }>();
    for (const f of families) {
      const family = byFamily.get(f.userId) ?? { ...f, pupilIds: [] };
      family.pupilIds.push(f.pupilId);
      byFamily.set(f.userId, family);
    }
    const described = describeSession(timetable, session);
    for (const [userId, family] of byFamily) {
      const content = lessonReportEmail(brand, {
        parentName: family.parentName,
        session: described,
        tutorName: tutor.name,
        report: { topic: report.topic, homework: report.homework, resources: report.resources },
        notes: family.pupilIds
          .map((id) => ({
            pupilName: firstNameOf(booked.get(id)?.name ?? ''),
            note: noteOf.get(id) ?? null,
          }))
          .sort((a, b) => a.pupilName.localeCompare(b.pupilName)),
        corrected: version > 1,
      });
      await deps.mail.enqueue({ to: family.email, ...content }, { tx, priority: 'bulk' });
      // By text too, if chosen; once per session: a corrected report is not texted again (103).
      await textReport(deps, tx, {
        userId,
        reportKey: session.id,
        startsAt: session.startsAt,
        pupilNames: family.pupilIds.map((id) => firstNameOf(booked.get(id)?.name ?? '')),
        sessionLabel: described.label,
        link: `${brand.siteUrl}/previous-bookings`,
      });
    }
    await recordAudit(tx, {
      actorId: tutor.userId,
      actorRole: 'tutor',
      subjectUserId: null,
      action: 'report.send',
      target: `session:${session.id}`,
      before: report.version > 0 ? { version: report.version } : null,
      after: { version },
    });
    return {
      sentAt: now.toISOString(),
      version,
      corrected: version > 1,
      familiesEmailed: byFamily.size,
    };
  });
}
