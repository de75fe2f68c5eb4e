import { SERVICE_CODES } from '@tuition/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import type { Scale } from './scales.ts';

/*
 * A scale's history, generated in SQL with generate_series: plain rows into the tables the
 * migrations made, so their defaults, constraints and triggers apply as to the service's own
 * writes (nothing derived, such as counts or figures, is written here). Ids are md5 of a row
 * number, so rows refer to each other without joins. Seeded accounts are `seed-user-{n}`.
 */

const FIRST_NAMES = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Oliver',
  'George',
  'Noah',
  'Arthur',
  'Muhammad',
  'Leo',
  'Freya',
  'Lily',
  'Jack',
  'Harry',
  'Sophia',
  'Grace',
  'Mia',
  'Oscar',
  'Charlie',
  'Aisha',
];
// No surname here contains "smith": one account in 100 is a Smith (the users search target).
const SURNAMES = [
  'Patel',
  'Jones',
  'Williams',
  'Brown',
  'Taylor',
  'Davies',
  'Evans',
  'Wilson',
  'Thomas',
  'Johnson',
  'Roberts',
  'Walker',
  'Wright',
  'Robinson',
  'Thompson',
  'White',
  'Hughes',
  'Edwards',
  'Green',
  'Hall',
  'Wood',
  'Harris',
  'Lewis',
  'Martin',
  'Jackson',
  'Clarke',
  'Khan',
  'Ali',
  'Hussain',
  'Begum',
];
const MAIL_SUBJECTS = [
  'Booking confirmed',
  'Reminder: your class is tomorrow',
  'Receipt for your payment',
];

const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;
const seconds = (n: number) => sql`(${n}::float8 * interval '1 second')`;

/** Account n's surname (n an SQL integer expression). */
const surnameOf = (n: SQL) =>
  sql`case when ${n} % 100 = 0 then 'Smith'
    else (${textArray(SURNAMES)})[1 + (${n} / 7) % ${SURNAMES.length}] end`;
const firstNameOf = (n: SQL) => sql`(${textArray(FIRST_NAMES)})[1 + ${n} % ${FIRST_NAMES.length}]`;

export interface SeedTimes {
  step: string;
  seconds: number;
}

/** Seeds the scale's history before `anchor` (now); returns how long each table took. */
export async function seedScale(db: Database, scale: Scale, anchor: Date): Promise<SeedTimes[]> {
  if (scale.sessions === 0) return [];
  const at = sql`${anchor.toISOString()}::timestamptz`;
  const span = scale.years * 365 * 86_400;
  const times: SeedTimes[] = [];
  const timed = async (step: string, statement: SQL) => {
    const started = performance.now();
    await db.execute(statement);
    times.push({ step, seconds: (performance.now() - started) / 1000 });
  };
  const account = (n: SQL) => sql`'seed-user-' || ${n}`;
  await timed(
    'accounts',
    sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select ${account(sql`g`)}, ${firstNameOf(sql`g`)} || ' ' || ${surnameOf(sql`g`)},
        'seed-' || g || '@example.com', true, t, t
      from generate_series(1, ${scale.accounts}::int) g,
        lateral (select ${at} - (${scale.accounts} - g + 1)
          * ${seconds(span / scale.accounts)} as t) c`,
  );
  // Pupil k belongs to account k, or (k - accounts) for second pupils.
  await timed(
    'pupils',
    sql`insert into pupils (id, user_id, name, year_group, created_at)
      select md5('seed-pupil-' || k)::uuid, ${account(sql`o`)},
        ${firstNameOf(sql`(k * 7)`)} || ' ' || ${surnameOf(sql`o`)}, 'y' || (6 + k % 8), ${at}
      from generate_series(1, ${scale.pupils}::int) k,
        lateral (select case when k <= ${scale.accounts} then k
          else k - ${scale.accounts} end as o) c`,
  );
  // Past sessions, evenly spread; :07 past the hour so none collides with a timetable start.
  await timed(
    'sessions',
    sql`insert into sessions (id, subject, service, starts_at, ends_at, price_pence)
      select md5('seed-session-' || s)::uuid, 'mathematics',
        (${textArray(SERVICE_CODES)})[1 + s % ${SERVICE_CODES.length}], t, t + interval '1 hour', 1500
      from generate_series(1, ${scale.sessions}::int) s,
        lateral (select ${sessionStart(sql`s`, at, span / scale.sessions)} as t) c`,
  );
  // In parallel on separate connections: the bookings in halves by session (the migrations'
  // per-row triggers update each half's own sessions), payments and mail beside them.
  const step = span / scale.sessions;
  await Promise.all([
    timed('bookings, even sessions', bookingsSql(scale, at, step, 0)),
    timed('bookings, odd sessions', bookingsSql(scale, at, step, 1)),
    ...(scale.payments > 0 ? [timed('payments', paymentsSql(scale, at, span))] : []),
    ...(scale.mailsPerAccount > 0 ? [timed('mailbox', mailboxSql(scale, at, span))] : []),
  ]);
  // The outbox writes a recipient record beside every mail it queues (decision 076).
  if (scale.mailsPerAccount > 0) {
    await timed(
      'mail recipients',
      sql`insert into mail_recipients (recipient, subject, queued_at)
        select lower("to"), subject, created_at from mail_messages where "to" like 'seed-%'`,
    );
  }
  // The seed writes 600,000 bookings and 200,000 payments in a few statements, so the figures
  // the triggers keep (decisions 075, 118) carry a dead row version per booking or payment
  // until vacuum, and vacuum leaves the emptied pages in place. In service each booking and
  // payment commits alone and page pruning keeps those tables at their live size; rewrite them
  // so.
  await timed('vacuum full figures', sql`vacuum full sessions, revenue_months, admin_figures`);
  // Settled as autovacuum would leave it (visibility map set), so reads do not depend on timing.
  await timed('vacuum analyze', sql`vacuum analyze`);
  // And written out, so the reads measured next do not share the disk with the seed's flush.
  await timed('checkpoint', sql`checkpoint`);
  return times;
}

function sessionStart(s: SQL, at: SQL, stepSeconds: number): SQL {
  return sql`date_trunc('hour', ${at} - interval '2 days'
    - ${s} * ${seconds(stepSeconds)}) + interval '7 minutes'`;
}

/**
 * Booking g is the r-th of session s; pupils of one session are distinct (7919 is prime to any
 * pupil count used). The first 8–10 of a session are confirmed and marked present, the rest
 * cancelled or rescheduled history. `parity`: the sessions of this half.
 */
function bookingsSql(scale: Scale, at: SQL, stepSeconds: number, parity: 0 | 1): SQL {
  return sql`insert into bookings (user_id, pupil_id, session_id, status, attendance,
      attendance_marked_at, created_at, updated_at)
    select 'seed-user-' || case when k <= ${scale.accounts} then k else k - ${scale.accounts} end,
      md5('seed-pupil-' || k)::uuid, md5('seed-session-' || s)::uuid,
      case when confirmed then 'confirmed' when r % 3 = 0 then 'rescheduled' else 'cancelled' end,
      case when confirmed then 'present' end,
      case when confirmed then t + interval '1 hour' end,
      t - (1 + r % 20) * interval '1 day', t - (r % 5) * interval '1 day'
    from generate_series(1, ${scale.bookings}::int) g,
      lateral (select (g - 1) % ${scale.sessions} + 1 as s,
        (g - 1) / ${scale.sessions} + 1 as r) b,
      lateral (select (b.s * 37 + b.r * 7919) % ${scale.pupils} + 1 as k,
        b.r <= 8 + b.s % 3 as confirmed,
        ${sessionStart(sql`b.s`, at, stepSeconds)} as t) p
    where b.s % 2 = ${parity}`;
}

/** Paid checkouts of 1–4 sessions (£15 each), paid evenly over the years; 1 in 40 refunded. */
function paymentsSql(scale: Scale, at: SQL, span: number): SQL {
  return sql`insert into checkouts (id, user_id, status, provider, provider_session_id,
      amount_pence, session_count, expires_at, payment_intent_id, paid_at, refunded_at,
      created_at, updated_at)
    select md5('seed-checkout-' || c)::uuid,
      'seed-user-' || ((c * 7) % ${scale.accounts} + 1), 'paid', 'stripe', 'cs_seed_' || c,
      1500 * n, n, paid + interval '25 minutes', 'pi_seed_' || c, paid,
      case when c % 40 = 0 then paid + interval '2 days' end,
      paid - interval '5 minutes', paid
    from generate_series(1, ${scale.payments}::int) c,
      lateral (select 1 + c % 4 as n, ${at} - interval '1 day'
        - c * ${seconds(span / scale.payments)} as paid) p`;
}

function mailboxSql(scale: Scale, at: SQL, span: number): SQL {
  const perAccount = scale.mailsPerAccount;
  return sql`insert into mail_messages ("to", subject, text, html, created_at)
    select 'seed-' || u || '@example.com',
      (${textArray(MAIL_SUBJECTS)})[1 + m % ${MAIL_SUBJECTS.length}],
      'Hello, this is a message from the tuition service about your booking. '
        || repeat('The class details and how to join are below. ', 6),
      '<p>Hello, this is a message from the tuition service about your booking.</p>',
      ${at} - (u * ${perAccount} + m) * ${seconds(span / (scale.accounts * perAccount))}
    from generate_series(1, ${scale.accounts}::int) u, generate_series(1, ${perAccount}::int) m`;
}
