import { JOIN_OPENS_MINUTES_BEFORE, type JoinState, type JoinWindow } from '@tuition/api-contract';
import type { BookingStatus } from '@tuition/domain';

/*
 * When a seat's "Join session" works (issue 15, item 2): from 15 minutes before the start until
 * the end, for a confirmed booking. Pure; the routes and the booking lists read "now" from the
 * app clock and pass it in.
 */

const JOIN_OPENS_MS = JOIN_OPENS_MINUTES_BEFORE * 60_000;

export interface JoinableSeat {
  id: string;
  status: BookingStatus;
  startsAt: Date;
  endsAt: Date;
}

export function joinOpensAt(startsAt: Date): Date {
  return new Date(startsAt.getTime() - JOIN_OPENS_MS);
}

/** The site path every e-mail and calendar entry links to; it never changes with the URL. */
export function joinPath(bookingId: string): string {
  return `/join/${bookingId}`;
}

/** Inside the window: opening instant included, end instant excluded. */
export function isJoinOpen(seat: JoinableSeat, now: Date): boolean {
  return (
    seat.status === 'confirmed' &&
    now.getTime() >= joinOpensAt(seat.startsAt).getTime() &&
    now.getTime() < seat.endsAt.getTime()
  );
}

/** A booking's `join` field. */
export function joinWindow(seat: JoinableSeat, now: Date): JoinWindow {
  return {
    opensAt: joinOpensAt(seat.startsAt).toISOString(),
    url: isJoinOpen(seat, now) ? joinPath(seat.id) : null,
  };
}

/** What /join/{bookingId} does for the seat's owner. */
export function joinState(seat: JoinableSeat, now: Date, meetingUrl: string | null): JoinState {
  if (seat.status !== 'confirmed') return 'not-active';
  if (now.getTime() < joinOpensAt(seat.startsAt).getTime()) return 'too-early';
  if (now.getTime() >= seat.endsAt.getTime()) return 'ended';
  return meetingUrl ? 'open' : 'no-link';
}

/** The absolute join page address e-mails and calendar entries carry. */
export function joinPageUrl(siteUrl: string, bookingId: string): string {
  return `${siteUrl}${joinPath(bookingId)}`;
}
