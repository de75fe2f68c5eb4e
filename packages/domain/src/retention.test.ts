import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ENQUIRY_RETENTION_MONTHS,
  FIXED_RETENTION,
  retentionCutoffs,
  retentionPeriods,
} from './retention.ts';

describe('retention periods', () => {
  it('takes the enquiry period from the settings, else 2 years, and fixes the rest', () => {
    expect(retentionPeriods(18)).toEqual({
      enquiryMonths: 18,
      unverifiedAccountDays: 30,
      mailBodyDays: 90,
      bookingRecordYears: 7,
    });
    expect(DEFAULT_ENQUIRY_RETENTION_MONTHS).toBe(24);
    expect(retentionPeriods(undefined).enquiryMonths).toBe(24);
    expect(retentionPeriods(null).enquiryMonths).toBe(24);
    expect(FIXED_RETENTION).toEqual({
      unverifiedAccountDays: 30,
      mailBodyDays: 90,
      bookingRecordYears: 7,
    });
  });
});

describe('retention cut-offs', () => {
  it('counts each period back from now', () => {
    expect(retentionCutoffs(new Date('2026-11-26T03:00:00Z'), retentionPeriods(24))).toEqual({
      enquiries: new Date('2024-11-26T03:00:00Z'),
      unverifiedAccounts: new Date('2026-10-27T03:00:00Z'),
      mailBodies: new Date('2026-08-28T03:00:00Z'),
      bookingRecords: new Date('2019-11-26T03:00:00Z'),
    });
  });

  it('follows an editor changing the enquiry period', () => {
    const now = new Date('2026-11-26T03:00:00Z');
    expect(retentionCutoffs(now, retentionPeriods(18)).enquiries).toEqual(
      new Date('2025-05-26T03:00:00Z'),
    );
    expect(retentionCutoffs(now, retentionPeriods(1)).enquiries).toEqual(
      new Date('2026-10-26T03:00:00Z'),
    );
  });

  it('counts calendar months in UTC, rolling past the end of a shorter month', () => {
    // A month back from 31 March 2026 is "31 February", which is 3 March.
    expect(
      retentionCutoffs(new Date('2026-03-31T12:00:00Z'), retentionPeriods(1)).enquiries,
    ).toEqual(new Date('2026-03-03T12:00:00Z'));
    // Seven years back from a leap day is 1 March.
    expect(
      retentionCutoffs(new Date('2028-02-29T12:00:00Z'), retentionPeriods(24)).bookingRecords,
    ).toEqual(new Date('2021-03-01T12:00:00Z'));
  });

  it('counts months in UTC just after midnight UTC, whatever the machine zone', () => {
    // 00:30Z on 1 March is still 28 February in Santiago, where the tests run.
    expect(
      retentionCutoffs(new Date('2026-03-01T00:30:00Z'), retentionPeriods(1)).enquiries,
    ).toEqual(new Date('2026-02-01T00:30:00Z'));
  });

  it('counts days as 24 real hours across the clock changes', () => {
    // 90 days back from 26 November crosses the autumn change; the instant moves by 90 × 24 h.
    const now = new Date('2026-11-26T03:00:00Z');
    const { mailBodies, unverifiedAccounts } = retentionCutoffs(now, retentionPeriods(24));
    expect(now.getTime() - mailBodies.getTime()).toBe(90 * 86_400_000);
    expect(now.getTime() - unverifiedAccounts.getTime()).toBe(30 * 86_400_000);
  });
});
