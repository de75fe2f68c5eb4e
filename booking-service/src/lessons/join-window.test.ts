import { describe, expect, it } from 'vitest';
import { joinPageUrl, joinWindow } from './join-window.ts';

const seat = {
  id: '6f1c1d1e-0000-4000-8000-000000000001',
  status: 'confirmed' as const,
  startsAt: new Date('2026-11-03T19:00:00Z'),
  endsAt: new Date('2026-11-03T20:00:00Z'),
};
const at = (iso: string) => new Date(iso);

describe('the join window', () => {
  it('has no link one second before the window (15:01 before the start)', () => {
    expect(joinWindow(seat, at('2026-11-03T18:44:59Z'))).toEqual({
      opensAt: '2026-11-03T18:45:00.000Z',
      url: null,
    });
  });

  it('gives the site path exactly 15:00 before the start', () => {
    expect(joinWindow(seat, at('2026-11-03T18:45:00Z')).url).toBe(`/join/${seat.id}`);
  });

  it('keeps the link until the end, and none from the end on', () => {
    expect(joinWindow(seat, at('2026-11-03T19:59:59Z')).url).toBe(`/join/${seat.id}`);
    expect(joinWindow(seat, at('2026-11-03T20:00:00Z')).url).toBeNull();
  });

  it('never links a cancelled or moved seat', () => {
    for (const status of ['cancelled', 'rescheduled'] as const) {
      expect(joinWindow({ ...seat, status }, at('2026-11-03T19:10:00Z')).url).toBeNull();
    }
  });

  it('links e-mails and calendar entries to the site join page, never the meeting', () => {
    expect(joinPageUrl('https://example.org', seat.id)).toBe(`https://example.org/join/${seat.id}`);
  });
});
