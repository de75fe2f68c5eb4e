import { formatPhone, toLondonWallClock, yearGroupLabel } from '@tuition/domain';
import type { SessionAttendees } from './session-overview.ts';

/*
 * The register a teacher downloads and prints for one session: one row per pupil (siblings are
 * two rows) with their year group, and the account holder's name, e-mail and phone to call. RFC 4180 CSV (CRLF, every field quoted), with a byte-order mark so Excel
 * reads names with accents as UTF-8.
 */

/** Spreadsheet programs run a cell that starts with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field. A name or e-mail typed by a customer could start with "=" and become a
 * formula when the admin opens the file (CSV injection); such a value gets a leading
 * apostrophe, which spreadsheets show as text (OWASP's advice).
 */
export function csvField(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(fields: readonly (string | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

const BOM = '\uFEFF';

/** The register's words for each mark (docs/decisions/056); blank while unmarked. */
const ATTENDANCE_LABELS = { present: 'Present', absent: 'Absent', late: 'Late' } as const;

export function attendanceRegisterCsv(register: SessionAttendees): string {
  return (
    BOM +
    csvLine(['Pupil', 'Year group', 'Account holder', 'Email', 'Phone', 'Attendance']) +
    register.attendees
      .map((a) =>
        csvLine([
          a.pupil.name,
          a.pupil.yearGroup ? yearGroupLabel(a.pupil.yearGroup) : '',
          a.name,
          a.email,
          // As the site shows it: "07700 900123", ready to dial (decision 069).
          a.phone ? formatPhone(a.phone) : null,
          a.attendance ? ATTENDANCE_LABELS[a.attendance] : '',
        ]),
      )
      .join('')
  );
}

/**
 * e.g. "register-gcse-higher-2026-11-03-1700.csv": the London date and 24-hour start, so the
 * files sort by date and time in a downloads folder.
 */
export function attendanceRegisterFilename(register: SessionAttendees): string {
  const { service, date, startsAt } = register.session;
  const start = toLondonWallClock(new Date(startsAt)).time.replace(':', '');
  return `register-${service}-${date}-${start}.csv`.replace(/[^A-Za-z0-9.-]+/g, '-');
}
