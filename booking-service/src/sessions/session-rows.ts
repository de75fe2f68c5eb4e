import { type ConcreteSession, SERVICES, type ServiceCode } from '@tuition/domain';
import { and, eq, getTableColumns, gte, inArray, lte, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { classSessions } from '../db/schema.ts';
import { type Database, type DbExecutor, preparedStatementName } from '../db/client.ts';
import { type ClassMinimumJson, classMinimumsJsonSql } from './class-minimums-sql.ts';
import { seatsTakenSql } from './seats.ts';
import { waitingCountSql } from './waitlist-seats.ts';

export type SessionRow = typeof classSessions.$inferSelect;

/**
 * Timetable sessions only: a 1-to-1 lesson of the same course may start at the same time, and
 * the unique (service, starts_at) index is partial on this predicate (docs/decisions/106).
 */
export const GROUP_ONLY = sql`${classSessions.kind} = 'group'`;

/**
 * The columns availability needs: what a slot shows and what decides whether it can be booked.
 * Not the whole row: availability runs on every visit to a calendar, and each column is parsed
 * and mapped per session (docs/decisions/122); the meeting link, a secret, is never read there.
 */
const SLOT_COLUMNS = {
  id: classSessions.id,
  service: classSessions.service,
  startsAt: classSessions.startsAt,
  pricePence: classSessions.pricePence,
  capacity: classSessions.capacity,
  cancelledAt: classSessions.cancelledAt,
  decision: classSessions.decision,
  decidedAt: classSessions.decidedAt,
};

/** A session row with its seats taken (seatsTakenSql) at the time it was read. */
export type SessionRowWithSeats = SessionRow & { seatsTaken: number };

/** A session's slot columns (SLOT_COLUMNS) with its seats taken when it was read. */
export type SlotRowWithSeats = Pick<SessionRow, keyof typeof SLOT_COLUMNS> & { seatsTaken: number };

/**
 * The stored rows of these timetable sessions, creating the missing ones. Rows exist only for
 * sessions someone looked at or booked. Almost every call finds them all already there, so it
 * reads first and writes only what is missing (a read answers far faster than an upsert of
 * every row); the unique (service, starts_at) index with ON CONFLICT DO NOTHING makes
 * concurrent creators agree on one row, which the read-back then returns. Existing rows keep
 * the price and capacity they were created with. Keyed by start instant (ms).
 */
export function ensureSessionRows(
  db: DbExecutor,
  sessions: readonly ConcreteSession[],
  pricePence: number,
): Promise<Map<number, SessionRow>> {
  return ensureRows(db, sessions, pricePence, findSessionRows);
}

/**
 * ensureSessionRows with each row's seats taken at `now` read in the same query: availability
 * and bookability answer in one round trip when the rows exist (the usual case). An advisory
 * count (no lock), like every read outside a seat-taking transaction.
 */
export function ensureSessionRowsWithSeats(
  db: Database,
  sessions: readonly ConcreteSession[],
  pricePence: number,
  now: Date,
): Promise<Map<number, SessionRowWithSeats>> {
  return ensureRows(db, sessions, pricePence, (_, wanted) =>
    rowsAtStarts(statementFor(startsRowsStatements, db, startsRowsStatement), wanted, now),
  );
}

/**
 * ensureSessionRowsWithSeats with only the columns a slot needs (SLOT_COLUMNS): bookability's
 * read, sent on every change of a basket (docs/decisions/122).
 */
export function ensureSlotRowsWithSeats(
  db: Database,
  sessions: readonly ConcreteSession[],
  pricePence: number,
  now: Date,
): Promise<Map<number, SlotRowWithSeats>> {
  return ensureRows(db, sessions, pricePence, (_, wanted) =>
    rowsAtStarts(statementFor(slotStartsStatements, db, slotStartsStatement), wanted, now),
  );
}

/** The rows at the wanted starts, one execution of `statement` per service. */
async function rowsAtStarts<R>(
  statement: { execute(values: Record<string, unknown>): Promise<R[]> },
  wanted: readonly ConcreteSession[],
  now: Date,
): Promise<R[]> {
  const found: R[] = [];
  for (const [service, starts] of startsByService(wanted)) {
    const times = starts.map((start) => start.getTime());
    found.push(
      ...(await statement.execute({
        service,
        starts: starts.map((start) => start.toISOString()),
        from: new Date(Math.min(...times)).toISOString(),
        to: new Date(Math.max(...times)).toISOString(),
        now: now.toISOString(),
      })),
    );
  }
  return found;
}

/**
 * A service's session rows at the listed starts with their seats taken at `now`, as a
 * prepared statement (bookability asks on every change of a basket; see windowRowsStatement).
 */
function atStartsStatement<F extends SelectedFields>(db: Database, fields: F, name: string) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  return db
    .select({ ...fields, seatsTaken: seatsTakenSql(classSessions.id, now) })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.service, sql.placeholder('service')),
        GROUP_ONLY,
        sql`${classSessions.startsAt} = any(${sql.placeholder('starts')}::timestamptz[])`,
        // Implied by the starts; stated so the generic plan's estimate is a few rows (decision 122).
        gte(classSessions.startsAt, sql`${sql.placeholder('from')}::timestamptz`),
        lte(classSessions.startsAt, sql`${sql.placeholder('to')}::timestamptz`),
      ),
    )
    .prepare(preparedStatementName(db, name));
}
const startsRowsStatement = (db: Database) =>
  atStartsStatement(db, getTableColumns(classSessions), 'session_rows_with_seats_at_starts');
const startsRowsStatements = new WeakMap<Database, ReturnType<typeof startsRowsStatement>>();
const slotStartsStatement = (db: Database) =>
  atStartsStatement(db, SLOT_COLUMNS, 'slot_rows_with_seats_at_starts');
const slotStartsStatements = new WeakMap<Database, ReturnType<typeof slotStartsStatement>>();

/**
 * A session row with its seats taken, how many wait for it (waitingCountSql) and the minimums
 * of its service's classes (classMinimumsJsonSql, null for none).
 */
export type SessionRowWithSeatsAndWaiting = SlotRowWithSeats & {
  waiting: number;
  classMinimums: ClassMinimumJson[] | null;
};

/**
 * A service's session rows between two starts with their seats taken and waiting counts at
 * `now`, as a prepared statement: availability runs the same large query (five counts per
 * session) on every request, and planning it cost the database more than running it. Planned
 * once per connection, built once per database handle. Through a transaction pooler it is
 * unnamed, built once but planned on every run (preparedStatementName, decision 091).
 */
function windowRowsStatement(db: Database) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  return db
    .select({
      ...SLOT_COLUMNS,
      seatsTaken: seatsTakenSql(classSessions.id, now),
      waiting: waitingCountSql(classSessions.id, now),
      classMinimums: classMinimumsJsonSql(classSessions.service),
    })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.service, sql.placeholder('service')),
        GROUP_ONLY,
        gte(classSessions.startsAt, sql`${sql.placeholder('from')}::timestamptz`),
        lte(classSessions.startsAt, sql`${sql.placeholder('to')}::timestamptz`),
      ),
    )
    .prepare(preparedStatementName(db, 'availability_window_rows'));
}
const windowRowsStatements = new WeakMap<Database, ReturnType<typeof windowRowsStatement>>();

/**
 * ensureSessionRowsWithSeats with each session's waiting-list count and its classes' minimums
 * too, in the same query: availability's whole answer from the database in one round trip
 * (docs/decisions/118). A window of sessions (more
 * than a few starts) is read with the prepared windowRowsStatement.
 */
export function ensureSessionRowsWithSeatsAndWaiting(
  db: Database,
  sessions: readonly ConcreteSession[],
  pricePence: number,
  now: Date,
): Promise<Map<number, SessionRowWithSeatsAndWaiting>> {
  return ensureRows(db, sessions, pricePence, async (_, wanted) => {
    if (wanted.length <= STARTS_LISTED_BY_VALUE) {
      return selectSessionRows<SessionRowWithSeatsAndWaiting>(db, wanted, {
        ...SLOT_COLUMNS,
        seatsTaken: seatsTakenSql(classSessions.id, now),
        waiting: waitingCountSql(classSessions.id, now),
        classMinimums: classMinimumsJsonSql(classSessions.service),
      });
    }
    const statement = statementFor(windowRowsStatements, db, windowRowsStatement);
    const found: SessionRowWithSeatsAndWaiting[] = [];
    for (const [service, starts] of startsByService(wanted)) {
      const wantedTimes = new Set(starts.map((start) => start.getTime()));
      const times = [...wantedTimes];
      const rows = await statement.execute({
        service,
        from: new Date(Math.min(...times)).toISOString(),
        to: new Date(Math.max(...times)).toISOString(),
        now: now.toISOString(),
      });
      for (const row of rows) if (wantedTimes.has(row.startsAt.getTime())) found.push(row);
    }
    return found;
  });
}

async function ensureRows<R extends Pick<SessionRow, 'service' | 'startsAt'>>(
  db: DbExecutor,
  sessions: readonly ConcreteSession[],
  pricePence: number,
  find: (db: DbExecutor, sessions: readonly ConcreteSession[]) => Promise<R[]>,
): Promise<Map<number, R>> {
  const rows = new Map<number, R>();
  if (sessions.length === 0) return rows;
  const found = await find(db, sessions);
  for (const row of found) rows.set(sessionKey(row), row);
  // Almost always every row is there: one row per session, each of the session's own service.
  if (
    found.length === sessions.length &&
    sessions.every((s) => rows.get(sessionKey(s))?.service === s.service)
  ) {
    return rows;
  }
  const stored = new Set<string>(found.map(timetableKey));
  const missing = new Map<string, ConcreteSession>();
  for (const s of sessions) if (!stored.has(timetableKey(s))) missing.set(timetableKey(s), s);
  if (missing.size === 0) return rows;

  await db
    .insert(classSessions)
    .values(
      [...missing.values()].map((s) => ({
        subject: SERVICES[s.service].subject,
        service: s.service,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        pricePence,
      })),
    )
    .onConflictDoNothing({
      target: [classSessions.service, classSessions.startsAt],
      where: GROUP_ONLY,
    });
  // Read back: a row another request created in the meantime is the one to use.
  for (const row of await find(db, [...missing.values()])) rows.set(sessionKey(row), row);
  return rows;
}

/** The map key of ensureSessionRows: the start instant in ms. */
const sessionKey = (s: Pick<ConcreteSession, 'startsAt'>) => s.startsAt.getTime();
/** Identity of a timetable session, as the unique (service, starts_at) index sees it. */
const timetableKey = (s: { service: string; startsAt: Date }) =>
  `${s.service}@${s.startsAt.getTime()}`;

/** Stored rows of these sessions (no creation); missing ones simply have no seats taken yet. */
export function findSessionRows(
  db: DbExecutor,
  sessions: readonly Pick<ConcreteSession, 'service' | 'startsAt'>[],
): Promise<SessionRow[]> {
  return selectSessionRows<SessionRow>(db, sessions, getTableColumns(classSessions));
}

/** The statement `prepare` makes on `db`, made once per database handle. */
function statementFor<S>(
  made: WeakMap<Database, S>,
  db: Database,
  prepare: (db: Database) => S,
): S {
  let statement = made.get(db);
  if (!statement) {
    statement = prepare(db);
    made.set(db, statement);
  }
  return statement;
}

/** The starts of these sessions, per service. */
function startsByService(
  sessions: readonly Pick<ConcreteSession, 'service' | 'startsAt'>[],
): Map<ServiceCode, Date[]> {
  const byService = new Map<ServiceCode, Date[]>();
  for (const s of sessions) {
    const starts = byService.get(s.service);
    if (starts) starts.push(s.startsAt);
    else byService.set(s.service, [s.startsAt]);
  }
  return byService;
}

/** Up to this many starts are looked up by value; more (a whole window) by their time range. */
const STARTS_LISTED_BY_VALUE = 8;

/**
 * One query per service (almost always one) for the rows of these sessions, with `fields`.
 * A long list (availability asks for every session of the window) is read as the range from
 * its first to its last start on the (service, starts_at) index and filtered here: one query
 * plan for every window instead of one parameter per session, and rows outside the list (an
 * old timetable's sessions) are dropped.
 */
async function selectSessionRows<R extends Pick<SessionRow, 'service' | 'startsAt'>>(
  db: DbExecutor,
  sessions: readonly Pick<ConcreteSession, 'service' | 'startsAt'>[],
  fields: SelectedFields,
): Promise<R[]> {
  if (sessions.length === 0) return [];
  const found: R[] = [];
  for (const [service, starts] of startsByService(sessions)) {
    if (starts.length <= STARTS_LISTED_BY_VALUE) {
      found.push(
        ...((await db
          .select(fields)
          .from(classSessions)
          .where(
            and(
              eq(classSessions.service, service),
              GROUP_ONLY,
              inArray(classSessions.startsAt, starts),
            ),
          )) as R[]),
      );
      continue;
    }
    const wanted = new Set(starts.map((start) => start.getTime()));
    const times = [...wanted];
    const rows = (await db
      .select(fields)
      .from(classSessions)
      .where(
        and(
          eq(classSessions.service, service),
          GROUP_ONLY,
          gte(classSessions.startsAt, new Date(Math.min(...times))),
          lte(classSessions.startsAt, new Date(Math.max(...times))),
        ),
      )) as R[];
    for (const row of rows) if (wanted.has(row.startsAt.getTime())) found.push(row);
  }
  return found;
}
