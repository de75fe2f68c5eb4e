// Small pure helpers the admin islands share: initials, London dates, pagination.
import { formatCount, formatPounds, LONDON_TZ, MESSAGES, type Message } from '@tuition/domain';
import { ApiError } from '../../lib/api-client.ts';

/** "Ada Lovelace" -> "AL", "cher" -> "C"; an e-mail stands in when there is no name. */
export function initials(name: string, email = ''): string {
  const source = name.trim() || (email.split('@')[0] ?? '');
  const words = source.split(/[\s._-]+/).filter((w) => /\p{L}|\d/u.test(w));
  const letters = words.map((w) => [...w.replace(/^[^\p{L}\d]+/u, '')][0] ?? '');
  const first = letters[0] ?? '';
  const last = letters.length > 1 ? (letters[letters.length - 1] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

let shortDateFormat: Intl.DateTimeFormat | undefined;
/** Built on first use, not as the dashboard's first screen loads (decision 078). */
function shortDate(): Intl.DateTimeFormat {
  shortDateFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: LONDON_TZ,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return shortDateFormat;
}

/**
 * "3 Nov 2026" in London; "Invalid Date" for text that is not a date
 * (docs/product-rules.md#messages).
 */
export function shortLondonDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : shortDate().format(date);
}

/** "1 user", "2 users": every count the admin pages print agrees with its number. */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Pence as pounds with two decimals ("£15.00"). */
export const pounds = (pence: number) => formatPounds(pence);

/**
 * docs/product-rules.md#pages: "Showing X to Y of Z users", with "1 user" when there is one.
 * Keyset pages (decision 075) know where they start, not a page number; the service counts up
 * to a cap, past which the total reads "1,000+".
 */
export function showingText(page: {
  /** The position of the page's first row in the whole list, from 1. */
  first: number;
  /** The rows on this page. */
  count: number;
  total: number;
  totalIsCapped: boolean;
}): string {
  if (page.count === 0) return 'Showing 0 of 0 users';
  const number = formatCount;
  const range = `${number(page.first)} to ${number(page.first + page.count - 1)}`;
  const total = number(page.total);
  const ofWhom = page.totalIsCapped
    ? `${total}+ users`
    : `${total} ${page.total === 1 ? 'user' : 'users'}`;
  return `Showing ${range} of ${ofWhom}`;
}

/** The toast for a failed admin load: 403 is the access message, anything else `fallback`. */
export function adminLoadFailure(error: unknown, fallback: Message): Message {
  if (error instanceof ApiError && error.status === 403) return MESSAGES.adminAccessDenied;
  return fallback;
}

/**
 * Query retry rule for the admin pages: a refusal or a missing record (4xx) will not change by
 * asking again, so only failures of the service or the network are retried (3 times, as the
 * site's other queries).
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !refused && failureCount < 3;
}

/**
 * What "bookings" means on every admin screen (docs/decisions/054): confirmed seats, upcoming
 * and already held. Cancelled seats and seats moved to another session are not bookings; they
 * are shown apart, so the card, the user table, the attendee panel and the user page agree.
 */
export function confirmedSeats(counts: { upcoming: number; previous: number }): number {
  return counts.upcoming + counts.previous;
}

/** "3 bookings (confirmed seats): 2 upcoming, 1 held. Not counted: 1 cancelled, 1 moved." */
export function bookingsText(counts: {
  upcoming: number;
  previous: number;
  cancelled: number;
  moved: number;
}): string {
  const main = `${plural(confirmedSeats(counts), 'booking', 'bookings')} (confirmed seats): ${counts.upcoming} upcoming, ${counts.previous} held.`;
  return `${main} Not counted: ${counts.cancelled} cancelled, ${counts.moved} moved.`;
}
