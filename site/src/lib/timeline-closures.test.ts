// Course timelines show closed days where they fall (decision 052).
import type { CourseTimeline } from '@tuition/content';
import { describe, expect, it } from 'vitest';
import { closedRuns, timeFrameDays, timelineRows } from './timeline-closures.ts';

const unit = (date: string, name: string, timeFrame = '2 weeks') => ({
  unit: name,
  date,
  timeFrame,
});

const TERMS: CourseTimeline['terms'] = [
  {
    term: 'Autumn',
    units: [unit('2026-11-23', 'Fractions', '3 weeks'), unit('2026-12-14', 'Revision', '1 week')],
  },
  { term: 'Spring', units: [unit('2027-01-04', 'Algebra', '3 weeks')] },
];

const CLOSURES = [
  { from: '2026-12-21', to: '2027-01-03', reason: 'Christmas holiday' },
  // Inside the Christmas break: the first closure listed names those days.
  { from: '2027-01-01', to: '2027-01-01', reason: 'New Year’s Day' },
  { from: '2027-03-26', to: '2027-03-26', reason: 'Good Friday' },
];

describe('timelineRows', () => {
  it('puts the Christmas break at the end of the autumn term, as one row, and nothing past the course', () => {
    const [autumn, spring] = timelineRows(TERMS, CLOSURES);
    expect(autumn?.map((row) => (row.kind === 'unit' ? row.unit.unit : row.closed.reason))).toEqual(
      ['Fractions', 'Revision', 'Christmas holiday'],
    );
    expect(autumn?.at(-1)).toMatchObject({
      kind: 'closed',
      closed: { from: '2026-12-21', to: '2027-01-03', days: 14 },
    });
    // Good Friday (26 March) is after the last unit ends (24 January).
    expect(spring?.map((row) => row.kind)).toEqual(['unit']);
  });

  it('shows a closed day inside a term among its units, in date order', () => {
    const terms: CourseTimeline['terms'] = [
      { term: 'Spring', units: [unit('2027-03-15', 'Vectors'), unit('2027-03-29', 'Graphs')] },
    ];
    const [spring] = timelineRows(terms, CLOSURES);
    expect(spring?.map((row) => row.date)).toEqual(['2027-03-15', '2027-03-26', '2027-03-29']);
  });

  it('has no closed rows without closures', () => {
    expect(
      timelineRows(TERMS, [])
        .flat()
        .every((row) => row.kind === 'unit'),
    ).toBe(true);
  });
});

describe('closedRuns and timeFrameDays', () => {
  it('joins consecutive days of one reason and clips to the range', () => {
    expect(closedRuns(CLOSURES, '2026-12-28', '2027-01-10')).toEqual([
      { from: '2026-12-28', to: '2027-01-03', reason: 'Christmas holiday', days: 7 },
    ]);
  });

  it('reads weeks and days, and counts other wording as one day', () => {
    expect([timeFrameDays('3 weeks'), timeFrameDays('1 week'), timeFrameDays('5 days')]).toEqual([
      21, 7, 5,
    ]);
    expect(timeFrameDays('ongoing')).toBe(1);
  });
});
