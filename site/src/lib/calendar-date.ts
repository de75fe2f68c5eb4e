// Calendar dates from the CMS ("2026-09-07") shown the British way ("7 September 2026").
// They are dates, not instants, so they are formatted in UTC and never shift a day.
const FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatCalendarDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : FORMAT.format(parsed);
}
