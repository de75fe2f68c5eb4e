/*
 * Throughput and latency of the booking reads against a bare Hono route doing one equivalent
 * SELECT on the same pool, so the framework and feature overhead is visible as a ratio; then the
 * admin reads at a chosen size, with the largest answer and the process's peak memory.
 *
 *   npx -y pnpm@10 --filter booking-service bench
 *   BENCH_SCALE=M (or L) npx -y pnpm@10 --filter booking-service bench
 *   BENCH_POOLER=pgbouncer [BENCH_POOLED=false] npx -y pnpm@10 --filter booking-service bench
 *
 * PostgreSQL: TEST_DATABASE_URL (a server whose user may create databases) or an embedded
 * server started here. BENCH_SCALE (scales.ts) seeds history in SQL first. The app listens on a
 * free loopback port; autocannon runs ~5 s per target with 10 connections, BENCH_ROUNDS rounds
 * (default 3) of the booking reads, the median kept. Then the mail
 * outbox: MAIL_MESSAGES messages queued at once and delivered by the worker to the local
 * mailbox, as messages per second. Loopback only: nothing leaves the machine.
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { serve } from '@hono/node-server';
import { addDays, type ConcreteSession, londonDate } from '@tuition/domain';
import { and, count, eq, gte, like, lte, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps } from '../src/app-deps.ts';
import { createApp } from '../src/app.ts';
import {
  bookings,
  checkouts,
  classSessions,
  mailMessages,
  pupils,
  user,
} from '../src/db/schema.ts';
import { stopMailWorker } from '../src/mail/mail-setup.ts';
import { adminTargets, measureAdminTargets, printAdminFigures } from './admin-targets.ts';
import { benchConnection, openBenchDeps, usingEmbeddedPostgres } from './bench-setup.ts';
import {
  CONNECTIONS,
  DURATION_SECONDS,
  type LoadFigures,
  measureLoad,
  megabytes,
  type Target,
} from './measure.ts';
import { type Scale, scaleFromEnv } from './scales.ts';
import { seedUpcoming } from './seed-customers.ts';
import { seedScale } from './seed-scale.ts';

const SERVICE = 'gcse-higher' as const;
const MAIL_MESSAGES = 300;

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
  // Only these: the mailbox also holds the seeded history.
  const delivered = async () =>
    Number(
      (
        await deps.db
          .select({ n: count() })
          .from(mailMessages)
          .where(like(mailMessages.to, 'mail-bench-%'))
      )[0]?.n ?? 0,
    );
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

/**
 * The floor: one SELECT of the same facts as availability (sessions of the window with their
 * confirmed seat counts) on the same pool, serialised as JSON, with no validation or middleware.
 */
function bareSelectRoute(deps: AppDeps, now: Date): Hono {
  return new Hono().get('/bench/bare-select', async (c) => {
    const to = new Date(`${addDays(londonDate(now), 57)}T00:00:00Z`);
    const result = await deps.db
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
          gte(classSessions.startsAt, now),
          lte(classSessions.startsAt, to),
        ),
      )
      .groupBy(classSessions.id);
    return c.json({ slots: result });
  });
}

function bookingTargets(base: string, starts: string[]): Target[] {
  return [
    { name: 'bare Hono + one SELECT', url: `${base}/bench/bare-select` },
    { name: 'GET /api/availability', url: `${base}/api/availability?service=${SERVICE}` },
    {
      name: 'POST /api/bookability',
      url: `${base}/api/bookability`,
      method: 'POST',
      body: JSON.stringify({ service: SERVICE, startsAt: starts }),
      headers: { 'content-type': 'application/json' },
    },
  ];
}

/** `ratios`: each target's throughput against the bare route's, one figure per target. */
function printBookingFigures(figures: LoadFigures[], ratios: readonly number[]): void {
  const bare = figures[0]!;
  console.table(
    figures.map((f, i) => ({
      target: f.name,
      'req/s': Math.round(f.requestsPerSecond),
      'p50 ms': f.p50,
      'p99 ms': f.p99,
      'throughput vs bare': `${ratios[i]!.toFixed(2)}x`,
      'p50 vs bare': `${(f.p50 / Math.max(bare.p50, 0.5)).toFixed(1)}x`,
      'non-2xx/errors': f.non2xx,
    })),
  );
}

async function seed(deps: AppDeps, scale: Scale) {
  const started = performance.now();
  const steps = await seedScale(deps.db, scale, deps.clock.now());
  const seconds = (performance.now() - started) / 1000;
  const tables = { user, pupils, sessions: classSessions, bookings, checkouts, mailMessages };
  const rows = Object.fromEntries(
    await Promise.all(
      Object.entries(tables).map(async ([name, table]) => {
        const [row] = await deps.db.select({ n: count() }).from(table);
        return [name, row?.n ?? 0] as const;
      }),
    ),
  );
  console.log(`\nScale ${scale.name}: history seeded in ${seconds.toFixed(1)} s`);
  for (const step of steps) console.log(`  ${step.step.padEnd(24)} ${step.seconds.toFixed(1)} s`);
  console.log('Rows (scale history plus the small seed):', rows);
}

/** Availability and bookability against the bare route, autocannon in this process as before. */
async function measureBookingReads(base: string, sessions: readonly ConcreteSession[]) {
  const targets = bookingTargets(
    base,
    sessions.slice(0, 3).map((s) => s.startsAt.toISOString()),
  );
  // Warm-up: JIT, pool connections, content cache.
  for (const { url, method, body, headers } of targets)
    await (await fetch(url, { method: method ?? 'GET', body, headers })).arrayBuffer();
  // Rounds of every target in turn, the median of each kept: one 5-second run moved by 15 %
  // from run to run on the 2-core machine, more than a change being measured.
  const rounds: LoadFigures[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const figures: LoadFigures[] = [];
    for (const target of targets) figures.push(await measureLoad(target));
    rounds.push(figures);
  }
  console.log(
    `\nBooking reads: PostgreSQL ${usingEmbeddedPostgres ? '(embedded)' : '(TEST_DATABASE_URL)'} ${benchConnection}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per target, median of ${ROUNDS} rounds, ${os.cpus().length} CPUs\n`,
  );
  // Each target against the bare run of its own round (the machine moves between rounds), the
  // median of those ratios.
  const ratios = targets.map((_, i) =>
    median(rounds.map((round) => round[i]!.requestsPerSecond / round[0]!.requestsPerSecond)),
  );
  printBookingFigures(
    targets.map((_, i) => medianFigures(rounds.map((round) => round[i]!))),
    ratios,
  );
  console.log(
    'Each round against its own bare run:',
    rounds
      .map((round) =>
        round
          .slice(1)
          .map((f) => (f.requestsPerSecond / round[0]!.requestsPerSecond).toFixed(2))
          .join(' / '),
      )
      .join(', '),
  );
}

/** BENCH_ROUNDS (default 3) rounds of the booking reads. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Each figure's median over the rounds (errors summed). */
function medianFigures(runs: readonly LoadFigures[]): LoadFigures {
  return {
    name: runs[0]!.name,
    requestsPerSecond: median(runs.map((f) => f.requestsPerSecond)),
    p50: median(runs.map((f) => f.p50)),
    p99: median(runs.map((f) => f.p99)),
    non2xx: runs.reduce((sum, f) => sum + f.non2xx, 0),
  };
}

async function main() {
  const scale = scaleFromEnv(process.env);
  const bench = await openBenchDeps();
  const { deps } = bench;
  const now = deps.clock.now();
  const sessions = await seedUpcoming(deps, SERVICE);
  await seed(deps, scale);

  const app = createApp(deps);
  const root = new Hono();
  root.route('/', bareSelectRoute(deps, now));
  root.route('/', app);
  const server = serve({ fetch: root.fetch, hostname: '127.0.0.1', port: bench.port });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Admin reads first, before in-process autocannon has grown this process's heap.
  const admin = await adminTargets(app, deps, base);
  const idle = process.memoryUsage();
  console.log(
    `\nAdmin reads, scale ${scale.name}: process RSS before ${megabytes(idle.rss)} MB (heap used ${megabytes(idle.heapUsed)} MB)\n`,
  );
  printAdminFigures(await measureAdminTargets(admin));
  await measureBookingReads(base, sessions);

  server.close();
  const mailRate = await measureMailDelivery(deps);
  console.log(
    `\nMail outbox -> local mailbox: ${MAIL_MESSAGES} messages in ${mailRate.seconds.toFixed(1)} s = ${mailRate.perSecond.toFixed(1)} messages/s (target >= 20)\n`,
  );
  await stopMailWorker(deps);
  await bench.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
