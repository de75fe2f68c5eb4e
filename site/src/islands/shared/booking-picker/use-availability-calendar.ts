// What the calendar shows: the London "now" (moved on every minute), the 56-day booking window,
// the availability read for the course, the month on screen with its bookable sessions and its
// closed days (CMS closures, decision 052).
import { bookingWindow, type Clock, londonDate, type ServiceCode } from '@tuition/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { londonDay } from './booking-calendar.tsx';
import { bookableSlots, calendarDays, closedRanges } from './booking-rules.ts';

/** The first month of the window, as the calendar's month state. */
const monthOf = (date: string) => {
  const d = londonDay(date);
  d.setDate(1);
  return d;
};

/** "Now", moved on every minute while the page stays open, so past starts drop out. */
export function useMinuteClock(clock: Clock): Date {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(clock.now()), 60_000);
    return () => clearInterval(timer);
  }, [clock]);
  return now;
}

export function useAvailabilityCalendar(options: {
  service: ServiceCode | undefined;
  now: Date;
  /** The signed-in user: their own seats are marked, so the answer is theirs. */
  userId: string | null;
  /** Admins acting for a customer: the customer's seats are marked instead. */
  forUser: string | undefined;
}) {
  const { service, now, userId, forUser } = options;
  const window56 = bookingWindow(now);
  const [month, setMonth] = useState<Date>(() => monthOf(window56.from));

  const availability = useQuery({
    queryKey: ['availability', service, window56.from, window56.to, userId, forUser],
    queryFn: () =>
      api.availability({
        service: service as ServiceCode,
        from: window56.from,
        to: window56.to,
        ...(forUser ? { forUser } : {}),
      }),
    enabled: service !== undefined,
  });
  const slots = availability.data?.slots ?? [];
  const monthKey = londonDate(month).slice(0, 7);
  const closed = availability.data?.closed ?? [];
  const days = useMemo(() => calendarDays(slots, now), [slots, now]);
  return {
    window56,
    month,
    setMonth,
    /** Shows the month of a London date (a link's session may fall in the next one). */
    showMonthOf: (date: string) => setMonth(monthOf(date)),
    availability,
    slots,
    /** Only an answer read since this page opened: a cached one may predate a seat filling up. */
    fresh: availability.isFetchedAfterMount ? availability.data?.slots : undefined,
    days,
    monthSlots: bookableSlots(slots, now).filter((s) => s.date.startsWith(monthKey)),
    closedDates: closed.map((day) => day.date),
    // "Closed — Christmas holiday" ranges that touch the month shown.
    monthClosures: closedRanges(closed).filter(
      (range) => range.from.slice(0, 7) <= monthKey && range.to.slice(0, 7) >= monthKey,
    ),
  };
}
