import { describe, expect, it, vi } from 'vitest';
import { waitUntil } from './wait-until.ts';

describe('waitUntil', () => {
  it('resolves once the condition holds, looking again until then', async () => {
    let looks = 0;
    await waitUntil('the third look', () => ++looks === 3, { intervalMs: 1 });
    expect(looks).toBe(3);
  });

  it('waits for an async condition', async () => {
    let looks = 0;
    await waitUntil('the second look', async () => ++looks === 2, { intervalMs: 1 });
    expect(looks).toBe(2);
  });

  it('fails after the deadline, naming what it waited for', async () => {
    await expect(
      waitUntil('pigs fly', () => false, { timeoutMs: 30, intervalMs: 5 }),
    ).rejects.toThrow('Timed out after 30 ms waiting until pigs fly.');
  });

  it('keeps real time while a test fakes the timers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let looks = 0;
      await waitUntil('the second look', () => ++looks === 2, { intervalMs: 1 });
      expect(looks).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
