import { describe, expect, it } from 'vitest';
import {
  isServiceCode,
  isSubjectAvailable,
  SERVICE_CODES,
  SERVICES,
  SUBJECT_CODES,
  SUBJECTS,
  serviceFromQuery,
} from './services.ts';

describe('services', () => {
  it('labels the six courses as the booking page shows them', () => {
    expect(SERVICE_CODES.map((code) => SERVICES[code].label)).toEqual([
      'SATs',
      'KS3',
      'GCSE Foundation',
      'GCSE Higher',
      'AS Level',
      'A-Level',
    ]);
  });

  it('states the year groups each course suits, the same for both GCSE tiers', () => {
    expect(SERVICES.sats.years).toBe('Year 6');
    expect(SERVICES.ks3.years).toBe('Years 7-8');
    expect(SERVICES.gcse.years).toBe('Years 9-11');
    expect(SERVICES['gcse-higher'].years).toBe('Years 9-11');
    expect(SERVICES.aslevel.years).toBe('Year 12');
    expect(SERVICES.alevel.years).toBe('Year 13');
  });

  it('keys every service by its own code, all in mathematics', () => {
    for (const code of SERVICE_CODES) {
      expect(SERVICES[code].code).toBe(code);
      expect(SERVICES[code].subject).toBe('mathematics');
    }
  });

  it('recognises exactly the six service codes', () => {
    for (const code of SERVICE_CODES) expect(isServiceCode(code)).toBe(true);
    for (const other of ['science', 'GCSE', 'gcse-foundation', '', 3, null, undefined]) {
      expect(isServiceCode(other)).toBe(false);
    }
  });
});

describe('subjects', () => {
  it('offers only mathematics; English and Science are coming soon', () => {
    expect(SUBJECT_CODES.filter(isSubjectAvailable)).toEqual(['mathematics']);
    expect(SUBJECTS.english.title).toBe('English');
    expect(SUBJECTS.science.available).toBe(false);
  });
});

describe('serviceFromQuery', () => {
  it('preselects each of the six services from ?service=', () => {
    for (const code of SERVICE_CODES) expect(serviceFromQuery(code)).toBe(code);
  });

  it('forgives letter case and surrounding spaces in a shared link', () => {
    expect(serviceFromQuery(' GCSE-Higher ')).toBe('gcse-higher');
  });

  it('preselects nothing for a missing or unknown service', () => {
    expect(serviceFromQuery(null)).toBeUndefined();
    expect(serviceFromQuery(undefined)).toBeUndefined();
    expect(serviceFromQuery('')).toBeUndefined();
    expect(serviceFromQuery('science')).toBeUndefined();
    expect(serviceFromQuery('toString')).toBeUndefined();
  });
});
