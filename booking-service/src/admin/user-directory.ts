import {
  ADMIN_HISTORY_PAGE_SIZE,
  ADMIN_USERS_PAGE_SIZE,
  type AdminUserBookingPage,
  type AdminUserDetail,
  type AdminUserPage,
  parseUserCursor,
  USERS_TOTAL_CAP,
  userCursor,
} from '@tuition/api-contract';
import { lastTextsOf } from '../sms/texting.ts';
import { bookingBadge, canCancel, canReschedule } from '@tuition/domain';
import { and, asc, count, desc, eq, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { union, unionAll } from 'drizzle-orm/pg-core';
import type { ContentLoader } from '@tuition/content';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { selectBookingRows } from '../sessions/booking-rows.ts';
import { describeSession } from '../sessions/session-description.ts';
import { teachersOf, tutorPublicName } from '../sessions/session-tutors.ts';
import { bookings, classSessions, pupils, user } from '../db/schema.ts';
import { pupilRef, pupilView } from '../sessions/seat-pupils.ts';
import { NotFoundError } from '../http/problem.ts';
import { customerFigures, NO_BOOKINGS, NO_SPENDING } from './customer-figures.ts';
import { likeContaining } from '../db/like-pattern.ts';
import { cursorInstant } from '../db/cursor-instant.ts';

interface DirectoryDeps {
  db: Database;
  clock: Clock;
  config: Config;
}

/**
 * The ids of the accounts a search names: a name or e-mail of the account, or the name of one
 * of its pupils (archived ones too). A union of three matches, each read from its own trigram
 * index (docs/decisions/075).
 */
function accountsNamed(db: Database, term: string) {
  const pattern = likeContaining(term);
  return union(
    db.select({ id: user.id }).from(user).where(ilike(user.name, pattern)),
    db.select({ id: user.id }).from(user).where(ilike(user.email, pattern)),
    db.select({ id: pupils.userId }).from(pupils).where(ilike(pupils.name, pattern)),
  );
}

/** Each account's pupil names, archived ones too, in the order they were added. */
async function pupilNamesByUser(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  if (userIds.length === 0) return names;
  const rows = await db
    .select({ userId: pupils.userId, name: pupils.name })
    .from(pupils)
    .where(inArray(pupils.userId, [...userIds]))
    .orderBy(asc(pupils.createdAt), asc(pupils.id));
  for (const row of rows) names.set(row.userId, [...(names.get(row.userId) ?? []), row.name]);
  return names;
}

/**
 * The Stripe dashboard's view of this customer. Checkout runs with customer_email (no saved
 * Stripe customer object), so the dashboard's search by e-mail is the page that lists the
 * customer and their payments; test-mode keys open the test dashboard. See docs/decisions/031.
 */
export function stripeCustomerUrl(
  stripe: { secretKey: string } | undefined,
  email: string,
): string | undefined {
  if (!stripe) return undefined;
  const mode = stripe.secretKey.startsWith('sk_test_') ? 'test/' : '';
  return `https://dashboard.stripe.com/${mode}search?query=${encodeURIComponent(email)}`;
}

/**
 * From this many matches on, a search's page walks the accounts newest first instead of reading
 * every match and sorting them (docs/decisions/075). Reading a match by its id costs about 35
 * times a walked account's check against the matches (measured at BENCH_SCALE=L), and a walk
 * to a page of 25 passes about 25 x accounts / matches accounts: they cost the same near
 * sqrt(0.7 x accounts) matches, 190 at 50,000 accounts.
 */
export const WALK_FROM_MATCHES = 200;

/**
 * One keyset page of users, newest first, optionally narrowed by a search, and how many match
 * in all, counted up to USERS_TOTAL_CAP (docs/decisions/075).
 */
export async function listUsers(
  deps: DirectoryDeps,
  query: { search?: string | undefined; cursor?: string | undefined },
): Promise<AdminUserPage> {
  const term = query.search?.trim();
  const after = query.cursor === undefined ? undefined : parseUserCursor(query.cursor);
  const afterCursor =
    after && sql`(${user.createdAt}, ${user.id}) < (${after.createdAt}::timestamptz, ${after.id})`;
  // One statement: the matches once, then the page and their capped count from them.
  const matches = deps.db
    .$with('matches')
    .as(term ? accountsNamed(deps.db, term) : deps.db.select({ id: user.id }).from(user));
  const counted = deps.db.$with('counted').as((qb) =>
    qb.select({ n: count().as('n') }).from(
      qb
        .select({ one: sql`1`.as('one') })
        .from(matches)
        .limit(USERS_TOTAL_CAP + 1)
        .as('capped'),
    ),
  );
  const matchCount = sql`(select ${counted.n} from ${counted})`;
  const pageWhere = (...conditions: Array<SQL | undefined>) =>
    deps.db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        phone: user.phone,
        createdAt: user.createdAt,
        cursorAt: cursorInstant(user.createdAt).as('cursor_at'),
        total: sql<number>`${matchCount}`.mapWith(Number).as('total'),
      })
      .from(user)
      .where(and(...conditions, afterCursor))
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(ADMIN_USERS_PAGE_SIZE + 1);
  const matchIds = deps.db.select({ id: matches.id }).from(matches);
  // Few matches: read each and sort them. Many: walk user_created_at_id_idx newest first and
  // stop at the page's last match; `is true` keeps the membership a hashed filter on that walk
  // rather than a join the planner would sort. Only the branch the count chooses runs.
  const page = term
    ? unionAll(
        pageWhere(sql`${matchCount} < ${WALK_FROM_MATCHES}`, inArray(user.id, matchIds)),
        pageWhere(
          sql`${matchCount} >= ${WALK_FROM_MATCHES}`,
          sql`(${user.id} in ${matchIds}) is true`,
        ),
      ).as('page')
    : pageWhere().as('page');
  const found = await deps.db
    .with(matches, counted)
    .select()
    .from(page)
    .orderBy(desc(page.createdAt), desc(page.id))
    .limit(ADMIN_USERS_PAGE_SIZE + 1);
  // A page after the last match (its rows deleted since) still says how many match.
  const total = found[0]?.total ?? (await countUsers(deps.db, term));
  const rows = found.slice(0, ADMIN_USERS_PAGE_SIZE);
  const last = rows.at(-1);
  const [figures, pupilNames] = await Promise.all([
    customerFigures(
      deps.db,
      rows.map((row) => row.id),
      deps.clock.now(),
    ),
    pupilNamesByUser(
      deps.db,
      rows.map((row) => row.id),
    ),
  ]);
  return {
    items: rows.map((row) => {
      const f = figures.get(row.id);
      const spending = f ?? NO_SPENDING;
      // Only a customer who has paid exists in Stripe's records.
      const url = spending.lastPaymentAt
        ? stripeCustomerUrl(deps.config.stripe, row.email)
        : undefined;
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        joinedAt: row.createdAt.toISOString(),
        pupilNames: pupilNames.get(row.id) ?? [],
        bookingsTotal: (f?.bookings ?? NO_BOOKINGS).total,
        totalSpentPence: spending.totalSpentPence,
        lastPaymentAt: spending.lastPaymentAt,
        ...(url ? { stripeCustomerUrl: url } : {}),
      };
    }),
    nextCursor:
      found.length > ADMIN_USERS_PAGE_SIZE && last
        ? userCursor({ createdAt: last.cursorAt, id: last.id })
        : null,
    total: Math.min(total, USERS_TOTAL_CAP),
    totalIsCapped: total > USERS_TOTAL_CAP,
  };
}

/** How many accounts a search names (all accounts without one), counted up to the cap + 1. */
async function countUsers(db: Database, term: string | undefined): Promise<number> {
  const named = term
    ? accountsNamed(db, term).as('named')
    : db.select({ id: user.id }).from(user).as('named');
  const [row] = await db.select({ n: count() }).from(
    db
      .select({ id: named.id })
      .from(named)
      .limit(USERS_TOTAL_CAP + 1)
      .as('capped'),
  );
  return Number(row?.n ?? 0);
}

/** Everything the admin user page shows; NotFoundError for an unknown id. */
export async function loadUserDetail(
  deps: DirectoryDeps & { content: ContentLoader },
  userId: string,
): Promise<AdminUserDetail> {
  const [profile] = await deps.db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: user.role,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      accountType: user.accountType,
    })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!profile) throw new NotFoundError('User profile not found.');

  const now = deps.clock.now();
  const [figures, history, accountPupils, [absent], texts] = await Promise.all([
    customerFigures(deps.db, [userId], now),
    userBookingPage(deps, userId, undefined),
    deps.db
      .select()
      .from(pupils)
      .where(eq(pupils.userId, userId))
      .orderBy(asc(pupils.createdAt), asc(pupils.id)),
    // Seats marked absent in the register (docs/decisions/056), on sessions already started.
    deps.db
      .select({ n: count() })
      .from(bookings)
      .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
      .where(
        and(
          eq(bookings.userId, userId),
          eq(bookings.attendance, 'absent'),
          lte(classSessions.startsAt, now),
        ),
      ),
    // The last texts with their delivery status (docs/decisions/103).
    lastTextsOf(deps.db, userId),
  ]);
  const f = figures.get(userId);
  const url = f?.lastPaymentAt ? stripeCustomerUrl(deps.config.stripe, profile.email) : undefined;

  return {
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      role: profile.role,
      emailVerified: profile.emailVerified,
      joinedAt: profile.createdAt.toISOString(),
      ...(url ? { stripeCustomerUrl: url } : {}),
      accountType: profile.accountType,
    },
    pupils: accountPupils.map(pupilView),
    statistics: f?.bookings ?? NO_BOOKINGS,
    financial: {
      totalSpentPence: f?.totalSpentPence ?? 0,
      lastPaymentAt: f?.lastPaymentAt ?? null,
    },
    bookings: history.items,
    bookingsNextCursor: history.nextCursor,
    noShows: Number(absent?.n ?? 0),
    texts,
  };
}

/**
 * One page of an account's bookings, latest session first (ties: latest made first), after the
 * booking a cursor names; that booking's keys are read here, so they compare exactly
 * (docs/decisions/075). An unknown cursor booking ends the list.
 */
export async function userBookingPage(
  deps: DirectoryDeps & { content: ContentLoader },
  userId: string,
  cursor: string | undefined,
): Promise<AdminUserBookingPage> {
  const now = deps.clock.now();
  const afterCursor =
    cursor === undefined
      ? undefined
      : sql`(${classSessions.startsAt}, ${bookings.createdAt}, ${bookings.id}) < (
          select s.starts_at, b.created_at, b.id from bookings b
          join sessions s on s.id = b.session_id
          where b.id = ${cursor}::uuid and b.user_id = ${userId})`;
  const [rows, timetable] = await Promise.all([
    selectBookingRows(deps.db, and(eq(bookings.userId, userId), afterCursor))
      .orderBy(desc(classSessions.startsAt), desc(bookings.createdAt), desc(bookings.id))
      .limit(ADMIN_HISTORY_PAGE_SIZE + 1),
    deps.content.timetable(),
  ]);
  const page = rows.slice(0, ADMIN_HISTORY_PAGE_SIZE);
  const last = page.at(-1);
  // A 1-to-1 lesson names its tutor as the family's own list does (docs/decisions/106).
  const lessons = page.filter((row) => row.kind === 'one-to-one');
  const teachers = await teachersOf(
    deps.db,
    lessons.map((row) => ({ id: row.sessionId, service: row.service, startsAt: row.startsAt })),
  );
  return {
    items: page.map((row) => {
      const facts = { status: row.status, startsAt: row.startsAt };
      // A lesson is named by its course, never by a class at the same hour (decision 106).
      const session = describeSession(row.kind === 'one-to-one' ? [] : timetable, row);
      const tutor = teachers.get(row.sessionId)?.name;
      return {
        id: row.id,
        sessionStartsAt: session.startsAt,
        sessionEndsAt: session.endsAt,
        subject: row.subject,
        service: session.service,
        label: session.label,
        status: row.status,
        badge: bookingBadge(facts, now),
        createdAt: row.createdAt.toISOString(),
        canCancel: canCancel(facts, now),
        canReschedule: canReschedule(facts, now, 'admin'),
        pupil: pupilRef(row),
        attendance: markCounts(row, now),
        kind: row.kind,
        ...(row.kind === 'one-to-one' && tutor ? { tutorName: tutorPublicName(tutor) } : {}),
      };
    }),
    nextCursor: rows.length > ADMIN_HISTORY_PAGE_SIZE && last ? last.id : null,
  };
}

/**
 * A seat's attendance mark, counted only once its session has started: a mark can be true
 * from the start on (docs/decisions/065), and marks made on future sessions before that rule
 * (a "Present" 40 days ahead) are left out of the figures, not shown as fact.
 */
function markCounts<T extends { startsAt: Date; attendance: string | null }>(
  row: T,
  now: Date,
): T['attendance'] {
  return row.startsAt.getTime() <= now.getTime() ? row.attendance : null;
}
