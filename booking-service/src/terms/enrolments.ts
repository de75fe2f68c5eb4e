import type { AdminEnrolment, Enrolment } from '@tuition/api-contract';
import { isId } from '@tuition/api-contract';
import type { ContentLoader } from '@tuition/content';
import { SERVICES, weeklyClassLabel } from '@tuition/domain';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { type EnrolmentRow, readEnrolments } from '../sessions/enrolment-reads.ts';

type EnrolmentDeps = { db: Database; clock: Clock; content: ContentLoader };

/** Term enrolments for a family, or for an admin by class, family or term (decision 083). */
export async function listAdminEnrolments(
  deps: EnrolmentDeps,
  filter: {
    userId?: string | undefined;
    classId?: string | undefined;
    termId?: string | undefined;
  },
): Promise<AdminEnrolment[]> {
  // A malformed class id names no class: nothing matches (and never reaches the uuid column).
  if (filter.classId !== undefined && !isId(filter.classId)) return [];
  const [rows, timetable] = await Promise.all([
    readEnrolments(
      deps.db,
      {
        ...(filter.userId ? { userId: filter.userId } : {}),
        ...(filter.classId ? { classId: filter.classId } : {}),
        ...(filter.termId ? { termId: filter.termId } : {}),
      },
      deps.clock.now(),
    ),
    deps.content.timetable(),
  ]);
  const labelOf = (row: EnrolmentRow) => {
    const slot = timetable.find(
      (s) => s.service === row.service && s.day === row.day && s.startTime === row.startTime,
    );
    return weeklyClassLabel(slot ?? { ...row, label: SERVICES[row.service].label });
  };
  return rows.map((row) => ({
    id: row.id,
    termId: row.termId,
    termName: row.termName,
    classId: row.classId,
    service: row.service,
    label: labelOf(row),
    pupil: row.pupil,
    status: row.status,
    sessionsTotal: row.sessionsTotal,
    sessionsLeft: row.sessionsLeft,
    pricePencePerSession: row.pricePencePerSession,
    family: row.family,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A family's own enrolments: the admin's view without the family's contact details. */
export async function listMyEnrolments(deps: EnrolmentDeps, userId: string): Promise<Enrolment[]> {
  const rows = await listAdminEnrolments(deps, { userId });
  return rows.map(({ family: _family, createdAt: _createdAt, ...enrolment }) => enrolment);
}
