import { describe, expect, it } from 'vitest';
import { clockFromConfig } from './clock.ts';
import { loadConfig } from './config/env.ts';

describe('clockFromConfig', () => {
  it('fixes "now" at TEST_CLOCK outside production', () => {
    const clock = clockFromConfig(loadConfig({ TEST_CLOCK: '2026-10-25T00:30:00+01:00' }));
    expect(clock.now().toISOString()).toBe('2026-10-24T23:30:00.000Z');
  });

  it('follows the real time without TEST_CLOCK', () => {
    const before = Date.now();
    const now = clockFromConfig(loadConfig({})).now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
