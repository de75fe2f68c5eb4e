import { describe, expect, it } from 'vitest';
import {
  OneToOneAvailabilityQuerySchema,
  TutorAvailabilityRequestSchema,
  TutorOneToOneRequestSchema,
} from './one-to-one.ts';

const pathOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues[0]?.path;

describe('a tutor availability body', () => {
  const window = { day: 'tue', from: '16:00', to: '19:00' };

  it('takes windows and whole- or part-day exceptions, away by default', () => {
    const body = TutorAvailabilityRequestSchema.parse({
      windows: [window],
      exceptions: [{ date: '2027-03-22' }, { date: '2027-03-23', from: '16:00', to: '17:00' }],
    });
    expect(body.exceptions[0]).toEqual({ date: '2027-03-22', available: false });
  });

  it('refuses times off the quarter hour, an end before its start, and overlapping windows', () => {
    const off = TutorAvailabilityRequestSchema.safeParse({
      windows: [{ ...window, from: '16:10' }],
    });
    expect(pathOf(off)).toEqual(['windows', 0, 'from']);
    const backwards = TutorAvailabilityRequestSchema.safeParse({
      windows: [{ ...window, to: '15:00' }],
    });
    expect(pathOf(backwards)).toEqual(['windows', 0, 'to']);
    const overlap = TutorAvailabilityRequestSchema.safeParse({
      windows: [
        window,
        { day: 'wed', from: '17:00', to: '18:00' },
        { day: 'tue', from: '18:45', to: '20:00' },
      ],
    });
    expect(pathOf(overlap)).toEqual(['windows', 2]);
    const touching = TutorAvailabilityRequestSchema.safeParse({
      windows: [window, { day: 'tue', from: '19:00', to: '20:00' }],
    });
    expect(touching.success).toBe(true);
  });

  it('refuses an exception with only one end, a bad date, or available: true', () => {
    const half = TutorAvailabilityRequestSchema.safeParse({
      windows: [],
      exceptions: [{ date: '2027-03-22', from: '10:00' }],
    });
    expect(pathOf(half)).toEqual(['exceptions', 0, 'from']);
    const date = TutorAvailabilityRequestSchema.safeParse({
      windows: [],
      exceptions: [{ date: '2027-02-30' }],
    });
    expect(pathOf(date)).toEqual(['exceptions', 0, 'date']);
    const extra = TutorAvailabilityRequestSchema.safeParse({
      windows: [],
      exceptions: [{ date: '2027-03-22', available: true }],
    });
    expect(pathOf(extra)).toEqual(['exceptions', 0, 'available']);
  });
});

describe('the 1-to-1 settings and the public query', () => {
  it('refuses a course twice and a rate in pounds', () => {
    expect(
      pathOf(
        TutorOneToOneRequestSchema.safeParse({ services: ['gcse', 'gcse'], ratePencePerHour: 1 }),
      ),
    ).toEqual(['services']);
    expect(
      pathOf(TutorOneToOneRequestSchema.safeParse({ services: [], ratePencePerHour: 25.5 })),
    ).toEqual(['ratePencePerHour']);
  });

  it('reads a lesson length from the query string, only an allowed one', () => {
    expect(
      OneToOneAvailabilityQuerySchema.parse({ service: 'gcse', lengthMinutes: '45' }).lengthMinutes,
    ).toBe(45);
    expect(
      pathOf(OneToOneAvailabilityQuerySchema.safeParse({ service: 'gcse', lengthMinutes: '50' })),
    ).toEqual(['lengthMinutes']);
  });
});
