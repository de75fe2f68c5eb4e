import {
  bookingWindow,
  findSession,
  isBookable,
  listSessions,
  type ServiceCode,
} from '@tuition/domain';
import type { AvailabilitySlot, BookabilityResult, SlotState } from '@tuition/api-contract';
import type { ContentLoader } from '@tuition/content';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { seatsTaken, type UserSeats, userSeats } from '../sessions/seats.ts';
import { ensureSessionRows } from '../sessions/session-rows.ts';

export interface AvailabilityDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
}

/** Signed out: nothing is anybody's. */
const NO_SEATS: UserSeats = { booked: new Set(), pending: new Set() };

/**
 * Every timetable session of `service` between `from` and `to` (London dates, both included)
 * that is also inside the booking window and has not started, with its seats left and what it
 * means for this user.
 */
export async function listAvailability(
  deps: AvailabilityDeps,
  query: { service: ServiceCode; from?: string; to?: string; userId?: string },
): Promise<AvailabilitySlot[]> {
  const now = deps.clock.now();
  const window = bookingWindow(now);
  const from = maxDate(query.from ?? window.from, window.from);
  const to = minDate(query.to ?? window.to, window.to);
  if (from > to) return [];

  const [timetable, pricing] = await Promise.all([
    deps.content.timetable(),
    deps.content.pricing(),
  ]);
  const sessions = listSessions(timetable, query.service, from, to).filter((s) =>
    isBookable(s.startsAt, now),
  );
  const rows = await ensureSessionRows(deps.db, sessions, pricing.sessionPricePence);
  const ids = [...rows.values()].map((row) => row.id);
  const [taken, mine] = await Promise.all([
    seatsTaken(deps.db, ids, now),
    query.userId ? userSeats(deps.db, query.userId, ids, now) : NO_SEATS,
  ]);

  return sessions.flatMap((session) => {
    const row = rows.get(session.startsAt.getTime());
    if (!row) return [];
    const seatsLeft = Math.max(0, row.capacity - (taken.get(row.id) ?? 0));
    const state: SlotState = mine.booked.has(row.id)
      ? 'booked'
      : mine.pending.has(row.id)
        ? 'pending'
        : seatsLeft === 0
          ? 'full'
          : 'available';
    return [
      {
        sessionId: row.id,
        startsAt: session.startsAt.toISOString(),
        endsAt: session.endsAt.toISOString(),
        date: session.date,
        time: session.time,
        label: session.label,
        service: session.service,
        pricePence: row.pricePence,
        capacity: row.capacity,
        seatsLeft,
        state,
      },
    ];
  });
}

/**
 * The pre-flight check before checkout, per requested start: `invalid` when it is not a
 * timetable start of that service inside the booking window (or already started), `duplicate`
 * when the user has a confirmed booking of it, `pending` when it is in the user's own unpaid
 * checkout (a new checkout may take it: it replaces that one), `full` when no seat is left for
 * the user, else `ok`.
 */
export async function checkBookability(
  deps: AvailabilityDeps,
  request: { service: ServiceCode; startsAt: readonly string[]; userId?: string },
): Promise<BookabilityResult[]> {
  const now = deps.clock.now();
  const [timetable, pricing] = await Promise.all([
    deps.content.timetable(),
    deps.content.pricing(),
  ]);
  const resolved = request.startsAt.map((text) => {
    const instant = new Date(text);
    const session = findSession(timetable, request.service, instant);
    return { text, session: session && isBookable(session.startsAt, now) ? session : undefined };
  });
  const valid = resolved.flatMap((r) => (r.session ? [r.session] : []));
  const rows = await ensureSessionRows(deps.db, valid, pricing.sessionPricePence);
  const ids = [...rows.values()].map((row) => row.id);
  const [taken, mine] = await Promise.all([
    seatsTaken(deps.db, ids, now),
    request.userId ? userSeats(deps.db, request.userId, ids, now) : NO_SEATS,
  ]);

  return resolved.map(({ text, session }) => {
    const row = session && rows.get(session.startsAt.getTime());
    if (!row) return { startsAt: text, status: 'invalid' as const };
    if (mine.booked.has(row.id)) return { startsAt: text, status: 'duplicate' as const };
    if (mine.pending.has(row.id)) return { startsAt: text, status: 'pending' as const };
    if ((taken.get(row.id) ?? 0) >= row.capacity)
      return { startsAt: text, status: 'full' as const };
    return { startsAt: text, status: 'ok' as const };
  });
}

const maxDate = (a: string, b: string) => (a > b ? a : b);
const minDate = (a: string, b: string) => (a < b ? a : b);
