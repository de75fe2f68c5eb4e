// Closed days (CMS closures, decision 052) on a course timeline: each run of closed days inside
// the course's dates becomes a row "Closed — Christmas holiday" among the units of the term it
// falls in, so a family reading the plan sees the break where it happens.
import type { Closure, CourseTimeline } from '@tuition/content';
import { addDays, closedDays } from '@tuition/domain';

/** Consecutive closed days with one reason, both ends included. */
export interface ClosedRun {
  from: string;
  to: string;
  reason: string;
  days: number;
}

export type TimelineRow =
  | { kind: 'unit'; date: string; unit: CourseTimeline['terms'][number]['units'][number] }
  | { kind: 'closed'; date: string; closed: ClosedRun };

/** "3 weeks" → 21, "1 day" → 1; a time frame in other words counts as a single day. */
export function timeFrameDays(timeFrame: string): number {
  const match = /(\d+)\s*(week|day)s?/i.exec(timeFrame);
  if (!match) return 1;
  const n = Number(match[1]);
  return match[2]?.toLowerCase() === 'week' ? n * 7 : n;
}

/** The closed days from `from` to `to` as runs of one reason (the first closure listed wins). */
export function closedRuns(closures: readonly Closure[], from: string, to: string): ClosedRun[] {
  const runs: ClosedRun[] = [];
  if (to < from) return runs;
  for (const day of closedDays(closures, from, to)) {
    const last = runs.at(-1);
    if (last && last.reason === day.reason && addDays(last.to, 1) === day.date) {
      last.to = day.date;
      last.days += 1;
    } else {
      runs.push({ from: day.date, to: day.date, reason: day.reason, days: 1 });
    }
  }
  return runs;
}

/**
 * Each term's rows in date order: its units and the closed runs that start in it. The course
 * runs from its first unit to the end of its last (start plus time frame); a term runs until
 * the next term starts, so a break between two terms shows at the end of the earlier one.
 */
export function timelineRows(
  terms: CourseTimeline['terms'],
  closures: readonly Closure[],
): TimelineRow[][] {
  const starts = terms.map((term) => term.units.map((u) => u.date).sort()[0]);
  const units = terms.flatMap((term) => term.units);
  const first = units.map((u) => u.date).sort()[0];
  const end = units
    .map((u) => addDays(u.date, timeFrameDays(u.timeFrame) - 1))
    .sort()
    .at(-1);
  const runs = first && end ? closedRuns(closures, first, end) : [];
  const termOf = (date: string) => {
    let index = 0;
    starts.forEach((start, i) => {
      if (start !== undefined && start <= date) index = i;
    });
    return index;
  };
  return terms.map((term, index) => {
    const rows: TimelineRow[] = [
      ...term.units.map((unit): TimelineRow => ({ kind: 'unit', date: unit.date, unit })),
      ...runs
        .filter((run) => termOf(run.from) === index)
        .map((closed): TimelineRow => ({ kind: 'closed', date: closed.from, closed })),
    ];
    // Stable: a unit and a closure on the same day keep the unit first.
    return rows.sort((a, b) => a.date.localeCompare(b.date));
  });
}
