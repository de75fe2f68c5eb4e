import type { ChildLessonReport } from '@tuition/api-contract';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { lessonReportNotes, lessonReports } from '../db/schema.ts';
import { tutorNames } from './session-tutors.ts';

/*
 * What a family reads of a lesson's report (docs/decisions/079): the sent copy only, and the
 * note about its own child only; never the staff note, a draft or another child's note.
 */

export interface SeatForReport {
  id: string;
  sessionId: string;
  pupilId: string;
}

/** The sent report of each seat's lesson, with the note about that seat's pupil; by seat id. */
export async function childReportsOf(
  db: DbExecutor,
  seats: readonly SeatForReport[],
): Promise<Map<string, ChildLessonReport>> {
  const reports = new Map<string, ChildLessonReport>();
  const sessionIds = [...new Set(seats.map((s) => s.sessionId))];
  if (sessionIds.length === 0) return reports;
  const sent = await db
    .select()
    .from(lessonReports)
    .where(and(inArray(lessonReports.sessionId, sessionIds), isNotNull(lessonReports.sentAt)));
  if (sent.length === 0) return reports;
  const [notes, names] = await Promise.all([
    db
      .select({
        sessionId: lessonReportNotes.sessionId,
        pupilId: lessonReportNotes.pupilId,
        sentNote: lessonReportNotes.sentNote,
      })
      .from(lessonReportNotes)
      .where(
        and(
          inArray(
            lessonReportNotes.sessionId,
            sent.map((r) => r.sessionId),
          ),
          inArray(lessonReportNotes.pupilId, [...new Set(seats.map((s) => s.pupilId))]),
        ),
      ),
    tutorNames(
      db,
      sent.map((r) => r.tutorId),
    ),
  ]);
  const bySession = new Map(sent.map((r) => [r.sessionId, r]));
  for (const seat of seats) {
    const report = bySession.get(seat.sessionId);
    if (!report?.sentAt) continue;
    const note = notes.find((n) => n.sessionId === seat.sessionId && n.pupilId === seat.pupilId);
    reports.set(seat.id, {
      topic: report.sentTopic ?? '',
      homework: report.sentHomework ?? '',
      resources: report.sentResources,
      note: note?.sentNote || null,
      tutorName: names.get(report.tutorId)?.name ?? null,
      sentAt: report.sentAt.toISOString(),
      corrected: report.version > 1,
    });
  }
  return reports;
}
