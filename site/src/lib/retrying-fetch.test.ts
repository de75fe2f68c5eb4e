// Retries of 502/503/504: bounded, after Retry-After, and never for a request that could book
// or charge twice.
import { describe, expect, it, vi } from 'vitest';
import { fetchWithRetry, isRepeatable, retryAfterMs } from './retrying-fetch.ts';

const busy = (status: number, retryAfter?: string) =>
  new Response('busy', {
    status,
    ...(retryAfter === undefined ? {} : { headers: { 'Retry-After': retryAfter } }),
  });

function service(...answers: Response[]) {
  return vi.fn(async () => answers.shift() ?? new Response('{}', { status: 200 }));
}

describe('fetchWithRetry', () => {
  it('tries a read again after 502, 503 and 504 and returns the answer that worked', async () => {
    const fetchImpl = service(busy(503), busy(502));
    const sleep = vi.fn(async () => {});
    const response = await fetchWithRetry('/api/me', undefined, { fetchImpl, sleep });
    expect(response.status).toBe(200);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('waits as long as Retry-After says', async () => {
    const sleep = vi.fn(async () => {});
    await fetchWithRetry('/api/me', undefined, { fetchImpl: service(busy(503, '2')), sleep });
    expect(sleep).toHaveBeenCalledWith(2000);
  });

  it('stops after three tries and hands back the last refusal', async () => {
    const fetchImpl = service(busy(504), busy(504), busy(504), busy(504));
    const response = await fetchWithRetry('/api/me', undefined, {
      fetchImpl,
      sleep: async () => {},
    });
    expect(response.status).toBe(504);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('gives up at once when Retry-After asks for longer than it will wait', async () => {
    const fetchImpl = service(busy(503, '120'));
    const response = await fetchWithRetry('/api/me', undefined, {
      fetchImpl,
      sleep: async () => {},
    });
    expect(response.status).toBe(503);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('never repeats starting a payment, a booking change or a contact message', async () => {
    for (const path of ['/api/checkout', '/api/me/bookings/b1/reschedule', '/api/contact']) {
      const fetchImpl = service(busy(502));
      const response = await fetchWithRetry(
        path,
        { method: 'POST', body: '{}' },
        { fetchImpl, sleep: async () => {} },
      );
      expect(response.status).toBe(502);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
    }
  });

  it('repeats a change the caller marks repeatable or that carries an Idempotency-Key', async () => {
    const marked = service(busy(503));
    await fetchWithRetry(
      '/api/me',
      { method: 'PATCH', body: '{}' },
      { fetchImpl: marked, sleep: async () => {}, repeatable: true },
    );
    expect(marked).toHaveBeenCalledTimes(2);
    const keyed = service(busy(503));
    await fetchWithRetry(
      '/api/checkout',
      { method: 'POST', body: '{}', headers: { 'Idempotency-Key': 'k1' } },
      { fetchImpl: keyed, sleep: async () => {} },
    );
    expect(keyed).toHaveBeenCalledTimes(2);
  });

  it('does not retry other failures (500, 429, 409)', async () => {
    for (const status of [500, 429, 409]) {
      const fetchImpl = service(busy(status, '1'));
      await fetchWithRetry('/api/me', undefined, { fetchImpl, sleep: async () => {} });
      expect(fetchImpl).toHaveBeenCalledTimes(1);
    }
  });
});

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates, and ignores nonsense', () => {
    const now = Date.parse('2026-11-10T12:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Tue, 10 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Tue, 10 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('isRepeatable', () => {
  it('counts reads as repeatable and other methods only when marked or keyed', () => {
    expect(isRepeatable(undefined)).toBe(true);
    expect(isRepeatable({ method: 'HEAD' })).toBe(true);
    expect(isRepeatable({ method: 'POST' })).toBe(false);
    expect(isRepeatable({ method: 'POST' }, true)).toBe(true);
    expect(isRepeatable({ method: 'DELETE', headers: { 'idempotency-key': 'x' } })).toBe(true);
  });
});
