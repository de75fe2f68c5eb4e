import { describe, expect, it } from 'vitest';
import { clockFromConfig, isSettableClock } from './clock.ts';
import { loadConfig } from './config/env.ts';

describe('clockFromConfig', () => {
  it('fixes "now" at TEST_CLOCK outside production', () => {
    const clock = clockFromConfig(loadConfig({ TEST_CLOCK: '2026-10-25T00:30:00+01:00' }));
    expect(clock.now().toISOString()).toBe('2026-10-24T23:30:00.000Z');
  });

  it('starts at TEST_CLOCK and runs on with TEST_CLOCK_RUNS, and can still be moved', async () => {
    const start = '2027-03-27T20:00:00Z';
    const clock = clockFromConfig(loadConfig({ TEST_CLOCK: start, TEST_CLOCK_RUNS: 'true' }));
    const first = clock.now().getTime();
    expect(first - Date.parse(start)).toBeGreaterThanOrEqual(0);
    expect(first - Date.parse(start)).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.now().getTime()).toBeGreaterThan(first);
    expect(isSettableClock(clock)).toBe(true);
    if (isSettableClock(clock)) clock.set(new Date('2027-04-01T08:00:00Z'));
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse('2027-04-01T08:00:00Z'));
  });

  it('refuses TEST_CLOCK_RUNS without TEST_CLOCK, naming both', () => {
    expect(() => loadConfig({ TEST_CLOCK_RUNS: 'true' })).toThrow(
      /TEST_CLOCK_RUNS: needs TEST_CLOCK/,
    );
  });

  it('follows the real time without TEST_CLOCK', () => {
    const before = Date.now();
    const now = clockFromConfig(loadConfig({})).now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
