import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seatsLeft } from './seats.ts';

describe('seatsLeft examples', () => {
  it('leaves none in a full session and the rest in one that is not', () => {
    expect(seatsLeft({ capacity: 10, taken: 10 })).toBe(0);
    expect(seatsLeft({ capacity: 10, taken: 7 })).toBe(3);
    expect(seatsLeft({ capacity: 10, taken: 0 })).toBe(10);
  });

  it("gives a family back its own pending hold's and live offer's seats", () => {
    expect(seatsLeft({ capacity: 10, taken: 10 }, { pending: 2 })).toBe(2);
    expect(seatsLeft({ capacity: 10, taken: 10 }, { offered: 1 })).toBe(1);
    expect(seatsLeft({ capacity: 10, taken: 9 }, { pending: 1, offered: 1 })).toBe(3);
  });

  it('leaves none in a session taken past a lowered capacity', () => {
    expect(seatsLeft({ capacity: 8, taken: 10 })).toBe(0);
    expect(seatsLeft({ capacity: 8, taken: 10 }, { pending: 1 })).toBe(0);
    expect(seatsLeft({ capacity: 8, taken: 10 }, { pending: 3 })).toBe(1);
  });

  it('refuses counts that are not whole numbers >= 0', () => {
    expect(() => seatsLeft({ capacity: -1, taken: 0 })).toThrow(RangeError);
    expect(() => seatsLeft({ capacity: 10, taken: 1.5 })).toThrow(RangeError);
    expect(() => seatsLeft({ capacity: 10, taken: 1 }, { offered: Number.NaN })).toThrow(
      RangeError,
    );
  });
});

const count = fc.integer({ min: 0, max: 60 });
/** A session and the family's own seats among those taken. */
const sessionWithOwn = fc
  .record({ capacity: count, othersTaken: count, pending: count, offered: count })
  .map(({ capacity, othersTaken, pending, offered }) => ({
    session: { capacity, taken: othersTaken + pending + offered },
    own: { pending, offered },
    othersTaken,
  }));

describe('seatsLeft properties', () => {
  it('is never below none nor above the capacity', () => {
    fc.assert(
      fc.property(count, count, count, count, (capacity, taken, pending, offered) => {
        const left = seatsLeft({ capacity, taken }, { pending, offered });
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left).toBeLessThanOrEqual(capacity);
      }),
    );
  });

  it('is the capacity less the seats others took, whatever the family holds', () => {
    fc.assert(
      fc.property(sessionWithOwn, ({ session, own, othersTaken }) => {
        expect(seatsLeft(session, own)).toBe(Math.max(0, session.capacity - othersTaken));
      }),
    );
  });

  it('counts a pending hold and a live offer alike', () => {
    fc.assert(
      fc.property(sessionWithOwn, ({ session, own }) => {
        const swapped = { pending: own.offered, offered: own.pending };
        expect(seatsLeft(session, swapped)).toBe(seatsLeft(session, own));
        expect(seatsLeft(session, { pending: own.pending + own.offered })).toBe(
          seatsLeft(session, own),
        );
      }),
    );
  });

  it("never leaves more when another seat is taken, nor fewer when one is the family's", () => {
    fc.assert(
      fc.property(count, count, count, (capacity, taken, pending) => {
        const before = seatsLeft({ capacity, taken }, { pending });
        expect(seatsLeft({ capacity, taken: taken + 1 }, { pending })).toBeLessThanOrEqual(before);
        const more = seatsLeft({ capacity, taken }, { pending: pending + 1 });
        expect(more - before).toBeGreaterThanOrEqual(0);
        expect(more - before).toBeLessThanOrEqual(1);
      }),
    );
  });
});
