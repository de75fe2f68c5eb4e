import { MESSAGES } from '@tuition/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import {
  adminLoadFailure,
  bookingsText,
  confirmedSeats,
  initials,
  shortLondonDate,
  showingText,
} from './admin-format.ts';

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  mary ann  evans ')).toBe('ME');
    expect(initials('Cher')).toBe('C');
    expect(initials('Zoë Ó Briain')).toBe('ZB');
  });

  it('falls back to the e-mail, then to a question mark', () => {
    expect(initials('', 'jo.smith@example.com')).toBe('JS');
    expect(initials('', '')).toBe('?');
    expect(initials('=Carol Cole')).toBe('CC');
  });
});

describe('shortLondonDate', () => {
  it('shows the London calendar date', () => {
    expect(shortLondonDate('2026-11-03T09:00:00Z')).toBe('3 Nov 2026');
    // 23:30 UTC in summer is already the next day in London.
    expect(shortLondonDate('2026-07-01T23:30:00Z')).toBe('2 Jul 2026');
  });

  it('says Invalid Date for text that is not a date, and a dash for none', () => {
    expect(shortLondonDate('not a date')).toBe('Invalid Date');
    expect(shortLondonDate(null)).toBe('—');
  });
});

describe('showingText', () => {
  const page = (first: number, count: number, total: number, totalIsCapped = false) =>
    showingText({ first, count, total, totalIsCapped });

  it('states the range of the page shown', () => {
    expect(page(1, 25, 51)).toBe('Showing 1 to 25 of 51 users');
    expect(page(26, 25, 51)).toBe('Showing 26 to 50 of 51 users');
    expect(page(51, 1, 51)).toBe('Showing 51 to 51 of 51 users');
    expect(page(1, 25, 25)).toBe('Showing 1 to 25 of 25 users');
    expect(page(1, 0, 0)).toBe('Showing 0 of 0 users');
  });

  it('says "1 user", never "1 users"', () => {
    expect(page(1, 1, 1)).toBe('Showing 1 to 1 of 1 user');
    expect(page(1, 2, 2)).toBe('Showing 1 to 2 of 2 users');
  });

  it('says "1,000+" past the count\'s cap', () => {
    expect(page(26, 25, 1000, true)).toBe('Showing 26 to 50 of 1,000+ users');
    expect(page(1001, 25, 1000, true)).toBe('Showing 1,001 to 1,025 of 1,000+ users');
  });
});

describe('adminLoadFailure', () => {
  it('names missing admin rights on a 403 and uses the fallback otherwise', () => {
    const forbidden = new ApiError({ status: 403, title: 'Forbidden', detail: 'Access denied' });
    expect(adminLoadFailure(forbidden, MESSAGES.usersLoadFailed)).toEqual({
      title: 'Error',
      description: 'Access denied: Admin privileges required',
    });
    const down = new ApiError({ status: 500, title: 'Internal Server Error', detail: 'x' });
    expect(adminLoadFailure(down, MESSAGES.usersLoadFailed)).toEqual({
      title: 'Error',
      description: 'Failed to load users.',
    });
  });
});

describe('bookingsText (decision 054: bookings are confirmed seats)', () => {
  it('counts upcoming and held seats, and names cancelled and moved apart', () => {
    const counts = { upcoming: 2, previous: 1, cancelled: 1, moved: 0 };
    expect(confirmedSeats(counts)).toBe(3);
    expect(bookingsText(counts)).toBe(
      '3 bookings (confirmed seats): 2 upcoming, 1 held. Not counted: 1 cancelled, 0 moved.',
    );
    expect(bookingsText({ upcoming: 1, previous: 0, cancelled: 0, moved: 2 })).toBe(
      '1 booking (confirmed seats): 1 upcoming, 0 held. Not counted: 0 cancelled, 2 moved.',
    );
  });
});
