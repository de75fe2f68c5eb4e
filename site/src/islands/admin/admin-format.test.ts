import { MESSAGES } from '@tuition/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import {
  adminLoadFailure,
  bookingsText,
  confirmedSeats,
  initials,
  pageButtons,
  pageCount,
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
  it('states the range of the page shown', () => {
    expect(showingText(1, 25, 51)).toBe('Showing 1 to 25 of 51 users');
    expect(showingText(3, 25, 51)).toBe('Showing 51 to 51 of 51 users');
    expect(showingText(1, 25, 25)).toBe('Showing 1 to 25 of 25 users');
    expect(showingText(1, 25, 0)).toBe('Showing 0 of 0 users');
  });

  it('says "1 user", never "1 users"', () => {
    expect(showingText(1, 25, 1)).toBe('Showing 1 to 1 of 1 user');
    expect(showingText(1, 25, 2)).toBe('Showing 1 to 2 of 2 users');
  });
});

describe('pageButtons', () => {
  it('shows at most five page numbers around the current page', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageButtons(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageButtons(2, 12)).toEqual([1, 2, 3, 4, 5]);
  });

  it('counts pages of 25, never fewer than one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(51, 25)).toBe(3);
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
