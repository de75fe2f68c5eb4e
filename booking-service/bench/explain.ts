/*
 * The plans of the admin reads at a seeded size, for decision 075's record of why each index
 * exists. Seeds like the bench (BENCH_SCALE=S|M|L, default L), then prints EXPLAIN (ANALYZE,
 * BUFFERS) of each read's statement, written as the service's code sends it; then the booking
 * reads' statements exactly as one anonymous availability and bookability request sent them.
 *
 *   BENCH_SCALE=L npx -y pnpm@10 --filter booking-service exec tsx bench/explain.ts
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../src/app.ts';
import { type BenchDeps, openBenchDeps } from './bench-setup.ts';
import { scaleFromEnv } from './scales.ts';
import { seedUpcoming } from './seed-customers.ts';
import { seedScale } from './seed-scale.ts';

const SERVICE = 'gcse-higher' as const;

const READS: Array<[string, string]> = [
  [
    'sessions, previous, by date, first page',
    `select id, starts_at, confirmed_count from sessions
     where confirmed_count > 0 and starts_at <= now()
     order by starts_at desc, id desc limit 51`,
  ],
  [
    'sessions, previous, by bookings, first page',
    `select id, starts_at, confirmed_count from sessions
     where confirmed_count > 0 and starts_at <= now()
     order by confirmed_count desc, starts_at desc, id desc limit 51`,
  ],
  [
    'summary: accounts and seats kept in 1,024 shards (decision 118)',
    'select coalesce(sum(accounts), 0), coalesce(sum(booked_seats), 0) from admin_figures',
  ],
  [
    'summary: upcoming sessions with a seat, by the date index (decision 118)',
    'select count(*) from sessions where starts_at > now() and confirmed_count > 0',
  ],
  [
    'summary: seats and upcoming sessions, the full computation before decision 118',
    `select coalesce(sum(confirmed_count), 0), count(*) filter (where starts_at > now())
     from sessions where confirmed_count > 0`,
  ],
  [
    'summary: payments taken and refunds, kept per month (decision 114)',
    'select coalesce(sum(pence), 0), coalesce(sum(refunded_pence), 0) from revenue_months',
  ],
  [
    'summary: refunds, the full computation before decision 114',
    'select coalesce(sum(amount_pence), 0) from payment_refunds',
  ],
  [
    'summary: credit outstanding, live lots of accounts not deleted',
    `select coalesce(sum(l.remaining), 0), coalesce(sum(l.remaining * l.price_paid_pence / l.sessions), 0)
     from credit_lots l join "user" u on u.id = l.user_id
     where l.remaining > 0 and l.expires_at > now() and u.deleted_at is null`,
  ],
  [
    'summary: seats still to come',
    `select b.id, b.checkout_id from bookings b join sessions s on s.id = b.session_id
     left join credit_lots l on l.id = b.credit_lot_id
     where b.status = 'confirmed' and s.starts_at > now()`,
  ],
  ['summary: accounts, the full computation before decision 118', 'select count(*) from "user"'],
  [
    'users, second page (keyset)',
    `select id, name, created_at from "user"
     where (created_at, id) < (select created_at, id from "user" order by created_at desc, id desc
                               offset 24 limit 1)
     order by created_at desc, id desc limit 26`,
  ],
  [
    'users, search "smith": the page and the capped count in one statement',
    `with matches as (select id from "user" where name ilike '%smith%'
                      union select id from "user" where email ilike '%smith%'
                      union select user_id from pupils where name ilike '%smith%'),
       counted as (select count(*) as n from (select 1 from matches limit 1001) capped)
     select * from (
       (select id, name, created_at, (select n from counted) as total from "user"
        where (select n from counted) < 200 and id in (select id from matches)
        order by created_at desc, id desc limit 26)
       union all
       (select id, name, created_at, (select n from counted) as total from "user"
        where (select n from counted) >= 200 and (id in (select id from matches)) is true
        order by created_at desc, id desc limit 26)) page
     order by created_at desc, id desc limit 26`,
  ],
  [
    "export: one person's mail",
    `select subject, queued_at from mail_recipients
     where recipient = 'seed-77@example.com' order by queued_at`,
  ],
  [
    'lapsed-checkout sweep',
    `select id from checkouts where status = 'pending' and expires_at <= now()`,
  ],
];

/**
 * The booking counts beside the search's page of 25 (`bookingCountsByUser`), for the page's
 * account ids as the service sends them: a list of values, not a subquery, which PostgreSQL
 * would plan differently. Each booking's session is read by its key (decision 075, "Search").
 */
async function bookingCountsRead(db: BenchDeps['deps']['db']): Promise<[string, string]> {
  const page = await db.execute(
    sql.raw(`select id from "user" where id in (select id from "user" where name ilike '%smith%'
             union select id from "user" where email ilike '%smith%'
             union select user_id from pupils where name ilike '%smith%')
             order by created_at desc, id desc limit 25`),
  );
  const ids = rowsOf(page).map((row) => `'${row.id}'`);
  return [
    'users, search "smith": booking counts beside the page\'s 25 names',
    `select bookings.user_id,
       count(*) filter (where bookings.status = 'confirmed' and session.starts_at > now()),
       count(*) filter (where bookings.status = 'confirmed' and session.starts_at <= now()),
       count(*) filter (where bookings.status = 'cancelled'),
       count(*) filter (where bookings.status = 'rescheduled')
     from bookings
     cross join lateral (select starts_at from sessions where sessions.id = bookings.session_id
                         limit 1) session
     where bookings.user_id in (${ids.length > 0 ? ids.join(', ') : 'null'})
     group by bookings.user_id`,
  ];
}

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
    Record<string, string>
  >;

/** What one request sent: each statement's text and values, as the pg client was asked. */
async function statementsOf(send: () => Response | Promise<Response>) {
  const sent: Array<{ text: string; values: unknown[] }> = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as { text?: string; values?: unknown[] } | string;
    if (typeof first === 'object' && first?.text) {
      // drizzle passes the values beside the config, not in it.
      const values = first.values ?? (Array.isArray(args[1]) ? (args[1] as unknown[]) : []);
      sent.push({ text: first.text, values });
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    const response = await send();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`explain: the request answered ${response.status}`);
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}

/** The statements of an anonymous availability and bookability, as the bench sends them. */
async function bookingReads(bench: BenchDeps) {
  const { deps } = bench;
  const sessions = await seedUpcoming(deps, SERVICE);
  const app = createApp(deps);
  const reads: Array<[string, () => Response | Promise<Response>]> = [
    ['GET /api/availability', () => app.request(`/api/availability?service=${SERVICE}`)],
    [
      'POST /api/bookability',
      () =>
        app.request('/api/bookability', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: deps.config.publicUrl },
          body: JSON.stringify({
            service: SERVICE,
            startsAt: sessions.slice(0, 3).map((s) => s.startsAt.toISOString()),
          }),
        }),
    ],
  ];
  const found: Array<{ name: string; text: string; values: unknown[] }> = [];
  for (const [name, send] of reads) {
    await (await send()).arrayBuffer(); // the first creates the window's session rows
    for (const [i, statement] of (await statementsOf(send)).entries())
      found.push({ name: `${name}, statement ${i + 1}`, ...statement });
  }
  return found;
}

async function main() {
  const bench = await openBenchDeps();
  const scale = scaleFromEnv({ ...process.env, BENCH_SCALE: process.env.BENCH_SCALE ?? 'L' });
  await seedScale(bench.deps.db, scale, bench.deps.clock.now());
  const only = process.env.EXPLAIN_ONLY;
  for (const [name, statement] of [...READS, await bookingCountsRead(bench.deps.db)]) {
    if (only && !name.includes(only)) continue;
    const result = await bench.deps.db.execute(
      sql.raw(`explain (analyze, buffers, costs off, timing off) ${statement}`),
    );
    const rows = rowsOf(result);
    console.log(`\n## ${name} (${scale.name})\n`);
    for (const row of rows) console.log(Object.values(row)[0]);
  }
  const client = new pg.Client({ connectionString: bench.appUrl });
  await client.connect();
  // The service sends these as named statements, which PostgreSQL may run with a generic plan
  // after five runs: that plan is shown too.
  await client.query('set plan_cache_mode = force_generic_plan');
  for (const [i, { name, text, values }] of (await bookingReads(bench)).entries()) {
    if (only && !name.includes(only)) continue;
    const custom = await client.query(`explain (analyze, buffers, costs off) ${text}`, values);
    console.log(`\n## ${name} (${scale.name})\n`);
    for (const row of custom.rows) console.log(Object.values(row)[0]);
    await client.query(`prepare booking_read_${i} as ${text}`);
    const literal = values
      .map((value) =>
        client.escapeLiteral(Array.isArray(value) ? `{${value.join(',')}}` : String(value)),
      )
      .join(', ');
    const generic = await client.query(
      `explain (analyze, buffers, costs off) execute booking_read_${i}(${literal})`,
    );
    console.log(`\n## ${name}, generic plan (${scale.name})\n`);
    for (const row of generic.rows) console.log(Object.values(row)[0]);
  }
  await client.end();
  await bench.close();
}

// Exits when done: the mail queue's timers would keep the process waiting.
main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
