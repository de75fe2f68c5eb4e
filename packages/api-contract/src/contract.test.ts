import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BasketSchema,
  BookingSchema,
  PupilCreateSchema,
  CONFLICT_CODES,
  PROBLEM_CODES,
  ProblemSchema,
  SessionSummarySchema,
} from './index.ts';
import { named } from './named.ts';

describe('the API contract', () => {
  it('names its schemas for the OpenAPI document through zod metadata', () => {
    expect(BookingSchema.meta()?.id).toBe('Booking');
    expect(SessionSummarySchema.meta()?.id).toBe('SessionSummary');
  });

  it('survives being evaluated twice in one realm (hot reload, a fresh test module graph)', () => {
    named('ContractTestShape', z.object({ a: z.string() }));
    // zod alone would throw "ID ContractTestShape already exists in the registry".
    const again = named('ContractTestShape', z.object({ a: z.string() }));
    expect(z.globalRegistry._idmap.get('ContractTestShape')).toBe(again);
    expect(again.meta()?.id).toBe('ContractTestShape');
  });

  it('lets a problem carry only a listed code, and every conflict code is one', () => {
    const base = { type: 'about:blank', title: 'Conflict', status: 409, detail: 'No.' };
    expect(ProblemSchema.safeParse({ ...base, code: 'full' }).success).toBe(true);
    expect(ProblemSchema.safeParse({ ...base, code: 'sold-out' }).success).toBe(false);
    for (const code of CONFLICT_CODES) expect(PROBLEM_CODES).toContain(code);
  });

  it('takes pupilIds next to startsAt, optional, distinct', () => {
    const basket = { service: 'gcse', startsAt: ['2027-03-02T19:00:00Z'] };
    expect(BasketSchema.safeParse(basket).success).toBe(true);
    expect(BasketSchema.safeParse({ ...basket, pupilIds: ['a', 'b'] }).success).toBe(true);
    const twice = BasketSchema.safeParse({ ...basket, pupilIds: ['a', 'a'] });
    expect(twice.error?.issues[0]?.path).toEqual(['pupilIds']);
    expect(BasketSchema.safeParse({ ...basket, pupilIds: [] }).success).toBe(false);
  });

  it('asks consent for a pupil under 16 only, naming the consent field', () => {
    const child = { name: 'Ada', yearGroup: 'y10' };
    const refused = PupilCreateSchema.safeParse(child);
    expect(refused.error?.issues.map((i) => i.path)).toEqual([['consent']]);
    expect(PupilCreateSchema.safeParse({ ...child, consent: true }).success).toBe(true);
    expect(PupilCreateSchema.safeParse({ name: 'Bo', yearGroup: 'y12' }).success).toBe(true);
  });
});
