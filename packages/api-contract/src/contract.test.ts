import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BookingSchema,
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
});
