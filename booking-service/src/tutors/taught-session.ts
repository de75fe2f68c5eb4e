import { isId } from '@tuition/api-contract';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { classSessions } from '../db/schema.ts';
import { NotFoundError } from '../http/problem.ts';
import { type TaughtSession, teacherOf } from '../sessions/session-tutors.ts';

/* What every tutor page checks first: the session is the caller's to teach (docs/decisions/079). */

/** The first word of a pupil's name: what the register shows. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** A session this tutor teaches, or 404 as if it did not exist. */
export async function taughtSession(
  db: DbExecutor,
  tutorId: string,
  sessionId: string,
): Promise<TaughtSession> {
  if (!isId(sessionId)) throw new NotFoundError('No such session of yours.');
  const [row] = await db.select().from(classSessions).where(eq(classSessions.id, sessionId));
  const teacher = row && !row.cancelledAt ? await teacherOf(db, row) : undefined;
  if (!row || teacher?.tutorId !== tutorId) throw new NotFoundError('No such session of yours.');
  return { ...row, role: teacher.role };
}
