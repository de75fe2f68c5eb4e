import { describe, expect, it } from 'vitest';
import {
  type BookingFacts,
  type BookingStatus,
  bookingBadge,
  canCancel,
  canReschedule,
  isPrevious,
  isUpcoming,
  RESCHEDULE_CUTOFF_HOURS,
  rescheduleDeadline,
} from './policies.ts';

const HOUR = 3_600_000;
const now = new Date('2026-11-03T12:00:00Z');
const startingIn = (hours: number, status: BookingStatus = 'confirmed'): BookingFacts => ({
  status,
  startsAt: new Date(now.getTime() + hours * HOUR),
});

describe('upcoming and previous', () => {
  it('calls a confirmed booking that has not started upcoming', () => {
    expect(isUpcoming(startingIn(1), now)).toBe(true);
    expect(isPrevious(startingIn(1), now)).toBe(false);
  });

  it('calls a booking previous once its session has started', () => {
    expect(isUpcoming(startingIn(0), now)).toBe(false);
    expect(isPrevious(startingIn(0), now)).toBe(true);
    expect(isPrevious(startingIn(-48), now)).toBe(true);
  });

  it('calls cancelled and rescheduled bookings previous even before their start', () => {
    for (const status of ['cancelled', 'rescheduled'] as const) {
      expect(isUpcoming(startingIn(72, status), now)).toBe(false);
      expect(isPrevious(startingIn(72, status), now)).toBe(true);
    }
  });

  it('shows the badge upcoming, completed, cancelled or rescheduled', () => {
    expect(bookingBadge(startingIn(2), now)).toBe('upcoming');
    expect(bookingBadge(startingIn(-2), now)).toBe('completed');
    expect(bookingBadge(startingIn(2, 'cancelled'), now)).toBe('cancelled');
    expect(bookingBadge(startingIn(-2, 'rescheduled'), now)).toBe('rescheduled');
  });
});

describe('cancel and reschedule', () => {
  type Row = [string, boolean, boolean, boolean, BookingFacts];
  // what, canCancel, customer can reschedule, admin can reschedule, booking
  const matrix: Row[] = [
    ['a week ahead', true, true, true, startingIn(168)],
    ['25 hours ahead', true, true, true, startingIn(25)],
    ['one minute more than 24 hours ahead', true, true, true, startingIn(24 + 1 / 60)],
    ['exactly 24 hours ahead', true, false, true, startingIn(24)],
    ['23 hours ahead', true, false, true, startingIn(23)],
    ['one minute ahead', true, false, true, startingIn(1 / 60)],
    ['starting now', false, false, false, startingIn(0)],
    ['in the past', false, false, false, startingIn(-24)],
    ['cancelled, a week ahead', false, false, false, startingIn(168, 'cancelled')],
    ['rescheduled away, a week ahead', false, false, false, startingIn(168, 'rescheduled')],
  ];

  it.each(matrix)(
    'booking %s: cancel %s, customer reschedule %s, admin reschedule %s',
    (_what, cancel, customerReschedule, adminReschedule, booking) => {
      expect(canCancel(booking, now)).toBe(cancel);
      expect(canReschedule(booking, now, 'customer')).toBe(customerReschedule);
      expect(canReschedule(booking, now, 'admin')).toBe(adminReschedule);
    },
  );

  it('closes customer rescheduling 24 hours before the start', () => {
    expect(RESCHEDULE_CUTOFF_HOURS).toBe(24);
    expect(rescheduleDeadline(new Date('2026-11-05T17:00:00Z')).toISOString()).toBe(
      '2026-11-04T17:00:00.000Z',
    );
  });
});
