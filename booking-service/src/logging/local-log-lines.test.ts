import { describe, expect, it } from 'vitest';
import { localLogLine } from './local-log-lines.ts';

const at = new Date(2026, 10, 24, 12, 1, 2).getTime();
const json = (entry: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: at, service: 'booking-service', ...entry });

describe('local log lines', () => {
  it('turns a request log into one short line', () => {
    const line = json({
      requestId: 'r1',
      method: 'GET',
      path: '/api/me',
      status: 200,
      ms: 4,
      msg: 'request',
    });
    expect(localLogLine(line)).toBe('12:01:02 GET /api/me 200 4 ms');
  });

  it('leaves out successful requests for built files, but not failed ones', () => {
    const asset = { method: 'GET', path: '/_astro/client.js', ms: 1, msg: 'request' };
    expect(localLogLine(json({ ...asset, status: 200 }))).toBeNull();
    expect(localLogLine(json({ ...asset, status: 404 }))).toBe(
      '12:01:02 GET /_astro/client.js 404 1 ms',
    );
  });

  it('drops other info lines, so the start-up banner stays last', () => {
    expect(localLogLine(json({ msg: 'verification mail queued', userId: 'u1' }))).toBeNull();
  });

  it('keeps warnings and errors with their message and error type, never other fields', () => {
    const line = json({
      level: 50,
      msg: 'unhandled error',
      err: { type: 'TypeError', message: 'x is undefined', stack: 'at …' },
      userId: 'u1',
    });
    expect(localLogLine(line)).toBe('12:01:02 ERROR unhandled error: TypeError: x is undefined');
    expect(localLogLine(json({ level: 40, msg: 'content fetch slow' }))).toBe(
      '12:01:02 WARN content fetch slow',
    );
  });

  it('passes any other output through unchanged (the banner, pnpm’s own lines)', () => {
    expect(localLogLine('Tuition booking site and API: http://localhost:4321')).toBe(
      'Tuition booking site and API: http://localhost:4321',
    );
    expect(localLogLine('{"not":"a log"}')).toBe('{"not":"a log"}');
  });
});
