import { describe, expect, it } from 'vitest';
import { SERVICE_CODES } from './services.ts';
import {
  courseFitsYearGroup,
  isSixteenOrOver,
  needsParentalConsent,
  yearGroupAllowedFor,
  yearGroupLabel,
} from './pupils.ts';
import { pupilCreateSchema, pupilUpdateSchema } from './pupil-schemas.ts';
import { YEAR_GROUPS } from './validation.ts';

describe('pupils', () => {
  it('counts Years 12 and 13 as 16 or over, and asks consent for Years 6 to 11 only', () => {
    expect(YEAR_GROUPS.filter(isSixteenOrOver)).toEqual(['y12', 'y13']);
    expect(YEAR_GROUPS.filter(needsParentalConsent)).toEqual([
      'y6',
      'y7',
      'y8',
      'y9',
      'y10',
      'y11',
    ]);
    expect(needsParentalConsent(null)).toBe(false);
    expect(isSixteenOrOver(null)).toBe(false);
  });

  it('lets a student account be in Year 12 or 13 only', () => {
    expect(YEAR_GROUPS.filter((y) => yearGroupAllowedFor('student', y))).toEqual(['y12', 'y13']);
    expect(YEAR_GROUPS.every((y) => yearGroupAllowedFor('parent', y))).toBe(true);
  });

  it('fits each course to its years, and an unknown year group to every course', () => {
    expect(courseFitsYearGroup('sats', 'y6')).toBe(true);
    expect(courseFitsYearGroup('ks3', 'y8')).toBe(true);
    expect(courseFitsYearGroup('gcse-higher', 'y11')).toBe(true);
    expect(courseFitsYearGroup('gcse', 'y8')).toBe(false);
    expect(courseFitsYearGroup('aslevel', 'y13')).toBe(false);
    expect(courseFitsYearGroup('alevel', 'y13')).toBe(true);
    for (const service of SERVICE_CODES) expect(courseFitsYearGroup(service, null)).toBe(true);
  });

  it('labels year groups as people write them', () => {
    expect(yearGroupLabel('y10')).toBe('Year 10');
    expect(yearGroupLabel(null)).toBe('Year group not set');
  });

  it('refuses an under-16 pupil without consent, naming consent', () => {
    const result = pupilCreateSchema.safeParse({ name: ' Ada ', yearGroup: 'y9' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['consent']);
    const ok = pupilCreateSchema.parse({
      name: ' Ada ',
      yearGroup: 'y9',
      consent: true,
      email: '',
    });
    expect(ok).toEqual({ name: 'Ada', yearGroup: 'y9', consent: true, email: null });
    expect(pupilCreateSchema.safeParse({ name: 'Bo', yearGroup: 'y13' }).success).toBe(true);
    expect(pupilCreateSchema.safeParse({ name: 'Bo', yearGroup: 'y14' }).success).toBe(false);
    expect(
      pupilCreateSchema.safeParse({ name: 'Bo', yearGroup: 'y12', consent: false }).success,
    ).toBe(false);
  });

  it('needs something to change in an update', () => {
    expect(pupilUpdateSchema.safeParse({}).success).toBe(false);
    expect(pupilUpdateSchema.parse({ email: null })).toEqual({ email: null });
  });
});
