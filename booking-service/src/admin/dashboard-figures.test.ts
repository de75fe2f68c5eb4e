import { describe, expect, it } from 'vitest';
import { addMonths, mondayOf } from './dashboard-figures.ts';

describe('mondayOf', () => {
  it('gives the Monday of the week, Sunday belonging to the week before', () => {
    expect(mondayOf('2026-11-02')).toBe('2026-11-02');
    expect(mondayOf('2026-11-08')).toBe('2026-11-02');
    expect(mondayOf('2026-11-09')).toBe('2026-11-09');
    // Across the October clock change and a year end.
    expect(mondayOf('2026-10-25')).toBe('2026-10-19');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });
});

describe('addMonths', () => {
  it('steps months across year ends both ways', () => {
    expect(addMonths('2026-11', -11)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-05', 0)).toBe('2026-05');
  });
});
