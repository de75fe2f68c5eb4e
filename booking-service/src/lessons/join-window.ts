import type { JoinWindow } from '@tuition/api-contract';
import { isJoinOpen, type JoinableSeat, joinOpensAt } from '@tuition/domain';

/*
 * A seat's join link as the API and the e-mails show it (docs/decisions/056). When the window
 * is open is a domain rule (`joinOpensAt`, `isJoinOpen`, `joinState` in @tuition/domain,
 * decision 062); this file only builds the site path and the booking's `join` field. The routes
 * and the booking lists read "now" from the app clock and pass it in.
 */

/** The site path every e-mail and calendar entry links to; it never changes with the URL. */
export function joinPath(bookingId: string): string {
  return `/join/${bookingId}`;
}

/** A booking's `join` field. */
export function joinWindow(seat: JoinableSeat, now: Date): JoinWindow {
  return {
    opensAt: joinOpensAt(seat.startsAt).toISOString(),
    url: isJoinOpen(seat, now) ? joinPath(seat.id) : null,
  };
}

/** The absolute join page address e-mails and calendar entries carry. */
export function joinPageUrl(siteUrl: string, bookingId: string): string {
  return `${siteUrl}${joinPath(bookingId)}`;
}
