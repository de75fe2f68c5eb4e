// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  afterRescheduleUrl,
  RESCHEDULE_BOOKING_KEY,
  readBookingToMove,
  saveBookingToMove,
  takeMovedBookingId,
} from './bookings-reschedule-state.ts';

const BOOKING = {
  id: 'b1',
  service: 'gcse',
  label: 'GCSE Foundation',
  startsAt: '2026-11-10T17:00:00.000Z',
  endsAt: '2026-11-10T18:00:00.000Z',
  status: 'confirmed',
  pupil: { id: 'p1', name: 'Sam', yearGroup: 'y10' },
} as const;

describe('the booking handed to /reschedule', () => {
  afterEach(() => window.sessionStorage.clear());

  it('reads back the booking saved by the Reschedule button, when it is the one asked for', () => {
    saveBookingToMove(BOOKING);
    expect(readBookingToMove('b1')).toEqual(BOOKING);
    expect(readBookingToMove()).toEqual(BOOKING);
    expect(readBookingToMove('b2')).toBeUndefined();
  });

  it('reads a booking saved before pupils were stored', () => {
    const { pupil: _, ...withoutPupil } = BOOKING;
    window.sessionStorage.setItem(RESCHEDULE_BOOKING_KEY, JSON.stringify(withoutPupil));
    expect(readBookingToMove('b1')).toEqual(withoutPupil);
  });

  it('ignores what is stored when it is not such a booking, as if nothing were', () => {
    const stored = (value: string) => {
      window.sessionStorage.setItem(RESCHEDULE_BOOKING_KEY, value);
      return readBookingToMove('b1');
    };
    expect(stored('not json')).toBeUndefined();
    expect(stored('null')).toBeUndefined();
    expect(stored(JSON.stringify({ ...BOOKING, service: 'piano' }))).toBeUndefined();
    expect(stored(JSON.stringify({ ...BOOKING, startsAt: 17 }))).toBeUndefined();
    const { endsAt: _, ...withoutEnd } = BOOKING;
    expect(stored(JSON.stringify(withoutEnd))).toBeUndefined();
  });
});

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
