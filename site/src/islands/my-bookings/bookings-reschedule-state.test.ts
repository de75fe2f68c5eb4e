// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { afterRescheduleUrl, takeMovedBookingId } from './bookings-reschedule-state.ts';

describe('after a reschedule', () => {
  it('returns to the list naming the new booking, keeping any other parameters', () => {
    expect(afterRescheduleUrl('/upcoming-bookings', 'b9')).toBe('/upcoming-bookings?moved=b9');
    expect(afterRescheduleUrl('/admin/users/u1?tab=x', 'b9')).toBe(
      '/admin/users/u1?tab=x&moved=b9',
    );
    expect(afterRescheduleUrl('/upcoming-bookings', undefined)).toBe('/upcoming-bookings');
  });

  it('reads the moved booking once and takes it out of the address bar', () => {
    window.history.replaceState(null, '', '/upcoming-bookings?moved=b9#list');
    expect(takeMovedBookingId()).toBe('b9');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/upcoming-bookings#list',
    );
    expect(takeMovedBookingId()).toBeUndefined();
  });
});
