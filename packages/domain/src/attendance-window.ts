/**
 * When staff may mark a seat present, absent or late (decision 065; docs/product-rules.md,
 * "Registers"): from the session's start until 7 days after that
 * start (closing instant excluded). Before the start no mark can be true yet; after the week the
 * register is settled. Counted from the start, not the end, so one instant names both edges.
 */

/** Days after a session's start during which its attendance may still be marked. */
export const ATTENDANCE_MARKABLE_DAYS = 7;

const DAY = 24 * 60 * 60_000;

/** Where a session's register stands for marking at one instant. */
export const ATTENDANCE_WINDOW_STATES = ['not-started', 'open', 'closed'] as const;
export type AttendanceWindowState = (typeof ATTENDANCE_WINDOW_STATES)[number];

/** The instants attendance may be marked: opensAt included, closesAt excluded. */
export function attendanceWindow(startsAt: Date): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(startsAt.getTime()),
    closesAt: new Date(startsAt.getTime() + ATTENDANCE_MARKABLE_DAYS * DAY),
  };
}

/** Whether a session starting at `startsAt` takes attendance marks at `now`, and why not. */
export function attendanceWindowState(startsAt: Date, now: Date): AttendanceWindowState {
  const { opensAt, closesAt } = attendanceWindow(startsAt);
  if (now.getTime() < opensAt.getTime()) return 'not-started';
  if (now.getTime() >= closesAt.getTime()) return 'closed';
  return 'open';
}

/** True only inside the window. */
export function isAttendanceMarkable(startsAt: Date, now: Date): boolean {
  return attendanceWindowState(startsAt, now) === 'open';
}
