import {
  bookingWindow,
  type ConcreteSession,
  listSessions,
  type ServiceCode,
} from '@tuition/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../src/app-deps.ts';
import { bookings, pupils, user } from '../src/db/schema.ts';
import { ensureSessionRows } from '../src/sessions/session-rows.ts';

/*
 * The small seed every scale starts from (S): every session of the booking window exists and 40
 * customers hold a few seats; plus one customer with a long history, whose data export is a
 * bench target at every scale (so its time compares across scales).
 */

/** The window's upcoming sessions of `service`, their rows created, a few booked. */
export async function seedUpcoming(
  deps: AppDeps,
  service: ServiceCode,
): Promise<ConcreteSession[]> {
  const now = deps.clock.now();
  const window = bookingWindow(now);
  const sessions = listSessions(
    await deps.content.timetable(),
    service,
    window.from,
    window.to,
  ).filter((s) => s.startsAt > now);
  const rows = await ensureSessionRows(deps.db, sessions, 1500);
  const customers = Array.from({ length: 40 }, (_, i) => ({
    id: `bench-user-${i}`,
    // Three in four are Smiths, so the user-search target answers a full page of 25 at every
    // scale and its time compares like for like.
    name: i % 4 === 0 ? `Bench ${i}` : `Bench Smith ${i}`,
    email: `bench-${i}@example.com`,
    emailVerified: true,
  }));
  await deps.db.insert(user).values(customers);
  const customerPupils = await deps.db
    .insert(pupils)
    .values(customers.map((c) => ({ userId: c.id, name: c.name })))
    .returning({ id: pupils.id, userId: pupils.userId });
  const sessionRows = [...rows.values()];
  await deps.db
    .insert(bookings)
    .values(
      customerPupils.flatMap((pupil, i) =>
        sessionRows
          .slice(0, 6)
          .flatMap((row, j) =>
            (i + j) % 5 === 0
              ? [{ userId: pupil.userId, pupilId: pupil.id, sessionId: row.id }]
              : [],
          ),
      ),
    );
  return sessions;
}

export const LONG_HISTORY = { bookings: 200, payments: 40, mails: 100 } as const;

/**
 * The account's history in SQL: two pupils, a weekly class for LONG_HISTORY.bookings weeks
 * (its own past sessions, at :37 so they collide with neither the timetable nor the scale's
 * :07 sessions), one in ten cancelled; each five seats paid in one checkout (two refunded);
 * and its mail.
 */
export async function seedLongHistory(
  deps: AppDeps,
  account: { id: string; email: string },
): Promise<void> {
  const at = sql`${deps.clock.now().toISOString()}::timestamptz`;
  const { bookings: weeks, payments, mails } = LONG_HISTORY;
  const run = (statement: ReturnType<typeof sql>) => deps.db.execute(statement);
  await run(sql`insert into pupils (id, user_id, name, year_group)
    select md5('history-pupil-' || p)::uuid, ${account.id}, 'History Pupil ' || p, 'y10'
    from generate_series(1, 2) p`);
  await run(sql`insert into sessions (id, subject, service, starts_at, ends_at, price_pence)
    select md5('history-session-' || w)::uuid, 'mathematics', 'gcse-higher', t,
      t + interval '1 hour', 1500
    from generate_series(1, ${weeks}::int) w,
      lateral (select date_trunc('hour', ${at} - interval '2 days' - w * interval '7 days')
        + interval '37 minutes' as t) c`);
  await run(sql`insert into checkouts (id, user_id, status, provider, provider_session_id,
      amount_pence, session_count, expires_at, payment_intent_id, paid_at, refunded_at,
      created_at, updated_at)
    select md5('history-checkout-' || c)::uuid, ${account.id}, 'paid', 'stripe',
      'cs_history_' || c, 7500, 5, paid + interval '25 minutes', 'pi_history_' || c, paid,
      case when c % 20 = 0 then paid + interval '1 day' end, paid - interval '5 minutes', paid
    from generate_series(1, ${payments}::int) c,
      lateral (select ${at} - interval '40 days' - c * interval '35 days' as paid) p`);
  await run(sql`insert into checkout_items (checkout_id, session_id, pupil_id)
    select md5('history-checkout-' || ((w - 1) / 5 + 1))::uuid,
      md5('history-session-' || w)::uuid, md5('history-pupil-' || (1 + w % 2))::uuid
    from generate_series(1, ${payments * 5}::int) w`);
  await run(sql`insert into bookings (user_id, pupil_id, session_id, status, checkout_id)
    select ${account.id}, md5('history-pupil-' || (1 + w % 2))::uuid,
      md5('history-session-' || w)::uuid,
      case when w % 10 = 0 then 'cancelled' else 'confirmed' end,
      case when w <= ${payments * 5} then md5('history-checkout-' || ((w - 1) / 5 + 1))::uuid end
    from generate_series(1, ${weeks}::int) w`);
  await run(sql`insert into mail_messages ("to", subject, text, created_at)
    select ${account.email}, 'Reminder: your class is tomorrow',
      'Your class starts tomorrow. ' || repeat('How to join is below. ', 8),
      ${at} - m * interval '3 days'
    from generate_series(1, ${mails}::int) m`);
  // As the outbox records every mail it queues (decision 076); the export reads these.
  await run(sql`insert into mail_recipients (recipient, subject, queued_at)
    select lower("to"), subject, created_at from mail_messages where "to" = ${account.email}`);
}
