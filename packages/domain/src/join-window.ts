/**
 * When a seat's "Join session" works (docs/product-rules.md#delivering-the-lesson, decision 056):
 * from 15 minutes before the start until the end (end excluded), for a confirmed booking only.
 */
import type { BookingStatus } from './policies.ts';

/** Minutes before the start a booking's join link opens. */
export const JOIN_OPENS_MINUTES_BEFORE = 15;

const MINUTE = 60_000;

/** What the join page can tell the owner of a booking. */
export const JOIN_STATES = [
  'open',
  'too-early',
  'waiting-for-tutor',
  'ended',
  'no-link',
  'not-active',
] as const;
export type JoinState = (typeof JOIN_STATES)[number];

export interface JoinableSeat {
  id: string;
  status: BookingStatus;
  startsAt: Date;
  endsAt: Date;
}

/** The instant the join link opens: 15 minutes before the start. */
export function joinOpensAt(startsAt: Date): Date {
  return new Date(startsAt.getTime() - JOIN_OPENS_MINUTES_BEFORE * MINUTE);
}

/** Inside the window: opening instant included, end instant excluded. */
export function isJoinOpen(seat: JoinableSeat, now: Date): boolean {
  return (
    seat.status === 'confirmed' &&
    now.getTime() >= joinOpensAt(seat.startsAt).getTime() &&
    now.getTime() < seat.endsAt.getTime()
  );
}

/**
 * Where the owner of a seat stands with joining it: `open` only inside the window with a
 * meeting link set; otherwise the reason the join page shows.
 */
export function joinState(seat: JoinableSeat, now: Date, meetingUrl: string | null): JoinState {
  if (seat.status !== 'confirmed') return 'not-active';
  if (now.getTime() < joinOpensAt(seat.startsAt).getTime()) return 'too-early';
  if (now.getTime() >= seat.endsAt.getTime()) return 'ended';
  return meetingUrl ? 'open' : 'no-link';
}
