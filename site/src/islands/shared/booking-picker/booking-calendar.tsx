// The multi-select calendar of the booking flow (react-day-picker, mode "multiple"). Days are
// London days whatever the visitor's own time zone, so "today" and every session date match
// what the service answers. A day can be clicked only when it has a session with a seat left.
import { LONDON_TZ, londonDate } from '@tuition/domain';
import { DayPicker, TZDate } from 'react-day-picker';
// date-fns's own British locale: react-day-picker/locale loads every language at once.
import { enGB } from 'date-fns/locale/en-GB';
import { type CalendarDays, isDayEnabled } from './booking-rules.ts';

/** Midnight of a London date, as the calendar's own dates are. */
export function londonDay(date: string): TZDate {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new TZDate(year, month - 1, day, LONDON_TZ);
}

export interface BookingCalendarProps {
  days: CalendarDays;
  /** London dates that have a picked session. */
  selectedDates: readonly string[];
  /** First and last London dates of the booking window. */
  window: { from: string; to: string };
  now: Date;
  month: Date;
  onMonthChange: (month: Date) => void;
  /** A click on an enabled day: `selected` says whether the day was picked before. */
  onDayClick: (date: string, wasSelected: boolean) => void;
  /** London dates the school is closed (holidays): struck through; the list below names why. */
  closedDates?: readonly string[];
}

export function BookingCalendar({
  days,
  selectedDates,
  window,
  now,
  month,
  onMonthChange,
  onDayClick,
  closedDates = [],
}: BookingCalendarProps) {
  const dates = (set: ReadonlySet<string>) => [...set].map(londonDay);
  return (
    <DayPicker
      mode="multiple"
      timeZone={LONDON_TZ}
      locale={enGB}
      today={new TZDate(now.getTime(), LONDON_TZ)}
      month={month}
      onMonthChange={onMonthChange}
      startMonth={londonDay(window.from)}
      endMonth={londonDay(window.to)}
      selected={selectedDates.map(londonDay)}
      disabled={(day: Date) => !isDayEnabled(days, londonDate(day))}
      modifiers={{
        full: dates(days.full),
        booked: dates(days.booked),
        pending: dates(days.pending),
        closed: closedDates.map(londonDay),
      }}
      modifiersClassNames={{
        full: 'booking-day--full',
        booked: 'booking-day--booked',
        pending: 'booking-day--pending',
        closed: 'booking-day--closed',
      }}
      onSelect={(_selected, triggerDate, modifiers) => {
        onDayClick(londonDate(triggerDate), Boolean(modifiers.selected));
      }}
      className="booking-calendar"
    />
  );
}
