// How the tutor's pages put a session into words (docs/decisions/079): its report badge, who
// teaches it, how full it is, and why its register cannot be marked now.
import type { TutorSession } from './teach-api.ts';

export type BadgeColour = 'green' | 'amber' | 'red';

/**
 * The report's state on a session card: sent, a draft, or due once the lesson has started and
 * nothing is written (nothing to say before the start).
 */
export function reportBadge(
  session: Pick<TutorSession, 'report' | 'register'>,
): { text: string; color: BadgeColour } | null {
  if (session.report === 'sent') return { text: 'Report sent', color: 'green' };
  if (session.report === 'draft') return { text: 'Draft', color: 'amber' };
  if (session.register === 'not-started') return null;
  return { text: 'Report due', color: 'red' };
}

/** "Lead" or "Cover": a cover tutor teaches this one session of someone else's class. */
export const roleLabel = (role: TutorSession['role']) => (role === 'lead' ? 'Lead' : 'Cover');

/** "3 of 10 booked". */
export const bookedLine = (session: Pick<TutorSession, 'bookedCount' | 'capacity'>) =>
  `${session.bookedCount} of ${session.capacity} booked`;

/** Why the register cannot be marked now; undefined while it is open (from the start, 7 days). */
export function registerClosedReason(register: TutorSession['register']): string | undefined {
  if (register === 'not-started') return 'The register opens when the lesson starts.';
  if (register === 'closed') {
    return 'The register closed 7 days after the lesson. Ask the office to change a mark.';
  }
  return undefined;
}

/** "Sent to 1 family", "Sent to 3 families". */
export const sentToLine = (families: number) =>
  `Sent to ${families} ${families === 1 ? 'family' : 'families'}`;

/**
 * Why a recorded class's lesson is not being recorded (docs/decisions/099): "Not recording: 2
 * families have not consented to recording."
 */
export const notRecordingLine = (missingConsents: number) =>
  `Not recording: ${missingConsents} ${
    missingConsents === 1 ? 'family has' : 'families have'
  } not consented to recording.`;
