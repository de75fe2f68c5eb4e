import {
  bookingWindow,
  type ClosedDay,
  type Closure,
  type ConcreteSession,
  closedDays,
  listSessions,
  seatsLeft,
  type ServiceCode,
  type WeeklySlot,
} from '@tuition/domain';
import type { AvailabilitySlot, BookabilityResult, SlotState } from '@tuition/api-contract';
import type { ContentLoader } from '@tuition/content';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import {
  type ClassMinimums,
  minimumsFromJson,
  publishedMinimum,
  sessionMinimum,
} from '../sessions/class-minimums.ts';
import type { ClassMinimumJson } from '../sessions/class-minimums-sql.ts';
import { activePupils, seatPupils } from '../sessions/seat-pupils.ts';
import { type UserSeats, userSeats } from '../sessions/seats.ts';
import {
  ensureSlotRowsWithSeats,
  ensureSessionRowsWithSeatsAndWaiting,
} from '../sessions/session-rows.ts';
import { userWaitlistPlaces } from '../sessions/waitlist-seats.ts';

export interface AvailabilityDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
}

/** Signed out: nothing is anybody's. */
const NO_SEATS: UserSeats = { booked: new Map(), pending: new Map(), offered: new Map() };

const NONE: ReadonlySet<string> = new Set();

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

  const [timetable, pricing, closures] = await Promise.all([
    deps.content.timetable(),
    deps.content.pricing(),
    deps.content.closures(),
  ]);
  // Dated inside the booking window already (from and to are clipped to it), so a session is
  // bookable once it has not started: isBookable's window check, without its London date maths
  // for every session.
  const sessions = timetableSessions(timetable, query.service, from, to, closures).filter(
    (s) => s.startsAt.getTime() > now.getTime(),
  );
  // One round trip for the rows and their seats taken; a second only for a signed-in viewer.
  // With each session's waiting-list count (docs/decisions/060) and the service's class
  // minimums (docs/decisions/100, 118) in the same query.
  const rows = await ensureSessionRowsWithSeatsAndWaiting(
    deps.db,
    sessions,
    pricing.sessionPricePence,
    now,
  );
  const minimums = serviceMinimums(rows.values());
  const rowIds = [...rows.values()].map((row) => row.id);
  // The viewer's own seats, pupils and places on waiting lists.
  const [mine, current, waitingMine] = query.userId
    ? await Promise.all([
        userSeats(deps.db, query.userId, rowIds, now),
        activePupils(deps.db, query.userId),
        userWaitlistPlaces(deps.db, query.userId, rowIds, now),
      ])
    : [NO_SEATS, [], new Map<string, Set<string>>()];

  return sessions.flatMap((session) => {
    const row = rows.get(session.startsAt.getTime());
    // A session the business cancelled is no longer offered (docs/decisions/077).
    if (!row || row.cancelledAt) return [];
    // A seat held for the viewer by a live waiting-list offer is theirs to pick.
    const offeredMine = mine.offered.get(row.id)?.size ?? 0;
    const left = seatsLeft(
      { capacity: row.capacity, taken: row.seatsTaken },
      { offered: offeredMine },
    );
    const heldBy = mine.booked.get(row.id) ?? NONE;
    // Booked once nobody in the account is left to book it for (one pupil: as before).
    const everyoneBooked = heldBy.size > 0 && current.every((pupil) => heldBy.has(pupil.id));
    const state: SlotState = everyoneBooked
      ? 'booked'
      : mine.pending.has(row.id)
        ? 'pending'
        : left === 0
          ? 'full'
          : 'available';
    const base = slotBase(session);
    const minimum = sessionMinimum(minimums, row);
    return [
      {
        sessionId: row.id,
        startsAt: base.startsAt,
        endsAt: base.endsAt,
        date: base.date,
        time: base.time,
        label: base.label,
        service: base.service,
        pricePence: row.pricePence,
        capacity: row.capacity,
        seatsLeft: left,
        state,
        heldBy: heldBy.size === 0 ? [] : [...heldBy],
        waiting: row.waiting,
        waitingFor: [...(waitingMine.get(row.id) ?? NONE)],
        ...(minimum ? published(minimum, now) : {}),
      },
    ];
  });
}

/**
 * What a slot says of its timetable session, made once per remembered session (the lists are
 * remembered per timetable: timetableSessions), not on every request (docs/decisions/122).
 */
const slotBases = new WeakMap<
  ConcreteSession,
  Pick<AvailabilitySlot, 'startsAt' | 'endsAt' | 'date' | 'time' | 'label' | 'service'>
>();
function slotBase(session: ConcreteSession) {
  let base = slotBases.get(session);
  if (!base) {
    base = {
      startsAt: session.startsAt.toISOString(),
      endsAt: session.endsAt.toISOString(),
      date: session.date,
      time: session.time,
      label: session.label,
      service: session.service,
    };
    slotBases.set(session, base);
  }
  return base;
}

/**
 * The class minimums the rows carry: every row of one service carries the same list, so the
 * first is read.
 */
function serviceMinimums(
  rows: Iterable<{ classMinimums: ClassMinimumJson[] | null }>,
): ClassMinimums {
  for (const row of rows) return minimumsFromJson(row.classMinimums);
  return new Map();
}

/** A session's published minimum in the slot's words (docs/decisions/100). */
function published(
  state: Parameters<typeof publishedMinimum>[0],
  now: Date,
): Pick<AvailabilitySlot, 'runsIf' | 'confirmedToRun'> {
  const { runsIf, confirmedToRun } = publishedMinimum(state, now);
  return {
    ...(runsIf
      ? { runsIf: { minPupils: runsIf.minPupils, decidedAt: runsIf.decidedAt.toISOString() } }
      : {}),
    ...(confirmedToRun ? { confirmedToRun } : {}),
  };
}

/**
 * The pre-flight check before checkout, per requested start: `invalid` when it is not a
 * timetable start of that service inside the booking window (or already started), `duplicate`
 * when a named pupil has a confirmed booking of it, `pending` when a named pupil's seat in it
 * is in the user's own unpaid checkout (a new checkout may take it: it replaces that one),
 * `full` when fewer seats are left than pupils named, else `ok`. The pupils are resolved as
 * checkout resolves them; signed out, one seat is asked for and nobody holds anything. Answers
 * the results in request order and the pupils named (none signed out), which the price needs.
 */
export async function checkBookability(
  deps: AvailabilityDeps,
  request: {
    service: ServiceCode;
    startsAt: readonly string[];
    viewer?: { id: string; name: string };
    pupilIds?: readonly string[] | undefined;
  },
): Promise<{ results: BookabilityResult[]; pupilIds: string[] }> {
  const now = deps.clock.now();
  const [timetable, pricing, closures] = await Promise.all([
    deps.content.timetable(),
    deps.content.pricing(),
    deps.content.closures(),
  ]);
  // The bookable starts are the window's sessions not yet started (findSession and isBookable
  // over the remembered window list, without London date maths per start: docs/decisions/122).
  // A start on a closed day is not a bookable start: `invalid`, like one the timetable lacks.
  const window = bookingWindow(now);
  const inWindow = sessionsByStart(
    timetableSessions(timetable, request.service, window.from, window.to, closures),
  );
  const resolved = request.startsAt.map((text) => {
    const session = inWindow.get(new Date(text).getTime());
    return { text, session: session && session.startsAt > now ? session : undefined };
  });
  const valid = resolved.flatMap((r) => (r.session ? [r.session] : []));
  const named = request.viewer
    ? (await seatPupils(deps.db, request.viewer, request.pupilIds)).map((p) => p.id)
    : [];
  const rows = await ensureSlotRowsWithSeats(deps.db, valid, pricing.sessionPricePence, now);
  const mine = request.viewer
    ? await userSeats(
        deps.db,
        request.viewer.id,
        [...rows.values()].map((row) => row.id),
        now,
      )
    : NO_SEATS;
  const seatsWanted = Math.max(1, named.length);

  const results = resolved.map(({ text, session }): BookabilityResult => {
    const row = session && rows.get(session.startsAt.getTime());
    if (!row || row.cancelledAt) return { startsAt: text, status: 'invalid' };
    const booked = named.filter((id) => mine.booked.get(row.id)?.has(id));
    if (booked.length > 0) return { startsAt: text, status: 'duplicate', pupilIds: booked };
    const pending = named.filter((id) => mine.pending.get(row.id)?.has(id));
    if (pending.length > 0) return { startsAt: text, status: 'pending', pupilIds: pending };
    const offered = named.filter((id) => mine.offered.get(row.id)?.has(id)).length;
    if (seatsLeft({ capacity: row.capacity, taken: row.seatsTaken }, { offered }) < seatsWanted) {
      return { startsAt: text, status: 'full' };
    }
    return { startsAt: text, status: 'ok' };
  });
  return { results, pupilIds: named };
}

/**
 * listSessions, remembered per timetable: the dated sessions of a service between two dates
 * never change for a given timetable and closures, so the London date maths runs once per
 * (timetable, closures, service, from, to) instead of on every request. The content loader
 * shares one parsed, frozen timetable and closures list until it fetches again
 * (docs/decisions/114), so they are known by identity: an edited timetable is a new array and
 * simply misses, and the lists of an old one go with it. Bounded: clients may ask for any dates.
 */
const sessionLists = new WeakMap<
  object,
  WeakMap<object, Map<string, readonly ConcreteSession[]>>
>();
const SESSION_LISTS_KEPT = 512;

function timetableSessions(
  timetable: readonly WeeklySlot[],
  service: ServiceCode,
  from: string,
  to: string,
  closures: readonly Closure[],
): readonly ConcreteSession[] {
  const lists = remembered(sessionLists, timetable, closures);
  const key = `${service} ${from} ${to}`;
  let sessions = lists.get(key);
  if (!sessions) {
    sessions = listSessions(timetable, service, from, to, closures);
    if (lists.size >= SESSION_LISTS_KEPT) lists.clear();
    lists.set(key, sessions);
  }
  return sessions;
}

/** A remembered session list by start instant (ms), made once per list. */
const byStart = new WeakMap<readonly ConcreteSession[], Map<number, ConcreteSession>>();
function sessionsByStart(sessions: readonly ConcreteSession[]): Map<number, ConcreteSession> {
  let map = byStart.get(sessions);
  if (!map) {
    map = new Map(sessions.map((session) => [session.startsAt.getTime(), session]));
    byStart.set(sessions, map);
  }
  return map;
}

/** The map kept for this pair of content lists (made on first use). */
function remembered<T>(
  kept: WeakMap<object, WeakMap<object, Map<string, T>>>,
  first: object,
  second: object,
): Map<string, T> {
  let bySecond = kept.get(first);
  if (!bySecond) {
    bySecond = new WeakMap();
    kept.set(first, bySecond);
  }
  let lists = bySecond.get(second);
  if (!lists) {
    lists = new Map();
    bySecond.set(second, lists);
  }
  return lists;
}

/** closedDays, remembered per closures list and dates, as the session lists are. */
const closedDayLists = new WeakMap<object, Map<string, ClosedDay[]>>();

/**
 * The closed days (CMS closures) between `from` and `to`, clipped to the booking window like
 * the slots are, so the calendar can say "Closed — Christmas holiday" on them.
 */
export async function listClosedDays(
  deps: Pick<AvailabilityDeps, 'clock' | 'content'>,
  query: { from?: string; to?: string },
): Promise<ClosedDay[]> {
  const window = bookingWindow(deps.clock.now());
  const from = maxDate(query.from ?? window.from, window.from);
  const to = minDate(query.to ?? window.to, window.to);
  if (from > to) return [];
  const closures = await deps.content.closures();
  let lists = closedDayLists.get(closures);
  if (!lists) {
    lists = new Map();
    closedDayLists.set(closures, lists);
  }
  const key = `${from} ${to}`;
  let days = lists.get(key);
  if (!days) {
    days = closedDays(closures, from, to);
    if (lists.size >= SESSION_LISTS_KEPT) lists.clear();
    lists.set(key, days);
  }
  return days;
}

const maxDate = (a: string, b: string) => (a > b ? a : b);
const minDate = (a: string, b: string) => (a < b ? a : b);
