import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { scheduledRuns } from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';

/*
 * One scheduler of record across instances (docs/decisions/095). Every instance keeps a timer
 * per job, but an occurrence runs only where it was claimed, in one statement on its row of
 * `scheduled_runs`: the first instance to ask for tick N takes it, the others see the row
 * already at N and skip. Ticks come from the app clock, so TEST_CLOCK and /dev/clock move the
 * schedule with the booking rules; instances whose clocks differ by less than a tick never run
 * one twice, because a claim only ever moves the row's tick forward (or far back: below).
 */

/** One periodic job: a sweep that decides what is due by the app clock and is idempotent. */
export interface ScheduledJob {
  /** Its row in scheduled_runs: stable across releases. */
  readonly name: string;
  /** One occurrence per this many ms of the app clock, aligned to the epoch (a minute: at :00). */
  readonly intervalMs: number;
  /** Logged as a warning when a run fails; the next occurrence tries again. */
  readonly failureMessage: string;
  /** Whether POST /dev/clock runs it at once after moving time (local mode, decision 056). */
  readonly onClockMove: boolean;
  run(): Promise<void>;
}

/** How long a claim holds before another instance may take the occurrence over. */
export const SCHEDULER_LEASE_MS = 2 * 60_000;
/** How often a running occurrence renews its lease, so only a dead instance's claim lapses. */
export const SCHEDULER_HEARTBEAT_MS = 30_000;
/** Instances wake up to this long after a tick begins, so they do not all ask at the same ms. */
const MAX_JITTER_MS = 1_000;

/** The occurrence of a job `intervalMs` long that `at` falls in. */
export function tickOf(at: Date, intervalMs: number): number {
  return Math.floor(at.getTime() / intervalMs);
}

/** Milliseconds from `at` until the job's next occurrence begins. */
export function msUntilNextTick(at: Date, intervalMs: number): number {
  return intervalMs - (at.getTime() % intervalMs);
}

/** A name for this process in the scheduler's rows: which host, which pid. */
export function instanceName(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

export interface Claim {
  job: string;
  tick: number;
  instance: string;
}

/**
 * Claims occurrence `tick` of `job` for `instance` in one statement, and answers whether it got
 * it. It does when the job's row is missing; when the last occurrence finished and is older
 * (`tick` moved on) or two or more ticks newer (the clock was moved back, which only /dev/clock
 * does: real clocks differ by seconds, never by two ticks); or when an unfinished occurrence's
 * lease ran out, its instance having died, whatever its tick. A claimed occurrence still running
 * is never taken over while its lease holds, so runs never overlap.
 */
export async function claimOccurrence(
  db: Database,
  claim: Claim & { now: Date; leaseMs: number },
): Promise<boolean> {
  const rows = await db
    .insert(scheduledRuns)
    .values({
      job: claim.job,
      tick: claim.tick,
      instance: claim.instance,
      startedAt: claim.now,
      leaseUntil: new Date(claim.now.getTime() + claim.leaseMs),
    })
    .onConflictDoUpdate({
      target: scheduledRuns.job,
      set: {
        tick: sql`excluded.tick`,
        instance: sql`excluded.instance`,
        startedAt: sql`excluded.started_at`,
        leaseUntil: sql`excluded.lease_until`,
        finishedAt: sql`null`,
        lastError: sql`null`,
        claims: sql`${scheduledRuns.claims} + 1`,
      },
      setWhere: sql`(${scheduledRuns.finishedAt} is not null
          and (${scheduledRuns.tick} < excluded.tick or ${scheduledRuns.tick} > excluded.tick + 1))
        or (${scheduledRuns.finishedAt} is null and ${scheduledRuns.leaseUntil} <= excluded.started_at)`,
    })
    .returning({ tick: scheduledRuns.tick });
  return rows.length > 0;
}

const ownedBy = (claim: Claim) =>
  and(
    eq(scheduledRuns.job, claim.job),
    eq(scheduledRuns.tick, claim.tick),
    eq(scheduledRuns.instance, claim.instance),
    isNull(scheduledRuns.finishedAt),
  );

/** Marks a claimed occurrence done (with its error, if it failed). */
export async function finishOccurrence(
  db: Database,
  claim: Claim & { now: Date; error?: string },
): Promise<void> {
  await db
    .update(scheduledRuns)
    .set({ finishedAt: claim.now, lastError: claim.error?.slice(0, 500) ?? null })
    .where(ownedBy(claim));
}

/** Renews the lease of an occurrence still running here. */
export async function renewLease(
  db: Database,
  claim: Claim & { now: Date; leaseMs: number },
): Promise<void> {
  await db
    .update(scheduledRuns)
    .set({ leaseUntil: new Date(claim.now.getTime() + claim.leaseMs) })
    .where(ownedBy(claim));
}

export interface Scheduler {
  /** This instance's name in the rows it claims. */
  readonly instance: string;
  /**
   * Asks for every job's current occurrence now and runs those this instance gets (what each
   * job's timer does at the start of a tick). Answers the jobs that ran here.
   */
  attempt(): Promise<string[]>;
  /** No further occurrences; resolves once those running here finished (before the pool closes). */
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  /** Start no timers: attempt() alone runs occurrences (tests drive the ticks). */
  timers?: boolean;
  instance?: string;
  leaseMs?: number;
  heartbeatMs?: number;
}

/**
 * Starts one timer per job, each waking at the start of its job's next occurrence (plus up to a
 * second of jitter) to claim and run it. Timers are unref'd, so they never keep the process
 * alive; a job's next wake-up is armed only after its run finished, so its runs never overlap
 * here either. Jobs do not wait for each other: a slow mail pass never delays a seat sweep.
 */
export function startScheduler(
  deps: { db: Database; clock: Clock; logger: Logger },
  jobs: readonly ScheduledJob[],
  options: SchedulerOptions = {},
): Scheduler {
  const instance = options.instance ?? instanceName();
  const leaseMs = options.leaseMs ?? SCHEDULER_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? SCHEDULER_HEARTBEAT_MS;
  const log = deps.logger.child({ component: 'scheduler', instance });
  let stopped = false;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<boolean>>();

  async function runOccurrence(job: ScheduledJob): Promise<boolean> {
    const now = deps.clock.now();
    const claim: Claim = { job: job.name, tick: tickOf(now, job.intervalMs), instance };
    if (!(await claimOccurrence(deps.db, { ...claim, now, leaseMs }))) return false;
    const heartbeat = setInterval(() => {
      renewLease(deps.db, { ...claim, now: deps.clock.now(), leaseMs }).catch((error: unknown) =>
        log.warn({ err: error, job: job.name }, 'could not renew a scheduled job lease'),
      );
    }, heartbeatMs);
    heartbeat.unref();
    let failure: string | undefined;
    try {
      await job.run();
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, job: job.name }, job.failureMessage);
    } finally {
      clearInterval(heartbeat);
    }
    await finishOccurrence(deps.db, { ...claim, now: deps.clock.now(), error: failure });
    return true;
  }

  /** One attempt at the job's current occurrence, or the one already in progress here. */
  function attemptJob(job: ScheduledJob): Promise<boolean> {
    let attempt = running.get(job.name);
    if (!attempt) {
      attempt = runOccurrence(job)
        .catch((error: unknown) => {
          // The claim or the finish could not be written (the database is away): next tick.
          log.warn({ err: error, job: job.name }, job.failureMessage);
          return false;
        })
        .finally(() => running.delete(job.name));
      running.set(job.name, attempt);
    }
    return attempt;
  }

  function arm(job: ScheduledJob) {
    if (stopped) return;
    const jitter = Math.random() * Math.min(MAX_JITTER_MS, job.intervalMs / 20);
    const timer = setTimeout(
      () => void attemptJob(job).finally(() => arm(job)),
      msUntilNextTick(deps.clock.now(), job.intervalMs) + jitter,
    );
    timer.unref();
    timers.set(job.name, timer);
  }
  if (options.timers !== false) for (const job of jobs) arm(job);

  return {
    instance,
    async attempt() {
      if (stopped) return [];
      const ran = await Promise.all(jobs.map((job) => attemptJob(job)));
      return jobs.filter((_, index) => ran[index]).map((job) => job.name);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(running.values());
    },
  };
}

/** Runs the jobs /dev/clock runs after moving time, in order, here and now (no claim). */
export async function runOnClockMove(jobs: readonly ScheduledJob[]): Promise<void> {
  for (const job of jobs) if (job.onClockMove) await job.run();
}
