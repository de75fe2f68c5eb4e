import type { AdminUserDetail, AdminUserPage } from '@tuition/api-contract';
import { bookingBadge, canCancel, canReschedule } from '@tuition/domain';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { ContentLoader } from '@tuition/content';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { selectBookingRows } from '../sessions/booking-rows.ts';
import { describeSession } from '../sessions/session-description.ts';
import { bookings, classSessions, pupils, user } from '../db/schema.ts';
import { pupilRef, pupilView } from '../sessions/seat-pupils.ts';
import { NotFoundError } from '../http/problem.ts';
import { customerFigures, NO_BOOKINGS, NO_SPENDING } from './customer-figures.ts';
import { likeContaining } from '../db/like-pattern.ts';

/** docs/product-rules.md#admin-figures: the admin user table shows 25 users a page. */
export const USERS_PAGE_SIZE = 25;

interface DirectoryDeps {
  db: Database;
  clock: Clock;
  config: Config;
}

/** A name or e-mail of the account, or the name of one of its pupils (archived ones too). */
function searchCondition(db: Database, search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = likeContaining(term);
  const pupilNamed = db
    .select({ id: pupils.id })
    .from(pupils)
    .where(and(eq(pupils.userId, user.id), ilike(pupils.name, pattern)));
  return or(ilike(user.name, pattern), ilike(user.email, pattern), exists(pupilNamed));
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

/** One page (from 1) of users, newest first, optionally narrowed by a name or e-mail search. */
export async function listUsers(
  deps: DirectoryDeps,
  query: { search?: string | undefined; page: number },
): Promise<AdminUserPage> {
  const where = searchCondition(deps.db, query.search);
  const [rows, [totalRow]] = await Promise.all([
    deps.db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        phone: user.phone,
        createdAt: user.createdAt,
      })
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), asc(user.id))
      .limit(USERS_PAGE_SIZE)
      .offset((query.page - 1) * USERS_PAGE_SIZE),
    deps.db.select({ n: count() }).from(user).where(where),
  ]);
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
    users: rows.map((row) => {
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
    total: Number(totalRow?.n ?? 0),
    page: query.page,
    pageSize: USERS_PAGE_SIZE,
  };
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
  const [figures, history, timetable, accountPupils] = await Promise.all([
    customerFigures(deps.db, [userId], now),
    selectBookingRows(deps.db, eq(bookings.userId, userId)).orderBy(
      desc(classSessions.startsAt),
      desc(bookings.createdAt),
    ),
    deps.content.timetable(),
    deps.db
      .select()
      .from(pupils)
      .where(eq(pupils.userId, userId))
      .orderBy(asc(pupils.createdAt), asc(pupils.id)),
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
    bookings: history.map((row) => {
      const facts = { status: row.status, startsAt: row.startsAt };
      const session = describeSession(timetable, row);
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
      };
    }),
    // Seats marked absent in the register (docs/decisions/056); each entry names its pupil.
    noShows: history.filter((row) => markCounts(row, now) === 'absent').length,
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
