// The tutor's 1-to-1 hours as the form holds them (docs/decisions/104, docs/decisions/109): rows
// with keys of their own, so a refusal the service names by position ("windows.2.to") lands
// under the row the tutor typed, and the body sent is built from the rows in one known order.
import type { TutorAvailability, TutorAvailabilityRequest } from '@tuition/api-contract';
import { type Weekday, WEEKDAYS } from '@tuition/domain';
import { ApiError } from '../../lib/api-client.ts';

export const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** "00:00" … "23:45": the only times the service takes (quarter hours, London wall clock). */
export const QUARTER_HOURS: readonly string[] = Array.from({ length: 96 }, (_, i) => {
  const hours = String(Math.floor(i / 4)).padStart(2, '0');
  const minutes = String((i % 4) * 15).padStart(2, '0');
  return `${hours}:${minutes}`;
});

export interface WindowRow {
  key: string;
  day: Weekday;
  from: string;
  to: string;
}

export interface AwayRow {
  key: string;
  date: string;
  wholeDay: boolean;
  from: string;
  to: string;
}

/** What went wrong, by row key and field ('row' for the row as a whole), and for the form. */
export interface HoursErrors {
  rows: Record<string, Partial<Record<'date' | 'from' | 'to' | 'row', string>>>;
  form?: string;
}

let counter = 0;
export const newKey = () => {
  counter += 1;
  return `row-${counter}`;
};

/** A new window on `day`: after the day's last one when there is room, else 16:00-19:00. */
export function newWindow(day: Weekday, existing: readonly WindowRow[]): WindowRow {
  const last = existing.filter((w) => w.day === day).at(-1);
  const start = last ? QUARTER_HOURS.indexOf(last.to) + 4 : -1;
  if (start > 0 && start + 4 < QUARTER_HOURS.length) {
    return {
      key: newKey(),
      day,
      from: QUARTER_HOURS[start] ?? '',
      to: QUARTER_HOURS[start + 4] ?? '',
    };
  }
  return { key: newKey(), day, from: '16:00', to: '19:00' };
}

export const newAway = (): AwayRow => ({
  key: newKey(),
  date: '',
  wholeDay: true,
  from: '09:00',
  to: '12:00',
});

/** The rows of what the service holds. */
export function rowsOf(saved: Pick<TutorAvailability, 'windows' | 'exceptions'>): {
  windows: WindowRow[];
  away: AwayRow[];
} {
  return {
    windows: saved.windows.map((w) => ({ key: newKey(), ...w })),
    away: saved.exceptions.map((e) => ({
      key: newKey(),
      date: e.date,
      wholeDay: e.from === undefined,
      from: e.from ?? '09:00',
      to: e.to ?? '12:00',
    })),
  };
}

/** Windows in the order the page shows them: Monday first, each day's rows as typed. */
export function windowsInOrder(windows: readonly WindowRow[]): WindowRow[] {
  return WEEKDAYS.flatMap((day) => windows.filter((w) => w.day === day));
}

/** The body for PUT /api/tutor/availability, and the row key of each position in it. */
export function requestOf(
  windows: readonly WindowRow[],
  away: readonly AwayRow[],
): { body: TutorAvailabilityRequest; windowKeys: string[]; awayKeys: string[] } {
  const ordered = windowsInOrder(windows);
  return {
    body: {
      windows: ordered.map(({ day, from, to }) => ({ day, from, to })),
      exceptions: away.map((a) =>
        a.wholeDay
          ? { date: a.date, available: false as const }
          : { date: a.date, from: a.from, to: a.to, available: false as const },
      ),
    },
    windowKeys: ordered.map((w) => w.key),
    awayKeys: away.map((a) => a.key),
  };
}

const TO_AFTER_FROM = 'The end must be after the start.';

/** What the page can tell before asking: a day away without a date, an end before a start. */
export function checkRows(windows: readonly WindowRow[], away: readonly AwayRow[]): HoursErrors {
  const rows: HoursErrors['rows'] = {};
  for (const w of windows) if (w.to <= w.from) rows[w.key] = { to: TO_AFTER_FROM };
  for (const a of away) {
    const found: HoursErrors['rows'][string] = {};
    if (a.date === '') found.date = 'Choose the date you are away.';
    if (!a.wholeDay && a.to <= a.from) found.to = TO_AFTER_FROM;
    if (Object.keys(found).length > 0) rows[a.key] = found;
  }
  return { rows };
}

export const hasErrors = (errors: HoursErrors) =>
  errors.form !== undefined || Object.keys(errors.rows).length > 0;

/** The service's 400 (fields such as "windows.2.to" or "exceptions.0.date") under its rows. */
export function refusalErrors(
  error: unknown,
  windowKeys: readonly string[],
  awayKeys: readonly string[],
): HoursErrors {
  if (!(error instanceof ApiError) || error.status !== 400) {
    return { rows: {}, form: 'Your hours could not be saved. Please try again.' };
  }
  const rows: HoursErrors['rows'] = {};
  const unplaced: string[] = [];
  for (const { field, message } of error.errors ?? []) {
    const [list, index, name] = field.split('.');
    const keys = list === 'windows' ? windowKeys : list === 'exceptions' ? awayKeys : [];
    const key = keys[Number(index)];
    if (key === undefined) {
      unplaced.push(message);
      continue;
    }
    const which = name === 'date' || name === 'from' || name === 'to' ? name : 'row';
    rows[key] = { ...rows[key], [which]: message };
  }
  const form =
    unplaced.length > 0 || Object.keys(rows).length === 0
      ? [error.detail, ...unplaced].join(' ')
      : undefined;
  return form === undefined ? { rows } : { rows, form };
}
