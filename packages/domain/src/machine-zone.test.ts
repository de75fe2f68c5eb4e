import { describe, expect, it } from 'vitest';

// vitest.config.ts runs every test of this package in America/Santiago, far from London and
// with its own clock changes at midnight, so a rule that reads the machine's zone instead of
// Europe/London fails somewhere. This guards that set-up: every module's tests run under it.
describe('the test run', () => {
  it('runs in America/Santiago, not London or UTC', () => {
    expect(process.env.TZ).toBe('America/Santiago');
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/Santiago');
    // Santiago is 3 or 4 hours behind UTC all year.
    expect([180, 240]).toContain(new Date('2026-01-15T12:00:00Z').getTimezoneOffset());
    expect([180, 240]).toContain(new Date('2026-07-15T12:00:00Z').getTimezoneOffset());
  });
});
