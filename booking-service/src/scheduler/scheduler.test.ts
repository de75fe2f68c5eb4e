import { fixedClock, systemClock } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { settableClock } from '../clock.ts';
import { scheduledRuns } from '../db/schema.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { captureLogs } from '../testing/log-capture.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import {
  msUntilNextTick,
  runOnClockMove,
  SCHEDULER_LEASE_MS,
  type ScheduledJob,
  startScheduler,
  tickOf,
} from './scheduler.ts';

const START = '2026-11-03T09:00:00.000Z';
const MINUTE = 60_000;

describe('ticks', () => {
  it('number each interval of the app clock from the epoch, and say when the next begins', () => {
    const at = new Date('2026-11-03T09:00:45.000Z');
    expect(tickOf(at, MINUTE)).toBe(tickOf(new Date('2026-11-03T09:00:00.000Z'), MINUTE));
    expect(tickOf(new Date('2026-11-03T09:01:00.000Z'), MINUTE)).toBe(tickOf(at, MINUTE) + 1);
    expect(msUntilNextTick(at, MINUTE)).toBe(15_000);
    expect(msUntilNextTick(new Date('2026-11-03T09:00:00.000Z'), MINUTE)).toBe(MINUTE);
  });
});

describe('the jobs a clock move runs', () => {
  it('are those marked for it, in their order', async () => {
    const ran: string[] = [];
    const job = (name: string, onClockMove: boolean): ScheduledJob => ({
      name,
      intervalMs: MINUTE,
      onClockMove,
      failureMessage: `${name} failed`,
      run: async () => {
        ran.push(name);
      },
    });
    await runOnClockMove([job('a', true), job('b', false), job('c', true)]);
    expect(ran).toEqual(['a', 'c']);
  });
});

describe.each(TEST_DB_KINDS)('one scheduler of record on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: START });
  });
  afterAll(async () => {
    await t?.close();
  });

  let jobCount = 0;
  /** A job with a fresh name whose every run is recorded with the app clock's tick. */
  function countingJob(
    clock: { now(): Date },
    intervalMs: number,
    run: (tick: number) => Promise<void> = async () => {},
  ) {
    const ticks: number[] = [];
    const job: ScheduledJob = {
      name: `job-${++jobCount}`,
      intervalMs,
      onClockMove: false,
      failureMessage: 'the test job failed',
      async run() {
        const tick = tickOf(clock.now(), intervalMs);
        ticks.push(tick);
        await run(tick);
      },
    };
    return { job, ticks };
  }
  const rowOf = async (job: ScheduledJob) =>
    (await t.deps.db.select().from(scheduledRuns).where(eq(scheduledRuns.job, job.name)))[0];

  it('runs each occurrence exactly once across three instances asking at the same moment', async () => {
    const clock = settableClock(fixedClock(new Date(START)));
    const everyMinute = countingJob(clock, MINUTE);
    const everyHalfMinute = countingJob(clock, MINUTE / 2);
    const deps = { db: t.deps.db, clock, logger: t.deps.logger };
    const instances = [1, 2, 3].map(() =>
      startScheduler(deps, [everyMinute.job, everyHalfMinute.job], { timers: false }),
    );
    // Thirty simulated minutes, every instance asking every 15 s, all at once.
    for (let step = 0; step < 120; step++) {
      clock.set(new Date(Date.parse(START) + step * 15_000));
      await Promise.all(instances.map((instance) => instance.attempt()));
    }
    await Promise.all(instances.map((instance) => instance.stop()));

    const first = tickOf(new Date(START), MINUTE);
    expect(everyMinute.ticks).toEqual(Array.from({ length: 30 }, (_, i) => first + i));
    const firstHalf = tickOf(new Date(START), MINUTE / 2);
    expect(everyHalfMinute.ticks).toEqual(Array.from({ length: 60 }, (_, i) => firstHalf + i));
    expect((await rowOf(everyMinute.job))?.claims).toBe(30);
    expect((await rowOf(everyHalfMinute.job))?.claims).toBe(60);
  });

  it("takes over a dead instance's occurrence once its lease ran out, and not before", async () => {
    const clock = settableClock(fixedClock(new Date(START)));
    let release: () => void = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    const job = countingJob(clock, MINUTE, (tick) =>
      // The first run never ends while the test runs: its instance "died" holding the claim.
      job.ticks.length === 1 ? hung : Promise.resolve(void tick),
    );
    const deps = { db: t.deps.db, clock, logger: t.deps.logger };
    // No heartbeat from the dying instance, as from a killed process.
    const dying = startScheduler(deps, [job.job], { timers: false, heartbeatMs: 3_600_000 });
    const survivor = startScheduler(deps, [job.job], { timers: false });

    const dyingAttempt = dying.attempt();
    await vi.waitUntil(() => job.ticks.length === 1);
    clock.set(new Date(Date.parse(START) + 70_000));
    expect(await survivor.attempt()).toEqual([]);
    clock.set(new Date(Date.parse(START) + SCHEDULER_LEASE_MS));
    expect(await survivor.attempt()).toEqual([job.job.name]);
    expect(job.ticks).toHaveLength(2);
    const retried = await rowOf(job.job);
    expect(retried).toMatchObject({ instance: survivor.instance, claims: 2 });
    expect(retried?.finishedAt).not.toBeNull();

    // The dead run's late finish (had it lived) does not mark the survivor's occurrence.
    release();
    await dyingAttempt;
    expect((await rowOf(job.job))?.instance).toBe(survivor.instance);
    await Promise.all([dying.stop(), survivor.stop()]);
  });

  it('renews the lease of a slow run, so nobody takes it over while it works', async () => {
    const clock = settableClock(fixedClock(new Date(START)));
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const job = countingJob(clock, MINUTE, () => slow);
    const deps = { db: t.deps.db, clock, logger: t.deps.logger };
    const worker = startScheduler(deps, [job.job], { timers: false, heartbeatMs: 20 });
    const other = startScheduler(deps, [job.job], { timers: false });

    const working = worker.attempt();
    await vi.waitUntil(() => job.ticks.length === 1);
    // Five minutes pass while it works; its heartbeat keeps the lease ahead of the clock.
    const later = new Date(Date.parse(START) + 5 * MINUTE);
    clock.set(later);
    await vi.waitUntil(async () => ((await rowOf(job.job))?.leaseUntil ?? later) > later, {
      timeout: 5_000,
    });
    expect(await other.attempt()).toEqual([]);
    release();
    expect(await working).toEqual([job.job.name]);
    expect(job.ticks).toHaveLength(1);
    await Promise.all([worker.stop(), other.stop()]);
  });

  it('logs and records a failed run, and tries again at the next occurrence', async () => {
    const clock = settableClock(fixedClock(new Date(START)));
    const logs = captureLogs();
    const job = countingJob(clock, MINUTE, async () => {
      if (job.ticks.length === 1) throw new Error('connection refused');
    });
    const scheduler = startScheduler({ db: t.deps.db, clock, logger: logs.logger }, [job.job], {
      timers: false,
    });
    expect(await scheduler.attempt()).toEqual([job.job.name]);
    expect((await rowOf(job.job))?.lastError).toBe('connection refused');
    expect(logs.lines().find((line) => line.job === job.job.name)).toMatchObject({
      level: 40,
      msg: 'the test job failed',
    });
    expect(await scheduler.attempt()).toEqual([]);
    clock.set(new Date(Date.parse(START) + MINUTE));
    expect(await scheduler.attempt()).toEqual([job.job.name]);
    expect((await rowOf(job.job))?.lastError).toBeNull();
    await scheduler.stop();
  });

  it('runs again when the clock is moved back two ticks or more, not for a one-tick skew', async () => {
    const clock = settableClock(fixedClock(new Date(START)));
    const job = countingJob(clock, MINUTE);
    const deps = { db: t.deps.db, clock, logger: t.deps.logger };
    const ahead = startScheduler(deps, [job.job], { timers: false });
    const behind = startScheduler(deps, [job.job], { timers: false });
    clock.set(new Date(Date.parse(START) + MINUTE + 500));
    expect(await ahead.attempt()).toHaveLength(1);
    // An instance whose clock is a second behind still sees the previous tick: it does not run.
    clock.set(new Date(Date.parse(START) + MINUTE - 500));
    expect(await behind.attempt()).toEqual([]);
    // /dev/clock moved "now" back a day (a journey starting over): the schedule starts again.
    clock.set(new Date(Date.parse(START) - 24 * 60 * MINUTE));
    expect(await behind.attempt()).toHaveLength(1);
    expect(job.ticks).toHaveLength(2);
    await Promise.all([ahead.stop(), behind.stop()]);
  });

  it('wakes at each tick on timers that keep no process alive, and stop() waits for a run', async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const INTERVAL = 150;
    let inRun: () => void = () => {};
    let runs = 0;
    const job: ScheduledJob = {
      name: `job-${++jobCount}`,
      intervalMs: INTERVAL,
      onClockMove: false,
      failureMessage: 'the timed job failed',
      run: () => {
        runs++;
        return runs < 3 ? Promise.resolve() : new Promise((resolve) => (inRun = resolve));
      },
    };
    const scheduler = startScheduler({ db: t.deps.db, clock: systemClock, logger: t.deps.logger }, [
      job,
    ]);
    try {
      const armed = setTimeoutSpy.mock.results.at(-1)?.value as NodeJS.Timeout;
      expect(armed.hasRef()).toBe(false);
    } finally {
      setTimeoutSpy.mockRestore();
    }
    await vi.waitUntil(() => runs === 3, { timeout: 10_000, interval: 10 });
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 3 * INTERVAL));
    expect(stopped).toBe(false);
    inRun();
    await stopping;
    await new Promise((resolve) => setTimeout(resolve, 3 * INTERVAL));
    expect(runs).toBe(3);
    const row = await rowOf(job);
    expect(row?.claims).toBe(3);
    expect(row?.finishedAt).not.toBeNull();
  });
});
